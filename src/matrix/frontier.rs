//! Counting selections of a sparse matrix by dynamic programming over a
//! column frontier.
//!
//! Rows are taken one at a time, in an order chosen to keep the *frontier*
//! small: the columns that rows already taken and rows still to come share.
//! A state is the set of frontier columns the taken rows used; a column
//! leaves the state once its last row is taken (no later row can want it),
//! and a column that only one row holds never enters it. The number of states
//! is at most `2^width` and usually far less; the run stops with
//! [`Refused`] once a layer holds more than [`MAX_STATES`] states or the
//! whole run more than [`MAX_STEPS`] transitions, so a refusal is quick.
//!
//! Sets are fixed-size words, `[u64; N]` for `N` = 1, 2, 4, 8 or 16, chosen
//! by the frontier's width, so every width up to 1 024 columns works.
//! Counts are `u128`, redone in big integers when they overflow.

use std::collections::{BTreeSet, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

use num_bigint::BigUint;

/// Most states one layer of the dynamic program may hold (about 64 bytes
/// each at the widest, so at most a few hundred MB for two layers).
pub const MAX_STATES: usize = 1 << 20;
/// Most state transitions a whole run may make (tens of seconds at most).
pub const MAX_STEPS: u64 = 1 << 27;

/// Why the frontier method gave up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refused {
    /// The widest frontier of the row order, in columns.
    pub width: usize,
    /// Rows taken when the limit was hit.
    pub at_row: usize,
}

/// A 0/1 pattern as rows of column indices, every row nonempty.
pub struct Rows<'a> {
    /// Columns of the pattern.
    pub n: usize,
    /// Each row's usable columns.
    pub rows: &'a [Vec<usize>],
}

/// The row order and, per step, the row's private-column count, its
/// frontier slots, and the slots that leave the frontier after it.
pub struct Schedule {
    steps: Vec<Step>,
    /// The widest frontier, in columns.
    pub width: usize,
}

struct Step {
    private: u64,
    slots: Vec<usize>,
    leaving: Vec<usize>,
    /// Frontier columns after the row.
    live: usize,
}

/// An upper bound on the transitions [`count`] makes on this schedule,
/// without running it. States after `t` rows
/// number at most `2^w` (`w` the frontier then), at most the subsets of at
/// most `t` frontier columns, and at most the states before times the
/// row's choices.
pub fn cost(s: &Schedule) -> f64 {
    let (mut states, mut transitions) = (1f64, 0f64);
    for (t, step) in s.steps.iter().enumerate() {
        let choices = step.slots.len() as f64 + 1.0;
        transitions += states * choices;
        let w = step.live;
        // Σ_{k ≤ t+1} C(w, k), stopping once it passes the other bounds
        let (mut subsets, mut c) = (1f64, 1f64);
        for k in 1..=w.min(t + 1) {
            c = c * (w + 1 - k) as f64 / k as f64;
            subsets += c;
            if subsets > states * choices {
                break;
            }
        }
        states = (states * choices)
            .min(subsets)
            .min(2f64.powi(w.min(1023) as i32));
    }
    transitions
}

/// The number of ways to give every row a distinct usable column, or
/// [`Refused`] past [`MAX_STATES`] states in a layer or `max_steps`
/// transitions in all.
pub fn count(s: &Schedule, max_steps: u64) -> Result<BigUint, Refused> {
    crate::plan::by_width!(s.width.div_ceil(64), run(s, max_steps))
}

/// Chooses the row order greedily (the row that widens the frontier least,
/// ties to the lowest index; scores updated only for the rows of the
/// columns that change) and assigns frontier slots.
pub fn schedule(p: &Rows) -> Schedule {
    let m = p.rows.len();
    let mut cols = vec![Vec::new(); p.n];
    for (i, row) in p.rows.iter().enumerate() {
        for &j in row {
            cols[j].push(i);
        }
    }
    let holders: Vec<usize> = cols.iter().map(Vec::len).collect();
    // Updating the rows of each changed column costs Σ holders²; past this,
    // rows go in file order.
    let greedy = holders.iter().map(|&h| (h * h) as u64).sum::<u64>() <= 1 << 26;
    if !greedy {
        return slots(p, &(0..m).collect::<Vec<_>>(), &holders);
    }
    let mut left = holders.clone();
    let mut live = vec![false; p.n];
    // a row's score, the frontier's growth if taken next, is the sum over
    // its columns of +1 (would open) or −1 (would close)
    let weight = |j: usize, live: &[bool], left: &[usize]| -> i64 {
        i64::from(holders[j] > 1 && !live[j]) - i64::from(live[j] && left[j] == 1)
    };
    let mut score: Vec<i64> = p
        .rows
        .iter()
        .map(|row| row.iter().map(|&j| weight(j, &live, &left)).sum())
        .collect();
    let mut queue: BTreeSet<(i64, usize)> = score.iter().copied().zip(0..).collect();
    let mut order = Vec::with_capacity(m);
    while let Some((_, next)) = queue.pop_first() {
        order.push(next);
        for &j in &p.rows[next] {
            let before = weight(j, &live, &left);
            left[j] -= 1;
            live[j] = holders[j] > 1 && left[j] > 0;
            let change = weight(j, &live, &left) - before;
            if change == 0 {
                continue;
            }
            for &i in &cols[j] {
                if queue.remove(&(score[i], i)) {
                    score[i] += change;
                    queue.insert((score[i], i));
                }
            }
        }
    }
    slots(p, &order, &holders)
}

