//! Tests of reading matrices and numbers.

use super::error::QUOTE_CHARS;
use super::*;
use crate::error::Kind;

fn err(text: &str) -> String {
    Matrix::parse(text).unwrap_err().to_string()
}

#[test]
fn separators_are_detected() {
    let comma = Matrix::parse("1, 2 ,3\n4,5,6\n").unwrap();
    let tab = Matrix::parse("1\t2\t3\n4\t5\t6").unwrap();
    let space = Matrix::parse("  1  2 3\n4 5\t 6\n\n\n").unwrap();
    assert_eq!(comma, tab);
    assert_eq!(comma, space);
    assert_eq!((comma.rows, comma.cols), (2, 3));
    assert_eq!(comma.value(0, 1).unwrap().text, "2");
}

#[test]
fn numbers_comments_blank_lines_and_holes() {
    let m = Matrix::parse("\u{feff}# costs\n-1.5,2e3,\"7\"\r\n  # more\n.5,,+3E-2\n\n").unwrap();
    assert_eq!((m.rows, m.cols), (2, 3));
    assert_eq!(m.get(0, 0), Some(-1.5));
    assert_eq!(m.get(0, 1), Some(2000.0));
    assert_eq!(m.get(0, 2), Some(7.0));
    assert_eq!(m.get(1, 0), Some(0.5));
    assert_eq!(m.get(1, 1), None);
    assert_eq!(m.get(1, 2), Some(0.03));
    assert_eq!(m.value(1, 2).unwrap().text, "0.03");
}

#[test]
fn skip_makes_holes() {
    let mut m = Matrix::parse("0 1 -0\n2 0 3").unwrap();
    assert_eq!(m.skip(&[0.0, 3.0]), 4);
    assert_eq!(m.get(0, 1), Some(1.0));
    let holes = (0..6).filter(|&k| m.is_hole(k / 3, k % 3)).count();
    assert_eq!(holes, 4);
}

#[test]
fn ragged_rows() {
    assert_eq!(
        err("1 2 3 4 5\n1 2 3 4 5\n1 2 3 4\n"),
        "row 3 has 4 cells, expected 5"
    );
    assert_eq!(
        err("# header comment\n1,2\n# note\n1,2,3\n"),
        "row 2 (line 4) has 3 cells, expected 2"
    );
}

#[test]
fn not_a_number() {
    assert_eq!(
        err("1,2,3\n4,x5,6\n"),
        "row 2, column 2: `x5` is not a number"
    );
    assert_eq!(err("a b\n1 2\n"), "row 1, column 1: `a` is not a number");
    assert_eq!(err("1 inf\n"), "row 1, column 2: `inf` is not a number");
    // a missing value's spelling is a hole, not an error
    assert_eq!(Matrix::parse("1 NaN\n").unwrap().get(0, 1), None);
    assert_eq!(err("1 1e\n"), "row 1, column 2: `1e` is not a number");
    assert_eq!(err("1 .\n"), "row 1, column 2: `.` is not a number");
    assert_eq!(err("1 1e999\n"), "row 1, column 2: `1e999` is out of range");
}

/// Issue 15: a blank line inside the data is never skipped silently.
#[test]
fn blank_lines_inside_are_errors() {
    let blank = "line 2 is blank inside the matrix: remove it, or write its cells \
                 (empty cells between commas are holes)";
    assert_eq!(err("5,1\n  \r\n7,2\n"), blank);
    assert_eq!(err("5\n\n7,2\n"), blank);
    assert_eq!(
        err("# c\n5\t1\n\n7\t2\n"),
        blank.replace("line 2", "line 3")
    );
    let m = Matrix::parse("5,\n,\n7,3\n").unwrap();
    assert_eq!((m.rows, m.cols), (3, 2));
    assert_eq!(m.get(2, 0), Some(7.0));
    let m = Matrix::parse("\n\n1 2\n# note\n3 4\n\n\n").unwrap();
    assert_eq!((m.rows, m.cols), (2, 2));
}

