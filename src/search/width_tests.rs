//! Boards at the word boundaries of [`crate::plan::Bits`]: 63, 64, 65, 127,
//! 128 and 129 columns (and rows), 1 and 2 rows, boards of holes only, and
//! the attack rows computed from geometry instead of the dense table, and
//! random boards 60 to 200 cells wide or tall against the oracle.

use super::tests::{agree, count_parts, plan};
use super::*;

const BOUNDARIES: [usize; 6] = [63, 64, 65, 127, 128, 129];

/// A rule file of `count` pieces on a `rows` × `cols` board.
fn rules(rows: usize, cols: usize, wrap: bool, lines: &str, leaps: &str, count: usize) -> String {
    format!(
        "name = \"w\"\n[board]\nrows = {rows}\ncols = {cols}\nwrap = {wrap}\n\
         [piece]\ncount = {count}\nlines = [{lines}]\nleaps = [{leaps}]\n"
    )
}

const PIECES: [(&str, &str); 4] = [
    ("\"row\", \"column\"", ""),
    ("\"row\", \"column\", \"diagonal\", \"anti-diagonal\"", ""),
    ("", "\"king\""),
    ("\"diagonal\"", "\"knight\", [0, 3]"),
];

#[test]
fn wide_and_tall_boards_agree_with_the_oracle() {
    for n in BOUNDARIES {
        for short in [1, 2] {
            for (rows, cols) in [(short, n), (n, short)] {
                for (k, (lines, leaps)) in PIECES.iter().enumerate() {
                    let wrap = k == 1 && short == 2;
                    // Rows are not packed in words: tall boards need fewer pieces.
                    // Two pieces on two rows of 127–129 split into a part per
                    // solution (32 000 of them): one row of them, and two rows
                    // at the first word boundary, cross the same words.
                    let most = if rows > 65 || (short == 2 && n > 65) {
                        1
                    } else {
                        2
                    };
                    for count in 1..=most {
                        let text = rules(rows, cols, wrap, lines, leaps, count);
                        let spec = crate::spec::RuleSpec::parse("w.toml", &text).unwrap();
                        // Counts the lines cannot hold are refused when bound.
                        if let Ok(p) = crate::problem::Problem::bind(&spec, &Default::default()) {
                            agree(&p.plan());
                        }
                    }
                }
            }
        }
    }
}

/// The propagating search keeps open cells as line masks up to 128 rows and
/// columns and falls back to its cell lists beyond: both agree with the
/// oracle on two kings per line of a single row (column), holes included.
#[test]
fn propagating_search_agrees_at_the_boundaries() {
    for n in BOUNDARIES {
        for (rows, cols, of) in [(1, n, "row"), (n, 1, "column")] {
            let line: Vec<char> = (0..n).map(|i| if i % 5 == 3 { '#' } else { '.' }).collect();
            let picture: Vec<String> = if rows == 1 {
                vec![line.iter().collect()]
            } else {
                line.iter().map(|c| c.to_string()).collect()
            };
            let text = format!(
                "name = \"p\"\n[board]\ncells = \"\"\"\n{}\n\"\"\"\n[piece]\ncount = 2\n\
                 leaps = [\"king\"]\n[[group]]\nof = \"{of}\"\ncount = 2\n",
                picture.join("\n")
            );
            let p = plan(&text, &[]);
            assert_eq!(p.engine, crate::plan::Engine::Propagate, "{rows}×{cols}");
            assert!(agree(&p) > 0, "{rows}×{cols}");
        }
    }
}

#[test]
fn boards_of_holes_only_have_the_empty_solution() {
    for cols in [64, 65, 130] {
        let text = format!(
            "name = \"h\"\n[board]\ncells = \"\"\"\n{}\n{}\n\"\"\"\n[piece]\ncount = 0\n",
            "#".repeat(cols),
            "#".repeat(cols)
        );
        assert_eq!(agree(&plan(&text, &[])), 1, "{cols}");
    }
}

/// The walkers give the same answers with attack rows from the lines'
/// geometry (as boards past the dense table's size have) as with the table.
#[test]
fn geometric_attack_rows_count_the_same() {
    for (rows, cols, wrap, k, count) in [
        (5, 5, false, 1, 5),
        (6, 6, true, 1, 6),
        (4, 70, false, 2, 2),
        (3, 130, false, 3, 2),
        (7, 5, true, 3, 3),
    ] {
        let (lines, leaps) = PIECES[k];
        let mut p = plan(&rules(rows, cols, wrap, lines, leaps, count), &[]);
        let want = p.count(CountOptions::default()).unwrap().count;
        let listed: Vec<Solution> = p.solutions(false).collect();
        p.attack = p.attack.clone().without_table();
        if p.engine == crate::plan::Engine::Permutation {
            p.engine = crate::plan::Engine::Rows { groups: false };
        }
        assert_eq!(p.count(CountOptions::default()).unwrap().count, want);
        assert_eq!(p.solutions(false).collect::<Vec<_>>(), listed);
        assert_eq!(want as usize, listed.len());
    }
}

