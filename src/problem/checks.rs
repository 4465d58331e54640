//! Checks on a bound problem: rules that cannot be met (not an error: the
//! count is 0), given pieces that break the rules, and the memory a search
//! would take.

use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::Arc;

use super::MEMORY_BUDGET;
use super::model::{Family, Problem};
use crate::error::{Diagnostic, Kind, Source};

impl Problem {
    /// Why no placement can meet the rules, when simple counting shows it: more
    /// pieces than free cells, a group minimum its free cells cannot hold, a
    /// piece count the groups or lines (rows, columns, diagonals) cannot take. Such rules are not wrong,
    /// they just have no solution: counts are 0 (see docs/COUNTING.md).
    pub fn unmeetable(&self) -> Option<String> {
        let count = self.piece.count;
        let free = self.holes.iter().filter(|h| !**h).count();
        if count > free {
            return Some(format!(
                "piece.count is {count}, but the board has {free} free cell{}",
                plural(free)
            ));
        }
        let mut families: Vec<(Family, usize, usize)> = self
            .groups
            .iter()
            .map(|g| (g.family, g.min, g.max))
            .collect();
        if self.piece.lines.row {
            families.push((Family::Row, 0, 1));
        }
        if self.piece.lines.column {
            families.push((Family::Column, 0, 1));
        }
        if self.piece.lines.diagonal {
            families.push((Family::Diagonal, 0, 1));
        }
        if self.piece.lines.anti_diagonal {
            families.push((Family::AntiDiagonal, 0, 1));
        }
        families.into_iter().find_map(|(family, min, max)| {
            let groups = self.group_count(family);
            let mut size = vec![0usize; groups];
            let mut outside = 0;
            for cell in (0..self.cells()).filter(|&c| !self.holes[c]) {
                match self.group_of(family, cell) {
                    Some(g) => size[g] += 1,
                    None => outside += 1,
                }
            }
            let what = family.name();
            if let Some(g) = size.iter().position(|&s| s < min) {
                let name = match (&self.regions, family) {
                    (Some(r), Family::Region) => format!("region `{}`", r.names[g]),
                    _ => format!("{what} {}", g + 1),
                };
                return Some(format!(
                    "each {what} needs at least {min} piece{}, but {name} has only {} free cell{}",
                    plural(min),
                    size[g],
                    plural(size[g])
                ));
            }
            let low = min.saturating_mul(groups);
            let high = size.iter().map(|&s| s.min(max)).sum::<usize>() + outside;
            if count < low {
                Some(format!(
                    "piece.count is {count}, but {groups} {what}s need at least {min} each, {low} in all"
                ))
            } else if count > high {
                Some(format!(
                    "piece.count is {count}, but the {what}s hold at most {high} piece{} in all",
                    plural(high)
                ))
            } else {
                None
            }
        })
    }
}

/// What a search of a problem takes in memory, in bytes (estimated from the
/// board, as the plan stage lays it out).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Memory {
    /// The compiled plan: attack tables, group masks, symmetry maps.
    pub plan: u64,
    /// One walker's stacks: every thread that counts has its own.
    pub walker: u64,
}

impl Problem {
    /// The memory a search of this problem takes, estimated from above.
    pub fn memory(&self) -> Memory {
        let (rows, cols, cells) = (self.rows as u64, self.cols as u64, self.cells() as u64);
        let row_bytes = 8 * (cols.div_ceil(64).next_power_of_two());
        let board = rows * row_bytes;
        let pieces = self
            .piece
            .count
            .saturating_sub(self.givens.len())
            .min(self.cells()) as u64;
        // Group masks: each instance spans at most every row; rows and columns
        // that must hold one piece each may be added as groups.
        let instances: u64 = if self.groups.is_empty() {
            0
        } else {
            let families = self
                .groups
                .iter()
                .map(|g| self.group_count(g.family) as u64);
            families.sum::<u64>() + rows + cols
        };
        // The plan keeps a dense attack table only up to 8 MiB.
        let dense = (cells * board).min(8 << 20);
        // Symmetry maps: up to 8 of a word per cell; the problem's and the
        // plan's per-cell vectors: well under 64 bytes a cell.
        let plan = dense + instances * board + 8 * 8 * cells + 64 * cells;
        // The unit walker (groups, or `--first` on one-per-row rules) keeps two.
        let lines = self.piece.lines;
        let units = (lines.row && self.piece.count == self.rows)
            || (lines.column && self.piece.count == self.cols);
        let stacks = if self.groups.is_empty() && !units {
            1
        } else {
            2
        };
        Memory {
            plan: plan + 4 * board,
            walker: (pieces + 1).saturating_mul(board).saturating_mul(stacks),
        }
    }
}