/// Assigns each shared column a slot while it is on the frontier.
fn slots(p: &Rows, order: &[usize], holders: &[usize]) -> Schedule {
    let mut left = holders.to_vec();
    let mut slot = vec![usize::MAX; p.n];
    let mut free: Vec<usize> = Vec::new();
    let (mut width, mut live) = (0, 0);
    let mut steps = Vec::with_capacity(order.len());
    for &i in order {
        let mut step = Step {
            private: 0,
            slots: Vec::new(),
            leaving: Vec::new(),
            live: 0,
        };
        for &j in &p.rows[i] {
            if holders[j] == 1 {
                step.private += 1;
                continue;
            }
            if slot[j] == usize::MAX {
                live += 1;
                slot[j] = free.pop().unwrap_or_else(|| {
                    width += 1;
                    width - 1
                });
            }
            step.slots.push(slot[j]);
            left[j] -= 1;
            if left[j] == 0 {
                step.leaving.push(slot[j]);
            }
        }
        // freed only after the row, so its slots stay distinct
        free.extend(step.leaving.iter().rev());
        live -= step.leaving.len();
        step.live = live;
        steps.push(step);
    }
    Schedule { steps, width }
}

/// A fast hasher for the fixed-size sets: a multiply-rotate mix per word,
/// and a final avalanche so every bit reaches the low (bucket) bits.
#[derive(Default)]
struct SetHasher(u64);

impl Hasher for SetHasher {
    fn finish(&self) -> u64 {
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 33)
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

type Layer<const N: usize, T> = HashMap<[u64; N], T, BuildHasherDefault<SetHasher>>;

/// Runs the program in `u128`, and again in big integers if that overflows.
fn run<const N: usize>(s: &Schedule, max_steps: u64) -> Result<BigUint, Refused> {
    let small = layers::<N, u128>(
        s,
        max_steps,
        1,
        |a, b| a.checked_add(*b),
        |a, k| a.checked_mul(k.into()),
    )?;
    if let Some(v) = small {
        return Ok(BigUint::from(v));
    }
    let big = layers::<N, BigUint>(
        s,
        max_steps,
        BigUint::from(1u8),
        |a, b| Some(a + b),
        |a, k| Some(a * k),
    )?;
    Ok(big.expect("big integers do not overflow"))
}

/// The dynamic program; `Ok(None)` when `add` or `times` overflowed.
fn layers<const N: usize, T: Clone>(
    s: &Schedule,
    max_steps: u64,
    one: T,
    add: impl Fn(&T, &T) -> Option<T>,
    times: impl Fn(&T, u64) -> Option<T>,
) -> Result<Option<T>, Refused> {
    let mut cur: Layer<N, T> = Layer::default();
    cur.insert([0; N], one.clone());
    let mut steps: u64 = 0;
    for (at_row, step) in s.steps.iter().enumerate() {
        let refused = Refused {
            width: s.width,
            at_row,
        };
        steps += cur.len() as u64 * (step.slots.len() as u64 + 1);
        if steps > max_steps {
            return Err(refused);
        }
        let mut leaving = [0u64; N];
        for &b in &step.leaving {
            leaving[b / 64] |= 1 << (b % 64);
        }
        let mut next: Layer<N, T> = Layer::default();
        let mut put = |key: [u64; N], v: T| -> Option<bool> {
            let mut key = key;
            for (w, l) in key.iter_mut().zip(&leaving) {
                *w &= !l;
            }
            match next.get_mut(&key) {
                Some(old) => *old = add(old, &v)?,
                None => {
                    next.insert(key, v);
                }
            }
            Some(next.len() <= MAX_STATES)
        };
        for (key, v) in &cur {
            for &b in &step.slots {
                if key[b / 64] >> (b % 64) & 1 == 0 {
                    let mut k = *key;
                    k[b / 64] |= 1 << (b % 64);
                    match put(k, v.clone()) {
                        None => return Ok(None),
                        Some(false) => return Err(refused),
                        Some(true) => {}
                    }
                }
            }
            if step.private > 0 {
                let Some(v) = times(v, step.private) else {
                    return Ok(None);
                };
                match put(*key, v) {
                    None => return Ok(None),
                    Some(false) => return Err(refused),
                    Some(true) => {}
                }
            }
        }
        if next.is_empty() {
            return Ok(Some(times(&one, 0).expect("zero fits")));
        }
        cur = next;
    }
    let mut total: Option<T> = None;
    for v in cur.into_values() {
        total = Some(match total {
            None => v,
            Some(t) => match add(&t, &v) {
                Some(t) => t,
                None => return Ok(None),
            },
        });
    }
    Ok(total)
}
