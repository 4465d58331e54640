use super::*;
use crate::plan::Engine;
use crate::search::tests::plan;

/// K pieces per row, column and at most K per region (king moves apart
/// when `kings`) on an n×n picture of `labels`, label 0 an empty cell.
fn board(n: usize, k: usize, labels: &[u8], kings: bool) -> Plan {
    let picture: Vec<String> = (0..n)
        .map(|r| {
            let row = (0..n).map(|c| labels[r * n + c]);
            let token = |l: u8| format!("{}{}", l as usize % n, if l == 0 { "x" } else { "" });
            row.map(token).collect::<Vec<_>>().join(" ")
        })
        .collect();
    let leaps = if kings { "leaps = [\"king\"]\n" } else { "" };
    let text = format!(
        "name = \"s\"\n[board]\nregions = \"\"\"\n{}\n\"\"\"\n[piece]\ncount = {}\n{leaps}\
         [[group]]\nof = \"row\"\ncount = {k}\n[[group]]\nof = \"column\"\ncount = {k}\n\
         [[group]]\nof = \"region\"\nmax = {k}\n",
        picture.join("\n"),
        n * k
    );
    let mut p = plan(&text, &[]);
    p.engine = Engine::Propagate;
    p
}

/// The row walk's count of `p`'s solutions.
fn want(p: &Plan) -> u128 {
    let mut rows = p.clone();
    rows.engine = Engine::Rows { groups: true };
    rows.count(CountOptions::default()).unwrap().count
}

/// Counts with a limit, on one thread and two, with the second walk
/// started after the first round of one-node budgets and restarts from the
/// first node, so that the walks and the restarts find the same solutions:
/// exact up to the limit.
fn rounds_agree(p: &Plan) -> Result<(), proptest::test_runner::TestCaseError> {
    let n = want(p);
    let split = Split::walked(p);
    for limit in [1, 2, 3, n, n + 1, KEPT + 1] {
        for threads in [1, 2] {
            let options = CountOptions {
                limit: Some(limit),
                threads,
                ..CountOptions::default()
            };
            for schedule in [(1, 0, 0), (2, 5, 3), (FIRST, SECOND_AFTER, RESTART_AFTER)] {
                let got = count_with(p, &split, &options, schedule).unwrap().count;
                proptest::prop_assert_eq!(got, n.min(limit), "limit {} {:?}", limit, schedule);
            }
        }
    }
    Ok(())
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(30))]
    /// Random boards, many with dozens of solutions: two pieces per row
    /// and column, at most two per region, no king moves, holes.
    #[test]
    fn second_walk_never_counts_a_solution_twice(
        n in 5..=7usize,
        labels in proptest::collection::vec(0..9u8, 49),
    ) {
        rounds_agree(&board(n, 2, &labels, false))?;
    }

    /// Star Battle-like boards: king moves apart, one star per row, column
    /// and region at most.
    #[test]
    fn second_walk_agrees_on_star_boards(
        n in 5..=8usize,
        labels in proptest::collection::vec(1..9u8, 64),
    ) {
        rounds_agree(&board(n, 1, &labels, true))?;
    }
}

#[test]
fn kept_solutions_count_once() {
    let mut found = Found {
        limit: 3,
        count: 0,
        seen: Some(HashSet::new()),
        restarts: None,
        walked: 0,
        restart_after: 0,
        allowance: 0,
        repeats: 0,
        busy: false,
    };
    assert!(found.add(&[1, 5]));
    assert!(!found.add(&[1, 5]));
    assert!(found.add(&[2, 6]));
    assert_eq!(found.count, 2);
    assert!(!found.reached());
    found.add(&[3, 7]);
    assert!(found.reached());
}

/// A tree the split holds whole: every part is a solution, and the count's
/// nodes are those of the split's walks (they were reported as 0).
#[test]
fn nodes_count_the_splits_walks() {
    // One king-free piece per row, column and row-shaped region of a 5×5
    // board: 14 solutions.
    let labels: Vec<u8> = (0..25).map(|c| 1 + c / 5).collect();
    let p = board(5, 1, &labels, true);
    let split = Split::walked(&p);
    assert!(split.nodes > 0);
    for limit in [2, 20] {
        let options = CountOptions {
            limit: Some(limit),
            ..CountOptions::default()
        };
        let tally = count(&p, &split, &options).unwrap();
        assert_eq!(tally.count, limit.min(14));
        assert!(
            tally.nodes >= split.nodes,
            "{} < {}",
            tally.nodes,
            split.nodes
        );
    }
    let options = CountOptions {
        limit: Some(20),
        ..CountOptions::default()
    };
    // Counted through the library as the CLI does.
    assert!(p.count(options).unwrap().nodes > 0);
}

/// The limit whose count's first part panics in a round shared between
/// threads ([`panic_hook`]).
const PANICS: u128 = 987_654_321;

/// Panics in the walk of a shared round's first part of a count up to
/// [`PANICS`].
pub(super) fn panic_hook(options: &CountOptions, at: usize) {
    if options.limit == Some(PANICS) && at == 0 {
        panic!("a part's walk panics");
    }
}

/// A star board of `n` rows whose split has many parts.
fn star(n: usize) -> Plan {
    let labels: Vec<u8> = (0..n * n)
        .map(|c| (1 + c % n + c / (2 * n)) as u8)
        .collect();
    board(n, 1, &labels, true)
}

/// A part's walk that panics on two threads makes the count panic (the
/// other thread does not wait for it forever).
#[test]
fn a_panic_in_a_shared_round_is_raised_again() {
    let p = star(8);
    let split = Split::walked(&p);
    assert!(split.parts.len() > 1);
    let options = CountOptions {
        limit: Some(PANICS),
        threads: 2,
        ..CountOptions::default()
    };
    let run = std::panic::catch_unwind(AssertUnwindSafe(|| count(&p, &split, &options)));
    assert!(run.is_err());
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(12))]
    /// Star boards whose trees take hundreds of nodes, counted whole and up
    /// to a limit on two threads (where a waiting thread is given branches
    /// within a round): the row walk's count.
    #[test]
    fn shared_rounds_agree_on_bigger_boards(
        n in 8..=11usize,
        labels in proptest::collection::vec(1..12u8, 121),
    ) {
        let p = board(n, 1, &labels, true);
        let n_solutions = want(&p);
        let split = Split::walked(&p);
        for limit in [None, Some(KEPT)] {
            let options = CountOptions { limit, threads: 2, ..CountOptions::default() };
            let got = count_with(&p, &split, &options, (1, SECOND_AFTER, RESTART_AFTER))
                .unwrap()
                .count;
            proptest::prop_assert_eq!(got, n_solutions.min(limit.unwrap_or(u128::MAX)));
        }
    }
}
