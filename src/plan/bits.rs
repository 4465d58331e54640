//! [`Bits`], a set of columns of one board row as a fixed number of 64-bit
//! words: the bitboard the plan and the walkers do their set algebra with.
//!
//! The width is a const parameter, so a walker compiled for `Bits<1>` (boards
//! of at most 64 columns) works on a single `u64` exactly as a hand-written
//! one would, and wider boards get their own copy of the same code. The
//! supported widths are [`WIDTHS`]; [`words_for`] picks one for a board.
//!
//! ```
//! use placer::plan::Bits;
//!
//! let a = Bits::<2>::from_iter([3, 64, 100]);
//! let b = Bits::<2>::from_iter([64, 5]);
//! assert_eq!((a & b).iter().collect::<Vec<_>>(), [64]);
//! assert_eq!((a | b).len(), 4);
//! assert_eq!(a.lowest(), Some(3));
//! assert!(a.contains(100) && !a.contains(99));
//! assert_eq!((a - b).to_string(), "{3, 100}");
//! assert_eq!(Bits::<1>::from_iter([0, 2]).subsets().count(), 4);
//! ```

use std::fmt;
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

/// The word counts a board row can have: up to 16 × 64 = 1024 columns.
pub const WIDTHS: [usize; 5] = [1, 2, 4, 8, 16];

/// The most columns a [`Bits`] of the widest kind holds.
pub const MAX_COLUMNS: usize = 64 * WIDTHS[WIDTHS.len() - 1];

/// The words per row for a board of `cols` columns: the least of [`WIDTHS`]
/// that holds them, or `None` past [`MAX_COLUMNS`].
pub fn words_for(cols: usize) -> Option<usize> {
    WIDTHS.into_iter().find(|w| w * 64 >= cols)
}

/// Runs `$body` with the const `$W` the narrowest of [`WIDTHS`] that holds
/// `$words` words (`by_width!(words, W => f::<W, N>(x))`), or calls
/// `f::<W>(args)` (`by_width!(words, f(args))`): the one place a width is
/// dispatched, so each width runs compiled for its own `Bits<W>`.
macro_rules! by_width {
    ($words:expr, $W:ident => $body:expr) => {
        match $words {
            0 | 1 => {
                const $W: usize = 1;
                $body
            }
            2 => {
                const $W: usize = 2;
                $body
            }
            3 | 4 => {
                const $W: usize = 4;
                $body
            }
            5..=8 => {
                const $W: usize = 8;
                $body
            }
            _ => {
                const $W: usize = 16;
                $body
            }
        }
    };
    ($words:expr, $f:ident($($arg:expr),*)) => {
        $crate::plan::by_width!($words, W => $f::<W>($($arg),*))
    };
}

pub(crate) use by_width;

/// A set of columns `0..64 * W`: bit `c % 64` of word `c / 64` is column `c`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bits<const W: usize>(pub [u64; W]);

impl<const W: usize> Default for Bits<W> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const W: usize> fmt::Debug for Bits<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// The columns as a set, `{3, 64, 100}`.
impl<const W: usize> fmt::Display for Bits<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

impl<const W: usize> Bits<W> {
    /// No columns.
    pub const EMPTY: Self = Bits([0; W]);

    /// Columns `0..n` (all `64 * W` when `n` is larger).
    #[inline]
    pub fn below(n: usize) -> Self {
        let mut words = [0; W];
        for (i, w) in words.iter_mut().enumerate() {
            let lo = i * 64;
            *w = match n.saturating_sub(lo) {
                0 => 0,
                k if k >= 64 => !0,
                k => (1 << k) - 1,
            };
        }
        Bits(words)
    }

    /// The columns after `c`: `c + 1..`.
    #[inline]
    pub fn above(c: usize) -> Self {
        !Self::below(c + 1)
    }

    /// The one column `c`.
    #[inline]
    pub fn single(c: usize) -> Self {
        let mut b = Self::EMPTY;
        b.insert(c);
        b
    }

