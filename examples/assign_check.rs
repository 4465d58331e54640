//! Prints the optimum sum of a matrix file, for checking against other
//! solvers (see `bench/assignment.py`).
//!
//! ```text
//! cargo run --release --example assign_check -- m.csv [min|max] [K]
//! ```
//! Prints the optimum (or the K best sums, one per line) on stdout and the
//! solve time on stderr.

use std::time::Instant;

use placer::matrix::{Matrix, Sense, top_k};

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .ok_or_else(|| anyhow::anyhow!("usage: assign_check FILE [min|max] [K]"))?;
    let sense = match args.next().as_deref() {
        None | Some("min") => Sense::Min,
        Some("max") => Sense::Max,
        Some(other) => anyhow::bail!("expected min or max, got `{other}`"),
    };
    let k: usize = args.next().map_or(Ok(1), |k| k.parse())?;
    let matrix = Matrix::load(&path)?;
    let start = Instant::now();
    let best = top_k(&matrix, k, sense);
    let secs = start.elapsed().as_secs_f64();
    if best.is_empty() {
        anyhow::bail!("no selection avoids the holes");
    }
    for s in &best {
        println!("{}", s.sum);
    }
    eprintln!("{} × {}, top {k}: {secs:.6} s", matrix.rows, matrix.cols);
    Ok(())
}
