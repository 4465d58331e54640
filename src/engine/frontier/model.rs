//! One sweep compiled: the cells of a part of the board in the order the DP
//! takes them (lane by lane), and for each cell what it reads and writes in
//! the packed state.

use std::collections::HashMap;

use super::constraint::Rules;
use super::key::{Field, Layout, width};
use super::runs::{Frontier, Runs};

/// A group's running count in the state.
#[derive(Debug, Clone, Copy)]
pub(super) struct Counter {
    /// Where the count lives.
    pub field: Field,
    /// Largest value the field holds.
    pub cap: u64,
    /// At the cap, stay there (a minimum with no maximum) instead of failing.
    pub saturate: bool,
}

/// What the sweep does at one cell.
#[derive(Debug, Clone, Default)]
pub(super) struct Step {
    /// The cell, as a board index.
    pub cell: usize,
    /// A given piece stands here.
    pub forced: bool,
    /// Whether an earlier piece attacks this cell by a leap (cleared after it).
    pub blocked: Option<Field>,
    /// The `blocked` bits of the later cells this one attacks by a leap.
    pub marks: Vec<Field>,
    /// The groups holding the cell.
    pub counters: Vec<Counter>,
    /// Groups whose last cell this is: their minimum, checked, then the field cleared.
    pub closing: Vec<(Field, u64)>,
    /// At the end of a lane: fields whose values may be sorted (interchangeable groups).
    pub classes: Vec<Vec<Field>>,
    /// At the end of a lane: groups whose runs may be reordered (see [`Runs`]).
    pub runs: Option<Runs>,
    /// Most pieces the cells after this one can still take.
    pub room_after: usize,
    /// Most pieces this cell and the ones before it can take.
    pub room_before: usize,
    /// log2 of the bound on the states between lanes, at this cell: the
    /// bounds at the ends of its lane and the one before (0 before the
    /// first), joined in a straight line — the shape a trial run's states
    /// are carried along ([`forecast`](super::forecast)).
    pub bound: f64,
    /// Given pieces after this cell.
    pub forced_after: usize,
}

/// A compiled sweep over one part of the board.
#[derive(Debug, Clone)]
pub(super) struct Model {
    /// The cells in sweep order.
    pub steps: Vec<Step>,
    /// The pieces placed so far.
    pub pieces: Field,
    /// Words per state key.
    pub words: usize,
    /// log2 of an upper bound on the states between lanes.
    pub estimate: f64,
    /// Most pieces the whole part can take.
    pub room: usize,
}

