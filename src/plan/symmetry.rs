//! The symmetries of a board that map a problem's rules onto themselves: the
//! 8 of the square (4 of a rectangle), kept when holes, givens, regions,
//! groups and attacks are all invariant.

use crate::problem::Problem;

/// One of the 8 symmetries of the square, as a map of (row, col).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transform {
    /// Leaves every cell in place.
    Identity,
    /// Quarter turn clockwise.
    Rotate90,
    /// Half turn.
    Rotate180,
    /// Quarter turn anticlockwise.
    Rotate270,
    /// Mirror left–right.
    FlipColumns,
    /// Mirror top–bottom.
    FlipRows,
    /// Mirror in the `\` diagonal.
    Transpose,
    /// Mirror in the `/` diagonal.
    AntiTranspose,
}

impl Transform {
    /// The transform in a few words, for people.
    pub fn words(self) -> &'static str {
        match self {
            Transform::Identity => "identity",
            Transform::Rotate90 => "quarter turn",
            Transform::Rotate180 => "half turn",
            Transform::Rotate270 => "three-quarter turn",
            Transform::FlipColumns => "left-right mirror",
            Transform::FlipRows => "top-bottom mirror",
            Transform::Transpose => "mirror in the \\ diagonal",
            Transform::AntiTranspose => "mirror in the / diagonal",
        }
    }

    /// All 8.
    pub const ALL: [Transform; 8] = [
        Transform::Identity,
        Transform::Rotate90,
        Transform::Rotate180,
        Transform::Rotate270,
        Transform::FlipColumns,
        Transform::FlipRows,
        Transform::Transpose,
        Transform::AntiTranspose,
    ];

    /// Whether the transform swaps rows and columns (needs a square board).
    pub fn swaps_axes(self) -> bool {
        matches!(
            self,
            Transform::Rotate90
                | Transform::Rotate270
                | Transform::Transpose
                | Transform::AntiTranspose
        )
    }

    /// Whether it maps `\` diagonals to `/` diagonals.
    pub fn swaps_diagonals(self) -> bool {
        matches!(
            self,
            Transform::Rotate90
                | Transform::Rotate270
                | Transform::FlipColumns
                | Transform::FlipRows
        )
    }

    /// Where (row, col) goes on a rows × cols board.
    pub fn apply(self, rows: usize, cols: usize, r: usize, c: usize) -> (usize, usize) {
        let (lr, lc) = (rows - 1, cols - 1);
        match self {
            Transform::Identity => (r, c),
            Transform::Rotate90 => (c, lr - r),
            Transform::Rotate180 => (lr - r, lc - c),
            Transform::Rotate270 => (lc - c, r),
            Transform::FlipColumns => (r, lc - c),
            Transform::FlipRows => (lr - r, c),
            Transform::Transpose => (c, r),
            Transform::AntiTranspose => (lc - c, lr - r),
        }
    }
}

/// The symmetry group of a problem: the transforms that map it onto itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symmetry {
    /// The transforms, identity first.
    pub transforms: Vec<Transform>,
    /// For each transform, where each cell goes.
    pub maps: Vec<Vec<usize>>,
}

impl Symmetry {
    /// Finds the transforms that keep the problem's rules.
    pub fn of(p: &Problem) -> Symmetry {
        let mut transforms = Vec::new();
        let mut maps = Vec::new();
        for t in Transform::ALL {
            if t.swaps_axes() && p.rows != p.cols {
                continue;
            }
            let map: Vec<usize> = (0..p.cells())
                .map(|cell| {
                    let (r, c) = p.coords(cell);
                    let (r2, c2) = t.apply(p.rows, p.cols, r, c);
                    p.cell(r2, c2)
                })
                .collect();
            if keeps(p, t, &map) {
                transforms.push(t);
                maps.push(map);
            }
        }
        Symmetry { transforms, maps }
    }

    /// The group's order: 1, 2, 4 or 8.
    pub fn order(&self) -> usize {
        self.transforms.len()
    }

    /// Whether `cells` (sorted) is the least of its images, so the one that
    /// represents its class.
    pub fn is_canonical(&self, cells: &[usize]) -> bool {
        let mut image = Vec::with_capacity(cells.len());
        self.maps.iter().skip(1).all(|map| {
            image.clear();
            image.extend(cells.iter().map(|&c| map[c]));
            image.sort_unstable();
            image.as_slice() >= cells
        })
    }