/// Where a given piece was drawn: its picture and token, by cell.
pub(super) type GivenSpans = BTreeMap<usize, (Arc<Source>, Range<usize>)>;

/// Refuses given pieces that attack each other, overfill a group, or
/// outnumber the pieces; `src` is the rule file, `spans` where each was drawn.
pub(super) fn check_givens(
    src: &Arc<Source>,
    p: &Problem,
    spans: &GivenSpans,
) -> Result<(), Diagnostic> {
    let locate = |cell: usize| {
        spans.get(&cell).map_or_else(
            || (src.clone(), None),
            |(s, sp)| (s.clone(), Some(sp.clone())),
        )
    };
    for (i, &a) in p.givens.iter().enumerate() {
        for &b in &p.givens[i + 1..] {
            if p.attacks(a, b) {
                let (source, span) = locate(b);
                let ((ra, ca), (rb, cb)) = (p.coords(a), p.coords(b));
                return Err(Diagnostic::at(
                    format!(
                        "the given pieces at ({}, {}) and ({}, {}) attack each other",
                        ra + 1,
                        ca + 1,
                        rb + 1,
                        cb + 1
                    ),
                    &source,
                    span,
                ));
            }
        }
    }
    for (g, group) in p.groups.iter().enumerate() {
        let mut held = vec![0usize; p.group_count(group.family)];
        for &cell in &p.givens {
            let Some(k) = p.group_of(group.family, cell) else {
                continue;
            };
            held[k] += 1;
            if held[k] > group.max {
                let what = group.family.name();
                let (source, span) = locate(cell);
                return Err(Diagnostic::at(
                        format!(
                            "the given pieces put {} pieces in {what} {}, but each {what} takes at most {}",
                            held[k],
                            k + 1,
                            group.max
                        ),
                        &source,
                        span,
                    )
                    .with_help(format!(
                        "remove a given piece, or raise the max of [[group]] {} (of = \"{what}\")",
                        g + 1
                    )));
            }
        }
    }
    if p.givens.len() > p.piece.count {
        let (source, span) = locate(p.givens[p.piece.count]);
        return Err(Diagnostic::at(
            format!(
                "{} given pieces, but piece.count is {}",
                p.givens.len(),
                p.piece.count
            ),
            &source,
            span,
        ));
    }
    Ok(())
}

/// Refuses problems whose search would take more than [`MEMORY_BUDGET`],
/// pointing at `count_span` in `src`.
pub(super) fn check_memory(
    src: &Arc<Source>,
    p: &Problem,
    count_span: &Range<usize>,
) -> Result<(), Diagnostic> {
    let m = p.memory();
    if m.plan + m.walker <= MEMORY_BUDGET {
        return Ok(());
    }
    let mib = |b: u64| b.div_ceil(1 << 20);
    Err(Diagnostic::at(
                format!(
                    "the search needs about {} MiB ({} MiB of plan, {} MiB of stacks for {} pieces on {} rows of {} columns), more than its {} MiB budget",
                    mib(m.plan + m.walker),
                    mib(m.plan),
                    mib(m.walker),
                    p.piece.count,
                    p.rows,
                    p.cols,
                    mib(MEMORY_BUDGET)
                ),
                src,
                Some(count_span.clone()),
            )
            .of(Kind::TooBig)
            .with_help("the search keeps one row set per board row for each piece placed: use fewer pieces, fewer rows or fewer groups"))
}

/// `"s"` unless `n` is 1.
fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
