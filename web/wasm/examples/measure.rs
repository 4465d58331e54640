//! Times the bindings' work natively, to set beside the same work in the
//! browser (`node web/tests/measure.mjs`, docs/PERFORMANCE.md):
//!
//! ```sh
//! cargo run --release --example measure -- region-queens 1 puzzle.txt
//! ```
//!
//! Prints the median milliseconds of a uniqueness check with grade
//! (`puzzle::analyse`) and of a hint on the empty board (a new session's
//! `hint`, which first finds the puzzle's solutions), and of counting
//! queens 14 as the Rules view does (`count::count`).

use std::time::Instant;

use placer_web::{play, puzzle};

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn time(runs: usize, mut f: impl FnMut()) -> f64 {
    median(
        (0..runs)
            .map(|_| {
                let t = Instant::now();
                f();
                t.elapsed().as_secs_f64() * 1000.0
            })
            .collect(),
    )
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game, k, file] = args.as_slice() else {
        eprintln!("usage: measure GAME K PICTURE-FILE");
        std::process::exit(2);
    };
    let k: u32 = k.parse().expect("K is a number");
    let picture = std::fs::read_to_string(file).expect("the picture file reads");
    let analyse = time(5, || {
        let a = puzzle::analyse(game, k, &picture).expect("the puzzle binds");
        assert_eq!(a.verdict, "unique");
    });
    let hint = time(5, || {
        let session = play::Play::from_picture(game, k as usize, &picture).expect("the game opens");
        let _ = session.hint();
    });
    let queens = placer::spec::builtin("queens")
        .expect("queens is built in")
        .text;
    let count = time(3, || {
        let c = placer_web::count::count(queens, "n=14", false, &|_, _| {}).expect("counts");
        assert_eq!(c.count, "365596");
    });
    println!("analyse_ms {analyse:.2}");
    println!("queens14_count_ms {count:.2}");
    println!("hint_ms {hint:.2}");
}
