//! The play session's tests: moves and undo, automatic marks, conflicts,
//! solved, hints against the solution (and, on small puzzles with several
//! solutions, against every solution by the brute-force oracle), and the
//! share text, garbage included (`tests/share.rs`).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::generate::generate;
use crate::problem::oracle;
use crate::spec::RuleSpec;

/// A generated puzzle of `game` with its one solution, cells increasing.
fn generated(game: &str, k: usize, size: usize, seed: u64) -> (Game, Vec<usize>) {
    let spec = RuleSpec::resolve(game).unwrap();
    let set = match game {
        "star-battle" => vec![("k".to_string(), k as i64)],
        _ => Vec::new(),
    };
    let puzzle = generate(&spec, &set, size, seed, 1).unwrap();
    let game = Game::new(puzzle.problem).unwrap();
    let cells = puzzle.solution.cells.iter().map(|&(r, c)| r * size + c);
    (game, cells.collect())
}

/// The Queens game on a 4×4 board of 2×2 regions: two solutions.
const QUADRANTS: &str = "AABB/AABB/CCDD/CCDD";

/// `n` rows, each its own region.
fn rows(n: usize) -> String {
    let row = |r: usize| char::from(b'A' + r as u8).to_string().repeat(n);
    (0..n).map(row).collect::<Vec<_>>().join("/")
}

fn states(game: &Game) -> Vec<CellState> {
    let all = (0..game.rows()).flat_map(|r| (0..game.cols()).map(move |c| (r, c)));
    all.map(|(r, c)| game.state(r, c)).collect()
}

#[test]
fn a_click_cycles_empty_mark_piece_and_undoes_one_at_a_time() {
    let mut game = Game::from_picture("region-queens", 1, QUADRANTS).unwrap();
    let mut seen = Vec::new();
    for _ in 0..3 {
        game.click(1, 2);
        seen.push(game.state(1, 2));
    }
    use CellState::{Empty, Mark, Piece};
    assert_eq!(seen, [Mark, Piece, Empty]);
    for expected in [Piece, Mark, Empty] {
        assert!(game.undo());
        assert_eq!(game.state(1, 2), expected);
    }
    assert!(!game.undo() && game.can_redo());
    game.click(9, 9); // off the board: no move
    assert!(game.redo() && game.redo());
    assert_eq!(game.state(1, 2), Piece);
    game.click(0, 0); // a new move drops the moves taken back
    assert!(!game.can_redo() && !game.redo());
}

#[test]
fn a_drag_is_one_move_and_a_move_that_changes_nothing_is_none() {
    let mut game = Game::from_picture("star-battle", 1, &rows(5)).unwrap();
    game.set(&[(0, 0), (0, 1), (2, 3)], CellState::Mark);
    game.set(&[(4, 4)], CellState::Empty);
    assert_eq!(
        states(&game)
            .iter()
            .filter(|&&s| s == CellState::Mark)
            .count(),
        3
    );
    assert!(game.undo());
    assert!(states(&game).iter().all(|&s| s == CellState::Empty));
    assert!(!game.can_undo());
    assert!(game.redo());
    assert_eq!(game.state(2, 3), CellState::Mark);
    game.reset();
    assert!(states(&game).iter().all(|&s| s == CellState::Empty));
    assert!(game.undo(), "a reset is a move");
    assert_eq!(game.state(0, 1), CellState::Mark);
}

#[test]
fn given_pieces_and_holes_are_fixed() {
    // The numeric form: `s` a given queen, `x` a hole.
    let picture = "0 0s 1 1/0 0 1x 1/2 2 3 3/2 2 3 3";
    let mut game = Game::from_picture("region-queens", 1, picture).unwrap();
    assert!(game.fixed(0, 1) && game.fixed(1, 2) && !game.fixed(0, 0));
    assert_eq!(game.state(0, 1), CellState::Piece);
    assert_eq!(game.state(1, 2), CellState::Mark);
    game.click(0, 1);
    game.set(&[(1, 2), (0, 1)], CellState::Empty);
    game.reset();
    assert!(!game.can_undo());
    assert_eq!(game.solution(), Some(vec![(0, 1), (1, 3), (2, 0), (3, 2)]));
    assert!(game.unique());
}

