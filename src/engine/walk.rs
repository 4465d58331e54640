//! The walkers behind one interface: [`Walk`] hands out leaves, and
//! [`with_walker!`] is the one place where a plan's method and board width
//! pick the concrete walker, so each runs compiled for its own type.

use super::propagate::PropagateWalker;
use super::rows::{Found, Walker};
use super::units::UnitWalker;

/// A kernel that walks a tree leaf by leaf.
pub(crate) trait Walk {
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
        self.trail.nodes
    }
}

impl<const W: usize> Walk for UnitWalker<'_, W> {
    #[inline]
    fn next_leaf(&mut self) -> Option<&[usize]> {
        (UnitWalker::next_leaf(self) == Found::Leaf).then(|| self.placed())
    }
    fn nodes(&self) -> u64 {
        self.trail.nodes
    }
}

impl Walk for PropagateWalker {
    #[inline]
    fn next_leaf(&mut self) -> Option<&[usize]> {
        PropagateWalker::next_leaf(self).then(|| self.placed())
    }
    fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// A walk with one leaf known in advance: a constructed solution.
pub(crate) struct Constructed {
    /// The solution's cells.
    pub(crate) cells: Vec<usize>,
    /// The leaf has been handed out.
    pub(crate) given: bool,
}

impl Walk for Constructed {
    fn next_leaf(&mut self) -> Option<&[usize]> {
        (!std::mem::replace(&mut self.given, true)).then_some(&self.cells[..])
    }
    fn nodes(&self) -> u64 {
        0
    }
}

/// Runs `$body` with `$w` bound to the plan's walker under `$prefix` (a
/// [`Prefix`](crate::search::Prefix)), of its own concrete type, `$W` the
/// width: the one place the method is dispatched to a walker. Counting-only
/// methods list with the row walk; only the propagating walk starts from
/// empty cells, and the unit walk starts from the root.
macro_rules! with_walker {
    ($plan:expr, $prefix:expr, $W:ident, |$w:ident| $body:expr) => {{
        use $crate::engine::{propagate::PropagateWalker, rows::Walker, units::UnitWalker};
        use $crate::plan::Engine;
        match $plan.engine {
            Engine::Rows { groups: false } | Engine::Permutation | Engine::Frontier => {
                let $w = Walker::<false, $W>::under($plan, &$prefix.pieces);
                $body
            }
            Engine::Rows { groups: true } => {
                let $w = Walker::<true, $W>::under($plan, &$prefix.pieces);
                $body
            }
            Engine::Units => {
                let $w = UnitWalker::<$W>::new($plan, &$plan.groups);
                $body
            }
            Engine::Propagate => {
                let $w = PropagateWalker::under(&$plan.problem, &$prefix.pieces, &$prefix.empty);
                $body
            }
        }
    }};
}

pub(crate) use with_walker;
