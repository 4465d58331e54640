//! The packed state of the sweep: a few 64-bit words, with each live quantity
//! (an occupied cell still seen by a later leap, a group's running count, the
//! pieces placed) in a field of its own. Fields are laid out once per sweep,
//! so that two fields alive at the same time never share bits and a field's
//! bits are zero whenever it is not alive: equal states have equal keys.

/// A state key of `W` words.
pub(super) type Key<const W: usize> = [u64; W];

/// A bit field inside a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Field {
    word: u16,
    shift: u8,
    mask: u64,
}

impl Field {
    /// The field's value.
    #[inline]
    pub fn get(self, key: &[u64]) -> u64 {
        (key[self.word as usize] >> self.shift) & self.mask
    }

    /// Sets the field to `value` (which must fit).
    #[inline]
    pub fn set(self, key: &mut [u64], value: u64) {
        let w = &mut key[self.word as usize];
        *w = (*w & !(self.mask << self.shift)) | (value << self.shift);
    }
}

/// Bits needed to hold the values `0..=top`.
pub(super) fn width(top: u64) -> u32 {
    (u64::BITS - top.leading_zeros()).max(1)
}

/// Lays out fields that live over intervals of sweep positions: a field alive
/// from `start` to `end` (inclusive) takes bits no other field takes while it
/// lives, and never straddles a word.
#[derive(Debug, Default)]
pub(super) struct Layout {
    /// `free_after[bit]`: the last position at which the bit is taken.
    taken_until: Vec<i64>,
}

impl Layout {
    /// A field of `bits` bits alive from `start` to `end`. Fields must be
    /// asked for in increasing `start`.
    pub fn place(&mut self, bits: u32, start: usize, end: usize) -> Field {
        let bits = bits as usize;
        let mut offset = 0;
        loop {
            let fits_word = offset / 64 == (offset + bits - 1) / 64;
            let free = (offset..offset + bits)
                .all(|b| self.taken_until.get(b).is_none_or(|&t| t < start as i64));
            if fits_word && free {
                break;
            }
            offset += 1;
        }
        if self.taken_until.len() < offset + bits {
            self.taken_until.resize(offset + bits, -1);
        }
        for b in offset..offset + bits {
            self.taken_until[b] = end as i64;
        }
        Field {
            word: (offset / 64) as u16,
            shift: (offset % 64) as u8,
            mask: if bits == 64 {
                u64::MAX
            } else {
                (1 << bits) - 1
            },
        }
    }

    /// Words the fields laid out so far need.
    pub fn words(&self) -> usize {
        self.taken_until.len().div_ceil(64).max(1)
    }
}
