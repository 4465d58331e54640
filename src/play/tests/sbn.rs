//! Star Battle Notation: lines written from the format's description (by
//! the encoder below) read back, and broken lines refused.

use std::iter::repeat_n;

use super::*;

const ALPHABET: &[u8; 64] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";

/// `game` as an SBN line: its walls and, with `marks`, the player's cells.
fn encode(game: &Game, marks: bool) -> String {
    let n = game.rows();
    let mut walls = Vec::new();
    for r in 0..n {
        walls.extend((0..n - 1).map(|c| game.region(r, c) != game.region(r, c + 1)));
    }
    for c in 0..n {
        walls.extend((0..n - 1).map(|r| game.region(r, c) != game.region(r + 1, c)));
    }
    let padding = walls.len().div_ceil(6) * 6 - walls.len();
    let bits: Vec<bool> = repeat_n(false, padding).chain(walls).collect();
    let char_of = |v: usize| char::from(ALPHABET[v]);
    let borders: String = bits
        .chunks(6)
        .map(|six| char_of(six.iter().fold(0, |v, &b| v * 2 + usize::from(b))))
        .collect();
    let flag = if marks { 'e' } else { 'W' };
    let mut line = format!("{}{}{}{flag}{borders}", char_of(n), char_of(n), game.k());
    if marks {
        let mut states: Vec<usize> = states(game)
            .iter()
            .map(|s| match s {
                CellState::Empty => 0,
                CellState::Mark => 1,
                CellState::Piece => 2,
            })
            .collect();
        if n == 10 || n == 11 {
            line += &states.remove(0).to_string();
        }
        for three in states.chunks(3) {
            let v = three
                .iter()
                .chain(&[0, 0])
                .take(3)
                .fold(0, |v, &s| v * 4 + s);
            line.push(char_of(v));
        }
    }
    line
}

#[test]
fn a_line_with_walls_between_rows_has_the_rows_as_regions() {
    // 5×5: 20 open borders across, then 20 walls down; two padding bits.
    let game = Game::from_sbn("551W0003___").unwrap();
    assert_eq!((game.game(), game.k(), game.rows()), ("star-battle", 1, 5));
    for r in 0..5 {
        assert!((0..5).all(|c| game.region(r, c) == r));
    }
    assert!(states(&game).iter().all(|&s| s == CellState::Empty));
}

#[test]
fn lines_round_trip_regions_stars_and_marks() {
    for (k, size, seed) in [(1, 8, 3), (2, 10, 4), (1, 7, 2)] {
        let (mut game, solution) = generated("star-battle", k, size, seed);
        let regions = |g: &Game| {
            (0..size * size)
                .map(|c| g.region(c / size, c % size))
                .collect::<Vec<_>>()
        };
        let line = encode(&game, false);
        assert_eq!(game.to_sbn().unwrap(), line);
        let back = Game::from_sbn(&line).unwrap();
        assert_eq!(regions(&back), regions(&game), "{line}");
        assert!(states(&back).iter().all(|&s| s == CellState::Empty));
        let cells: Vec<(usize, usize)> = solution[..4].iter().map(|&c| game.coords(c)).collect();
        game.set(&cells, CellState::Piece);
        game.set(
            &[(0, 0), (size - 1, size - 1), (size - 1, 0)],
            CellState::Mark,
        );
        let line = encode(&game, true);
        let back = Game::from_sbn(&format!("{line}~history is not read")).unwrap();
        assert_eq!(states(&back), states(&game), "{line}");
        assert_eq!(back.k(), k);
        assert_eq!(regions(&back), regions(&game));
    }
}

#[test]
fn puzzles_sbn_cannot_draw_are_refused() {
    let split = Game::from_picture("star-battle", 1, "AB\nBA\n").unwrap();
    let err = split.to_sbn().unwrap_err();
    assert!(err.contains("in two parts"), "{err}");
}

#[test]
fn broken_lines_are_errors() {
    for (line, says) in [
        ("", "too short"),
        ("55", "too short"),
        ("56 1W", "not a character of SBN"),
        ("561W0003___", "`56` is not a side"),
        ("ZZ1W", "`ZZ` is not a side"),
        ("55xW0003___", "`x` is not a number of stars"),
        ("551W0003__", "take 7 characters, but the line has 6"),
        ("551W0003__*", "`*` is not a character"),
        ("551W0003___00", "the flag is `W`, not `e`"),
        ("551e0003___000", "take 9 characters, but the line has 3"),
        ("551e0003___00000000_", "3 is not a cell's state"),
        (
            "551W___________",
            "into 25 regions, but a Star Battle has 5",
        ),
        ("551W0000000", "into 1 regions"),
        ("551Wäö", "`ä` is not a character of SBN"),
    ] {
        let e = Game::from_sbn(line)
            .err()
            .unwrap_or_else(|| panic!("{line}: no error"));
        assert!(e.to_string().contains(says), "{line}: {e}");
    }
}
