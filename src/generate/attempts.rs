//! Running the generator's attempts on several threads with the answer of
//! one: attempts are numbered, each thread takes the next number, and the
//! answer is the lowest-numbered attempt that succeeds. An attempt is
//! stopped once a lower-numbered one has succeeded, and none starts above
//! it; every attempt below it runs to its end. So the answer, and the
//! region grids counted on the way to it, never depend on the threads.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Attempts before the generator gives up.
pub const ATTEMPTS: usize = 60;

/// Runs `attempt(index, stop)` for indices 0, 1, … below [`ATTEMPTS`] on
/// `threads` threads (at least one, at most [`ATTEMPTS`]) until one
/// succeeds; `stop()` turns true once that attempt no longer matters. An
/// attempt returns its answer, if any, and its cost. Returns the
/// lowest-indexed answer with the costs of every attempt up to it.
pub(super) fn first_success<T: Send>(
    threads: usize,
    attempt: impl Fn(usize, &dyn Fn() -> bool) -> (Option<T>, usize) + Sync,
) -> Option<(T, usize)> {
    let next = AtomicUsize::new(0);
    // The lowest index that succeeded so far, ATTEMPTS while none has.
    let found = AtomicUsize::new(ATTEMPTS);
    let done: Mutex<Vec<(usize, Option<T>, usize)>> = Mutex::new(Vec::new());
    let work = || {
        loop {
            let index = next.fetch_add(1, Ordering::SeqCst);
            if index >= found.load(Ordering::SeqCst) {
                return;
            }
            let stop = || found.load(Ordering::SeqCst) < index;
            let (answer, cost) = attempt(index, &stop);
            if answer.is_some() {
                found.fetch_min(index, Ordering::SeqCst);
            }
            done.lock()
                .unwrap_or_else(|e| e.into_inner())
                .push((index, answer, cost));
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..threads.clamp(1, ATTEMPTS) {
            scope.spawn(work);
        }
        work();
    });
    let winner = found.into_inner();
    let mut done = done.into_inner().unwrap_or_else(|e| e.into_inner());
    done.sort_by_key(|&(index, ..)| index);
    let cost = done
        .iter()
        .take_while(|&&(index, ..)| index <= winner)
        .map(|&(.., cost)| cost)
        .sum();
    let (_, answer, _) = done.into_iter().find(|&(index, ..)| index == winner)?;
    Some((answer?, cost))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An attempt that succeeds at the indices in `wins`, costing index + 1,
    /// and that takes longer the lower its index (so that on several
    /// threads higher ones finish first).
    fn fake(wins: &[usize]) -> impl Fn(usize, &dyn Fn() -> bool) -> (Option<usize>, usize) + Sync {
        move |index, stop| {
            for _ in 0..(ATTEMPTS - index) * 2 {
                if stop() {
                    return (None, index + 1);
                }
                std::thread::sleep(std::time::Duration::from_micros(10));
            }
            (wins.contains(&index).then_some(index), index + 1)
        }
    }

    #[test]
    fn the_lowest_success_wins_whatever_the_threads() {
        for wins in [vec![0], vec![3, 4], vec![7, 2, 30], vec![ATTEMPTS - 1]] {
            let lowest = *wins.iter().min().unwrap();
            // Costs 1 + 2 + … + (lowest + 1).
            let cost = (lowest + 1) * (lowest + 2) / 2;
            for threads in [1, 2, 3, 8] {
                let got = first_success(threads, fake(&wins));
                assert_eq!(
                    got,
                    Some((lowest, cost)),
                    "wins {wins:?}, {threads} threads"
                );
            }
        }
        for threads in [1, 2, 5] {
            assert_eq!(first_success(threads, fake(&[])), None);
            assert_eq!(first_success(threads, fake(&[ATTEMPTS])), None);
        }
    }
}
