//! The exact canonicity test at the leaves.
//!
//! The 8 images of a permutation `p` under the symmetries of the square are
//! all combinations of {`p`, `p⁻¹`} × {rows reversed or not} × {columns
//! mirrored or not}. A solution is counted when it is the lexicographically
//! smallest image; its weight is 8 divided by the number of images equal to it.

use std::cmp::Ordering;

use super::MAX_N;

/// 8 / |stabiliser| when `p` is the smallest of its images, 0 otherwise.
pub(super) fn weight(p: &[u8]) -> u32 {
    let n = p.len();
    if n == 0 {
        return 1;
    }
    let mut inv = [0u8; MAX_N];
    for (i, &x) in p.iter().enumerate() {
        inv[usize::from(x)] = i as u8;
    }
    let last = (n - 1) as u8;
    let mut stab = 1;
    for g in 1..8u8 {
        let src: &[u8] = if g & 4 != 0 { &inv[..n] } else { p };
        let rev = g & 2 != 0;
        let comp = g & 1 != 0;
        let mut ord = Ordering::Equal;
        for (i, &own) in p.iter().enumerate() {
            let x = if rev { src[n - 1 - i] } else { src[i] };
            let q = if comp { last - x } else { x };
            if q != own {
                ord = q.cmp(&own);
                break;
            }
        }
        match ord {
            Ordering::Less => return 0,
            Ordering::Equal => stab += 1,
            Ordering::Greater => {}
        }
    }
    8 / stab
}

/// The smallest of the 8 images of `p` (the canonical representative).
#[cfg(test)]
pub(super) fn canonical(p: &[u8]) -> Vec<u8> {
    let n = p.len();
    let mut inv = vec![0u8; n];
    for (i, &x) in p.iter().enumerate() {
        inv[usize::from(x)] = i as u8;
    }
    (0..8u8)
        .map(|g| {
            let src = if g & 4 != 0 { &inv } else { p };
            (0..n)
                .map(|i| {
                    let x = if g & 2 != 0 { src[n - 1 - i] } else { src[i] };
                    if g & 1 != 0 { (n - 1) as u8 - x } else { x }
                })
                .collect::<Vec<u8>>()
        })
        .min()
        .unwrap_or_default()
}
