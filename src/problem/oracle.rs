//! The brute-force oracle: every placement, checked against the rules one pair
//! and one group at a time. No bitmasks, no cleverness; tests compare the engine
//! with it.

use super::Problem;

/// Every solution of `problem`, each as its sorted cell indices, in increasing
/// lexicographic order. Exponential: for small boards only.
pub fn solutions(problem: &Problem) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut chosen = problem.givens.clone();
    extend(problem, 0, &mut chosen, &mut out);
    for s in &mut out {
        s.sort_unstable();
    }
    out.sort();
    out
}

/// Whether `cells` (any order) is a solution of `problem`.
pub fn is_solution(problem: &Problem, cells: &[usize]) -> bool {
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    sorted.len() == cells.len()
        && cells.len() == problem.piece.count
        && cells
            .iter()
            .all(|&c| c < problem.cells() && !problem.holes[c])
        && problem.givens.iter().all(|g| cells.contains(g))
        && cells
            .iter()
            .enumerate()
            .all(|(i, &a)| cells[i + 1..].iter().all(|&b| !problem.attacks(a, b)))
        && groups_hold(problem, cells)
}

fn groups_hold(problem: &Problem, cells: &[usize]) -> bool {
    problem.groups.iter().all(|g| {
        (0..problem.group_count(g.family)).all(|k| {
            let n = cells
                .iter()
                .filter(|&&c| problem.group_of(g.family, c) == Some(k))
                .count();
            g.min <= n && n <= g.max
        })
    })
}

fn extend(problem: &Problem, from: usize, chosen: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
    if chosen.len() == problem.piece.count {
        if groups_hold(problem, chosen) {
            out.push(chosen.clone());
        }
        return;
    }
    for cell in from..problem.cells() {
        let free = !problem.holes[cell] && !chosen.contains(&cell);
        if free && chosen.iter().all(|&other| !problem.attacks(cell, other)) {
            chosen.push(cell);
            extend(problem, cell + 1, chosen, out);
            chosen.pop();
        }
    }
}
