//! Logical solving of region games (Queens game, Star Battle) the way a person
//! does it: one named deduction at a time, each with the cells it changes and
//! a sentence saying why.
//!
//! A [`Board`] holds the puzzle's units (rows, columns, regions, each needing
//! an exact number of pieces) and what is known of every cell: open, a piece,
//! or empty. [`Board::next_step`] tries the [`Technique`]s from the easiest to
//! the hardest and returns the first deduction that makes progress;
//! [`path::explain`] repeats that to the end (guessing where logic runs out) and
//! [`grade::Grade`] rates a puzzle by the hardest technique its path needs.
//!
//! Every technique is sound for any exact unit counts and any attack pattern:
//! it never places a piece that some solution lacks, nor empties a cell that
//! some solution fills (the tests check this on many generated puzzles).

mod band;
mod blocks;
mod capacity;
mod chain;
pub mod check;
mod confine;
pub mod grade;
mod lookahead;
mod overfull;
pub mod path;
mod simple;
mod spare;
mod trial;

pub(crate) use spare::MAX_CELLS;

use std::sync::Arc;
use std::sync::{Mutex, OnceLock};

use crate::engine::propagate::{Caps, Model};
use crate::problem::{Family, Problem};

/// What is known of one cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// Not decided yet.
    Open,
    /// Holds a piece.
    Piece,
    /// Holds no piece (crossed out).
    Empty,
}

/// A row, column or region that must hold exactly `count` pieces.
#[derive(Debug, Clone)]
pub struct Unit {
    /// Which family it belongs to.
    pub family: Family,
    /// Its number within the family.
    pub index: usize,
    /// Its cells, in increasing order.
    pub cells: Vec<usize>,
    /// How many pieces it holds in every solution.
    pub count: usize,
}

/// The named deductions, from the easiest to the hardest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// A piece empties the cells it attacks, and a full unit its open cells.
    Neighbours,
    /// A unit with as many open cells as pieces still needed fills them all.
    LastCells,
    /// Units whose open cells lie inside one line (or one region) use up that
    /// line: its other cells are empty.
    Confined,
    /// A cell that attacks every open cell of a unit (a pair or a triple) that
    /// still needs a piece is empty.
    PairsTriples,
    /// k units whose open cells lie inside k lines (or regions) use them up.
    KConfined,
    /// Band counting: the cells of a band of lines outside the regions
    /// inside it, or of the regions touching a band outside it, need an
    /// exact number of pieces; none or all of their open cells.
    BandCount,
    /// A unit whose open cells fit in as many 2×2 blocks as it needs pieces has
    /// one piece in each block.
    Capacity,
    /// A band-counting area whose open cells fit in as many 2×2 blocks as
    /// it needs pieces has one piece in each block (the squeeze).
    BandCapacity,
    /// A piece on the cell would leave some unit without room: the cell is empty.
    Lookahead,
    /// A piece on the cell leads, by neighbours and last cells, to a unit
    /// overfull or without room: the cell is empty.
    Chain,
    /// A piece on the cell leads, by any of the techniques up to 2×2
    /// capacity, to a unit that cannot be completed: the cell is empty.
    Trial,
    /// A unit, two neighbouring lines or a counted band's area whose open
    /// cells fit in one 2×2 block more than it needs pieces: exactly one
    /// block holds none; the cells every case left (each followed by the
    /// search's rules and trials, the dead ones dropped) decides alike.
    /// Boards up to 21×21 (above 17×17, areas needing at most 3 pieces).
    SpareBlock,
    /// Logic ran out: a piece of the solution (found by search) is placed.
    Guess,
}

impl Technique {
    /// Every technique a step may use, easiest first ([`Technique::Guess`] is not one).
    pub const LOGIC: [Technique; 12] = [
        Technique::Neighbours,
        Technique::LastCells,
        Technique::Confined,
        Technique::PairsTriples,
        Technique::KConfined,
        Technique::BandCount,
        Technique::Capacity,
        Technique::BandCapacity,
        Technique::Lookahead,
        Technique::Chain,
        Technique::Trial,
        Technique::SpareBlock,
    ];

