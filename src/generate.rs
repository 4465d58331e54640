//! The puzzle generator: new region grids whose region game has exactly one
//! solution. It plants a random solution, grows connected regions around its
//! pieces, then moves single cells between regions while the number of
//! solutions does not grow, until only the planted one is left. Every puzzle it
//! returns has been counted unique by the engine.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::error::{Diagnostic, Kind, Setting, Source};
use crate::plan::Method;
use crate::problem::{Bindings, Family, Problem, Regions};
use crate::search::{CountOptions, Solution};
use crate::spec::RuleSpec;

/// A generated puzzle.
#[derive(Debug, Clone)]
pub struct Puzzle {
    /// The puzzle as a bound problem (its regions set).
    pub problem: Problem,
    /// The regions as text, one letter per cell, one line per row.
    pub picture: String,
    /// Its one solution.
    pub solution: Solution,
    /// Region grids tried until one was unique.
    pub evaluations: usize,
}

/// Counting stops here while comparing candidate grids.
const CAP: u128 = 64;
/// Cell moves tried from one planted solution before starting over.
const MOVES: usize = 4000;
/// Planted solutions tried before giving up.
const ATTEMPTS: usize = 50;

/// Generates a `size`×`size` region grid for a region rule (`region-queens`,
/// `star-battle`, or any rule with an exact `region` group) whose puzzle has
/// exactly one solution. The same seed gives the same puzzle.
pub fn generate(
    spec: &RuleSpec,
    set: &[(String, i64)],
    size: usize,
    seed: u64,
) -> Result<Puzzle, Diagnostic> {
    if !(2..=26).contains(&size) {
        return Err(Diagnostic::new(format!(
            "the puzzle size {size} is outside the supported 2..=26"
        ))
        .with_setting(Setting::Size));
    }
    // Bind once with rows as regions, to check the rules and learn k.
    let placeholder: String = (0..size)
        .map(|r| format!("{}\n", label(r).to_string().repeat(size)))
        .collect();
    let bindings = Bindings {
        set: set.to_vec(),
        regions: Some(Source::new("<generator>", placeholder)),
        cells: None,
    };
    let mut problem = Problem::bind(spec, &bindings)?;
    let k = problem
        .groups
        .iter()
        .find(|g| g.family == Family::Region && g.min == g.max && g.min > 0)
        .map(|g| g.min)
        .ok_or_else(|| {
            Diagnostic::new(format!("`{}` has no exact region group to generate puzzles for", problem.name))
                .of(Kind::Unsupported)
                .with_help("generate works with rules that have [[group]] of = \"region\" with a count, like region-queens or star-battle")
        })?;
    if problem.piece.count != k * size {
        return Err(Diagnostic::new(format!(
            "`{}` places {} pieces, but {size} regions of {k} need {}",
            problem.name,
            problem.piece.count,
            k * size
        )));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut evaluations = 0;
    for _ in 0..ATTEMPTS {
        let Some(planted) = plant(&problem, k, &mut rng) else {
            continue;
        };
        let Some(mut regions) = grow(size, &planted, k, &mut rng) else {
            continue;
        };
        let mut count = solutions(&mut problem, &regions);
        evaluations += 1;
        for _ in 0..MOVES {
            if count == 1 {
                break;
            }
            let Some((cell, from)) = shift(size, &mut regions, &planted, &mut rng) else {
                continue;
            };
            evaluations += 1;
            let next = solutions(&mut problem, &regions);
            if next <= count {
                count = next;
            } else {
                regions[cell] = from;
            }
        }
        if count == 1 {
            set_regions(&mut problem, &regions);
            let plan = problem.clone().plan();
            let two: Vec<Solution> = plan.solutions(false).take(2).collect();
            if let [solution] = two.as_slice() {
                return Ok(Puzzle {
                    picture: picture(size, &regions),
                    solution: solution.clone(),
                    problem,
                    evaluations,
                });
            }
        }
    }
    Err(Diagnostic::new(format!(
        "no unique {size}×{size} puzzle found after {ATTEMPTS} tries"
    ))
    .of(Kind::Unsupported)
    .with_help("try another seed or size")
    .with_setting(Setting::Seed)
    .with_setting(Setting::Size))
}

/// The letter of region `i`.
fn label(i: usize) -> char {
    (b'A' + i as u8) as char
}

fn picture(size: usize, regions: &[usize]) -> String {
    regions
        .chunks(size)
        .map(|row| row.iter().map(|&r| label(r)).collect::<String>() + "\n")
        .collect()
}

fn set_regions(problem: &mut Problem, regions: &[usize]) {
    let names = (0..problem.rows).map(|i| label(i).to_string()).collect();
    problem.regions = Some(Regions {
        of_cell: regions.iter().map(|&r| Some(r)).collect(),
        names,
    });
}

/// Solutions of the puzzle with these regions, counted up to [`CAP`].
fn solutions(problem: &mut Problem, regions: &[usize]) -> u128 {
    set_regions(problem, regions);
    let options = CountOptions {
        limit: Some(CAP),
        ..CountOptions::default()
    };
    let mut plan = problem.clone().plan();
    // Candidate grids have many solutions, and the unit walker lists many
    // solutions faster than the propagating kernel (measured: 12×12 two
    // stars, 69 s against 100 s); the counts, and so the puzzles, are the same.
    if plan.method == Method::Propagate {
        plan.method = Method::Units;
    }
    // One thread and no stop flag: the count cannot fail; were it to, CAP
    // (too many) only makes the generator try another grid.
    plan.count(options).map_or(CAP, |t| t.count)
}

/// A random placement of `k` pieces per row that keeps the rules' lines,
/// leaps and column counts, by randomised depth-first search.
fn plant(problem: &Problem, k: usize, rng: &mut ChaCha8Rng) -> Option<Vec<usize>> {
    let n = problem.rows;
    let column_cap = if problem.piece.lines.column {
        1
    } else {
        problem
            .groups
            .iter()
            .filter(|g| g.family == Family::Column)
            .map(|g| g.max)
            .min()
            .unwrap_or(n)
    };
    let order = (0..n)
        .map(|_| {
            let mut cols: Vec<usize> = (0..n).collect();
            cols.shuffle(rng);
            cols
        })
        .collect();
    let mut planter = Planter {
        p: problem,
        k,
        column_cap,
        order,
        placed: Vec::new(),
        per_column: vec![0; n],
        budget: 200_000,
    };
    planter.fill(0, 0).then_some(planter.placed)
}

/// The state of [`plant`]'s search.
struct Planter<'a> {
    p: &'a Problem,
    k: usize,
    column_cap: usize,
    /// Each row's columns in a random order.
    order: Vec<Vec<usize>>,
    placed: Vec<usize>,
    per_column: Vec<usize>,
    /// Steps left before giving up on this order.
    budget: usize,
}

