//! The problem itself: the board, the piece, the groups, and what can be
//! asked of them cell by cell.

use std::collections::BTreeMap;

use super::geometry::Geometry;
use crate::matrix::{Labels, Matrix, Value};

/// A rule set with its parameters bound and checked.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    /// The rule's name.
    pub(crate) name: String,
    /// What it counts.
    pub(crate) summary: String,
    /// The parameters after `--set`.
    pub(crate) params: BTreeMap<String, i64>,
    /// Board height.
    pub(crate) rows: usize,
    /// Board width.
    pub(crate) cols: usize,
    /// Lines and leaps wrap around the edges (a torus).
    pub(crate) wrap: bool,
    /// `holes[cell]`: the cell takes no piece.
    pub(crate) holes: Vec<bool>,
    /// Pre-placed pieces, cell indices in increasing order.
    pub(crate) givens: Vec<usize>,
    /// Coloured regions, when the board has them.
    pub(crate) regions: Option<Regions>,
    /// Cell values, row-major, when the board comes from a matrix; `None` on holes.
    pub(crate) values: Option<Vec<Option<Value>>>,
    /// Row and column labels of a matrix board, when its file had them.
    pub(crate) labels: Labels,
    /// The piece and its attacks.
    pub(crate) piece: Piece,
    /// Group counts.
    pub(crate) groups: Vec<Group>,
}

/// Read access to a problem: its fields are the library's, checked once
/// when it was bound.
impl Problem {
    /// The rule's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What it counts.
    pub fn summary(&self) -> &str {
        &self.summary
    }

    /// The parameters after `--set`.
    pub fn params(&self) -> &BTreeMap<String, i64> {
        &self.params
    }

    /// Board height.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Board width.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether lines and leaps wrap around the edges (a torus).
    pub fn wrap(&self) -> bool {
        self.wrap
    }

    /// `holes()[cell]`: the cell takes no piece.
    pub fn holes(&self) -> &[bool] {
        &self.holes
    }

    /// Pre-placed pieces, cell indices in increasing order.
    pub fn givens(&self) -> &[usize] {
        &self.givens
    }

    /// Coloured regions, when the board has them.
    pub fn regions(&self) -> Option<&Regions> {
        self.regions.as_ref()
    }

    /// Cell values, row-major, when the board comes from a matrix; `None`
    /// on holes.
    pub fn values(&self) -> Option<&[Option<Value>]> {
        self.values.as_deref()
    }

    /// Row and column labels of a matrix board, when its file had them.
    pub fn labels(&self) -> &Labels {
        &self.labels
    }

    /// The piece and its attacks.
    pub fn piece(&self) -> &Piece {
        &self.piece
    }

    /// Group counts.
    pub fn groups(&self) -> &[Group] {
        &self.groups
    }
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

impl Lines {
    /// The names of the families that are on, as rule files spell them.
    pub fn names(&self) -> Vec<&'static str> {
        [
            (self.row, "row"),
            (self.column, "column"),
            (self.diagonal, "diagonal"),
            (self.anti_diagonal, "anti-diagonal"),
        ]
        .into_iter()
        .filter_map(|(on, name)| on.then_some(name))
        .collect()
    }
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

impl Problem {
    /// Rooks on a matrix board: one piece in every row and no column twice
    /// (one in every column when the matrix is taller than wide), never on a hole.
    pub fn from_matrix(name: &str, m: &Matrix) -> Problem {
        Problem::from_matrix_showing(name, m, |_| true)
    }

    /// [`Problem::from_matrix`] with values written out only on the cells
    /// `shown(cell)` (row-major index), the others `None`: enough for
    /// output formats that print only chosen cells' values (JSON), without
    /// a text per cell of a large matrix.
    pub fn from_matrix_showing(name: &str, m: &Matrix, shown: impl Fn(usize) -> bool) -> Problem {
        let values: Vec<Option<Value>> = (0..m.rows * m.cols)
            .map(|i| shown(i).then(|| m.value(i / m.cols, i % m.cols)).flatten())
            .collect();
        Problem {
            name: name.to_string(),
            summary: "one value from each row, no column twice".into(),
            params: BTreeMap::new(),
            rows: m.rows,
            cols: m.cols,
            wrap: false,
            holes: (0..m.rows * m.cols)
                .map(|i| m.is_hole(i / m.cols, i % m.cols))
                .collect(),
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
        self.geometry().attacks(self.coords(a), self.coords(b))
    }

    /// The piece's lines and leaps on this board: the attack geometry.
    pub fn geometry(&self) -> Geometry<'_> {
        Geometry {
            rows: self.rows,
            cols: self.cols,
            wrap: self.wrap,
            lines: self.piece.lines,
            leaps: &self.piece.leaps,
        }
    }

    /// The cells a piece on `cell` takes away, itself included, each once
    /// (wrapping on a torus).
    pub fn attacked_cells(&self, cell: usize) -> Vec<(usize, usize)> {
        self.geometry().row_form().cells(self.coords(cell))
    }

    /// The group of `family` that holds `cell`, as a number, if any.
    pub fn group_of(&self, family: Family, cell: usize) -> Option<usize> {
        let (r, c) = self.coords(cell);
        match family {
            Family::Region => self.regions.as_ref()?.of_cell[cell],
            _ => self.geometry().line(family, r, c),
        }
    }

    /// How many groups `family` has on this board.
    pub fn group_count(&self, family: Family) -> usize {
        (0..self.cells())
            .filter_map(|cell| self.group_of(family, cell))
            .max()
            .map_or(0, |m| m + 1)
    }

    /// Regions whose cells are not all joined edge to edge: puzzles almost
    /// never mean that, so the command line warns. Each as its label.
    pub fn disconnected_regions(&self) -> Vec<String> {
        let Some(regions) = &self.regions else {
            return Vec::new();
        };
        (0..regions.names.len())
            .filter(|&index| {
                !super::is_connected(self.rows, self.cols, |c| regions.of_cell[c] == Some(index))
            })
            .map(|index| regions.names[index].clone())
            .collect()
    }
}