/// A one-column file writes a hole as a blank line: between rows it reads
/// as one (as `,` does in a row of two columns), never dropped so that the
/// rows after it move up; before the first row, where it may be a hole or
/// nothing, it is an error naming its line; after the last, nothing.
#[test]
fn blank_lines_of_a_one_column_file_are_holes() {
    let m = Matrix::parse("5\n\n7\n\n\n9\n").unwrap();
    assert_eq!((m.rows, m.cols), (6, 1));
    let col: Vec<Option<f64>> = (0..6).map(|r| m.get(r, 0)).collect();
    assert_eq!(col, [Some(5.0), None, Some(7.0), None, None, Some(9.0)]);
    // the same as the quoted empty cell
    let quoted = Matrix::parse("5\n\"\"\n7\n\"\"\n\"\"\n9\n").unwrap();
    assert_eq!((0..6).map(|r| quoted.get(r, 0)).collect::<Vec<_>>(), col);
    let m = Matrix::parse("5\r\n  \r\n7\r\n").unwrap();
    assert_eq!((m.rows, m.get(1, 0), m.get(2, 0)), (3, None, Some(7.0)));
    // after a header too
    let header = Layout {
        header: true,
        ..Layout::default()
    };
    let m = Matrix::parse_with("v\n5\n\n7\n", header).unwrap();
    assert_eq!((m.rows, m.get(1, 0), m.get(2, 0)), (3, None, Some(7.0)));
    // a row number after the holes follows the file
    assert_eq!(err("5\n\nx\n"), "row 3, column 1: `x` is not a number");
    let leading = "line 2 is blank before the first row of a one-column matrix, where it \
                   may be a hole or nothing: write a hole there as \"\" (blank lines between \
                   rows are holes), or remove the line";
    assert_eq!(err("# note\n\n5\n7\n"), leading);
    // blank lines above a header, and after the last row, are nothing
    let m = Matrix::parse_with("\nv\n5\n7\n\n\n", header).unwrap();
    assert_eq!((m.rows, m.cols), (2, 1));
    assert_eq!(Matrix::parse("5\n7\n\n").unwrap().rows, 2);
}

/// Issue 14: files as pandas and spreadsheets write them.
#[test]
fn headers_labels_and_delimiters() {
    let layout = Layout {
        header: true,
        labels: true,
        delimiter: None,
        decimal_comma: false,
    };
    let m = Matrix::parse_with("\"\",\"Task 1\",T2\nAnn,1,\nBob,x1,3\n", layout);
    assert_eq!(
        m.unwrap_err().to_string(),
        "row 2 (line 3), column 2: `x1` is not a number"
    );
    let m = Matrix::parse_with("\"\",\"Task 1\",T2\nAnn,1,\nBob,2,3\n", layout).unwrap();
    assert_eq!((m.rows, m.cols), (2, 2));
    assert_eq!(m.get(0, 1), None);
    assert_eq!(m.labels.rows, Some(vec!["Ann".into(), "Bob".into()]));
    assert_eq!(m.labels.cols, Some(vec!["Task 1".into(), "T2".into()]));
    let no_corner = Matrix::parse_with("A,B\nx,1,2\n", layout).unwrap();
    assert_eq!(no_corner.labels.cols, Some(vec!["A".into(), "B".into()]));
    assert_eq!(
        Matrix::parse_with("A,B,C,D\nx,1,2\n", layout)
            .unwrap_err()
            .to_string(),
        "the header has 4 labels, expected 2 (one per column)"
    );
    let semi = Layout {
        delimiter: Some(';'),
        ..Layout::default()
    };
    let m = Matrix::parse_with("1;2,5\n3;4\n", semi);
    assert_eq!(
        m.unwrap_err().to_string(),
        "row 1, column 2: `2,5` is not a number"
    );
    let m = Matrix::parse_with("1; 2\n3;\n", semi).unwrap();
    assert_eq!((m.rows, m.cols, m.get(1, 1)), (2, 2, None));
}

#[test]
fn empty() {
    assert_eq!(err(""), "empty matrix: no rows of numbers");
    assert_eq!(
        err("# only a comment\n\n  \n"),
        "empty matrix: no rows of numbers"
    );
}

#[test]
fn too_large() {
    let wide = vec!["1"; MAX_COLS + 1].join(",");
    assert_eq!(
        err(&wide),
        "matrix too large: 4097 columns (at most 4096 rows, 4096 columns and 4194304 cells)"
    );
    let tall = "1\n".repeat(MAX_ROWS + 1);
    assert_eq!(
        err(&tall),
        "matrix too large: more than 4096 rows (at most 4096 rows, 4096 columns and 4194304 cells)"
    );
    let row = vec!["1"; 2048].join(" ") + "\n";
    assert_eq!(
        err(&row.repeat(2049)),
        "matrix too large: more than 4194304 cells (at most 4096 rows, 4096 columns and 4194304 cells)"
    );
}

#[test]
fn load_names_the_path() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.csv");
    std::fs::write(&path, "1,2\n3\n").unwrap();
    assert_eq!(
        Matrix::load(&path).unwrap_err().to_string(),
        format!("{}: row 2 has 1 cell, expected 2", path.display())
    );
    let missing = dir.path().join("missing.csv");
    let e = Matrix::load(&missing).unwrap_err().to_string();
    assert!(
        e.starts_with(&format!("cannot read {}: ", missing.display())),
        "{e}"
    );
}

