//! Interchangeable runs: the collapse of groups where leaps join neighbours.
//!
//! Where a leap reaches from one group (a column) into the next, the groups
//! cannot be sorted like a rook's columns, but the full ones drop out: a group
//! at its maximum takes no more pieces, so its cells ahead are dead and cut
//! the chain of groups into **runs** of live groups that share no leap. When
//! the rest of the sweep looks the same from every group (the same cells lane
//! by lane, the same leaps between neighbours, none further), any run can be
//! moved to any place of the chain with one full group on each side, and
//! mirrored where the leaps are symmetric, without changing what the rest of
//! the board can do. So the runs are sorted, each in its smaller direction,
//! and laid out left to right: states that differ only by where their runs
//! lie merge. This is what makes Hertzsprung's problem (rooks that may not
//! touch) a DP over sets of runs, not over sets of columns; it is read off the
//! compiled sweep, not the rule's name.

use std::collections::{BTreeSet, HashMap};

use super::constraint::Rules;
use super::key::{Field, width};
use super::model::cap as bounds;

/// What the lane boundary sees of the sweep.
pub(super) struct Frontier<'a> {
    /// The cells in sweep order.
    pub order: &'a [usize],
    /// `pos[cell]`: where the cell is taken (`usize::MAX`: not in this sweep).
    pub pos: &'a [usize],
    /// `lane[position]`.
    pub lane: &'a [usize],
    /// The lane's last position.
    pub end: usize,
    /// `count[instance]`: the field of its running count.
    pub count: &'a [Option<Field>],
    /// `blocked[cell]`: the first position of an attacker, and the cell's attacked bit.
    pub blocked: &'a [Option<(usize, Field)>],
}

/// One group of the chain: its count and the attacked bits of its cells ahead.
#[derive(Debug, Clone)]
struct Column {
    count: Field,
    blocked: Vec<Field>,
}

/// The groups of a chain, in order, and how to reorder their runs.
#[derive(Debug, Clone)]
pub(super) struct Runs {
    columns: Vec<Column>,
    /// The groups' common maximum count.
    cap: u64,
    /// At the cap the count saturates (then no group is ever full).
    saturate: bool,
    /// The leaps between neighbours look the same mirrored.
    mirror: bool,
    /// Bits of a count in a column's code.
    count_bits: u32,
    /// log2 of an estimate of the states after the reordering.
    pub bits: f64,
}

/// A cell ahead, as the chain sees it: group and lane offset.
type Place = (usize, usize);

impl Runs {
    /// The chain of the `open` groups (instances, increasing) at a lane
    /// boundary, if the rest of the sweep looks the same from each of them.
    pub fn detect(rules: &Rules, open: &[usize], at: &Frontier) -> Option<Runs> {
        let m = open.len();
        if m < 2 {
            return None;
        }
        let (cap, saturate) = bounds(rules, open[0]);
        let index: HashMap<usize, usize> = open.iter().enumerate().map(|(k, &i)| (i, k)).collect();
        let current = at.lane[at.end];
        let ahead = &at.order[at.end + 1..];
        let mut place: HashMap<usize, Place> = HashMap::new();
        type Sig = Vec<(usize, Vec<usize>)>;
        let mut sigs: Vec<Sig> = vec![Vec::new(); m];
        for &c in ahead {
            let mut mine = rules.of_cell[c].iter().filter_map(|i| index.get(i));
            let (Some(&k), None) = (mine.next(), mine.next()) else {
                return None;
            };
            if rules.forced[c] {
                return None;
            }
            let t = at.lane[at.pos[c]] - current;
            let others = rules.of_cell[c]
                .iter()
                .copied()
                .filter(|i| !index.contains_key(i))
                .collect();
            place.insert(c, (k, t));
            sigs[k].push((t, others));
        }
        for sig in &mut sigs {
            sig.sort();
            if sig.windows(2).any(|w| w[0].0 == w[1].0) {
                return None;
            }
        }
        let min = rules.instances[open[0]].min;
        let same_bounds = open
            .iter()
            .all(|&i| rules.instances[i].min == min && bounds(rules, i) == (cap, saturate));
        if !same_bounds || sigs.iter().any(|s| *s != sigs[0]) {
            return None;
        }
        let mirror = links(rules, at, &place, m)?;
        let columns = columns(open, at, &place, m)?;
        let count_bits = width(cap);
        if count_bits as usize + columns[0].blocked.len() > 64 {
            return None;
        }
        let live = if saturate { cap + 1 } else { cap };
        let bits = runs_bits(m, live as f64) + patterns_bits(rules, at);
        Some(Runs {
            columns,
            cap,
            saturate,
            mirror,
            count_bits,
            bits,
        })
    }

    /// Moves the runs of `key` to their canonical places.
    pub fn canonicalize(&self, key: &mut [u64]) {
        let codes: Vec<Option<u64>> = self.columns.iter().map(|c| self.code(c, key)).collect();
        let mut runs: Vec<Vec<u64>> = codes
            .split(Option::is_none)
            .filter(|r| !r.is_empty())
            .map(|r| r.iter().flatten().copied().collect())
            .collect();
        if self.mirror {
            for run in &mut runs {
                let back: Vec<u64> = run.iter().rev().copied().collect();
                if back < *run {
                    *run = back;
                }
            }
        }
        runs.sort_unstable();
        let mut columns = self.columns.iter();
        for run in &runs {
            for &code in run {
                self.write(columns.next().expect("runs fit"), key, Some(code));
            }
            if let Some(gap) = columns.next() {
                self.write(gap, key, None);
            }
        }
        for rest in columns {
            self.write(rest, key, None);
        }
    }

