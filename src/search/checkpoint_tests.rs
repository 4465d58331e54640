use super::*;

fn sealed_checkpoint(done: &[(usize, &str)]) -> Checkpoint {
    seal(Checkpoint {
        format: FORMAT,
        fingerprint: "0".into(),
        rules: "queens".into(),
        params: BTreeMap::from([("n".into(), 8)]),
        unique: false,
        shard: None,
        subproblems: 4,
        done: done.iter().map(|&(i, c)| (i, (c.into(), 1))).collect(),
        checksum: String::new(),
    })
}

#[test]
fn records_round_trip_and_refuse_any_change() {
    let ck = sealed_checkpoint(&[(0, "5"), (3, "7")]);
    let text = serde_json::to_string(&ck).unwrap();
    let back: Checkpoint = unseal(&text).unwrap();
    assert_eq!(back.done, ck.done);
    let changed = text.replace("\"7\"", "\"8\"");
    assert_ne!(changed, text);
    assert_eq!(
        unseal::<Checkpoint>(&changed).unwrap_err(),
        Refused::Checksum
    );
    let extra = text.replacen('{', "{\"more\":1,", 1);
    assert_eq!(
        unseal::<Checkpoint>(&extra).unwrap_err(),
        Refused::NotARecord
    );
    let old = text.replace(&format!("\"format\":{FORMAT},"), "");
    assert_eq!(
        unseal::<Checkpoint>(&old).unwrap_err(),
        Refused::Format(None)
    );
    assert_eq!(unseal::<Part>("[1]").unwrap_err(), Refused::NotARecord);
}

#[test]
fn a_checkpoint_of_format_2_is_refused_not_misread() {
    // Sealed the way format 2 was: valid fields, a valid checksum.
    let mut two = sealed_checkpoint(&[(0, "5")]);
    two.format = 2;
    let two = seal(two);
    let text = serde_json::to_string(&two).unwrap();
    let refused = unseal::<Checkpoint>(&text).unwrap_err();
    assert_eq!(refused, Refused::Format(Some(2)));
    assert_eq!(
        refused.to_string(),
        "is in format 2, but this placer reads format 3"
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.ckpt");
    std::fs::write(&path, text).unwrap();
    let err = load(&path).unwrap_err().to_string();
    assert!(
        err.contains("is in format 2, but this placer reads format 3; delete it"),
        "{err}"
    );
}

#[test]
fn sealed_but_impossible_checkpoints_are_damaged() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c.ckpt");
    let cases = [
        (vec![(9, "1")], "part 9 of 4"),
        (vec![(0, "x")], "with count `x`"),
        (
            vec![(0, "340282366920938463463374607431768211455"), (1, "1")],
            "overflows 128 bits",
        ),
    ];
    for (done, message) in cases {
        let text = serde_json::to_string(&sealed_checkpoint(&done)).unwrap();
        std::fs::write(&path, text).unwrap();
        let err = load(&path).unwrap_err().to_string();
        assert!(err.contains(message), "{err}");
        assert!(err.contains("c.ckpt is damaged"), "{err}");
    }
}

#[test]
fn counts_add_without_overflow() {
    assert_eq!(add_count(1, "2").unwrap(), 3);
    assert!(add_count(u128::MAX, "1").is_err());
    assert!(add_count(0, "-1").is_err());
}

fn fingerprint_of(text: &str, set: &[(&str, i64)], unique: bool) -> String {
    let plan = crate::search::tests::plan(text, set);
    fingerprint(&plan, unique, &plan.subproblems())
}

const KINGS: &str = r#"
name = "kings"
summary = "kings, one per row and column"
[params]
n = 6
[board]
rows = "n"
holes = [[2, 2]]
[piece]
name = "king"
symbol = "K"
lines = ["row", "column"]
leaps = ["king"]
"#;

#[test]
fn the_fingerprint_follows_the_meaning_not_the_text() {
    let base = fingerprint_of(KINGS, &[], false);
    // The same rules loaded twice, and written otherwise: the same run.
    assert_eq!(base, fingerprint_of(KINGS, &[], false));
    let reordered = KINGS
        .replace("summary = \"kings, one per row and column\"\n", "")
        .replace(
            "name = \"kings\"\n",
            "name = \"kings\"\nsummary = \"another summary\"\n",
        )
        .replace(
            "lines = [\"row\", \"column\"]",
            "lines = [\"column\", \"row\"]",
        )
        .replace("rows = \"n\"", "rows = \"2 * n - n\"\ncols = \"n\"");
    assert_ne!(reordered, KINGS);
    assert_eq!(base, fingerprint_of(&reordered, &[], false));
    assert_eq!(base, fingerprint_of(KINGS, &[("n", 6)], false));
    // Anything a count depends on: another run.
    let changed = [
        fingerprint_of(KINGS, &[("n", 7)], false),
        fingerprint_of(KINGS, &[], true),
        fingerprint_of(&KINGS.replace("[[2, 2]]", "[[2, 3]]"), &[], false),
        fingerprint_of(&KINGS.replace("[\"king\"]", "[\"knight\"]"), &[], false),
        fingerprint_of(
            &KINGS.replace("symbol = \"K\"", "symbol = \"W\""),
            &[],
            false,
        ),
    ];
    for (i, other) in changed.iter().enumerate() {
        assert_ne!(&base, other, "change {i}");
    }
}
