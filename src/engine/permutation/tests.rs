use std::collections::HashSet;
use std::sync::Mutex;

use super::symmetry::canonical;
use super::*;

/// The split target the search stage takes for small boards.
const TARGET: usize = 200;

fn subproblems(p: &Permutation) -> Vec<Vec<u8>> {
    Counter::new(p).split(TARGET)
}

fn count_subproblem(p: &Permutation, prefix: &[u8]) -> Counts {
    Counter::new(p).count(prefix)
}

/// Counts over the split on `threads` threads of the search stage's runner.
fn count(p: &Permutation, threads: usize) -> Counts {
    let counter = Counter::new(p);
    let parts = counter.split(TARGET);
    let sum = Mutex::new(Counts::default());
    let complete = crate::search::run::run(threads, &parts, None, |prefix| {
        *sum.lock().unwrap() += counter.count(prefix);
        Ok(())
    });
    assert!(complete.unwrap());
    sum.into_inner().unwrap()
}

/// Brute force over all permutations, no bitmasks: (total, unique).
fn brute(p: &Permutation) -> (u128, u128) {
    let n = p.n;
    let mut perm: Vec<u8> = (0..n as u8).collect();
    let mut total = 0;
    let mut classes = HashSet::new();
    permute(&mut perm, 0, &mut |q| {
        if legal(p, q) {
            total += 1;
            classes.insert(canonical(q));
        }
    });
    (total, classes.len() as u128)
}

fn permute(v: &mut Vec<u8>, k: usize, f: &mut impl FnMut(&[u8])) {
    if k == v.len() {
        f(v);
        return;
    }
    for i in k..v.len() {
        v.swap(k, i);
        permute(v, k + 1, f);
        v.swap(k, i);
    }
}

/// Do two pieces attack each other? Straight from the definitions.
fn legal(p: &Permutation, q: &[u8]) -> bool {
    let n = p.n as i64;
    let m = |x: i64| if p.wrap { x.rem_euclid(n) } else { x };
    for i in 0..q.len() {
        for j in i + 1..q.len() {
            let dr = m(j as i64 - i as i64);
            let dc = m(i64::from(q[j]) - i64::from(q[i]));
            if p.diagonals && (dc == dr || dc == m(-dr)) {
                return false;
            }
            for &(a, b) in &p.leaps {
                for (x, y) in [(a as i64, b as i64), (b as i64, a as i64)] {
                    for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                        if dr == m(sx * x) && dc == m(sy * y) {
                            return false;
                        }
                    }
                }
            }
        }
    }
    true
}

fn leap_sets() -> Vec<Vec<(usize, usize)>> {
    vec![vec![], vec![(1, 2)], vec![(0, 1), (1, 1)], vec![(1, 3)]]
}

