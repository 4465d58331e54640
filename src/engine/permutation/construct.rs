//! One N-queens solution for any n by an explicit construction, and an O(n)
//! verifier.
//!
//! ```
//! use placer::engine::permutation::construct::{construct, verify};
//! let cols = construct(8).unwrap(); // 0-based column per row
//! assert!(verify(&cols));
//! assert_eq!(construct(3), None);
//! ```

/// From this size on, `--first` on plain N-queens gives [`construct`]'s
/// solution instead of searching: the row-order search for the first
/// solution takes 0.2 s at n = 22 and minutes from n = 30.
pub const CONSTRUCT_FROM: usize = 22;

/// One N-queens solution (the 0-based column of each row's queen), or
/// `None` when there is none (n = 2, 3). O(n), by the classic n mod 6 cases.
pub fn construct(n: usize) -> Option<Vec<usize>> {
    match n {
        0 => return Some(Vec::new()),
        1 => return Some(vec![0]),
        2 | 3 => return None,
        _ => {}
    }
    // 1-based columns first, as in the textbook statement.
    let evens = (2..=n).step_by(2);
    let odds = (1..=n).step_by(2);
    let cols: Vec<usize> = match n % 6 {
        // evens, then odds with 1 and 3 swapped and 5 moved to the end
        2 => evens
            .chain([3, 1])
            .chain((7..=n).step_by(2))
            .chain([5])
            .collect(),
        // evens with 2 moved to the end, then odds with 1, 3 moved to the end
        3 => (4..=n)
            .step_by(2)
            .chain([2])
            .chain((5..=n).step_by(2))
            .chain([1, 3])
            .collect(),
        _ => evens.chain(odds).collect(),
    };
    Some(cols.into_iter().map(|c| c - 1).collect())
}

/// True when `cols` (the 0-based column of each row's queen) places n
/// non-attacking queens on an n×n board. O(n) with occupancy arrays.
pub fn verify(cols: &[usize]) -> bool {
    let n = cols.len();
    let mut col = vec![false; n];
    let mut diag = vec![false; 2 * n];
    let mut anti = vec![false; 2 * n];
    for (row, &c) in cols.iter().enumerate() {
        if c >= n {
            return false;
        }
        let (d, a) = (row + n - c, row + c);
        if col[c] || diag[d] || anti[a] {
            return false;
        }
        col[c] = true;
        diag[d] = true;
        anti[a] = true;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_n_up_to_300() {
        for n in 0..=300 {
            match construct(n) {
                Some(cols) => {
                    assert_eq!(cols.len(), n);
                    assert!(verify(&cols), "n = {n}: {cols:?}");
                }
                None => assert!(n == 2 || n == 3, "n = {n} has solutions"),
            }
        }
    }

    #[test]
    fn huge_boards() {
        for n in [1_000_000, 1_000_001, 999_998, 999_999, 1_000_003, 1_000_004] {
            let cols = construct(n).unwrap();
            assert_eq!(cols.len(), n);
            assert!(verify(&cols), "n = {n}");
        }
    }

    #[test]
    fn verify_rejects() {
        assert!(!verify(&[0, 1]));
        assert!(!verify(&[0, 0]));
        assert!(!verify(&[1, 3, 0, 4]));
        assert!(!verify(&[1, 3, 0, 2, 7]));
        assert!(verify(&[1, 3, 0, 2]));
        assert!(verify(&[]));
    }
}
