//! The everyday techniques: neighbours of a placed piece, the last cells of a
//! unit, and pairs and triples.

use super::{Board, Mark, Step, Technique, step};
use crate::engine::propagate::{GROUP, attacking_all};

/// A piece empties the open cells it attacks and, when its units are full,
/// their open cells. One piece per step, the lowest cell first.
pub fn neighbours(b: &Board) -> Option<Step> {
    b.cells_marked(Mark::Piece).into_iter().find_map(|p| {
        let mut exclude: Vec<usize> = b
            .attacks(p)
            .iter()
            .copied()
            .filter(|&c| b.marks[c] == Mark::Open)
            .collect();
        let mut why = format!(
            "the {} at {} touches or sees them",
            b.problem.piece.name,
            b.at(p)
        );
        let full: Vec<usize> = b
            .units_of(p)
            .iter()
            .copied()
            .filter(|&u| b.need(u) == 0 && open_count(b, u) > 0)
            .collect();
        for &u in &full {
            exclude.extend(b.open(u));
            let count = b.pieces(b.units[u].count as isize);
            why += &format!("; {} already has its {count}", b.name(u));
        }
        (!exclude.is_empty()).then(|| step(Technique::Neighbours, vec![], exclude, why, vec![p]))
    })
}

/// A unit that needs as many pieces as it has open cells fills them all; one
/// that needs none (a count of 0) empties them.
pub fn last_cells(b: &Board) -> Option<Step> {
    (0..b.units.len()).find_map(|u| {
        let need = b.need(u);
        let count = open_count(b, u) as isize;
        if !(need == 0 && count > 0 || need > 0 && count == need) {
            return None;
        }
        let open = b.open(u);
        if need == 0 && !open.is_empty() {
            let reason = format!(
                "{} needs no more {}s, so its open cells stay empty",
                b.name(u),
                b.problem.piece.name
            );
            return Some(step(
                Technique::LastCells,
                vec![],
                open.clone(),
                reason,
                open,
            ));
        }
        (need > 0 && open.len() as isize == need).then(|| {
            let reason = if need == 1 {
                format!(
                    "{} needs 1 more {} and {} is its only open cell",
                    b.name(u),
                    b.problem.piece.name,
                    b.at(open[0])
                )
            } else {
                format!(
                    "{} needs {} more and has exactly {need} open cells",
                    b.name(u),
                    b.pieces(need)
                )
            };
            step(Technique::LastCells, open.clone(), vec![], reason, open)
        })
    })
}

/// A unit that still needs a piece among two or three open cells: any cell
/// that attacks all of them would leave the unit without room, so it is
/// empty (common attacks, the search's rule: [`attacking_all`]).
pub fn pairs_triples(b: &Board) -> Option<Step> {
    (0..b.units.len()).find_map(|u| {
        if b.need(u) < 1 || open_count(b, u) > GROUP {
            return None;
        }
        let open = b.open(u);
        let exclude: Vec<usize> = attacking_all(b.model(), &open, |c| b.marks[c] == Mark::Open).collect();
        if exclude.is_empty() {
            return None;
        }
        let what = match open.len() {
            1 => "cell",
            2 => "pair",
            _ => "triple",
        };
        let reason = format!(
            "{} still needs a {} in the {what} {}; one on a cell that touches all of them would leave it no room",
            b.name(u),
            b.problem.piece.name,
            b.list(&open)
        );
        Some(step(Technique::PairsTriples, vec![], exclude, reason, open))
    })
}

/// How many cells of unit `u` are open.
fn open_count(b: &Board, u: usize) -> usize {
    let cells = b.units[u].cells.iter();
    cells.filter(|&&c| b.marks[c] == Mark::Open).count()
}
