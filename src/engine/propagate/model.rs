//! What the propagating search reads from a [`Problem`]: the cells, the units
//! (groups of cells with bounds on their pieces), who attacks whom, and the
//! 2×2 windows whose cells all attack each other. Plain vectors, any board size.

use crate::problem::{Family, Problem};

/// Which family a unit belongs to; units of one family never share a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A group family of the rules (rows, columns, regions, diagonals).
    Group(Family),
    /// The whole board: the piece count.
    Total,
}

/// A set of cells that holds between `min` and `max` pieces.
#[derive(Debug, Clone)]
pub(crate) struct Unit {
    /// Its cells (never holes), increasing.
    pub(crate) cells: Vec<u32>,
    /// At least this many pieces.
    pub(crate) min: u32,
    /// At most this many pieces.
    pub(crate) max: u32,
}

/// The problem in the propagating search's terms.
#[derive(Debug, Clone)]
pub(crate) struct Model {
    /// Board height.
    pub(crate) rows: usize,
    /// Board width.
    pub(crate) cols: usize,
    /// `holes[cell]`: no piece goes there.
    pub(crate) holes: Vec<bool>,
    /// Pre-placed pieces.
    pub(crate) givens: Vec<usize>,
    /// Every unit; the first holds the whole board.
    pub(crate) units: Vec<Unit>,
    /// `cell_units[cell]`: the units holding the cell.
    pub(crate) cell_units: Vec<Vec<u32>>,
    /// `attacks[cell]`: the other cells a piece on `cell` takes away.
    pub(crate) attacks: Vec<Vec<u32>>,
    /// `window[r * cols + c]`: the 2×2 window with top-left (r, c) lies on the
    /// board and its four cells attack each other, so it holds at most one piece.
    pub(crate) window: Vec<bool>,
    /// The families present, each as the range of its units.
    pub(crate) families: Vec<(Kind, std::ops::Range<usize>)>,
    /// `family_unit[f][cell]`: the unit of family `f` holding the cell, or
    /// [`NONE`] (a hole, or a cell no unit of the family holds).
    pub(crate) family_unit: Vec<Vec<u32>>,
    /// `at[cell]`: its row and column.
    pub(crate) at: Vec<(u32, u32)>,
    /// `common[common_at[w * 16 + s]..common_at[w * 16 + s + 1]]`: for the
    /// window with top-left `w` and the subset `s` of its cells (bit `i` for
    /// the `i`-th of [`Model::window_cells`]), the cells outside `s` that
    /// attack all of it. Empty for windows that are not cliques; not
    /// computed at all (`common_at` empty) when a cell attacks more than
    /// [`COMMON_MOST`] cells (lines: long lists, memory growing with the
    /// board's cube).
    common: Vec<u32>,
    common_at: Vec<u32>,
    /// Whether every 2×2 window of the board is a clique with its common
    /// attackers computed: then a strip's cover needs no check (see
    /// [`super::strip`]).
    pub(crate) every_window: bool,
    /// `line[u]`: the row (`Axis::Row`, r) or column unit `u` is, when it
    /// holds exactly that line's cells (holes aside) and the board has at
    /// most 128 rows and columns, so that [`State`](super::state::State)
    /// keeps its open cells as a mask.
    pub(crate) line: Vec<Option<(Axis, usize)>>,
    /// The first unit that is row `i` (entry `i`) or column `i` (entry
    /// `rows + i`) by [`Model::line`], or [`NONE`].
    pub(crate) line_unit: Vec<u32>,
    /// Whether a cell attacks exactly its neighbours (the eight cells
    /// around it, on the board and not holes): then a strip finds the
    /// windows it would decide something in from masks ([`super::strip`]).
    pub(crate) king: bool,
    /// The most rows (columns) between a cell and a cell it attacks: cells
    /// further than twice it apart have no common attacker.
    pub(crate) reach: usize,
    /// Whether the board has at most 128 rows and columns: open cells are
    /// also kept as a mask per row and per column.
    pub(crate) masks: bool,
    /// A random key per cell when [`Model::keyed`], else empty: the state
    /// then keeps, per unit, the keys of its open cells combined
    /// ([`State::key`](super::state::State::key)), which names a set of
    /// open cells in a few operations (the band rule's cover sizes).
    pub(crate) keys: Vec<u128>,
    /// `unit_rows[u * rows + r]`: the columns of unit `u`'s cells in row
    /// `r`, as a mask, when the board has at most 64 columns and 128 rows
    /// (else empty): with the state's open cells per row
    /// ([`State::open_row`](super::state::State::open_row)) a unit's open
    /// cells row by row in a word operation each.
    pub(crate) unit_rows: Vec<u64>,
    /// `window_rows[r]`: the columns `c` whose window at (r, c) is a clique
    /// ([`Model::window`]), as a mask, when the board has at most 64
    /// columns (else empty): for greedy covers on row masks.
    pub(crate) window_rows: Vec<u64>,
}

