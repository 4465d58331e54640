//! Running a plan: counting, streaming solutions to a [`Sink`], the lazy
//! [`Solutions`] iterator, the first solution, and the split into independent
//! subproblems that parallel counting (and sharding) is built on. This stage
//! runs a plan and knows nothing of TOML or output formats.

mod units;
mod walker;

use std::ops::ControlFlow;

use rayon::prelude::*;

use crate::kernel;
use crate::plan::{Groups, Kernel, Plan};
use units::UnitWalker;
use walker::{Found, Walker};

/// One placement: the occupied cells, 0-based (row, col), in row-major order,
/// givens included.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Solution {
    /// The pieces' cells.
    pub cells: Vec<(usize, usize)>,
}

/// Receives solutions as the search finds them, and can stop it.
pub trait Sink {
    /// Takes one solution; `Break` stops the search.
    fn solution(&mut self, solution: &Solution) -> ControlFlow<()>;
}

impl<F: FnMut(&Solution) -> ControlFlow<()>> Sink for F {
    fn solution(&mut self, solution: &Solution) -> ControlFlow<()> {
        self(solution)
    }
}

/// What a search counted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Solutions counted (or, with `unique`, classes).
    pub count: u128,
    /// Nodes visited: pieces placed.
    pub nodes: u64,
}

impl std::ops::Add for Tally {
    type Output = Tally;
    fn add(self, o: Tally) -> Tally {
        Tally {
            count: self.count + o.count,
            nodes: self.nodes + o.nodes,
        }
    }
}

/// How to count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CountOptions {
    /// Worker threads; 1 runs without rayon.
    pub threads: usize,
    /// Stop counting at this many.
    pub limit: Option<u128>,
    /// Count classes under the board's symmetries instead of solutions.
    pub unique: bool,
}

impl Default for CountOptions {
    fn default() -> Self {
        CountOptions {
            threads: 1,
            limit: None,
            unique: false,
        }
    }
}

/// One independent part of a search: the solutions under a prefix of placed
/// cells, or one of the permutation kernel's parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subproblem {
    part: Part,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Part {
    Prefix(Vec<usize>),
    Permutation(kernel::Subproblem),
}

/// The subproblems a search splits into: at least this many where the tree has them.
const SPLIT_TARGET: usize = 512;

/// A kernel that walks a tree leaf by leaf.
trait Walk {
    /// The next leaf's placed cells, or `None` when the walk is over.
    fn next_leaf(&mut self) -> Option<&[usize]>;
    /// Nodes visited so far.
    fn nodes(&self) -> u64;
}

impl<const G: bool, const W: usize> Walk for Walker<'_, G, W> {
    #[inline]
    fn next_leaf(&mut self) -> Option<&[usize]> {
        (Walker::next_leaf(self) == Found::Leaf).then(|| self.placed())
    }
    fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// A walk with one leaf known in advance: a constructed solution.
struct Constructed {
    cells: Vec<usize>,
    /// The leaf has been handed out.
    given: bool,
}

impl Walk for Constructed {
    fn next_leaf(&mut self) -> Option<&[usize]> {
        (!std::mem::replace(&mut self.given, true)).then_some(&self.cells[..])
    }
    fn nodes(&self) -> u64 {
        0
    }
}

impl<const W: usize> Walk for UnitWalker<'_, W> {
    #[inline]
    fn next_leaf(&mut self) -> Option<&[usize]> {
        (UnitWalker::next_leaf(self) == Found::Leaf).then(|| self.placed())
    }
    fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// Calls `f::<W>(args)` with `W` the plan's words per row: the one place
/// the width is dispatched, so each walker runs compiled for its width.
macro_rules! by_width {
    ($words:expr, $f:ident($($arg:expr),*)) => {
        match $words {
            1 => $f::<1>($($arg),*),
            2 => $f::<2>($($arg),*),
            4 => $f::<4>($($arg),*),
            8 => $f::<8>($($arg),*),
            _ => $f::<16>($($arg),*),
        }
    };
}

/// Runs `$body` with `$w` bound to the plan's walker under `$prefix`, of its
/// own concrete type (the kernel and the width resolved once, here).
macro_rules! with_walker {
    ($plan:expr, $prefix:expr, $W:ident, |$w:ident| $body:expr) => {
        match $plan.kernel {
            Kernel::Generic { groups: false } | Kernel::Permutation => {
                let $w = Walker::<false, $W>::under($plan, $prefix);
                $body
            }
            Kernel::Generic { groups: true } => {
                let $w = Walker::<true, $W>::under($plan, $prefix);
                $body
            }
            Kernel::Units => {
                let $w = UnitWalker::<$W>::new($plan, &$plan.groups);
                $body
            }
        }
    };
}

