//! 2×2 blocks with one to spare: a unit, two neighbouring rows or columns,
//! or a counted band's area, whose open cells fit in one 2×2 block more
//! than it needs pieces. Each block holds at most one piece, so exactly one
//! block holds none and every other block holds one. Each case (that block
//! empty, one piece in each of the others) is followed as far as the
//! propagating search's rules (band counting included) and rounds of
//! probing (a trial on every open cell) take it; the cases that end in a
//! contradiction are dropped. When one case is left it holds: its block is
//! empty and the others hold one piece each. When several are left, the
//! cells of the area (or else any cells) that every case left fills (or
//! empties) are the step. Only for the step shown are the dropped cases
//! followed again from their own marks, with the techniques and else the
//! search's probes, to say why each fails; where a case fails only with
//! what the rules and probing decide on the state itself, its reason
//! names those decisions (cut down to those it needs, as far as a few
//! tries find), or the one the case marks otherwise.
//!
//! What the rules and probing decide on the state itself holds in every
//! case, so it is found once and each case starts from it; the cases are
//! compared only on the cells it leaves open (what it decides alone is no
//! step of this technique), and an area is dropped as soon as two of its
//! cases left agree on no such cell.
//!
//! The blocks are made disjoint first (a cell in two blocks counts in the
//! first), so that the count holds: m groups of cells that each hold at
//! most one piece, m − 1 pieces among them. The areas with the fewest
//! cases are tried first. The technique runs on boards of at most
//! [`MAX_CELLS`] cells (21×21); above [`FULL_CELLS`] (17×17) only on
//! areas needing at most [`LARGE_NEED`] pieces (see [`max_need`]).

mod case;

use super::capacity::{COVER_NODES, cover, deduce};
use super::{Board, Mark, Step, Technique, band, step};
use case::{Alike, Case, Fate};

/// The most pieces an area may need on boards of at most [`FULL_CELLS`]
/// cells: an area needing more has more cases than a person follows.
const MAX_NEED: isize = 6;

/// The most pieces an area may need on boards of more than [`FULL_CELLS`]
/// cells: at most four cases an area. On the published 5★ 21×21 puzzles
/// this removes 7 of their 46 guesses for about 3 % more time; up to
/// [`MAX_NEED`] it would remove 19 but take their mean explanation 1.2 →
/// 1.9 s of CPU, the slowest 1.8 → 3.7 s (docs/PERFORMANCE.md).
const LARGE_NEED: isize = 3;

/// The most cells of a board where areas may need up to [`MAX_NEED`]
/// pieces (17×17).
const FULL_CELLS: usize = 289;

/// The most rounds of probing a case is followed with (a round that
/// empties nothing ends it sooner).
const ROUNDS: usize = 8;

/// The most cells of a board the technique runs on (21×21): the 6★
/// 25×25 puzzles are left as they were.
pub(crate) const MAX_CELLS: usize = 441;

/// The most pieces an area of a board of `cells` cells may need
/// ([`MAX_NEED`], or [`LARGE_NEED`] on boards of more than
/// [`FULL_CELLS`] cells, where every case costs more).
fn max_need(cells: usize) -> isize {
    if cells <= FULL_CELLS {
        MAX_NEED
    } else {
        LARGE_NEED
    }
}

/// An area split into its cases.
struct Split<'p> {
    /// Why its open cells need the pieces they do.
    why: String,
    open: Vec<usize>,
    /// The disjoint groups of its open cells, one per block.
    groups: Vec<Vec<usize>>,
    /// One case per group: that group empty.
    cases: Vec<Case<'p>>,
}

/// The first area whose cases decide a cell, the areas with the fewest
/// cases first.
pub fn spare(b: &Board) -> Option<Step> {
    let (s, decided) = shown(b)?;
    Some(decide(b, &s, &decided))
}

/// The split [`spare`] shows, its dropped cases explained, and the cells
/// its cases left agree on.
fn shown<'p>(b: &Board<'p>) -> Option<(Split<'p>, Vec<(usize, Mark)>)> {
    if b.marks.len() > MAX_CELLS {
        return None;
    }
    let most = max_need(b.marks.len());
    let mut splits: Vec<Split> = areas(b, most)
        .chain(band::spare_areas(b, most))
        .filter_map(|(why, open, need)| split(b, why, open, need))
        .collect();
    if splits.is_empty() {
        // no area to split: the shared settling below is not needed
        return None;
    }
    splits.sort_by_key(|s| s.cases.len());
    // What the rules and probing decide from this state holds in every
    // case of every area: each case starts from it, and the cases are
    // compared only on the cells it leaves open (what it decides alone
    // is no step of this technique).
    let parent = b.settled(ROUNDS).ok()?;
    let mut start = b.clone();
    for (c, k) in parent.iter().enumerate() {
        if let &Some(k) = k {
            start.marks[c] = case::mark(k);
        }
    }
    splits.into_iter().find_map(|mut s| {
        let mut alike = Alike::new(&start);
        for (case, group) in s.cases.iter_mut().zip(&s.groups) {
            case.settle(&parent, group);
            if case.alive() && !alike.keep(&case.board) {
                // two cases left already disagree on every open cell
                return None;
            }
        }
        let decided = agreed(&start, &s)?;
        for case in &mut s.cases {
            case.explain();
        }
        Some((s, decided))
    })
}

