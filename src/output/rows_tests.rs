//! Solutions given as each row's column ([`Printer::write_rows`]) print the
//! same bytes as the same solution given as cells; counts and tables print
//! through serde.

use super::*;
use crate::engine::permutation::construct;
use crate::problem::Bindings;
use crate::spec::RuleSpec;

fn queens(n: usize) -> Problem {
    let spec = RuleSpec::resolve("queens").unwrap();
    let bindings = Bindings {
        set: vec![("n".into(), n as i64)],
        ..Bindings::default()
    };
    Problem::bind(&spec, &bindings).unwrap()
}

fn as_cells(cols: &[usize]) -> Solution {
    Solution {
        cells: cols.iter().copied().enumerate().collect(),
    }
}

const ALL: [Format; 5] = [
    Format::Board,
    Format::Tuple,
    Format::Cells,
    Format::Json,
    Format::Svg,
];

#[test]
fn rows_print_as_the_solution_with_those_cells() {
    for n in [1, 4, 22, 30, 65] {
        let p = queens(n);
        let cols = construct::construct(n).unwrap_or_else(|| vec![0]);
        for format in ALL {
            let mut by_cells = sink(format, &p, None, Vec::new()).unwrap();
            by_cells.write(&as_cells(&cols)).unwrap();
            by_cells.write(&as_cells(&cols)).unwrap();
            let mut by_rows = sink(format, &p, None, Vec::new()).unwrap();
            by_rows.write_rows(&cols).unwrap();
            by_rows.write_rows(&cols).unwrap();
            assert_eq!(by_rows.written(), 2);
            assert_eq!(
                String::from_utf8(by_rows.finish().unwrap()).unwrap(),
                String::from_utf8(by_cells.finish().unwrap()).unwrap(),
                "n = {n}, {format:?}"
            );
            if let Some(plain) = Renderer::plain(format, n) {
                let mut without_problem = Printer::new(plain, Vec::new());
                without_problem.write_rows(&cols).unwrap();
                let mut with_problem = sink(format, &p, None, Vec::new()).unwrap();
                with_problem.write(&as_cells(&cols)).unwrap();
                assert_eq!(
                    without_problem.finish().unwrap(),
                    with_problem.finish().unwrap(),
                    "n = {n}, {format:?}"
                );
            }
        }
    }
}

#[test]
fn large_rows_stream_in_pieces_and_keep_every_byte() {
    let n = 30_000;
    let cols = construct::construct(n).unwrap();
    for format in [Format::Tuple, Format::Cells, Format::Json] {
        let mut printer = Printer::new(Renderer::plain(format, n).unwrap(), Vec::new());
        printer.write_rows(&cols).unwrap();
        let text = String::from_utf8(printer.finish().unwrap()).unwrap();
        let mut cells = Cells::new();
        let mut tuple = Tuple::rows(n);
        let mut json = Json::plain();
        let mut expected = String::new();
        let solution = as_cells(&cols);
        match format {
            Format::Tuple => tuple.render(0, &solution, &mut expected).unwrap(),
            Format::Cells => cells.render(0, &solution, &mut expected).unwrap(),
            _ => json.render(0, &solution, &mut expected).unwrap(),
        }
        assert!(text.len() > 2 * (1 << 16), "{format:?}");
        assert!(text == expected, "{format:?} differs");
    }
}

#[test]
fn rows_stop_at_a_closed_pipe_and_refuse_missing_rows() {
    /// A writer that takes `left` bytes, then reports a closed pipe.
    struct Pipe {
        left: usize,
    }
    impl io::Write for Pipe {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.left == 0 {
                return Err(io::ErrorKind::BrokenPipe.into());
            }
            let n = buf.len().min(self.left);
            self.left -= n;
            Ok(n)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let cols = construct::construct(20_000).unwrap();
    let plain = Renderer::plain(Format::Cells, cols.len()).unwrap();
    let mut printer = Printer::new(plain, Pipe { left: 100 });
    let err = printer.write_rows(&cols).unwrap_err();
    assert!(err.is_broken_pipe(), "{err}");
    let mut tuple = Printer::new(Renderer::plain(Format::Tuple, 5).unwrap(), Vec::new());
    let err = tuple.write_rows(&[0, 2, 4]).unwrap_err();
    assert!(matches!(
        err,
        OutputError::RowCount {
            row: 4,
            count: 0,
            ..
        }
    ));
    assert_eq!(tuple.finish().unwrap(), b"");
}

#[test]
fn board_and_svg_need_the_problem() {
    assert!(Renderer::plain(Format::Board, 8).is_none());
    assert!(Renderer::plain(Format::Svg, 8).is_none());
}

#[test]
fn counts_and_tables_print_as_text_or_json_lines() {
    let mut out = Vec::new();
    for format in ALL {
        write_count(&mut out, format, &Exact::from(92)).unwrap();
    }
    assert_eq!(out, b"92\n92\n92\n{\"count\":92}\n92\n");
    let big = Exact::new("1".repeat(50)).unwrap();
    let mut text = Vec::new();
    let mut table = Table::new("n", true, false);
    table
        .row(&mut text, 8, Exact::from(92), Some(Exact::from(12)))
        .unwrap();
    table
        .row(&mut text, 9, big.clone(), Some(Exact::from(46)))
        .unwrap();
    let ones = "1".repeat(50);
    assert_eq!(
        String::from_utf8(text).unwrap(),
        format!("n solutions unique\n8 92 12\n9 {ones} 46\n")
    );
    let mut json = Vec::new();
    let mut table = Table::new("k", false, true);
    table.row(&mut json, 1, big, None).unwrap();
    assert_eq!(
        String::from_utf8(json).unwrap(),
        format!("{{\"param\":\"k\",\"value\":1,\"count\":{ones}}}\n")
    );
}
