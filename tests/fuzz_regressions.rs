//! Replays the inputs the fuzz targets found interesting (crashes fixed since,
//! and seeds), kept in `tests/fixtures/fuzz/{rules,pictures}/`, through the
//! very code the targets run: `fuzz/common.rs`. See docs/FUZZING.md.

use std::path::Path;

#[path = "../fuzz/common.rs"]
mod common;

fn replay(folder: &str, target: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/fuzz")
        .join(folder);
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    assert!(!entries.is_empty(), "no inputs in {}", dir.display());
    for path in entries {
        let data = std::fs::read(&path).unwrap();
        let outcome = std::panic::catch_unwind(|| target(&data));
        assert!(outcome.is_ok(), "{} panics", path.display());
    }
}

#[test]
fn fuzz_rules_inputs_do_not_panic() {
    replay("rules", common::rules);
}

#[test]
fn fuzz_pictures_inputs_do_not_panic() {
    replay("pictures", common::pictures);
}

#[test]
fn fuzz_matrix_inputs_do_not_panic() {
    replay("matrix", common::matrix);
}
