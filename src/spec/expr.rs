//! Integer expressions over named parameters: `"n"`, `"2*n-2"`, `"k*(n+1)"`.

use std::collections::BTreeMap;
use std::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};

use crate::error::Kind;

/// An integer or an expression text, as written in the rule file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    /// A literal integer.
    Int(i64),
    /// An expression over params with `+ - * / ( )`.
    Text(String),
}

/// What a rule file may write where an [`Expr`] goes, for error messages.
pub const EXPECTED: &str = "an integer or an expression such as \"n\" or \"2*n-2\"";

impl<'de> Deserialize<'de> for Expr {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Expr, D::Error> {
        struct ExprVisitor;
        impl Visitor<'_> for ExprVisitor {
            type Value = Expr;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(EXPECTED)
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Expr, E> {
                Ok(Expr::Int(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Expr, E> {
                i64::try_from(v)
                    .map(Expr::Int)
                    .map_err(|_| E::invalid_value(de::Unexpected::Unsigned(v), &self))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Expr, E> {
                Ok(Expr::Text(v.to_string()))
            }
        }
        deserializer.deserialize_any(ExprVisitor)
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Int(i) => write!(f, "{i}"),
            Expr::Text(t) => write!(f, "{t}"),
        }
    }
}

/// Why an expression could not be evaluated, with the byte range inside its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExprError {
    /// What is wrong.
    pub message: String,
    /// Byte offsets within the expression text.
    pub at: std::ops::Range<usize>,
    /// The unknown name, when that is the problem.
    pub unknown: Option<String>,
    /// What sort of error: syntax, an unknown name, a value out of range.
    pub kind: Kind,
}

impl Expr {
    /// Evaluates the expression with the given variables.
    pub fn eval(&self, vars: &BTreeMap<String, i64>) -> Result<i64, ExprError> {
        match self {
            Expr::Int(i) => Ok(*i),
            Expr::Text(t) => {
                let mut p = Parser {
                    text: t,
                    pos: 0,
                    vars,
                    depth: 0,
                };
                let v = p.sum()?;
                p.skip_ws();
                if p.pos < t.len() {
                    return Err(p.error(
                        Kind::Syntax,
                        "unexpected text in expression",
                        p.pos..t.len(),
                    ));
                }
                Ok(v)
            }
        }
    }
}

struct Parser<'a> {
    text: &'a str,
    pos: usize,
    vars: &'a BTreeMap<String, i64>,
    depth: usize,
}