#[test]
fn automatic_marks_come_and_go_with_their_move() {
    let (mut game, solution) = generated("region-queens", 1, 7, 3);
    game.set_auto_marks(true);
    let (r, c) = game.coords(solution[0]);
    game.click(r, c);
    assert_eq!(
        states(&game)
            .iter()
            .filter(|&&s| s != CellState::Empty)
            .count(),
        1
    );
    game.click(r, c);
    for (cell, state) in states(&game).into_iter().enumerate() {
        let (r2, c2) = game.coords(cell);
        let ruled_out = (r2, c2) != (r, c)
            && (r2 == r
                || c2 == c
                || r2.abs_diff(r).max(c2.abs_diff(c)) == 1
                || game.region(r2, c2) == game.region(r, c));
        let expected = match ((r2, c2) == (r, c), ruled_out) {
            (true, _) => CellState::Piece,
            (false, true) => CellState::Mark,
            (false, false) => CellState::Empty,
        };
        assert_eq!(state, expected, "({r2},{c2})");
    }
    let with_marks = states(&game);
    assert!(game.undo());
    assert_eq!(
        states(&game)
            .iter()
            .filter(|&&s| s != CellState::Empty)
            .count(),
        1
    );
    assert!(game.redo());
    assert_eq!(states(&game), with_marks);

    // Two stars a row: the second star fills row 1, whose last cell is marked.
    let mut game = Game::from_picture("star-battle", 2, &rows(6)).unwrap();
    game.set_auto_marks(true);
    game.set(&[(0, 0)], CellState::Piece);
    assert_eq!(game.state(0, 5), CellState::Empty);
    assert_eq!(game.state(1, 1), CellState::Mark);
    game.set(&[(0, 3)], CellState::Piece);
    assert_eq!(game.state(0, 5), CellState::Mark);
    assert_eq!(game.state(1, 0), CellState::Mark, "attacked, not a piece");
    assert_eq!(game.state(2, 0), CellState::Empty, "column 1 holds 1 of 2");
    game.set_auto_marks(false);
    game.set(&[(3, 0)], CellState::Piece);
    assert_eq!(game.state(3, 1), CellState::Empty);
}

#[test]
fn conflicts_name_attacking_pieces_and_units_over_or_short() {
    let mut game = Game::from_picture("star-battle", 1, &rows(6)).unwrap();
    assert!(game.conflicts().is_empty());
    game.set(&[(0, 0), (0, 3), (2, 2), (3, 3)], CellState::Piece);
    let all: Vec<(usize, usize)> = (0..6).map(|c| (5, c)).collect();
    game.set(&all, CellState::Mark);
    let conflicts = game.conflicts();
    assert_eq!(conflicts.attacks, [((2, 2), (3, 3))]);
    let names = |units: &[UnitConflict]| units.iter().map(|u| u.name.clone()).collect::<Vec<_>>();
    // Star Battle's units: rows, columns, regions (its groups in order).
    assert_eq!(names(&conflicts.over), ["row 1", "column 4", "region A"]);
    assert_eq!(
        conflicts.over[0].cells,
        (0..6).map(|c| (0, c)).collect::<Vec<_>>()
    );
    assert_eq!((conflicts.over[0].pieces, conflicts.over[0].count), (2, 1));
    assert_eq!(names(&conflicts.short), ["row 6", "region F"]);
    assert_eq!(conflicts.short[0].room, 0);
    assert!(!game.solved());
}