    /// A live group's count and attacked bits; `None` for a full group.
    fn code(&self, column: &Column, key: &[u64]) -> Option<u64> {
        let v = column.count.get(key);
        if !self.saturate && v == self.cap {
            return None;
        }
        let bits = column.blocked.iter().enumerate();
        Some(bits.fold(v, |code, (b, f)| {
            code | f.get(key) << (self.count_bits as usize + b)
        }))
    }

    /// Writes a code back (`None`: full, nothing attacked).
    fn write(&self, column: &Column, key: &mut [u64], code: Option<u64>) {
        let code = code.unwrap_or(self.cap);
        column.count.set(key, code & ((1 << self.count_bits) - 1));
        for (b, f) in column.blocked.iter().enumerate() {
            f.set(key, code >> (self.count_bits as usize + b) & 1);
        }
    }
}

/// Checks that leaps between cells ahead join only neighbouring groups, the
/// same way for every pair and within every group; returns whether that way
/// looks the same mirrored.
fn links(rules: &Rules, at: &Frontier, place: &HashMap<usize, Place>, m: usize) -> Option<bool> {
    let mut next: Vec<BTreeSet<(usize, usize)>> = vec![BTreeSet::new(); m];
    let mut within: Vec<BTreeSet<(usize, usize)>> = vec![BTreeSet::new(); m];
    for (&c, &(k, t)) in place {
        for y in &rules.leaps[c] {
            let Some(&(j, u)) = place.get(y) else {
                if at.pos[*y] > at.end && at.pos[*y] != usize::MAX {
                    return None;
                }
                continue;
            };
            match j as i64 - k as i64 {
                0 => {
                    within[k].insert((t, u));
                }
                1 => {
                    next[k].insert((t, u));
                }
                -1 => {}
                _ => return None,
            }
        }
    }
    let uniform =
        within.iter().all(|w| *w == within[0]) && next[..m - 1].iter().all(|n| *n == next[0]);
    let mirrored: BTreeSet<(usize, usize)> = next[0].iter().map(|&(a, b)| (b, a)).collect();
    uniform.then_some(mirrored == next[0])
}

/// The chain's groups with their count fields and the attacked bits of their
/// cells ahead, lane by lane; `None` unless every group has them at the same
/// lanes.
fn columns(
    open: &[usize],
    at: &Frontier,
    place: &HashMap<usize, Place>,
    m: usize,
) -> Option<Vec<Column>> {
    let mut bits: Vec<Vec<(usize, Field)>> = vec![Vec::new(); m];
    for (&c, &(k, t)) in place {
        if let Some((start, field)) = at.blocked[c]
            && start <= at.end
        {
            bits[k].push((t, field));
        }
    }
    for b in &mut bits {
        b.sort_by_key(|x| x.0);
    }
    let lanes = |b: &Vec<(usize, Field)>| b.iter().map(|x| x.0).collect::<Vec<_>>();
    if bits.iter().any(|b| lanes(b) != lanes(&bits[0])) {
        return None;
    }
    open.iter()
        .zip(bits)
        .map(|(&i, b)| {
            Some(Column {
                count: at.count[i]?,
                blocked: b.into_iter().map(|x| x.1).collect(),
            })
        })
        .collect()
}

/// log2 of the number of multisets of runs, each run a sequence of `live`
/// count values, that fit `m` groups with one full group between runs.
fn runs_bits(m: usize, live: f64) -> f64 {
    // f[s]: multisets of total weight s, a run of length l weighing l + 1.
    let mut f = vec![0f64; m + 2];
    f[0] = 1.0;
    for l in 1..=m {
        let w = l + 1;
        let kinds = live.powi(l as i32);
        for s in (w..=m + 1).rev() {
            // Add j ≥ 1 runs of this length: C(kinds + j - 1, j) ways.
            let mut ways = 1.0;
            for j in 1..=s / w {
                ways *= (kinds + j as f64 - 1.0) / j as f64;
                f[s] += f[s - j * w] * ways;
            }
        }
    }
    f.iter().sum::<f64>().log2()
}

/// log2 of the number of patterns of attacked cells ahead: subsets of the
/// attacking cells behind, at most as many as their groups can hold.
fn patterns_bits(rules: &Rules, at: &Frontier) -> f64 {
    let attackers: Vec<usize> = at.order[..=at.end]
        .iter()
        .copied()
        .filter(|&c| {
            rules.leaps[c]
                .iter()
                .any(|&y| at.pos[y] > at.end && at.pos[y] != usize::MAX)
        })
        .collect();
    let n = attackers.len();
    let mut held: HashMap<usize, usize> = HashMap::new();
    for &c in &attackers {
        for &i in &rules.of_cell[c] {
            *held.entry(i).or_default() += 1;
        }
    }
    let mut per_family = vec![0usize; rules.families];
    let mut touched = vec![false; rules.families];
    for (&i, &h) in &held {
        let inst = &rules.instances[i];
        per_family[inst.family] += h.min(inst.max);
        touched[inst.family] = true;
    }
    let most = (0..rules.families)
        .filter(|&f| touched[f])
        .map(|f| {
            per_family[f]
                + attackers
                    .iter()
                    .filter(|&&c| {
                        !rules.of_cell[c]
                            .iter()
                            .any(|&i| rules.instances[i].family == f)
                    })
                    .count()
        })
        .fold(n, usize::min);
    let mut total = 0f64;
    let mut choose = 1f64;
    for j in 0..=most {
        total += choose;
        choose *= (n - j) as f64 / (j + 1) as f64;
    }
    total.log2()
}