impl Parser<'_> {
    fn error(&self, kind: Kind, message: &str, at: std::ops::Range<usize>) -> ExprError {
        ExprError {
            message: message.to_string(),
            at,
            unknown: None,
            kind,
        }
    }

    fn skip_ws(&mut self) {
        while self.text[self.pos..].starts_with(' ') {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.text.as_bytes().get(self.pos).copied()
    }

    fn overflow(&self, start: usize) -> ExprError {
        self.error(
            Kind::Value,
            "expression overflows a 64-bit integer",
            start..self.pos,
        )
    }

    fn sum(&mut self) -> Result<i64, ExprError> {
        let start = self.pos;
        let mut v = self.product()?;
        while let Some(op @ (b'+' | b'-')) = self.peek() {
            self.pos += 1;
            let r = self.product()?;
            v = if op == b'+' {
                v.checked_add(r)
            } else {
                v.checked_sub(r)
            }
            .ok_or_else(|| self.overflow(start))?;
        }
        Ok(v)
    }

    fn product(&mut self) -> Result<i64, ExprError> {
        let start = self.pos;
        let mut v = self.atom()?;
        while let Some(op @ (b'*' | b'/')) = self.peek() {
            let op_at = self.pos;
            self.pos += 1;
            let r = self.atom()?;
            v = if op == b'*' {
                v.checked_mul(r).ok_or_else(|| self.overflow(start))?
            } else if r == 0 {
                return Err(self.error(Kind::Value, "division by zero", op_at..self.pos));
            } else {
                v.checked_div(r).ok_or_else(|| self.overflow(start))?
            };
        }
        Ok(v)
    }

    fn atom(&mut self) -> Result<i64, ExprError> {
        let start = self.pos;
        match self.peek() {
            Some(b'(') => {
                self.depth += 1;
                if self.depth > 32 {
                    return Err(self.error(
                        Kind::TooBig,
                        "expression nested too deeply",
                        start..start + 1,
                    ));
                }
                self.pos += 1;
                let v = self.sum()?;
                if self.peek() != Some(b')') {
                    return Err(self.error(Kind::Syntax, "missing `)`", start..self.pos));
                }
                self.pos += 1;
                self.depth -= 1;
                Ok(v)
            }
            Some(b'-') => {
                // Signs in a row are counted, not recursed into: a file of
                // many thousands of them must not overflow the stack.
                let mut signs = 0usize;
                while self.peek() == Some(b'-') {
                    self.pos += 1;
                    signs += 1;
                }
                let mut v = self.atom()?;
                for _ in 0..signs {
                    v = v.checked_neg().ok_or_else(|| self.overflow(start))?;
                }
                Ok(v)
            }
            Some(c) if c.is_ascii_digit() => {
                let begin = self.pos;
                while self
                    .text
                    .as_bytes()
                    .get(self.pos)
                    .is_some_and(u8::is_ascii_digit)
                {
                    self.pos += 1;
                }
                self.text[begin..self.pos]
                    .parse()
                    .map_err(|_| self.error(Kind::Value, "number too large", begin..self.pos))
            }
            Some(c) if c.is_ascii_alphabetic() || c == b'_' => {
                let begin = self.pos;
                while self
                    .text
                    .as_bytes()
                    .get(self.pos)
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
                {
                    self.pos += 1;
                }
                let name = &self.text[begin..self.pos];
                self.vars.get(name).copied().ok_or_else(|| ExprError {
                    message: format!("unknown parameter `{name}`"),
                    at: begin..self.pos,
                    unknown: Some(name.to_string()),
                    kind: Kind::Unknown,
                })
            }
            Some(_) => Err(self.error(
                Kind::Syntax,
                "expected a number, a parameter or `(`",
                self.pos..self.pos + 1,
            )),
            None => Err(self.error(
                Kind::Syntax,
                "expression ends too early",
                self.pos..self.pos,
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(t: &str) -> Result<i64, ExprError> {
        let vars = BTreeMap::from([("n".to_string(), 8), ("k".to_string(), 2)]);
        Expr::Text(t.to_string()).eval(&vars)
    }

    #[test]
    fn arithmetic_with_precedence_and_parentheses() {
        assert_eq!(eval("n"), Ok(8));
        assert_eq!(eval("2*n-2"), Ok(14));
        assert_eq!(eval("k * (n + 1)"), Ok(18));
        assert_eq!(eval("n/3"), Ok(2));
        assert_eq!(eval("-n+1"), Ok(-7));
        assert_eq!(eval("- -n"), Ok(8));
        assert_eq!(eval("n - -(-k)"), Ok(6));
    }

    /// Signs in a row are counted, not recursed into: no stack overflow.
    #[test]
    fn many_signs_in_a_row_neither_recurse_nor_overflow_the_stack() {
        assert_eq!(eval(&format!("{}4", "-".repeat(100_000))), Ok(4));
        assert_eq!(eval(&format!("{}4", "-".repeat(100_001))), Ok(-4));
        let min = format!("-{}-1", i64::MAX);
        assert_eq!(eval(&min), Ok(i64::MIN));
        assert!(eval(&format!("-({min})")).is_err());
    }

    #[test]
    fn wrong_types_say_what_is_expected() {
        #[derive(Debug, serde::Deserialize)]
        struct T {
            x: Expr,
        }
        for bad in ["x = true", "x = 8.5", "x = [1]"] {
            let e = toml::from_str::<T>(bad).unwrap_err().to_string();
            assert!(e.contains(EXPECTED), "{bad}: {e}");
        }
        let ok: T = toml::from_str("x = \"n\"").unwrap();
        assert_eq!(ok.x, Expr::Text("n".into()));
    }

    #[test]
    fn errors_point_inside_the_text() {
        assert_eq!(eval("n/0").unwrap_err().message, "division by zero");
        let e = eval("2*m").unwrap_err();
        assert_eq!((e.at, e.unknown.as_deref()), (2..3, Some("m")));
        assert!(eval("(n").is_err());
        assert!(eval("n n").is_err());
        assert!(eval("").is_err());
        assert!(eval("9999999999*9999999999").is_err());
    }
}