#[test]
fn a_generated_puzzle_played_to_its_solution_is_solved() {
    for (name, k, size, seed) in [("region-queens", 1, 8, 1), ("star-battle", 2, 8, 7)] {
        let (mut game, solution) = generated(name, k, size, seed);
        assert_eq!(
            game.solution().unwrap(),
            solution.iter().map(|&c| game.coords(c)).collect::<Vec<_>>()
        );
        for (i, &cell) in solution.iter().enumerate() {
            assert!(!game.solved(), "{name}: solved after {i} pieces");
            let (r, c) = game.coords(cell);
            game.set(&[(r, c)], CellState::Piece);
        }
        assert!(game.solved() && game.conflicts().is_empty());
        assert_eq!(game.hint(), Hint::Solved);
        assert!(game.undo());
        assert!(!game.solved());
    }
}

#[test]
fn a_wrong_piece_or_mark_is_called_wrong() {
    let (mut game, solution) = generated("region-queens", 1, 7, 5);
    let outside = |game: &Game| {
        (0..49)
            .find(|c| !solution.contains(c))
            .map(|c| game.coords(c))
            .unwrap()
    };
    let (wr, wc) = outside(&game);
    game.set(&[(wr, wc)], CellState::Piece);
    let Hint::Wrong { cells, reason } = game.hint() else {
        panic!("{:?}", game.hint())
    };
    assert_eq!(cells, [(wr, wc)]);
    assert_eq!(
        reason,
        format!(
            "the queen at ({},{}) is wrong: it is not in the solution",
            wr + 1,
            wc + 1
        )
    );

    // A wrong piece beside a right one: the wrong one, and whom it attacks.
    game.reset();
    let right = game.coords(solution[3]);
    let attacking = game.attacks[solution[3]]
        .iter()
        .find(|c| !solution.contains(c))
        .unwrap();
    let wrong = game.coords(*attacking);
    game.set(&[right, wrong], CellState::Piece);
    let Hint::Wrong { cells, reason } = game.hint() else {
        panic!()
    };
    assert_eq!(cells, [wrong]);
    let at = |(r, c): (usize, usize)| format!("({},{})", r + 1, c + 1);
    assert_eq!(
        reason,
        format!(
            "the queen at {} is wrong: it attacks the queen at {}",
            at(wrong),
            at(right)
        )
    );

    // A mark on the solution's piece, in a row with no cell left unmarked.
    game.reset();
    let (r, c) = game.coords(solution[2]);
    let row: Vec<(usize, usize)> = (0..7).map(|c| (r, c)).collect();
    game.set(&row, CellState::Mark);
    let Hint::Wrong { cells, reason } = game.hint() else {
        panic!()
    };
    assert_eq!(cells, [(r, c)]);
    assert_eq!(
        reason,
        format!(
            "the mark at {} is wrong: the solution has a queen there (row {} needs 1 queen but has 0 cells left unmarked)",
            at((r, c)),
            r + 1
        )
    );
    // A wrong piece comes before a wrong mark.
    game.set(&[(wr, wc)], CellState::Piece);
    assert!(matches!(game.hint(), Hint::Wrong { cells, .. } if cells == [(wr, wc)]));
}

