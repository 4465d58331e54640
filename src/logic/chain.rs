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
    let (cell, forced, why) = b
        .cells_marked(Mark::Open)
        .into_iter()
        .filter_map(|cell| follow(b, cell).map(|(forced, why)| (cell, forced, why)))
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
/// the marks. `Some((forced pieces, what goes wrong))` on a contradiction,
/// `None` when the chain ends without one.
fn follow(b: &Board, cell: usize) -> Option<(Vec<usize>, String)> {
    let mut marks = b.marks.clone();
    let mut queue = vec![cell];
    let mut forced = Vec::new();
    loop {
        while let Some(p) = queue.pop() {
            match marks[p] {
                Mark::Piece => continue,
                Mark::Empty => {
                    return Some((
                        forced,
                        format!("{} would need a piece and stay empty", b.at(p)),
                    ));
                }
                Mark::Open => {}
            }
            marks[p] = Mark::Piece;
            for &a in b.attacks(p) {
                match marks[a] {
                    Mark::Piece => {
                        let why = format!("{} and {} would attack each other", b.at(p), b.at(a));
                        return Some((forced, why));
                    }
                    Mark::Open => marks[a] = Mark::Empty,
                    Mark::Empty => {}
                }
            }
        }
        let mut progress = false;
        for (u, unit) in b.units.iter().enumerate() {
            let count = |m: Mark| unit.cells.iter().filter(|&&c| marks[c] == m).count() as isize;
            let need = unit.count as isize - count(Mark::Piece);
            let open = count(Mark::Open);
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
            if open == 0 {
                continue;
            }
            let open_cells: Vec<usize> = unit
                .cells
                .iter()
                .copied()
                .filter(|&c| marks[c] == Mark::Open)
                .collect();
            if need == 0 {
                open_cells.iter().for_each(|&c| marks[c] = Mark::Empty);
                progress = true;
            } else if open == need {
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