    /// Reads the set from its words, as stored in a plan's flat tables.
    #[inline]
    pub fn load(words: &[u64]) -> Self {
        let mut b = Self::EMPTY;
        b.0.copy_from_slice(&words[..W]);
        b
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The number of columns in the set.
    #[inline]
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether column `c` is in the set.
    #[inline]
    pub fn contains(&self, c: usize) -> bool {
        c < 64 * W && self.0[c / 64] >> (c % 64) & 1 == 1
    }

    /// Adds column `c` (which must be below `64 * W`).
    #[inline]
    pub fn insert(&mut self, c: usize) {
        self.0[c / 64] |= 1 << (c % 64);
    }

    /// Removes column `c`.
    #[inline]
    pub fn remove(&mut self, c: usize) {
        if c < 64 * W {
            self.0[c / 64] &= !(1 << (c % 64));
        }
    }

    /// The lowest column in the set.
    #[inline]
    pub fn lowest(&self) -> Option<usize> {
        self.0
            .iter()
            .position(|&w| w != 0)
            .map(|i| i * 64 + self.0[i].trailing_zeros() as usize)
    }

    /// Removes and returns the lowest column.
    #[inline]
    pub fn pop_lowest(&mut self) -> Option<usize> {
        let i = self.0.iter().position(|&w| w != 0)?;
        let w = self.0[i];
        self.0[i] = w & (w - 1);
        Some(i * 64 + w.trailing_zeros() as usize)
    }

    /// The columns in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        let mut rest = *self;
        std::iter::from_fn(move || rest.pop_lowest())
    }

    /// Every subset of the set, the empty one first and the set itself
    /// last, in increasing order as numbers (the carry-rippler walk: the
    /// next subset is `(s - set) & set` in two's complement across words).
    pub fn subsets(self) -> impl Iterator<Item = Self> {
        let mut next = Some(Self::EMPTY);
        std::iter::from_fn(move || {
            let now = next?;
            next = (now != self).then(|| {
                // now + !set + 1, masked by set: the carry skips the
                // columns outside the set.
                let mut out = [0; W];
                let mut carry = 1u64;
                for (i, o) in out.iter_mut().enumerate() {
                    let (a, c1) = now.0[i].overflowing_add(!self.0[i]);
                    let (b, c2) = a.overflowing_add(carry);
                    *o = b & self.0[i];
                    carry = u64::from(c1 || c2);
                }
                Bits(out)
            });
            Some(now)
        })
    }
}

impl<const W: usize> FromIterator<usize> for Bits<W> {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
        let mut b = Self::EMPTY;
        for c in iter {
            b.insert(c);
        }
        b
    }
}

macro_rules! word_op {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $op:tt) => {
        impl<const W: usize> $assign for Bits<W> {
            #[inline]
            fn $assign_method(&mut self, o: Self) {
                for (a, b) in self.0.iter_mut().zip(o.0) {
                    *a $op b;
                }
            }
        }
        impl<const W: usize> $trait for Bits<W> {
            type Output = Self;
            #[inline]
            fn $method(mut self, o: Self) -> Self {
                self.$assign_method(o);
                self
            }
        }
    };
}

word_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &=);
word_op!(BitOr, bitor, BitOrAssign, bitor_assign, |=);
word_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^=);

/// The columns of the left set that the right one lacks.
impl<const W: usize> SubAssign for Bits<W> {
    #[inline]
    fn sub_assign(&mut self, o: Self) {
        for (a, b) in self.0.iter_mut().zip(o.0) {
            *a &= !b;
        }
    }
}

impl<const W: usize> Sub for Bits<W> {
    type Output = Self;
    #[inline]
    fn sub(mut self, o: Self) -> Self {
        self -= o;
        self
    }
}

impl<const W: usize> Not for Bits<W> {
    type Output = Self;
    #[inline]
    fn not(mut self) -> Self {
        for w in &mut self.0 {
            *w = !*w;
        }
        self
    }
}

/// A table of board rows, each a [`Bits`] of `words` words, stored flat:
/// the plan's per-row sets (free cells, the givens' attacks, a group's
/// cells), read as `Bits<W>` by code compiled for the plan's width.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct BitRows {
    words: usize,
    data: Vec<u64>,
}

impl BitRows {
    /// `rows` empty rows of `words` words each.
    pub(crate) fn new(rows: usize, words: usize) -> Self {
        BitRows {
            words,
            data: vec![0; rows * words],
        }
    }

    /// How many rows.
    pub(crate) fn len(&self) -> usize {
        self.data.len() / self.words.max(1)
    }

    /// Row `r` (`W` must be the table's words per row).
    #[inline]
    pub(crate) fn row<const W: usize>(&self, r: usize) -> Bits<W> {
        debug_assert_eq!(W, self.words);
        Bits::load(&self.data[r * W..])
    }

    /// Row `r`'s words.
    pub(crate) fn words(&self, r: usize) -> &[u64] {
        &self.data[r * self.words..(r + 1) * self.words]
    }

    /// Row `r`'s words, to change.
    pub(crate) fn words_mut(&mut self, r: usize) -> &mut [u64] {
        &mut self.data[r * self.words..(r + 1) * self.words]
    }

    /// Adds column `c` to row `r`.
    pub(crate) fn insert(&mut self, r: usize, c: usize) {
        self.data[r * self.words + c / 64] |= 1 << (c % 64);
    }

