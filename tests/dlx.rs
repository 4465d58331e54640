//! `placer export --dlx` read as Knuth's DLX3 reads it, and solved by a small
//! exact-cover search written here: its counts must equal placer's.
//!
//! DLX3's input rules: a line whose first character is `|` is a comment; the
//! first other line lists the items, primary ones first, then `|`, then the
//! secondary ones; a primary item may carry multiplicities, `u:v|name` or
//! `v|name`; every later line is one option, a list of item names, each
//! declared and none twice. Anything else is an error here, as in DLX3.

use std::collections::HashMap;

use crate::common::stdout_of;

/// Items with their bounds, and options as item indices.
struct Cover {
    bounds: Vec<(usize, usize)>,
    options: Vec<Vec<usize>>,
}

fn parse(text: &str) -> Result<Cover, String> {
    let mut lines = text
        .lines()
        .filter(|l| !l.starts_with('|') && !l.trim().is_empty());
    let header = lines.next().ok_or("no item line")?;
    let mut index = HashMap::new();
    let mut bounds = Vec::new();
    let mut primary = true;
    for token in header.split_whitespace() {
        if token == "|" {
            if !primary {
                return Err("two `|` in the item line".into());
            }
            primary = false;
            continue;
        }
        let (range, name) = match token.rsplit_once('|') {
            Some((range, name)) if primary => (Some(range), name),
            Some(_) => return Err(format!("multiplicity on secondary item `{token}`")),
            None => (None, token),
        };
        if name.is_empty() || name.len() > 8 || name.contains(':') {
            return Err(format!("bad item name `{name}`"));
        }
        let (u, v) = match range {
            None => (1, 1),
            Some(r) => {
                let num = |s: &str| {
                    s.parse::<usize>()
                        .map_err(|_| format!("bad bound in `{token}`"))
                };
                match r.split_once(':') {
                    Some((u, v)) => (num(u)?, num(v)?),
                    None => (num(r)?, num(r)?),
                }
            }
        };
        let bound = if primary { (u, v) } else { (0, 1) };
        if index.insert(name.to_string(), bounds.len()).is_some() {
            return Err(format!("item `{name}` declared twice"));
        }
        bounds.push(bound);
    }
    let mut options = Vec::new();
    for line in lines {
        let mut option = Vec::new();
        for name in line.split_whitespace() {
            let &i = index
                .get(name)
                .ok_or_else(|| format!("Unknown item name `{name}` in `{line}`"))?;
            if option.contains(&i) {
                return Err(format!("item `{name}` twice in `{line}`"));
            }
            option.push(i);
        }
        options.push(option);
    }
    Ok(Cover { bounds, options })
}

/// Counts the sets of options that cover each item between its bounds:
/// include or skip each option in turn, never past an upper bound.
fn count(cover: &Cover) -> u64 {
    fn go(cover: &Cover, next: usize, used: &mut Vec<usize>) -> u64 {
        if next == cover.options.len() {
            let ok = cover
                .bounds
                .iter()
                .zip(used.iter())
                .all(|(&(u, v), &k)| (u..=v).contains(&k));
            return u64::from(ok);
        }
        let option = &cover.options[next];
        let mut total = go(cover, next + 1, used);
        if option.iter().all(|&i| used[i] < cover.bounds[i].1) {
            option.iter().for_each(|&i| used[i] += 1);
            total += go(cover, next + 1, used);
            option.iter().for_each(|&i| used[i] -= 1);
        }
        total
    }
    go(cover, 0, &mut vec![0; cover.bounds.len()])
}

#[test]
fn the_reader_rejects_what_dlx3_rejects() {
    assert!(parse("a b\na b | cell (1, 1)\n").is_err());
    assert!(parse("a b\na c\n").is_err());
    assert!(parse(" | indented comment\na\na\n").is_err());
    let ok = parse("| comment\n2|a 0:1|b | s\na s\n| another\na\nb\n").unwrap();
    assert_eq!(count(&ok), 2);
}

#[test]
fn exported_covers_count_what_placer_counts() {
    let cases: &[&[&str]] = &[
        &["queens", "--set", "n=5"],
        &["queens", "--set", "n=6"],
        &["kings", "--set", "n=4"],
        &["knights", "--set", "n=4"],
        &["bishops", "--set", "n=4"],
        &["torus-queens", "--set", "n=5"],
        &["superqueens", "--set", "n=5"],
        &["hertzsprung", "--set", "n=5"],
        &[
            "region-queens",
            "--regions",
            "examples/puzzles/queens-7.txt",
        ],
        &[
            "star-battle",
            "--regions",
            "examples/puzzles/star-battle-8-one-star.txt",
        ],
    ];
    for case in cases {
        let text = stdout_of(&[&["export", "--dlx"], *case].concat());
        let cover = parse(&text).unwrap_or_else(|e| panic!("{case:?}: {e}\n{text}"));
        let want: u64 = stdout_of(&[&["solve"], *case, &["--count"]].concat())
            .trim()
            .parse()
            .unwrap();
        assert_eq!(count(&cover), want, "{case:?}");
    }
}
