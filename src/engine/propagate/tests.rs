//! The propagating walk with and without the precomputed common attackers
//! of window cliques: the same cells are decided either way.

use std::sync::Arc;

use super::model::Model;
use super::{PropagateWalker, Rules, Sample};
use crate::problem::{Bindings, Problem};
use crate::spec::RuleSpec;

fn star_battle(k: i64, picture: &str) -> Problem {
    let spec = RuleSpec::resolve("star-battle").unwrap();
    let bindings = Bindings {
        set: vec![("k".into(), k)],
        regions: Some(crate::error::Source::new("t", picture)),
        cells: None,
    };
    Problem::bind(&spec, &bindings).unwrap()
}

/// A region picture of `n` columns, one letter per label (0 is `A`).
fn picture(labels: &[u8], n: usize) -> String {
    labels
        .chunks(n)
        .map(|row| {
            row.iter()
                .map(|&l| (b'A' + l) as char)
                .chain(['\n'])
                .collect::<String>()
        })
        .collect()
}

/// Every solution (cells, increasing) and the nodes of a plain walk on `m`
/// (no probing, no looking ahead: the walk samples take).
fn walk(m: Model) -> (Vec<Vec<usize>>, u64) {
    let mut w = PropagateWalker::on(Arc::new(m), &[], &[]);
    w.never_probe();
    let mut all = Vec::new();
    while w.next_leaf() {
        all.push(w.placed().to_vec());
    }
    (all, w.nodes)
}

#[test]
fn common_attackers_match_the_attack_lists() {
    let text = include_str!("../../../examples/puzzles/star-battle-10.txt");
    let m = Model::new(&star_battle(2, text));
    for tl in (0..m.cells()).filter(|&c| m.window[c]) {
        let w = m.window_cells(tl);
        for s in (1..16u8).filter(|s| s.count_ones() >= 2) {
            let held: Vec<usize> = (0..4).filter(|i| s >> i & 1 == 1).map(|i| w[i]).collect();
            let want: Vec<u32> = (0..m.cells() as u32)
                .filter(|a| held.iter().all(|&c| m.attacks[c].contains(a)))
                .collect();
            let mut got = m.common(tl, s).unwrap().to_vec();
            got.sort_unstable();
            assert_eq!(got, want, "window {tl}, subset {s:04b}");
        }
    }
}

#[test]
fn walks_with_and_without_common_attackers_agree() {
    let stars = include_str!("../../../examples/puzzles/star-battle-10.txt");
    let queens = include_str!("../../../examples/puzzles/queens-10.txt");
    // Rows as regions: 90 solutions (OEIS A002464), a bushy tree.
    let rows = "AAAAAA\nBBBBBB\nCCCCCC\nDDDDDD\nEEEEEE\nFFFFFF\n";
    let mut nodes_in_all = 0;
    for (k, picture) in [(2, stars), (1, queens), (1, rows)] {
        let m = Model::new(&star_battle(k, picture));
        let mut plain = m.clone();
        plain.forget_common();
        assert!(plain.common(0, 3).is_none());
        let (solutions, nodes) = walk(m);
        assert_eq!(
            solutions.len(),
            if picture == rows { 90 } else { 1 },
            "k = {k}"
        );
        nodes_in_all += nodes;
        assert_eq!((solutions, nodes), walk(plain), "k = {k}");
    }
    assert!(nodes_in_all > 0);
}

fn sample(p: &Problem, cap: u128, budget: u64) -> Option<Sample> {
    PropagateWalker::sample(Arc::new(Model::new(p)), Rules::All, budget, |_| cap)
}

#[test]
fn regrouped_models_equal_fresh_ones() {
    let stars = include_str!("../../../examples/puzzles/star-battle-10.txt");
    let rows: String = (0..10)
        .map(|r| format!("{}\n", ((b'A' + r) as char).to_string().repeat(10)))
        .collect();
    let from_rows = Model::new(&star_battle(2, &rows));
    let fresh = Model::new(&star_battle(2, stars));
    assert_ne!(format!("{from_rows:?}"), format!("{fresh:?}"));
    let mut regrouped = from_rows.clone();
    regrouped.regroup(&star_battle(2, stars));
    assert_eq!(format!("{regrouped:?}"), format!("{fresh:?}"));
    let mut regions_only = from_rows;
    regions_only.regroup_regions(&star_battle(2, stars));
    assert_eq!(format!("{regions_only:?}"), format!("{fresh:?}"));
    // And back to rows.
    regions_only.regroup_regions(&star_battle(2, &rows));
    assert_eq!(
        format!("{regions_only:?}"),
        format!("{:?}", Model::new(&star_battle(2, &rows)))
    );
}