/// A large board within the limit: every mode works and agrees.
#[test]
fn a_1024_column_board_counts_lists_and_splits() {
    let p = plan(&rules(1, 1024, false, "", "\"king\"", 2), &[]);
    // Two kings in one row of 1024, not touching: 1023 · 1022 / 2 pairs.
    let want = 1023 * 1022 / 2;
    assert_eq!(p.count(CountOptions::default()).unwrap().count, want);
    assert_eq!(count_parts(&p, &p.subproblems()), want);
    assert_eq!(p.solutions(false).count() as u128, want);
    let unique = p.count(CountOptions {
        unique: true,
        threads: 2,
        ..CountOptions::default()
    });
    assert_eq!(unique.unwrap().count, p.solutions(true).count() as u128);
}

/// `--first`'s most-constrained order finds a solution exactly when there is
/// one, and what it finds is one.
#[test]
fn most_constrained_first_finds_valid_solutions() {
    let queens = "\"row\", \"column\", \"diagonal\", \"anti-diagonal\"";
    let mut checked = 0;
    for (rows, cols, count, hole) in [
        (4, 6, 4, None),
        (6, 4, 4, Some((2, 2))),
        (5, 5, 5, Some((1, 1))),
        (3, 3, 3, Some((2, 2))),
        (2, 70, 2, None),
        (70, 4, 4, None),
        (40, 40, 40, Some((20, 20))),
        (12, 130, 12, None),
    ] {
        let mut text = rules(rows, cols, false, queens, "", count);
        if let Some((r, c)) = hole {
            text = text.replace("wrap =", &format!("holes = [[{r}, {c}]]\nwrap ="));
        }
        let p = plan(&text, &[]);
        assert!(p.first_units.is_some(), "{rows}x{cols}");
        let found = p.first_order(false).next();
        if let Some(s) = &found {
            let cells: Vec<usize> = s.cells.iter().map(|&(r, c)| r * cols + c).collect();
            assert!(crate::problem::oracle::is_solution(&p.problem, &cells));
        }
        if rows * cols <= 36 {
            let exists = !crate::problem::oracle::solutions(&p.problem).is_empty();
            assert_eq!(found.is_some(), exists, "{rows}x{cols}");
            checked += 1;
        } else {
            assert!(found.is_some(), "{rows}x{cols}");
        }
    }
    assert_eq!(checked, 4);
}

/// One random wide (or tall) board: its rule file text.
fn random_rules(
    (short, long, tall): (usize, usize, bool),
    lines: u8,
    leap: usize,
    holes: &[(usize, usize)],
    given: Option<usize>,
    count: usize,
) -> String {
    let (rows, cols) = if tall { (long, short) } else { (short, long) };
    let names = ["row", "column", "diagonal", "anti-diagonal"];
    let lines: Vec<String> = (0..4)
        .filter(|i| lines >> i & 1 == 1)
        .map(|i| format!("\"{}\"", names[i]))
        .collect();
    let leaps = ["", "\"king\"", "\"knight\"", "[0, 2]"][leap];
    let mut picture = vec![vec!['.'; cols]; rows];
    for &(a, b) in holes {
        picture[a % rows][b % cols] = '#';
    }
    if let Some(g) = given {
        picture[g % rows][g % cols] = 'Q';
    }
    let picture: Vec<String> = picture.iter().map(|r| r.iter().collect()).collect();
    format!(
        "name = \"r\"\n[board]\ncells = \"\"\"\n{}\n\"\"\"\n[piece]\nsymbol = \"Q\"\n\
         count = {count}\nlines = [{}]\nleaps = [{leaps}]\n",
        picture.join("\n"),
        lines.join(", ")
    )
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]
    /// Random boards 60 to 200 columns wide (or tall), with holes and a
    /// given: count, listing, subproblems and the oracle agree.
    #[test]
    fn random_wide_boards_agree_with_the_oracle(
        shape in (1..=2usize, 60..=200usize, proptest::bool::ANY),
        lines in 0..16u8,
        leap in 0..4usize,
        holes in proptest::collection::vec((0..200usize, 0..200usize), 0..30),
        given in proptest::option::of(0..400usize),
        extra in 0..=2usize,
    ) {
        let count = usize::from(given.is_some()) + if shape.2 { extra.min(1) } else { extra };
        let text = random_rules(shape, lines, leap, &holes, given, count);
        let spec = crate::spec::RuleSpec::parse("r.toml", &text).unwrap();
        // Counts the lines cannot hold are refused when bound.
        if let Ok(p) = crate::problem::Problem::bind(&spec, &Default::default()) {
            agree(&p.plan());
        }
    }
}
