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
