//! A contradiction after any chain of steps: put a piece on an open cell,
//! then apply the techniques up to 2×2 capacity on a copy of the board (not
//! lookahead, chain or trial: one supposition at a time) until some unit
//! cannot be completed: overfull, fewer open cells than it needs, needing
//! more pieces than its open cells' 2×2 blocks hold, or (with others of its
//! family) more than the lines or regions its open cells lie in need. Then
//! the cell is empty.
//!
//! Following every open cell would take seconds a step, so the propagating
//! search's rules pick the cells: those where a piece leads its rules to a
//! contradiction, the quickest first. The first of them the techniques
//! confirm is the step; the search only chooses, the techniques prove.

use super::{Board, Mark, Step, Technique, band, capacity, confine, step};

/// The hardest technique a supposition is followed with: first without
/// band counting (cheaper, and enough for most steps), then with it.
const FOLLOW: [Technique; 2] = [Technique::Capacity, Technique::BandCapacity];

/// The most cells followed a step: the search's rules are stronger than
/// the techniques in places, so some cells they refute are not confirmed.
const TRIED: usize = 8;

/// An open cell whose piece leads, by a chain of steps, to a contradiction.
pub fn trial(b: &Board) -> Option<Step> {
    let confirm = |cells: &[usize], hardest: Technique| {
        cells
            .iter()
            .take(TRIED)
            .find_map(|&cell| follow(b, cell, hardest).map(|(steps, why)| (cell, steps, why)))
    };
    let found = b
        .refuted(false)
        .and_then(|cells| confirm(&cells, FOLLOW[0]))
        .or_else(|| {
            // Band counting makes the search dearer: its refuted cells are
            // kept for later states, and asked for again only when none of
            // those left is confirmed.
            let kept: Vec<usize> = b.kept_refuted();
            confirm(&kept, FOLLOW[1]).or_else(|| {
                let cells = b.refuted(true)?;
                b.keep_refuted(&cells);
                confirm(&cells, FOLLOW[1])
            })
        });
    let (cell, steps, why) = found?;
    let piece = &b.problem.piece.name;
    let mut forced: Vec<usize> = steps.iter().flat_map(|s| s.place.iter().copied()).collect();
    forced.sort_unstable();
    let mut used: Vec<Technique> = steps.iter().map(|s| s.technique).collect();
    used.sort_unstable();
    used.dedup();
    let used: Vec<&str> = used.iter().map(|t| t.name()).collect();
    let after = match (steps.len(), forced.len()) {
        (0, _) => String::new(),
        (n, 0) => format!(" after {n} step{} ({})", plural(n), used.join(", ")),
        (n, _) => format!(
            " after {n} step{} ({}) that place {piece}s at {}",
            plural(n),
            used.join(", "),
            b.list(&forced)
        ),
    };
    let reason = format!("with a {piece} at {}{after}, {why}", b.at(cell));
    let mut focus = forced;
    focus.push(cell);
    Some(step(Technique::Trial, vec![], vec![cell], reason, focus))
}

/// The plural ending for `n` things.
fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Follows a piece on `cell` with the techniques up to [`FOLLOW`] on a copy of the
/// board. `Some((steps, what goes wrong))` on a contradiction, `None` when
/// they run out without one.
fn follow(b: &Board, cell: usize, hardest: Technique) -> Option<(Vec<Step>, String)> {
    let mut after = b.clone();
    after.marks[cell] = Mark::Piece;
    let mut steps = Vec::new();
    loop {
        if let Some(why) = after
            .contradiction()
            .or_else(|| confine::overfull(&after))
            .or_else(|| capacity::overfull(&after))
            .or_else(|| (hardest >= Technique::BandCapacity).then(|| band::overfull(&after))?)
        {
            return Some((steps, why));
        }
        let next = after.step_up_to(hardest)?;
        after.apply(&next);
        steps.push(next);
    }
}
