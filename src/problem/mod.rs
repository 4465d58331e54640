//! What a rule file means once its parameters are bound: the board's cells,
//! holes, givens and regions, the attack relation, and the group counts. Every
//! semantic check lives here. The brute-force [`oracle`] works on this stage.

pub mod oracle;
mod picture;

pub use picture::{Kind as PictureKind, Picture, Token};

use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::Arc;

use toml::Spanned;

use crate::error::{Diagnostic, Source};
use crate::matrix::{Labels, Matrix, Value};
use crate::spec::{Expr, GroupSpec, LeapSpec, RuleSpec};

/// Largest number of rows or columns the engine searches: a board row is a
/// bitboard of at most 16 64-bit words.
pub const MAX_SIDE: usize = 1024;

/// Most memory one search may take, in bytes: the compiled plan plus one
/// walker's stacks (a row set per board row per placed piece). Bigger
/// problems are refused when bound, not left to run out of memory.
pub const MEMORY_BUDGET: u64 = 512 << 20;

/// Errors binding a spec into a problem.
pub type ProblemError = Diagnostic;

/// A rule set with its parameters bound and checked.
#[derive(Debug, Clone)]
pub struct Problem {
    /// The rule's name.
    pub name: String,
    /// What it counts.
    pub summary: String,
    /// The parameters after `--set`.
    pub params: BTreeMap<String, i64>,
    /// Board height.
    pub rows: usize,
    /// Board width.
    pub cols: usize,
    /// Lines and leaps wrap around the edges (a torus).
    pub wrap: bool,
    /// `holes[cell]`: the cell takes no piece.
    pub holes: Vec<bool>,
    /// Pre-placed pieces, cell indices in increasing order.
    pub givens: Vec<usize>,
    /// Coloured regions, when the board has them.
    pub regions: Option<Regions>,
    /// Cell values, row-major, when the board comes from a matrix; `None` on holes.
    pub values: Option<Vec<Option<Value>>>,
    /// Row and column labels of a matrix board, when its file had them.
    pub labels: Labels,
    /// The piece and its attacks.
    pub piece: Piece,
    /// Group counts.
    pub groups: Vec<Group>,
}

/// The coloured regions of a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Regions {
    /// `of_cell[cell]`: the region's index, if the cell has one.
    pub of_cell: Vec<Option<usize>>,
    /// Each region's label as written.
    pub names: Vec<String>,
}

/// The piece: what it is called, how it is drawn, how many, how it attacks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    /// Its name.
    pub name: String,
    /// The character drawn on its cells.
    pub symbol: char,
    /// How many pieces each solution places, givens included.
    pub count: usize,
    /// Line families no two pieces share.
    pub lines: Lines,
    /// Leaps `(a, b)` with `a <= b`; all 8 mirror images attack.
    pub leaps: Vec<(usize, usize)>,
}

/// Which line families no two pieces may share.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Lines {
    /// Same row.
    pub row: bool,
    /// Same column.
    pub column: bool,
    /// Same `\` diagonal: row − col constant.
    pub diagonal: bool,
    /// Same `/` diagonal: row + col constant.
    pub anti_diagonal: bool,
}

/// A family of cell groups: each cell lies in at most one group of a family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// Each row.
    Row,
    /// Each column.
    Column,
    /// Each `\` diagonal.
    Diagonal,
    /// Each `/` diagonal.
    AntiDiagonal,
    /// Each coloured region.
    Region,
}

impl Family {
    /// Every family, in the spelling of rule files.
    pub const NAMES: [(&'static str, Family); 5] = [
        ("row", Family::Row),
        ("column", Family::Column),
        ("diagonal", Family::Diagonal),
        ("anti-diagonal", Family::AntiDiagonal),
        ("region", Family::Region),
    ];

    /// The rule-file spelling.
    pub fn name(self) -> &'static str {
        Family::NAMES
            .iter()
            .find(|(_, f)| *f == self)
            .map_or("", |(n, _)| n)
    }
}

/// How many pieces each group of a family holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Group {
    /// The family of groups.
    pub family: Family,
    /// At least this many in each group.
    pub min: usize,
    /// At most this many in each group.
    pub max: usize,
}

/// The named leaps, as `(a, b)` offsets.
pub const NAMED_LEAPS: [(&str, &[(usize, usize)]); 8] = [
    ("king", &[(0, 1), (1, 1)]),
    ("knight", &[(1, 2)]),
    ("wazir", &[(0, 1)]),
    ("ferz", &[(1, 1)]),
    ("dabbaba", &[(0, 2)]),
    ("alfil", &[(2, 2)]),
    ("camel", &[(1, 3)]),
    ("zebra", &[(2, 3)]),
];

/// What binding takes besides the spec: `--set`, `--regions`, `--cells`.
#[derive(Debug, Clone, Default)]
pub struct Bindings {
    /// Parameter overrides, in order.
    pub set: Vec<(String, i64)>,
    /// A regions picture that replaces the rule file's.
    pub regions: Option<Arc<Source>>,
    /// A cells picture that replaces the rule file's.
    pub cells: Option<Arc<Source>>,
}

