//! Binding the board: its size from the rule file, a picture or a matrix;
//! its holes, given pieces, regions and cell values.

use std::collections::BTreeMap;
use std::sync::Arc;

use toml::Spanned;

use super::Binder;
use crate::error::{Diagnostic, Kind, Setting, Source};
use crate::matrix::{Matrix, Value};
use crate::problem::checks::GivenSpans;
use crate::problem::{MAX_SIDE, Picture, PictureKind, Regions};
use crate::spec::Expr;

/// The board of a rule file, bound.
pub(super) struct Board {
    pub rows: usize,
    pub cols: usize,
    pub holes: Vec<bool>,
    pub givens: Vec<usize>,
    /// Where each given piece was drawn.
    pub given_spans: GivenSpans,
    pub regions: Option<Regions>,
    pub values: Option<Vec<Option<Value>>>,
    /// The piece's symbol, which the cells picture uses for given pieces.
    pub symbol: char,
}

/// The board's shape and what gives it: pictures and a matrix.
struct Shape {
    rows: usize,
    cols: usize,
    regions: Option<Picture>,
    cells: Option<Picture>,
    matrix: Option<Matrix>,
}

impl Binder<'_> {
    /// The board: size, holes, givens, regions and values, checked.
    pub(super) fn board(&self, params: &BTreeMap<String, i64>) -> Result<Board, Diagnostic> {
        let shape = self.shape(params)?;
        let (rows, cols) = (shape.rows, shape.cols);
        let symbol = self.symbol()?;
        let values = shape.matrix.map(|m| {
            (0..rows * cols)
                .map(|i| m.value(i / cols, i % cols))
                .collect::<Vec<_>>()
        });
        let mut board = Board {
            rows,
            cols,
            holes: match &values {
                Some(values) => values.iter().map(Option::is_none).collect(),
                None => vec![false; rows * cols],
            },
            givens: Vec::new(),
            given_spans: BTreeMap::new(),
            regions: None,
            values,
            symbol,
        };
        self.listed_holes(&mut board)?;
        if let Some(pic) = &shape.cells {
            cells_picture(pic, &mut board)?;
        }
        board.regions = shape.regions.as_ref().map(|pic| regions(pic, &mut board));
        board.givens.sort_unstable();
        board.givens.dedup();
        givens_off_holes(&board)?;
        Ok(board)
    }

    /// The size of the board and the pictures and matrix that draw it.
    fn shape(&self, params: &BTreeMap<String, i64>) -> Result<Shape, Diagnostic> {
        let spec = self.spec;
        let regions = self.picture(
            &spec.board.regions,
            &self.bindings.regions,
            PictureKind::Regions,
        )?;
        let cells = self.picture(&spec.board.cells, &self.bindings.cells, PictureKind::Cells)?;
        let matrix = self.matrix()?;
        let (rows, cols) = match (&matrix, &spec.board.rows, &regions, &cells) {
            (Some(m), None, None, None) => self.matrix_size(m)?,
            _ => self.size(params, [&regions, &cells])?,
        };
        if let Some(m) = &matrix
            && (m.rows, m.cols) != (rows, cols)
        {
            return Err(self.at(
                format!(
                    "the matrix is {}×{}, but the board is {rows}×{cols}",
                    m.rows, m.cols
                ),
                spec.board.matrix.as_ref().map_or(0..0, Spanned::span),
            ));
        }
        Ok(Shape {
            rows,
            cols,
            regions,
            cells,
            matrix,
        })
    }

    /// The `[board] holes` list, 1-based `[row, col]` pairs.
    fn listed_holes(&self, board: &mut Board) -> Result<(), Diagnostic> {
        let (rows, cols) = (board.rows, board.cols);
        for spanned in self.spec.board.holes.iter().flatten() {
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
            board.holes[(r as usize - 1) * cols + c as usize - 1] = true;
        }
        Ok(())
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
                let kind = if v > MAX_SIDE as i64 {
                    Kind::TooBig
                } else {
                    Kind::Value
                };
                return Err(self
                    .at(format!("{what} is {v}, outside the supported 1..={MAX_SIDE}"), e.span())
                    .of(kind)
                    .with_help(format!("the engine searches boards up to {MAX_SIDE}×{MAX_SIDE} (a row is at most 16 words of 64 bits); check the parameters"))
                    .with_setting(Setting::Param));
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
            (None, None) if self.spec.has_region_group() => {
                return Err(Diagnostic::at(
                    format!(
                        "`{}` needs its regions: the board has no size",
                        self.spec.name.get_ref()
                    ),
                    &self.src,
                    None,
                )
                .of(Kind::Type)
                .with_help("give the regions as a picture, one letter per region")
                .with_setting(Setting::Regions));
            }
            (None, None) => {
                return Err(Diagnostic::at("the board has no size", &self.src, None)
                    .of(Kind::Type)
                    .with_help(
                        "give [board] rows = ..., or draw the board: [board] regions/cells, or a separate regions or cells picture",
                    )
                    .with_setting(Setting::Regions)
                    .with_setting(Setting::Cells));
            }
        };
        if rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(Diagnostic::at(
                format!(
                    "the picture is {rows}×{cols}, more than the supported {MAX_SIDE}×{MAX_SIDE}"
                ),
                &picture.map_or(self.src.clone(), |p| p.source.clone()),
                None,
            )
            .of(Kind::TooBig));
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
            let d = match e.span() {
                // an error inside the matrix points at its cell
                Some(_) => Diagnostic::from(e),
                None => self
                    .at(format!("board.matrix: {e}"), name.span())
                    .of(e.kind()),
            };
            d.with_help(
                "a comma, tab or whitespace separated file of numbers, relative to the rule file",
            )
        })
    }

    fn matrix_size(&self, m: &Matrix) -> Result<(usize, usize), Diagnostic> {
        if m.rows > MAX_SIDE || m.cols > MAX_SIDE {
            return Err(self
                .at(
                    format!(
                        "the matrix is {}×{}, more than the supported {MAX_SIDE}×{MAX_SIDE}",
                        m.rows, m.cols
                    ),
                    self.spec.board.matrix.as_ref().map_or(0..0, Spanned::span),
                )
                .of(Kind::TooBig));
        }
        Ok((m.rows, m.cols))
    }
}

