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
//! followed with the techniques, to say in their words why each fails.
//!
//! What the rules and probing decide on the state itself holds in every
//! case, so it is found once and each case starts from it; an area is
//! dropped as soon as two of its cases left agree on no open cell.
//!
//! The blocks are made disjoint first (a cell in two blocks counts in the
//! first), so that the count holds: m groups of cells that each hold at
//! most one piece, m − 1 pieces among them. The areas with the fewest
//! cases are tried first. The technique runs on boards of at most
//! [`MAX_CELLS`] cells (17×17).

mod case;

use super::capacity::{COVER_NODES, cover, deduce};
use super::{Board, Mark, Step, Technique, band, step};
use case::{Alike, Case, Fate};

/// The most pieces an area may need: an area needing more has more cases
/// than a person follows.
const MAX_NEED: isize = 6;

/// The most rounds of probing a case is followed with (a round that
/// empties nothing ends it sooner).
const ROUNDS: usize = 8;

/// The most cells of a board the technique runs on (17×17). On 21×21 and
/// 25×25 it removes most guesses of published puzzles too, but at twice
/// the time of a 5★ explanation (docs/PERFORMANCE.md).
const MAX_CELLS: usize = 289;

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
    if b.marks.len() > MAX_CELLS {
        return None;
    }
    let mut splits: Vec<Split> = areas(b)
        .chain(band::spare_areas(b, MAX_NEED))
        .filter_map(|(why, open, need)| split(b, why, open, need))
        .collect();
    if splits.is_empty() {
        return None;
    }
    splits.sort_by_key(|s| s.cases.len());
    // What the rules and probing decide from this state holds in every
    // case of every area: each case starts from it.
    let parent = b.settled(ROUNDS).ok()?;
    splits.into_iter().find_map(|mut s| {
        let mut alike = Alike::new(b);
        for case in &mut s.cases {
            case.settle(&parent);
            if case.alive() && !alike.keep(&case.board) {
                // two cases left already disagree on every open cell
                return None;
            }
        }
        let decided = agreed(b, &s)?;
        for case in &mut s.cases {
            case.explain();
        }
        Some(decide(b, &s, &decided))
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

/// The cells the cases of a split left agree on, with their mark: the
/// area's cells, or any cells when they agree on none of those and more
/// than one case is left; `None` when they agree on none.
fn agreed(b: &Board, s: &Split) -> Option<Vec<(usize, Mark)>> {
    let alive: Vec<&Case> = s.cases.iter().filter(|c| c.alive()).collect();
    let first = alive.first()?;
    let alike = |c: usize| {
        let m = first.board.marks[c];
        (m != Mark::Open && alive.iter().all(|a| a.board.marks[c] == m)).then_some((c, m))
    };
    let mut decided: Vec<(usize, Mark)> = s.open.iter().filter_map(|&c| alike(c)).collect();
    if decided.is_empty() && alive.len() > 1 {
        decided = b
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
/// columns, that needs from one to [`MAX_NEED`] pieces among more open cells
/// than one more and at most four times one more: why it needs them, its
/// open cells and its need.
fn areas<'a>(b: &'a Board) -> impl Iterator<Item = (String, Vec<usize>, isize)> + 'a {
    let fits = |need: isize, open: usize| {
        (1..=MAX_NEED).contains(&need)
            && open as isize > need + 1
            && open as isize <= 4 * (need + 1)
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
mod tests {
    use super::*;
    use crate::logic::tests::random_regions;
    use rand::{Rng, SeedableRng};

    /// On states of random grids with one or several solutions (each cell
    /// marked towards one of them at random), every step of 2×2 blocks with
    /// one to spare places only cells that every solution of the state has
    /// and empties only cells that none has; and it finds steps.
    #[test]
    fn spare_blocks_hold_in_every_solution() {
        let spec = crate::spec::RuleSpec::resolve("star-battle").unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(34);
        let (mut states, mut found) = (0, 0);
        for (k, size) in [(1, 6), (1, 7), (2, 8), (2, 9), (2, 10)] {
            for _ in 0..8 {
                let bindings = crate::problem::Bindings {
                    set: vec![("k".into(), k)],
                    regions: Some(crate::error::Source::new(
                        "<random>",
                        random_regions(size, &mut rng),
                    )),
                    cells: None,
                };
                let p = crate::problem::Problem::bind(&spec, &bindings).unwrap();
                let all: Vec<Vec<usize>> = p
                    .clone()
                    .plan()
                    .solutions(false)
                    .take(41)
                    .map(|s| s.cells.iter().map(|&(r, c)| p.cell(r, c)).collect())
                    .collect();
                if all.is_empty() || all.len() > 40 {
                    continue;
                }
                for _ in 0..6 {
                    let mut b = Board::new(&p).unwrap();
                    let towards = &all[rng.random_range(0..all.len())];
                    let odds = (rng.random_range(0.0..0.3), rng.random_range(0.0..0.6));
                    b.mark_towards(towards, odds, &mut rng);
                    let fits = |sol: &&Vec<usize>| {
                        (0..b.marks.len()).all(|c| match b.marks[c] {
                            Mark::Piece => sol.contains(&c),
                            Mark::Empty => !sol.contains(&c),
                            Mark::Open => true,
                        })
                    };
                    let left: Vec<&Vec<usize>> = all.iter().filter(fits).collect();
                    states += 1;
                    let Some(s) = spare(&b) else { continue };
                    found += 1;
                    assert_eq!(s.technique, Technique::SpareBlock);
                    assert!(!s.place.is_empty() || !s.exclude.is_empty());
                    for sol in &left {
                        assert!(s.place.iter().all(|c| sol.contains(c)), "{s:?}");
                        assert!(s.exclude.iter().all(|c| !sol.contains(c)), "{s:?}");
                    }
                }
            }
        }
        assert!(found >= 5, "{found} steps in {states} states");
    }
}
