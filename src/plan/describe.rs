//! [`Plan::describe`]: the plan in words, for `placer check`.

use super::{Engine, Plan};

impl Plan {
    /// A human-readable account of the plan, for `placer check`.
    pub fn describe(&self) -> String {
        let p = &self.problem;
        let mut out = String::new();
        let lines = p.piece.lines.names();
        let leaps: Vec<String> = p
            .piece
            .leaps
            .iter()
            .map(|(a, b)| format!("[{a}, {b}]"))
            .collect();
        let holes = p.holes.iter().filter(|h| **h).count();
        out += &format!(
            "rules:    {}{}\n",
            p.name,
            if p.summary.is_empty() {
                String::new()
            } else {
                format!(" ({})", p.summary)
            }
        );
        out += &format!(
            "board:    {}×{}{}, {}, {}{}\n",
            self.rows,
            self.cols,
            if p.wrap { " torus" } else { "" },
            plural(holes, "hole"),
            plural(p.givens.len(), "given"),
            p.regions.as_ref().map_or(String::new(), |r| format!(
                ", {}",
                plural(r.names.len(), "region")
            ))
        );
        out += &format!(
            "piece:    {} `{}` × {}\n",
            p.piece.name, p.piece.symbol, p.piece.count
        );
        out += &format!("lines:    {}\n", list_or_none(&lines));
        out += &format!("leaps:    {}\n", list_or_none(&leaps));
        for g in &p.groups {
            let bounds = if g.min == g.max {
                format!("exactly {}", g.min)
            } else if g.max == usize::MAX {
                format!("at least {}", g.min)
            } else {
                format!("{} to {}", g.min, g.max)
            };
            out += &format!("group:    each {}: {bounds}\n", g.family.name());
        }
        out += &format!("symmetry: {}\n", self.symmetry.describe());
        out += &format!("kernel:   {}\n", self.engine.describe());
        out += &crate::engine::frontier::explain(p, self.engine == Engine::Permutation);
        out
    }
}

/// `1 hole`, `2 holes`.
fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// `a, b, c`, or `none` for no items.
fn list_or_none<S: std::borrow::Borrow<str>>(items: &[S]) -> String {
    if items.is_empty() {
        "none".into()
    } else {
        items.join(", ")
    }
}