impl Planter<'_> {
    fn fill(&mut self, row: usize, from: usize) -> bool {
        let p = self.p;
        if row == p.rows {
            return true;
        }
        if self.placed.iter().filter(|&&c| c / p.cols == row).count() == self.k {
            return self.fill(row + 1, 0);
        }
        for i in from..self.order[row].len() {
            if self.budget == 0 {
                return false;
            }
            self.budget -= 1;
            let col = self.order[row][i];
            let cell = p.cell(row, col);
            if self.per_column[col] < self.column_cap
                && self.placed.iter().all(|&o| !p.attacks(o, cell))
            {
                self.placed.push(cell);
                self.per_column[col] += 1;
                if self.fill(row, i + 1) {
                    return true;
                }
                self.placed.pop();
                self.per_column[col] -= 1;
            }
        }
        false
    }
}

fn neighbours(size: usize, cell: usize) -> impl Iterator<Item = usize> {
    crate::problem::neighbours(size, size, cell)
}

/// Connected regions of `k` planted pieces each, grown at random to fill the board.
fn grow(size: usize, planted: &[usize], k: usize, rng: &mut ChaCha8Rng) -> Option<Vec<usize>> {
    const FREE: usize = usize::MAX;
    let mut region = vec![FREE; size * size];
    let mut left: Vec<usize> = planted.to_vec();
    left.shuffle(rng);
    let mut groups = Vec::new();
    while let Some(first) = left.pop() {
        let (fr, fc) = (first / size, first % size);
        left.sort_by_key(|&c| std::cmp::Reverse((c / size).abs_diff(fr) + (c % size).abs_diff(fc)));
        let mut group = vec![first];
        for _ in 1..k {
            group.push(left.pop()?);
        }
        groups.push(group);
    }
    for (g, group) in groups.iter().enumerate() {
        for &c in group {
            region[c] = g;
        }
    }
    // Join each group's pieces by a shortest path through free cells.
    for (g, group) in groups.iter().enumerate() {
        for &target in &group[1..] {
            let mut prev = vec![FREE; size * size];
            let mut queue = std::collections::VecDeque::from([group[0]]);
            prev[group[0]] = group[0];
            while let Some(c) = queue.pop_front() {
                if c == target {
                    break;
                }
                for n in neighbours(size, c) {
                    if prev[n] == FREE && (region[n] == FREE || region[n] == g) {
                        prev[n] = c;
                        queue.push_back(n);
                    }
                }
            }
            if prev[target] == FREE {
                return None;
            }
            let mut c = target;
            while c != group[0] {
                region[c] = g;
                c = prev[c];
            }
        }
    }
    loop {
        let open: Vec<usize> = (0..size * size)
            .filter(|&c| region[c] == FREE && neighbours(size, c).any(|n| region[n] != FREE))
            .collect();
        let Some(&cell) = open.get(rng.random_range(0..open.len().max(1))) else {
            break;
        };
        let owners: Vec<usize> = neighbours(size, cell)
            .filter(|&n| region[n] != FREE)
            .map(|n| region[n])
            .collect();
        region[cell] = owners[rng.random_range(0..owners.len())];
    }
    region.iter().all(|&r| r != FREE).then_some(region)
}