#[test]
fn hints_alone_play_a_puzzle_to_its_solution() {
    for (name, k, size, seed, auto) in [
        ("region-queens", 1, 9, 2, false),
        ("star-battle", 1, 8, 3, true),
        ("star-battle", 2, 10, 4, false),
    ] {
        let (mut game, solution) = generated(name, k, size, seed);
        game.set_auto_marks(auto);
        let mut steps = 0;
        loop {
            assert!(steps < 2 * size * size, "{name}: no end");
            steps += 1;
            let cells = |cells: &[usize]| cells.iter().map(|&c| game.coords(c)).collect::<Vec<_>>();
            match game.hint() {
                Hint::Solved => break,
                Hint::Step(step) => {
                    assert!(step.place.iter().all(|c| solution.contains(c)), "{step:?}");
                    assert!(
                        step.exclude.iter().all(|c| !solution.contains(c)),
                        "{step:?}"
                    );
                    let changed = step.place.iter().chain(&step.exclude);
                    assert!(changed.clone().any(|&c| game.cells[c] == CellState::Empty));
                    let (place, exclude) = (cells(&step.place), cells(&step.exclude));
                    game.set(&place, CellState::Piece);
                    game.set(&exclude, CellState::Mark);
                }
                Hint::Stuck(why) => {
                    // Logic runs out: a guess from the solution.
                    assert!(why.starts_with("logic runs out"), "{why}");
                    let open = solution
                        .iter()
                        .find(|&&c| game.cells[c] == CellState::Empty)
                        .unwrap();
                    let (r, c) = game.coords(*open);
                    game.set(&[(r, c)], CellState::Piece);
                }
                wrong => panic!("{name}: {wrong:?}"),
            }
        }
        assert!(game.solved());
    }
}

/// What `game.hint()` says holds for `all`, every solution of its puzzle.
fn check_hint(game: &Game, all: &[Vec<usize>]) {
    let pieces = game.cells_in(CellState::Piece);
    let marks = game.cells_in(CellState::Mark);
    let fitting: Vec<&Vec<usize>> = all
        .iter()
        .filter(|s| pieces.iter().all(|c| s.contains(c)) && !marks.iter().any(|c| s.contains(c)))
        .collect();
    match game.hint() {
        Hint::Solved => assert!(all.contains(&pieces)),
        Hint::Step(step) => {
            assert!(!fitting.is_empty(), "{step:?}");
            for s in fitting {
                assert!(step.place.iter().all(|c| s.contains(c)), "{step:?}");
                assert!(!step.exclude.iter().any(|c| s.contains(c)), "{step:?}");
            }
            let cells = step.place.iter().chain(&step.exclude);
            assert!(cells.clone().count() > 0);
            assert!(
                cells
                    .into_iter()
                    .all(|&c| game.cells[c] == CellState::Empty)
            );
        }
        Hint::Wrong { cells, reason } => {
            assert!(fitting.is_empty() && !cells.is_empty(), "{reason}");
            if let [(r, c)] = cells[..] {
                let cell = r * game.cols() + c;
                match game.cells[cell] {
                    CellState::Piece => assert!(all.iter().all(|s| !s.contains(&cell)), "{reason}"),
                    CellState::Mark => assert!(all.iter().all(|s| s.contains(&cell)), "{reason}"),
                    CellState::Empty => panic!("{reason}"),
                }
            }
        }
        Hint::Stuck(why) => assert!(all.is_empty() || !fitting.is_empty(), "{why}"),
    }
}

#[test]
fn hints_on_random_boards_agree_with_every_solution() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (unique, _) = generated("region-queens", 1, 6, 9);
    let puzzles = [
        Game::from_picture("region-queens", 1, QUADRANTS).unwrap(),
        Game::from_picture("region-queens", 1, &rows(6)).unwrap(),
        Game::from_picture("region-queens", 1, "AAB/AAB/CCB").unwrap(),
        unique,
    ];
    for mut game in puzzles {
        let all = oracle::solutions(game.problem());
        let n = game.cells.len();
        for _ in 0..60 {
            game.reset();
            let near = all
                .get(rng.random_range(0..all.len().max(1)))
                .cloned()
                .unwrap_or_default();
            for cell in 0..n {
                let state = match (near.contains(&cell), rng.random_range(0..10)) {
                    (true, 0..5) => CellState::Piece,
                    (false, 0..4) => CellState::Mark,
                    (_, 9) => [CellState::Mark, CellState::Piece][rng.random_range(0..2)],
                    _ => continue,
                };
                game.set(&[game.coords(cell)], state);
            }
            check_hint(&game, &all);
        }
    }
}

mod share;