/// Errors point at their cell, after a byte-order mark too; a cell too
/// long to quote is named by row and column only.
#[test]
fn errors_point_at_their_cell() {
    let text = "\u{feff}1,2\n3,é\n";
    let e = Matrix::parse(text).unwrap_err();
    assert_eq!(e.kind(), Kind::Matrix);
    let d = e.diagnostic(&Source::new("m.csv", text));
    assert_eq!(
        d.to_string(),
        "m.csv: row 2, column 2: `é` is not a number\n --> m.csv:2:3\n  |\n2 | 3,é\n  |   ^"
    );
    let long = format!("1,{}\n", "x".repeat(QUOTE_CHARS + 1));
    assert_eq!(Matrix::parse(&long).unwrap_err().span(), None);
    let wide = vec!["1"; MAX_COLS + 1].join(",");
    assert_eq!(Matrix::parse(&wide).unwrap_err().kind(), Kind::TooBig);
}

#[test]
fn from_rows_and_text() {
    let m = Matrix::from_rows(&[vec![Some(0.1), None], vec![Some(1e20), Some(-3.0)]]);
    assert_eq!(m.value(0, 0).unwrap().text, "0.1");
    assert_eq!(m.value(1, 0).unwrap().text, "1e20");
    assert_eq!(m.value(1, 1).unwrap().text, "-3");
    assert_eq!(format!("[{:>4}]", m.value(1, 1).unwrap()), "[  -3]");
}

fn layout(header: bool, labels: bool) -> Layout {
    Layout {
        header,
        labels,
        ..Layout::default()
    }
}

/// Issue 35: what `df.to_csv("f.csv")` writes, by hand: an index column
/// under an empty corner, quoted labels holding commas, quotes and a line
/// break, CRLF line ends, a byte-order mark.
#[test]
fn pandas_csv() {
    let text = "\u{feff},\"Smith, J\",\"say \"\"hi\"\"\",\"two\r\nlines\"\r\n\
                \"Lee, A\",1.5,,3\r\nB,4,5,6\r\n";
    let m = Matrix::parse_with(text, layout(true, true)).unwrap();
    assert_eq!((m.rows, m.cols), (2, 3));
    assert_eq!(m.get(0, 0), Some(1.5));
    assert_eq!(m.get(0, 1), None);
    assert_eq!(m.get(1, 2), Some(6.0));
    assert_eq!(m.labels.rows, Some(vec!["Lee, A".into(), "B".into()]));
    let cols = m.labels.cols.unwrap();
    assert_eq!(cols, vec!["Smith, J", "say \"hi\"", "two\r\nlines"]);
    // without the flags, the message says which to add
    let e = Matrix::parse(text).unwrap_err();
    assert_eq!(e.to_string(), "row 1, column 2: `Smith, J` is not a number");
    assert_eq!(e.hint(), Some(Hint::Header { labels: true }));
    assert_eq!(
        e.hint().unwrap().to_string(),
        "the first row looks like a header and the first column like labels: add `--header --labels`"
    );
    // the caret is inside the quotes, after the BOM
    assert_eq!(e.span(), Some(5..13));
    // a record over two lines: the next row's line number follows the file
    let e = Matrix::parse_with(text.replace("B,4", "B,x4").as_str(), layout(true, true));
    assert_eq!(
        e.unwrap_err().to_string(),
        "row 2 (line 4), column 2: `x4` is not a number"
    );
}

#[test]
fn quoted_cells_and_ragged_rows() {
    let m = Matrix::parse("\"1\",\" 2 \"\n3,\"\"\n").unwrap();
    assert_eq!((m.get(0, 1), m.get(1, 1)), (Some(2.0), None));
    assert_eq!(err("\"1\",2\n3,\"4\",5\n"), "row 2 has 3 cells, expected 2");
    assert_eq!(err("1,2\n\"3\n\",4,5\n"), "row 2 has 3 cells, expected 2");
    // a non-ASCII delimiter splits lines as written
    let m = Matrix::parse_with(
        "1§2\n3§\n",
        Layout {
            delimiter: Some('§'),
            ..Layout::default()
        },
    )
    .unwrap();
    assert_eq!((m.cols, m.get(1, 1)), (2, None));
}

