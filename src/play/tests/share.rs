//! Games from text: pictures, rules refused, the share text and garbage.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
#[test]
fn rules_other_than_the_region_games_are_refused() {
    let spec = RuleSpec::resolve("queens").unwrap();
    let bindings = crate::Bindings {
        set: vec![("n".into(), 6)],
        ..Default::default()
    };
    let e = Game::new(crate::Problem::bind(&spec, &bindings).unwrap()).unwrap_err();
    assert_eq!(
        e.message,
        "`queens` is not a game to play here: the games are region-queens and star-battle"
    );
    // The logic board's own word on a picture with too few regions.
    let e = Game::from_picture("region-queens", 1, "AAA/BBB/BBB").unwrap_err();
    assert!(
        e.message
            .starts_with("the picture has 2 regions, which need 1 queen each"),
        "{e}"
    );
    let e = Game::from_picture("star-batle", 1, QUADRANTS).unwrap_err();
    assert_eq!(e.message, "unknown game `star-batle`");
    assert_eq!(
        e.help.as_deref(),
        Some("did you mean `star-battle`? valid: region-queens, star-battle")
    );
    assert!(Game::from_picture("region-queens", 2, QUADRANTS).is_err());
    assert!(Game::from_picture("star-battle", 0, QUADRANTS).is_err());
    let big =
        Game::from_picture("star-battle", 1, &vec!["A".repeat(33); 33].join("/")).unwrap_err();
    assert_eq!(big.kind, Kind::TooBig);
    let e = Game::from_picture("region-queens", 1, "AB\nA").unwrap_err();
    assert!(e.to_string().contains("picture row 2 has 1 cell"), "{e}");
}

#[test]
fn slashes_and_line_breaks_separate_rows_alike() {
    let a =
        Game::from_picture("star-battle", 1, "# rows/columns\nAABB/AABB\nCCDD\nCCDD\n").unwrap();
    let b = Game::from_picture("star-battle", 1, "AABB\nAABB\nCCDD\nCCDD").unwrap();
    assert_eq!((a.share(), a.rows()), (b.share(), 4));
}

#[test]
fn the_share_text_round_trips_puzzle_and_progress() {
    let (mut game, solution) = generated("star-battle", 2, 8, 7);
    assert!(game.share().starts_with("play=star-battle&k=2&regions="));
    assert!(!game.share().contains("state="));
    let cells: Vec<(usize, usize)> = solution[..5].iter().map(|&c| game.coords(c)).collect();
    game.set(&cells, CellState::Piece);
    game.set(&[(0, 0), (7, 7)], CellState::Mark);
    let text = game.share();
    let back = Game::from_share(&format!("#{text}")).unwrap();
    assert_eq!(back.share(), text);
    assert_eq!(states(&back), states(&game));
    assert_eq!(
        (back.game(), back.k(), back.rows(), back.cols()),
        ("star-battle", 2, 8, 8)
    );
    let regions = |g: &Game| (0..64).map(|c| g.region(c / 8, c % 8)).collect::<Vec<_>>();
    assert_eq!(regions(&back), regions(&game));
    assert!(!back.can_undo());
    assert_eq!(back.hint(), game.hint());

    // Givens and holes, and region labels that are digits (relabelled).
    let given =
        Game::from_picture("region-queens", 1, "0 0s 1 1/0 0 1x 1/2 2 3 3/2 2 3 3").unwrap();
    let text = given.share();
    assert_eq!(
        text,
        "play=region-queens&regions=AABB/AABB/CCDD/CCDD&given=.s../..x./..../...."
    );
    let back = Game::from_share(&text).unwrap();
    assert!(back.fixed(0, 1) && back.fixed(1, 2));
    assert_eq!(states(&back), states(&given));
}

#[test]
fn garbage_is_an_error_never_a_panic() {
    let q = "play=region-queens&regions=AABB/AABB/CCDD/CCDD";
    for (text, says) in [
        ("", "`` is not a field"),
        ("#", "`` is not a field"),
        ("play=chess&regions=AB/BA", "unknown game `chess`"),
        ("play=region-queens", "no `regions` field"),
        (
            "play=region-queens&regions=AB/A",
            "picture row 2 has 1 cell",
        ),
        ("play=region-queens&regions=ÄÄ/ÄÄ", "holds `Ä`"),
        ("play=region-queens&regions=A B", "holds ` `"),
        (
            "play=region-queens&play=star-battle&regions=A",
            "comes twice",
        ),
        ("play=star-battle&k=x&regions=AB/BA", "not a count"),
        ("play=star-battle&k=-1&regions=AB/BA", "not a count"),
        (
            "play=star-battle&k=99999999999999999999999&regions=AB/BA",
            "not a count",
        ),
        ("play=star-battle&k=40&regions=AB/BA", "more than"),
        ("play=region-queens&k=2&regions=AB/BA", "not 2"),
        ("play=region-queens&regions=%41", "not a region label"),
        (
            "play=region-queens&regions=AAB/AAB/CCD&sate=x",
            "unknown field `sate`",
        ),
        (&format!("{q}&state=..../...."), "`state` has 2 rows"),
        (
            &format!("{q}&state=..../..../..../..."),
            "row 4 of `state` has 3 cells",
        ),
        (
            &format!("{q}&state=..../..q./..../...."),
            "`q` is not a cell of `state`",
        ),
        (
            &format!("{q}&given=ss../..../..../...."),
            "given pieces break the rules",
        ),
        (
            &format!("{q}&given=..../..../..../...?"),
            "`?` is not a cell of `given`",
        ),
    ] {
        let e = Game::from_share(text)
            .err()
            .unwrap_or_else(|| panic!("{text}: no error"));
        assert!(e.to_string().contains(says), "{text}: {e}");
    }
    let huge = format!(
        "play=star-battle&regions={}",
        vec!["A".repeat(40); 40].join("/")
    );
    assert_eq!(Game::from_share(&huge).err().unwrap().kind, Kind::TooBig);
    let huge = format!("play=star-battle&regions={}", "A".repeat(MAX_SHARE));
    assert_eq!(Game::from_share(&huge).err().unwrap().kind, Kind::TooBig);
    // Random texts from the share text's own pieces.
    let pieces = [
        "play=",
        "region-queens",
        "star-battle",
        "&",
        "k=",
        "2",
        "regions=",
        "AB",
        "/",
        "0s",
        "given=",
        "state=",
        ".",
        "x",
        "s",
        "=",
        "10",
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for _ in 0..2000 {
        let n = rng.random_range(0..12);
        let text: String = (0..n)
            .map(|_| pieces[rng.random_range(0..pieces.len())])
            .collect();
        if let Ok(game) = Game::from_share(&text) {
            assert_eq!(
                Game::from_share(&game.share()).unwrap().share(),
                game.share(),
                "{text}"
            );
        }
    }
}
