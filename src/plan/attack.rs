//! What a piece takes away, row by row: [`Attacks`]. Each row of a piece's
//! attack comes from the problem's attack geometry in row form
//! ([`crate::problem::geometry::RowForm`]: its column, a diagonal shifted by
//! the row distance, the torus' residues, the leap offsets), turned into bits
//! here, so memory scales with the board, not with cells × rows. Small boards
//! keep a dense table of those same rows, one load per row for the walkers.

use super::Bits;
use crate::problem::Problem;
use crate::problem::geometry::{Hit, RowForm};

/// Largest dense table kept, in bytes (a 64 × 64 board needs 2 MiB).
const DENSE_BYTES: usize = 8 << 20;

/// The attack rows of every cell.
#[derive(Debug, Clone)]
pub(crate) struct Attacks {
    geometry: Geometry,
    /// `dense[(cell * rows + r) * words..]`: the attack of `cell` on row `r`,
    /// when the board is small enough to keep it.
    dense: Option<Vec<u64>>,
}

/// The row form of a piece's geometry, with the torus residues as bits.
#[derive(Debug, Clone)]
struct Geometry {
    form: RowForm,
    words: usize,
    /// On a torus, `residues[k * words..]`: the columns `c` with `c % g == k`,
    /// `g = gcd(rows, cols)` (where a wrapped diagonal meets a row).
    residues: Vec<u64>,
}

impl Attacks {
    /// The attacks of `p`'s piece, with rows of `words` words.
    pub(crate) fn new(p: &Problem, words: usize) -> Attacks {
        let form = p.geometry().row_form();
        let g = form.period;
        let wrap_lines = p.wrap && (p.piece.lines.diagonal || p.piece.lines.anti_diagonal);
        let mut residues = vec![0u64; if wrap_lines { g * words } else { 0 }];
        if wrap_lines {
            for c in 0..p.cols {
                residues[(c % g) * words + c / 64] |= 1 << (c % 64);
            }
        }
        let geometry = Geometry {
            form,
            words,
            residues,
        };
        let cells = p.rows * p.cols;
        let dense =
            (cells.saturating_mul(p.rows).saturating_mul(words * 8) <= DENSE_BYTES).then(|| {
                let mut table = vec![0u64; cells * p.rows * words];
                for cell in 0..cells {
                    for r in 0..p.rows {
                        let at = (cell * p.rows + r) * words;
                        geometry.row_into(cell, r, &mut table[at..at + words]);
                    }
                }
                table
            });
        Attacks { geometry, dense }
    }

    /// `dst[r] = src[r] | (the attack of cell on row r)` for each `r` in
    /// `rows`: the step a walker takes when it places a piece.
    #[inline]
    pub(crate) fn apply<const W: usize>(
        &self,
        cell: usize,
        rows: std::ops::Range<usize>,
        src: &[Bits<W>],
        dst: &mut [Bits<W>],
    ) {
        let n = self.geometry.form.rows;
        match &self.dense {
            Some(table) => {
                let t = &table[(cell * n + rows.start) * W..(cell + 1) * n * W];
                let rows = rows.start..rows.end.min(n);
                for ((d, s), a) in dst[rows.clone()]
                    .iter_mut()
                    .zip(&src[rows])
                    .zip(t.chunks_exact(W))
                {
                    *d = *s | Bits::load(a);
                }
            }
            None => {
                for r in rows {
                    let mut row = src[r];
                    self.geometry.row_into(cell, r, &mut row.0);
                    dst[r] = row;
                }
            }
        }
    }

    /// ORs the attack of `cell` on row `r` into `out`, one row of words.
    pub(crate) fn or_row(&self, cell: usize, r: usize, out: &mut [u64]) {
        self.geometry.row_into(cell, r, out);
    }

    /// The same attacks without the dense table, as large boards have them.
    #[cfg(test)]
    pub(crate) fn without_table(mut self) -> Attacks {
        self.dense = None;
        self
    }
}

impl Geometry {
    /// ORs the attack of `cell` on row `r` into `out` (`words` words).
    #[inline]
    fn row_into(&self, cell: usize, r: usize, out: &mut [u64]) {
        let cols = self.form.cols;
        self.form
            .hits((cell / cols, cell % cols), r, |hit| match hit {
                Hit::Row => {
                    for c in (0..cols).step_by(64) {
                        let n = (cols - c).min(64);
                        out[c / 64] |= if n == 64 { !0 } else { (1 << n) - 1 };
                    }
                }
                Hit::Column(c) => set(out, c),
                Hit::Residue(k) => {
                    let words = self.words;
                    for (o, m) in out.iter_mut().zip(&self.residues[k * words..]) {
                        *o |= m;
                    }
                }
            });
    }
}

/// Adds column `c` to a row of words.
#[inline]
fn set(out: &mut [u64], c: usize) {
    out[c / 64] |= 1 << (c % 64);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Bindings;
    use crate::spec::RuleSpec;

    fn problem(text: &str) -> Problem {
        let spec = RuleSpec::parse("t.toml", text).unwrap();
        Problem::bind(&spec, &Bindings::default()).unwrap()
    }

    /// Each row of every cell's attack is the problem's own attack relation,
    /// on plain boards and tori, square and not, across word boundaries.
    #[test]
    fn rows_match_the_attack_relation() {
        let lines = [
            "[\"row\", \"column\", \"diagonal\", \"anti-diagonal\"]",
            "[\"diagonal\"]",
            "[\"anti-diagonal\", \"column\"]",
            "[]",
        ];
        for (rows, cols) in [(4, 4), (3, 5), (6, 4), (5, 5), (2, 66), (3, 130), (70, 3)] {
            for wrap in [false, true] {
                for (k, l) in lines.iter().enumerate() {
                    let leaps = ["[]", "[\"knight\"]", "[\"king\", [0, 3]]"][k % 3];
                    let p = problem(&format!(
                        "name = \"x\"\n[board]\nrows = {rows}\ncols = {cols}\nwrap = {wrap}\n\
                         [piece]\ncount = 1\nlines = {l}\nleaps = {leaps}\n"
                    ));
                    let words = super::super::words_for(cols).unwrap();
                    let attacks = Attacks::new(&p, words).without_table();
                    for a in 0..p.cells() {
                        for r in 0..rows {
                            let mut row = vec![0u64; words];
                            attacks.geometry.row_into(a, r, &mut row);
                            for c in 0..64 * words {
                                let b = r * cols + c;
                                let expect = c < cols && (a == b || p.attacks(a, b));
                                let got = row[c / 64] >> (c % 64) & 1 == 1;
                                assert_eq!(
                                    got, expect,
                                    "{rows}x{cols} wrap {wrap} {l} {leaps}: {a} -> ({r}, {c})"
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}