impl Problem {
    /// Rooks on a matrix board: one piece in every row and no column twice
    /// (one in every column when the matrix is taller than wide), never on a hole.
    pub fn from_matrix(name: &str, m: &Matrix) -> Problem {
        let values: Vec<Option<Value>> = (0..m.rows * m.cols)
            .map(|i| m.value(i / m.cols, i % m.cols).cloned())
            .collect();
        Problem {
            name: name.to_string(),
            summary: "one value from each row, no column twice".into(),
            params: BTreeMap::new(),
            rows: m.rows,
            cols: m.cols,
            wrap: false,
            holes: values.iter().map(Option::is_none).collect(),
            givens: Vec::new(),
            regions: None,
            values: Some(values),
            labels: m.labels.clone(),
            piece: Piece {
                name: "rook".into(),
                symbol: 'R',
                count: m.rows.min(m.cols),
                lines: Lines {
                    row: true,
                    column: true,
                    diagonal: false,
                    anti_diagonal: false,
                },
                leaps: Vec::new(),
            },
            groups: Vec::new(),
        }
    }

    /// Binds a spec's parameters and checks that the rules make sense.
    pub fn bind(spec: &RuleSpec, bindings: &Bindings) -> Result<Problem, ProblemError> {
        Binder {
            spec,
            src: spec.source(),
            bindings,
        }
        .bind()
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// The cell index of a 0-based row and column.
    pub fn cell(&self, row: usize, col: usize) -> usize {
        row * self.cols + col
    }

    /// The 0-based row and column of a cell.
    pub fn coords(&self, cell: usize) -> (usize, usize) {
        (cell / self.cols, cell % self.cols)
    }

    /// Whether pieces on cells `a` and `b` attack each other (a ≠ b).
    pub fn attacks(&self, a: usize, b: usize) -> bool {
        let (ra, ca) = self.coords(a);
        let (rb, cb) = self.coords(b);
        let (dr, dc) = (rb as i64 - ra as i64, cb as i64 - ca as i64);
        let lines = self.piece.lines;
        if (lines.row && dr == 0) || (lines.column && dc == 0) {
            return true;
        }
        let g = gcd(self.rows, self.cols) as i64;
        let same_line = |x: i64| {
            if self.wrap {
                x.rem_euclid(g) == 0
            } else {
                x == 0
            }
        };
        if (lines.diagonal && same_line(dr - dc)) || (lines.anti_diagonal && same_line(dr + dc)) {
            return true;
        }
        let equal = |d: i64, e: i64, m: usize| {
            if self.wrap {
                (d - e).rem_euclid(m as i64) == 0
            } else {
                d == e
            }
        };
        self.piece.leaps.iter().any(|&(p, q)| {
            let (p, q) = (p as i64, q as i64);
            [(p, q), (q, p)].iter().any(|&(x, y)| {
                [(x, y), (x, -y), (-x, y), (-x, -y)]
                    .iter()
                    .any(|&(x, y)| equal(dr, x, self.rows) && equal(dc, y, self.cols))
            })
        })
    }

    /// The group of `family` that holds `cell`, as a number, if any.
    pub fn group_of(&self, family: Family, cell: usize) -> Option<usize> {
        let (r, c) = self.coords(cell);
        let g = gcd(self.rows, self.cols);
        Some(match family {
            Family::Row => r,
            Family::Column => c,
            Family::Diagonal if self.wrap => (r + g * self.cols - c) % g,
            Family::Diagonal => r + self.cols - 1 - c,
            Family::AntiDiagonal if self.wrap => (r + c) % g,
            Family::AntiDiagonal => r + c,
            Family::Region => return self.regions.as_ref()?.of_cell[cell],
        })
    }

    /// Regions whose cells are not all joined edge to edge: puzzles almost
    /// never mean that, so the command line warns. Each as its label.
    pub fn disconnected_regions(&self) -> Vec<String> {
        let Some(regions) = &self.regions else {
            return Vec::new();
        };
        (0..regions.names.len())
            .filter(|&index| {
                !is_connected(self.rows, self.cols, |c| regions.of_cell[c] == Some(index))
            })
            .map(|index| regions.names[index].clone())
            .collect()
    }

    /// The cells a piece on `cell` takes away, itself included, by walking its
    /// lines and leaps on the board (wrapping on a torus).
    pub fn attacked_cells(&self, cell: usize) -> Vec<(usize, usize)> {
        let p = self;
        let (rows, cols) = (p.rows as i64, p.cols as i64);
        let (r0, c0) = ((cell / p.cols) as i64, (cell % p.cols) as i64);
        let mut out = vec![(r0 as usize, c0 as usize)];
        let at = |r: i64, c: i64| -> Option<(usize, usize)> {
            if p.wrap {
                Some((r.rem_euclid(rows) as usize, c.rem_euclid(cols) as usize))
            } else if (0..rows).contains(&r) && (0..cols).contains(&c) {
                Some((r as usize, c as usize))
            } else {
                None
            }
        };
        let l = p.piece.lines;
        let steps = [
            (l.row, (0, 1)),
            (l.column, (1, 0)),
            (l.diagonal, (1, 1)),
            (l.anti_diagonal, (1, -1)),
        ];
        let longest = if p.wrap {
            rows * cols / gcd(p.rows, p.cols) as i64
        } else {
            rows.max(cols)
        };
        for (on, (dr, dc)) in steps {
            if !on {
                continue;
            }
            for sign in [1, -1] {
                for k in 1..=longest {
                    match at(r0 + sign * k * dr, c0 + sign * k * dc) {
                        Some(rc) => out.push(rc),
                        None => break,
                    }
                }
            }
        }
        for &(a, b) in &p.piece.leaps {
            let (a, b) = (a as i64, b as i64);
            for (x, y) in [(a, b), (b, a)] {
                for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    if let Some(rc) = at(r0 + sx * x, c0 + sy * y) {
                        out.push(rc);
                    }
                }
            }
        }
        out
    }