/// The cells picture: `.` free, `#` a hole, the piece's symbol a given piece.
fn cells_picture(pic: &Picture, board: &mut Board) -> Result<(), Diagnostic> {
    let symbol = board.symbol;
    for (r, row) in pic.rows.iter().enumerate() {
        for (c, tok) in row.iter().enumerate() {
            let cell = r * board.cols + c;
            match tok.text.chars().next() {
                Some('.') => {}
                Some('#') => board.holes[cell] = true,
                Some(ch) if ch == symbol => {
                    board.givens.push(cell);
                    board
                        .given_spans
                        .insert(cell, (pic.source.clone(), tok.span.clone()));
                }
                _ => {
                    return Err(Diagnostic::at(
                        format!("unknown cell `{}` in the cells picture", tok.text),
                        &pic.source,
                        Some(tok.span.clone()),
                    )
                    .of(Kind::Syntax)
                    .with_help(format!(
                        "use `.` for a free cell, `#` for a hole, `{symbol}` for a given piece"
                    )));
                }
            }
        }
    }
    Ok(())
}

/// The regions of a picture that [`Picture::read`] checked; `s` and `x`
/// tokens add givens and holes.
fn regions(pic: &Picture, board: &mut Board) -> Regions {
    let mut names: Vec<String> = Vec::new();
    let mut of_cell = Vec::new();
    for row in &pic.rows {
        for tok in row {
            let cell = of_cell.len();
            let mut label = tok.text.as_str();
            if label.len() > 1 {
                if let Some(stripped) = label.strip_suffix(['s', 'S']) {
                    board.givens.push(cell);
                    board
                        .given_spans
                        .insert(cell, (pic.source.clone(), tok.span.clone()));
                    label = stripped;
                } else if let Some(stripped) = label.strip_suffix(['x', 'X']) {
                    board.holes[cell] = true;
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

/// Refuses a given piece on a hole.
fn givens_off_holes(board: &Board) -> Result<(), Diagnostic> {
    for &g in &board.givens {
        if board.holes[g] {
            let (source, span) = &board.given_spans[&g];
            return Err(Diagnostic::at(
                format!(
                    "the given piece at ({}, {}) stands on a hole",
                    g / board.cols + 1,
                    g % board.cols + 1
                ),
                source,
                Some(span.clone()),
            ));
        }
    }
    Ok(())
}
