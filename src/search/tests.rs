use super::*;
use crate::problem::{Bindings, Problem, oracle};
use crate::spec::{RuleSpec, builtin};

pub(super) fn plan(text: &str, set: &[(&str, i64)]) -> Plan {
    let spec = RuleSpec::parse("t.toml", text).unwrap();
    let bindings = Bindings {
        set: set.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
        ..Bindings::default()
    };
    Problem::bind(&spec, &bindings)
        .unwrap_or_else(|e| panic!("{e}"))
        .plan()
}

fn cells(plan: &Plan, s: &Solution) -> Vec<usize> {
    s.cells.iter().map(|&(r, c)| r * plan.cols() + c).collect()
}

/// Count, iterator, parallel count and the oracle agree, in order.
pub(super) fn agree(plan: &Plan) -> u128 {
    let expected = oracle::solutions(&plan.problem);
    let mut listed: Vec<Vec<usize>> = plan.solutions(false).map(|s| cells(plan, &s)).collect();
    let first = plan.first().map(|s| cells(plan, &s));
    assert_eq!(first.as_ref(), listed.first());
    let own_order = matches!(
        plan.engine,
        crate::plan::Engine::Units | crate::plan::Engine::Propagate
    );
    if own_order {
        // The unit kernels have their own order; the set is what must agree.
        listed.sort();
    }
    assert_eq!(listed, expected, "{}", plan.describe());
    let n = expected.len() as u128;
    assert_eq!(plan.count(CountOptions::default()).unwrap().count, n);
    assert_eq!(
        plan.count(CountOptions {
            threads: 2,
            ..CountOptions::default()
        })
        .unwrap()
        .count,
        n
    );
    assert_eq!(count_parts(plan, &plan.subproblems()), n);
    if !own_order {
        assert_eq!(first.as_ref(), expected.first());
    }
    n
}

/// The sum of the parts' counts: the first through the public call, the
/// rest through one prepared split and one set of options (a wide board may
/// have a part per solution, and the default options read the kernel's
/// memory files).
pub(super) fn count_parts(plan: &Plan, parts: &[Subproblem]) -> u128 {
    let prepared = super::split::Split::prepare(plan);
    let options = CountOptions::default();
    let rest: u128 = parts
        .iter()
        .skip(1)
        .map(|p| prepared.count(plan, p, &options).unwrap().count)
        .sum();
    let first = parts
        .first()
        .map_or(0, |p| plan.count_subproblem(p, false).unwrap().count);
    first + rest
}

#[test]
fn builtins_agree_with_the_oracle() {
    for name in [
        "queens",
        "rooks",
        "bishops",
        "superqueens",
        "torus-queens",
        "hertzsprung",
    ] {
        for n in 1..=5 {
            agree(&plan(builtin(name).unwrap().text, &[("n", n)]));
        }
    }
    for name in ["kings", "knights"] {
        for n in 1..=4 {
            for count in 0..=n + 2 {
                if count <= n * n {
                    agree(&plan(
                        builtin(name).unwrap().text,
                        &[("n", n), ("count", count)],
                    ));
                }
            }
        }
    }
}

