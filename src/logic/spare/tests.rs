//! Tests of 2×2 blocks with one to spare.

use super::case::Why;
use super::*;
use crate::logic::tests::{puzzle, random_regions};
use rand::{Rng, SeedableRng};

/// The regions of a random 7×7 one-star grid with solutions, where the
/// forms of a reason are built by hand.
const GRID_7: &str = "BEACDAB\nCAECCGF\nBABGGED\nBCFFAED\nBEFCDGG\nDGDECFG\nDGBABFB\n";

/// On states of random grids with one or several solutions (each cell
/// marked towards one of them at random), every step of 2×2 blocks with
/// one to spare places only cells that every solution of the state has
/// and empties only cells that none has; and it finds steps.
#[test]
fn spare_blocks_hold_in_every_solution() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(34);
    let (mut states, mut found, mut checked) = (0, 0, [0; 4]);
    for (k, size) in [(1, 6), (1, 7), (2, 8), (2, 9), (2, 10)] {
        for _ in 0..8 {
            let p = puzzle("star-battle", k, &random_regions(size, &mut rng));
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
                let forms = dropped_cases_fail_as_said(&b, &split);
                (0..4).for_each(|i| checked[i] += forms[i]);
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
    crate::cli::stderr_line(format_args!("dropped cases checked per form: {checked:?}"));
    assert!(checked.iter().sum::<usize>() > 0, "no dropped case checked");
}

/// Checks that every dropped case of `s`, the split shown on `b`, fails as its
/// reason says, and returns how many were checked per form (the
/// techniques' words, probes from the case's own marks, probes with
/// shared decisions, a clash):
/// - the techniques' words are what they find again on the case's own
///   marks (this only shows that the case's board was left as it was);
/// - a clash names a cell that the state's own settling decides so and
///   the case marks otherwise, in its emptied block or not as said;
/// - with the case's marks and the shared cells named, each cell listed
///   as a failed trial fails in turn under the search's rules (no
///   probing): a piece there, with the cells listed before it emptied,
///   is a contradiction; and with all of them emptied, so is the case.
fn dropped_cases_fail_as_said(b: &Board, s: &Split) -> [usize; 4] {
    let parent = b.settled(ROUNDS).expect("a state with a step");
    let mut checked = [0; 4];
    for (case, group) in s.cases.iter().zip(&s.groups) {
        let Fate::Dead(why) = &case.fate else {
            continue;
        };
        let words = why.words(&case.board);
        let (shared, emptied) = match why {
            Why::Steps(said) => {
                checked[0] += 1;
                assert_eq!(case::contradiction(case.board.clone()).as_ref(), Some(said));
                continue;
            }
            &Why::Clash {
                cell,
                mark,
                emptied_block,
            } => {
                checked[3] += 1;
                assert_eq!(parent[cell], Some(mark == Mark::Piece), "{words}");
                let own = case.board.marks[cell];
                assert!(own != Mark::Open && own != mark, "{words}");
                assert_eq!(group.contains(&cell), emptied_block, "{words}");
                continue;
            }
            Why::Probes { shared, emptied } => (shared, emptied),
        };
        checked[if shared.is_empty() { 1 } else { 2 }] += 1;
        for &(c, m) in shared {
            assert_eq!(parent[c], Some(m == Mark::Piece), "{words}");
        }
        fails_in_turn(&case.board, shared, emptied, &words);
    }
    checked
}

/// With `shared` marked on `case`, a piece on each cell of `emptied` in
/// turn (the cells before it emptied) is a contradiction under the
/// search's rules (no probing), and so is the case with all of them
/// emptied.
fn fails_in_turn(case: &Board, shared: &[(usize, Mark)], emptied: &[usize], words: &str) {
    let mut start = case::with(case, shared).expect(words);
    for &c in emptied {
        assert_eq!(start.marks[c], Mark::Open, "{words}");
        let mut trial = start.clone();
        trial.marks[c] = Mark::Piece;
        assert!(trial.settled(0).is_err(), "{} fails: {words}", case.at(c));
        start.marks[c] = Mark::Empty;
    }
    assert!(start.settled(0).is_err(), "{words}");
}

/// The dropped cases of every `spare-2x2` step in the explanations of
/// the published Star Battles in `$PLACER_PUZZLES` (files `starK-….txt`,
/// third-party data, never in the repository) fail as their reasons
/// say ([`dropped_cases_fail_as_said`]), the split checked being the
/// one whose step is shown; it fails when it checks none.
/// `PLACER_PUZZLES=/tmp/shsbn/p cargo test --release --lib
/// spare::tests::published -- --ignored`.
#[test]
#[ignore]
fn published_dropped_cases_fail_as_said() {
    let dir = std::env::var("PLACER_PUZZLES").expect("PLACER_PUZZLES names the puzzles' folder");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let mut checked = [0; 4];
    for file in files {
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        let Some(k) = name
            .strip_prefix("star")
            .and_then(|s| s.get(..1))
            .and_then(|d| d.parse::<i64>().ok())
        else {
            continue;
        };
        let text = std::fs::read_to_string(&file).unwrap();
        let p = puzzle("star-battle", k, &text);
        let path = crate::logic::path::explain(&p).unwrap();
        let mut b = Board::new(&p).unwrap();
        for step in &path.steps {
            if step.technique == Technique::SpareBlock {
                let (s, decided) = shown(&b).expect("the step shown");
                assert_eq!(decide(&b, &s, &decided), *step, "{name}");
                let forms = dropped_cases_fail_as_said(&b, &s);
                (0..4).for_each(|i| checked[i] += forms[i]);
            }
            b.apply(step);
        }
    }
    crate::cli::stderr_line(format_args!("dropped cases checked per form: {checked:?}"));
    assert!(
        checked.iter().sum::<usize>() > 0,
        "no dropped case in {dir}"
    );
}

/// 2×2 blocks with one to spare runs on boards up to [`MAX_CELLS`]
/// cells: a 7×7 one-star state where it finds a step, set in the
/// top-left corner of a 21×21 board (the rest of the board decided: a
/// star a row and column in the bottom-right, the other cells empty),
/// still finds a step there; set in a 22×22 board it does not run.
#[test]
fn runs_up_to_max_cells() {
    assert_eq!(MAX_CELLS, 21 * 21);
    let bind = |text: String| puzzle("star-battle", 1, &text);
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
    for (n, runs) in [(17, true), (21, true), (22, false)] {
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

/// Areas may need up to six pieces on boards up to 17×17, three above.
#[test]
fn larger_boards_split_areas_of_fewer_cases() {
    assert_eq!(max_need(17 * 17), 6);
    assert_eq!(max_need(17 * 18), 3);
    assert_eq!(max_need(21 * 21), 3);
}

/// The words of each form of a dropped case's reason.
#[test]
fn reasons_read_as_said() {
    let p = puzzle("star-battle", 1, GRID_7);
    let b = Board::new(&p).unwrap();
    let at = |r: usize, c: usize| (r - 1) * 7 + c - 1;
    let probes = |shared: &[(usize, Mark)], emptied: &[usize]| {
        Why::Probes {
            shared: shared.to_vec(),
            emptied: emptied.to_vec(),
        }
        .words(&b)
    };
    let clash = |cell, mark, emptied_block| {
        Why::Clash {
            cell,
            mark,
            emptied_block,
        }
        .words(&b)
    };
    let said = "row 1 has 2 stars";
    assert_eq!(Why::Steps(said.to_string()).words(&b), said);
    let end = "the rules with band counting leave no way to complete it";
    assert_eq!(probes(&[], &[]), end);
    assert_eq!(
        probes(&[], &[at(1, 2)]),
        format!("a star at (1,2) fails and {end}")
    );
    assert_eq!(
        probes(&[], &[at(1, 2), at(3, 4)]),
        format!("a star fails in turn at (1,2) (3,4) and {end}")
    );
    let state = "the rules and trials on the state itself";
    assert_eq!(
        probes(
            &[
                (at(1, 1), Mark::Piece),
                (at(2, 3), Mark::Empty),
                (at(2, 4), Mark::Empty)
            ],
            &[at(5, 5)]
        ),
        format!(
            "{state} place a star at (1,1) and empty (2,3) (2,4), and with those a star at (5,5) fails and {end}"
        )
    );
    assert_eq!(
        probes(&[(at(1, 1), Mark::Piece), (at(3, 2), Mark::Piece)], &[]),
        format!("{state} place stars at (1,1) (3,2), and with those {end}")
    );
    assert_eq!(
        clash(at(4, 4), Mark::Piece, true),
        format!("{state} place a star at (4,4), in this empty block")
    );
    assert_eq!(
        clash(at(4, 4), Mark::Piece, false),
        format!(
            "{state} place a star at (4,4), which this case empties: a star there would leave one of its blocks none"
        )
    );
    assert_eq!(
        clash(at(4, 4), Mark::Empty, false),
        format!(
            "{state} empty (4,4), where this case has a star: the only cell left of one of its blocks"
        )
    );
}

/// The forms no random state or published puzzle reaches, on hand-made
/// decisions of the state (`parent`) for a case of a 7×7 one-star grid
/// with solutions: a decision that clashes with the case's star is
/// named as a clash; decisions that make the case fail are named, cut
/// down to those it needs (a cell empty in every solution, named first,
/// is left out), and they fail as said.
#[test]
fn shared_decisions_are_named_and_cut_down() {
    let p = puzzle("star-battle", 1, GRID_7);
    let all: Vec<Vec<usize>> = p
        .clone()
        .plan()
        .solutions(false)
        .map(|s| s.cells.iter().map(|&(r, c)| p.cell(r, c)).collect())
        .collect();
    let b = Board::new(&p).unwrap();
    // a star of a solution that the state's decisions empty: a clash
    let star = all[0][0];
    let mut parent = vec![None; b.marks.len()];
    parent[star] = Some(false);
    let mut case = Case {
        board: b.clone(),
        fate: Fate::Alive,
    };
    case.board.marks[star] = Mark::Piece;
    case.settle(&parent, &[]);
    case.explain();
    let Fate::Dead(why @ Why::Clash { .. }) = &case.fate else {
        panic!("no clash");
    };
    assert_eq!(
        why.words(&case.board),
        format!(
            "the rules and trials on the state itself empty {}, where this case has a star: the only cell left of one of its blocks",
            b.at(star)
        )
    );
    // two stars in the last row, and a cell no solution has before them
    let none = (0..42)
        .find(|c| all.iter().all(|s| !s.contains(c)))
        .unwrap();
    let mut parent = vec![None; b.marks.len()];
    parent[none] = Some(false);
    parent[42] = Some(true);
    parent[44] = Some(true);
    let mut case = Case {
        board: b.clone(),
        fate: Fate::Alive,
    };
    case.settle(&parent, &[]);
    case.explain();
    let Fate::Dead(Why::Probes { shared, emptied }) = &case.fate else {
        panic!("not refuted by probes");
    };
    assert!(!shared.is_empty() && shared.len() < 3, "{shared:?}");
    assert!(shared.iter().all(|&(c, m)| c != none && m == Mark::Piece));
    fails_in_turn(&case.board, shared, emptied, "shared decisions");
}
