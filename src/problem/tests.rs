use super::*;
use crate::spec::RuleSpec;

fn bind(text: &str, set: &[(&str, i64)]) -> Result<Problem, Diagnostic> {
    let spec = RuleSpec::parse("t.toml", text)?;
    let bindings = Bindings {
        set: set.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
        ..Bindings::default()
    };
    Problem::bind(&spec, &bindings)
}

fn builtin(name: &str, set: &[(&str, i64)]) -> Problem {
    bind(crate::spec::builtin(name).unwrap().text, set).unwrap()
}

#[test]
fn queens_binds_with_defaults_and_overrides() {
    let p = builtin("queens", &[("n", 5)]);
    assert_eq!(
        (p.rows, p.cols, p.piece.count, p.piece.symbol),
        (5, 5, 5, 'Q')
    );
    assert!(p.piece.lines.diagonal && p.piece.lines.anti_diagonal);
}

#[test]
fn attack_relation_follows_lines_and_leaps() {
    let q = builtin("queens", &[("n", 5)]);
    assert!(q.attacks(q.cell(0, 0), q.cell(4, 4)));
    assert!(q.attacks(q.cell(0, 4), q.cell(4, 0)));
    assert!(!q.attacks(q.cell(0, 0), q.cell(1, 2)));
    let s = builtin("superqueens", &[("n", 5)]);
    assert!(s.attacks(s.cell(0, 0), s.cell(1, 2)));
    let t = builtin("torus-queens", &[("n", 5)]);
    assert!(t.attacks(t.cell(0, 0), t.cell(1, 4)) && !q.attacks(q.cell(0, 0), q.cell(1, 4)));
    let k = builtin("kings", &[("n", 5)]);
    assert!(k.attacks(k.cell(2, 2), k.cell(1, 1)) && !k.attacks(k.cell(2, 2), k.cell(2, 4)));
}

#[test]
fn oracle_counts_small_queens() {
    let counts: Vec<usize> = (1..=6)
        .map(|n| oracle::solutions(&builtin("queens", &[("n", n)])).len())
        .collect();
    assert_eq!(counts, [1, 0, 0, 2, 10, 4]);
}

#[test]
fn pictures_give_size_givens_holes_and_regions() {
    let p = bind(
        "name = \"x\"\n[board]\ncells = \"\"\"\n.Q.\n#..\n...\n\"\"\"\nregions = \"\"\"\nAAB\nABB\nCCC\n\"\"\"\n[piece]\nsymbol = \"Q\"\ncount = 2\n",
        &[],
    )
    .unwrap();
    assert_eq!((p.rows, p.cols, p.givens.clone()), (3, 3, vec![1]));
    assert!(p.holes[3]);
    let r = p.regions.unwrap();
    assert_eq!(r.names, ["A", "B", "C"]);
    assert_eq!(r.of_cell[4], Some(1));
}

fn error(text: &str, set: &[(&str, i64)]) -> String {
    bind(text, set).unwrap_err().to_string()
}