#[test]
fn samples_agree_with_the_full_walk() {
    let stars = include_str!("../../../examples/puzzles/star-battle-10.txt");
    let rows = "AAAAAA\nBBBBBB\nCCCCCC\nDDDDDD\nEEEEEE\nFFFFFF\n";
    // Two stars on rows as regions of 6×6: none (the rules cannot be met).
    assert_eq!(sample(&star_battle(2, rows), 10, 1000), None);
    for (k, picture) in [(2, stars), (1, rows)] {
        let p = star_battle(k, picture);
        let (all, nodes) = walk(Model::new(&p));
        let s = sample(&p, u128::MAX, u64::MAX).unwrap();
        assert!(s.finished);
        assert_eq!(s.count, all.len() as u128);
        let first: Vec<Vec<usize>> = all.iter().take(2).cloned().collect();
        assert_eq!(s.first, first, "no givens: placed cells are all pieces");
        assert!(s.open.len() <= p.rows * p.cols);
        // A cap stops the count; too small a budget leaves it unfinished.
        let capped = sample(&p, 1, u64::MAX).unwrap();
        assert_eq!((capped.count, capped.finished), (1, true));
        if nodes > 1 {
            let short = sample(&p, u128::MAX, 0).unwrap();
            assert!(!short.finished, "k = {k}");
            assert!(short.count < all.len() as u128 || all.len() == 1);
        }
    }
}

/// Random states of the 10×10 two-star puzzle, some cells emptied and a few
/// pieces placed: the capacity rule on every line and pair of neighbouring
/// lines decides the same from the masks (a strip) as from a cover of cells.
/// The strips look only at the windows their masks say may decide
/// something (a king's attacks), so this checks those masks too.
#[test]
fn strips_decide_what_covers_decide() {
    let stars = include_str!("../../../examples/puzzles/star-battle-10.txt");
    let m = Model::new(&star_battle(2, stars));
    assert!(m.king);
    let decided = strips_agree(&m, 400, 7);
    assert!(decided.iter().all(|&n| n > 100), "{decided:?}");
}

/// The same on boards 3 deep and 63, 64, 65, 127 and 128 long, across and
/// down (the masks' last bits); at 129 there are no masks, so no strips.
#[test]
fn strips_decide_what_covers_decide_at_the_mask_boundaries() {
    for n in [63, 64, 65, 127, 128, 129] {
        // Regions in diagonal bands, so that none is a whole line.
        let label = |r: usize, c: usize| (b'A' + ((r + c / 5) % 3) as u8) as char;
        let across: String = (0..3)
            .map(|r| {
                (0..n)
                    .map(|c| label(r, c))
                    .chain(['\n'])
                    .collect::<String>()
            })
            .collect();
        let down: String = (0..n)
            .map(|r| {
                (0..3)
                    .map(|c| label(c, r))
                    .chain(['\n'])
                    .collect::<String>()
            })
            .collect();
        for picture in [across, down] {
            let m = Model::new(&star_battle(2, &picture));
            if n > 128 {
                assert!(m.line.iter().all(Option::is_none), "{n}");
                continue;
            }
            let decided = strips_agree(&m, 20, n as u64);
            assert!(decided.iter().all(|&k| k > 0), "{n}: {decided:?}");
        }
    }
}