    /// Why no placement can meet the rules, when simple counting shows it: more
    /// pieces than free cells, a group minimum its free cells cannot hold, a
    /// piece count the groups or lines cannot take. Such rules are not wrong,
    /// they just have no solution: counts are 0 (see docs/COUNTING.md).
    pub fn unmeetable(&self) -> Option<String> {
        let count = self.piece.count;
        let free = self.holes.iter().filter(|h| !**h).count();
        if count > free {
            return Some(format!(
                "piece.count is {count}, but the board has {free} free cells"
            ));
        }
        let mut families: Vec<(Family, usize, usize)> = self
            .groups
            .iter()
            .map(|g| (g.family, g.min, g.max))
            .collect();
        if self.piece.lines.row {
            families.push((Family::Row, 0, 1));
        }
        if self.piece.lines.column {
            families.push((Family::Column, 0, 1));
        }
        families.into_iter().find_map(|(family, min, max)| {
            let groups = self.group_count(family);
            let mut size = vec![0usize; groups];
            let mut outside = 0;
            for cell in (0..self.cells()).filter(|&c| !self.holes[c]) {
                match self.group_of(family, cell) {
                    Some(g) => size[g] += 1,
                    None => outside += 1,
                }
            }
            let what = family.name();
            if let Some(g) = size.iter().position(|&s| s < min) {
                let name = match (&self.regions, family) {
                    (Some(r), Family::Region) => format!("region `{}`", r.names[g]),
                    _ => format!("{what} {}", g + 1),
                };
                return Some(format!(
                    "each {what} needs at least {min} piece{}, but {name} has only {} free cell{}",
                    plural(min),
                    size[g],
                    plural(size[g])
                ));
            }
            let low = min.saturating_mul(groups);
            let high = size.iter().map(|&s| s.min(max)).sum::<usize>() + outside;
            if count < low {
                Some(format!(
                    "piece.count is {count}, but {groups} {what}s need at least {min} each, {low} in all"
                ))
            } else if count > high {
                Some(format!(
                    "piece.count is {count}, but the {what}s hold at most {high} piece{} in all",
                    plural(high)
                ))
            } else {
                None
            }
        })
    }

    /// How many groups `family` has on this board.
    pub fn group_count(&self, family: Family) -> usize {
        (0..self.cells())
            .filter_map(|cell| self.group_of(family, cell))
            .max()
            .map_or(0, |m| m + 1)
    }
}

/// The cells next to `cell`, edge to edge, on a rows × cols board.
pub fn neighbours(rows: usize, cols: usize, cell: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / cols, cell % cols);
    [
        (r.wrapping_sub(1), c),
        (r + 1, c),
        (r, c.wrapping_sub(1)),
        (r, c + 1),
    ]
    .into_iter()
    .filter(move |&(r, c)| r < rows && c < cols)
    .map(move |(r, c)| r * cols + c)
}

/// Whether the cells with `member` form one edge-connected piece (false when
/// there are none).
pub fn is_connected(rows: usize, cols: usize, member: impl Fn(usize) -> bool) -> bool {
    let cells = rows * cols;
    let Some(start) = (0..cells).find(|&c| member(c)) else {
        return false;
    };
    let mut seen = vec![false; cells];
    let mut stack = vec![start];
    seen[start] = true;
    let mut reached = 1;
    while let Some(c) = stack.pop() {
        for n in neighbours(rows, cols, c) {
            if member(n) && !seen[n] {
                seen[n] = true;
                reached += 1;
                stack.push(n);
            }
        }
    }
    reached == (0..cells).filter(|&c| member(c)).count()
}

/// What a search of a problem takes in memory, in bytes (estimated from the
/// board, as the plan stage lays it out).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Memory {
    /// The compiled plan: attack tables, group masks, symmetry maps.
    pub plan: u64,
    /// One walker's stacks: every thread that counts has its own.
    pub walker: u64,
}