/// Rows or columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Axis {
    /// Bits of a row's mask are its columns.
    Row,
    /// Bits of a column's mask are its rows.
    Column,
}

/// The unit holding the whole board (the piece count): the first.
pub(crate) const TOTAL: usize = 0;

/// Cells a cell may attack for [`Model::common`] to be computed: leaps.
const COMMON_MOST: usize = 32;

/// No unit: an entry of [`Model::family_unit`].
pub(crate) const NONE: u32 = u32::MAX;

impl Model {
    /// The model of `problem`: its units are the counted families of
    /// [`Problem::bounded_families`], but for diagonal lines, which the
    /// attacks already keep.
    pub(crate) fn new(problem: &Problem) -> Model {
        let (rows, cols) = (problem.rows, problem.cols);
        let cells = problem.cells();
        let attacks = (0..cells)
            .map(|cell| {
                let mut a: Vec<u32> = problem
                    .attacked_cells(cell)
                    .into_iter()
                    .map(|(r, c)| problem.cell(r, c))
                    .filter(|&c| c != cell && !problem.holes[c])
                    .map(|c| c as u32)
                    .collect();
                a.sort_unstable();
                a.dedup();
                a
            })
            .collect();
        let mut model = Model {
            rows,
            cols,
            holes: problem.holes.clone(),
            givens: problem.givens.clone(),
            units: Vec::new(),
            cell_units: Vec::new(),
            attacks,
            window: Vec::new(),
            families: Vec::new(),
            family_unit: Vec::new(),
            at: (0..cells)
                .map(|c| ((c / cols) as u32, (c % cols) as u32))
                .collect(),
            common: Vec::new(),
            common_at: Vec::new(),
            line: Vec::new(),
            line_unit: Vec::new(),
            king: false,
            reach: 0,
            masks: rows <= 128 && cols <= 128,
            every_window: false,
            keys: Vec::new(),
            unit_rows: Vec::new(),
            window_rows: Vec::new(),
        };
        model.window = (0..cells).map(|c| model.is_window(c)).collect();
        if cols <= 64 {
            let row =
                |r: usize| (0..cols).fold(0, |w, c| w | u64::from(model.window[r * cols + c]) << c);
            model.window_rows = (0..rows).map(row).collect();
        }
        model.common_attackers();
        model.every_window = rows >= 2
            && cols >= 2
            && !model.common_at.is_empty()
            && (0..cells).all(|c| model.window[c] || c / cols + 1 == rows || c % cols + 1 == cols);
        model.reach = (0..cells)
            .flat_map(|c| model.attacks[c].iter().map(move |&a| (c, a as usize)))
            .map(|(c, a)| {
                (c / cols)
                    .abs_diff(a / cols)
                    .max((c % cols).abs_diff(a % cols))
            })
            .max()
            .unwrap_or(0);
        model.king =
            (0..cells).all(|c| problem.holes[c] || model.attacks[c] == model.neighbours(c));
        model.regroup(problem);
        model
    }

    /// The cells around `cell` (a king's move away) on the board and not
    /// holes, increasing.
    fn neighbours(&self, cell: usize) -> Vec<u32> {
        let (r, c) = (cell / self.cols, cell % self.cols);
        let near = |x: usize, n: usize| x.saturating_sub(1)..(x + 2).min(n);
        near(r, self.rows)
            .flat_map(|y| near(c, self.cols).map(move |x| y * self.cols + x))
            .filter(|&x| x != cell && !self.holes[x])
            .map(|x| x as u32)
            .collect()
    }