    /// The name in JSON output and docs.
    pub fn name(self) -> &'static str {
        match self {
            Technique::Neighbours => "neighbours",
            Technique::LastCells => "last-cells",
            Technique::Confined => "confined",
            Technique::PairsTriples => "pairs-triples",
            Technique::KConfined => "k-confined",
            Technique::BandCount => "band-counting",
            Technique::Capacity => "capacity-2x2",
            Technique::BandCapacity => "band-2x2",
            Technique::Lookahead => "lookahead",
            Technique::Chain => "chain",
            Technique::Trial => "trial",
            Technique::SpareBlock => "spare-2x2",
            Technique::Guess => "guess",
        }
    }

    /// A few words for people.
    pub fn title(self) -> &'static str {
        match self {
            Technique::Neighbours => "neighbours of a placed piece",
            Technique::LastCells => "last cells left in a unit",
            Technique::Confined => "unit confined to one line",
            Technique::PairsTriples => "pairs and triples",
            Technique::KConfined => "k units confined to k lines",
            Technique::BandCount => "counting regions against a band",
            Technique::Capacity => "2×2 capacity",
            Technique::BandCapacity => "2×2 blocks of a counted band (squeeze)",
            Technique::Lookahead => "contradiction one step ahead",
            Technique::Chain => "contradiction after a chain of easy steps",
            Technique::Trial => "contradiction after a chain of any steps",
            Technique::SpareBlock => "2×2 blocks with one to spare, case by case",
            Technique::Guess => "guess",
        }
    }
}

/// One deduction: cells to fill and cells to empty, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The rule used.
    pub technique: Technique,
    /// Cells that get a piece, increasing.
    pub place: Vec<usize>,
    /// Cells that get no piece, increasing.
    pub exclude: Vec<usize>,
    /// Why, in words, with 1-based `(row,col)` cells.
    pub reason: String,
    /// The cells the reason is about (drawn highlighted).
    pub focus: Vec<usize>,
}

/// A region game's units and what is known of each cell.
#[derive(Debug, Clone)]
pub struct Board<'p> {
    /// The puzzle.
    pub problem: &'p Problem,
    /// Rows, columns and regions, each with its count.
    pub units: Vec<Unit>,
    /// `units_of[cell]`: the units holding the cell.
    units_of: Vec<Vec<usize>>,
    /// `attacks[cell]`: the cells a piece there attacks.
    attacks: Vec<Vec<usize>>,
    /// What is known of each cell.
    pub marks: Vec<Mark>,
    /// Whether the cells on the board of the 2×2 block with top-left
    /// `(r, c)` all attack each other, at `(r + 1) * (cols + 1) + c + 1`
    /// for `r` and `c` from -1.
    cliques: Vec<bool>,
    /// The propagating search's model of the puzzle, built when a trial
    /// first needs it and shared by every copy of the board.
    model: OnceLock<Arc<Model>>,
    /// Cells the search's rules with band counting refuted on an earlier
    /// state (its marks kept with them), shared by every copy of the
    /// board: no solution of a state that keeps those marks has them
    /// either, so trials look at those still open before asking the search
    /// again.
    refuted: Arc<Mutex<(Vec<Mark>, Vec<usize>)>>,
    /// Band counting's 2×2 covers, shared by every copy of the board.
    covers: Arc<Mutex<blocks::Covers>>,
    /// The search's band rule's cover sizes, kept from one trial's probes
    /// to the next (see [`Caps`]).
    caps: Arc<Mutex<Caps>>,
}

/// What comes next from a board's state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Next {
    /// The next deduction.
    Step(Step),
    /// Every unit holds its pieces.
    Solved,
    /// The state has no solution, and why.
    Contradiction(String),
    /// Logic runs out: the next step would be a guess.
    OutOfLogic,
}