#[test]
fn bad_rules_are_errors_with_locations() {
    let q = crate::spec::builtin("queens").unwrap().text;
    assert!(error(q, &[("n", -3)]).starts_with("board.rows is -3, outside the supported 1..=1024"));
    assert!(error(q, &[("n", 1025)]).contains("outside the supported"));
    assert!(error(q, &[("m", 3)]).contains("did you mean `n`"));
    let e = error("name = \"x\"\n[board]\nrows = \"2*m\"\n", &[]);
    assert!(
        e.starts_with("board.rows: unknown parameter `m`")
            && e.contains("t.toml:3:11")
            && e.contains("this rule has no parameters"),
        "{e}"
    );
    let e = error(
        "name = \"x\"\n[params]\nn = 0\n[board]\nrows = \"4/n\"\n",
        &[],
    );
    assert!(e.contains("division by zero"), "{e}");
    let e = error(
        "name = \"x\"\n[board]\nrows = 3\n[piece]\nlines = [\"diagnal\"]\n",
        &[],
    );
    assert!(e.contains("did you mean `diagonal`"), "{e}");
    let e = error(
        "name = \"x\"\n[board]\nrows = 3\n[piece]\nleaps = [\"knigt\"]\n",
        &[],
    );
    assert!(e.contains("did you mean `knight`"), "{e}");
    // Rules no placement can meet bind: their counts are 0.
    let unmet = |text: &str| bind(text, &[]).unwrap().unmeetable().unwrap_or_default();
    let e = unmet("name = \"x\"\n[board]\nrows = 3\n[piece]\ncount = 10\n");
    assert!(
        e.starts_with("piece.count is 10, but the board has 9 free cells"),
        "{e}"
    );
    let e = unmet("name = \"x\"\n[board]\nrows = 3\n[piece]\ncount = 4\nlines = [\"row\"]\n");
    assert!(e.contains("the rows hold at most 3 pieces"), "{e}");
    let e = error(
        "name = \"x\"\n[board]\nrows = 3\n[piece]\ncount = -1\n",
        &[],
    );
    assert!(
        e.contains("piece.count is -1, but it must be 0 or more"),
        "{e}"
    );
    let e = error("name = \"x\"\n[board]\nrows = 3\nholes = [[4, 1]]\n", &[]);
    assert!(e.contains("hole [4, 1] is off the 3×3 board"), "{e}");
    let e = error(
        "name = \"x\"\n[board]\ncells = \"\"\"\nQ..\n.Q.\n...\n\"\"\"\n[piece]\ncount = 2\nlines=[\"diagonal\"]\n",
        &[],
    );
    assert!(
        e.contains("the given pieces at (1, 1) and (2, 2) attack each other")
            && e.contains("t.toml:5:2"),
        "{e}"
    );
    let e = error(
        "name = \"x\"\n[board]\nrows = 3\n[[group]]\nof = \"region\"\ncount = 1\n",
        &[],
    );
    assert!(e.contains("need a board with regions"), "{e}");
    let e = unmet(
        "name = \"x\"\n[board]\nrows = 2\nregions = \"AB\\nCD\"\n[piece]\ncount = 2\n[[group]]\nof = \"region\"\ncount = 1\n",
    );
    assert!(e.contains("4 regions need at least 1 each"), "{e}");
    let e = error(
        "name = \"x\"\n[board]\nrows = 3\nregions = \"\"\"\nAB\nAB\n\"\"\"\n",
        &[],
    );
    assert!(
        e.contains("the picture is 2×2, but the board is 3×3"),
        "{e}"
    );
    let e = error("name = \"x\"\n[board]\ncells = \"\"\"\n.x.\n\"\"\"\n", &[]);
    assert!(
        e.contains("unknown cell `x`") && e.contains("t.toml:4:2"),
        "{e}"
    );
    assert!(error("name = \"x\"\n", &[]).contains("the board has no size"));
    let e = error(
        "name = \"x\"\n[board]\ncells = \"\"\"\nQ.Q\n...\n...\n\"\"\"\n[piece]\ncount = 3\n[[group]]\nof = \"row\"\nmax = 1\n",
        &[],
    );
    assert!(
        e.contains("the given pieces put 2 pieces in row 1, but each row takes at most 1")
            && e.contains("t.toml:4:3"),
        "{e}"
    );
}

#[test]
fn disconnected_regions_are_found() {
    let p = bind(
        "name = \"x\"\n[board]\nregions = \"\"\"\nABA\nBBB\nCCC\n\"\"\"\n[piece]\ncount = 0\n",
        &[],
    )
    .unwrap();
    assert_eq!(p.disconnected_regions(), ["A"]);
    let q = bind(
        "name = \"x\"\n[board]\nregions = \"\"\"\nAAB\nABB\nCCC\n\"\"\"\n[piece]\ncount = 0\n",
        &[],
    )
    .unwrap();
    assert!(q.disconnected_regions().is_empty());
}

#[test]
fn builtin_piece_counts_follow_their_summaries_and_can_be_set() {
    for (name, n, count) in [
        ("queens", 6, 6),
        ("rooks", 6, 6),
        ("bishops", 6, 10),
        ("kings", 6, 6),
        ("knights", 6, 6),
        ("superqueens", 6, 6),
        ("torus-queens", 6, 6),
        ("hertzsprung", 6, 6),
    ] {
        assert_eq!(builtin(name, &[("n", n)]).piece.count, count, "{name}");
        let set = builtin(name, &[("n", n), ("count", 3)]);
        assert_eq!(set.piece.count, 3, "{name} --set count=3");
    }
}

#[test]
fn params_are_expressions_over_each_other() {
    let text = "name = \"x\"\n[params]\nn = 4\nm = \"k+1\"\nk = \"2*n\"\n[board]\nrows = \"m\"\n";
    assert_eq!(bind(text, &[]).unwrap().rows, 9);
    assert_eq!(bind(text, &[("n", 2)]).unwrap().rows, 5);
    assert_eq!(bind(text, &[("k", 3)]).unwrap().rows, 4);
    let circle = "name = \"x\"\n[params]\na = \"b\"\nb = \"a\"\n[board]\nrows = 3\n";
    let e = bind(circle, &[]).unwrap_err().to_string();
    assert!(e.contains("refer to each other in a circle"), "{e}");
    let typo = "name = \"x\"\n[params]\nn = 4\nk = \"2*nn\"\n[board]\nrows = 3\n";
    let e = bind(typo, &[]).unwrap_err().to_string();
    assert!(
        e.contains("unknown parameter `nn`") && e.contains("t.toml:4:8"),
        "{e}"
    );
}

