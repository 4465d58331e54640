//! The deductions beyond the basic unit rules, each sound for any bounds:
//! cells every candidate of a unit attacks, capacity under cliques (2×2
//! windows), and (in [`super::confine`]) confinement between a family of
//! lines and another family. Each returns whether it decided a cell, or a
//! conflict.

use super::band::bands;
use super::common::{GROUP, common_attacks, empty_common};
use super::confine::confinement;
use super::cover::{Clique, Lines, at_least, cover, greedy_rows, greedy_size, greedy_span};
use super::model::{Axis, Kind, Model};
use super::state::{Cell, Conflict, State};
use super::strip::Strip;
use crate::problem::Family;

/// Whether a rule decided anything.
pub(crate) type Step = Result<bool, Conflict>;

/// Which of the rules a propagation runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Rules {
    /// Every rule: at the search's nodes.
    All,
    /// All but confinement, the dearest: in probes, where capacity finds
    /// nearly every conflict (measured in docs/notes/puzzles.md).
    Probe,
    /// All but capacity, with common attacks of units of at most three
    /// open cells: about what the hint engine's medium techniques reach,
    /// for generating puzzles of that grade.
    NoCapacity,
    /// Confinement to single lines alone: with the unit rules (neighbours,
    /// last cells), what the hint engine's easy techniques reach.
    Confined,
    /// Every rule and band counting ([`super::band`]): for the hint
    /// engine's trials, which must see what its band techniques see.
    Hints,
}

/// Runs `rules` in order of cost; stops at the first that decides a cell,
/// so that the cheap unit rules run again first.
pub(crate) fn deduce(m: &Model, st: &mut State, rules: Rules) -> Step {
    let (common, widest) = (rules.common(), rules.widest());
    Ok(common > 0 && common_attacks(m, st, common)?
        || rules.capacity() && capacity(m, st)?
        || widest > 0 && confinement(m, st, widest)?
        || rules == Rules::Hints && bands(m, st)?)
}

impl Rules {
    /// The most open cells of a unit whose common attacks are emptied
    /// (0: none are).
    fn common(self) -> u32 {
        match self {
            Rules::All | Rules::Probe | Rules::Hints => COMMON_OPEN,
            Rules::NoCapacity => GROUP as u32,
            Rules::Confined => 0,
        }
    }

    /// Whether the capacity rule runs.
    fn capacity(self) -> bool {
        matches!(self, Rules::All | Rules::Probe | Rules::Hints)
    }

    /// The widest band of lines confinement looks at (0: it does not run).
    fn widest(self) -> usize {
        match self {
            Rules::All | Rules::NoCapacity | Rules::Hints => usize::MAX,
            Rules::Confined => 1,
            Rules::Probe => 0,
        }
    }
}

/// Units whose open cells are checked for common attacks, at most this many.
const COMMON_OPEN: u32 = 6;

/// Buffers the capacity rule reuses from call to call.
#[derive(Debug, Clone, Default)]
pub(crate) struct Scratch {
    pub(super) inside: Vec<bool>,
    pub(super) cells: Vec<usize>,
    pub(super) cliques: Vec<Clique>,
    /// A mask per row, all zero between calls ([`greedy_size`]).
    pub(super) rows: Vec<u64>,
    /// The units changed since the last pass, as [`State::changed`] had them.
    fresh: Vec<u64>,
    /// The band rule's cover sizes, by the keys of the area's open cells:
    /// probes come back to the same areas (a probe changes a few lines,
    /// then is undone), and so do later states.
    pub(super) caps: Caps,
    /// The band rule's lines and regions, refilled at each call.
    pub(super) tally: super::areas::Tally,
}

/// The band rule's covers by the keys of an area's open cells combined
/// ([`super::state::State::key`]): a cover is a function of the cells
/// alone, so it stays true from state to state of one model.
pub(crate) type Caps = rustc_hash::FxHashMap<u128, Kept>;

/// A cover kept in [`Caps`].
#[derive(Debug, Clone, Default)]
pub(crate) struct Kept {
    /// Its size, or a lower bound on it.
    pub(super) cap: u32,
    /// Whether `cap` is the size.
    pub(super) exact: bool,
    /// Its cliques, when an area needed as many pieces as the cover has
    /// cliques: such a tight area's steps depend on the cells around, so
    /// it is looked at again at each state, from these.
    pub(super) cliques: Option<Box<[Clique]>>,
}

impl Kept {
    /// A lower bound on the size.
    pub(super) fn at_least(cap: u32) -> Kept {
        Kept {
            cap,
            exact: false,
            cliques: None,
        }
    }

    /// The size, with the cliques of a tight cover.
    pub(super) fn size(cap: u32, cliques: Option<Box<[Clique]>>) -> Kept {
        Kept {
            cap,
            exact: true,
            cliques,
        }
    }
}

