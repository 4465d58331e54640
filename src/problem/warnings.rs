//! Warnings on a bound problem: what the rules allow but a person rarely
//! means (a region in two pieces, a one-cell region that makes the puzzle
//! unsolvable, a star count left at its default on a board that
//! conventionally has more). The library returns them; each front end shows
//! them its own way (the command line as `warning:` lines on stderr, Python
//! with `warnings.warn`) and goes on.

use std::fmt;

use super::model::{Family, Group, Problem};

/// Something allowed but rarely meant about a problem.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Warning {
    /// A region whose cells are not all joined edge to edge.
    Disconnected {
        /// The region's label.
        region: String,
    },
    /// A region of one cell with one other region all around it, on a board
    /// whose regions cannot all get their pieces: most likely one letter
    /// typed as another.
    SingleCell {
        /// The region's label.
        region: String,
        /// Its cell, 0-based (row, col).
        cell: (usize, usize),
        /// The label of the region around it.
        inside: String,
    },
    /// A parameter left at its default on a picture that fits another value
    /// by the published convention (Star Battle: side 10 has 2 stars, 14 has
    /// 3, 17 has 4, 21 has 5, 25 has 6).
    Default {
        /// The parameter's name (`k`).
        param: String,
        /// Its value, the default.
        value: i64,
        /// The value the convention gives.
        likely: i64,
        /// The board's side.
        side: usize,
    },
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::Disconnected { region } => write!(f, "region `{region}` is not connected"),
            Warning::SingleCell {
                region,
                cell,
                inside,
            } => write!(
                f,
                "region `{region}` is a single cell at ({},{}), inside region `{inside}`: a typo?",
                cell.0 + 1,
                cell.1 + 1
            ),
            Warning::Default { param, likely, .. } => write!(
                f,
                "{}: set {param} = {likely} if this one does",
                self.default_text()
            ),
        }
    }
}

impl Warning {
    /// What a [`Warning::Default`] says before its advice (how to set the
    /// parameter is the front end's to say); empty for other warnings.
    pub fn default_text(&self) -> String {
        match self {
            Warning::Default {
                param,
                value,
                likely,
                side,
            } => format!(
                "{param} = {value} (the default), but a {side}×{side} Star Battle usually has {likely} stars per row, column and region"
            ),
            _ => String::new(),
        }
    }
}

/// Star Battle's published convention: the stars of a board by its side.
const STARS_BY_SIDE: [(usize, i64); 5] = [(10, 2), (14, 3), (17, 4), (21, 5), (25, 6)];

impl Problem {
    /// The warnings on this problem, in the order of the picture: regions
    /// not connected, one-cell regions inside another region on a picture
    /// that cannot be solved,
    /// and a star count `k` not in `set` (the parameters the caller set)
    /// that the board's side conventionally exceeds.
    pub fn warnings(&self, set: &[(String, i64)]) -> Vec<Warning> {
        let mut out: Vec<Warning> = self
            .disconnected_regions()
            .into_iter()
            .map(|region| Warning::Disconnected { region })
            .collect();
        out.extend(self.single_cells());
        out.extend(self.default_stars(set));
        out
    }

    /// One-cell regions, when the regions cannot all get their pieces.
    fn single_cells(&self) -> Vec<Warning> {
        let Some(regions) = &self.regions else {
            return Vec::new();
        };
        if self.unmeetable().is_none() {
            return Vec::new();
        }
        let mut cells: Vec<Vec<usize>> = vec![Vec::new(); regions.names.len()];
        for cell in (0..self.cells()).filter(|&c| !self.holes[c]) {
            if let Some(r) = regions.of_cell[cell] {
                cells[r].push(cell);
            }
        }
        cells
            .iter()
            .enumerate()
            .filter_map(|(r, cs)| match cs.as_slice() {
                [cell] => Some(Warning::SingleCell {
                    region: regions.names[r].clone(),
                    cell: self.coords(*cell),
                    inside: regions.names[self.enclosing(*cell)?].clone(),
                }),
                _ => None,
            })
            .collect()
    }

    /// The one region all of `cell`'s free neighbours (edge to edge) are
    /// in, if they are all in one.
    fn enclosing(&self, cell: usize) -> Option<usize> {
        let regions = self.regions.as_ref()?;
        let (r, c) = self.coords(cell);
        let around = [(-1, 0), (1, 0), (0, -1), (0, 1)]
            .into_iter()
            .filter_map(|(dr, dc)| {
                let (r, c) = (r.checked_add_signed(dr)?, c.checked_add_signed(dc)?);
                (r < self.rows && c < self.cols).then(|| self.cell(r, c))
            })
            .filter(|&n| !self.holes[n])
            .map(|n| regions.of_cell[n]);
        let mut one = None;
        for region in around {
            match (one, region) {
                (_, None) => return None,
                (None, Some(x)) => one = Some(x),
                (Some(y), Some(x)) if x != y => return None,
                _ => {}
            }
        }
        one
    }

    /// `k` left at its default where the square board's side and regions
    /// fit another star count by the convention.
    fn default_stars(&self, set: &[(String, i64)]) -> Option<Warning> {
        let param = "k";
        let value = *self.params.get(param)?;
        let regions = self.regions.as_ref()?;
        let side = self.rows;
        let region_count =
            |g: &Group| g.family == Family::Region && g.min == g.max && g.min as i64 == value;
        if set.iter().any(|(k, _)| k == param)
            || self.cols != side
            || regions.names.len() != side
            || !self.groups.iter().any(region_count)
        {
            return None;
        }
        let (_, likely) = STARS_BY_SIDE.iter().find(|(s, _)| *s == side)?;
        (*likely != value).then(|| Warning::Default {
            param: param.to_string(),
            value,
            likely: *likely,
            side,
        })
    }
}
