//! [`Printer`]: a renderer and a writer, the [`Sink`] the search streams
//! solutions to; large one-per-row solutions go out in pieces.

use std::io::{self, Write};
use std::ops::ControlFlow;

use super::{OutputError, Render};
use crate::search::{Sink, Solution};

/// A [`Sink`] that renders each solution and writes it to `W`. The first
/// error (rendering or writing) stops the search and is kept for
/// [`finish`](Printer::finish).
#[derive(Debug)]
pub struct Printer<R, W: Write> {
    render: R,
    out: W,
    buf: String,
    written: u64,
    flush_each: bool,
    error: Option<OutputError>,
}

impl<R: Render, W: Write> Printer<R, W> {
    /// A printer writing `render`'s text to `out`.
    pub fn new(render: R, out: W) -> Self {
        Printer {
            render,
            out,
            buf: String::new(),
            written: 0,
            flush_each: false,
            error: None,
        }
    }

    /// Flushes the writer after each solution (for interactive stepping).
    pub fn flush_each(mut self, yes: bool) -> Self {
        self.flush_each = yes;
        self
    }

    /// Solutions written so far.
    pub fn written(&self) -> u64 {
        self.written
    }

    /// The error that stopped the printer, if any.
    pub fn error(&self) -> Option<&OutputError> {
        self.error.as_ref()
    }

    /// Writes one solution; the same as [`Sink::solution`] with the error.
    pub fn write(&mut self, solution: &Solution) -> Result<(), OutputError> {
        self.buf.clear();
        self.render.render(self.written, solution, &mut self.buf)?;
        self.out.write_all(self.buf.as_bytes())?;
        if self.flush_each {
            self.out.flush()?;
        }
        self.written += 1;
        Ok(())
    }

    /// Writes one solution given as each row's column (see
    /// [`Render::render_rows`]), passing the text on in pieces of 64 KiB: a
    /// constructed N-queens solution of 10⁸ rows needs no more memory than
    /// `cols`.
    pub fn write_rows(&mut self, cols: &[usize]) -> Result<(), OutputError> {
        let mut to = Chunked {
            out: &mut self.out,
            buf: String::new(),
            error: None,
        };
        let rendered = self.render.render_rows(self.written, cols, &mut to);
        let flushed = to.flush();
        rendered
            .and(flushed)
            .map_err(|e| to.error.take().map_or(e, OutputError::Io))?;
        if self.flush_each {
            self.out.flush()?;
        }
        self.written += 1;
        Ok(())
    }

    /// Flushes the writer now.
    pub fn flush(&mut self) -> Result<(), OutputError> {
        Ok(self.out.flush()?)
    }

    /// Flushes and returns the writer, or the error that stopped the printer.
    pub fn finish(mut self) -> Result<W, OutputError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        self.out.flush()?;
        Ok(self.out)
    }

    /// Flushes; the error that stopped the printer, if any.
    pub fn into_result(self) -> Result<(), OutputError> {
        self.finish().map(drop)
    }
}

impl<R: Render, W: Write> Sink for Printer<R, W> {
    fn solution(&mut self, solution: &Solution) -> ControlFlow<()> {
        if self.error.is_some() {
            return ControlFlow::Break(());
        }
        match self.write(solution) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                self.error = Some(e);
                ControlFlow::Break(())
            }
        }
    }
}

/// Text passed on to a writer in pieces of about [`Chunked::SIZE`] bytes;
/// the first I/O error is kept and fails every later write.
struct Chunked<'w, W: Write> {
    out: &'w mut W,
    buf: String,
    error: Option<io::Error>,
}

impl<W: Write> Chunked<'_, W> {
    const SIZE: usize = 1 << 16;

    fn flush(&mut self) -> Result<(), OutputError> {
        if self.error.is_none()
            && let Err(e) = self.out.write_all(self.buf.as_bytes())
        {
            self.error = Some(e);
        }
        self.buf.clear();
        match &self.error {
            Some(_) => Err(std::fmt::Error.into()),
            None => Ok(()),
        }
    }
}

impl<W: Write> std::fmt::Write for Chunked<'_, W> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.buf.push_str(s);
        if self.buf.len() >= Self::SIZE {
            self.flush().map_err(|_| std::fmt::Error)?;
        }
        Ok(())
    }
}
