//! The DP itself: take the cells one at a time in sweep order; each state is
//! a packed key (see [`key`](super::key)) with the number of ways to reach it.
//! A cell either stays empty or takes a piece when no earlier neighbour
//! attacks it and its groups have room; groups that end are checked against
//! their minimum; equal keys merge by adding their counts. At the end of a
//! lane, interchangeable groups have their counts sorted, which merges the
//! states that differ only by which of them is used.

use std::ops::ControlFlow;

use num_bigint::BigUint;
use rustc_hash::FxHashMap;

use super::key::Key;
use super::model::{Model, Step};

/// A count the DP adds up: `u128` with overflow checks, or a big integer.
pub(super) trait Number: Clone {
    /// No way.
    fn zero() -> Self;
    /// One way.
    fn one() -> Self;
    /// Adds `other`; false if the sum does not fit.
    fn add(&mut self, other: &Self) -> bool;
    /// The value as a big integer.
    fn to_big(&self) -> BigUint;
    /// Bytes the value allocates outside its table entry (a big integer's
    /// digits with the allocator's header).
    fn heap_bytes(&self) -> usize;
}

impl Number for u128 {
    fn zero() -> Self {
        0
    }
    fn one() -> Self {
        1
    }
    fn add(&mut self, other: &Self) -> bool {
        match self.checked_add(*other) {
            Some(s) => {
                *self = s;
                true
            }
            None => false,
        }
    }
    fn to_big(&self) -> BigUint {
        BigUint::from(*self)
    }
    fn heap_bytes(&self) -> usize {
        0
    }
}

impl Number for BigUint {
    fn zero() -> Self {
        BigUint::default()
    }
    fn one() -> Self {
        BigUint::from(1u8)
    }
    fn add(&mut self, other: &Self) -> bool {
        *self += other;
        true
    }
    fn to_big(&self) -> BigUint {
        self.clone()
    }
    fn heap_bytes(&self) -> usize {
        let digits = usize::try_from(self.bits().div_ceil(64)).unwrap_or(usize::MAX);
        // one more digit of room after a carry, and malloc's header
        (digits + 1) * 8 + 16
    }
}

/// Why a sweep stopped early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stop {
    /// A count did not fit the number type.
    Overflow,
    /// The state table would outgrow the memory budget.
    Memory {
        /// States in the table when it stopped.
        states: usize,
    },
    /// The caller's stop flag was set.
    Interrupted,
    /// The sweep's watcher broke off (a trial run's work is done).
    Cut,
}

/// What bounds a sweep.
#[derive(Debug, Clone)]
pub(super) struct Limits {
    /// The number of pieces asked for, if only one is.
    pub target: Option<usize>,
    /// Most pieces the other parts of the board can take.
    pub other_room: usize,
    /// Largest state table, in bytes.
    pub max_bytes: usize,
    /// The caller's stop flag, looked at before each cell and every
    /// [`STOP_EVERY`] states within one.
    pub stop: Option<crate::search::Stop>,
}

/// Told before each cell of a sweep its index in the sweep and the states
/// held then; `Break` cuts the sweep off ([`Stop::Cut`]).
pub(super) type Watch<'a> = &'a mut dyn FnMut(usize, usize) -> ControlFlow<()>;

/// A finished sweep.
#[derive(Debug, Clone)]
pub(super) struct Swept<N> {
    /// `by_pieces[k]`: the placements of exactly k pieces in this part.
    pub by_pieces: Vec<N>,
    /// Most states held at once (two tables: before and after a cell).
    pub peak_states: usize,
    /// Most bytes the tables allocated at once ([`table_bytes`]).
    pub peak_bytes: usize,
}

/// States a sweep takes between looks at the stop flag inside one cell.
const STOP_EVERY: usize = 1 << 16;

/// Runs the sweep of `model` with keys of `W` words, `watch` told of each cell.
pub(super) fn run<const W: usize, N: Number>(
    model: &Model,
    limits: &Limits,
    watch: Watch,
) -> Result<Swept<N>, Stop> {
    let mut current: FxHashMap<Key<W>, N> = FxHashMap::default();
    current.insert([0; W], N::one());
    let mut peak_states = 1;
    let mut room = Room {
        max: limits.max_bytes,
        held: 0,
        table: table_bytes::<W, N>(current.capacity()),
        values: 1,
        value_bytes: 0,
        peak: 0,
    };
    room.peak = room.table;
    let mut scratch = Vec::new();
    let mut next: FxHashMap<Key<W>, N> = FxHashMap::default();
    let stopped = || {
        limits
            .stop
            .as_ref()
            .is_some_and(crate::search::Stop::is_set)
    };
    for (at, step) in model.steps.iter().enumerate() {
        if stopped() {
            return Err(Stop::Interrupted);
        }
        if watch(at, current.len()).is_break() {
            return Err(Stop::Cut);
        }
        next.clear();
        room.held = table_bytes::<W, N>(current.capacity());
        room.table = table_bytes::<W, N>(next.capacity());
        room.values = current.len();
        for (i, (key, value)) in current.drain().enumerate() {
            // one cell of a large table takes seconds: look inside it too
            if i % STOP_EVERY == STOP_EVERY - 1 && stopped() {
                return Err(Stop::Interrupted);
            }
            if !step.forced {
                let mut k = key;
                if finish(model, step, &mut k, limits, &mut scratch) {
                    insert(&mut next, k, value.clone(), &mut room)?;
                }
            }
            let mut k = key;
            if place(model, step, &mut k) && finish(model, step, &mut k, limits, &mut scratch) {
                insert(&mut next, k, value, &mut room)?;
            }
        }
        peak_states = peak_states.max(next.len());
        std::mem::swap(&mut current, &mut next);
    }
    let mut by_pieces: Vec<Option<N>> = vec![None; model.steps.len() + 1];
    for (key, value) in current {
        let d = model.pieces.get(&key) as usize;
        match &mut by_pieces[d] {
            Some(sum) => {
                if !sum.add(&value) {
                    return Err(Stop::Overflow);
                }
            }
            slot => *slot = Some(value),
        }
    }
    Ok(Swept {
        by_pieces: by_pieces
            .into_iter()
            .map(|v| v.unwrap_or_else(N::zero))
            .collect(),
        peak_states,
        peak_bytes: room.peak,
    })
}

