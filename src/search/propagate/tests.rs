//! The propagating walk with and without the precomputed common attackers
//! of window cliques: the same cells are decided either way.

use std::sync::Arc;

use super::model::Model;
use super::{PropagateWalker, Sample};
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

/// Every solution (cells, increasing) and the nodes of a walk on `m`.
fn walk(m: Model) -> (Vec<Vec<usize>>, u64) {
    let mut w = PropagateWalker::on(Arc::new(m), &[], &[]);
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
    PropagateWalker::sample(Arc::new(Model::new(p)), budget, |_| cap)
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
    let mut regrouped = from_rows;
    regrouped.regroup(&star_battle(2, stars));
    assert_eq!(format!("{regrouped:?}"), format!("{fresh:?}"));
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
