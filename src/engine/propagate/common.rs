//! Common attacks, the deduction the propagating search and the hint
//! engine share: when a set of cells must hold a piece (the last open
//! cells of a unit that still needs one, the cells a 2×2 block of a tight
//! cover claims), a piece on a cell attacking all of them would leave them
//! none, so every such cell stays empty. The search empties them on its
//! state ([`super::rules`]); the hint engine names the cells and the unit
//! or block in its step (`logic::simple::pairs_triples`,
//! `logic::capacity`).

use super::model::{Axis, Model};
use super::rules::Step;
use super::state::{Cell, State};

/// The cells outside `cells` that attack every one of them and are `open`
/// (asked first, as it is the cheaper test), increasing: they are among
/// the first cell's attacks, and holes are never among them. Nothing when
/// `cells` is empty.
pub(crate) fn attacking_all<'a>(
    m: &'a Model,
    cells: &'a [usize],
    open: impl Fn(usize) -> bool + 'a,
) -> impl Iterator<Item = usize> + 'a {
    let first = cells.first().map_or(&[][..], |&f| m.attacks[f].as_slice());
    first
        .iter()
        .map(|&a| a as usize)
        .filter(move |&a| open(a) && attacks_rest(m, a, cells))
}

/// Whether `a`, a cell the first of `cells` attacks, lies outside `cells`
/// and attacks the others.
fn attacks_rest(m: &Model, a: usize, cells: &[usize]) -> bool {
    !cells.contains(&a)
        && cells[1..]
            .iter()
            .all(|&c| m.attacks[c].binary_search(&(a as u32)).is_ok())
}

/// The most open cells of a unit whose common attacks the hint engine's
/// pairs and triples look at; the search's rules aimed at that grade
/// ([`super::Rules::NoCapacity`]) stop there too.
pub(crate) const GROUP: usize = 3;

/// A unit that still needs a piece among at most `most` open cells: every
/// cell that attacks all of them stays empty.
pub(super) fn common_attacks(m: &Model, st: &mut State, most: u32) -> Step {
    let mut cells = std::mem::take(&mut st.common_cells);
    // Units unchanged since last looked at are skipped: what they empty is
    // empty already. Units changed while the pass runs are looked at in it
    // when they come after the unit that changed them.
    let found = (|| -> Step {
        let mut changed = false;
        let mut from = 1;
        while let Some(u) = st.take_common(from) {
            from = u + 1;
            if st.need(m, u) == 0 || st.open[u] > most || st.open[u] == 0 || apart(m, st, u) {
                continue;
            }
            cells.clear();
            cells.extend(st.open_cells(m, u));
            changed |= empty_common(m, st, &cells)?;
        }
        Ok(changed)
    })();
    st.common_cells = cells;
    found
}

/// Whether two open cells of unit `u` (not the whole board) lie more than
/// twice [`Model::reach`] rows or columns apart, so that no cell attacks
/// both: read from the state's masks, false without them.
fn apart(m: &Model, st: &State, u: usize) -> bool {
    let span = |mask: u128| 127 - (mask.leading_zeros() + mask.trailing_zeros()) as usize;
    let far = |mask: u128| mask != 0 && span(mask) > 2 * m.reach;
    m.masks && (far(st.lines(u, Axis::Row)) || far(st.lines(u, Axis::Column)))
}

/// Empties the open cells that attack every one of `cells` ([`attacking_all`]).
pub(super) fn empty_common(m: &Model, st: &mut State, cells: &[usize]) -> Step {
    let Some(&first) = cells.first() else {
        return Ok(false);
    };
    let mut changed = false;
    for &a in &m.attacks[first] {
        let a = a as usize;
        if st.cells[a] == Cell::Open && attacks_rest(m, a, cells) {
            st.set(m, a, Cell::Empty)?;
            changed = true;
        }
    }
    Ok(changed)
}
