//! A stable hash of what a problem means: the rules as bound (board, holes,
//! givens, regions, values, the piece and its attacks, groups) and the bound
//! parameters, written field by field in a fixed order and hashed with
//! 64-bit FNV-1a. Unlike a `{:?}` dump it does not change when a field is
//! renamed or reordered, nor with the rule's summary; it changes with every
//! detail a solution or its display depends on. Checkpoints and shard results
//! carry it (see `docs/LONG-RUNS.md`, "Fingerprint").

use std::fmt::Write;

use crate::problem::Problem;

/// The version of the text hashed below: bump it whenever that text changes.
pub const MEANING_VERSION: u32 = 1;

/// The problem's meaning as one canonical text: `key=value;` pairs in a
/// fixed order, cells as 0-based row-major indices.
pub fn canonical(p: &Problem) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let mut put = |key: &str, value: std::fmt::Arguments| {
        let _ = write!(out, "{key}={value};");
    };
    put("meaning", format_args!("{MEANING_VERSION}"));
    put("name", format_args!("{}", p.name));
    for (k, v) in &p.params {
        put("param", format_args!("{k}:{v}"));
    }
    put(
        "board",
        format_args!("{}x{} wrap:{}", p.rows, p.cols, p.wrap),
    );
    let holes: Vec<usize> = (0..p.holes.len()).filter(|&c| p.holes[c]).collect();
    put("holes", format_args!("{holes:?}"));
    put("givens", format_args!("{:?}", p.givens));
    if let Some(r) = &p.regions {
        let of_cell: Vec<String> = r
            .of_cell
            .iter()
            .map(|k| k.map_or("-".into(), |k| k.to_string()))
            .collect();
        put("regions", format_args!("{}", of_cell.join(",")));
        put("region-names", format_args!("{}", r.names.join(",")));
    }
    if let Some(values) = &p.values {
        let nums: Vec<String> = values
            .iter()
            .map(|v| v.as_ref().map_or("-".into(), |v| v.num.to_string()))
            .collect();
        put("values", format_args!("{}", nums.join(",")));
    }
    let piece = &p.piece;
    put(
        "piece",
        format_args!("{} {} x{}", piece.name, piece.symbol, piece.count),
    );
    let l = piece.lines;
    put(
        "lines",
        format_args!(
            "row:{} column:{} diagonal:{} anti-diagonal:{}",
            l.row, l.column, l.diagonal, l.anti_diagonal
        ),
    );
    put("leaps", format_args!("{:?}", piece.leaps));
    for g in &p.groups {
        put(
            "group",
            format_args!("{} {}..{}", g.family.name(), g.min, g.max),
        );
    }
    out
}

/// The 64-bit FNV-1a hash of `text` (offset basis `0xcbf29ce484222325`,
/// prime `0x100000001b3`).
pub fn fnv1a(text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The hash of the problem's meaning.
pub fn hash(p: &Problem) -> u64 {
    fnv1a(&canonical(p))
}