/// Moves one random unplanted cell to a neighbouring region, keeping its old
/// region connected. Returns the cell and its old region.
fn shift(
    size: usize,
    region: &mut [usize],
    planted: &[usize],
    rng: &mut ChaCha8Rng,
) -> Option<(usize, usize)> {
    let cell = rng.random_range(0..size * size);
    if planted.contains(&cell) {
        return None;
    }
    let from = region[cell];
    let targets: Vec<usize> = neighbours(size, cell)
        .map(|n| region[n])
        .filter(|&r| r != from)
        .collect();
    let to = *targets.get(rng.random_range(0..targets.len().max(1)))?;
    region[cell] = to;
    if connected(size, region, from) {
        Some((cell, from))
    } else {
        region[cell] = from;
        None
    }
}

fn connected(size: usize, region: &[usize], r: usize) -> bool {
    crate::problem::is_connected(size, size, |c| region[c] == r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::oracle;
    use crate::spec::builtin;

    fn spec(name: &str) -> RuleSpec {
        RuleSpec::parse(name, builtin(name).unwrap().text).unwrap()
    }

    #[test]
    fn region_queens_puzzles_are_unique_and_reproducible() {
        for (size, seed) in [(5, 1), (6, 2), (7, 3)] {
            let p = generate(&spec("region-queens"), &[], size, seed).unwrap();
            assert_eq!(oracle::solutions(&p.problem).len(), 1, "{}", p.picture);
            let again = generate(&spec("region-queens"), &[], size, seed).unwrap();
            assert_eq!(p.picture, again.picture);
            let regions = p.problem.regions.as_ref().unwrap();
            for r in 0..size {
                let cells: Vec<usize> = (0..size * size)
                    .filter(|&c| regions.of_cell[c] == Some(r))
                    .collect();
                assert!(!cells.is_empty());
                let of: Vec<usize> = regions.of_cell.iter().map(|r| r.unwrap()).collect();
                assert!(connected(size, &of, r), "{}", p.picture);
            }
        }
    }

    #[test]
    fn star_battle_with_two_stars() {
        let p = generate(&spec("star-battle"), &[("k".into(), 2)], 8, 7).unwrap();
        let plan = p.problem.clone().plan();
        assert_eq!(
            plan.count(CountOptions::default()).unwrap().count,
            1,
            "{}",
            p.picture
        );
        assert_eq!(p.solution.cells.len(), 16);
    }

    #[test]
    fn rules_without_regions_are_refused() {
        let e = generate(&spec("queens"), &[], 8, 1).unwrap_err();
        assert!(e.to_string().contains("no exact region group"), "{e}");
        assert!(generate(&spec("region-queens"), &[], 40, 1).is_err());
    }
}
