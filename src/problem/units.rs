//! The counted families of a problem, derived once: which rows, columns,
//! diagonals and regions bound the pieces they hold, and how. Every engine
//! lays this one list out in its own form — the plan's groups, the
//! propagating search's units, the hint engine's units, the row-frontier
//! DP's instances — so they agree on what a unit is.

use super::model::{Family, Problem};

/// A family whose every group (each row, each region, …) holds between `min`
/// and `max` pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounded {
    /// The family.
    pub family: Family,
    /// At least this many pieces in each group, whatever the piece count.
    pub min: usize,
    /// At most this many pieces in each group.
    pub max: usize,
    /// Whether a group rule of the rule file names the family (otherwise
    /// only the piece's line does, which keeps at most one piece on it).
    pub grouped: bool,
    /// Rows or columns whose maxima add up to the piece count: with that
    /// count every one of them holds its maximum.
    pub fills: bool,
}

impl Bounded {
    /// At least this many pieces in each group with the problem's piece count.
    pub fn least(&self) -> usize {
        if self.fills {
            self.min.max(self.max)
        } else {
            self.min
        }
    }

    /// Every group holds exactly as many pieces as the others, with the
    /// problem's piece count.
    pub fn is_exact(&self) -> bool {
        self.least() == self.max
    }
}

impl Problem {
    /// Each counted family once, group rules first (in rule-file order), then
    /// the piece's lines that no group rule names (row, column, diagonal,
    /// anti-diagonal).
    ///
    /// A piece's line gives "at most one"; a group rule of the same family
    /// narrows the bounds. Rows and columns split the whole board, so when
    /// their maxima add up to the piece count (one piece per row and `n`
    /// pieces on `n` rows) every row (column) holds exactly its maximum
    /// ([`Bounded::fills`], [`Bounded::least`]); `min` stays the bound for
    /// any count, as a count of every number of pieces at once needs.
    ///
    /// ```
    /// use placer::problem::Family;
    /// use placer::{Bindings, Problem, RuleSpec};
    ///
    /// let spec = RuleSpec::resolve("queens").unwrap();
    /// let queens = Problem::bind(&spec, &Bindings::default()).unwrap();
    /// let rows = queens.bounded_families()[0];
    /// assert_eq!((rows.family, rows.least(), rows.max), (Family::Row, 1, 1));
    /// let diagonals = queens.bounded_families()[2];
    /// assert_eq!((diagonals.family, diagonals.min, diagonals.max), (Family::Diagonal, 0, 1));
    /// ```
    pub fn bounded_families(&self) -> Vec<Bounded> {
        let mut out: Vec<Bounded> = Vec::new();
        for g in &self.groups {
            match out.iter_mut().find(|b| b.family == g.family) {
                Some(b) => {
                    b.min = b.min.max(g.min);
                    b.max = b.max.min(g.max);
                }
                None => out.push(Bounded {
                    family: g.family,
                    min: g.min,
                    max: g.max,
                    grouped: true,
                    fills: false,
                }),
            }
        }
        let l = self.piece.lines;
        for (on, family) in [
            (l.row, Family::Row),
            (l.column, Family::Column),
            (l.diagonal, Family::Diagonal),
            (l.anti_diagonal, Family::AntiDiagonal),
        ] {
            if !on {
                continue;
            }
            match out.iter_mut().find(|b| b.family == family) {
                Some(b) => b.max = b.max.min(1),
                None => out.push(Bounded {
                    family,
                    min: 0,
                    max: 1,
                    grouped: false,
                    fills: false,
                }),
            }
        }
        for b in &mut out {
            let lines = match b.family {
                Family::Row => self.rows,
                Family::Column => self.cols,
                _ => continue,
            };
            b.fills = b.max.checked_mul(lines) == Some(self.piece.count);
        }
        out
    }
}
