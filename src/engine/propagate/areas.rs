//! The areas of band counting, enumerated once for the propagating
//! search's band rule ([`super::band`]) and the hint engine's band steps
//! (`logic::band`): for each band of at most [`WIDEST`] consecutive rows
//! (columns), not every line, two sets of open cells that need an exact
//! number of pieces:
//!
//! - the band's cells outside the regions lying wholly inside it
//!   ([`Side::Rest`]: the band needs what its lines need, those regions take
//!   what they need);
//! - the cells outside the band of the regions touching it ([`Side::Outer`]:
//!   they need what those regions need, less what the band needs, since
//!   every piece of the band lies in one of them).
//!
//! Each caller reads the lines and regions from its own state into a
//! [`Tally`] and acts on the [`Area`]s it returns, by one rule
//! ([`Area::decision`]): the search decides cells on its state, the hints
//! put the area into words. Enumerating an area's cells stays with each
//! caller, since each reads them from its own state.

use std::cell::RefCell;

/// The widest band looked at, by the search and by the hints: wider ones
/// rarely help a person, and cost.
const WIDEST: usize = 6;

/// What a line or a region still needs and holds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Count {
    /// Pieces it still needs (negative when overfull).
    pub(crate) need: i64,
    /// Its open cells.
    pub(crate) open: u32,
    /// The keys of its open cells combined by exclusive or (0 without
    /// keys): two keys combined name the open cells in one and not the
    /// other.
    pub(crate) key: u128,
}

impl Count {
    fn add(&mut self, other: Count) {
        self.need += other.need;
        self.open += other.open;
        self.key ^= other.key;
    }
}

/// Which cells of a band an area holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Side {
    /// The band's open cells outside the regions lying inside it.
    Rest,
    /// The open cells outside the band of the regions touching it.
    Outer,
}

/// One area of the band of lines `lo..=hi` (0-based along the axis).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Area {
    /// Which of the band's two sets of cells it is.
    pub(crate) side: Side,
    /// The band's first line.
    pub(crate) lo: usize,
    /// The band's last line.
    pub(crate) hi: usize,
    /// What the band's lines need.
    pub(crate) need_band: i64,
    /// What the regions inside the band ([`Side::Rest`]) or touching it
    /// ([`Side::Outer`]) need.
    pub(crate) need_regions: i64,
    /// How many regions those are ([`Tally::regions`] lists them).
    pub(crate) region_count: usize,
    /// The area's open cells.
    pub(crate) open: u32,
    /// The keys of the area's open cells combined.
    pub(crate) key: u128,
}

impl Area {
    /// The pieces the area's open cells need (negative: more than none,
    /// a contradiction).
    pub(crate) fn need(&self) -> i64 {
        match self.side {
            Side::Rest => self.need_band - self.need_regions,
            Side::Outer => self.need_regions - self.need_band,
        }
    }

    /// What the area's count decides, the one statement of the rule for
    /// the search and the hints.
    pub(crate) fn decision(&self) -> Decision {
        let need = self.need();
        if need < 0 || need > i64::from(self.open) {
            Decision::Conflict
        } else if self.open == 0 {
            Decision::Nothing
        } else if need == 0 {
            Decision::Empty
        } else if need == i64::from(self.open) {
            Decision::Fill
        } else {
            Decision::Nothing
        }
    }

    /// How many lines the band has.
    pub(crate) fn width(&self) -> usize {
        self.hi - self.lo + 1
    }
}

/// What an area's count decides ([`Area::decision`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Decision {
    /// It needs fewer than no pieces, or more than its open cells: the
    /// state has no solution.
    Conflict,
    /// It has open cells and needs no piece: they are empty.
    Empty,
    /// It needs as many pieces as it has open cells: each holds one.
    Fill,
    /// Its count alone decides nothing (its 2×2 capacity may).
    Nothing,
}

/// The lines of one axis and the regions, as band counting reads them.
/// Every open cell of a line lies in a region. The search keeps one and
/// refills it ([`Tally::refill`]), reusing its buffers.
#[derive(Debug, Clone, Default)]
pub(crate) struct Tally {
    lines: Vec<Count>,
    regions: Vec<Count>,
    /// Per region: the first and last line of its open cells.
    spans: Vec<Option<(usize, usize)>>,
    /// Per line: the regions with open cells in it, increasing.
    crossing: Vec<Vec<usize>>,
    /// Per line: the regions whose open cells end in it.
    ending: Vec<Vec<usize>>,
    /// Per region: whether it touches the band [`Tally::areas`] grows.
    touching: RefCell<Vec<bool>>,
}