/// The bytes a step's tables allocate, as the budget counts them.
struct Room {
    /// The budget.
    max: usize,
    /// The table being read (drained, its allocation kept for the next step).
    held: usize,
    /// The table being written.
    table: usize,
    /// Counts in the table being read when the step began.
    values: usize,
    /// Most heap bytes one count took so far.
    value_bytes: usize,
    /// Most bytes allocated at once.
    peak: usize,
}

impl Room {
    /// The bytes held with `extra` more allocated and `states` counts in
    /// the table being written.
    fn with(&self, extra: usize, states: usize) -> usize {
        let values = (self.values + states).saturating_mul(self.value_bytes);
        (self.held + self.table + extra).saturating_add(values)
    }
}

/// Bytes std's `HashMap` (hashbrown) allocates for `capacity` entries: a
/// power-of-two number of buckets at most 7/8 full, each an entry and one
/// control byte, and one more group of 16 control bytes.
pub(super) fn table_bytes<const W: usize, N>(capacity: usize) -> usize {
    if capacity == 0 {
        return 0;
    }
    let buckets = (capacity * 8).div_ceil(7).next_power_of_two();
    buckets * (std::mem::size_of::<(Key<W>, N)>() + 1) + 16
}

#[inline]
fn insert<const W: usize, N: Number>(
    table: &mut FxHashMap<Key<W>, N>,
    key: Key<W>,
    value: N,
    room: &mut Room,
) -> Result<(), Stop> {
    use std::collections::hash_map::Entry;
    if table.len() == table.capacity() {
        grow(table, room)?;
    }
    let heap = value.heap_bytes();
    match table.entry(key) {
        Entry::Occupied(mut e) => {
            if !e.get_mut().add(&value) {
                return Err(Stop::Overflow);
            }
        }
        Entry::Vacant(e) => {
            e.insert(value);
            if heap > 0 {
                room.value_bytes = room.value_bytes.max(heap);
                let bytes = room.with(0, table.len());
                if bytes > room.max {
                    return Err(Stop::Memory {
                        states: table.len(),
                    });
                }
                room.peak = room.peak.max(bytes);
            }
        }
    }
    Ok(())
}

/// Makes room for one more entry in a full `table`, if the budget holds the
/// new allocation beside the old one (both are alive while the entries
/// move); an allocation that fails stops the sweep the same way.
#[cold]
fn grow<const W: usize, N: Number>(
    table: &mut FxHashMap<Key<W>, N>,
    room: &mut Room,
) -> Result<(), Stop> {
    let too_big = Stop::Memory {
        states: table.len(),
    };
    let during = room.with(table_bytes::<W, N>(table.len() + 1), table.len() + 1);
    if during > room.max {
        return Err(too_big);
    }
    table.try_reserve(1).map_err(|_| too_big)?;
    room.table = table_bytes::<W, N>(table.capacity());
    room.peak = room.peak.max(during);
    Ok(())
}

/// Puts a piece on the step's cell, if nothing forbids it.
#[inline]
fn place(model: &Model, step: &Step, key: &mut [u64]) -> bool {
    if step.blocked.is_some_and(|f| f.get(key) != 0) {
        return false;
    }
    for c in &step.counters {
        let v = c.field.get(key);
        if v < c.cap {
            c.field.set(key, v + 1);
        } else if !c.saturate {
            return false;
        }
    }
    for f in &step.marks {
        f.set(key, 1);
    }
    let d = model.pieces.get(key);
    model.pieces.set(key, d + 1);
    true
}

/// Closes what ends at the step's cell; false if the state is dead.
#[inline]
fn finish(
    model: &Model,
    step: &Step,
    key: &mut [u64],
    limits: &Limits,
    scratch: &mut Vec<u64>,
) -> bool {
    for &(field, min) in &step.closing {
        if field.get(key) < min {
            return false;
        }
        field.set(key, 0);
    }
    if let Some(f) = step.blocked {
        f.set(key, 0);
    }
    if let Some(target) = limits.target {
        let d = model.pieces.get(key) as usize;
        if d + step.forced_after > target || d + step.room_after + limits.other_room < target {
            return false;
        }
    }
    for class in &step.classes {
        scratch.clear();
        scratch.extend(class.iter().map(|f| f.get(key)));
        scratch.sort_unstable_by(|a, b| b.cmp(a));
        for (f, &v) in class.iter().zip(scratch.iter()) {
            f.set(key, v);
        }
    }
    if let Some(runs) = &step.runs {
        runs.canonicalize(key);
    }
    true
}