/// The same on boards 7 deep and 100 long, across and down, regions in
/// diagonal bands with random cells moved to a neighbour's region: the
/// long lines' masks span both words of a strip's masks.
#[test]
fn strips_decide_what_covers_decide_on_long_boards() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let (deep, long) = (7, 100);
    let mut labels: Vec<Vec<u8>> = (0..deep)
        .map(|r| (0..long).map(|c| ((r + c / 9) % 6) as u8).collect())
        .collect();
    for _ in 0..200 {
        let (r, c) = (rng.random_range(0..deep), rng.random_range(1..long));
        labels[r][c] = labels[r][c - 1];
    }
    let across: String = labels.iter().map(|row| picture(row, long)).collect();
    let down: String = (0..long)
        .map(|c| {
            let column: Vec<u8> = labels.iter().map(|row| row[c]).collect();
            picture(&column, deep)
        })
        .collect();
    for picture in [across, down] {
        let m = Model::new(&star_battle(2, &picture));
        let decided = strips_agree(&m, 30, 13);
        assert!(decided.iter().all(|&k| k > 0), "{decided:?}");
    }
}

/// Compares the capacity rule from strips and from covers on `rounds`
/// random states of `m`, on every line and pair of neighbouring lines:
/// how often it found a conflict, nothing, and something.
fn strips_agree(m: &Model, rounds: usize, seed: u64) -> [usize; 3] {
    use super::model::Axis;
    use super::rules::{Scratch, bound, open_mask, unit_lines};
    use super::state::{Cell, State};
    use super::strip::Strip;
    use rand::{Rng, SeedableRng};

    let lines: Vec<(usize, Axis, usize)> = (0..m.units.len())
        .filter_map(|u| m.line[u].map(|(axis, i)| (u, axis, i)))
        .collect();
    assert_eq!(lines.len(), m.rows + m.cols);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let (mut sc, mut decided) = (Scratch::default(), [0; 3]);
    for _ in 0..rounds {
        let mut st = State::new(m);
        let empty = rng.random_range(0.2..0.8);
        for c in 0..m.cells() {
            let to = match rng.random::<f64>() {
                x if x < 0.03 => Cell::Piece,
                x if x < empty => Cell::Empty,
                _ => continue,
            };
            if st.cells[c] == Cell::Open {
                let _ = st.set(m, c, to);
            }
        }
        // Neighbouring lines: the next unit is the next line of the same axis.
        let pairs = lines
            .windows(2)
            .filter(|w| w[0].1 == w[1].1 && w[1].2 == w[0].2 + 1);
        let strips = lines
            .iter()
            .map(|&(u, axis, i)| (vec![u], Strip::line(m, axis, i, open_mask(&st, u, axis))))
            .chain(pairs.map(|w| {
                let ((u, axis, i), (v, ..)) = (w[0], w[1]);
                let masks = (open_mask(&st, u, axis), open_mask(&st, v, axis));
                (vec![u, v], Strip::new(m, axis, i, masks))
            }));
        for (units, strip) in strips {
            assert!(strip.is_some());
            let on = units
                .iter()
                .map(|&u| unit_lines(m, &st, u))
                .reduce(|a, b| a.zip(b).map(|(a, b)| (a.0 | b.0, a.1 | b.1)))
                .flatten();
            for need in 1..=6 {
                let (mut a, mut b) = (st.clone(), st.clone());
                let open: u32 = units.iter().map(|&u| st.open[u]).sum();
                let by_strip = match strip {
                    Some(strip) if open > need => strip.tight(m, &mut a, need),
                    _ => Ok(false),
                };
                let by_cover = bound(m, &mut b, need, &units, on, &mut sc);
                assert_eq!(by_strip, by_cover, "units {units:?}, need {need}");
                assert_eq!(a.cells, b.cells, "units {units:?}, need {need}");
                decided[match by_cover {
                    Err(_) => 0,
                    Ok(false) => 1,
                    Ok(true) => 2,
                }] += 1;
            }
        }
    }
    decided
}

/// Every solution of a walk that probes at every empty branch
/// (`probe_after` 0), sorted, and its nodes.
fn walk_probing(m: Model, probe_after: u64, look_above: usize) -> (Vec<Vec<usize>>, u64) {
    let mut w = PropagateWalker::on(Arc::new(m), &[], &[]);
    w.probe_after = probe_after;
    w.look_above = look_above;
    let mut all = Vec::new();
    while w.next_leaf() {
        all.push(w.placed().to_vec());
    }
    all.sort();
    (all, w.nodes)
}