impl Model {
    /// Compiles the sweep of `lanes` (cells of one independent part, in order).
    pub fn new(rules: &Rules, lanes: &[Vec<usize>]) -> Model {
        let order: Vec<usize> = lanes.iter().flatten().copied().collect();
        let mut pos = vec![usize::MAX; rules.free.len()];
        for (p, &c) in order.iter().enumerate() {
            pos[c] = p;
        }
        let lane_ends: Vec<usize> = lanes
            .iter()
            .scan(0, |end, l| {
                *end += l.len();
                Some(*end - 1)
            })
            .collect();
        let inst: Vec<usize> = instances_of(rules, &order);
        let span = |i: usize| {
            let ps = rules.instances[i].cells.iter().map(|&c| pos[c]);
            (ps.clone().min().unwrap_or(0), ps.max().unwrap_or(0))
        };

        let mut layout = Layout::default();
        let n = order.len();
        let pieces = layout.place(width(n as u64), 0, n);
        // Every field, by its first position: (start, end, bits, what).
        let mut wanted: Vec<(usize, usize, u32, Want)> = Vec::new();
        for (p, &c) in order.iter().enumerate() {
            if let Some(start) = rules.leaps[c]
                .iter()
                .map(|&t| pos[t])
                .filter(|&q| q < p)
                .min()
            {
                wanted.push((start, p, 1, Want::Blocked(c)));
            }
        }
        for &i in &inst {
            let (start, end) = span(i);
            wanted.push((start, end, width(cap(rules, i).0), Want::Count(i)));
        }
        wanted.sort_by_key(|w| w.0);
        let mut blocked = vec![None; rules.free.len()];
        let mut blocked_spans = Vec::new();
        let mut count = vec![None; rules.instances.len()];
        let mut steps: Vec<Step> = order
            .iter()
            .map(|&c| Step {
                cell: c,
                forced: rules.forced[c],
                ..Step::default()
            })
            .collect();
        for (start, end, bits, what) in wanted {
            let field = layout.place(bits, start, end);
            match what {
                Want::Blocked(c) => {
                    blocked[c] = Some((start, field));
                    blocked_spans.push((start, end));
                    steps[end].blocked = Some(field);
                }
                Want::Count(i) => {
                    count[i] = Some(field);
                    steps[end]
                        .closing
                        .push((field, rules.instances[i].min as u64));
                }
            }
        }
        for (p, step) in steps.iter_mut().enumerate() {
            let c = step.cell;
            step.marks = rules.leaps[c]
                .iter()
                .filter(|&&t| pos[t] > p && pos[t] != usize::MAX)
                .filter_map(|&t| blocked[t].map(|b| b.1))
                .collect();
            step.counters = rules.of_cell[c]
                .iter()
                .filter_map(|&i| {
                    let (top, saturate) = cap(rules, i);
                    count[i].map(|field| Counter {
                        field,
                        cap: top,
                        saturate,
                    })
                })
                .collect();
        }
        let no_leaps = order.iter().all(|&c| rules.leaps[c].is_empty());
        let lane_at = lane_of(lanes);
        let mut estimate: f64 = 0.0;
        let mut lane_bits = Vec::with_capacity(lane_ends.len());
        for (lane, &end) in lane_ends.iter().enumerate() {
            let open: Vec<usize> = inst
                .iter()
                .copied()
                .filter(|&i| {
                    let (s, e) = span(i);
                    s <= end && end < e
                })
                .collect();
            let classes = if no_leaps {
                interchangeable(rules, &open, &pos, &lane_at, lane, end)
            } else {
                open.iter().map(|&i| vec![i]).collect()
            };
            let slots = blocked_spans
                .iter()
                .filter(|&&(s, e)| s <= end && end < e)
                .count();
            let mut bits = slots as f64 + classes_bits(rules, &classes);
            if !no_leaps {
                let frontier = Frontier {
                    order: &order,
                    pos: &pos,
                    lane: &lane_at,
                    end,
                    count: &count,
                    blocked: &blocked,
                };
                steps[end].runs = Runs::detect(rules, &open, &frontier);
                if let Some(runs) = &steps[end].runs {
                    bits = bits.min(runs.bits);
                }
            }
            estimate = estimate.max(bits);
            lane_bits.push(bits);
            steps[end].classes = classes
                .into_iter()
                .filter(|c| c.len() > 1)
                .map(|c| c.iter().filter_map(|&i| count[i]).collect())
                .collect();
        }
        fill_bound(&mut steps, &lane_ends, &lane_bits);
        let room = fill_room(rules, &inst, &mut steps);
        Model {
            steps,
            pieces,
            words: layout.words(),
            estimate,
            room,
        }
    }
}

enum Want {
    Blocked(usize),
    Count(usize),
}