/// Whether `need` pieces among `open` cells can reach the capacity of their
/// cover: a cover of cliques of at most four cells has at least ⌈open/4⌉ of
/// them, and with `open ≤ need` the unit rules already decide every cell.
fn may_bind(need: u32, open: u32) -> bool {
    need > 0 && open > need && need >= open.div_ceil(4)
}

/// A set of open cells needs more pieces than its cover's cliques: conflict.
/// Exactly as many: each clique takes one piece, so a lone cell is a piece
/// and the cells attacking a whole clique stay empty. `on` are the lines
/// of the cells.
pub(super) fn tight(m: &Model, st: &mut State, need: u32, on: Lines, sc: &mut Scratch) -> Step {
    for &c in &sc.cells {
        sc.inside[c] = true;
    }
    cover(m, &mut sc.cells, on, &mut sc.inside, &mut sc.cliques);
    let cap = sc.cliques.len() as u32;
    if need > cap {
        return Err(Conflict);
    }
    if need < cap {
        return Ok(false);
    }
    fill_tight(m, st, &sc.cliques)
}

/// The steps of a tight cover (its cells need a piece in each clique): a
/// lone cell is a piece, and the cells attacking a whole clique stay
/// empty.
pub(super) fn fill_tight(m: &Model, st: &mut State, cliques: &[Clique]) -> Step {
    let mut changed = false;
    for q in cliques {
        if let [one] = q.cells() {
            if st.cells[*one] == Cell::Open {
                st.set(m, *one, Cell::Piece)?;
                changed = true;
            }
        } else if let Some(common) = m.common(q.window.0, q.window.1) {
            for &a in common {
                if st.cells[a as usize] == Cell::Open {
                    st.set(m, a as usize, Cell::Empty)?;
                    changed = true;
                }
            }
        } else {
            changed |= empty_common(m, st, q.cells())?;
        }
    }
    Ok(changed)
}

/// Capacity of each unit, and of each pair of neighbouring rows (columns).
fn capacity(m: &Model, st: &mut State) -> Step {
    let mut sc = std::mem::take(&mut st.scratch);
    let result = capacity_with(m, st, &mut sc);
    st.scratch = sc;
    result
}

/// One pass of the rule over the units changed since the last pass.
fn capacity_with(m: &Model, st: &mut State, sc: &mut Scratch) -> Step {
    let mut fresh = std::mem::take(&mut sc.fresh);
    fresh.clear();
    fresh.extend_from_slice(&st.changed);
    st.changed.fill(0);
    let result = capacity_of(m, st, sc, &fresh);
    sc.fresh = fresh;
    result
}

/// The rule on the units of `fresh` (a bit per unit, as
/// [`State::changed`]) and the line pairs holding one of them, in
/// increasing order.
fn capacity_of(m: &Model, st: &mut State, sc: &mut Scratch, fresh: &[u64]) -> Step {
    let mut changed = false;
    // The changed units but the whole board.
    let units = fresh.iter().enumerate().flat_map(|(w, &bits)| {
        let mut left = if w == 0 { bits & !1 } else { bits };
        std::iter::from_fn(move || {
            let u = (left != 0).then(|| w * 64 + left.trailing_zeros() as usize)?;
            left &= left - 1;
            Some(u)
        })
    });
    for u in units.take_while(|&u| u < m.units.len()) {
        let need = st.need(m, u);
        if !may_bind(need, st.open[u]) {
            continue;
        }
        let strip = m.line[u].and_then(|(axis, i)| {
            let mask = open_mask(st, u, axis);
            Strip::line(m, axis, i, mask)
        });
        // A strip's windows are its own lower bound: what `bound` does with
        // them, `need` and the open cells checked above.
        if let Some(strip) = strip {
            changed |= strip.tight(m, st, need)?;
            continue;
        }
        let on = unit_lines(m, st, u);
        // The cover has more cliques than `need`: nothing to deduce.
        if at_least(st.open[u] as usize, on) > need as usize {
            continue;
        }
        changed |= bound(m, st, need, &[u], on, sc)?;
    }
    for (kind, lines) in &m.families {
        if !matches!(kind, Kind::Group(Family::Row | Family::Column)) {
            continue;
        }
        for u in fresh_pairs(fresh, lines.clone()) {
            let need = st.need(m, u).saturating_add(st.need(m, u + 1));
            if !may_bind(need, st.open[u] + st.open[u + 1]) {
                continue;
            }
            let strip = match (m.line[u], m.line[u + 1]) {
                (Some((axis, i)), Some((next, j))) if next == axis && j == i + 1 => {
                    let masks = (open_mask(st, u, axis), open_mask(st, u + 1, axis));
                    Strip::new(m, axis, i, masks)
                }
                _ => None,
            };
            if let Some(strip) = strip {
                changed |= strip.tight(m, st, need)?;
                continue;
            }
            let on = unit_lines(m, st, u)
                .zip(unit_lines(m, st, u + 1))
                .map(|(a, b)| (a.0 | b.0, a.1 | b.1));
            let open = (st.open[u] + st.open[u + 1]) as usize;
            if at_least(open, on) > need as usize {
                continue;
            }
            changed |= bound(m, st, need, &[u, u + 1], on, sc)?;
        }
    }
    Ok(changed)
}

