//! The walkers behind one interface: [`Walk`] hands out leaves, and
//! [`with_walker!`] is the one place where a plan's method and board width
//! pick the concrete walker, so each runs compiled for its own type.

use super::propagate::PropagateWalker;
use super::units::UnitWalker;
use super::walker::{Found, Walker};

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

/// Calls `f::<W>(args)` with `W` the plan's words per row: the one place
/// the width is dispatched.
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

/// Runs `$body` with `$w` bound to the plan's walker under `$prefix` (a
/// [`Prefix`](super::split::Prefix)), of its own concrete type, `$W` the
/// width: the one place the method is dispatched to a walker. Counting-only
/// methods list with the row walk; only the propagating walk starts from
/// empty cells, and the unit walk starts from the root.
macro_rules! with_walker {
    ($plan:expr, $prefix:expr, $W:ident, |$w:ident| $body:expr) => {{
        use $crate::plan::Method;
        use $crate::search::{propagate::PropagateWalker, units::UnitWalker, walker::Walker};
        match $plan.method {
            Method::Rows { groups: false } | Method::Permutation | Method::Frontier => {
                let $w = Walker::<false, $W>::under($plan, &$prefix.pieces);
                $body
            }
            Method::Rows { groups: true } => {
                let $w = Walker::<true, $W>::under($plan, &$prefix.pieces);
                $body
            }
            Method::Units => {
                let $w = UnitWalker::<$W>::new($plan, &$plan.groups);
                $body
            }
            Method::Propagate => {
                let $w = PropagateWalker::under(&$plan.problem, &$prefix.pieces, &$prefix.empty);
                $body
            }
        }
    }};
}

pub(crate) use {by_width, with_walker};
