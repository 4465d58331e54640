//! `tests/fixtures/invalid/`: bad inputs, each beside the exact stderr it
//! gives (`NAME.stderr`, carets included) and exit code 2.
//!
//! How each input is run, from its extension (`FILE` is the input's name):
//!
//! | extension | command |
//! |---|---|
//! | `.toml` | `placer solve FILE` |
//! | `.regions` | `placer solve region-queens --regions FILE` |
//! | `.cells` | `placer solve kings --set n=3 --cells FILE` |
//! | `.csv` | `placer select FILE` |
//! | `.checkpoint` | `placer queens 8 --checkpoint FILE` |
//! | `.part` | `placer merge FILE` |
//!
//! A sibling `NAME.args` replaces that command: its words, `FILE` standing for
//! the input. Each input runs from a copy in a fresh directory, so messages
//! name it by its bare file name. `PLACER_BLESS=1 cargo test --test integration
//! invalid` rewrites the `.stderr` files from what placer prints now; review
//! the diff before committing it.

use std::path::Path;

use assert_cmd::Command;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/invalid");

fn command_for(name: &str, args_file: &Path) -> Vec<String> {
    let words: Vec<String> = match std::fs::read_to_string(args_file) {
        Ok(text) => text.split_whitespace().map(String::from).collect(),
        Err(_) => {
            let ext = name.rsplit('.').next().unwrap_or("");
            let words: &[&str] = match ext {
                "toml" => &["solve", "FILE"],
                "regions" => &["solve", "region-queens", "--regions", "FILE"],
                "cells" => &["solve", "kings", "--set", "n=3", "--cells", "FILE"],
                "csv" => &["select", "FILE"],
                "checkpoint" => &["queens", "8", "--checkpoint", "FILE"],
                "part" => &["merge", "FILE"],
                _ => panic!("{name}: no command for this extension; add {name}.args"),
            };
            words.iter().map(|w| (*w).to_string()).collect()
        }
    };
    words
        .into_iter()
        .map(|w| if w == "FILE" { name.to_string() } else { w })
        .collect()
}

#[test]
fn each_invalid_input_gives_its_message() {
    let bless = std::env::var_os("PLACER_BLESS").is_some();
    let mut names: Vec<String> = std::fs::read_dir(DIR)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.ends_with(".stderr") && !n.ends_with(".args"))
        .collect();
    names.sort();
    assert!(names.len() >= 10, "fixtures missing in {DIR}");
    let mut failures = Vec::new();
    for name in &names {
        let input = Path::new(DIR).join(name);
        let expected_file = Path::new(DIR).join(format!("{name}.stderr"));
        let args = command_for(name, &Path::new(DIR).join(format!("{name}.args")));
        let work = tempfile::tempdir().unwrap();
        std::fs::copy(&input, work.path().join(name)).unwrap();
        let out = Command::cargo_bin("placer")
            .unwrap()
            .current_dir(work.path())
            .args(&args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        if bless {
            std::fs::write(&expected_file, &stderr).unwrap();
        }
        let expected = std::fs::read_to_string(&expected_file).unwrap_or_default();
        if out.status.code() != Some(2) || stderr != expected {
            failures.push(format!(
                "{name} ({}): exit {:?}\n--- expected\n{expected}--- got\n{stderr}",
                args.join(" "),
                out.status.code()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The same inputs through the library: each error has a kind a caller can
/// match, and names the caller's inputs (not the command line's flags) that
/// would fix it.
#[test]
fn each_invalid_input_has_its_kind() {
    use placer::error::{Diagnostic, Kind, Setting};
    use placer::matrix::{Layout, Matrix};
    use placer::problem::{Bindings, Problem};
    use placer::spec::RuleSpec;

    let bind = |name: &str, set: &[(&str, i64)]| -> Diagnostic {
        let bindings = Bindings {
            set: set.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
            ..Bindings::default()
        };
        RuleSpec::load(&Path::new(DIR).join(name))
            .and_then(|spec| Problem::bind(&spec, &bindings))
            .expect_err(name)
    };
    /// A rule file, its parameters, the kind of its error and the settings named.
    type Case = (
        &'static str,
        &'static [(&'static str, i64)],
        Kind,
        &'static [Setting],
    );
    let rules: [Case; 10] = [
        ("syntax.toml", &[], Kind::Syntax, &[]),
        ("expression-syntax.toml", &[], Kind::Syntax, &[]),
        ("unknown-key.toml", &[], Kind::Unknown, &[]),
        ("unknown-leap.toml", &[], Kind::Unknown, &[]),
        ("wrong-type.toml", &[], Kind::Type, &[]),
        (
            "no-size.toml",
            &[],
            Kind::Type,
            &[Setting::Regions, Setting::Cells],
        ),
        ("hole-off-board.toml", &[], Kind::Value, &[]),
        (
            "region-group-without-regions.toml",
            &[],
            Kind::Value,
            &[Setting::Regions],
        ),
        (
            "side-too-big.toml",
            &[("n", 2000)],
            Kind::TooBig,
            &[Setting::Param],
        ),
        ("missing-matrix.toml", &[], Kind::Io, &[]),
    ];
    for (name, set, kind, settings) in rules {
        let d = bind(name, set);
        assert_eq!(
            (d.kind, d.settings.as_slice()),
            (kind, settings),
            "{name}: {d}"
        );
        let text = format!("{} {}", d.message, d.help.clone().unwrap_or_default());
        assert!(!text.contains("--"), "{name} names a flag: {d}");
    }
    let layout = Layout {
        header: true,
        labels: true,
        ..Layout::default()
    };
    for (name, layout) in [
        ("ragged-short.csv", Layout::default()),
        ("ragged-long.csv", Layout::default()),
        ("bad-number.csv", Layout::default()),
        ("blank-line.csv", Layout::default()),
        ("empty.csv", Layout::default()),
        ("header.csv", layout),
    ] {
        let e = Matrix::load_with(Path::new(DIR).join(name), layout).expect_err(name);
        let d = Diagnostic::from(e);
        assert_eq!(d.kind, Kind::Matrix, "{name}: {d}");
        assert_eq!(d.span.is_some(), name != "empty.csv", "{name}: {d}");
    }
    let e = Matrix::load(Path::new(DIR).join("missing.csv")).expect_err("missing");
    assert_eq!(Diagnostic::from(e).kind, Kind::Io);
    let spec = RuleSpec::load(&Path::new(DIR).join("generate-without-regions.toml")).unwrap();
    let d = placer::generate::generate(&spec, &[], 8, 1, 2).expect_err("generate");
    assert_eq!(d.kind, Kind::Unsupported, "{d}");
    let d = placer::generate::generate(&spec, &[], 30, 1, 2).expect_err("generate");
    assert_eq!(
        (d.kind, d.settings.as_slice()),
        (Kind::Value, &[Setting::Size][..])
    );
}