impl Tally {
    /// The tally of `lines` and `regions` (each by index), where region `i`
    /// has its open cells within lines `spans[i]`, and `crosses(i, l)` says
    /// whether it has one in line `l`.
    pub(crate) fn new(
        lines: impl IntoIterator<Item = Count>,
        regions: impl IntoIterator<Item = Count>,
        spans: impl IntoIterator<Item = Option<(usize, usize)>>,
        crosses: impl Fn(usize, usize) -> bool,
    ) -> Tally {
        let mut tally = Tally::default();
        tally.refill(lines, regions, spans, crosses);
        tally
    }

    /// Makes this the tally [`Tally::new`] makes, in the buffers it has.
    pub(crate) fn refill(
        &mut self,
        lines: impl IntoIterator<Item = Count>,
        regions: impl IntoIterator<Item = Count>,
        spans: impl IntoIterator<Item = Option<(usize, usize)>>,
        crosses: impl Fn(usize, usize) -> bool,
    ) {
        self.lines.clear();
        self.lines.extend(lines);
        self.regions.clear();
        self.regions.extend(regions);
        self.spans.clear();
        self.spans.extend(spans);
        let open = |counts: &[Count]| counts.iter().map(|c| u64::from(c.open)).sum::<u64>();
        debug_assert_eq!(
            open(&self.lines),
            open(&self.regions),
            "every open cell of a line lies in a region"
        );
        let n = self.lines.len();
        for per_line in [&mut self.crossing, &mut self.ending] {
            per_line.iter_mut().for_each(Vec::clear);
            per_line.resize_with(n, Vec::new);
        }
        for (i, span) in self.spans.iter().enumerate() {
            let Some((lo, hi)) = *span else { continue };
            self.ending[hi].push(i);
            for (l, regions) in self.crossing.iter_mut().enumerate().take(hi + 1).skip(lo) {
                if crosses(i, l) {
                    regions.push(i);
                }
            }
        }
    }

    /// The first `Some` of `f` over the areas of every band, by first line,
    /// then by width (narrowest first), the band's rest before its outer
    /// cells. A band's rest is left out when it is one or two lines with no
    /// region inside (the lines themselves).
    ///
    /// A region counts as inside when its open cells all lie in the band,
    /// whatever it needs. The search calls this only on a settled state
    /// (`super::state`'s `settle` empties the open cells of a region that
    /// has its pieces), so there every region with open cells needs a piece
    /// and counting the regions inside counts the ones that need pieces, as
    /// its band rule did before the areas were shared.
    pub(crate) fn areas<T>(&self, mut f: impl FnMut(&Area) -> Option<T>) -> Option<T> {
        let n = self.lines.len();
        let mut touching = self.touching.borrow_mut();
        touching.resize(self.regions.len(), false);
        for lo in 0..n {
            touching.fill(false);
            let (mut band, mut touch, mut inside) =
                (Count::default(), Count::default(), Count::default());
            let (mut touches, mut insides) = (0, 0);
            for hi in lo..n.min(lo + WIDEST) {
                band.add(self.lines[hi]);
                for &i in &self.crossing[hi] {
                    if !touching[i] {
                        touching[i] = true;
                        touch.add(self.regions[i]);
                        touches += 1;
                    }
                }
                for &i in &self.ending[hi] {
                    if self.spans[i].is_some_and(|(first, _)| first >= lo) {
                        inside.add(self.regions[i]);
                        insides += 1;
                    }
                }
                if lo == 0 && hi + 1 == n {
                    continue;
                }
                let area = |side, regions: Count, count| Area {
                    side,
                    lo,
                    hi,
                    need_band: band.need,
                    need_regions: regions.need,
                    region_count: count,
                    open: match side {
                        Side::Rest => band.open - regions.open,
                        Side::Outer => regions.open - band.open,
                    },
                    key: band.key ^ regions.key,
                };
                if (insides > 0 || hi > lo + 1)
                    && let Some(t) = f(&area(Side::Rest, inside, insides))
                {
                    return Some(t);
                }
                if let Some(t) = f(&area(Side::Outer, touch, touches)) {
                    return Some(t);
                }
            }
        }
        None
    }