/// An area's cases, each with its group emptied and a piece in each other
/// group where that is plain ([`deduce`]); `None` when its open cells do
/// not fit in exactly one block more than it needs.
fn split<'p>(b: &Board<'p>, why: String, open: Vec<usize>, need: isize) -> Option<Split<'p>> {
    let mut blocks = Vec::new();
    let mut nodes = COVER_NODES;
    let budget = need as usize + 1;
    if !cover(b, &open, budget, &mut blocks, &mut nodes) || blocks.len() != budget {
        return None;
    }
    let mut groups: Vec<Vec<usize>> = vec![Vec::new(); blocks.len()];
    for &c in &open {
        let first = blocks.iter().position(|bl| bl.contains(&c))?;
        groups[first].push(c);
    }
    if groups.iter().any(|g| g.is_empty()) {
        // the cells fit in fewer blocks: 2×2 capacity's, not this
        return None;
    }
    let cases = (0..groups.len())
        .map(|j| {
            let mut board = b.clone();
            for &c in &groups[j] {
                board.marks[c] = Mark::Empty;
            }
            let others: Vec<Vec<usize>> = (0..groups.len())
                .filter(|&i| i != j)
                .map(|i| groups[i].clone())
                .collect();
            let rest = others.concat();
            if let Some(s) = deduce(&board, Technique::Capacity, String::new(), &rest, &others) {
                board.apply(&s);
            }
            Case {
                board,
                fate: Fate::Alive,
            }
        })
        .collect();
    Some(Split {
        why,
        open,
        groups,
        cases,
    })
}

/// The cells open in `start` (the state with what the rules and probing
/// decide on it) that the cases of a split left agree on, with their
/// mark: the area's cells, or any cells when they agree on none of those
/// and more than one case is left; `None` when they agree on none.
fn agreed(start: &Board, s: &Split) -> Option<Vec<(usize, Mark)>> {
    let alive: Vec<&Case> = s.cases.iter().filter(|c| c.alive()).collect();
    let first = alive.first()?;
    let alike = |c: usize| {
        let m = first.board.marks[c];
        let open = start.marks[c] == Mark::Open;
        (open && m != Mark::Open && alive.iter().all(|a| a.board.marks[c] == m)).then_some((c, m))
    };
    let mut decided: Vec<(usize, Mark)> = s.open.iter().filter_map(|&c| alike(c)).collect();
    if decided.is_empty() && alive.len() > 1 {
        decided = start
            .cells_marked(Mark::Open)
            .into_iter()
            .filter_map(alike)
            .collect();
    }
    (!decided.is_empty()).then_some(decided)
}

/// The step of a split whose cases left agree on the cells `decided`
/// ([`agreed`]), with why each dropped case fails.
fn decide(b: &Board, s: &Split, decided: &[(usize, Mark)]) -> Step {
    let place: Vec<usize> = decided
        .iter()
        .filter(|d| d.1 == Mark::Piece)
        .map(|d| d.0)
        .collect();
    let exclude: Vec<usize> = decided
        .iter()
        .filter(|d| d.1 == Mark::Empty)
        .map(|d| d.0)
        .collect();
    let piece = &b.problem.piece.name;
    let listed: Vec<String> = s
        .groups
        .iter()
        .map(|g| format!("[{}]", b.list(g)))
        .collect();
    let mut reason = format!(
        "{}, and those open cells fit in {} 2×2 blocks {}, each holding at most one: one block holds none and each other block one {piece}",
        s.why,
        s.groups.len(),
        listed.join(" "),
    );
    for (j, case) in s.cases.iter().enumerate() {
        if let Fate::Dead(why) = &case.fate {
            let why = why.words(&case.board);
            reason.push_str(&format!("; with [{}] empty, {why}", b.list(&s.groups[j])));
        }
    }
    let cases = match s.cases.iter().filter(|c| c.alive()).count() {
        1 => "the case left".to_string(),
        n => format!("each of the {n} cases left"),
    };
    let mut said = Vec::new();
    if !place.is_empty() {
        said.push(format!("places {piece}s at {}", b.list(&place)));
    }
    if !exclude.is_empty() {
        said.push(format!("empties {}", b.list(&exclude)));
    }
    reason.push_str(&format!(", and {cases} {}", said.join(" and ")));
    step(
        Technique::SpareBlock,
        place,
        exclude,
        reason,
        s.open.clone(),
    )
}

/// Each unit, then each pair of neighbouring rows and of neighbouring
/// columns, that needs from one to `most` pieces among more open cells
/// than one more and at most four times one more: why it needs them, its
/// open cells and its need.
fn areas<'a>(b: &'a Board, most: isize) -> impl Iterator<Item = (String, Vec<usize>, isize)> + 'a {
    let fits = move |need: isize, open: usize| {
        (1..=most).contains(&need) && open as isize > need + 1 && open as isize <= 4 * (need + 1)
    };
    let units = (0..b.units.len()).filter_map(move |u| {
        let open = b.open(u);
        let need = b.need(u);
        let why = format!("{} needs {}", b.name(u), b.pieces(need));
        fits(need, open.len()).then_some((why, open, need))
    });
    let pairs = b.line_pairs().filter_map(move |(u, v)| {
        let need = b.need(u) + b.need(v);
        let mut open = b.open(u);
        open.extend(b.open(v));
        open.sort_unstable();
        let n = b.units[u].index + 1;
        let why = format!(
            "{}s {n} and {} need {}",
            b.units[u].family.name(),
            n + 1,
            b.pieces(need)
        );
        fits(need, open.len()).then_some((why, open, need))
    });
    units.chain(pairs)
}

#[cfg(test)]
mod tests;
