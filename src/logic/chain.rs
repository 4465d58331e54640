//! A chain of easy steps ahead: put a piece on an open cell, then repeat the
//! two easiest techniques (a piece empties what it attacks and the rest of the
//! units it fills; a unit with as many open cells as it needs pieces fills
//! them) until some unit is overfull or left without room. Then the cell is
//! empty. Tried after the one-step lookahead; of all cells that fail, the one
//! with the shortest chain is reported, so the reason stays easy to follow.

use super::{Board, Mark, Step, Technique, step};

/// The open cell whose piece leads, by the shortest chain of easy steps, to a
/// contradiction.
pub fn chain(b: &Board) -> Option<Step> {
    let start = Marks::new(b);
    let (cell, forced, why) = b
        .cells_marked(Mark::Open)
        .into_iter()
        .filter_map(|cell| follow(b, &start, cell).map(|(forced, why)| (cell, forced, why)))
        .min_by_key(|(cell, forced, _)| (forced.len(), *cell))?;
    let piece = &b.problem.piece.name;
    let reason = if forced.is_empty() {
        format!(
            "a {piece} at {} would, after the cells it empties, {why}",
            b.at(cell)
        )
    } else if forced.len() == 1 {
        format!(
            "a {piece} at {} would force a {piece} at {}, the only room left for a unit, and then {why}",
            b.at(cell),
            b.at(forced[0])
        )
    } else {
        format!(
            "a {piece} at {} would force {piece}s at {}, each the only room left for a unit, and then {why}",
            b.at(cell),
            b.list(&forced)
        )
    };
    let mut focus = forced;
    focus.push(cell);
    Some(step(Technique::Chain, vec![], vec![cell], reason, focus))
}

/// Follows a piece on `cell` through neighbours and last cells on a copy of
/// the marks (`start`, counted). `Some((forced pieces, what goes wrong))` on a contradiction,
/// `None` when the chain ends without one.
fn follow(b: &Board, start: &Marks, cell: usize) -> Option<(Vec<usize>, String)> {
    let mut s = start.clone();
    let mut queue = vec![cell];
    let mut forced = Vec::new();
    loop {
        while let Some(p) = queue.pop() {
            match s.marks[p] {
                Mark::Piece => continue,
                Mark::Empty => {
                    return Some((
                        forced,
                        format!("{} would need a piece and stay empty", b.at(p)),
                    ));
                }
                Mark::Open => {}
            }
            s.set(b, p, Mark::Piece);
            for &a in b.attacks(p) {
                match s.marks[a] {
                    Mark::Piece => {
                        let why = format!("{} and {} would attack each other", b.at(p), b.at(a));
                        return Some((forced, why));
                    }
                    Mark::Open => s.set(b, a, Mark::Empty),
                    Mark::Empty => {}
                }
            }
        }
        let mut progress = false;
        for (u, unit) in b.units.iter().enumerate() {
            let need = unit.count as isize - s.pieces[u] as isize;
            let open = s.open[u] as isize;
            if need < 0 {
                return Some((forced, format!("{} would hold too many", b.name(u))));
            }
            if open < need {
                let why = format!(
                    "{} would have {open} open cell{} for the {} it still needs",
                    b.name(u),
                    if open == 1 { "" } else { "s" },
                    b.pieces(need)
                );
                return Some((forced, why));
            }
            if open == 0 || (need != 0 && open != need) {
                continue;
            }
            let open_cells: Vec<usize> = unit
                .cells
                .iter()
                .copied()
                .filter(|&c| s.marks[c] == Mark::Open)
                .collect();
            if need == 0 {
                open_cells.iter().for_each(|&c| s.set(b, c, Mark::Empty));
                progress = true;
            } else {
                // open == need, as the test above leaves it.
                queue.extend(open_cells);
                forced.extend(queue.iter().copied());
                progress = true;
                break;
            }
        }
        if !progress {
            return None;
        }
    }
}

/// A copy of the marks with each unit's pieces and open cells counted,
/// kept as cells change (instead of every unit counted on every pass).
#[derive(Clone)]
struct Marks {
    marks: Vec<Mark>,
    pieces: Vec<u32>,
    open: Vec<u32>,
}

impl Marks {
    /// The board's marks, counted.
    fn new(b: &Board) -> Marks {
        let count = |u: usize, m: Mark| {
            let cells = b.units[u].cells.iter();
            cells.filter(|&&c| b.marks[c] == m).count() as u32
        };
        let units = 0..b.units.len();
        Marks {
            marks: b.marks.clone(),
            pieces: units.clone().map(|u| count(u, Mark::Piece)).collect(),
            open: units.map(|u| count(u, Mark::Open)).collect(),
        }
    }

    /// Decides open cell `c`.
    fn set(&mut self, b: &Board, c: usize, to: Mark) {
        debug_assert_eq!(self.marks[c], Mark::Open, "cell {c} is decided already");
        self.marks[c] = to;
        for &u in b.units_of(c) {
            self.open[u] -= 1;
            self.pieces[u] += u32::from(to == Mark::Piece);
        }
    }
}
