//! Running a plan: counting ([`count`], the one entry of a count),
//! streaming solutions to a [`Sink`], the lazy [`Solutions`] iterator, the
//! first solution, and the one core every count runs on: the split into
//! [`Subproblem`]s, the parallel runner, shards ([`Journal`]), checkpoints
//! and merge, one error type ([`SearchError`]).
//! This stage runs a plan and knows nothing of TOML or output formats; see
//! `docs/ARCHITECTURE.md` for where a new counting method plugs in.

pub mod checkpoint;
mod count;
mod error;
mod estimate;
mod longrun;
pub mod merge;
mod rounds;
pub(crate) mod run;
pub mod shard;
mod split;

use std::ops::ControlFlow;
use std::sync::Arc;

pub use crate::plan::Engine;
pub use count::{CountOptions, Counted, Progress, count, polynomial};
pub use error::SearchError;
pub use estimate::{Estimate, REFUSE_BEYOND, estimate, human_time};
pub use longrun::{Journal, Parts};
pub use run::Stop;
pub use shard::Shard;
pub use split::Subproblem;

/// Most worker threads a count takes (`-j`, Python's `threads=`): more only
/// spends minutes starting threads.
pub const MAX_THREADS: usize = 1024;

use crate::engine::permutation as kernel;
use crate::engine::propagate::{Model, Soonest};
use crate::engine::units::UnitWalker;
use crate::engine::walk::{Constructed, Walk, with_walker};
use crate::plan::by_width;
use crate::plan::{Groups, Permutation, Plan};
use split::Prefix;

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

/// The plan's walker under `prefix`, behind one virtual call per leaf.
fn boxed_walker<'p>(plan: &'p Plan, prefix: &Prefix) -> Box<dyn Walk + 'p> {
    fn make<'p, const W: usize>(plan: &'p Plan, prefix: &Prefix) -> Box<dyn Walk + 'p> {
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

/// The side `n ≥ 2` of a board that asks for the most bishops: `2n − 2`
/// pieces on a plain `n × n` square, no two on a `\` or `/` line, nothing
/// else.
fn most_bishops(p: &crate::problem::Problem) -> Option<usize> {
    let lines = p.piece.lines;
    let plain = p.rows == p.cols
        && p.rows >= 2
        && !lines.row
        && !lines.column
        && lines.diagonal
        && lines.anti_diagonal
        && !p.wrap
        && p.piece.count == 2 * p.rows - 2
        && p.piece.leaps.is_empty()
        && p.holes.iter().all(|h| !h)
        && p.givens.is_empty()
        && p.regions.is_none()
        && p.values.is_none()
        && p.groups.is_empty();
    plain.then_some(p.rows)
}

/// The givens and the placed cells, together and sorted, into `out`.
pub(crate) fn merge(a: &[usize], b: &[usize], out: &mut Vec<usize>) {
    out.clear();
    out.extend_from_slice(a);
    out.extend_from_slice(b);
    out.sort_unstable();
}

/// How solutions are asked for: the options of [`Plan::list`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ListOptions {
    /// One solution per class under the board's symmetries.
    pub unique: bool,
    /// The order that finds a solution soonest ([`Plan::first_order`],
    /// `--first`) instead of search order.
    pub soonest: bool,
}

/// The solutions as asked, and why there are none when the rules cannot be
/// met. A limit is `take(n)` on the iterator, and a stop is not pulling more.
pub struct Listing<'p> {
    /// The solutions, lazily; none when the rules cannot be met.
    pub solutions: Solutions<'p>,
    /// Why nothing meets the rules, when that shows without a search.
    pub unmeetable: Option<String>,
}

impl Plan {
    /// The solutions as `options` ask — the library's one entry of a
    /// listing (`--all`, `--first`, `--step`, Python's `solutions` and
    /// `first`, the page's Next): the order, `unique`, and none at once when
    /// the rules cannot be met.
    pub fn list(&self, options: ListOptions) -> Listing<'_> {
        let unmeetable = self.problem.unmeetable();
        let solutions = if unmeetable.is_some() {
            Solutions {
                plan: self,
                walker: Box::new(Constructed {
                    cells: Vec::new(),
                    given: true,
                }),
                unique: false,
                cells: Vec::new(),
            }
        } else if options.soonest {
            self.first_order(options.unique)
        } else {
            self.solutions(options.unique)
        };
        Listing {
            solutions,
            unmeetable,
        }
    }

    /// The solutions, lazily, in search order. With `unique`, only the least
    /// solution (in that order) of each class under the board's symmetries.
    pub fn solutions(&self, unique: bool) -> Solutions<'_> {
        Solutions {
            plan: self,
            walker: boxed_walker(self, &Prefix::default()),
            unique,
            cells: Vec::new(),
        }
    }

    /// The solutions in the order that finds one soonest, for `--first`:
    /// rules whose rows (or columns) must each hold one piece, and that have
    /// no groups and no matrix values, branch on the row (column) with the fewest open cells,
    /// lowest cell first; the propagating search of region games takes turns
    /// with random restarts once it has walked a while
    /// (`engine::propagate::Soonest`); other rules keep
    /// search order ([`Plan::solutions`]).
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
        let walker = match &self.first_units {
            Some(units) => by_width!(self.words, make(self, units)),
            None if self.engine == Engine::Propagate => {
                let model = Arc::new(Model::new(&self.problem));
                Box::new(Soonest::new(model))
            }
            None => return self.solutions(unique),
        };
        Solutions {
            plan: self,
            walker,
            unique,
            cells: Vec::new(),
        }
    }

    /// A solution built without search: the constructed N-queens solution's
    /// cells, row by row, for plain N-queens boards of at least
    /// `CONSTRUCT_FROM` rows; the most bishops on [`most_bishops`] boards
    /// from that side on too.
    fn constructed(&self) -> Option<Vec<usize>> {
        if let Some(n) =
            most_bishops(&self.problem).filter(|&n| n >= kernel::construct::CONSTRUCT_FROM)
        {
            // The top row, then the bottom row but its corners: each `\`
            // and `/` line but one taken once (the search's row walk goes
            // through middle rows first, which takes minutes from 24×24 on).
            let top = 0..n;
            let bottom = (1..n - 1).map(|c| (n - 1) * n + c);
            return Some(top.chain(bottom).collect());
        }
        let shape = Permutation::shape(&self.problem)?;
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
}

#[cfg(test)]
mod core_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod width_tests;
