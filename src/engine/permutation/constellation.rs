//! Experiment: plain N-queens by constellations (Q27 / Preußer–Engelhardt
//! style). The pieces of the `k` outer rows and columns on each side are
//! placed first; the placements are classified under the 8 symmetries of the
//! square and only the smallest of each class is counted, weighted by its
//! class size. Each representative's inner rows are searched with the
//! kernel's bitmask loop and its last five rows counted with the kernel's
//! step, the fixed pieces entering as attacked cells.

use super::MAX_N;
use super::block::{BLOCK, ROWS};

const NONE: u8 = u8::MAX;
const IX: usize = MAX_N - 1;

/// Totals of one experiment run.
#[derive(Debug, Default, Clone, Copy)]
pub struct Tally {
    /// All solutions.
    pub total: u128,
    /// Constellation classes counted.
    pub classes: u64,
    /// Pieces placed by the inner search.
    pub nodes: u64,
    /// Five-row steps taken.
    pub steps: u64,
}

/// Counts n-queens by constellations of depth `k` (1: the border lines,
/// 2: the two outer rows and columns on each side). Needs `n >= 2k + 6`.
pub fn count(n: usize, k: usize) -> Tally {
    assert!((2 * k + 6..=MAX_N).contains(&n));
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
    {
        // SAFETY: the CPU has the features, checked just above.
        #[allow(unsafe_code)]
        return unsafe { count_bmi(n, k) };
    }
    count_all(n, k)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2")]
fn count_bmi(n: usize, k: usize) -> Tally {
    count_all(n, k)
}

#[inline(always)]
fn count_all(n: usize, k: usize) -> Tally {
    let mut t = Tally::default();
    let mut all = Vec::new();
    let mut p = [NONE; MAX_N];
    let rows: Vec<usize> = (0..k).chain(n - k..n).collect();
    let cols: Vec<usize> = rows.clone();
    border(n, &rows, &cols, 0, &mut p, &mut all);
    for p in &all {
        let w = orbit(n, p);
        if w == 0 {
            continue;
        }
        t.classes += 1;
        let (hits, nodes, steps) = inner(n, k, p);
        t.total += u128::from(hits) * u128::from(w);
        t.nodes += nodes;
        t.steps += steps;
    }
    t
}

fn attacks(p: &[u8; MAX_N], n: usize, y: usize, x: usize) -> bool {
    (0..n).any(|fy| {
        let fx = p[fy];
        fx != NONE
            && (fy == y || usize::from(fx) == x || fy.abs_diff(y) == usize::from(fx).abs_diff(x))
    })
}

/// All placements with one piece on each border row and column.
fn border(
    n: usize,
    rows: &[usize],
    cols: &[usize],
    i: usize,
    p: &mut [u8; MAX_N],
    out: &mut Vec<[u8; MAX_N]>,
) {
    if i < rows.len() {
        let y = rows[i];
        for x in 0..n {
            if !attacks(p, n, y, x) {
                p[y] = x as u8;
                border(n, rows, cols, i + 1, p, out);
                p[y] = NONE;
            }
        }
        return;
    }
    let j = i - rows.len();
    if j == cols.len() {
        out.push(*p);
        return;
    }
    let x = cols[j];
    if p[..n].contains(&(x as u8)) {
        border(n, rows, cols, i + 1, p, out);
        return;
    }
    for y in 0..n {
        if p[y] == NONE && !rows.contains(&y) && !attacks(p, n, y, x) {
            p[y] = x as u8;
            border(n, rows, cols, i + 1, p, out);
            p[y] = NONE;
        }
    }
}

/// The class size when `p` is the smallest image of its class, else 0.
fn orbit(n: usize, p: &[u8; MAX_N]) -> u32 {
    let mut inv = [NONE; MAX_N];
    for y in 0..n {
        if p[y] != NONE {
            inv[usize::from(p[y])] = y as u8;
        }
    }
    let mut stab = 1;
    for g in 1..8u8 {
        let src = if g & 4 != 0 { &inv } else { p };
        let mut ord = std::cmp::Ordering::Equal;
        for i in 0..n {
            let x = if g & 2 != 0 { src[n - 1 - i] } else { src[i] };
            let q = if g & 1 != 0 && x != NONE {
                (n - 1) as u8 - x
            } else {
                x
            };
            if q != p[i] {
                ord = q.cmp(&p[i]);
                break;
            }
        }
        match ord {
            std::cmp::Ordering::Less => return 0,
            std::cmp::Ordering::Equal => stab += 1,
            std::cmp::Ordering::Greater => {}
        }
    }
    8 / stab
}

/// Completions of constellation `p`: (solutions, nodes, steps).
#[inline(always)]
fn inner(n: usize, k: usize, p: &[u8; MAX_N]) -> (u64, u64, u64) {
    let mask = u32::MAX >> (32 - n);
    let block = &*BLOCK;
    let mut att = [0u32; MAX_N];
    let mut fixed = 0u32;
    for (fy, &q) in p[..n].iter().enumerate() {
        if q == NONE {
            continue;
        }
        let fx = usize::from(q);
        fixed |= 1 << fx;
        for (y, a) in att[..n].iter_mut().enumerate() {
            let d = y.abs_diff(fy);
            *a |= 1 << fx;
            if fx + d < n {
                *a |= 1 << (fx + d);
            }
            if fx >= d {
                *a |= 1 << (fx - d);
            }
        }
    }
    let fin = n - k - ROWS;
    let mut forbid = [0u8; MAX_N];
    let mut bcols = 0u32;
    let mut brows = 0u8;
    for i in 0..ROWS {
        if p[fin + i] != NONE {
            bcols |= 1 << p[fin + i];
            brows |= 1 << i;
        }
    }
    for (x, f) in forbid[..n].iter_mut().enumerate() {
        if bcols >> x & 1 != 0 {
            let i = (0..ROWS)
                .find(|&i| usize::from(p[fin + i]) == x)
                .unwrap_or(0);
            *f = 31 & !(1 << i);
        } else {
            *f = brows;
            for i in 0..ROWS {
                *f |= ((att[fin + i] >> x & 1) as u8) << i;
            }
        }
    }
    let search: Vec<usize> = (k..fin).filter(|&y| p[y] == NONE).collect();
    let first_free = p[fin] == NONE;
    let step = |l: u32, c: u32, r: u32| {
        if first_free && mask & !(l | c | r | att[fin]) == 0 {
            return None;
        }
        let free = (mask & !c) | bcols;
        let set = block.completions(free, l, r, |x| usize::from(forbid[x as usize & IX]));
        Some(u64::from(set.count_ones()))
    };
    if search.is_empty() {
        return match step(0, fixed, 0) {
            Some(h) => (h, 0, 1),
            None => (0, 0, 0),
        };
    }
    let m = search.len();
    let mut shift = [0u32; MAX_N];
    let mut next_att = [0u32; MAX_N];
    for d in 0..m {
        let to = if d + 1 < m { search[d + 1] } else { fin };
        shift[d] = (to - search[d]) as u32;
        next_att[d] = if d + 1 < m { att[to] } else { 0 };
    }
    let (mut sl, mut sc, mut sr, mut sb) =
        ([0u32; MAX_N], [0u32; MAX_N], [0u32; MAX_N], [0u32; MAX_N]);
    let (mut l, mut c, mut r) = (0u32, fixed, 0u32);
    let mut bm = mask & !(c | att[search[0]]);
    let (mut d, mut hits, mut nodes, mut steps) = (0usize, 0u64, 0u64, 0u64);
    loop {
        if bm == 0 {
            if d == 0 {
                break;
            }
            d -= 1;
            let i = d & IX;
            (l, c, r, bm) = (sl[i], sc[i], sr[i], sb[i]);
            continue;
        }
        let bit = bm & bm.wrapping_neg();
        bm ^= bit;
        nodes += 1;
        let s = shift[d & IX];
        let nl = (l | bit) << s;
        let nc = c | bit;
        let nr = (r | bit) >> s;
        if d + 1 == m {
            if let Some(h) = step(nl, nc, nr) {
                hits += h;
                steps += 1;
            }
            continue;
        }
        let nbm = mask & !(nl | nc | nr | next_att[d & IX]);
        if nbm != 0 {
            let i = d & IX;
            (sl[i], sc[i], sr[i], sb[i]) = (l, c, r, bm);
            (d, l, c, r, bm) = (d + 1, nl, nc, nr, nbm);
        }
    }
    (hits, nodes, steps)
}