/// Rows as regions of an `n`×`n` board, then `moves` random cells each
/// given the region of a random neighbour (regions may split: the rules
/// do not care).
fn moved_rows(rng: &mut rand_chacha::ChaCha8Rng, n: usize, moves: usize) -> String {
    use rand::Rng;
    let mut labels: Vec<u8> = (0..n * n).map(|c| (c / n) as u8).collect();
    for _ in 0..moves {
        let (r, c) = (rng.random_range(0..n), rng.random_range(0..n));
        let (r2, c2) = match rng.random_range(0..4) {
            0 => (r + 1, c),
            1 => (r, c + 1),
            2 => (r.wrapping_sub(1), c),
            _ => (r, c.wrapping_sub(1)),
        };
        if r2 < n && c2 < n {
            labels[r * n + c] = labels[r2 * n + c2];
        }
    }
    picture(&labels, n)
}

/// Every set of rules the walk can propagate (the generator aims with the
/// weaker ones) keeps every solution: as many as with all of them, and on
/// 6×6 the oracle's; the weaker sets leave no fewer cells open at the
/// root, and on the 10×10 example, which all the rules solve, more.
#[test]
fn every_rule_set_keeps_every_solution() {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let sets = [Rules::All, Rules::Probe, Rules::NoCapacity, Rules::Confined];
    let mut open = [0; 4];
    for (n, k, moves) in [(6usize, 1, 6), (7, 1, 10), (8, 2, 10), (9, 2, 20)] {
        for _ in 0..4 {
            let picture = moved_rows(&mut rng, n, moves);
            let p = star_battle(k, &picture);
            let m = Arc::new(Model::new(&p));
            let (mut all, _) = walk(Model::new(&p));
            all.sort();
            if n <= 6 {
                assert_eq!(all, crate::problem::oracle::solutions(&p), "{picture}");
            }
            for (i, rules) in sets.into_iter().enumerate() {
                let s = PropagateWalker::sample(m.clone(), rules, u64::MAX, |_| u128::MAX);
                let (count, first) = s
                    .as_ref()
                    .map_or((0, vec![]), |s| (s.count, s.first.clone()));
                assert_eq!(count, all.len() as u128, "{rules:?}\n{picture}");
                assert!(first.iter().all(|f| all.binary_search(f).is_ok()));
                assert_eq!(first.len(), all.len().min(2));
                open[i] += s.map_or(0, |s| s.open.len());
            }
        }
    }
    assert!(
        open[0] <= open[2] && open[2] <= open[3],
        "open cells {open:?}"
    );
    // On a published-style puzzle all the rules decide every cell, and the
    // weaker sets do not.
    let p = star_battle(
        2,
        include_str!("../../../examples/puzzles/star-battle-10.txt"),
    );
    let m = Arc::new(Model::new(&p));
    let open = sets.map(|rules| {
        PropagateWalker::sample(m.clone(), rules, 0, |_| 0)
            .unwrap()
            .open
            .len()
    });
    assert!(
        open[0] == 0 && open[2] > 0 && open[3] > open[2],
        "open cells {open:?}"
    );
}

/// Probing only empties cells no solution fills: walks that probe at every
/// empty branch, and walks that look ahead at every node, find what walks
/// that do neither find (and, on 6×6, what the oracle finds) on rows as
/// regions with random cells moved to a neighbour's region (one and two
/// stars, up to hundreds of solutions); probing does prune, and looking
/// ahead does change the tree.
#[test]
fn probing_keeps_every_solution() {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let (mut pruned, mut looked, mut solutions) = (0, 0, 0);
    for (n, k, moves) in [(6usize, 1, 4), (7, 1, 12), (8, 2, 8), (9, 2, 10)] {
        for _ in 0..3 {
            let picture = moved_rows(&mut rng, n, moves);
            let p = star_battle(k, &picture);
            let (plain, nodes) = walk_probing(Model::new(&p), u64::MAX, 0);
            let (probing, probing_nodes) = walk_probing(Model::new(&p), 0, 0);
            let (looking, looking_nodes) = walk_probing(Model::new(&p), u64::MAX, usize::MAX);
            assert_eq!(probing, plain, "{picture}");
            assert_eq!(looking, plain, "looking ahead\n{picture}");
            if n <= 6 {
                assert_eq!(probing, crate::problem::oracle::solutions(&p), "{picture}");
            }
            solutions += plain.len();
            pruned += usize::from(probing_nodes < nodes);
            looked += usize::from(looking_nodes != nodes);
        }
    }
    assert!(
        solutions > 100 && pruned >= 3 && looked >= 3,
        "{solutions} solutions, {pruned} pruned, {looked} changed by looking ahead"
    );
}

