use super::grade::Grade;
use super::*;
use crate::error::Source;
use crate::problem::Bindings;
use crate::spec::RuleSpec;

impl Board<'_> {
    /// Marks that the solution's `pieces` (cells) complete, for tests: each
    /// of them placed with probability `fill`, each other cell emptied with
    /// probability `clear`.
    pub(crate) fn mark_towards(
        &mut self,
        pieces: &[usize],
        (fill, clear): (f64, f64),
        rng: &mut impl rand::Rng,
    ) {
        for c in 0..self.marks.len() {
            let piece = pieces.contains(&c);
            if piece && rng.random_bool(fill) {
                self.marks[c] = Mark::Piece;
            } else if !piece && rng.random_bool(clear) {
                self.marks[c] = Mark::Empty;
            }
        }
    }
}

/// A random labelling of a `size`×`size` grid with `size` regions (each
/// used), one letter per cell: regions need not be connected, puzzles need
/// not be unique or solvable. `tests/hints.rs` has a copy, since the
/// integration tests cannot reach this one.
pub(super) fn random_regions(size: usize, rng: &mut impl rand::Rng) -> String {
    use rand::seq::SliceRandom;
    let mut labels: Vec<usize> = (0..size * size)
        .map(|i| {
            if i < size {
                i
            } else {
                rng.random_range(0..size)
            }
        })
        .collect();
    labels.shuffle(rng);
    labels
        .chunks(size)
        .map(|row| {
            let mut line: String = row.iter().map(|&l| (b'A' + l as u8) as char).collect();
            line.push('\n');
            line
        })
        .collect()
}

/// The region game `game` (`k` stars for Star Battle) on `regions`.
pub(super) fn puzzle(game: &str, k: i64, regions: &str) -> Problem {
    let spec = RuleSpec::resolve(game).unwrap();
    let set = if game == "star-battle" {
        vec![("k".into(), k)]
    } else {
        vec![]
    };
    let bindings = Bindings {
        set,
        regions: Some(Source::new("<test>", regions.to_string())),
        cells: None,
    };
    Problem::bind(&spec, &bindings).unwrap()
}

const QUEENS_7: &str = "AABBBBC\nGACCCBC\nGGDDCCC\nGGDDCCC\nGGGDDEE\nGGGGGEE\nGGGEEEF\n";

#[test]
fn a_one_cell_region_is_filled_first_then_its_neighbours_emptied() {
    let p = puzzle("region-queens", 1, QUEENS_7);
    let b = Board::new(&p).unwrap();
    let s = b.next_step().unwrap();
    assert_eq!(s.technique, Technique::LastCells);
    assert_eq!(s.place, vec![p.cell(6, 6)]);
    let mut b = b;
    b.apply(&s);
    let n = b.next_step().unwrap();
    assert_eq!(n.technique, Technique::Neighbours);
    // Row 7, column 7 and the diagonal neighbour (6,6).
    assert_eq!(n.exclude.len(), 6 + 6 + 1);
}

#[test]
fn the_path_of_a_queens_puzzle_ends_in_its_solution() {
    let p = puzzle("region-queens", 1, QUEENS_7);
    let solution: Vec<usize> = [4, 2, 5, 3, 6, 1, 7]
        .iter()
        .enumerate()
        .map(|(r, &c)| p.cell(r, c - 1))
        .collect();
    let path = path::explain_from(&p, Some(&solution)).unwrap();
    let mut b = Board::new(&p).unwrap();
    for s in &path.steps {
        assert!(s.place.iter().all(|c| solution.contains(c)), "{s:?}");
        assert!(s.exclude.iter().all(|c| !solution.contains(c)), "{s:?}");
        b.apply(s);
    }
    assert!(b.solved());
    assert_eq!(b.cells_marked(Mark::Piece), solution);
    assert!(
        matches!(path.grade, Some(g) if g != Grade::NeedsGuessing),
        "{:?}",
        path.grade
    );
}

#[test]
fn rules_without_regions_are_refused() {
    let spec = RuleSpec::resolve("queens").unwrap();
    let p = Problem::bind(&spec, &Bindings::default()).unwrap();
    let e = Board::new(&p).unwrap_err();
    assert!(e.contains("no regions"), "{e}");
}

