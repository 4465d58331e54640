//! 2×2 capacity: the cells of a 2×2 block all touch each other, so a block
//! holds at most one piece. A unit whose open cells fit in m blocks holds at
//! most m more pieces; when it needs exactly m, every block holds one of its
//! pieces. Then a block with one open cell of the unit gets the piece, and a
//! cell that touches all of a block's open cells of the unit is empty.

use super::blocks::cells_apart;
use super::{Board, Mark, Step, Technique, step};
use crate::engine::propagate::{attacking_all, lines_of};

/// The first unit (or pair of neighbouring rows or columns) whose 2×2
/// cover makes progress.
pub fn capacity(b: &Board) -> Option<Step> {
    areas(b).find_map(|area| {
        let (verb, its) = area.wording();
        let (open, need) = (&area.open, area.need);
        if need < 1 || open.len() as isize <= need || at_least(b, open) > need as usize {
            return None;
        }
        // No cover exists then, so the search would find none either.
        if cells_apart(b, open) > need as usize {
            return None;
        }
        let mut blocks = Vec::new();
        let mut nodes = COVER_NODES;
        let found = cover(b, open, need as usize, &mut blocks, &mut nodes);
        if !found || blocks.len() as isize != need {
            return None;
        }
        let groups: Vec<String> = blocks
            .iter()
            .map(|bl| format!("[{}]", b.list(&mine(open, bl))))
            .collect();
        let reason = format!(
            "{} {verb} {} and {its} open cells fit in {} 2×2 blocks {}, each holding at most one: every block holds one of {its} {}s",
            area.name(b),
            b.pieces(need),
            blocks.len(),
            groups.join(" "),
            b.problem.piece.name
        );
        deduce(b, Technique::Capacity, reason, open, &blocks)
    })
}

/// The first unit (or pair of neighbouring rows or columns) that needs more
/// pieces than its open cells' 2×2 blocks can hold, and why.
pub fn overfull(b: &Board) -> Option<String> {
    areas(b).find_map(|a| {
        let need = a.need;
        if need < 2 || a.open.len() as isize <= need || at_least(b, &a.open) >= need as usize {
            return None;
        }
        if cells_apart(b, &a.open) >= need as usize {
            return None;
        }
        let mut blocks = Vec::new();
        let mut nodes = COVER_NODES;
        cover(b, &a.open, need as usize - 1, &mut blocks, &mut nodes).then(|| {
            let (verb, its) = a.wording();
            let fit = match blocks.len() {
                1 => "one 2×2 block, holding".to_string(),
                n => format!("{n} 2×2 blocks, each holding"),
            };
            format!(
                "{} {verb} {} but {its} open cells fit in {fit} at most one",
                a.name(b),
                b.pieces(need)
            )
        })
    })
}

/// Cells that together need some pieces: the open cells of unit `unit`,
/// or with `pair` of it and the next line.
struct Area {
    unit: usize,
    /// Two lines rather than one unit.
    pair: bool,
    open: Vec<usize>,
    need: isize,
}

impl Area {
    /// `region B`, `rows 3 and 4`.
    fn name(&self, b: &Board) -> String {
        if !self.pair {
            return b.name(self.unit);
        }
        let unit = &b.units[self.unit];
        let i = unit.index + 1;
        format!("{}s {i} and {}", unit.family.name(), i + 1)
    }

    /// The verb and possessive that go with the area's name.
    fn wording(&self) -> (&'static str, &'static str) {
        if self.pair {
            ("need", "their")
        } else {
            ("needs", "its")
        }
    }
}

/// Each unit, then each pair of neighbouring rows and of neighbouring
/// columns, that needs a piece among more open cells than it needs and at
/// most four times as many: others fit in no fewer 2×2 blocks than they
/// need pieces, where neither [`capacity`] nor [`overfull`] finds anything.
fn areas<'a>(b: &'a Board) -> impl Iterator<Item = Area> + 'a {
    let open = |u: usize| {
        let cells = b.units[u].cells.iter();
        cells.filter(|&&c| b.marks[c] == Mark::Open).count() as isize
    };
    let may_bind = |need: isize, open: isize| need >= 1 && open > need && open <= 4 * need;
    let units = (0..b.units.len()).filter_map(move |u| {
        let need = b.need(u);
        may_bind(need, open(u)).then(|| Area {
            unit: u,
            pair: false,
            open: b.open(u),
            need,
        })
    });
    let pairs = b.line_pairs().filter_map(move |(u, v)| {
        let need = b.need(u) + b.need(v);
        may_bind(need, open(u) + open(v)).then(|| {
            let mut open = b.open(u);
            open.extend(b.open(v));
            open.sort_unstable();
            Area {
                unit: u,
                pair: true,
                open,
                need,
            }
        })
    });
    units.chain(pairs)
}