/// The cells [`PropagateWalker::refuted`] names are in no solution that
/// keeps the prefix: on rows as regions with cells moved to the region on
/// their left (two stars, 7×7 to 9×9), under a random prefix of pieces and
/// empty cells taken from a solution.
#[test]
fn refuted_cells_are_in_no_solution() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut named = 0;
    for n in [7usize, 8, 9] {
        for _ in 0..4 {
            let mut labels: Vec<u8> = (0..n * n).map(|c| (c / n) as u8).collect();
            for _ in 0..3 * n {
                let (r, c) = (rng.random_range(0..n), rng.random_range(1..n));
                labels[r * n + c] = labels[r * n + c - 1];
            }
            let picture = picture(&labels, n);
            let p = star_battle(2, &picture);
            let (all, _) = walk(Model::new(&p));
            let Some(first) = all.first() else { continue };
            // A prefix that keeps at least the first solution.
            let pieces: Vec<usize> = first
                .iter()
                .copied()
                .filter(|_| rng.random_bool(0.2))
                .collect();
            let empty: Vec<usize> = (0..n * n)
                .filter(|c| !first.contains(c) && rng.random_bool(0.2))
                .collect();
            // Without and with band counting (the hint engine's trials).
            for bands in [false, true] {
                let refuted = PropagateWalker::under(&p, &pieces, &empty)
                    .refuted(bands, &mut Default::default())
                    .unwrap();
                for c in &refuted {
                    let kept = all.iter().filter(|s| {
                        pieces.iter().all(|x| s.contains(x)) && empty.iter().all(|x| !s.contains(x))
                    });
                    assert!(kept.clone().all(|s| !s.contains(c)), "{picture}{c}");
                }
                named += refuted.len();
            }
        }
    }
    assert!(named > 0);
}

/// What [`super::settled`] decides holds in every solution of the state:
/// on rows as regions with cells moved to a neighbour's region (7×7 to
/// 9×9, two stars), under random pieces and empty cells, mostly taken
/// towards a solution and sometimes anywhere, every piece it places is in
/// every solution the state keeps (from a plain walk) and every cell it
/// empties in none; it finds no solution only when there is none. The
/// cover sizes are kept from state to state, as the hint engine does.
#[test]
fn settled_cells_hold_in_every_solution() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(23);
    let (mut decided, mut refuted, mut open) = (0, 0, 0);
    for n in [7usize, 8, 9] {
        for _ in 0..4 {
            let p = star_battle(2, &moved_rows(&mut rng, n, 3 * n));
            let (all, _) = walk(Model::new(&p));
            let Some(towards) = all.first() else { continue };
            let m = Arc::new(Model::new(&p).keyed());
            let mut caps = Default::default();
            for _ in 0..8 {
                let stray = rng.random_bool(0.3).then(|| rng.random_range(0..n * n));
                let pieces: Vec<usize> = (0..n * n)
                    .filter(|c| towards.contains(c) && rng.random_bool(0.2))
                    .chain(stray)
                    .collect();
                let empty: Vec<usize> = (0..n * n)
                    .filter(|c| !towards.contains(c) && rng.random_bool(0.2))
                    .filter(|c| !pieces.contains(c))
                    .collect();
                let kept: Vec<&Vec<usize>> = all
                    .iter()
                    .filter(|s| {
                        pieces.iter().all(|x| s.contains(x)) && empty.iter().all(|x| !s.contains(x))
                    })
                    .collect();
                match super::settled(&m, &pieces, &empty, 8, &mut caps) {
                    Ok(known) => {
                        for (c, k) in known.iter().enumerate() {
                            let Some(piece) = *k else {
                                open += 1;
                                continue;
                            };
                            decided += 1;
                            assert!(kept.iter().all(|s| s.contains(&c) == piece), "{c}");
                        }
                    }
                    Err(_) => {
                        assert!(kept.is_empty(), "{pieces:?} {empty:?}");
                        refuted += 1;
                    }
                }
            }
        }
    }
    assert!(
        decided > 0 && refuted > 0 && open > 0,
        "{decided} {refuted} {open}"
    );
}

