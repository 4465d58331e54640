//! Experiment: constellations against the kernel. `constellations N K` or `constellations N kernel`.
use placer::engine::permutation::{Permutation, constellation, count};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let n: usize = a[1].parse().unwrap();
    let t = std::time::Instant::now();
    if a[2] == "kernel" {
        let c = count(&Permutation::queens(n));
        println!(
            "{} nodes {} {:.4}",
            c.total,
            c.nodes,
            t.elapsed().as_secs_f64()
        );
    } else {
        let k: usize = a[2].parse().unwrap();
        let c = constellation::count(n, k);
        println!(
            "{} classes {} nodes {} steps {} {:.4}",
            c.total,
            c.classes,
            c.nodes,
            c.steps,
            t.elapsed().as_secs_f64()
        );
    }
}