impl Problem {
    /// The memory a search of this problem takes, estimated from above.
    pub fn memory(&self) -> Memory {
        let (rows, cols, cells) = (self.rows as u64, self.cols as u64, self.cells() as u64);
        let row_bytes = 8 * (cols.div_ceil(64).next_power_of_two());
        let board = rows * row_bytes;
        let pieces = self
            .piece
            .count
            .saturating_sub(self.givens.len())
            .min(self.cells()) as u64;
        // Group masks: each instance spans at most every row; rows and columns
        // that must hold one piece each may be added as groups.
        let instances: u64 = if self.groups.is_empty() {
            0
        } else {
            let families = self
                .groups
                .iter()
                .map(|g| self.group_count(g.family) as u64);
            families.sum::<u64>() + rows + cols
        };
        // The plan keeps a dense attack table only up to 8 MiB.
        let dense = (cells * board).min(8 << 20);
        // Symmetry maps: up to 8 of a word per cell; the problem's and the
        // plan's per-cell vectors: well under 64 bytes a cell.
        let plan = dense + instances * board + 8 * 8 * cells + 64 * cells;
        // The unit walker (groups, or `--first` on one-per-row rules) keeps two.
        let lines = self.piece.lines;
        let units = (lines.row && self.piece.count == self.rows)
            || (lines.column && self.piece.count == self.cols);
        let stacks = if self.groups.is_empty() && !units {
            1
        } else {
            2
        };
        Memory {
            plan: plan + 4 * board,
            walker: (pieces + 1).saturating_mul(board).saturating_mul(stacks),
        }
    }
}

/// Greatest common divisor.
pub fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

struct Binder<'a> {
    spec: &'a RuleSpec,
    src: Arc<Source>,
    bindings: &'a Bindings,
}