    /// Whether region `i`'s open cells all lie in lines `lo..=hi`.
    pub(crate) fn inside(&self, i: usize, lo: usize, hi: usize) -> bool {
        self.spans[i].is_some_and(|(first, last)| first >= lo && last <= hi)
    }

    /// Puts into `out` the regions of `a` (inside its band or touching it),
    /// increasing.
    pub(crate) fn regions(&self, a: &Area, out: &mut Vec<usize>) {
        out.clear();
        match a.side {
            Side::Rest => {
                out.extend((0..self.regions.len()).filter(|&i| self.inside(i, a.lo, a.hi)))
            }
            Side::Outer => {
                for l in a.lo..=a.hi {
                    out.extend_from_slice(&self.crossing[l]);
                }
                out.sort_unstable();
                out.dedup();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// The areas against a direct count of every band, on random tallies
    /// with up to twelve lines and up to 80 regions: bands of up to
    /// [`WIDEST`] lines, never every line, in the documented order.
    #[test]
    fn areas_are_every_band_counted_directly() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for _ in 0..300 {
            let n = rng.random_range(1..=12);
            let r = rng.random_range(1..=80);
            // Per region, its open cells in each line (most regions in a few).
            let mut cells = vec![vec![0u32; n]; r];
            for region in cells.iter_mut() {
                let lo = rng.random_range(0..n);
                let hi = rng.random_range(lo..n.min(lo + 4));
                for c in &mut region[lo..=hi] {
                    *c = rng.random_range(0..3);
                }
            }
            let key = |rng: &mut rand_chacha::ChaCha8Rng| rng.random::<u128>();
            let regions: Vec<Count> = (0..r)
                .map(|i| Count {
                    need: rng.random_range(0..3),
                    open: cells[i].iter().sum(),
                    key: key(&mut rng),
                })
                .collect();
            let lines: Vec<Count> = (0..n)
                .map(|l| Count {
                    need: rng.random_range(0..4),
                    open: cells.iter().map(|c| c[l]).sum(),
                    key: key(&mut rng),
                })
                .collect();
            let spans: Vec<_> = cells
                .iter()
                .map(|c| {
                    let first = c.iter().position(|&x| x > 0)?;
                    Some((first, c.iter().rposition(|&x| x > 0)?))
                })
                .collect();
            let tally = Tally::new(lines.clone(), regions.clone(), spans, |i, l| {
                cells[i][l] > 0
            });
            let mut found = Vec::new();
            tally.areas(|a| {
                found.push(*a);
                None::<()>
            });
            let mut expected = Vec::new();
            for lo in 0..n {
                for hi in lo..n.min(lo + WIDEST) {
                    if lo == 0 && hi + 1 == n {
                        continue;
                    }
                    let band = lines[lo..=hi].iter().fold(Count::default(), |mut s, &c| {
                        s.add(c);
                        s
                    });
                    let with = |keep: &dyn Fn(&[u32]) -> bool| {
                        let which: Vec<usize> = (0..r).filter(|&i| keep(&cells[i])).collect();
                        let mut sum = Count::default();
                        which.iter().for_each(|&i| sum.add(regions[i]));
                        (which, sum)
                    };
                    let (inside, sum_in) = with(&|c| {
                        c.iter().any(|&x| x > 0)
                            && c.iter()
                                .enumerate()
                                .all(|(l, &x)| x == 0 || (lo..=hi).contains(&l))
                    });
                    let (touching, sum_touch) = with(&|c| c[lo..=hi].iter().any(|&x| x > 0));
                    let area = |side, which: &[usize], sum: Count, open| Area {
                        side,
                        lo,
                        hi,
                        need_band: band.need,
                        need_regions: sum.need,
                        region_count: which.len(),
                        open,
                        key: band.key ^ sum.key,
                    };
                    let mut listed = Vec::new();
                    if !inside.is_empty() || hi > lo + 1 {
                        expected.push(area(Side::Rest, &inside, sum_in, band.open - sum_in.open));
                        tally.regions(&expected[expected.len() - 1], &mut listed);
                        assert_eq!(listed, inside);
                    }
                    let outer = sum_touch.open - band.open;
                    expected.push(area(Side::Outer, &touching, sum_touch, outer));
                    tally.regions(&expected[expected.len() - 1], &mut listed);
                    assert_eq!(listed, touching);
                }
            }
            assert_eq!(found, expected);
        }
    }
}