/// The units `u` of `lines` but the last with `u` or `u + 1` in `fresh`
/// (a bit per unit), increasing: a word of them at a time.
fn fresh_pairs(fresh: &[u64], lines: std::ops::Range<usize>) -> impl Iterator<Item = usize> + '_ {
    let end = lines.end.saturating_sub(1).max(lines.start);
    (lines.start / 64..end.div_ceil(64)).flat_map(move |w| {
        let next = fresh.get(w + 1).copied().unwrap_or(0);
        let pairs = fresh[w] | fresh[w] >> 1 | next << 63;
        // The bits of units `lines.start..end` within word `w`.
        let from = lines.start.saturating_sub(w * 64);
        let to = (end - w * 64).min(64);
        let upto = if to == 64 { !0 } else { (1u64 << to) - 1 };
        let mut left = pairs & upto & !0u64 << from;
        std::iter::from_fn(move || {
            let u = (left != 0).then(|| w * 64 + left.trailing_zeros() as usize)?;
            left &= left - 1;
            Some(u)
        })
    })
}

/// The capacity rule for `need` pieces among the open cells of `units`, on
/// lines `on`, from a cover of the cells (cells within a strip of lines
/// that are units go to [`Strip::tight`] instead, which decides the same
/// from masks). Nothing when they are no more than `need`: the unit rules
/// decide them.
pub(super) fn bound(
    m: &Model,
    st: &mut State,
    need: u32,
    units: &[usize],
    on: Lines,
    sc: &mut Scratch,
) -> Step {
    let open: u32 = units.iter().map(|&u| st.open[u]).sum();
    if need == 0 || open <= need {
        return Ok(false);
    }
    if let Some(step) = by_rows(m, st, need, units, on, sc) {
        return step;
    }
    sc.inside.resize(m.cells(), false);
    sc.cells.clear();
    for &u in units {
        open_into(m, st, u, &mut sc.cells);
    }
    if by_parity(m, &sc.cells) > need {
        return Ok(false);
    }
    // The cover's size alone, when it is cheaper: most covers are not tight.
    match greedy_size(m, &sc.cells, on, &mut sc.rows) {
        Some(cap) if need > cap => return Err(Conflict),
        Some(cap) if need < cap => return Ok(false),
        _ => {}
    }
    tight(m, st, need, on, sc)
}

/// The capacity rule for one unit that is not a line (a region), its open
/// cells read row by row from the state's masks ([`Model::unit_rows`]):
/// the same greedy cover, in the same order, as [`tight`] builds from its
/// cells ([`greedy_rows`]), with no list of cells, no marks and no sort.
/// `None`, having done nothing, without the masks, for other units, and
/// for cells within two neighbouring lines (the cover takes them as a
/// strip).
fn by_rows(
    m: &Model,
    st: &mut State,
    need: u32,
    units: &[usize],
    on: Lines,
    sc: &mut Scratch,
) -> Option<Step> {
    let &[u] = units else {
        return None;
    };
    if m.unit_rows.is_empty() || m.line[u].is_some() {
        return None;
    }
    let (first, last) = greedy_span(m, on)?;
    sc.rows.resize(m.rows + 1, 0);
    let of_unit = &m.unit_rows[u * m.rows..(u + 1) * m.rows];
    let fill = |rows: &mut [u64]| {
        for r in first..=last {
            rows[r] = st.open_row(r) & of_unit[r];
        }
    };
    fill(&mut sc.rows);
    if st.open[u] < 256 && parity_of_rows(&sc.rows[first..=last], first) > need {
        sc.rows[first..=last].fill(0);
        return Some(Ok(false));
    }
    let cap = greedy_rows(m, &mut sc.rows, first, last, None);
    Some(match need.cmp(&cap) {
        std::cmp::Ordering::Greater => Err(Conflict),
        std::cmp::Ordering::Less => Ok(false),
        std::cmp::Ordering::Equal => {
            // Tight, and so rare: the cover's cliques, counted again.
            fill(&mut sc.rows);
            sc.cliques.clear();
            greedy_rows(m, &mut sc.rows, first, last, Some(&mut sc.cliques));
            fill_tight(m, st, &sc.cliques)
        }
    })
}