#[test]
fn a_unit_needing_more_pieces_than_its_blocks_hold_is_overfull() {
    let p = puzzle("star-battle", 2, "AABB\nAABB\nCCDD\nCCDD\n");
    let b = Board::new(&p).unwrap();
    assert_eq!(
        capacity::overfull(&b).as_deref(),
        Some("region A needs 2 stars but its open cells fit in one 2×2 block, holding at most one")
    );
    let p = puzzle("star-battle", 1, "AABB\nAABB\nCCDD\nCCDD\n");
    assert_eq!(capacity::overfull(&Board::new(&p).unwrap()), None);
}

#[test]
fn a_band_of_five_rows_holding_five_regions_empties_the_rest_of_it() {
    // Regions A–E lie in rows 1–5; F is row 6 and column 6.
    let p = puzzle(
        "star-battle",
        1,
        "AAAAAF\nBBBBBF\nCCCCCF\nDDDDDF\nEEEEEF\nFFFFFF\n",
    );
    let s = confine::bands(&Board::new(&p).unwrap()).unwrap();
    assert_eq!(s.technique, Technique::KConfined);
    assert_eq!(s.exclude, (0..5).map(|r| p.cell(r, 5)).collect::<Vec<_>>());
}

#[test]
fn a_band_of_five_rows_inside_five_regions_empties_their_other_cells() {
    // Rows 1–5 touch regions A–E only, and A also has (6,1).
    let p = puzzle(
        "star-battle",
        1,
        "ABCDEE\nABCDEE\nABCDEE\nABCDEE\nABCDEE\nAFFFFF\n",
    );
    let s = confine::bands(&Board::new(&p).unwrap()).unwrap();
    assert_eq!(s.technique, Technique::KConfined);
    assert_eq!(s.exclude, vec![p.cell(5, 0)]);
}

/// The search picks a trial's cells from the state alone: a state typed in
/// (its pieces as givens, its empty cells as holes) gets the cells, in the
/// same order, that the same marks reached by steps get. The states are
/// those before the first trials of the paths of random two-star 9×9 grids.
#[test]
fn trial_cells_do_not_depend_on_which_marks_were_given() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let mut trials = 0;
    let n = 9;
    for _ in 0..6 {
        if trials == 4 {
            break;
        }
        let regions: String = (0..n)
            .map(|r| {
                let row: String = (0..n)
                    .map(|c| if r < 1 { c } else { rng.random_range(0..n) })
                    .map(|l| (b'A' + l as u8) as char)
                    .collect();
                row + "\n"
            })
            .collect();
        let p = &puzzle("star-battle", 2, &regions);
        let mut board = Board::new(p).unwrap();
        for step in path::explain(p).unwrap().steps {
            if trials == 4 {
                break;
            }
            if step.technique == Technique::Trial {
                trials += 1;
                let mut typed = p.clone();
                typed.givens = board.cells_marked(Mark::Piece);
                typed.holes = board.marks.iter().map(|&m| m == Mark::Empty).collect();
                let typed = Board::new(&typed).unwrap();
                assert_eq!(typed.marks, board.marks);
                for bands in [false, true] {
                    let fresh = Board::new(p).unwrap();
                    let fresh = Board {
                        marks: board.marks.clone(),
                        ..fresh
                    };
                    assert_eq!(typed.refuted(bands), fresh.refuted(bands), "{regions}");
                }
            }
            board.apply(&step);
        }
    }
    assert!(trials > 0);
}

/// Rules with region and column groups but no row groups (which hints
/// accept) have no band of rows to count: band counting looks at bands of
/// columns only (it once indexed the missing rows and panicked).
#[test]
fn rules_without_row_groups_count_no_band_of_rows() {
    const PICTURE: &str = "AAABBBBB\nAAABBBBB\nCCCCDDDD\nCCCCDDDD\n\
        EEEFFFFF\nEEEFFFFF\nGGGGHHHH\nGGGGHHHH\n";
    let text = "name = \"columns-and-regions\"\n\
        [piece]\nname = \"star\"\ncount = 8\nleaps = [\"king\"]\n\
        [[group]]\nof = \"region\"\ncount = 1\n\
        [[group]]\nof = \"column\"\ncount = 1\n";
    let spec = RuleSpec::parse("columns-and-regions", text).unwrap();
    let bindings = Bindings {
        set: vec![],
        regions: Some(Source::new("<test>", PICTURE.to_string())),
        cells: None,
    };
    let p = Problem::bind(&spec, &bindings).unwrap();
    let b = Board::new(&p).unwrap();
    assert!(band::count(&b).is_some_and(|s| s.reason.starts_with("column")));
    assert_eq!(band::overfull(&b), None);
    let path = path::explain_from(&p, None).unwrap();
    assert!(!path.steps.is_empty());
}