#[test]
fn agrees_with_brute_force() {
    for n in 1..=8 {
        for diagonals in [false, true] {
            for wrap in [false, true] {
                for leaps in leap_sets() {
                    let p = Permutation {
                        n,
                        diagonals,
                        wrap,
                        leaps,
                    };
                    let (total, unique) = brute(&p);
                    for threads in [1, 2] {
                        let c = count(&p, threads);
                        assert_eq!(
                            (c.total, c.unique),
                            (total, unique),
                            "{p:?} threads {threads}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn subproblems_add_up() {
    for p in [
        Permutation::queens(11),
        Permutation {
            leaps: vec![(1, 2)],
            ..Permutation::rooks(9)
        },
    ] {
        let subs = subproblems(&p);
        assert_eq!(subs, subproblems(&p));
        let sum = subs
            .iter()
            .map(|s| count_subproblem(&p, s))
            .fold(Counts::default(), Add::add);
        assert_eq!(sum, count(&p, 1));
        assert_eq!(sum, count(&p, 2));
        assert_eq!(sum, count(&p, 3));
    }
}

#[test]
fn prefixes_of_any_depth_add_up() {
    // Hand-made subproblems deeper than the split (down to whole
    // solutions) still count right: the fast path hands them on.
    for n in 8..=9 {
        let p = Permutation::queens(n);
        let rules = Rules::new(&p);
        let want = count(&p, 1);
        for depth in 1..=n {
            let (mut total, mut unique) = (0, 0);
            for prefix in rules.prefixes(depth) {
                let c = count_subproblem(&p, &prefix);
                total += c.total;
                unique += c.unique;
            }
            assert_eq!(
                (total, unique),
                (want.total, want.unique),
                "n = {n}, depth {depth}"
            );
        }
    }
}

#[test]
fn fast_path_matches_generic() {
    // The plain queens fast path against the generic engine on the same split.
    for n in queens::MIN_N..=12 {
        let p = Permutation::queens(n);
        let rules = Rules::new(&p);
        for s in subproblems(&p) {
            let fast = queens::count(&rules, &s).counts();
            // The five-row search compiled without POPCNT/BMI, and the
            // six-row one with PEXT in plain code.
            let plain = queens::dispatch::<false>(&rules, &s, wide::soft_pext).counts();
            let six = queens::dispatch::<true>(&rules, &s, wide::soft_pext).counts();
            let slow = general::count(&rules, &s).counts();
            assert_eq!(
                (fast.total, fast.unique),
                (slow.total, slow.unique),
                "n = {n} {s:?}"
            );
            assert_eq!((plain.total, plain.unique), (slow.total, slow.unique));
            // Nodes differ: the six-row search takes every state of row
            // n-6, without the look-ahead.
            assert_eq!((six.total, six.unique), (plain.total, plain.unique));
        }
    }
}

fn check_sequence(p: impl Fn(usize) -> Permutation, want: &[u128], unique: bool) {
    for (i, &w) in want.iter().enumerate() {
        let p = p(i + 1);
        let c = count(&p, 2);
        let got = if unique { c.unique } else { c.total };
        assert_eq!(got, w, "{p:?}");
    }
}

#[test]
fn queens_a000170() {
    let want = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712];
    check_sequence(Permutation::queens, &want, false);
}

#[test]
fn queens_unique_a002562() {
    let want = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233];
    check_sequence(Permutation::queens, &want, true);
}

#[test]
fn torus_queens_a007705() {
    let want = [1, 0, 0, 0, 10, 0, 28, 0, 0, 0, 88, 0, 4524];
    check_sequence(
        |n| Permutation {
            wrap: true,
            ..Permutation::queens(n)
        },
        &want,
        false,
    );
}

#[test]
fn superqueens_a051223() {
    let want = [1, 0, 0, 0, 0, 0, 0, 0, 0, 4, 44, 156];
    check_sequence(
        |n| Permutation {
            leaps: vec![(1, 2)],
            ..Permutation::queens(n)
        },
        &want,
        false,
    );
}

#[test]
fn hertzsprung_a002464() {
    let want = [1, 0, 0, 2, 14, 90, 646, 5242, 47622, 479306];
    check_sequence(
        |n| Permutation {
            leaps: vec![(0, 1), (1, 1)],
            ..Permutation::rooks(n)
        },
        &want,
        false,
    );
}

#[test]
fn rooks_are_factorials() {
    let mut f = 1u128;
    for n in 1..=9 {
        f *= n as u128;
        assert_eq!(count(&Permutation::rooks(n), 1).total, f);
    }
}

#[test]
fn empty_board() {
    let c = count(&Permutation::queens(0), 1);
    assert_eq!((c.total, c.unique), (1, 1));
}

#[test]
fn threads_do_not_change_results() {
    let p = Permutation::queens(12);
    let one = count(&p, 1);
    assert_eq!(one.total, 14200);
    assert_eq!(one, count(&p, 2));
    assert_eq!(one, count(&p, 4));
}

#[test]
#[ignore = "slow in debug builds"]
fn queens_a000170_large() {
    let want: [(usize, u128, u128); 4] = [
        (14, 365_596, 45_752),
        (15, 2_279_184, 285_053),
        (16, 14_772_512, 1_846_955),
        (17, 95_815_104, 11_977_939),
    ];
    for (n, total, unique) in want {
        let c = count(&Permutation::queens(n), 2);
        assert_eq!((c.total, c.unique), (total, unique), "n = {n}");
    }
}

#[test]
fn diagonal_leaps_keep_the_fast_path() {
    let king = Permutation {
        leaps: vec![(0, 1), (1, 1), (2, 2)],
        ..Permutation::queens(9)
    };
    assert!(Rules::new(&king).fast());
    assert_eq!(count(&king, 1), count(&Permutation::queens(9), 1));
    let torus = Permutation {
        wrap: true,
        leaps: vec![(1, 4)],
        ..Permutation::queens(5)
    };
    assert!(Rules::new(&torus).leaps.is_empty());
}