/// Common attacks, written once for both: on states of generated puzzles
/// that their solution completes (neighbours of every piece emptied), the
/// hint engine's pairs and triples, repeated while they find a step, empty
/// exactly the cells the search's rule empties on the same state with the
/// same bound on a unit's open cells.
#[test]
fn search_and_hints_agree_on_common_attacks() {
    use super::common::{GROUP, common_attacks};
    use super::state::{Cell, State};
    use crate::logic::{Board, Mark, Technique};
    use rand::{Rng, SeedableRng};
    let spec = RuleSpec::resolve("star-battle").unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(32);
    let (mut states, mut emptied) = (0, 0);
    for (k, size, seed) in [(1, 8, 1), (1, 9, 2), (2, 10, 3), (2, 11, 4), (3, 14, 5)] {
        let set = [("k".to_string(), k)];
        let puzzle = crate::generate::generate(&spec, &set, size, seed, 1).unwrap();
        let p = &puzzle.problem;
        let m = Model::new(p);
        let solution: Vec<usize> = (puzzle.solution.cells.iter())
            .map(|&(r, c)| p.cell(r, c))
            .collect();
        for _ in 0..30 {
            let mut b = Board::new(p).unwrap();
            let odds = (rng.random_range(0.0..0.5), rng.random_range(0.0..0.9));
            b.mark_towards(&solution, odds, &mut rng);
            while let Some(s) = b.try_technique(Technique::Neighbours) {
                b.apply(&s);
            }
            let mut st = State::new(&m);
            for (c, &mark) in b.marks.iter().enumerate() {
                match mark {
                    Mark::Piece => st.set(&m, c, Cell::Piece).unwrap(),
                    Mark::Empty => st.set(&m, c, Cell::Empty).unwrap(),
                    Mark::Open => {}
                }
            }
            let before = b.cells_marked(Mark::Open);
            while common_attacks(&m, &mut st, GROUP as u32).unwrap() {}
            while let Some(s) = b.try_technique(Technique::PairsTriples) {
                b.apply(&s);
            }
            let by_search: Vec<usize> = (before.iter().copied())
                .filter(|&c| st.cells[c] == Cell::Empty)
                .collect();
            let by_hints: Vec<usize> = (before.iter().copied())
                .filter(|&c| b.marks[c] == Mark::Empty)
                .collect();
            assert_eq!(by_search, by_hints);
            assert!(by_search.iter().all(|c| !solution.contains(c)));
            states += 1;
            emptied += by_search.len();
        }
    }
    assert!(
        emptied > states,
        "{emptied} cells emptied in {states} states"
    );
}

/// A keyed model's state keeps, per unit, the keys of exactly its open
/// cells through settling, conflicts and undoing.
#[test]
fn unit_keys_follow_the_open_cells() {
    use super::state::{Cell, State};
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(34);
    let p = star_battle(2, &moved_rows(&mut rng, 10, 30));
    let m = Model::new(&p).keyed();
    let mut st = State::new(&m);
    let expect = |st: &State| {
        for (u, unit) in m.units.iter().enumerate() {
            let open = unit.cells.iter().map(|&c| c as usize);
            let open = open.filter(|&c| st.cells[c] == Cell::Open);
            assert_eq!(st.key(u), open.fold(0, |k, c| k ^ m.keys[c]), "unit {u}");
        }
    };
    expect(&st);
    for _ in 0..200 {
        let mark = st.mark();
        for _ in 0..rng.random_range(1..6) {
            let x = rng.random_range(0..m.cells());
            if st.cells[x] == Cell::Open {
                let to = if rng.random_bool(0.3) {
                    Cell::Piece
                } else {
                    Cell::Empty
                };
                if st.set(&m, x, to).is_err() || st.settle(&m).is_err() {
                    break;
                }
            }
        }
        expect(&st);
        if rng.random_bool(0.7) {
            st.undo(&m, mark);
            expect(&st);
        }
    }
}