/// The plan's walker under `prefix`, behind one virtual call per leaf.
fn boxed_walker<'p>(plan: &'p Plan, prefix: &[usize]) -> Box<dyn Walk + 'p> {
    fn make<'p, const W: usize>(plan: &'p Plan, prefix: &[usize]) -> Box<dyn Walk + 'p> {
        with_walker!(plan, prefix, W, |w| Box::new(w))
    }
    by_width!(plan.words, make(plan, prefix))
}

/// The solutions of a plan, lazily, in search order: row by row, lowest
/// column first (the unit kernel of region games has an order of its own,
/// just as deterministic). Memory stays flat however many there are.
pub struct Solutions<'p> {
    plan: &'p Plan,
    walker: Box<dyn Walk + 'p>,
    unique: bool,
    cells: Vec<usize>,
}

impl Solutions<'_> {
    /// Nodes visited so far.
    pub fn nodes(&self) -> u64 {
        self.walker.nodes()
    }
}

impl Iterator for Solutions<'_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        loop {
            let placed = self.walker.next_leaf()?;
            merge(&self.plan.problem.givens, placed, &mut self.cells);
            if !self.unique || self.plan.symmetry.is_canonical(&self.cells) {
                let cols = self.plan.cols;
                return Some(Solution {
                    cells: self.cells.iter().map(|&c| (c / cols, c % cols)).collect(),
                });
            }
        }
    }
}

/// The givens and the placed cells, together and sorted, into `out`.
fn merge(a: &[usize], b: &[usize], out: &mut Vec<usize>) {
    out.clear();
    out.extend_from_slice(a);
    out.extend_from_slice(b);
    out.sort_unstable();
}

