//! Hints: wrong pieces and marks, hints alone to the solution, and random
//! boards against every solution by the brute-force oracle.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;

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
fn a_wrong_piece_in_a_unit_over_its_count_says_so() {
    let (mut game, solution) = generated("star-battle", 1, 8, 3);
    let right = game.coords(solution[0]);
    // A second star in the right star's row, touching no star.
    let far = (0..8).map(|c| (right.0, c)).find(|&(r, c)| {
        let cell = r * 8 + c;
        c.abs_diff(right.1) > 1
            && !solution
                .iter()
                .any(|&s| s == cell || game.attacks[s].contains(&cell))
    });
    let far = far.unwrap();
    game.set(&[right, far], CellState::Piece);
    let Hint::Wrong { cells, reason } = game.hint() else {
        panic!("{:?}", game.hint())
    };
    assert_eq!(cells, [far]);
    let (r, c) = (far.0 + 1, far.1 + 1);
    assert_eq!(
        reason,
        format!("the star at ({r},{c}) is wrong: row {r} holds 2 stars but takes 1")
    );
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
        Game::from_picture("region-queens", 1, SEVERAL).unwrap(),
        Game::from_picture("region-queens", 1, &rows(6)).unwrap(),
        Game::from_picture("region-queens", 1, "AAB/AAB/CCB").unwrap(),
        unique,
    ];
    for mut game in puzzles {
        let all = oracle::solutions(game.problem());
        let n = game.cells.len();
        for _ in 0..80 {
            game.reset();
            let near = all
                .get(rng.random_range(0..all.len().max(1)))
                .cloned()
                .unwrap_or_default();
            // Some of a solution's pieces, marks off it, and now and then
            // a mistake.
            let mistakes = rng.random_range(0..n as u32 / 4);
            for cell in 0..n {
                let state = match (near.contains(&cell), rng.random_range(0..n as u32)) {
                    (_, m) if m < mistakes / 2 => CellState::Mark,
                    (_, m) if m < mistakes => CellState::Piece,
                    (true, m) if m < n as u32 / 2 => CellState::Piece,
                    (false, m) if m < n as u32 / 2 => CellState::Mark,
                    _ => continue,
                };
                game.set(&[game.coords(cell)], state);
            }
            check_hint(&game, &all);
        }
    }
}

#[test]
fn with_several_solutions_wrong_means_wrong_in_every_one() {
    let mut game = Game::from_picture("region-queens", 1, SEVERAL).unwrap();
    assert!(!game.unique() && game.solution().is_some());
    let wrong = |game: &Game| match game.hint() {
        Hint::Wrong { cells, reason } => (cells, reason),
        other => panic!("{other:?}"),
    };
    // Both solutions have a queen at (4,5).
    game.set(&[(3, 4)], CellState::Mark);
    let (cells, reason) = wrong(&game);
    assert_eq!(cells, [(3, 4)]);
    assert_eq!(
        reason,
        "the mark at (4,5) is wrong: every solution has a queen there"
    );
    game.set(&[(0, 0)], CellState::Piece);
    let (_, reason) = wrong(&game);
    assert_eq!(reason, "the queen at (1,1) is wrong: it is in no solution");
    game.set(&[(1, 1)], CellState::Piece);
    let (cells, reason) = wrong(&game);
    assert_eq!(cells, [(0, 0), (1, 1)]);
    assert_eq!(reason, "the queens at (1,1) and (2,2) attack each other");
    // Each in a solution of its own, but not together.
    let mut game = Game::from_picture("region-queens", 1, QUADRANTS).unwrap();
    game.set(&[(0, 1), (2, 3)], CellState::Piece);
    let (cells, reason) = wrong(&game);
    assert_eq!(cells, [(0, 1), (2, 3)]);
    assert!(reason.contains("fit no solution together"), "{reason}");
    game.set(&[(2, 3)], CellState::Empty);
    assert!(matches!(game.hint(), Hint::Step(_)));
}
