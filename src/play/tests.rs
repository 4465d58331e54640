//! The play session's tests: moves and undo, automatic marks, conflicts,
//! solved, hints against the solution (and, on small puzzles with several
//! solutions, against every solution by the brute-force oracle), and the
//! share text and Star Battle Notation, garbage included (`tests/hint.rs`,
//! `tests/share.rs`, `tests/sbn.rs`).

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

/// A Queens game with two solutions, both with a queen at (4,5).
const SEVERAL: &str = "DACCD/EEECE/DDDCA/ECBEB/BAEAA";

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

mod hint;
mod sbn;
mod share;

#[test]
fn where_logic_runs_out_on_several_solutions_the_hint_says_not_unique() {
    // eight 4×2 blocks: logic finds nothing from the start
    let blocks = "AAAABBBB/AAAABBBB/CCCCDDDD/CCCCDDDD/EEEEFFFF/EEEEFFFF/GGGGHHHH/GGGGHHHH";
    let game = Game::from_picture("region-queens", 1, blocks).unwrap();
    match game.hint() {
        Hint::Stuck(why) => {
            assert!(
                why.starts_with("not unique: at least 2 solutions; they differ at "),
                "{why}"
            );
            assert!(why.ends_with("logic cannot choose between them"), "{why}");
        }
        other => panic!("{other:?}"),
    }
    // a unique puzzle where logic runs out still says so plainly
    let (game, _) = generated("star-battle", 1, 8, 7);
    if let Hint::Stuck(why) = game.hint() {
        assert!(!why.contains("not unique"), "{why}");
    }
}