    /// The model with a key per cell (see [`Model::keys`]): 128 bits from
    /// splitmix64 of the cell, the same every run.
    pub(crate) fn keyed(mut self) -> Model {
        let mix = |mut z: u64| {
            z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        self.keys = (0..self.cells() as u64)
            .map(|c| u128::from(mix(2 * c)) << 64 | u128::from(mix(2 * c + 1)))
            .collect();
        self
    }

    /// Builds the units of `problem`, and what is derived from them. After
    /// [`Model::new`], `problem` may differ from the model's own in its
    /// regions (not its board, piece, holes or givens): what depends only on
    /// the board and the piece is kept.
    pub(crate) fn regroup(&mut self, problem: &Problem) {
        debug_assert!(problem.rows == self.rows && problem.cols == self.cols);
        debug_assert!(problem.holes == self.holes && problem.givens == self.givens);
        let cells = self.cells();
        let count = clamp(problem.piece.count);
        // The old units' cell lists, cleared, hold the new ones: a grid
        // changing a few cells at a time allocates next to nothing
        // (measured: regrouping was a fifth of the generator's time, most
        // of it allocating).
        let mut spare: Vec<Vec<u32>> = std::mem::take(&mut self.units)
            .into_iter()
            .map(|u| u.cells)
            .collect();
        let mut unit = |min: u32, max: u32| {
            let mut cells = spare.pop().unwrap_or_default();
            cells.clear();
            Unit { cells, min, max }
        };
        let mut board = unit(count, count);
        board
            .cells
            .extend((0..cells as u32).filter(|&c| !problem.holes[c as usize]));
        let mut units = vec![board];
        let mut families = vec![(Kind::Total, 0..1)];
        // the groups, and the rows and columns as lines: diagonal lines are
        // left to the attacks
        let bounds = problem
            .bounded_families()
            .into_iter()
            .filter(|b| b.grouped || matches!(b.family, Family::Row | Family::Column))
            .map(|b| (b.family, clamp(b.least()), clamp(b.max)));
        for (family, min, max) in bounds {
            let first = units.len();
            let n = problem.group_count(family);
            units.extend((0..n).map(|_| unit(min, max)));
            for cell in (0..cells).filter(|&c| !problem.holes[c]) {
                if let Some(k) = problem.group_of(family, cell) {
                    units[first + k].cells.push(cell as u32);
                }
            }
            families.push((Kind::Group(family), first..units.len()));
        }
        self.cell_units.resize_with(cells, Vec::new);
        self.cell_units.iter_mut().for_each(Vec::clear);
        for (u, unit) in units.iter().enumerate() {
            for &c in &unit.cells {
                self.cell_units[c as usize].push(u as u32);
            }
        }
        self.family_unit.resize_with(families.len(), Vec::new);
        for (of, (_, range)) in self.family_unit.iter_mut().zip(&families) {
            of.clear();
            of.resize(cells, NONE);
            for u in range.clone() {
                for &c in &units[u].cells {
                    of[c as usize] = u as u32;
                }
            }
        }
        self.units = units;
        self.families = families;
        self.line = (0..self.units.len()).map(|u| self.line_of(u)).collect();
        self.line_units();
        self.unit_rows();
    }

    /// Fills [`Model::line_unit`] from [`Model::line`].
    fn line_units(&mut self) {
        self.line_unit.clear();
        self.line_unit.resize(self.rows + self.cols, NONE);
        for (u, line) in self.line.iter().enumerate().rev() {
            if let Some((axis, i)) = *line {
                let at = if axis == Axis::Row { i } else { self.rows + i };
                self.line_unit[at] = u as u32;
            }
        }
    }

    /// Fills [`Model::unit_rows`] from the units.
    fn unit_rows(&mut self) {
        self.unit_rows.clear();
        if !self.masks || self.cols > 64 {
            return;
        }
        self.unit_rows.resize(self.units.len() * self.rows, 0);
        for (u, unit) in self.units.iter().enumerate() {
            for &c in &unit.cells {
                let (r, k) = self.at[c as usize];
                self.unit_rows[u * self.rows + r as usize] |= 1 << k;
            }
        }
    }

    /// The unit that is line `i` of `axis` (see [`Model::line_unit`]);
    /// `None` when there is none or no such line.
    pub(crate) fn unit_of_line(&self, axis: Axis, i: usize) -> Option<usize> {
        let at = if axis == Axis::Row { i } else { self.rows + i };
        let u = *self.line_unit.get(at)?;
        (u != NONE).then_some(u as usize)
    }

    /// Regroups for `problem` when only its regions differ from the
    /// model's own, as [`Model::regroup`] does, touching only the region
    /// units and the cells that changed region (measured: the full regroup
    /// was a sixth of the generator's time, rows and columns included);
    /// the full regroup when the number of regions changed.
    pub(crate) fn regroup_regions(&mut self, problem: &Problem) {
        debug_assert!(problem.rows == self.rows && problem.cols == self.cols);
        debug_assert!(problem.holes == self.holes && problem.givens == self.givens);
        let region = Kind::Group(Family::Region);
        let Some(f) = self.families.iter().position(|(k, _)| *k == region) else {
            return self.regroup(problem);
        };
        let units = self.families[f].1.clone();
        let cells = self.cells();
        let of = |c: usize| problem.group_of(Family::Region, c);
        let open = || (0..cells).filter(|&c| !self.holes[c]);
        if open().filter_map(of).max().map_or(0, |m| m + 1) != units.len() {
            return self.regroup(problem);
        }
        for u in units.clone() {
            self.units[u].cells.clear();
        }
        for cell in (0..cells).filter(|&c| !self.holes[c]) {
            let new = of(cell).map_or(NONE, |k| (units.start + k) as u32);
            if new != NONE {
                self.units[new as usize].cells.push(cell as u32);
            }
            let old = std::mem::replace(&mut self.family_unit[f][cell], new);
            if old != new {
                // A cell's units stay in increasing order.
                let list = &mut self.cell_units[cell];
                list.retain(|&u| u != old);
                if new != NONE {
                    list.insert(list.partition_point(|&u| u < new), new);
                }
            }
        }
        for u in units {
            self.line[u] = self.line_of(u);
        }
        self.line_units();
        self.unit_rows();
    }

    /// The line unit `u` is, see [`Model::line`].
    fn line_of(&self, u: usize) -> Option<(Axis, usize)> {
        let cells = &self.units[u].cells;
        let &first = cells.first()?;
        let (r, c) = self.at[first as usize];
        let holes =
            |line: &mut dyn Iterator<Item = usize>| line.filter(|&x| !self.holes[x]).count();
        let (rows, cols) = (self.rows, self.cols);
        let candidates = [
            (
                Axis::Row,
                r as usize,
                holes(&mut (0..cols).map(|x| r as usize * cols + x)),
            ),
            (
                Axis::Column,
                c as usize,
                holes(&mut (0..rows).map(|y| y * cols + c as usize)),
            ),
        ];
        let on = |axis, i: usize, x: u32| match axis {
            Axis::Row => self.at[x as usize].0 as usize == i,
            Axis::Column => self.at[x as usize].1 as usize == i,
        };
        candidates.into_iter().find_map(|(axis, i, len)| {
            (self.masks && len == cells.len() && cells.iter().all(|&x| on(axis, i, x)))
                .then_some((axis, i))
        })
    }

    /// The four cells of the window with top-left `tl`.
    pub(crate) fn window_cells(&self, tl: usize) -> [usize; 4] {
        [tl, tl + 1, tl + self.cols, tl + self.cols + 1]
    }

    /// Fills [`Model::common`] for every clique window and subset of it,
    /// when every cell attacks at most [`COMMON_MOST`] cells (else leaves it
    /// empty: [`Model::common`] is then `None`). Each window's candidates are
    /// the cells its cells attack, each with the mask of those attacking it.
    fn common_attackers(&mut self) {
        if self.attacks.iter().any(|a| a.len() > COMMON_MOST) {
            return;
        }
        let mut candidates: Vec<(u32, u8)> = Vec::new();
        // Per cell, which of the window's cells attack it (cleared after each).
        let mut mask = vec![0u8; self.cells()];
        self.common_at = Vec::with_capacity(self.cells() * 16 + 1);
        self.common_at.push(0);
        for tl in 0..self.cells() {
            candidates.clear();
            if self.window[tl] {
                let w = self.window_cells(tl);
                for (i, &c) in w.iter().enumerate() {
                    for &a in &self.attacks[c] {
                        mask[a as usize] |= 1 << i;
                    }
                }
                for &c in &w {
                    for &a in &self.attacks[c] {
                        let m = std::mem::take(&mut mask[a as usize]);
                        // Only cliques of two or more cells are looked up.
                        if m.count_ones() >= 2 {
                            candidates.push((a, m));
                        }
                    }
                }
            }
            for s in 0..16u8 {
                // A cell never attacks itself, so no cell of `s` has all of `s`.
                let all = candidates
                    .iter()
                    .filter(|&&(_, m)| s.count_ones() >= 2 && m & s == s);
                self.common.extend(all.map(|&(a, _)| a));
                self.common_at.push(self.common.len() as u32);
            }
        }
    }

    /// Drops the common attackers, as for long attack lists.
    #[cfg(test)]
    pub(crate) fn forget_common(&mut self) {
        self.common.clear();
        self.common_at.clear();
        self.every_window = false;
    }

    /// The cells outside subset `s` (of two or more cells) of the window at
    /// `tl` that attack all of it, when they were computed.
    pub(crate) fn common(&self, tl: usize, s: u8) -> Option<&[u32]> {
        let i = tl * 16 + usize::from(s);
        let (from, to) = (self.common_at.get(i)?, self.common_at.get(i + 1)?);
        Some(&self.common[*from as usize..*to as usize])
    }

    /// Whether the 2×2 window with top-left `cell` is on the board and a clique.
    fn is_window(&self, cell: usize) -> bool {
        let (r, c) = (cell / self.cols, cell % self.cols);
        if r + 1 >= self.rows || c + 1 >= self.cols {
            return false;
        }
        let w = self.window_cells(cell);
        w.iter().enumerate().all(|(i, &a)| {
            w[i + 1..]
                .iter()
                .all(|b| self.attacks[a].binary_search(&(*b as u32)).is_ok())
        })
    }

    /// Number of cells.
    pub(crate) fn cells(&self) -> usize {
        self.rows * self.cols
    }
}

fn clamp(x: usize) -> u32 {
    u32::try_from(x).unwrap_or(u32::MAX)
}
