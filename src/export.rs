//! Exports a problem for independent solvers: Knuth's exact-cover format with
//! multiplicities, as read by his DLX3 program.
//!
//! One option per cell that can hold a piece. Primary items, each covered a
//! bounded number of times (`u:v|name`, or `v|name` for exactly `v`): `#` —
//! every option covers it, exactly `count` times; one item per group (`gIK`:
//! group `I`, instance `K`) with the group's bounds; one per given piece
//! (`Gcell`), covered only by that cell's option. Secondary items, after `|`,
//! each covered at most once: one per line of a line family (`rK`, `cK`, `dK`,
//! `aK`) and one per pair of cells a leap apart (`pAB`). Names are base 36.
//!
//! The layout follows DLX3's input rules exactly: a line whose first character
//! is `|` is a comment; the first other line names the items; every later line
//! is one option and holds item names only. So each option's cell is named in
//! a comment line just before it, never after it on the same line.

use std::fmt::Write;

use crate::problem::{Family, Problem};

fn base36(mut n: usize, width: usize) -> String {
    let digits = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = vec![b'0'; width];
    for slot in out.iter_mut().rev() {
        *slot = digits[n % 36];
        n /= 36;
    }
    String::from_utf8(out).unwrap_or_default()
}

/// The problem in DLX3 format.
pub fn dlx(p: &Problem) -> String {
    let cells = p.cells();
    let w = if cells <= 36 {
        1
    } else if cells <= 1296 {
        2
    } else {
        3
    };
    let lines = p.piece.lines;
    let families = [
        (lines.row, Family::Row, 'r'),
        (lines.column, Family::Column, 'c'),
        (lines.diagonal, Family::Diagonal, 'd'),
        (lines.anti_diagonal, Family::AntiDiagonal, 'a'),
    ];
    let on_line = |a: usize, b: usize| {
        families.iter().any(|&(on, f, _)| {
            on && p.group_of(f, a).is_some() && p.group_of(f, a) == p.group_of(f, b)
        })
    };
    let free: Vec<usize> = (0..cells).filter(|&c| !p.holes[c]).collect();
    // Pairs a leap apart that no shared line already keeps apart.
    let mut pairs: Vec<Vec<String>> = vec![Vec::new(); cells];
    let mut secondary = Vec::new();
    for (i, &a) in free.iter().enumerate() {
        for &b in &free[i + 1..] {
            if p.attacks(a, b) && !on_line(a, b) {
                let name = format!("p{}{}", base36(a, w), base36(b, w));
                pairs[a].push(name.clone());
                pairs[b].push(name.clone());
                secondary.push(name);
            }
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "| placer export of `{}`: {}×{} board, {} pieces",
        p.name, p.rows, p.cols, p.piece.count
    );
    let mut header = vec![format!("{}|#", p.piece.count)];
    for (gi, g) in p.groups.iter().enumerate() {
        for k in 0..p.group_count(g.family) {
            // at most the board's cells, but never below the minimum: a
            // group that can never be met keeps bounds a solver accepts,
            // and it finds no cover (a `2:1` bound is invalid)
            let max = g.max.min(cells).max(g.min);
            let bounds = if g.min == max {
                format!("{max}|")
            } else {
                format!("{}:{max}|", g.min)
            };
            header.push(format!("{bounds}g{}{}", base36(gi, 1), base36(k, w + 1)));
        }
    }
    for &g in &p.givens {
        header.push(format!("G{}", base36(g, w)));
    }
    header.push("|".into());
    for &(on, f, tag) in &families {
        if on {
            for k in 0..p.group_count(f) {
                header.push(format!("{tag}{}", base36(k, w)));
            }
        }
    }
    header.extend(secondary);
    let _ = writeln!(out, "{}", header.join(" "));
    for &cell in &free {
        let mut items = vec!["#".to_string()];
        for (gi, g) in p.groups.iter().enumerate() {
            if let Some(k) = p.group_of(g.family, cell) {
                items.push(format!("g{}{}", base36(gi, 1), base36(k, w + 1)));
            }
        }
        if p.givens.contains(&cell) {
            items.push(format!("G{}", base36(cell, w)));
        }
        for &(on, f, tag) in &families {
            if let (true, Some(k)) = (on, p.group_of(f, cell)) {
                items.push(format!("{tag}{}", base36(k, w)));
            }
        }
        items.extend(pairs[cell].iter().cloned());
        let (r, c) = p.coords(cell);
        let _ = writeln!(out, "| cell ({}, {})", r + 1, c + 1);
        let _ = writeln!(out, "{}", items.join(" "));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::{Bindings, oracle};
    use crate::spec::{RuleSpec, builtin};
    use std::collections::HashMap;

    /// A plain reading of the DLX3 text and a brute-force count of its exact
    /// covers: a check of the encoding that shares no code with the engine.
    fn count_covers(text: &str) -> usize {
        let mut lines = text.lines().filter(|l| !l.starts_with('|'));
        let header = lines.next().unwrap();
        let mut bounds: HashMap<String, (usize, usize)> = HashMap::new();
        let mut primary = true;
        for item in header.split_whitespace() {
            if item == "|" {
                primary = false;
                continue;
            }
            let (range, name) = item.rsplit_once('|').unwrap_or(("1", item));
            let (u, v) = match range.split_once(':') {
                Some((u, v)) => (u.parse().unwrap(), v.parse().unwrap()),
                None => (range.parse().unwrap(), range.parse().unwrap()),
            };
            bounds.insert(name.to_string(), if primary { (u, v) } else { (0, 1) });
        }
        let options: Vec<Vec<String>> = lines
            .map(|l| {
                let items: Vec<String> = l.split_whitespace().map(String::from).collect();
                assert!(items.iter().all(|i| bounds.contains_key(i)), "{l}");
                items
            })
            .collect();
        let mut total = 0;
        for mask in 0u32..1 << options.len() {
            let mut used: HashMap<&str, usize> = HashMap::new();
            for (i, o) in options.iter().enumerate() {
                if mask >> i & 1 == 1 {
                    for item in o {
                        *used.entry(item).or_default() += 1;
                    }
                }
            }
            if bounds
                .iter()
                .all(|(name, &(u, v))| (u..=v).contains(used.get(name.as_str()).unwrap_or(&0)))
            {
                total += 1;
            }
        }
        total
    }

    fn problem(text: &str, set: &[(&str, i64)]) -> Problem {
        let spec = RuleSpec::parse("t", text).unwrap();
        let set = set.iter().map(|(k, v)| (k.to_string(), *v)).collect();
        Problem::bind(
            &spec,
            &Bindings {
                set,
                ..Bindings::default()
            },
        )
        .unwrap()
    }

    #[test]
    fn covers_are_the_solutions() {
        let cases = [
            problem(builtin("queens").unwrap().text, &[("n", 4)]),
            problem(builtin("superqueens").unwrap().text, &[("n", 4)]),
            problem(builtin("kings").unwrap().text, &[("n", 4), ("count", 4)]),
            problem(builtin("torus-queens").unwrap().text, &[("n", 4)]),
            problem(
                "name = \"s\"\n[board]\nregions = \"\"\"\nAABB\nACBB\nCCDD\nCCDD\n\"\"\"\ncells = \"\"\"\n....\n...#\n.Q..\n....\n\"\"\"\n[piece]\nleaps = [\"king\"]\n[[group]]\nof = \"region\"\nmin = 1\nmax = 2\n[[group]]\nof = \"column\"\ncount = 1\n",
                &[],
            ),
        ];
        for p in cases {
            assert_eq!(
                count_covers(&dlx(&p)),
                oracle::solutions(&p).len(),
                "{}",
                dlx(&p)
            );
        }
    }
}