/// The instances with a cell in `order`, in increasing index.
fn instances_of(rules: &Rules, order: &[usize]) -> Vec<usize> {
    let mut out: Vec<usize> = order
        .iter()
        .flat_map(|&c| rules.of_cell[c].iter().copied())
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The largest value an instance's count field holds, and whether it saturates.
pub(super) fn cap(rules: &Rules, i: usize) -> (u64, bool) {
    let inst = &rules.instances[i];
    if inst.max >= inst.cells.len() {
        (inst.min as u64, true)
    } else {
        (inst.max as u64, false)
    }
}

/// `lane[position]`.
fn lane_of(lanes: &[Vec<usize>]) -> Vec<usize> {
    lanes
        .iter()
        .enumerate()
        .flat_map(|(i, l)| std::iter::repeat_n(i, l.len()))
        .collect()
}

/// The open instances after lane `lane` (ending at position `end`), grouped
/// into classes that the rest of the sweep cannot tell apart: same bounds,
/// and lane by lane, their remaining cells pair up with cells that are both
/// given or both free and lie in the same other instances. Swapping two such
/// instances cell for cell maps the rest of the problem onto itself (and
/// their fields hold counts the same way), so the
/// count of completions depends only on the multiset of their counts. Only
/// used without leaps (a leap neighbour would tell them apart).
fn interchangeable(
    rules: &Rules,
    open: &[usize],
    pos: &[usize],
    lane: &[usize],
    current: usize,
    end: usize,
) -> Vec<Vec<usize>> {
    type Signature = (usize, (u64, bool), Vec<(usize, bool, Vec<usize>)>);
    let mut classes: HashMap<Signature, Vec<usize>> = HashMap::new();
    for &i in open {
        let inst = &rules.instances[i];
        let mut cells: Vec<(usize, bool, Vec<usize>)> = inst
            .cells
            .iter()
            .filter(|&&c| pos[c] > end)
            .map(|&c| {
                let others = rules.of_cell[c]
                    .iter()
                    .copied()
                    .filter(|&j| j != i)
                    .collect();
                (lane[pos[c]] - current, rules.forced[c], others)
            })
            .collect();
        cells.sort();
        classes
            .entry((inst.min, cap(rules, i), cells))
            .or_default()
            .push(i);
    }
    let mut out: Vec<Vec<usize>> = classes.into_values().collect();
    out.sort();
    out
}

/// log2 of the number of states the open classes can take.
fn classes_bits(rules: &Rules, classes: &[Vec<usize>]) -> f64 {
    classes
        .iter()
        .map(|class| {
            let levels = cap(rules, class[0]).0 as f64 + 1.0;
            let m = class.len() as f64;
            // Multisets of m values out of `levels`: C(m + levels - 1, levels - 1).
            (1..levels as usize)
                .map(|j| ((m + j as f64) / j as f64).log2())
                .sum::<f64>()
        })
        .sum()
}

/// Fills `bound` for every step: from the bound after the lane before
/// (0 before the first) to the one after its own, in a straight line in
/// log2 (the first lane of kings reads 2^1, 2^2, … as its leaps open).
fn fill_bound(steps: &mut [Step], lane_ends: &[usize], lane_bits: &[f64]) {
    let (mut start, mut before) = (0, 0.0);
    for (&end, &bits) in lane_ends.iter().zip(lane_bits) {
        let len = (end + 1 - start) as f64;
        for (i, step) in steps[start..=end].iter_mut().enumerate() {
            step.bound = before + (bits - before) * (i + 1) as f64 / len;
        }
        (start, before) = (end + 1, bits);
    }
}

/// Fills `room_after`, `room_before` and `forced_after` for every step.
/// Returns the room of the whole sweep.
fn fill_room(rules: &Rules, inst: &[usize], steps: &mut [Step]) -> usize {
    let cells: Vec<usize> = steps.iter().map(|s| s.cell).collect();
    let n = cells.len();
    let after = rooms(rules, inst, cells.iter().rev().copied());
    let before = rooms(rules, inst, cells.iter().copied());
    let mut forced_left = 0;
    for (p, step) in steps.iter_mut().enumerate().rev() {
        step.room_after = after[n - 1 - p];
        step.room_before = before[p + 1];
        step.forced_after = forced_left;
        forced_left += usize::from(rules.forced[step.cell]);
    }
    after[n]
}

/// The most pieces the first `i` of `cells` can take, for every `i`: per
/// constrained family, the sum over its instances of the smaller of the
/// bound and the cells taken (cells in no instance count one each), the
/// least over the families and the plain number of cells.
fn rooms(rules: &Rules, inst: &[usize], cells: impl Iterator<Item = usize>) -> Vec<usize> {
    let mut taken = vec![0usize; rules.instances.len()];
    let mut per_family = vec![0usize; rules.families];
    let families_here: Vec<usize> = {
        let mut f: Vec<usize> = inst.iter().map(|&i| rules.instances[i].family).collect();
        f.sort_unstable();
        f.dedup();
        f
    };
    let room = |per_family: &[usize], cells: usize| {
        families_here
            .iter()
            .map(|&f| per_family[f])
            .fold(cells, usize::min)
    };
    let mut out = vec![0];
    for (i, c) in cells.enumerate() {
        let mut counted = vec![false; rules.families];
        for &j in &rules.of_cell[c] {
            let f = rules.instances[j].family;
            counted[f] = true;
            if taken[j] < rules.instances[j].max {
                per_family[f] += 1;
            }
            taken[j] += 1;
        }
        for (f, n) in per_family.iter_mut().enumerate() {
            if !counted[f] {
                *n += 1;
            }
        }
        out.push(room(&per_family, i + 1));
    }
    out
}