    /// A few words for `placer check`.
    pub fn describe(&self) -> String {
        match self.order() {
            8 => "all 8 symmetries of the square".into(),
            1 => "none (identity only)".into(),
            n => {
                let names: Vec<String> = self.transforms[1..]
                    .iter()
                    .map(|t| t.words().to_string())
                    .collect();
                format!("{n} ({})", names.join(", "))
            }
        }
    }
}

/// Whether transform `t` (as the cell `map`) keeps the problem.
fn keeps(p: &Problem, t: Transform, map: &[usize]) -> bool {
    let lines = p.piece.lines;
    // Lines and leaps: leaps are closed under all 8 mirror images, rows and
    // columns swap under axis-swapping transforms, `\` and `/` under the rest.
    if t.swaps_axes() && lines.row != lines.column {
        return false;
    }
    if t.swaps_diagonals() && lines.diagonal != lines.anti_diagonal {
        return false;
    }
    let cells = 0..p.cells();
    if cells.clone().any(|c| p.holes[c] != p.holes[map[c]]) {
        return false;
    }
    if let Some(values) = &p.values
        && cells.clone().any(|c| values[c] != values[map[c]])
    {
        return false;
    }
    let mut givens: Vec<usize> = p.givens.iter().map(|&g| map[g]).collect();
    givens.sort_unstable();
    if givens != p.givens {
        return false;
    }
    if let Some(regions) = &p.regions {
        // The partition must be kept; labels may move.
        let mut to = vec![None; regions.names.len()];
        for c in cells.clone() {
            match (regions.of_cell[c], regions.of_cell[map[c]]) {
                (Some(a), Some(b)) => match to[a] {
                    None => to[a] = Some(b),
                    Some(x) if x == b => {}
                    Some(_) => return false,
                },
                (None, None) => {}
                _ => return false,
            }
        }
    }
    constraints(p, |c| c) == constraints(p, |c| map[c])
}

/// The groups as a sorted list of (cells, min, max), with cells moved by `f`.
fn constraints(p: &Problem, f: impl Fn(usize) -> usize) -> Vec<(Vec<usize>, usize, usize)> {
    let mut out = Vec::new();
    for g in &p.groups {
        let mut members = vec![Vec::new(); p.group_count(g.family)];
        for cell in 0..p.cells() {
            if let Some(k) = p.group_of(g.family, cell) {
                members[k].push(f(cell));
            }
        }
        for mut m in members {
            m.sort_unstable();
            out.push((m, g.min, g.max));
        }
    }
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Bindings;
    use crate::spec::{RuleSpec, builtin};

    fn problem(name: &str, n: i64) -> Problem {
        let spec = RuleSpec::parse(name, builtin(name).unwrap().text).unwrap();
        let mut set = vec![("n".to_string(), n)];
        if name == "kings" {
            set.push(("count".to_string(), n));
        }
        Problem::bind(
            &spec,
            &Bindings {
                set,
                ..Bindings::default()
            },
        )
        .unwrap()
    }

    /// The analytic line check agrees with the attack relation itself.
    #[test]
    fn kept_transforms_keep_every_attack() {
        for name in [
            "queens",
            "rooks",
            "bishops",
            "kings",
            "superqueens",
            "torus-queens",
            "hertzsprung",
        ] {
            for n in 2..=6 {
                let p = problem(name, n);
                let sym = Symmetry::of(&p);
                for map in &sym.maps {
                    for a in 0..p.cells() {
                        for b in 0..p.cells() {
                            if a != b {
                                assert_eq!(
                                    p.attacks(a, b),
                                    p.attacks(map[a], map[b]),
                                    "{name} {n}"
                                );
                            }
                        }
                    }
                }
                assert_eq!(sym.order(), 8, "{name} {n}");
            }
        }
    }

    #[test]
    fn one_diagonal_family_halves_the_group() {
        let spec = RuleSpec::parse("x", "name = \"x\"\n[board]\nrows = 4\n[piece]\nlines = [\"row\", \"column\", \"diagonal\"]\n").unwrap();
        let p = Problem::bind(&spec, &Bindings::default()).unwrap();
        let sym = Symmetry::of(&p);
        assert_eq!(
            sym.transforms,
            [
                Transform::Identity,
                Transform::Rotate180,
                Transform::Transpose,
                Transform::AntiTranspose
            ]
        );
    }
}