/// A state's counts, masks and line counts follow its cells through
/// settling, conflicts and undoing to nested marks, saved
/// ([`State::save`](super::state::State::save), the counts copied back)
/// or plain.
#[test]
fn counts_follow_the_cells_through_saved_undos() {
    use super::model::{Axis, TOTAL};
    use super::state::{Cell, State};
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(36);
    let p = star_battle(2, &moved_rows(&mut rng, 10, 30));
    let m = Model::new(&p);
    let mut st = State::new(&m);
    let expect = |st: &State| {
        for (u, unit) in m.units.iter().enumerate() {
            let cells = unit.cells.iter().map(|&c| c as usize);
            let open: Vec<usize> = cells
                .clone()
                .filter(|&c| st.cells[c] == Cell::Open)
                .collect();
            let placed = cells.filter(|&c| st.cells[c] == Cell::Piece).count();
            assert_eq!(st.open[u] as usize, open.len(), "unit {u}");
            assert_eq!(st.placed[u] as usize, placed, "unit {u}");
            if u == TOTAL {
                continue;
            }
            let rows = open.iter().fold(0u128, |r, &c| r | 1 << m.at[c].0);
            let cols = open.iter().fold(0u128, |k, &c| k | 1 << m.at[c].1);
            assert_eq!(
                (st.lines(u, Axis::Row), st.lines(u, Axis::Column)),
                (rows, cols)
            );
            if m.line[u].is_none() {
                for r in 0..m.rows {
                    let here = open.iter().filter(|&&c| m.at[c].0 as usize == r).count();
                    assert_eq!(st.in_line(&m, u, Axis::Row, r) as usize, here, "unit {u}");
                }
            }
        }
        for r in 0..m.rows {
            let open = (0..m.cols).filter(|&k| st.cells[r * m.cols + k] == Cell::Open);
            assert_eq!(
                st.open_row(r),
                open.fold(0, |row, k| row | 1 << k),
                "row {r}"
            );
        }
    };
    expect(&st);
    let mut marks = Vec::new();
    for _ in 0..400 {
        if marks.len() < 6 && rng.random_bool(0.6) {
            marks.push(if rng.random_bool(0.8) {
                st.save()
            } else {
                st.mark()
            });
        }
        for _ in 0..rng.random_range(1..6) {
            let x = rng.random_range(0..m.cells());
            if st.cells[x] == Cell::Open {
                let to = if rng.random_bool(0.3) {
                    Cell::Piece
                } else {
                    Cell::Empty
                };
                if st.set(&m, x, to).is_err() || st.settle(&m).is_err() {
                    break;
                }
            }
        }
        expect(&st);
        if let Some(&mark) = marks.last()
            && rng.random_bool(0.5)
        {
            st.undo(&m, mark);
            expect(&st);
            if rng.random_bool(0.5) {
                marks.pop();
            }
        }
    }
}

/// The band rule's cover sizes kept by the keys of their cells, from
/// state to state, change nothing: on keyed models the refuted cells of
/// states along a solution, with the sizes kept from the states before,
/// are those of an unkeyed model.
#[test]
fn kept_cover_sizes_refute_what_fresh_ones_do() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(35);
    let mut named = 0;
    for n in [8usize, 9, 10] {
        let p = star_battle(2, &moved_rows(&mut rng, n, 3 * n));
        let (all, _) = walk(Model::new(&p));
        let Some(first) = all.first() else { continue };
        let keyed = Arc::new(Model::new(&p).keyed());
        let mut caps = super::Caps::default();
        let (mut pieces, mut empty) = (Vec::new(), Vec::new());
        for c in 0..n * n {
            if rng.random_bool(0.7) {
                continue;
            }
            if first.contains(&c) {
                pieces.push(c);
            } else {
                empty.push(c);
            }
            let plain =
                PropagateWalker::under(&p, &pieces, &empty).refuted(true, &mut Default::default());
            let kept = super::refuted(&keyed, &pieces, &empty, true, &mut caps);
            assert_eq!(plain, kept, "{n}: {pieces:?} {empty:?}");
            named += kept.map_or(0, |k| k.len());
        }
        assert!(!caps.is_empty());
    }
    assert!(named > 0);
}

