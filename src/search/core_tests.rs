//! The one core: subproblems belong to their plan, a stop flag interrupts,
//! and shards merged add up to the plain count whatever the method.

use super::merge::merge;
use super::tests::plan;
use super::*;
use crate::spec::builtin;

fn builtin_plan(name: &str, set: &[(&str, i64)]) -> Plan {
    let text = builtin(name)
        .unwrap_or_else(|| panic!("no built-in {name}"))
        .text;
    plan(text, set)
}

fn plain_count(plan: &Plan, unique: bool) -> u128 {
    plan.count(CountOptions {
        unique,
        ..CountOptions::default()
    })
    .unwrap()
    .count
}

#[test]
fn a_subproblem_of_another_plan_is_an_error_not_a_count() {
    let queens8 = builtin_plan("queens", &[("n", 8)]);
    let queens9 = builtin_plan("queens", &[("n", 9)]);
    let kings = builtin_plan("kings", &[("n", 5)]);
    let sub = &queens9.subproblems()[3];
    for other in [&queens8, &kings] {
        let err = other.count_subproblem(sub, false).unwrap_err();
        assert!(matches!(err, SearchError::Foreign { index: 3 }), "{err}");
        assert!(err.to_string().contains("belongs to another plan"));
    }
    // Same meaning, another method: refused too.
    let mut rows = queens9.clone();
    rows.engine = Engine::Rows { groups: false };
    assert!(rows.count_subproblem(sub, false).is_err());
    // Its own plan, and one rebuilt from the same rules, count it.
    let again = builtin_plan("queens", &[("n", 9)]);
    assert_eq!(
        queens9.count_subproblem(sub, false).unwrap(),
        again.count_subproblem(sub, false).unwrap()
    );
}

#[test]
fn a_set_stop_flag_interrupts_every_count() {
    let stop = Stop::new();
    stop.set();
    for (name, set) in [("queens", 10), ("kings", 6), ("knights", 5)] {
        let plan = builtin_plan(name, &[("n", set)]);
        for threads in [1, 2] {
            let options = CountOptions {
                threads,
                stop: Some(stop.clone()),
                ..CountOptions::default()
            };
            let err = plan.count(options).unwrap_err();
            assert!(matches!(err, SearchError::Interrupted), "{name}: {err}");
        }
        let journaled = CountOptions {
            threads: 2,
            stop: Some(stop.clone()),
            journal: Some(Journal::default()),
            ..CountOptions::default()
        };
        let err = count(&plan, &journaled, |_| {}).unwrap_err();
        assert!(matches!(err, SearchError::Interrupted), "{name}: {err}");
    }
    stop.clear();
    let plan = builtin_plan("queens", &[("n", 6)]);
    let options = CountOptions {
        stop: Some(stop),
        ..CountOptions::default()
    };
    assert_eq!(plan.count(options).unwrap().count, 4);
}

/// Runs every shard of `k` through the library's count, writes each
/// result where `placer merge` would read it, and merges them.
fn merged(plan: &Plan, k: usize, unique: bool, dir: &std::path::Path) -> u128 {
    let mut paths = Vec::new();
    for index in 1..=k {
        let options = CountOptions {
            threads: 1 + index % 2,
            unique,
            journal: Some(Journal {
                shard: Some(Shard { index, of: k }),
                checkpoint: None,
            }),
            ..CountOptions::default()
        };
        let part = count(plan, &options, |_| {}).unwrap().part.unwrap();
        let path = dir.join(format!("part{index}.json"));
        std::fs::write(&path, serde_json::to_string(&part).unwrap()).unwrap();
        paths.push(path);
    }
    merge(&paths).unwrap().count.parse().unwrap()
}

#[test]
fn shards_merged_equal_the_plain_count_for_every_method() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&str, &[(&str, i64)]); 6] = [
        ("queens", &[("n", 8)]),
        ("superqueens", &[("n", 10)]),
        ("kings", &[("n", 6)]),
        ("knights", &[("n", 4)]),
        ("bishops", &[("n", 4)]),
        ("torus-queens", &[("n", 7)]),
    ];
    for (name, set) in cases {
        let plan = builtin_plan(name, set);
        for unique in [false, true] {
            if unique && plan.symmetry.order() == 1 {
                continue;
            }
            let want = plain_count(&plan, unique);
            for k in [1, 3, 7] {
                assert_eq!(
                    merged(&plan, k, unique, dir.path()),
                    want,
                    "{name} {set:?} unique {unique}, {k} shards"
                );
            }
        }
    }
}

#[test]
fn a_checkpoint_resumes_to_the_plain_count() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("run.ckpt");
    let plan = builtin_plan("kings", &[("n", 7)]);
    let want = plain_count(&plan, false);
    // A first run that stops at once leaves a checkpoint with nothing done.
    let stop = Stop::new();
    stop.set();
    let options = CountOptions {
        threads: 2,
        stop: Some(stop),
        journal: Some(Journal {
            checkpoint: Some(path.clone()),
            shard: None,
        }),
        ..CountOptions::default()
    };
    assert!(matches!(
        count(&plan, &options, |_| {}).unwrap_err(),
        SearchError::Interrupted
    ));
    assert!(path.exists());
    let options = CountOptions {
        threads: 1,
        stop: None,
        ..options
    };
    let mut seen = Vec::new();
    let counted = count(&plan, &options, |p| {
        if let super::Progress::Parts(p) = p {
            seen.push(p.done);
        }
    })
    .unwrap();
    assert_eq!(counted.count, want.into());
    assert_eq!(counted.part.unwrap().count, want.to_string());
    // One thread and no stop flag: progress after every part, in order.
    assert_eq!(seen, (1..=seen.len()).collect::<Vec<_>>());
    assert!(seen.len() > 1);
    // Another plan refuses it.
    let other = builtin_plan("kings", &[("n", 6)]);
    let err = count(&other, &options, |_| {}).unwrap_err().to_string();
    assert!(err.contains("but this run is `kings` with"), "{err}");
}

#[test]
fn a_set_stop_flag_interrupts_the_row_frontier_dp_too() {
    // 62 266 solutions: the plain count below lists them one by one.
    let plan = builtin_plan("kings", &[("n", 6)]);
    let stop = Stop::new();
    stop.set();
    let options = CountOptions {
        method: crate::plan::Method::Frontier,
        stop: Some(stop.clone()),
        ..CountOptions::default()
    };
    let err = count(&plan, &options, |_| {}).unwrap_err();
    assert!(matches!(err, SearchError::Interrupted), "{err}");
    stop.clear();
    let counted = count(&plan, &options, |_| {}).unwrap();
    assert_eq!(counted.engine, crate::plan::Engine::Frontier);
    assert_eq!(counted.count, plain_count(&plan, false).into());
}

#[test]
fn unmeetable_rules_count_zero_with_the_reason_and_no_search() {
    let plan = builtin_plan("kings", &[("n", 3), ("count", 10)]);
    let counted = count(&plan, &CountOptions::default(), |_| {}).unwrap();
    assert_eq!(counted.count, 0u32.into());
    assert_eq!(counted.nodes, 0);
    assert!(counted.unmeetable.is_some());
}
