//! Input a hostile tester fed `placer select` (and its neighbours): files
//! laid out by pandas, a huge single line, a huge `--top K`, a matrix
//! without a full selection, a BOM on stdin, rules that can never be met
//! exported to DLX. Each is read as documented or refused with a message.

use predicates::prelude::*;

use crate::common::placer;

/// `df.to_csv()` of a 3×3 frame with default column names and index.
const PANDAS: &str = ",0,1,2\n0,5,0,8\n1,3,7,2\n2,4,1,6\n";

#[test]
fn a_pandas_header_read_as_numbers_is_a_warning() {
    placer()
        .args(["select", "-", "--top", "1", "--min", "--format", "cells"])
        .write_stdin(PANDAS)
        .assert()
        .success()
        .stdout("(1,2) (2,1) (3,4) (4,3)\n")
        .stderr(
            "warning: <stdin>: the first row looks like the column names pandas writes and the first column like its index (an empty corner cell, then 0, 1, 2, …), but both were read as numbers (a 4×4 matrix): add `--header --labels` to read them as labels\n",
        );
    // read as meant: 0 + 2 + 4, no warning
    placer()
        .args(["select", "-", "--top", "1", "--min", "--header", "--labels"])
        .args(["--format", "json"])
        .write_stdin(PANDAS)
        .assert()
        .success()
        .stdout(predicate::str::contains("\"sum\":6"))
        .stderr("");
    // one flag of the two: the other is named
    placer()
        .args(["select", "-", "--top", "1", "--min", "--header"])
        .write_stdin(PANDAS)
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "the first column looks like the index pandas writes (0, 1, 2, … under an empty corner cell), but it was read as numbers (a 3×4 matrix): add `--labels` to read it as labels",
        ));
    placer()
        .args(["select", "-", "--top", "1", "--min", "--labels"])
        .write_stdin(PANDAS)
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "add `--header` to read it as labels",
        ));
}

#[test]
fn a_pandas_header_without_index_is_a_warning() {
    placer()
        .args(["select", "-", "--top", "1", "--min", "--format", "cells"])
        .write_stdin("0,1,2\n5,0,8\n3,7,2\n4,1,6\n")
        .assert()
        .success()
        .stderr(
            "warning: <stdin>: the first row looks like the column names pandas writes (0, 1, 2, …), but it was read as numbers (a 4×3 matrix): add `--header` to read it as labels\n",
        );
    // rows that are all 0, 1, 2, …, a two-column 0/1 row, a first row
    // that is not 0, 1, 2, …: data, no warning
    for text in [
        "0,1,2\n0,1,2\n0,1,2\n",
        "0,1\n1,0\n",
        "1,2,3\n4,5,6\n",
        "0,1,3\n4,5,6\n",
    ] {
        placer()
            .args(["select", "-", "--count"])
            .write_stdin(text)
            .assert()
            .success()
            .stderr("");
    }
}

#[test]
fn a_long_line_is_refused_at_the_column_limit() {
    // a million cells on one line: refused once 4096 are passed, whatever
    // the separator, quoted or not, on the first row or a later one
    let long = "1,".repeat(1_000_000);
    let spaced = "1 ".repeat(1_000_000);
    let quoted = format!("\"1\",{long}");
    for (text, what) in [
        (format!("{long}\n"), "more than 4096 columns ("),
        (format!("{spaced}\n"), "more than 4096 columns ("),
        (format!("{quoted}\n"), "more than 4096 columns ("),
        (
            format!("1,2\n{long}\n"),
            "more than 4096 columns in row 2 (",
        ),
    ] {
        placer()
            .args(["select", "-", "--count"])
            .write_stdin(text)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "error: <stdin>: matrix too large: {what}"
            )));
    }
    // one column past the limit is counted exactly
    placer()
        .args(["select", "-", "--count"])
        .write_stdin(format!("{}\n", vec!["1"; 4097].join(",")))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("matrix too large: 4097 columns ("));
}

#[test]
fn a_huge_top_k_is_refused_before_memory_runs_out() {
    // 100×100: 100! selections, far more than any memory holds
    let row = (0..100)
        .map(|c| (c % 7).to_string())
        .collect::<Vec<_>>()
        .join(",");
    let text = format!("{row}\n").repeat(100);
    placer()
        .args(["select", "-", "--top", "100000000000000", "--min"])
        .write_stdin(text)
        .assert()
        .code(2)
        .stderr(predicate::str::is_match(
            r"^error: --top 100000000000000 would keep about \d+ MiB of selections of this 100×100 matrix \(about 6656 bytes each\), more than the \d+ MiB of memory left: ask for at most \d+\n$",
        ).unwrap());
    // a K past the selections a matrix has is no more than all of them
    placer()
        .args([
            "select",
            "-",
            "--top",
            "100000000000000",
            "--min",
            "--format",
            "tuple",
        ])
        .write_stdin("1,2\n3,4\n")
        .assert()
        .success()
        .stdout("1 2\n2 1\n");
}