/// A walk that gives branches away after every few solutions, and walks
/// under the branches given (which give away in turn; every other one
/// probes at its root first), find together each solution of the whole
/// walk once: on rows as regions with random cells moved (one and two
/// stars, up to hundreds of solutions).
#[test]
fn branches_given_away_keep_every_solution_once() {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(23);
    let mut given = 0;
    for (n, k, moves) in [(6usize, 1, 4), (7, 1, 12), (8, 2, 8), (9, 2, 10)] {
        for _ in 0..3 {
            let picture = moved_rows(&mut rng, n, moves);
            let p = star_battle(k, &picture);
            let m = Arc::new(Model::new(&p));
            let (want, _) = walk_probing(Model::new(&p), super::PROBE_AFTER, super::LOOK_ABOVE);
            let mut got = Vec::new();
            let mut walks = vec![PropagateWalker::on(m.clone(), &[], &[])];
            while let Some(mut w) = walks.pop() {
                let mut found = 0;
                while w.next_leaf() {
                    got.push(w.placed().to_vec());
                    found += 1;
                    if found % 3 == 1
                        && let Some((pieces, empty)) = w.give_away()
                    {
                        let mut to = PropagateWalker::on(m.clone(), &pieces, &empty);
                        if given % 2 == 0 {
                            to.probe_at_root();
                        }
                        walks.push(to);
                        given += 1;
                    }
                }
            }
            got.sort();
            assert_eq!(got, want, "{picture}");
        }
    }
    assert!(given > 20, "{given} branches given away");
}

/// The greedy cover's size counted on row masks is the number of cliques
/// the greedy cover builds, and the cliques built on row masks are its
/// cliques, in its order, on random sets of cells of boards 10 and 64 wide
/// (the masks' last bit), whenever the cover is greedy.
#[test]
fn greedy_size_counts_the_greedy_cover() {
    use super::cover::{Clique, cover, greedy_rows, greedy_size, greedy_span, lines_of};
    use rand::{Rng, SeedableRng};

    let stars = include_str!("../../../examples/puzzles/star-battle-10.txt");
    let wide: String = (0..4)
        .map(|r| (0..64).map(move |c| (b'A' + ((r + c / 16) % 4) as u8) as char))
        .flat_map(|row| row.chain(['\n']))
        .collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let mut counted = 0;
    for m in [
        Model::new(&star_battle(2, stars)),
        Model::new(&star_battle(1, &wide)),
    ] {
        let (mut inside, mut out, mut rows) = (vec![false; m.cells()], Vec::new(), Vec::new());
        for _ in 0..3_000 {
            let dense = rng.random_range(0.05..0.6);
            let mut cells: Vec<usize> = (0..m.cells())
                .filter(|_| rng.random::<f64>() < dense)
                .collect();
            let lines = lines_of(cells.iter().map(|&c| (c / m.cols, c % m.cols)));
            let Some(size) = greedy_size(&m, &cells, lines, &mut rows) else {
                continue;
            };
            assert!(rows.iter().all(|&r| r == 0));
            for &c in &cells {
                inside[c] = true;
            }
            for &c in &cells {
                rows[c / m.cols] |= 1 << (c % m.cols);
            }
            let (first, last) = greedy_span(&m, lines).expect("a greedy cover");
            let mut by_rows = Vec::new();
            let built = greedy_rows(&m, &mut rows, first, last, Some(&mut by_rows));
            assert!(rows.iter().all(|&r| r == 0));
            for &c in &cells {
                inside[c] = true;
            }
            cover(&m, &mut cells, lines, &mut inside, &mut out);
            assert_eq!(size as usize, out.len(), "{cells:?}");
            assert_eq!(built, size);
            let seen = |q: &[Clique]| -> Vec<(Vec<usize>, (usize, u8))> {
                q.iter().map(|q| (q.cells().to_vec(), q.window)).collect()
            };
            assert_eq!(seen(&by_rows), seen(&out), "{cells:?}");
            counted += 1;
        }
    }
    assert!(counted > 4_000, "{counted}");
}
