//! The attack geometry, defined once: which cells a piece takes away through
//! its lines (row, column, the two diagonals, wrapping on a torus) and its
//! leaps (every mirror image of each offset), and how the board's lines are
//! numbered. The problem's pairwise relation ([`Geometry::attacks`]) is the
//! meaning; the row form ([`RowForm`]) is what the plan's attack tables and
//! the permutation kernel's rules are built from, and a test here checks that
//! the two agree cell for cell.
//!
//! ```text
//! . . . . .      a queen on a 5 × 5 torus: the `\` diagonal through its cell
//! . . x . .      wraps around both edges; on a board whose sides share a
//! . . . Q .      factor g = gcd(rows, cols) a wrapped diagonal meets each row
//! . . . . x      in the columns of one residue class mod g
//! x . . . .
//! ```

use super::model::{Family, Lines};

/// A piece's lines and leaps on its board, borrowed from a problem
/// ([`super::Problem::geometry`]) or built from a rule's parts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geometry<'a> {
    /// Board height.
    pub rows: usize,
    /// Board width.
    pub cols: usize,
    /// Lines and leaps wrap around the edges (a torus).
    pub wrap: bool,
    /// Line families no two pieces share.
    pub lines: Lines,
    /// Leaps `(a, b)`; all 8 mirror images attack.
    pub leaps: &'a [(usize, usize)],
}

/// What a piece takes away in one row (see [`RowForm::hits`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hit {
    /// Every cell of the row.
    Row,
    /// One column.
    Column(usize),
    /// On a torus, every column `c` with `c % period == k`: where a wrapped
    /// diagonal meets the row.
    Residue(usize),
}

/// The 8 mirror images of the leap `(a, b)`: `(±a, ±b)` and `(±b, ±a)`, as
/// (row, column) offsets, repeats included.
fn mirrors((a, b): (usize, usize)) -> [(i64, i64); 8] {
    let (a, b) = (a as i64, b as i64);
    [
        (a, b),
        (a, -b),
        (-a, b),
        (-a, -b),
        (b, a),
        (b, -a),
        (-b, a),
        (-b, -a),
    ]
}

impl Geometry<'_> {
    /// `gcd(rows, cols)`: on a torus, how many wrapped diagonals of each
    /// family the board has (residues of `row ∓ col`).
    pub fn period(&self) -> usize {
        gcd(self.rows, self.cols)
    }

    /// Every leap offset `(row, column)`, each mirror image once, no `(0, 0)`,
    /// in increasing order.
    pub fn offsets(&self) -> Vec<(i64, i64)> {
        let mut out: Vec<(i64, i64)> = self
            .leaps
            .iter()
            .flat_map(|&leap| mirrors(leap))
            .filter(|&o| o != (0, 0))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The cells (row, column) one leap takes a piece on `from` to, each
    /// once, in increasing order; around the edges on a torus (where a leap
    /// may wrap back onto `from` itself).
    pub fn leap_cells(&self, (r, c): (usize, usize)) -> Vec<(usize, usize)> {
        let (rows, cols) = (self.rows as i64, self.cols as i64);
        let mut out: Vec<(usize, usize)> = self
            .offsets()
            .into_iter()
            .filter_map(|(dr, dc)| {
                let (tr, tc) = (r as i64 + dr, c as i64 + dc);
                if self.wrap {
                    Some((tr.rem_euclid(rows), tc.rem_euclid(cols)))
                } else {
                    ((0..rows).contains(&tr) && (0..cols).contains(&tc)).then_some((tr, tc))
                }
            })
            .map(|(tr, tc)| (tr as usize, tc as usize))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Whether the offset `(dr, dc)` joins two cells on one of the piece's
    /// lines (on a torus, around the edges too). `(0, 0)` is on every line.
    pub fn on_line(&self, dr: i64, dc: i64) -> bool {
        let l = self.lines;
        let g = self.period() as i64;
        let same = |x: i64| {
            if self.wrap {
                x.rem_euclid(g) == 0
            } else {
                x == 0
            }
        };
        let (row, col) = if self.wrap {
            (
                dr.rem_euclid(self.rows as i64) == 0,
                dc.rem_euclid(self.cols as i64) == 0,
            )
        } else {
            (dr == 0, dc == 0)
        };
        (l.row && row)
            || (l.column && col)
            || (l.diagonal && same(dr - dc))
            || (l.anti_diagonal && same(dr + dc))
    }

    /// Whether pieces on `a` and `b` (row, column; `a ≠ b`) attack each other:
    /// they share a line, or one leap takes one to the other.
    pub fn attacks(&self, a: (usize, usize), b: (usize, usize)) -> bool {
        let (dr, dc) = (b.0 as i64 - a.0 as i64, b.1 as i64 - a.1 as i64);
        if self.on_line(dr, dc) {
            return true;
        }
        let equal = |d: i64, e: i64, m: usize| {
            if self.wrap {
                (d - e).rem_euclid(m as i64) == 0
            } else {
                d == e
            }
        };
        self.leaps.iter().any(|&leap| {
            mirrors(leap)
                .iter()
                .any(|&(x, y)| equal(dr, x, self.rows) && equal(dc, y, self.cols))
        })
    }

    /// The number of the line of `family` through (`r`, `c`): rows and
    /// columns by index, diagonals from the top right (`\`) or top left (`/`)
    /// corner, on a torus by residue mod [`Geometry::period`]. `None` for
    /// regions, which are not lines.
    pub fn line(&self, family: Family, r: usize, c: usize) -> Option<usize> {
        let g = self.period();
        Some(match family {
            Family::Row => r,
            Family::Column => c,
            Family::Diagonal if self.wrap => (r + g * self.cols - c) % g,
            Family::Diagonal => r + self.cols - 1 - c,
            Family::AntiDiagonal if self.wrap => (r + c) % g,
            Family::AntiDiagonal => r + c,
            Family::Region => return None,
        })
    }

    /// The row form of this geometry, for building tables.
    pub fn row_form(&self) -> RowForm {
        RowForm {
            rows: self.rows,
            cols: self.cols,
            wrap: self.wrap,
            lines: self.lines,
            period: self.period(),
            offsets: self.offsets(),
        }
    }
}

/// A geometry as the cells it takes away row by row, with its leap offsets
/// expanded once, so that asking for a row allocates nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowForm {
    /// Board height.
    pub rows: usize,
    /// Board width.
    pub cols: usize,
    /// A torus.
    pub wrap: bool,
    /// The piece's lines.
    pub lines: Lines,
    /// `gcd(rows, cols)`: the modulus of [`Hit::Residue`].
    pub period: usize,
    /// Every leap offset (see [`Geometry::offsets`]).
    pub offsets: Vec<(i64, i64)>,
}