#[test]
fn top_without_a_full_selection_says_no_solution() {
    // both rows can only use column 2: as --first, exit 1
    for mode in [&["--first"][..], &["--top", "2", "--max"][..]] {
        placer()
            .args(["select", "-"])
            .args(mode)
            .write_stdin(",1\n,2\n")
            .assert()
            .code(1)
            .stdout("")
            .stderr("no solution\n");
    }
}

#[test]
fn queens_batch_strips_a_bom() {
    placer()
        .args(["queens", "-"])
        .write_stdin("\u{feff}8\n5\n")
        .assert()
        .success()
        .stdout("92\n10\n");
}

#[test]
fn export_dlx_of_rules_never_met_has_valid_bounds() {
    // a 1×1 board whose only cell is a hole, two pieces wanted per row
    let rules = "name=\"t\"\n[board]\nrows=1\ncols=1\nwrap=true\nholes=[[1,1]]\n[piece]\ncount=1\nlines=[\"column\", \"diagonal\"]\nleaps=[]\n[[group]]\nof=\"row\"\ncount=2\n";
    let path = std::env::temp_dir().join(format!("placer-r23-{}.toml", std::process::id()));
    std::fs::write(&path, rules).unwrap();
    let out = placer()
        .args(["export", "--dlx"])
        .arg(&path)
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    std::fs::remove_file(&path).unwrap();
    // every `u:v|` bound has u ≤ v
    let items = text.lines().find(|l| !l.starts_with('|')).unwrap();
    for item in items.split(' ') {
        if let Some((bounds, _)) = item.split_once('|')
            && let Some((lo, hi)) = bounds.split_once(':')
        {
            assert!(
                lo.parse::<u64>().unwrap() <= hi.parse::<u64>().unwrap(),
                "{item}"
            );
        }
    }
    assert!(items.contains("2|g0"), "{items}");
}

/// Labels that are integers (ids, 1-based numbers) read as numbers: the
/// file is read as the flags say, and stderr names the flags that read them.
#[test]
fn integer_labels_read_as_numbers_are_a_warning() {
    let both = "add `--header --labels` to read them as labels";
    for (text, flags, warning) in [
        // an empty corner over ids and 1-based column names
        (",1,2,3\n101,5,3,2\n102,4,6,1\n103,2,2,7\n", "", both),
        (",10,20\n100,1,2\n200,3,4\n", "", both),
        // 1-based column names, no index
        (
            "1,2,3\n5,3,2\n4,6,1\n2,2,7\n",
            "",
            "add `--header` to read it as labels",
        ),
        // pandas' default names over two columns of floats
        (
            "0,1\n5.0,1.0\n2.0,6.0\n",
            "",
            "add `--header` to read it as labels",
        ),
        // an empty header cell over the first column: an index
        (
            ",A,B\n101,1,2\n102,3,4\n",
            "--header",
            "add `--labels` to read it as labels",
        ),
        // an empty header cell over a later column: a second index level
        (
            ",,0,1\na,1,0,1\na,2,2,3\nb,1,4,5\n",
            "--header --labels",
            "cell 2 of the header is empty",
        ),
    ] {
        placer()
            .args(["select", "-", "--count"])
            .args(flags.split_whitespace())
            .write_stdin(text)
            .assert()
            .success()
            .stderr(predicate::str::contains(warning));
    }
    // data that counts (np.arange), a 0/1 row, a Latin square, a hole in a
    // matrix with others, the flags given: no warning
    for (text, flags) in [
        ("0,1,2,3\n4,5,6,7\n8,9,10,11\n", ""),
        ("1,2,3\n4,5,6\n7,8,9\n", ""),
        ("1,2\n3,4\n5,6\n", ""),
        ("1,2,3\n3,1,2\n2,3,1\n", ""),
        ("0,1\n1,0\n", ""),
        (",5,3\n4,,2\n7,8,9\n", ""),
        (",1,2,3\n101,5,3,2\n102,4,6,1\n", "--header --labels"),
        (",A,B\n101,1,2\n102,3,4\n", "--header --labels"),
    ] {
        placer()
            .args(["select", "-", "--count"])
            .args(flags.split_whitespace())
            .write_stdin(text)
            .assert()
            .success()
            .stderr("");
    }
}