/// [`by_parity`] of the cells in `rows` (the columns of each row's cells
/// as a mask, the first row being row `first`), fewer than 256 cells: the
/// cells of each class summed a byte per two columns, eight classes of
/// columns at a time.
fn parity_of_rows(rows: &[u64], first: usize) -> u32 {
    const EVEN: u64 = 0x5555_5555_5555_5555;
    // A row's cells in even (odd) columns, counted per byte: 0 to 4.
    let bytes = |bits: u64| {
        let pairs = (bits & 0x3333_3333_3333_3333) + (bits >> 2 & 0x3333_3333_3333_3333);
        (pairs + (pairs >> 4)) & 0x0f0f_0f0f_0f0f_0f0f
    };
    let mut classes = [0u64; 4];
    for (i, &row) in rows.iter().enumerate() {
        let odd_row = (first + i) & 1;
        classes[odd_row << 1] += bytes(row & EVEN);
        classes[odd_row << 1 | 1] += bytes(row >> 1 & EVEN);
    }
    let total = |x: u64| (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32;
    classes.into_iter().map(total).max().unwrap_or(0)
}

/// A lower bound on the cliques of any cover of `cells`, cheaper than a
/// cover: a clique (a 2×2 window's cells, or one cell) holds at most one
/// cell of each parity class (row and column, each odd or even), so the
/// cover has at least as many cliques as the largest class has cells.
/// Above the pieces needed, the cover cannot be tight: [`tight`] would
/// decide nothing.
pub(super) fn by_parity(m: &Model, cells: &[usize]) -> u32 {
    let mut classes = [0u32; 4];
    for &c in cells {
        let (r, k) = m.at[c];
        classes[((r & 1) << 1 | (k & 1)) as usize] += 1;
    }
    classes.into_iter().max().unwrap_or(0)
}

/// Appends the open cells of unit `u` to `out`: from the state's masks for
/// a row or column, else from its cells.
pub(super) fn open_into(m: &Model, st: &State, u: usize, out: &mut Vec<usize>) {
    let (mask, first, step) = match m.line[u] {
        Some((Axis::Row, r)) => (open_mask(st, u, Axis::Row), r * m.cols, 1),
        Some((Axis::Column, c)) => (open_mask(st, u, Axis::Column), c, m.cols),
        None => return out.extend(st.open_cells(m, u)),
    };
    let mut left = mask;
    while left != 0 {
        out.push(first + step * left.trailing_zeros() as usize);
        left &= left - 1;
    }
}

/// The open cells of line unit `u` along its `axis`, as a mask: a row's
/// columns, a column's rows.
pub(super) fn open_mask(st: &State, u: usize, axis: Axis) -> u128 {
    match axis {
        Axis::Row => st.lines(u, Axis::Column),
        Axis::Column => st.lines(u, Axis::Row),
    }
}

/// The [`Lines`] of the open cells of unit `u`, from the state's masks.
pub(super) fn unit_lines(m: &Model, st: &State, u: usize) -> Lines {
    m.masks.then(|| st.spread[u])
}

#[cfg(test)]
mod tests {
    use super::{fresh_pairs, parity_of_rows};

    /// The parity bound from row masks is the one from the cells, on
    /// random sets of up to 255 cells of a board 64 wide, from odd and
    /// even first rows.
    #[test]
    fn parity_of_rows_is_the_cells_parity_bound() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..5_000 {
            let (first, height) = ((next() % 3) as usize, 1 + (next() % 8) as usize);
            let rows: Vec<u64> = (0..height).map(|_| next() & next()).collect();
            let cells: Vec<(usize, usize)> = (0..height)
                .flat_map(|i| (0..64).map(move |k| (first + i, k)))
                .filter(|&(r, k)| rows[r - first] >> k & 1 == 1)
                .collect();
            if cells.len() >= 256 {
                continue;
            }
            let mut classes = [0u32; 4];
            for (r, k) in cells {
                classes[(r & 1) << 1 | (k & 1)] += 1;
            }
            let expect = classes.into_iter().max().unwrap_or(0);
            assert_eq!(parity_of_rows(&rows, first), expect, "{rows:x?}");
        }
    }

    #[test]
    fn fresh_pairs_are_the_pairs_with_a_fresh_line() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..5_000 {
            let fresh = [next() & next(), next() & next(), next() & next() & next()];
            let (a, b) = ((next() % 193) as usize, (next() % 193) as usize);
            let lines = a.min(b)..a.max(b);
            let is = |u: usize| fresh[u / 64] >> (u % 64) & 1 == 1;
            let naive: Vec<usize> = (lines.start..lines.end.saturating_sub(1))
                .filter(|&u| is(u) || is(u + 1))
                .collect();
            let by_words: Vec<usize> = fresh_pairs(&fresh, lines.clone()).collect();
            assert_eq!(by_words, naive, "{lines:?}");
        }
    }
}