/// The cells of the 2×2 block whose top-left corner is `(r, c)` (clipped to
/// the board; `r` or `c` may be -1), when they all attack each other.
fn block(b: &Board, r: isize, c: isize) -> Option<Vec<usize>> {
    if !b.clique(r, c) {
        return None;
    }
    let p = b.problem;
    let cells: Vec<usize> = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
        .into_iter()
        .filter(|&(r, c)| r >= 0 && c >= 0 && (r as usize) < p.rows && (c as usize) < p.cols)
        .map(|(r, c)| p.cell(r as usize, c as usize))
        .collect();
    Some(cells)
}

/// Most search nodes one cover may take: a cover not found within them is
/// not used (big Star Battles would otherwise spend minutes here).
pub(super) const COVER_NODES: usize = 2000;

/// Covers `cells` with at most `budget` blocks (depth-first: the first
/// uncovered cell lies in one of the four blocks around it), visiting at most
/// `nodes` more nodes. On success `blocks` holds the cover.
pub(super) fn cover(
    b: &Board,
    cells: &[usize],
    budget: usize,
    blocks: &mut Vec<Vec<usize>>,
    nodes: &mut usize,
) -> bool {
    let mut covered = vec![0u8; b.marks.len()];
    let mut corners = Vec::new();
    let found = search(b, cells, 0, budget, &mut covered, &mut corners, nodes);
    if found {
        blocks.extend(corners.iter().filter_map(|&(r, c)| block(b, r, c)));
    }
    found
}

/// [`cover`] from `cells[from..]` (those before are covered), with the
/// blocks so far by top-left corner in `corners` and `covered[cell]` the
/// blocks holding each cell.
fn search(
    b: &Board,
    cells: &[usize],
    from: usize,
    budget: usize,
    covered: &mut [u8],
    corners: &mut Vec<(isize, isize)>,
    nodes: &mut usize,
) -> bool {
    let Some(first) = (from..cells.len()).find(|&i| covered[cells[i]] == 0) else {
        return true;
    };
    let left = || cells[first..].iter().filter(|&&c| covered[c] == 0);
    let lines = lines_of(left().map(|&c| b.problem.coords(c)));
    let bound = crate::engine::propagate::at_least(left().count(), lines);
    if corners.len() + bound > budget || *nodes == 0 {
        return false;
    }
    *nodes -= 1;
    let (r, c) = b.problem.coords(cells[first]);
    let (r, c) = (r as isize, c as isize);
    for (dr, dc) in [(0, 0), (0, -1), (-1, 0), (-1, -1)] {
        let Some(bl) = block(b, r + dr, c + dc) else {
            continue;
        };
        bl.iter().for_each(|&x| covered[x] += 1);
        corners.push((r + dr, c + dc));
        if search(b, cells, first + 1, budget, covered, corners, nodes) {
            return true;
        }
        corners.pop();
        bl.iter().for_each(|&x| covered[x] -= 1);
    }
    false
}

/// A lower bound on the blocks that cover `cells`: the search's capacity
/// bound ([`crate::engine::propagate::at_least`]).
fn at_least(b: &Board, cells: &[usize]) -> usize {
    let lines = lines_of(cells.iter().map(|&c| b.problem.coords(c)));
    crate::engine::propagate::at_least(cells.len(), lines)
}

/// The area's open cells in a block: the block holds exactly one of its pieces there.
pub(super) fn mine(open: &[usize], block: &[usize]) -> Vec<usize> {
    open.iter().copied().filter(|c| block.contains(c)).collect()
}

/// What a cover with one block per needed piece gives.
pub(super) fn deduce(
    b: &Board,
    technique: Technique,
    reason: String,
    open: &[usize],
    blocks: &[Vec<usize>],
) -> Option<Step> {
    let mut place = Vec::new();
    let mut exclude = Vec::new();
    for bl in blocks {
        let cells = mine(open, bl);
        if let [only] = cells[..] {
            place.push(only);
        }
        exclude.extend(attacking_all(b.model(), &cells, |c| {
            b.marks[c] == Mark::Open
        }));
    }
    if place.is_empty() && exclude.is_empty() {
        return None;
    }
    Some(step(technique, place, exclude, reason, open.to_vec()))
}