#[test]
fn count_and_group_messages_say_what_is_wrong() {
    let e = error(
        "name = \"x\"\n[board]\nrows = 8\n[piece]\ncount = -1\n",
        &[],
    );
    assert!(
        e.starts_with("piece.count is -1, but it must be 0 or more"),
        "{e}"
    );
    let e = error(
        "name = \"x\"\n[board]\nrows = 3\n[[group]]\nof = \"row\"\ncount = 1\nmin = 1\n",
        &[],
    );
    assert!(
        e.contains("`count` (exactly) or `min`/`max` (a range), not both")
            && e.contains("t.toml:6:9"),
        "{e}"
    );
    let e = error(
        "name = \"x\"\n[board]\nrows = 3\n[[group]]\nof = \"row\"\nmin = 2\nmax = 1\n",
        &[],
    );
    assert!(
        e.contains("group.min 2 is larger than group.max 1") && e.contains("t.toml:6:7"),
        "{e}"
    );
    let e = error("name = \"x\"\n[board]\nrows = true\n", &[]);
    assert!(
        e.contains("an integer or an expression such as \"n\""),
        "{e}"
    );
    let e = error("name = \"x\"\n[board]\nrows = 8.5\n", &[]);
    assert!(
        e.contains("an integer or an expression such as \"n\""),
        "{e}"
    );
}

/// `(family, min, max, grouped)` of each counted family.
fn bounded(p: &Problem) -> Vec<(Family, usize, usize, bool)> {
    p.bounded_families()
        .iter()
        .map(|b| (b.family, b.least(), b.max, b.grouped))
        .collect()
}

#[test]
fn counted_families_merge_lines_and_groups_once() {
    use Family::*;
    // lines only: one per row and column when there are n pieces, at most one per diagonal
    assert_eq!(
        bounded(&builtin("queens", &[("n", 6)])),
        [
            (Row, 1, 1, false),
            (Column, 1, 1, false),
            (Diagonal, 0, 1, false),
            (AntiDiagonal, 0, 1, false)
        ]
    );
    // fewer pieces than rows: rows are "at most one"
    assert_eq!(
        bounded(&builtin("queens", &[("n", 6), ("count", 5)]))[0],
        (Row, 0, 1, false)
    );
    // groups first, each family once, a line narrowing a group of its family
    let p = bind(
        "name = \"t\"\n[board]\nrows = 4\n[piece]\ncount = 4\nlines = [\"row\"]\n\
         [[group]]\nof = \"column\"\nmax = 2\n[[group]]\nof = \"row\"\nmin = 0\nmax = 3\n\
         [[group]]\nof = \"column\"\nmin = 1\n",
        &[],
    )
    .unwrap();
    assert_eq!(bounded(&p), [(Column, 1, 2, true), (Row, 1, 1, true)]);
    // the maxima of the rows fill the count: every row is full
    let p = bind(
        "name = \"t\"\n[board]\nrows = 3\n[piece]\ncount = 6\n[[group]]\nof = \"row\"\nmax = 2\n",
        &[],
    )
    .unwrap();
    assert_eq!(bounded(&p), [(Row, 2, 2, true)]);
    assert_eq!(p.bounded_families()[0].min, 0, "the bound for any count");
    assert_eq!(bounded(&builtin("kings", &[("n", 4)])), []);
    // contradictory bounds stay contradictory
    let p = bind(
        "name = \"t\"\n[board]\nrows = 1\n[piece]\ncount = 1\nlines = [\"column\"]\n[[group]]\nof = \"column\"\ncount = 2\n",
        &[],
    );
    if let Ok(p) = p {
        let b = p.bounded_families()[0];
        assert!(b.least() > b.max);
    }
}

/// A regions picture given to a rule with no group over regions is refused
/// first, whatever its size: the picture could never matter. A rule with
/// one takes it.
#[test]
fn a_regions_picture_without_a_region_group_is_refused_first() {
    let refused = |name: &str, picture: &str| {
        let bindings = Bindings {
            regions: Some(crate::error::Source::new("r.txt", picture)),
            ..Bindings::default()
        };
        let spec = RuleSpec::parse("t.toml", crate::spec::builtin(name).unwrap().text).unwrap();
        Problem::bind(&spec, &bindings)
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    for picture in ["AABB\nAABB\nCCDD\nCCDD\n", "AB\nCD\n"] {
        let e = refused("queens", picture).unwrap_err();
        assert!(e.starts_with("`queens` has no group over regions"), "{e}");
    }
    assert!(refused("region-queens", "AABB\nAABB\nCCDD\nCCDD\n").is_ok());
}