impl<'p> Board<'p> {
    /// The board of a region game, with its givens placed and its holes empty.
    /// Errors say why other rules are not region games.
    pub fn new(problem: &'p Problem) -> Result<Board<'p>, String> {
        let not = |why: &str| {
            Err(format!(
                "`{}` is not a region game that hints understand: {why} (hints work with region-queens, star-battle, or rules with exact row, column and region counts)",
                problem.name
            ))
        };
        let Some(regions) = &problem.regions else {
            return not("it has no regions (give them with --regions FILE)");
        };
        if regions.of_cell.iter().any(|r| r.is_none()) {
            return not("some cells lie in no region");
        }
        // exact counts per row, column and region; diagonal lines are left
        // to the attacks
        let mut counts: Vec<(Family, usize)> = Vec::new();
        for b in problem.bounded_families() {
            let diagonal = matches!(b.family, Family::Diagonal | Family::AntiDiagonal);
            if diagonal && !b.grouped {
                continue;
            }
            if b.grouped && (diagonal || !b.is_exact()) {
                return not("it has a group that is not an exact row, column or region count");
            }
            if !b.is_exact() {
                return not("its pieces do not fill every row or column");
            }
            counts.push((b.family, b.max));
        }
        let per_region = counts
            .iter()
            .find(|(f, _)| *f == Family::Region)
            .map(|c| c.1);
        let Some(k) = per_region else {
            return not("it has no exact count per region");
        };
        let (n, count) = (regions.names.len(), problem.piece.count);
        if k * n != count {
            let piece = &problem.piece.name;
            return Err(format!(
                "the picture has {n} region{}, which need {k} {piece}{} each, {} in all, but the rules place {count}: the puzzle has no solution; check the regions",
                if n == 1 { "" } else { "s" },
                if k == 1 { "" } else { "s" },
                k * n,
            ));
        }
        let mut units = Vec::new();
        for (family, count) in counts {
            for index in 0..problem.group_count(family) {
                let cells: Vec<usize> = (0..problem.cells())
                    .filter(|&c| problem.group_of(family, c) == Some(index))
                    .collect();
                units.push(Unit {
                    family,
                    index,
                    cells,
                    count,
                });
            }
        }
        let mut units_of = vec![Vec::new(); problem.cells()];
        for (u, unit) in units.iter().enumerate() {
            for &c in &unit.cells {
                units_of[c].push(u);
            }
        }
        let attacks: Vec<Vec<usize>> = (0..problem.cells())
            .map(|a| {
                (0..problem.cells())
                    .filter(|&b| b != a && problem.attacks(a, b))
                    .collect()
            })
            .collect();
        let mut cliques = Vec::with_capacity((problem.rows + 1) * (problem.cols + 1));
        for r in -1..problem.rows as isize {
            for c in -1..problem.cols as isize {
                let cells: Vec<usize> = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
                    .into_iter()
                    .filter(|&(r, c)| {
                        r >= 0
                            && c >= 0
                            && (r as usize) < problem.rows
                            && (c as usize) < problem.cols
                    })
                    .map(|(r, c)| problem.cell(r as usize, c as usize))
                    .collect();
                let all = cells.iter().all(|&x| {
                    let seen: &Vec<usize> = &attacks[x];
                    cells
                        .iter()
                        .all(|&y| x == y || seen.binary_search(&y).is_ok())
                });
                cliques.push(all);
            }
        }
        let mut marks: Vec<Mark> = problem
            .holes
            .iter()
            .map(|&h| if h { Mark::Empty } else { Mark::Open })
            .collect();
        for &g in &problem.givens {
            marks[g] = Mark::Piece;
        }
        Ok(Board {
            problem,
            units,
            units_of,
            attacks,
            marks,
            cliques,
            model: OnceLock::new(),
            refuted: Default::default(),
            covers: Default::default(),
            caps: Default::default(),
        })
    }

    /// The open cells of unit `u`.
    pub fn open(&self, u: usize) -> Vec<usize> {
        let unit = &self.units[u];
        unit.cells
            .iter()
            .copied()
            .filter(|&c| self.marks[c] == Mark::Open)
            .collect()
    }

    /// How many more pieces unit `u` needs (negative when overfull).
    pub fn need(&self, u: usize) -> isize {
        let unit = &self.units[u];
        let placed = unit.cells.iter().filter(|&&c| self.marks[c] == Mark::Piece);
        unit.count as isize - placed.count() as isize
    }

    /// Each pair of neighbouring rows, then of neighbouring columns, as
    /// their units `(u, v)`, `v` the line after `u`: [`Board::new`] stores
    /// each family's units by index, so a line's unit follows the unit of
    /// the line before among its family's.
    pub(crate) fn line_pairs(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        [Family::Row, Family::Column]
            .into_iter()
            .flat_map(move |family| {
                let lines: Vec<usize> = (0..self.units.len())
                    .filter(|&u| self.units[u].family == family)
                    .collect();
                (1..lines.len()).map(move |i| (lines[i - 1], lines[i]))
            })
    }

    /// The cells a piece on `cell` attacks.
    pub fn attacks(&self, cell: usize) -> &[usize] {
        &self.attacks[cell]
    }

    /// Whether pieces on `a` and `b` attack each other.
    pub fn attack(&self, a: usize, b: usize) -> bool {
        self.attacks[a].binary_search(&b).is_ok()
    }

    /// Whether the cells on the board of the 2×2 block with top-left
    /// `(r, c)` (either may be -1) all attack each other.
    pub fn clique(&self, r: isize, c: isize) -> bool {
        let (rows, cols) = (self.problem.rows as isize, self.problem.cols as isize);
        (-1..rows).contains(&r)
            && (-1..cols).contains(&c)
            && self.cliques[((r + 1) * (cols + 1) + c + 1) as usize]
    }

    /// The units holding `cell`.
    pub fn units_of(&self, cell: usize) -> &[usize] {
        &self.units_of[cell]
    }

    /// `row 3`, `column 2` or `region B`.
    pub fn name(&self, u: usize) -> String {
        let unit = &self.units[u];
        match (unit.family, &self.problem.regions) {
            (Family::Region, Some(r)) => format!("region {}", r.names[unit.index]),
            (family, _) => format!("{} {}", family.name(), unit.index + 1),
        }
    }

    /// A cell as a person reads it: `(3,4)`, 1-based.
    pub fn at(&self, cell: usize) -> String {
        let (r, c) = self.problem.coords(cell);
        format!("({},{})", r + 1, c + 1)
    }

    /// Cells as a person reads them: `(3,4) (3,5)`.
    pub fn list(&self, cells: &[usize]) -> String {
        cells
            .iter()
            .map(|&c| self.at(c))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// `1 star`, `2 stars`: the piece name with a count.
    pub fn pieces(&self, n: isize) -> String {
        let s = if n == 1 { "" } else { "s" };
        format!("{n} {}{s}", self.problem.piece.name)
    }

    /// Every unit holds its count: the puzzle is solved.
    pub fn solved(&self) -> bool {
        (0..self.units.len()).all(|u| self.need(u) == 0) && !self.marks.contains(&Mark::Open)
    }

    /// Why the state cannot be completed, when that is plain to see: a unit
    /// with too many pieces or too few open cells, or two attacking pieces.
    pub fn contradiction(&self) -> Option<String> {
        for u in 0..self.units.len() {
            let cells = self.units[u].cells.iter();
            let open = cells.filter(|&&c| self.marks[c] == Mark::Open).count() as isize;
            let need = self.need(u);
            if need < 0 {
                return Some(format!("{} holds too many pieces", self.name(u)));
            }
            if open < need {
                return Some(format!(
                    "{} needs {} but has {open} open cell{}",
                    self.name(u),
                    self.pieces(need),
                    if open == 1 { "" } else { "s" }
                ));
            }
        }
        let pieces: Vec<usize> = self.cells_marked(Mark::Piece);
        for &a in &pieces {
            if let Some(&b) = self.attacks[a]
                .iter()
                .find(|&&b| self.marks[b] == Mark::Piece)
            {
                return Some(format!(
                    "{} and {} attack each other",
                    self.at(a),
                    self.at(b)
                ));
            }
        }
        None
    }

    /// The cells with mark `m`, increasing.
    pub fn cells_marked(&self, m: Mark) -> Vec<usize> {
        (0..self.marks.len())
            .filter(|&c| self.marks[c] == m)
            .collect()
    }

    /// What comes next: the board solved, a contradiction, or the next
    /// deduction ([`Board::next_step`]) if logic finds one.
    pub fn next(&self) -> Next {
        if let Some(why) = self.contradiction() {
            return Next::Contradiction(why);
        }
        if self.solved() {
            return Next::Solved;
        }
        self.next_step().map_or(Next::OutOfLogic, Next::Step)
    }

    /// The propagating search's model of the puzzle (with keys for its
    /// band rule's cover sizes), built once. It is built without the
    /// puzzle's givens and holes, which reach the search as the board's
    /// marks like every other piece and empty cell: a state then picks the
    /// same trial cells whether its marks were typed in or deduced (a hole
    /// in the model would also unmake its 2×2 windows, weakening the
    /// search's rules around it).
    fn model(&self) -> &Arc<Model> {
        self.model.get_or_init(|| {
            let mut bare = self.problem.clone();
            bare.holes = vec![false; bare.cells()];
            bare.givens.clear();
            Arc::new(Model::new(&bare).keyed())
        })
    }

    /// The cells where a piece leads the propagating search's rules (with
    /// `bands`, its band rule too) to a contradiction from this state, the
    /// quickest first ([`crate::engine::propagate::refuted`]); `None` when
    /// the state itself is one.
    pub(crate) fn refuted(&self, bands: bool) -> Option<Vec<usize>> {
        let pieces = self.cells_marked(Mark::Piece);
        let empty = self.cells_marked(Mark::Empty);
        self.with_caps(|caps| {
            crate::engine::propagate::refuted(self.model(), &pieces, &empty, bands, caps)
        })
    }

    /// What the propagating search's rules with band counting, then at
    /// most `rounds` rounds of probing, decide from this state
    /// ([`crate::engine::propagate::settled`]): per
    /// cell a piece (`Some(true)`), empty or open; when they show the state
    /// has no solution, the cells the probes emptied before that.
    pub(crate) fn settled(&self, rounds: usize) -> Result<Vec<Option<bool>>, Vec<usize>> {
        let pieces = self.cells_marked(Mark::Piece);
        let empty = self.cells_marked(Mark::Empty);
        self.with_caps(|caps| {
            crate::engine::propagate::settled(self.model(), &pieces, &empty, rounds, caps)
        })
    }

    /// `f` run on the band rule's cover sizes kept for this board's model
    /// (taken out of the lock while it runs and put back after; fresh ones
    /// when the lock is poisoned).
    fn with_caps<T>(&self, f: impl FnOnce(&mut Caps) -> T) -> T {
        let mut caps = match self.caps.lock() {
            Ok(mut caps) => std::mem::take(&mut *caps),
            Err(_) => Caps::default(),
        };
        let found = f(&mut caps);
        if let Ok(mut kept) = self.caps.lock() {
            *kept = caps;
        }
        found
    }

    /// The cells kept by [`Board::keep_refuted`] that are still open,
    /// when this state keeps every mark of the state they were refuted on.
    pub(crate) fn kept_refuted(&self) -> Vec<usize> {
        let Ok(kept) = self.refuted.lock() else {
            return Vec::new();
        };
        let (marks, cells) = &*kept;
        let later = marks.len() == self.marks.len()
            && marks
                .iter()
                .zip(&self.marks)
                .all(|(&then, &now)| then == Mark::Open || then == now);
        if !later {
            return Vec::new();
        }
        cells
            .iter()
            .copied()
            .filter(|&c| self.marks[c] == Mark::Open)
            .collect()
    }

    /// Keeps `cells`, refuted by the search on this state, for later states.
    pub(crate) fn keep_refuted(&self, cells: &[usize]) {
        if let Ok(mut kept) = self.refuted.lock() {
            *kept = (self.marks.clone(), cells.to_vec());
        }
    }

    /// The next deduction: the first technique, easiest first, that changes
    /// something. `None` when logic runs out (or the board is solved).
    pub fn next_step(&self) -> Option<Step> {
        self.step_up_to(Technique::SpareBlock)
    }

    /// The next deduction by the techniques up to `hardest`, easiest first.
    pub fn step_up_to(&self, hardest: Technique) -> Option<Step> {
        Technique::LOGIC
            .iter()
            .take_while(|&&t| t <= hardest)
            .find_map(|&t| self.try_technique(t))
    }

    /// The first step technique `t` finds, if any.
    pub fn try_technique(&self, t: Technique) -> Option<Step> {
        match t {
            Technique::Neighbours => simple::neighbours(self),
            Technique::LastCells => simple::last_cells(self),
            Technique::Confined => confine::confined(self, 1..=1),
            Technique::PairsTriples => simple::pairs_triples(self),
            Technique::KConfined => {
                confine::confined(self, 2..=confine::MAX_K).or_else(|| confine::bands(self))
            }
            Technique::BandCount => band::count(self),
            Technique::Capacity => capacity::capacity(self),
            Technique::BandCapacity => band::capacity(self),
            Technique::Lookahead => lookahead::lookahead(self),
            Technique::Chain => chain::chain(self),
            Technique::Trial => trial::trial(self),
            Technique::SpareBlock => spare::spare(self),
            Technique::Guess => None,
        }
    }

    /// Applies a step's placements and exclusions.
    pub fn apply(&mut self, step: &Step) {
        for &c in &step.place {
            self.marks[c] = Mark::Piece;
        }
        for &c in &step.exclude {
            self.marks[c] = Mark::Empty;
        }
    }
}

/// A step with its cell lists sorted and deduplicated.
fn step(
    technique: Technique,
    mut place: Vec<usize>,
    mut exclude: Vec<usize>,
    reason: String,
    focus: Vec<usize>,
) -> Step {
    place.sort_unstable();
    place.dedup();
    exclude.sort_unstable();
    exclude.dedup();
    Step {
        technique,
        place,
        exclude,
        reason,
        focus,
    }
}

#[cfg(test)]
mod tests;