    /// Whether row `r` holds column `c`.
    pub(crate) fn contains(&self, r: usize, c: usize) -> bool {
        self.data[r * self.words + c / 64] >> (c % 64) & 1 == 1
    }

    /// Takes away from every row the same row of `other`.
    pub(crate) fn remove_all(&mut self, other: &BitRows) {
        for (a, b) in self.data.iter_mut().zip(&other.data) {
            *a &= !b;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    fn model<const W: usize>(b: Bits<W>) -> BTreeSet<usize> {
        (0..64 * W).filter(|&c| b.contains(c)).collect()
    }

    fn check<const W: usize>(xs: Vec<usize>, ys: Vec<usize>, c: usize) {
        let n = 64 * W;
        let xs: BTreeSet<usize> = xs.into_iter().map(|x| x % n).collect();
        let ys: BTreeSet<usize> = ys.into_iter().map(|y| y % n).collect();
        let c = c % n;
        let (a, b) = (
            xs.iter().copied().collect::<Bits<W>>(),
            ys.iter().copied().collect::<Bits<W>>(),
        );
        let all: BTreeSet<usize> = (0..n).collect();
        assert_eq!(model(a), xs);
        assert_eq!(a.iter().collect::<BTreeSet<_>>(), xs);
        assert_eq!(model(a & b), &xs & &ys);
        assert_eq!(model(a | b), &xs | &ys);
        assert_eq!(model(a ^ b), &xs ^ &ys);
        assert_eq!(model(!a), &all - &xs);
        assert_eq!(model(a - b), &xs - &ys);
        assert_eq!(a.to_string(), format!("{xs:?}"));
        assert_eq!(a.len(), xs.len());
        assert_eq!(a.is_empty(), xs.is_empty());
        assert_eq!(a.lowest(), xs.first().copied());
        assert_eq!(a.contains(c), xs.contains(&c));
        assert_eq!(model(Bits::<W>::below(c)), (0..c).collect());
        assert_eq!(model(Bits::<W>::above(c)), (c + 1..n).collect());
        let (mut ins, mut rem) = (a, a);
        ins.insert(c);
        rem.remove(c);
        let mut with = xs.clone();
        with.insert(c);
        assert_eq!(model(ins), with);
        with.remove(&c);
        assert_eq!(model(rem), with);
        let mut popped = a;
        assert_eq!(popped.pop_lowest(), xs.first().copied());
        assert_eq!(model(popped), xs.iter().skip(1).copied().collect());
        assert_eq!(Bits::<W>::load(&a.0), a);
        // Subsets of a small part of `a` (the walk is exponential): each
        // once, each inside, as many as 2^len, increasing.
        let part: Bits<W> = xs.iter().copied().take(6).collect();
        let subsets: Vec<Bits<W>> = part.subsets().collect();
        assert_eq!(subsets.len(), 1 << part.len());
        assert!(subsets.iter().all(|&s| s - part == Bits::EMPTY));
        let distinct: BTreeSet<Vec<usize>> = subsets.iter().map(|s| s.iter().collect()).collect();
        assert_eq!(distinct.len(), subsets.len());
        assert_eq!(subsets.last(), Some(&part));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// Every operation agrees with a `BTreeSet` model, at every width.
        #[test]
        fn agrees_with_a_set_model(
            xs in prop::collection::vec(0..1024usize, 0..40),
            ys in prop::collection::vec(0..1024usize, 0..40),
            c in 0..1024usize,
        ) {
            check::<1>(xs.clone(), ys.clone(), c);
            check::<2>(xs.clone(), ys.clone(), c);
            check::<4>(xs.clone(), ys.clone(), c);
            check::<8>(xs.clone(), ys.clone(), c);
            check::<16>(xs, ys, c);
        }
    }

    #[test]
    fn word_boundaries() {
        for c in [0, 62, 63, 64, 65, 126, 127, 128, 129, 1023] {
            let b = Bits::<16>::single(c);
            assert_eq!(b.iter().collect::<Vec<_>>(), [c]);
            assert_eq!(Bits::<16>::below(c).len(), c);
            assert_eq!(Bits::<16>::above(c).len(), 1023 - c);
        }
        assert!(Bits::<1>::above(63).is_empty());
        assert_eq!(Bits::<1>::below(64), Bits([!0]));
        assert_eq!(Bits::<2>::below(2000).len(), 128);
    }

    #[test]
    fn widths_cover_every_board() {
        assert_eq!(words_for(1), Some(1));
        assert_eq!(words_for(64), Some(1));
        assert_eq!(words_for(65), Some(2));
        assert_eq!(words_for(128), Some(2));
        assert_eq!(words_for(129), Some(4));
        assert_eq!(words_for(1024), Some(16));
        assert_eq!(words_for(1025), None);
        assert_eq!(MAX_COLUMNS, 1024);
    }
}