#[test]
fn queens_counts_match_a000170() {
    let expected = [1u128, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
    for (n, &want) in (1..).zip(&expected) {
        let p = plan(builtin("queens").unwrap().text, &[("n", n)]);
        assert_eq!(
            p.count(CountOptions {
                threads: 2,
                ..CountOptions::default()
            })
            .unwrap()
            .count,
            want,
            "n = {n}"
        );
    }
}

#[test]
fn unique_counts_match_a002562() {
    let expected = [1u128, 0, 0, 1, 2, 1, 6, 12, 46, 92];
    for (n, &want) in (1..).zip(&expected) {
        let p = plan(builtin("queens").unwrap().text, &[("n", n)]);
        let opts = CountOptions {
            unique: true,
            ..CountOptions::default()
        };
        assert_eq!(p.count(opts).unwrap().count, want, "n = {n}");
        assert_eq!(p.solutions(true).count() as u128, want);
    }
}

#[test]
fn limit_stops_counting() {
    let p = plan(builtin("queens").unwrap().text, &[("n", 8)]);
    let opts = CountOptions {
        limit: Some(2),
        ..CountOptions::default()
    };
    assert_eq!(p.count(opts).unwrap().count, 2);
}

#[test]
fn first_queens_solution_is_the_textbook_one() {
    let p = plan(builtin("queens").unwrap().text, &[("n", 8)]);
    let s = p.first().unwrap();
    let cols: Vec<usize> = s.cells.iter().map(|&(_, c)| c + 1).collect();
    assert_eq!(cols, [1, 5, 8, 6, 3, 7, 2, 4]);
}

/// `--first` order: the row-order first solution below `CONSTRUCT_FROM`,
/// the construction from there on, a valid solution at every size, and a
/// search again with `unique` or other rules.
#[test]
fn first_order_constructs_large_plain_queens() {
    use crate::engine::permutation::construct::{CONSTRUCT_FROM, construct, verify};
    let queens = builtin("queens").unwrap().text;
    for n in [4, 8, 12, CONSTRUCT_FROM - 1] {
        let p = plan(queens, &[("n", n as i64)]);
        assert_eq!(p.first_order(false).next(), p.first(), "n = {n}");
    }
    for n in [CONSTRUCT_FROM, 30, 32, 33, 63, 64, 65, 128, 200] {
        let p = plan(queens, &[("n", n as i64)]);
        let mut order = p.first_order(false);
        let s = order.next().unwrap();
        assert_eq!(order.next(), None, "one solution, n = {n}");
        let cols: Vec<usize> = s.cells.iter().map(|&(_, c)| c).collect();
        assert!(verify(&cols), "n = {n}");
        assert_eq!(Some(cols), construct(n), "n = {n}");
    }
    let superqueens = builtin("superqueens").unwrap().text;
    let p = plan(superqueens, &[("n", 10)]);
    assert_eq!(p.first_order(false).next(), p.first());
}

/// On a square torus the wrapped diagonals hold one queen each too, so
/// `--first` branches on the most constrained row, column or diagonal:
/// n = 31 took 105 million nodes in row order (29 s), n = 49 48 million
/// (15 s; about 290 000 now, in PERFORMANCE.md "Wide boards", too slow
/// for a debug test). Still every solution once (A051906: 10, 28 and 88 for
/// n = 5, 7 and 11; none for n = 6).
#[test]
fn first_order_on_a_torus_branches_on_its_diagonals_too() {
    let torus = builtin("torus-queens").unwrap().text;
    for (n, all) in [(5, 10), (6, 0), (7, 28), (11, 88)] {
        let p = plan(torus, &[("n", n)]);
        let mut got: Vec<Solution> = p.first_order(false).collect();
        got.sort_by(|a, b| a.cells.cmp(&b.cells));
        got.dedup();
        assert_eq!(got.len(), all, "n = {n}");
        assert_eq!(p.solutions(false).count(), all, "n = {n}");
    }
    for (n, most) in [(29, 20_000), (31, 20_000)] {
        let p = plan(torus, &[("n", n)]);
        let mut order = p.first_order(false);
        let s = order.next().unwrap();
        assert!(order.nodes() < most, "n = {n}: {} nodes", order.nodes());
        let n = n as usize;
        let (rows, cols): (Vec<usize>, Vec<usize>) = s.cells.iter().copied().unzip();
        let distinct = |f: &dyn Fn(usize, usize) -> usize| {
            let mut v: Vec<usize> = rows.iter().zip(&cols).map(|(&r, &c)| f(r, c)).collect();
            v.sort_unstable();
            v.dedup();
            v.len()
        };
        assert_eq!(s.cells.len(), n);
        assert_eq!(distinct(&|r, _| r), n);
        assert_eq!(distinct(&|_, c| c), n);
        assert_eq!(distinct(&|r, c| (r + n - c) % n), n);
        assert_eq!(distinct(&|r, c| (r + c) % n), n);
    }
}

/// Issue 38: the most bishops (2n − 2) are built from `CONSTRUCT_FROM` on,
/// where the row walk took minutes (22×22: over 100 s before its line
/// bound, 0.4 s with it); below, the walk's own first solution.
#[test]
fn first_order_constructs_the_most_bishops() {
    use crate::engine::permutation::construct::CONSTRUCT_FROM;
    let bishops = builtin("bishops").unwrap().text;
    for n in [2, 3, 8, 13] {
        let p = plan(bishops, &[("n", n as i64)]);
        assert_eq!(p.first_order(false).next(), p.first(), "n = {n}");
    }
    for n in [CONSTRUCT_FROM, 23, 30, 64, 101] {
        let p = plan(bishops, &[("n", n as i64)]);
        let mut order = p.first_order(false);
        let s = order.next().unwrap();
        assert_eq!(order.next(), None, "one solution, n = {n}");
        let cells: Vec<usize> = s.cells.iter().map(|&(r, c)| r * n + c).collect();
        assert_eq!(cells.len(), 2 * n - 2);
        assert!(
            crate::problem::oracle::is_solution(&p.problem, &cells),
            "n = {n}"
        );
    }
}

/// The walk's first solutions just below the construction and one bishop
/// short of the most (minutes in a debug build: run with `--release --
/// --ignored`).
#[test]
#[ignore = "slow in debug; run with --release -- --ignored"]
fn first_order_walks_bishops_near_the_construction() {
    use crate::engine::permutation::construct::CONSTRUCT_FROM;
    let bishops = builtin("bishops").unwrap().text;
    let p = plan(bishops, &[("n", (CONSTRUCT_FROM - 1) as i64)]);
    assert_eq!(p.first_order(false).next(), p.first());
    // one bishop fewer is not the most: the walk finds it
    let p = plan(bishops, &[("n", 30), ("count", 57)]);
    assert_eq!(p.first_order(false).next(), p.first());
}

#[test]
fn givens_holes_and_groups() {
    let star = "name = \"s\"\n[params]\nk = 1\n[board]\nregions = \"\"\"\nAABB\nAABB\nCCDD\nCCDD\n\"\"\"\n[piece]\ncount = \"k*rows\"\n[[group]]\nof = \"region\"\ncount = \"k\"\n[[group]]\nof = \"row\"\ncount = \"k\"\n[[group]]\nof = \"column\"\nmax = 1\n";
    assert_eq!(agree(&plan(star, &[])), 4 * 2 * 2);
    let holes = "name = \"h\"\n[board]\nrows = 5\nholes = [[1, 1], [3, 3]]\ncells = \"\"\"\n#....\n..Q..\n..#..\n.....\n.....\n\"\"\"\n[piece]\nsymbol = \"Q\"\ncount = 4\nlines = [\"column\", \"diagonal\"]\nleaps = [[0, 2]]\n";
    agree(&plan(holes, &[]));
}

/// Givens that already put more pieces in a group than its max leave no
/// solution (binding rejects such rules; the engine must not count them either).
#[test]
fn givens_over_a_group_max_leave_no_solution() {
    let text =
        "name = \"x\"\n[board]\nrows = 3\n[piece]\ncount = 3\n[[group]]\nof = \"row\"\nmax = 1\n";
    let mut problem = plan(text, &[]).problem;
    problem.givens = vec![0, 2];
    assert_eq!(agree(&problem.clone().plan()), 0);
    // Nothing left to place: the givens alone are the candidate.
    problem.givens = vec![0, 1, 2];
    assert_eq!(agree(&problem.plan()), 0);
}

/// A star battle of `k` stars on an `n`×`n` picture of regions labelled
/// `labels[cell] % n`.
fn star_battle(n: usize, k: usize, labels: &[u8]) -> Plan {
    let picture: Vec<String> = (0..n)
        .map(|r| {
            (0..n)
                .map(|c| char::from(b'A' + labels[r * n + c] % n as u8))
                .collect()
        })
        .collect();
    let text = format!(
        "name = \"s\"\n[board]\nregions = \"\"\"\n{}\n\"\"\"\n[piece]\ncount = {}\n\
         leaps = [\"king\"]\n[[group]]\nof = \"row\"\ncount = {k}\n[[group]]\nof = \"column\"\n\
         count = {k}\n[[group]]\nof = \"region\"\ncount = {k}\n",
        picture.join("\n"),
        n * k
    );
    let mut p = plan(&text, &[]);
    p.engine = crate::plan::Engine::Propagate;
    p
}

/// With a limit, counts over the split on two threads stop at the limit.
fn limited_counts_agree(p: &Plan, n: u128) {
    for limit in 1..=3 {
        let options = CountOptions {
            limit: Some(limit),
            threads: 2,
            ..CountOptions::default()
        };
        assert_eq!(
            p.count(options).unwrap().count,
            n.min(limit),
            "limit {limit}"
        );
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(40))]
    /// The propagating search's split (pieces and empty cells decided) and
    /// its limited parallel counts agree with the oracle on random regions.
    #[test]
    fn propagating_split_agrees_with_the_oracle(
        n in 4..=6usize,
        labels in proptest::collection::vec(0..6u8, 36),
    ) {
        let p = star_battle(n, 1, &labels);
        let count = agree(&p);
        limited_counts_agree(&p, count);
    }

    /// Two stars on the 10×10 example puzzle with up to 40 cells moved to a
    /// neighbour's region: the propagating search, whole, split and
    /// limited, counts what the row walk counts.
    #[test]
    fn propagating_split_agrees_with_the_row_walk(
        moves in proptest::collection::vec((0..100usize, 0..4usize), 0..40),
    ) {
        let text = include_str!("../../examples/puzzles/star-battle-10.txt");
        let mut labels: Vec<u8> = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .flat_map(|l| l.bytes().map(|b| b - b'A'))
            .collect();
        for (cell, dir) in moves {
            let (r, c) = (cell / 10, cell % 10);
            let (r2, c2) = [(r + 1, c), (r, c + 1), (r.wrapping_sub(1), c), (r, c.wrapping_sub(1))][dir];
            if r2 < 10 && c2 < 10 {
                labels[cell] = labels[r2 * 10 + c2];
            }
        }
        let n = 10;
        let p = star_battle(n, 2, &labels);
        agree_with_row_walk(&p)?;
    }

}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(10))]
    /// Two pieces per row and column on 5×5 and 6×6 boards with holes:
    /// bushy trees (thousands of solutions), so the split has many parts,
    /// most with cells left empty; whole, split and limited counts agree
    /// with the row walk.
    #[test]
    fn propagating_split_agrees_on_bushy_trees(
        n in 5..=6usize,
        holes in proptest::collection::vec(0..36usize, 3..10),
    ) {
        let picture: Vec<String> = (0..n)
            .map(|r| (0..n).map(|c| if holes.contains(&(r * n + c)) { '#' } else { '.' }).collect())
            .collect();
        let text = format!(
            "name = \"b\"\n[board]\ncells = \"\"\"\n{}\n\"\"\"\n[piece]\ncount = {}\n\
             [[group]]\nof = \"row\"\ncount = 2\n[[group]]\nof = \"column\"\n\
             count = 2\n",
            picture.join("\n"),
            2 * n
        );
        let p = plan(&text, &[]);
        proptest::prop_assert_eq!(p.engine, crate::plan::Engine::Propagate);
        agree_with_row_walk(&p)?;
    }
}

/// Whole, split, two-thread and limited counts of the propagating search
/// agree with the row walk's count.
fn agree_with_row_walk(p: &Plan) -> Result<(), proptest::test_runner::TestCaseError> {
    let mut rows = p.clone();
    rows.engine = crate::plan::Engine::Rows { groups: true };
    let want = rows.count(CountOptions::default()).unwrap().count;
    proptest::prop_assert_eq!(p.count(CountOptions::default()).unwrap().count, want);
    let parts = p.subproblems();
    proptest::prop_assert_eq!(count_parts(p, &parts), want);
    let two = CountOptions {
        threads: 2,
        ..CountOptions::default()
    };
    proptest::prop_assert_eq!(p.count(two).unwrap().count, want);
    limited_counts_agree(p, want);
    Ok(())
}
