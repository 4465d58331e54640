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
//! names those decisions.
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
//! [`MAX_CELLS`] cells (17×17).

mod case;

use super::capacity::{COVER_NODES, cover, deduce};
use super::{Board, Mark, Step, Technique, band, step};
#[cfg(test)]
use case::Why;
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
pub(crate) const MAX_CELLS: usize = 289;

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
    let mut splits: Vec<Split> = areas(b)
        .chain(band::spare_areas(b, MAX_NEED))
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
    let known: Vec<(usize, Mark)> = parent
        .iter()
        .enumerate()
        .filter_map(|(c, &k)| Some((c, if k? { Mark::Piece } else { Mark::Empty })))
        .collect();
    let start = case::with(b, &known)?;
    splits.into_iter().find_map(|mut s| {
        let mut alike = Alike::new(&start);
        for case in &mut s.cases {
            case.settle(&parent);
            if case.alive() && !alike.keep(&case.board) {
                // two cases left already disagree on every open cell
                return None;
            }
        }
        let decided = agreed(&start, &s)?;
        for case in &mut s.cases {
            case.explain(&parent);
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
        let (mut states, mut found, mut checked) = (0, 0, 0);
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
                    let Some((split, decided)) = shown(&b) else {
                        continue;
                    };
                    found += 1;
                    checked += dropped_cases_fail_as_said(&b, &split);
                    let s = decide(&b, &split, &decided);
                    assert_eq!(s.technique, Technique::SpareBlock);
                    assert!(!s.place.is_empty() || !s.exclude.is_empty());
                    for sol in &left {
                        assert!(s.place.iter().all(|c| sol.contains(c)), "{s:?}");
                        assert!(s.exclude.iter().all(|c| !sol.contains(c)), "{s:?}");
                    }
                }
            }
        }
        assert!(found >= 4, "{found} steps in {states} states");
        assert!(checked > 0, "no dropped case checked");
    }

    /// Checks that every dropped case of `s`, the split shown on `b`, fails as its
    /// reason says: the techniques' words are theirs on the case's own
    /// marks; a clash with the shared start is one (the state's own
    /// settling decides that cell so); and the case's marks with the
    /// shared start's cells named and the cells listed as failed trials
    /// emptied leave the search's rules (no probing) a contradiction.
    /// The number of cases checked.
    fn dropped_cases_fail_as_said(b: &Board, s: &Split) -> usize {
        let parent = b.settled(ROUNDS).expect("a state with a step");
        let mut checked = 0;
        for case in &s.cases {
            let Fate::Dead(why) = &case.fate else {
                continue;
            };
            checked += 1;
            let words = why.words(&case.board);
            let (shared, emptied) = match why {
                Why::Steps(said) => {
                    assert_eq!(case::contradiction(case.board.clone()).as_ref(), Some(said));
                    continue;
                }
                Why::Probes { shared, emptied } => (shared, emptied),
            };
            for &(c, m) in shared {
                assert_eq!(parent[c], Some(m == Mark::Piece), "{words}");
            }
            let Some(mut start) = case::with(&case.board, shared) else {
                assert!(emptied.is_empty(), "{words}");
                continue;
            };
            for &c in emptied {
                assert_eq!(start.marks[c], Mark::Open, "{words}");
                start.marks[c] = Mark::Empty;
            }
            assert!(start.settled(0).is_err(), "{words}");
        }
        checked
    }

    /// The dropped cases of every `spare-2x2` step in the explanations of
    /// the published Star Battles in `$PLACER_PUZZLES` (files `starK-….txt`,
    /// third-party data, never in the repository) fail as their reasons
    /// say ([`dropped_cases_fail_as_said`]). `PLACER_PUZZLES=/tmp/sbn cargo
    /// test --release --lib spare::tests::published -- --ignored`.
    #[test]
    #[ignore]
    fn published_dropped_cases_fail_as_said() {
        let Ok(dir) = std::env::var("PLACER_PUZZLES") else {
            eprintln!("PLACER_PUZZLES is not set: nothing to check");
            return;
        };
        let spec = crate::spec::RuleSpec::resolve("star-battle").unwrap();
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "txt"))
            .collect();
        files.sort();
        let mut checked = 0;
        for file in files {
            let name = file.file_name().unwrap().to_string_lossy().to_string();
            let Some(k) = name
                .strip_prefix("star")
                .and_then(|s| s[..1].parse::<i64>().ok())
            else {
                continue;
            };
            let text = std::fs::read_to_string(&file).unwrap();
            let bindings = crate::problem::Bindings {
                set: vec![("k".to_string(), k)],
                regions: Some(crate::error::Source::new(&name, text)),
                cells: None,
            };
            let p = crate::problem::Problem::bind(&spec, &bindings).unwrap();
            let path = crate::logic::path::explain(&p).unwrap();
            let mut b = Board::new(&p).unwrap();
            for step in &path.steps {
                if step.technique == Technique::SpareBlock {
                    let (s, _) = shown(&b).expect("the step shown");
                    checked += dropped_cases_fail_as_said(&b, &s);
                }
                b.apply(step);
            }
        }
        eprintln!("{checked} dropped cases checked");
    }

    /// 2×2 blocks with one to spare runs on boards up to [`MAX_CELLS`]
    /// cells: a 7×7 one-star state where it finds a step, set in the
    /// top-left corner of a 17×17 board (the rest of the board decided: a
    /// star a row and column in the bottom-right, the other cells empty),
    /// still has it; set in an 18×18 board it does not run.
    #[test]
    fn runs_up_to_max_cells() {
        assert_eq!(MAX_CELLS, 17 * 17);
        let spec = crate::spec::RuleSpec::resolve("star-battle").unwrap();
        let bind = |text: String| {
            let bindings = crate::problem::Bindings {
                set: vec![("k".into(), 1)],
                regions: Some(crate::error::Source::new("<edge>", text)),
                cells: None,
            };
            crate::problem::Problem::bind(&spec, &bindings).unwrap()
        };
        // a random 7×7 grid's regions, then its state (x empty); the test
        // above finds such states
        let corner = [
            "BEACDAB ...xx..",
            "CAECCGF .......",
            "BABGGED ..xxx..",
            "BCFFAED x....xx",
            "BEFCDGG .xxx.x.",
            "DGDECFG .......",
            "DGBABFB .......",
        ];
        let text: String = corner.iter().map(|l| format!("{}\n", &l[..7])).collect();
        let marks: Vec<Mark> = corner
            .iter()
            .flat_map(|l| l[8..].chars())
            .map(|c| if c == 'x' { Mark::Empty } else { Mark::Open })
            .collect();
        let small = bind(text.clone());
        let mut b = Board::new(&small).unwrap();
        b.marks = marks.clone();
        assert!(spare(&b).is_some(), "7×7");
        for (n, runs) in [(17, true), (18, false)] {
            // rows below 7 and their cells on the left form one region a row;
            // the cells right of the corner join the corner's first region
            let label = |r: usize, c: usize| match (r < 7, c < 7) {
                (true, true) => text.as_bytes()[r * 8 + c] as char,
                (true, false) => 'A',
                (false, _) => (b'A' + r as u8) as char,
            };
            let grid: String = (0..n)
                .flat_map(|r| (0..n).map(move |c| label(r, c)).chain(['\n']))
                .collect();
            let p = bind(grid);
            let mut b = Board::new(&p).unwrap();
            // a star a row, odd columns first, so no two touch
            let m = n - 7;
            let star: Vec<usize> = (1..m).step_by(2).chain((0..m).step_by(2)).collect();
            for r in 0..n {
                for c in 0..n {
                    b.marks[r * n + c] = match (r < 7, c < 7) {
                        (true, true) => marks[r * 7 + c],
                        (false, false) if star[r - 7] == c - 7 => Mark::Piece,
                        _ => Mark::Empty,
                    };
                }
            }
            assert_eq!(spare(&b).is_some(), runs, "{n}×{n}");
        }
    }
}
