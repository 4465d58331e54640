//! Difficulty grades: how hard the hardest technique of a puzzle's logical
//! path is.

use super::Technique;

/// A puzzle's difficulty, from the hardest technique its logical path needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Grade {
    /// Neighbours, last cells and a unit confined to one line suffice.
    Easy,
    /// Also needs pairs and triples, k units confined to k lines, or band
    /// counting.
    Medium,
    /// Also needs 2×2 capacity, the squeeze of a counted band, or a
    /// contradiction ahead (one step, a chain of easy steps, or a trial),
    /// or 2×2 blocks with one to spare.
    Hard,
    /// Logic alone does not finish: at least one guess.
    NeedsGuessing,
}

impl Grade {
    /// The grade a technique alone gives.
    pub fn of(t: Technique) -> Grade {
        match t {
            Technique::Neighbours | Technique::LastCells | Technique::Confined => Grade::Easy,
            Technique::PairsTriples | Technique::KConfined | Technique::BandCount => Grade::Medium,
            Technique::Capacity
            | Technique::BandCapacity
            | Technique::Lookahead
            | Technique::Chain
            | Technique::Trial
            | Technique::SpareBlock => Grade::Hard,
            Technique::Guess => Grade::NeedsGuessing,
        }
    }

    /// The grade of a path: that of its hardest technique (easy for none).
    pub fn of_path(techniques: impl IntoIterator<Item = Technique>) -> Grade {
        techniques
            .into_iter()
            .map(Grade::of)
            .max()
            .unwrap_or(Grade::Easy)
    }

    /// The name in output and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Grade::Easy => "easy",
            Grade::Medium => "medium",
            Grade::Hard => "hard",
            Grade::NeedsGuessing => "needs-guessing",
        }
    }
}
