//! Library use of `placer::matrix`: load a CSV, rank the best selections,
//! count them all, and list a bounded few.
//!
//! ```text
//! cargo run --example matrix [-- path/to/matrix.csv]
//! ```

use placer::matrix::{Bounds, Matrix, Sense, Threads, count, selections, top_k};

fn main() -> anyhow::Result<()> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/examples/matrix.csv").into());
    let matrix = Matrix::load(&path)?;
    println!("{}: {} × {}", path, matrix.rows, matrix.cols);

    println!("top 3 by largest sum:");
    for (rank, s) in top_k(&matrix, 3, Sense::Max).iter().enumerate() {
        let cells: Vec<String> = s
            .cells
            .iter()
            .map(|(r, c)| format!("({},{})", r + 1, c + 1))
            .collect();
        println!("  {}. sum {:>4}  {}", rank + 1, s.sum, cells.join(" "));
    }

    println!(
        "selections avoiding holes: {}",
        count(&matrix, &Threads::default())?
    );

    let cheap = Bounds::from_f64(None, Some(12.0));
    println!(
        "selections with sum <= 12: {}",
        selections(&matrix, cheap).count()
    );
    Ok(())
}