/// One column of decimal commas (`to_csv(sep=';', decimal=',')`) reads as
/// two comma columns: a warning names `--decimal ,`, which reads it; a
/// comma file with quoted decimal commas reads with `--decimal ,` alone.
#[test]
fn decimal_commas_and_the_separator_guess() {
    let one = "1,5\n2,05\n3,0\n";
    placer()
        .args(["select", "-", "--top", "1", "--max", "--format", "json"])
        .write_stdin(one)
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "every line is two integers split by a comma, some with a leading zero after it (`2,05`), read as two columns",
        ))
        .stderr(predicate::str::contains("add `--decimal ,`"));
    placer()
        .args(["select", "-", "--top", "1", "--max", "--decimal", ","])
        .args(["--format", "json"])
        .write_stdin(one)
        .assert()
        .success()
        .stdout(predicate::str::contains("\"sum\":3}"))
        .stderr("");
    // pandas' decimal=',' with the default comma separator: the hint's
    // flag reads it
    let quoted = ",A,B\nx,\"4,0\",\"1,5\"\ny,\"2,0\",\"5,25\"\n";
    placer()
        .args(["select", "-", "--header", "--labels", "--count"])
        .write_stdin(quoted)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("add `--decimal ,`"));
    placer()
        .args(["select", "-", "--header", "--labels", "--top", "1", "--max"])
        .args(["--decimal", ",", "--format", "json"])
        .write_stdin(quoted)
        .assert()
        .success()
        .stdout(predicate::str::contains("\"sum\":9.25"));
    // two columns of integers, with a point, with a sign: no warning (a
    // column of decimal commas without a leading zero after one reads as
    // two columns: only `--decimal ,` tells them apart)
    for text in ["1,5\n2,25\n3,0\n", "1,05\n2.5,3\n", "1,-05\n2,3\n"] {
        placer()
            .args(["select", "-", "--count"])
            .write_stdin(text)
            .assert()
            .success()
            .stderr("");
    }
}

/// A trailing separator on every line makes a last column of holes: said;
/// a file with no number at all is an empty matrix.
#[test]
fn trailing_separators_and_empty_files() {
    placer()
        .args(["select", "-", "--count"])
        .write_stdin("1,2,\n3,4,\n5,6,\n")
        .assert()
        .success()
        .stdout("0\n")
        .stderr(predicate::str::contains(
            "every line ends with `,`, so column 3 is nothing but holes (a 3×3 matrix)",
        ));
    for text in ["\"\"\n", ",\n,\n", ";;\n"] {
        placer()
            .args(["select", "-", "--count"])
            .write_stdin(text)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("empty matrix"));
    }
}

/// Missing values as numpy, pandas, R and spreadsheets write them are
/// holes; `inf` and `-` get the hint to write a hole; `--skip NA` is
/// accepted; a refused `--top` names the real reason.
#[test]
fn missing_value_spellings_are_holes() {
    for text in [
        "nan 2.0\n3.0 4.0\n",
        "1.0,nan\n3.0,4.0\n",
        "NA,2\n3,4\n",
        "NaN;2\n3;4\n",
        "1,#N/A\n3,4\n",
    ] {
        placer()
            .args(["select", "-", "--count"])
            .write_stdin(text)
            .assert()
            .success()
            .stdout("1\n");
    }
    placer()
        .args(["select", "-", "--count", "--skip", "NA", "--skip", "4"])
        .write_stdin("NA,2\n3,4\n")
        .assert()
        .success()
        .stdout("1\n");
    for text in ["inf,1\n2,3\n", "1,-\n2,3\n"] {
        placer()
            .args(["select", "-", "--count"])
            .write_stdin(text)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "a cell that cannot be chosen is a hole: write it as an empty cell or `NA`",
            ));
    }
    // a number written another way is no label
    placer()
        .args(["select", "-", "--count"])
        .write_stdin("0x10,1\n2,3\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--labels").not());
    placer()
        .args(["select", "-", "--top", "1", "--min"])
        .write_stdin("1e29,1e29\n1e29,1e29\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("significant digits").not())
        .stderr(predicate::str::contains("a value above 7.9e28"));
}

/// `--count` with a sum bound that every selection meets is the permanent,
/// at once (it listed all 20! selections); one that some miss still lists.
#[test]
fn a_bound_every_selection_meets_counts_by_the_permanent() {
    let ones = "1,".repeat(19) + "1\n";
    let ones = ones.repeat(20);
    for bound in [
        ["--max-sum", "20"],
        ["--min-sum", "20"],
        ["--min-sum", "-5"],
    ] {
        placer()
            .args(["select", "-", "--count"])
            .args(bound)
            .write_stdin(ones.clone())
            .timeout(std::time::Duration::from_secs(60))
            .assert()
            .success()
            .stdout("2432902008176640000\n");
    }
    placer()
        .args(["select", "-", "--count", "--max-sum", "19"])
        .write_stdin(ones)
        .assert()
        .success()
        .stdout("0\n");
    placer()
        .args(["select", "-", "--count", "--min-sum", "5"])
        .write_stdin("1,2\n3,4\n")
        .assert()
        .success()
        .stdout("2\n");
    placer()
        .args(["select", "-", "--count", "--min-sum", "5.5"])
        .write_stdin("1,2.5\n3,4\n")
        .assert()
        .success()
        .stdout("1\n");
}