impl Binder<'_> {
    fn at(&self, message: impl Into<String>, span: Range<usize>) -> Diagnostic {
        Diagnostic::at(message, &self.src, Some(span))
    }

    fn eval(
        &self,
        what: &str,
        expr: &Spanned<Expr>,
        vars: &BTreeMap<String, i64>,
    ) -> Result<i64, Diagnostic> {
        expr.get_ref().eval(vars).map_err(|e| {
            // Point inside the string when the text sits verbatim in the file.
            let span = expr.span();
            let inner = match expr.get_ref() {
                Expr::Text(t)
                    if self.src.text.get(span.start + 1..span.end - 1) == Some(t.as_str()) =>
                {
                    span.start + 1 + e.at.start..span.start + 1 + e.at.end.max(e.at.start + 1)
                }
                _ => span,
            };
            let d = self.at(format!("{what}: {}", e.message), inner);
            match e.unknown {
                Some(_) if vars.is_empty() => {
                    d.with_help("this rule has no parameters: add them under [params]")
                }
                Some(name) => {
                    let names: Vec<&str> = vars.keys().map(String::as_str).collect();
                    d.with_suggestion(&name, names.iter().copied())
                }
                None => d,
            }
        })
    }

    /// The params after `--set`: literals first, then the expressions over
    /// them (`count = "n"`), in whatever order their references allow.
    fn params(&self) -> Result<BTreeMap<String, i64>, Diagnostic> {
        let spec = self.spec;
        let mut params = BTreeMap::new();
        for (key, value) in &self.bindings.set {
            if !spec.params.contains_key(key) {
                let names: Vec<&str> = spec.params.keys().map(String::as_str).collect();
                let d = Diagnostic::new(format!(
                    "`{}` has no parameter `{key}`",
                    spec.name.get_ref()
                ));
                return Err(if names.is_empty() {
                    d.with_help("this rule has no parameters")
                } else {
                    d.with_suggestion(key, names.iter().copied())
                });
            }
            params.insert(key.clone(), *value);
        }
        let mut pending: Vec<(&String, &Spanned<Expr>)> = spec
            .params
            .iter()
            .filter(|(k, _)| !params.contains_key(*k))
            .collect();
        while !pending.is_empty() {
            let before = pending.len();
            let mut failed = None;
            pending.retain(|&(key, expr)| match expr.get_ref().eval(&params) {
                Ok(v) => {
                    params.insert(key.clone(), v);
                    false
                }
                Err(e) => {
                    failed.get_or_insert((key, expr, e));
                    true
                }
            });
            if pending.len() == before {
                let (key, expr, e) = failed.expect("a pending param failed");
                let waiting = e
                    .unknown
                    .as_ref()
                    .is_some_and(|u| spec.params.contains_key(u));
                if waiting {
                    return Err(self
                        .at(
                            format!("params.{key}: the params refer to each other in a circle"),
                            expr.span(),
                        )
                        .with_help("give one of them an integer value"));
                }
                return Err(match self.eval(&format!("params.{key}"), expr, &params) {
                    Err(d) => d,
                    Ok(_) => self.at(format!("params.{key}: {}", e.message), expr.span()),
                });
            }
        }
        Ok(params)
    }

    fn bind(&self) -> Result<Problem, Diagnostic> {
        let spec = self.spec;
        let params = self.params()?;

        let regions_pic = self.picture(
            &spec.board.regions,
            &self.bindings.regions,
            PictureKind::Regions,
        )?;
        let cells_pic =
            self.picture(&spec.board.cells, &self.bindings.cells, PictureKind::Cells)?;
        let matrix = self.matrix()?;
        let (rows, cols) = match (&matrix, &spec.board.rows, &regions_pic, &cells_pic) {
            (Some(m), None, None, None) => self.matrix_size(m)?,
            _ => self.size(&params, [&regions_pic, &cells_pic])?,
        };
        if let Some(m) = &matrix {
            if (m.rows, m.cols) != (rows, cols) {
                return Err(self.at(
                    format!(
                        "the matrix is {}×{}, but the board is {rows}×{cols}",
                        m.rows, m.cols
                    ),
                    spec.board.matrix.as_ref().map_or(0..0, Spanned::span),
                ));
            }
        }
        let n = rows * cols;

        let mut vars = params.clone();
        vars.insert("rows".into(), rows as i64);
        vars.insert("cols".into(), cols as i64);

        let symbol = self.symbol()?;
        let mut holes = vec![false; n];
        let values = matrix.map(|m| {
            (0..n)
                .map(|i| m.value(i / cols, i % cols).cloned())
                .collect::<Vec<_>>()
        });
        if let Some(values) = &values {
            for (hole, v) in holes.iter_mut().zip(values) {
                *hole |= v.is_none();
            }
        }
        let mut givens = Vec::new();
        for spanned in spec.board.holes.iter().flatten() {
            let pair = spanned.get_ref();
            let bad = || {
                self.at("a hole must be [row, col]", spanned.span())
                    .with_help(format!("rows are 1..={rows}, columns 1..={cols}"))
            };
            if pair.len() != 2 {
                return Err(bad());
            }
            let (r, c) = (*pair[0].get_ref(), *pair[1].get_ref());
            if !(1..=rows as i64).contains(&r) || !(1..=cols as i64).contains(&c) {
                return Err(self
                    .at(
                        format!("hole [{r}, {c}] is off the {rows}×{cols} board"),
                        spanned.span(),
                    )
                    .with_help(format!("rows are 1..={rows}, columns 1..={cols}")));
            }
            holes[(r as usize - 1) * cols + c as usize - 1] = true;
        }
        let mut given_spans = BTreeMap::new();
        if let Some(pic) = &cells_pic {
            for (r, row) in pic.rows.iter().enumerate() {
                for (c, tok) in row.iter().enumerate() {
                    let cell = r * cols + c;
                    match tok.text.chars().next() {
                        Some('.') => {}
                        Some('#') => holes[cell] = true,
                        Some(ch) if ch == symbol => {
                            givens.push(cell);
                            given_spans.insert(cell, (pic.source.clone(), tok.span.clone()));
                        }
                        _ => {
                            return Err(Diagnostic::at(
                                format!("unknown cell `{}` in the cells picture", tok.text),
                                &pic.source,
                                Some(tok.span.clone()),
                            )
                            .with_help(format!("use `.` for a free cell, `#` for a hole, `{symbol}` for a given piece")));
                        }
                    }
                }
            }
        }
        let regions = regions_pic
            .as_ref()
            .map(|pic| self.regions(pic, &mut holes, &mut givens, &mut given_spans));
        givens.sort_unstable();
        givens.dedup();
        for &g in &givens {
            if holes[g] {
                let (source, span) = &given_spans[&g];
                return Err(Diagnostic::at(
                    format!(
                        "the given piece at ({}, {}) stands on a hole",
                        g / cols + 1,
                        g % cols + 1
                    ),
                    source,
                    Some(span.clone()),
                ));
            }
        }

        let lines = self.lines()?;
        let leaps = self.leaps(rows.max(cols))?;
        let default_count = Expr::Text("rows".into());
        let count = match &spec.piece.count {
            Some(e) => (self.eval("piece.count", e, &vars)?, e.span()),
            None => (default_count.eval(&vars).unwrap_or(0), 0..0),
        };
        if count.0 < 0 {
            return Err(self
                .at(
                    format!("piece.count is {}, but it must be 0 or more", count.0),
                    count.1,
                )
                .with_help("a count from 0 up to the free cells"));
        }
        let mut problem = Problem {
            name: spec.name.get_ref().clone(),
            summary: spec.summary.clone().unwrap_or_default(),
            params,
            rows,
            cols,
            wrap: spec.board.wrap,
            holes,
            givens,
            regions,
            values,
            labels: Labels::default(),
            piece: Piece {
                name: spec.piece.name.clone().unwrap_or_else(|| "piece".into()),
                symbol,
                count: count.0 as usize,
                lines,
                leaps,
            },
            groups: Vec::new(),
        };
        for g in &spec.group {
            let group = self.group(g, &vars, &problem)?;
            problem.groups.push(group);
        }
        self.check_givens(&problem, &given_spans)?;
        self.check_memory(&problem, &count.1)?;
        Ok(problem)
    }

    fn picture(
        &self,
        in_file: &Option<Spanned<String>>,
        replaced: &Option<Arc<Source>>,
        kind: PictureKind,
    ) -> Result<Option<Picture>, Diagnostic> {
        if let Some(source) = replaced {
            return Picture::read_file(source, kind).map(Some);
        }
        let Some(text) = in_file else { return Ok(None) };
        let span = text.span();
        let raw = self.src.text.get(span.clone()).unwrap_or("");
        let body = text.get_ref();
        let base = ["\"\"\"\n", "'''\n", "\"\"\"", "'''", "\"", "'"]
            .iter()
            .find(|p| raw.starts_with(*p) && raw[p.len()..].starts_with(body.as_str()))
            .map(|p| span.start + p.len());
        match base {
            Some(base) => Picture::read(&self.src, body, base, kind).map(Some),
            // Escapes make offsets unreliable: point at the whole string instead.
            None => Picture::read(
                &Source::new(self.src.name.clone(), body.clone()),
                body,
                0,
                kind,
            )
            .map(Some)
            .map_err(|mut d| {
                d.source = Some(self.src.clone());
                d.span = Some(span.clone());
                d
            }),
        }
    }

    fn size(
        &self,
        params: &BTreeMap<String, i64>,
        pictures: [&Option<Picture>; 2],
    ) -> Result<(usize, usize), Diagnostic> {
        let board = &self.spec.board;
        let side = |what: &str, e: &Spanned<Expr>| -> Result<usize, Diagnostic> {
            let v = self.eval(what, e, params)?;
            if !(1..=MAX_SIDE as i64).contains(&v) {
                return Err(self
                    .at(format!("{what} is {v}, outside the supported 1..={MAX_SIDE}"), e.span())
                    .with_help(format!("the engine searches boards up to {MAX_SIDE}×{MAX_SIDE} (a row is at most 16 words of 64 bits); check the parameters (--set)")));
            }
            Ok(v as usize)
        };
        let picture = pictures.into_iter().flatten().next();
        let (rows, cols) = match (&board.rows, picture) {
            (Some(r), _) => {
                let rows = side("board.rows", r)?;
                let cols = match &board.cols {
                    Some(c) => side("board.cols", c)?,
                    None => rows,
                };
                (rows, cols)
            }
            (None, Some(p)) => {
                if board.cols.is_some() {
                    return Err(self.at(
                        "board.cols without board.rows",
                        board.cols.as_ref().map_or(0..0, Spanned::span),
                    ));
                }
                (p.height(), p.width())
            }
            (None, None) => {
                return Err(Diagnostic::at("the board has no size", &self.src, None).with_help(
                    "give [board] rows = ..., or a picture: [board] regions/cells, --regions FILE or --cells FILE",
                ));
            }
        };
        if rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(Diagnostic::at(
                format!(
                    "the picture is {rows}×{cols}, more than the supported {MAX_SIDE}×{MAX_SIDE}"
                ),
                &picture.map_or(self.src.clone(), |p| p.source.clone()),
                None,
            ));
        }
        for pic in pictures.into_iter().flatten() {
            if (pic.height(), pic.width()) != (rows, cols) {
                return Err(Diagnostic::at(
                    format!(
                        "the picture is {}×{}, but the board is {rows}×{cols}",
                        pic.height(),
                        pic.width()
                    ),
                    &pic.source,
                    Some(pic.span.clone()),
                )
                .with_help("draw one character per cell, one line per row"));
            }
        }
        Ok((rows, cols))
    }

    /// The `[board] matrix` file, read relative to the rule file, and only
    /// from its folder or below: no absolute path, no `..`, no link out.
    fn matrix(&self) -> Result<Option<Matrix>, Diagnostic> {
        use std::path::{Component, Path};
        let Some(name) = &self.spec.board.matrix else {
            return Ok(None);
        };
        let path = match &self.spec.dir {
            Some(dir) => dir.join(name.get_ref()),
            None => std::path::PathBuf::from(name.get_ref()),
        };
        let dir = match &self.spec.dir {
            Some(d) if !d.as_os_str().is_empty() => d.clone(),
            _ => ".".into(),
        };
        let inside = Path::new(name.get_ref())
            .components()
            .all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
            && match (dir.canonicalize(), path.canonicalize()) {
                (Ok(d), Ok(p)) => p.starts_with(d),
                _ => true, // a missing file is reported by the read below
            };
        if !inside || name.get_ref().is_empty() {
            return Err(self
                .at(
                    format!(
                        "board.matrix: `{}` is not a file in the rule file's folder",
                        crate::matrix::quote(name.get_ref())
                    ),
                    name.span(),
                )
                .with_help("name the matrix relative to the rule file, inside its folder: no absolute path, no `..`"));
        }
        Matrix::load(&path).map(Some).map_err(|e| {
            self.at(format!("board.matrix: {e}"), name.span())
                .with_help("a comma, tab or whitespace separated file of numbers, relative to the rule file")
        })
    }

    fn matrix_size(&self, m: &Matrix) -> Result<(usize, usize), Diagnostic> {
        if m.rows > MAX_SIDE || m.cols > MAX_SIDE {
            return Err(self.at(
                format!(
                    "the matrix is {}×{}, more than the supported {MAX_SIDE}×{MAX_SIDE}",
                    m.rows, m.cols
                ),
                self.spec.board.matrix.as_ref().map_or(0..0, Spanned::span),
            ));
        }
        Ok((m.rows, m.cols))
    }

    fn symbol(&self) -> Result<char, Diagnostic> {
        let Some(s) = &self.spec.piece.symbol else {
            return Ok('Q');
        };
        let mut chars = s.get_ref().chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if !c.is_whitespace() && c != '.' && c != '#' => Ok(c),
            _ => Err(self.at(
                "piece.symbol must be one character other than `.`, `#` or a space",
                s.span(),
            )),
        }
    }

    /// The regions of a picture that [`Picture::read`] checked; `s` and `x`
    /// tokens add givens and holes.
    fn regions(
        &self,
        pic: &Picture,
        holes: &mut [bool],
        givens: &mut Vec<usize>,
        given_spans: &mut BTreeMap<usize, (Arc<Source>, Range<usize>)>,
    ) -> Regions {
        let mut names: Vec<String> = Vec::new();
        let mut of_cell = Vec::new();
        for row in &pic.rows {
            for tok in row {
                let cell = of_cell.len();
                let mut label = tok.text.as_str();
                if label.len() > 1 {
                    if let Some(stripped) = label.strip_suffix(['s', 'S']) {
                        givens.push(cell);
                        given_spans.insert(cell, (pic.source.clone(), tok.span.clone()));
                        label = stripped;
                    } else if let Some(stripped) = label.strip_suffix(['x', 'X']) {
                        holes[cell] = true;
                        label = stripped;
                    }
                }
                let index = names.iter().position(|n| n == label).unwrap_or_else(|| {
                    names.push(label.to_string());
                    names.len() - 1
                });
                of_cell.push(Some(index));
            }
        }
        Regions { of_cell, names }
    }

    fn lines(&self) -> Result<Lines, Diagnostic> {
        let mut lines = Lines::default();
        for l in &self.spec.piece.lines {
            match l.get_ref().as_str() {
                "row" => lines.row = true,
                "column" => lines.column = true,
                "diagonal" => lines.diagonal = true,
                "anti-diagonal" => lines.anti_diagonal = true,
                other => {
                    return Err(self
                        .at(format!("unknown line `{other}`"), l.span())
                        .with_suggestion(other, ["row", "column", "diagonal", "anti-diagonal"]));
                }
            }
        }
        Ok(lines)
    }

    fn leaps(&self, side: usize) -> Result<Vec<(usize, usize)>, Diagnostic> {
        let mut leaps = Vec::new();
        for leap in &self.spec.piece.leaps {
            match leap.get_ref() {
                LeapSpec::Named(name) => match NAMED_LEAPS.iter().find(|(n, _)| n == name) {
                    Some((_, offsets)) => leaps.extend_from_slice(offsets),
                    None => {
                        return Err(self
                            .at(format!("unknown leap `{name}`"), leap.span())
                            .with_suggestion(name, NAMED_LEAPS.iter().map(|(n, _)| *n)));
                    }
                },
                LeapSpec::Offset(v) => {
                    let ok = v.len() == 2
                        && v.iter().all(|x| x.unsigned_abs() < side.max(1) as u64)
                        && v != &[0, 0];
                    if !ok {
                        return Err(self
                            .at(
                                format!("leap {v:?} is not an offset [a, b] on this board"),
                                leap.span(),
                            )
                            .with_help(format!(
                                "two integers, not both 0, each below {} in size",
                                side.max(1)
                            )));
                    }
                    let (a, b) = (v[0].unsigned_abs() as usize, v[1].unsigned_abs() as usize);
                    leaps.push((a.min(b), a.max(b)));
                }
            }
        }
        leaps.sort_unstable();
        leaps.dedup();
        Ok(leaps)
    }

    fn group(
        &self,
        g: &GroupSpec,
        vars: &BTreeMap<String, i64>,
        problem: &Problem,
    ) -> Result<Group, Diagnostic> {
        let family = Family::NAMES
            .iter()
            .find(|(n, _)| n == g.of.get_ref())
            .map(|(_, f)| *f)
            .ok_or_else(|| {
                self.at(
                    format!("unknown group family `{}`", g.of.get_ref()),
                    g.of.span(),
                )
                .with_suggestion(g.of.get_ref(), Family::NAMES.iter().map(|(n, _)| *n))
            })?;
        if family == Family::Region && problem.regions.is_none() {
            return Err(self
                .at("groups of `region` need a board with regions", g.of.span())
                .with_help("add [board] regions = \"...\" or pass --regions FILE"));
        }
        let value = |what: &str, e: &Spanned<Expr>| -> Result<usize, Diagnostic> {
            let v = self.eval(what, e, vars)?;
            usize::try_from(v)
                .map_err(|_| self.at(format!("{what} is {v}, but it must be 0 or more"), e.span()))
        };
        let (min, max) = match (&g.count, &g.min, &g.max) {
            (Some(c), None, None) => {
                let c = value("group.count", c)?;
                (c, c)
            }
            (None, min, max) if min.is_some() || max.is_some() => (
                min.as_ref()
                    .map(|m| value("group.min", m))
                    .transpose()?
                    .unwrap_or(0),
                max.as_ref()
                    .map(|m| value("group.max", m))
                    .transpose()?
                    .unwrap_or(usize::MAX),
            ),
            (Some(c), _, _) => {
                return Err(self
                    .at(
                        "a group takes `count` (exactly) or `min`/`max` (a range), not both",
                        c.span(),
                    )
                    .with_help("count = 1 (exactly), or min = 1 / max = 2"));
            }
            _ => {
                return Err(self
                    .at("a group needs `count`, or `min` and/or `max`", g.of.span())
                    .with_help("count = 1 (exactly), or min = 1 / max = 2"));
            }
        };
        if min > max {
            let span = g.min.as_ref().map_or_else(|| g.of.span(), Spanned::span);
            return Err(self
                .at(
                    format!("group.min {min} is larger than group.max {max}"),
                    span,
                )
                .with_help("lower min or raise max"));
        }
        Ok(Group { family, min, max })
    }

    fn check_givens(
        &self,
        p: &Problem,
        spans: &BTreeMap<usize, (Arc<Source>, Range<usize>)>,
    ) -> Result<(), Diagnostic> {
        let locate = |cell: usize| {
            spans.get(&cell).map_or_else(
                || (self.src.clone(), None),
                |(s, sp)| (s.clone(), Some(sp.clone())),
            )
        };
        for (i, &a) in p.givens.iter().enumerate() {
            for &b in &p.givens[i + 1..] {
                if p.attacks(a, b) {
                    let (source, span) = locate(b);
                    let ((ra, ca), (rb, cb)) = (p.coords(a), p.coords(b));
                    return Err(Diagnostic::at(
                        format!(
                            "the given pieces at ({}, {}) and ({}, {}) attack each other",
                            ra + 1,
                            ca + 1,
                            rb + 1,
                            cb + 1
                        ),
                        &source,
                        span,
                    ));
                }
            }
        }
        for (g, group) in p.groups.iter().enumerate() {
            let mut held = vec![0usize; p.group_count(group.family)];
            for &cell in &p.givens {
                let Some(k) = p.group_of(group.family, cell) else {
                    continue;
                };
                held[k] += 1;
                if held[k] > group.max {
                    let what = group.family.name();
                    let (source, span) = locate(cell);
                    return Err(Diagnostic::at(
                        format!(
                            "the given pieces put {} pieces in {what} {}, but each {what} takes at most {}",
                            held[k],
                            k + 1,
                            group.max
                        ),
                        &source,
                        span,
                    )
                    .with_help(format!(
                        "remove a given piece, or raise the max of [[group]] {} (of = \"{what}\")",
                        g + 1
                    )));
                }
            }
        }
        if p.givens.len() > p.piece.count {
            let (source, span) = locate(p.givens[p.piece.count]);
            return Err(Diagnostic::at(
                format!(
                    "{} given pieces, but piece.count is {}",
                    p.givens.len(),
                    p.piece.count
                ),
                &source,
                span,
            ));
        }
        Ok(())
    }

    /// Refuses problems whose search would take more than [`MEMORY_BUDGET`].
    fn check_memory(&self, p: &Problem, count_span: &Range<usize>) -> Result<(), Diagnostic> {
        let m = p.memory();
        if m.plan + m.walker <= MEMORY_BUDGET {
            return Ok(());
        }
        let mib = |b: u64| b.div_ceil(1 << 20);
        Err(self
            .at(
                format!(
                    "the search needs about {} MiB ({} MiB of plan, {} MiB of stacks for {} pieces on {} rows of {} columns), more than its {} MiB budget",
                    mib(m.plan + m.walker),
                    mib(m.plan),
                    mib(m.walker),
                    p.piece.count,
                    p.rows,
                    p.cols,
                    mib(MEMORY_BUDGET)
                ),
                count_span.clone(),
            )
            .with_help("the search keeps one row set per board row for each piece placed: use fewer pieces, fewer rows or fewer groups"))
    }
}

/// `"s"` unless `n` is 1.
fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

#[cfg(test)]
mod tests;