impl RowForm {
    /// Calls `hit` with what a piece on (`r0`, `c0`) takes away in row `r`,
    /// its own cell included; a column may come more than once.
    #[inline]
    pub fn hits(&self, (r0, c0): (usize, usize), r: usize, mut hit: impl FnMut(Hit)) {
        let l = self.lines;
        if r == r0 {
            if l.row {
                hit(Hit::Row);
            }
            hit(Hit::Column(c0));
        }
        if l.column {
            hit(Hit::Column(c0));
        }
        let dr = r as i64 - r0 as i64;
        let (cols, c0) = (self.cols as i64, c0 as i64);
        for (on, c) in [(l.diagonal, c0 + dr), (l.anti_diagonal, c0 - dr)] {
            if !on {
                continue;
            }
            if self.wrap {
                hit(Hit::Residue(c.rem_euclid(self.period as i64) as usize));
            } else if (0..cols).contains(&c) {
                hit(Hit::Column(c as usize));
            }
        }
        let rows = self.rows as i64;
        for &(lr, lc) in &self.offsets {
            let (tr, tc) = (r0 as i64 + lr, c0 + lc);
            if self.wrap {
                if tr.rem_euclid(rows) == r as i64 {
                    hit(Hit::Column(tc.rem_euclid(cols) as usize));
                }
            } else if tr == r as i64 && (0..cols).contains(&tc) {
                hit(Hit::Column(tc as usize));
            }
        }
    }

    /// The cells (row, column) a piece on `from` takes away, itself included,
    /// each once, in row-major order.
    pub fn cells(&self, from: (usize, usize)) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut row = vec![false; self.cols];
        for r in 0..self.rows {
            row.fill(false);
            self.hits(from, r, |h| match h {
                Hit::Row => row.fill(true),
                Hit::Column(c) => row[c] = true,
                Hit::Residue(k) => {
                    for c in (k..self.cols).step_by(self.period) {
                        row[c] = true;
                    }
                }
            });
            out.extend((0..self.cols).filter(|&c| row[c]).map(|c| (r, c)));
        }
        out
    }
}

/// Greatest common divisor.
pub fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The cells next to `cell`, edge to edge, on a rows × cols board.
pub fn neighbours(rows: usize, cols: usize, cell: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / cols, cell % cols);
    [
        (r.wrapping_sub(1), c),
        (r + 1, c),
        (r, c.wrapping_sub(1)),
        (r, c + 1),
    ]
    .into_iter()
    .filter(move |&(r, c)| r < rows && c < cols)
    .map(move |(r, c)| r * cols + c)
}

/// Whether the cells with `member` form one edge-connected piece (false when
/// there are none).
pub fn is_connected(rows: usize, cols: usize, member: impl Fn(usize) -> bool) -> bool {
    let cells = rows * cols;
    let Some(start) = (0..cells).find(|&c| member(c)) else {
        return false;
    };
    let mut seen = vec![false; cells];
    let mut stack = vec![start];
    seen[start] = true;
    let mut reached = 1;
    while let Some(c) = stack.pop() {
        for n in neighbours(rows, cols, c) {
            if member(n) && !seen[n] {
                seen[n] = true;
                reached += 1;
                stack.push(n);
            }
        }
    }
    reached == (0..cells).filter(|&c| member(c)).count()
}

#[cfg(test)]
mod tests;
