//! One step ahead: put a piece on an open cell, empty what it attacks and the
//! open cells of the units it fills, and look for a unit left with fewer open
//! cells than it needs. If there is one, the cell is empty. The last and
//! hardest technique, one cell per step.

use super::{Board, Mark, Step, Technique, step};

/// The first open cell whose piece would leave some unit without room.
pub fn lookahead(b: &Board) -> Option<Step> {
    b.cells_marked(Mark::Open).into_iter().find_map(|cell| {
        let mut after = b.marks.clone();
        after[cell] = Mark::Piece;
        let mut changed = vec![cell];
        let full = b.units_of(cell).iter().filter(|&&u| b.need(u) == 1);
        let emptied = b
            .attacks(cell)
            .iter()
            .chain(full.flat_map(|&u| &b.units[u].cells));
        for &c in emptied {
            if after[c] == Mark::Open {
                after[c] = Mark::Empty;
                changed.push(c);
            }
        }
        let mut touched: Vec<usize> = changed
            .iter()
            .flat_map(|&c| b.units_of(c))
            .copied()
            .collect();
        touched.sort_unstable();
        touched.dedup();
        touched.into_iter().find_map(|u| {
            let cells = &b.units[u].cells;
            let count = |m: Mark| cells.iter().filter(|&&c| after[c] == m).count() as isize;
            let need = b.units[u].count as isize - count(Mark::Piece);
            let open = count(Mark::Open);
            (open < need).then(|| {
                let reason = format!(
                    "a {} at {} would leave {} with {open} open cell{} for the {} it still needs",
                    b.problem.piece.name,
                    b.at(cell),
                    b.name(u),
                    if open == 1 { "" } else { "s" },
                    b.pieces(need)
                );
                let focus = cells
                    .iter()
                    .copied()
                    .filter(|&c| b.marks[c] == Mark::Open)
                    .collect();
                step(Technique::Lookahead, vec![], vec![cell], reason, focus)
            })
        })
    })
}