impl Plan {
    /// The solutions, lazily, in search order. With `unique`, only the least
    /// solution (in that order) of each class under the board's symmetries.
    pub fn solutions(&self, unique: bool) -> Solutions<'_> {
        Solutions {
            plan: self,
            walker: boxed_walker(self, &[]),
            unique,
            cells: Vec::new(),
        }
    }

    /// The solutions in the order that finds one soonest, for `--first`:
    /// rules whose rows (or columns) must each hold one piece, and that have
    /// no groups and no matrix values, branch on the row (column) with the fewest open cells,
    /// lowest cell first; other rules keep search order ([`Plan::solutions`]).
    ///
    /// Plain N-queens from [`CONSTRUCT_FROM`](kernel::construct::CONSTRUCT_FROM)
    /// on gives the explicit construction ([`kernel::construct::construct`]),
    /// found at once where the search would take seconds or hours; with
    /// `unique` it searches.
    pub fn first_order(&self, unique: bool) -> Solutions<'_> {
        if let Some(cells) = self.constructed().filter(|_| !unique) {
            return Solutions {
                plan: self,
                walker: Box::new(Constructed {
                    cells,
                    given: false,
                }),
                unique,
                cells: Vec::new(),
            };
        }
        fn make<'p, const W: usize>(plan: &'p Plan, units: &'p Groups) -> Box<dyn Walk + 'p> {
            Box::new(UnitWalker::<W>::new(plan, units))
        }
        match &self.first_units {
            Some(units) => Solutions {
                plan: self,
                walker: by_width!(self.words, make(self, units)),
                unique,
                cells: Vec::new(),
            },
            None => self.solutions(unique),
        }
    }

    /// The constructed N-queens solution's cells, row by row, for plain
    /// N-queens boards of at least `CONSTRUCT_FROM` rows.
    fn constructed(&self) -> Option<Vec<usize>> {
        let shape = crate::plan::permutation_shape(&self.problem)?;
        let plain = shape.diagonals && !shape.wrap && shape.leaps.is_empty();
        if !plain || shape.n < kernel::construct::CONSTRUCT_FROM {
            return None;
        }
        let cols = kernel::construct::construct(shape.n)?;
        Some(
            cols.iter()
                .enumerate()
                .map(|(r, c)| r * shape.n + c)
                .collect(),
        )
    }

    /// The first solution in search order.
    pub fn first(&self) -> Option<Solution> {
        self.solutions(false).next()
    }

    /// Streams solutions to `sink` in search order until it breaks.
    pub fn search(&self, unique: bool, sink: &mut impl Sink) -> Tally {
        let mut solutions = self.solutions(unique);
        let mut count = 0;
        for s in solutions.by_ref() {
            count += 1;
            if sink.solution(&s).is_break() {
                break;
            }
        }
        Tally {
            count,
            nodes: solutions.nodes(),
        }
    }

    /// Counts solutions (or classes, with `unique`).
    pub fn count(&self, options: CountOptions) -> Tally {
        if let (Some(p), None) = (&self.permutation, options.limit) {
            return permutation_tally(kernel::count(p, options.threads), options.unique);
        }
        if options.threads <= 1 || options.limit.is_some() {
            return self.count_sequential(&[], options);
        }
        let prefixes = self.subproblems();
        // Each thread walks with stacks of its own: as many as the budget holds.
        let memory = self.problem.memory();
        let room = crate::problem::MEMORY_BUDGET.saturating_sub(memory.plan) / memory.walker.max(1);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(options.threads.min(room.max(1) as usize))
            .build();
        let run = || {
            prefixes
                .par_iter()
                .map(|p| self.count_subproblem(p, options.unique))
                .reduce(Tally::default, |a, b| a + b)
        };
        match pool {
            Ok(pool) => pool.install(run),
            Err(_) => run(),
        }
    }

    /// Counts the solutions under one subproblem.
    pub fn count_subproblem(&self, sub: &Subproblem, unique: bool) -> Tally {
        let options = CountOptions {
            threads: 1,
            limit: None,
            unique,
        };
        match (&sub.part, &self.permutation) {
            (Part::Permutation(s), Some(p)) => {
                permutation_tally(kernel::count_subproblem(p, s), unique)
            }
            (Part::Prefix(prefix), _) => self.count_sequential(prefix, options),
            (Part::Permutation(_), None) => Tally::default(),
        }
    }

    fn count_sequential(&self, prefix: &[usize], options: CountOptions) -> Tally {
        fn run<const W: usize>(plan: &Plan, prefix: &[usize], options: CountOptions) -> Tally {
            with_walker!(plan, prefix, W, |w| plan.count_leaves(w, options))
        }
        by_width!(self.words, run(self, prefix, options))
    }

    /// Counts the leaves of one walk, compiled for its walker type.
    fn count_leaves(&self, mut walker: impl Walk, options: CountOptions) -> Tally {
        let mut count: u128 = 0;
        let mut cells = Vec::new();
        let limit = options.limit.unwrap_or(u128::MAX);
        while count < limit {
            let Some(placed) = walker.next_leaf() else {
                break;
            };
            if options.unique {
                merge(&self.problem.givens, placed, &mut cells);
                if !self.symmetry.is_canonical(&cells) {
                    continue;
                }
            }
            count += 1;
        }
        Tally {
            count,
            nodes: walker.nodes(),
        }
    }

    /// The independent subproblems the search splits into, in search order;
    /// every solution lies under exactly one. The split depends only on the
    /// plan, never on the thread count, so it also numbers shards.
    pub fn subproblems(&self) -> Vec<Subproblem> {
        if let Some(p) = &self.permutation {
            let subs = kernel::subproblems(p);
            return subs
                .into_iter()
                .map(|s| Subproblem {
                    part: Part::Permutation(s),
                })
                .collect();
        }
        let mut best = vec![Vec::new()];
        for cut in 1..=self.need {
            let prefixes = self.prefixes(cut);
            let enough = prefixes.len() >= SPLIT_TARGET || prefixes.len() <= 1;
            best = prefixes;
            if enough {
                break;
            }
        }
        best.into_iter()
            .map(|prefix| Subproblem {
                part: Part::Prefix(prefix),
            })
            .collect()
    }

    fn prefixes(&self, cut: usize) -> Vec<Vec<usize>> {
        fn walk<const G: bool, const W: usize>(plan: &Plan, cut: usize) -> Vec<Vec<usize>> {
            let mut w = Walker::<G, W>::new(plan, cut);
            let mut out = Vec::new();
            while w.next_leaf() == Found::Leaf {
                out.push(w.placed().to_vec());
            }
            out
        }
        fn plain<const W: usize>(plan: &Plan, cut: usize) -> Vec<Vec<usize>> {
            walk::<false, W>(plan, cut)
        }
        fn groups<const W: usize>(plan: &Plan, cut: usize) -> Vec<Vec<usize>> {
            walk::<true, W>(plan, cut)
        }
        match self.kernel {
            Kernel::Generic { groups: false } | Kernel::Permutation => {
                by_width!(self.words, plain(self, cut))
            }
            Kernel::Generic { groups: true } => by_width!(self.words, groups(self, cut)),
            // Its siblings exclude each other, so a prefix alone is no subproblem.
            Kernel::Units => vec![Vec::new()],
        }
    }
}

/// A count from the permutation kernel as a tally.
fn permutation_tally(c: kernel::Counts, unique: bool) -> Tally {
    Tally {
        count: if unique { c.unique } else { c.total },
        nodes: c.nodes,
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod width_tests;
