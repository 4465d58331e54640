//! A bound for the row walk: pieces that may not share a column or a
//! diagonal each take a line of every such family, so the pieces still
//! needed can be no more than the lines of each family that still have an
//! open cell.
//!
//! ```text
//! bishops, 4×4, after B at (0,1):   . B . .    lines `\` still open: 6 of 7
//!   x: cells on its diagonals        x . x .    lines `/` still open: 6 of 7
//!                                    . . . x    6 bishops still needed: fits
//! ```
//!
//! Splitting the lines further, by the board's colours (no bishop line
//! crosses colours), bounds tighter but costs more than it saves: bishops
//! 22×22 `--first` took 0.86 s with it against 0.36 s without.

use crate::problem::{Family, Problem};

/// The line families a walk bounds with, and scratch to count open lines.
pub(super) struct Lines {
    /// `of_cell[f][cell]`: the cell's line of family `f`.
    of_cell: Vec<Vec<u32>>,
    /// Lines of each family.
    count: Vec<usize>,
    /// Scratch: a bit for each line seen.
    seen: Vec<u64>,
}

impl Lines {
    /// The lines of `problem`'s piece when rows are not lines: columns,
    /// `\` and `/` diagonals.
    pub(super) fn of(problem: &Problem) -> Lines {
        let lines = problem.piece.lines;
        // With rows as lines too, one piece per row: the row caps bound
        // well, and this bound's scan of every open cell would cost more
        // than it cuts (queens 70×70's estimate: 2.2 s against 0.3 s).
        let free = !lines.row;
        let families = [
            (lines.column && free, Family::Column),
            (lines.diagonal && free, Family::Diagonal),
            (lines.anti_diagonal && free, Family::AntiDiagonal),
        ];
        let of_cell: Vec<Vec<u32>> = families
            .iter()
            .filter(|(on, _)| *on)
            .filter_map(|&(_, family)| {
                (0..problem.cells())
                    .map(|c| {
                        problem
                            .group_of(family, c)
                            .and_then(|g| u32::try_from(g).ok())
                    })
                    .collect()
            })
            .collect();
        let count: Vec<usize> = of_cell
            .iter()
            .map(|of| of.iter().max().map_or(0, |&m| m as usize + 1))
            .collect();
        let most = count.iter().copied().max().unwrap_or(0);
        Lines {
            seen: vec![0; most.div_ceil(64)],
            of_cell,
            count,
        }
    }

    /// The families, by index.
    pub(super) fn families(&self) -> std::ops::Range<usize> {
        0..self.of_cell.len()
    }

    /// How many lines family `f` has.
    pub(super) fn count(&self, f: usize) -> usize {
        self.count[f]
    }

    /// Forgets the lines seen.
    pub(super) fn clear(&mut self) {
        self.seen.fill(0);
    }

    /// Marks the line of family `f` through `cell` as seen; whether it is new.
    #[inline]
    pub(super) fn mark(&mut self, f: usize, cell: usize) -> bool {
        let l = self.of_cell[f][cell] as usize;
        let (w, b) = (l / 64, 1u64 << (l % 64));
        let new = self.seen[w] & b == 0;
        self.seen[w] |= b;
        new
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::{RuleSpec, builtin};

    fn bind(rule: &str, n: i64) -> Problem {
        let spec = RuleSpec::parse(rule, builtin(rule).unwrap().text).unwrap();
        let bindings = crate::problem::Bindings {
            set: vec![("n".into(), n)],
            regions: None,
            cells: None,
        };
        Problem::bind(&spec, &bindings).unwrap()
    }

    #[test]
    fn bishops_count_their_diagonals() {
        for n in 2..=9 {
            let mut lines = Lines::of(&bind("bishops", n));
            assert_eq!(lines.families(), 0..2);
            for f in lines.families() {
                assert_eq!(lines.count(f), 2 * n as usize - 1);
                lines.clear();
                let new = (0..(n * n) as usize).filter(|&c| lines.mark(f, c)).count();
                assert_eq!(new, 2 * n as usize - 1);
            }
        }
        // kings have no lines: nothing to bound
        assert!(Lines::of(&bind("kings", 5)).families().is_empty());
    }
}