/// `sep=';', decimal=','`: semicolons are found when every line has as
/// many; decimal commas need `--decimal ,`.
#[test]
fn semicolons_and_decimal_commas() {
    let euro = Layout {
        decimal_comma: true,
        ..Layout::default()
    };
    let m = Matrix::parse_with("1;13,5;-2\n4;5;6e-1\n", euro).unwrap();
    assert_eq!((m.rows, m.cols), (2, 3));
    assert_eq!(m.get(0, 1), Some(13.5));
    assert_eq!(m.value(0, 1).unwrap().text, "13.5");
    assert_eq!(m.get(1, 2), Some(0.6));
    let m = Matrix::parse("1;2\n3;4\n").unwrap();
    assert_eq!((m.rows, m.cols), (2, 2));
    let m = Matrix::parse_with("1 13,5\n2 3\n", euro).unwrap();
    assert_eq!(m.get(0, 1), Some(13.5));
    assert_eq!(
        Matrix::parse_with("1;1.5\n", euro).unwrap_err().to_string(),
        "row 1, column 2: `1.5` is not a number"
    );
    // unequal semicolons: no doubt removed, so a line is one cell
    let e = Matrix::parse("1;2;3\n4;5\n").unwrap_err();
    assert_eq!(e.to_string(), "row 1, column 1: `1;2;3` is not a number");
    assert_eq!(
        e.hint().unwrap().to_string(),
        "the lines hold `;`: add `--delimiter ';'`"
    );
    // with decimal commas the commas win the detection and split the numbers
    let e = Matrix::parse("1;13,5\n2;4,25\n").unwrap_err();
    assert_eq!(e.to_string(), "row 1, column 1: `1;13` is not a number");
    assert_eq!(
        e.hint().unwrap().to_string(),
        "the lines hold `;`: add `--delimiter ';' --decimal ,`"
    );
    let e = Matrix::parse("1;13,5;3\n2;4,25;1\n").unwrap_err();
    assert_eq!(
        e.hint(),
        Some(Hint::Delimiter {
            delimiter: ';',
            decimal_comma: true
        })
    );
    let semi = Layout {
        delimiter: Some(';'),
        ..Layout::default()
    };
    let e = Matrix::parse_with("1;13,5\n", semi).unwrap_err();
    assert_eq!(
        e.hint().unwrap().to_string(),
        "the numbers have decimal commas: add `--decimal ,`"
    );
}

#[test]
fn hints_at_headers_and_labels() {
    let hint = |text: &str, layout: Layout| Matrix::parse_with(text, layout).unwrap_err().hint();
    let none = Layout::default();
    assert_eq!(
        hint("a,b\n1,2\n", none),
        Some(Hint::Header { labels: false })
    );
    assert_eq!(
        hint("a b\n1 2\n", none),
        Some(Hint::Header { labels: false })
    );
    // pandas' numbered index under an empty corner
    assert_eq!(
        hint(",a,b\n0,1,2\n", none),
        Some(Hint::Header { labels: true })
    );
    assert_eq!(hint("Ann,1,2\nBob,3,4\n", none), Some(Hint::Labels));
    assert_eq!(hint("1,2\nBob,3\n", none), Some(Hint::Labels));
    assert_eq!(
        hint(",a,b\nx,1,2\n", layout(false, true)),
        Some(Hint::Header { labels: false })
    );
    // nothing to suggest: text all over, or a number out of range
    assert_eq!(hint("a,b\nc,d\n", none), None);
    assert_eq!(hint("1,x\n", none), None);
    assert_eq!(hint("a,1e999\n", none), None);
    assert_eq!(hint("1,1e999\n", none), None);
    assert_eq!(
        Hint::Labels.to_string(),
        "the first column looks like labels: add `--labels`"
    );
    assert_eq!(
        Hint::Header { labels: false }.to_string(),
        "the first row looks like a header: add `--header`"
    );
}

/// Lines without quotes are split by the delimiter alone; they read as
/// csv-core reads a quoted line: blanks around cells, empty cells as holes,
/// a lone `\r` as a line break, the same place in an error.
#[test]
fn plain_and_quoted_lines_agree() {
    let plain = "1, 2 ,,4\n5,6,7,8\r\n";
    let quoted = "\"1\", \"2\" ,,4\n5,\"6\",7,8\r\n";
    assert_eq!(
        Matrix::parse(plain).unwrap(),
        Matrix::parse(quoted).unwrap()
    );
    let cr = Matrix::parse("1,2\r3,4\r").unwrap();
    assert_eq!((cr.rows, cr.cols), (2, 2));
    assert_eq!(cr.get(1, 0), Some(3.0));
    let (a, b) = (
        Matrix::parse("1,2\n3, x\n"),
        Matrix::parse("1,2\n3,\"x\"\n"),
    );
    assert_eq!(a.unwrap_err().span(), Some(7..8));
    assert_eq!(b.unwrap_err().span(), Some(7..8));
}
