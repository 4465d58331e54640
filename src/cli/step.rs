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
    /// Whether the user pressed Ctrl-C at the prompt (the terminal reads it
    /// as a key, so no signal comes): the run ends as an interrupt does.
    pub interrupted: bool,
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
            interrupted: false,
        }
    }

    /// Asks after solution `k` whether to show the next one.
    pub fn next(&mut self, k: u128) -> Result<bool> {
        let mut err = io::stderr();
        // Marked before the prompt is written: Ctrl-C may come at once.
        super::progress::mid_line(true);
        let _ = write!(err, "-- {} {k} -- Enter: next, q: quit ", self.what);
        let go_on = self.ask();
        // The prompt's line ends whatever the answer, so that what follows
        // starts a line of its own.
        let _ = writeln!(err);
        super::progress::mid_line(false);
        let go_on = go_on?;
        self.quit = !go_on;
        Ok(go_on)
    }

    /// Reads the answer to the prompt: a key on a terminal, else a line.
    fn ask(&mut self) -> Result<bool> {
        if self.keys {
            let term = Term::stderr();
            loop {
                match answer(term.read_key_raw())? {
                    Some(Answer::Next) => return Ok(true),
                    Some(Answer::Quit) => return Ok(false),
                    Some(Answer::Interrupt) => {
                        self.interrupted = true;
                        return Ok(false);
                    }
                    None => {}
                }
            }
        }
        Ok(match self.lines.next() {
            Some(line) => !line?.trim().eq_ignore_ascii_case("q"),
            None => false,
        })
    }

    /// Says why the stepping ended, after `shown` solutions, unless the user
    /// quit; `interrupted` after Ctrl-C, as everywhere else.
    pub fn finish(&self, shown: u128, limit: Option<u128>) {
        if self.interrupted {
            let _ = writeln!(io::stderr(), "interrupted");
            return;
        }
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

/// What a key at the prompt asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Answer {
    /// The next solution.
    Next,
    /// Stop here.
    Quit,
    /// Ctrl-C: stop as an interrupt.
    Interrupt,
}

/// The answer a key read gives, `None` for a key that means nothing; the
/// key is read raw, so Ctrl-C comes as a key (or, from other terminals, an
/// interrupted read), not as a signal.
fn answer(key: io::Result<Key>) -> io::Result<Option<Answer>> {
    match key {
        Ok(Key::Enter | Key::Char(' ' | 'n')) => Ok(Some(Answer::Next)),
        Ok(Key::Char('q' | 'Q') | Key::Escape) => Ok(Some(Answer::Quit)),
        Ok(Key::CtrlC) => Ok(Some(Answer::Interrupt)),
        Ok(_) => Ok(None),
        Err(e) if e.kind() == io::ErrorKind::Interrupted => Ok(Some(Answer::Interrupt)),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ctrl_c_at_the_prompt_is_an_interrupt() {
        let read = io::Error::new(io::ErrorKind::Interrupted, "read interrupted");
        assert_eq!(answer(Err(read)).unwrap(), Some(Answer::Interrupt));
        assert_eq!(answer(Ok(Key::CtrlC)).unwrap(), Some(Answer::Interrupt));
        assert_eq!(answer(Ok(Key::Enter)).unwrap(), Some(Answer::Next));
        assert_eq!(answer(Ok(Key::Escape)).unwrap(), Some(Answer::Quit));
        assert_eq!(answer(Ok(Key::Char('x'))).unwrap(), None);
        let other = io::Error::other("gone");
        assert!(answer(Err(other)).is_err());
    }
}
