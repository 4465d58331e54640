//! `--step`: one solution at a time, as in seed 002. On a terminal a single
//! key answers (Enter or space: next, `q` or Esc: quit), without Enter; when
//! stdin is not a terminal, one line answers (a line `q` quits).

use std::io::{self, IsTerminal, Write};

use anyhow::Result;
use console::{Key, Term};

/// The prompt between solutions, and what it learned.
pub struct Stepper {
    what: &'static str,
    /// Single keys from the terminal, or else lines from stdin.
    keys: bool,
    lines: Box<dyn Iterator<Item = io::Result<String>>>,
    /// Whether the user asked to stop.
    pub quit: bool,
}

impl Stepper {
    /// A prompt that calls each solution a `what`, reading `lines` when
    /// stdin is not a terminal.
    pub fn new(
        what: &'static str,
        lines: impl Iterator<Item = io::Result<String>> + 'static,
    ) -> Stepper {
        Stepper {
            what,
            keys: io::stdin().is_terminal() && Term::stderr().is_term(),
            lines: Box::new(lines),
            quit: false,
        }
    }

    /// Asks after solution `k` whether to show the next one.
    pub fn next(&mut self, k: u128) -> Result<bool> {
        let mut err = io::stderr();
        let _ = write!(err, "-- {} {k} -- Enter: next, q: quit ", self.what);
        let go_on = if self.keys {
            let term = Term::stderr();
            loop {
                match term.read_key()? {
                    Key::Enter | Key::Char(' ') | Key::Char('n') => break true,
                    Key::Char('q' | 'Q') | Key::Escape => break false,
                    _ => {}
                }
            }
        } else {
            match self.lines.next() {
                Some(line) => !line?.trim().eq_ignore_ascii_case("q"),
                None => false,
            }
        };
        let _ = writeln!(err);
        self.quit = !go_on;
        Ok(go_on)
    }

    /// Says why the stepping ended, after `shown` solutions, unless the user quit.
    pub fn finish(&self, shown: u128, limit: Option<u128>) {
        if self.quit || shown == 0 {
            return;
        }
        let why = if limit == Some(shown) {
            format!("the limit of {shown} is reached")
        } else {
            format!("that was the last {} ({shown} in all)", self.what)
        };
        let _ = writeln!(io::stderr(), "-- {why} --");
    }
}
