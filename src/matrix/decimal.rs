//! Exact decimals of any size, for printing values and sums exactly.
//!
//! A [`BigDecimal`] is `mantissa × 10^exp` in big integers: sums never round
//! or overflow, so `0.1 + 0.2` is `0.3` and `9007199254740993` stays itself.

use std::cmp::Ordering;
use std::fmt;

use num_bigint::BigInt;

/// Longest plain (exponent-free) text [`BigDecimal`]'s `Display` writes;
/// longer numbers are written as `d.ddde±x`.
const MAX_PLAIN: usize = 40;

/// An exact decimal `mantissa × 10^exp`, mantissa without trailing zeros.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BigDecimal {
    mantissa: BigInt,
    exp: i64,
}

impl BigDecimal {
    /// Zero.
    pub fn zero() -> BigDecimal {
        BigDecimal {
            mantissa: BigInt::from(0),
            exp: 0,
        }
    }

    /// Reads a decimal (`-3`, `+2.5`, `.5`, `7.`, `1e-3`); `None` for other
    /// text or an exponent beyond ±1 000 000.
    pub fn parse(text: &str) -> Option<BigDecimal> {
        if !super::parse::is_decimal(text) {
            return None;
        }
        let (num, exp) = match text.find(['e', 'E']) {
            Some(p) => (&text[..p], text[p + 1..].parse::<i64>().ok()?),
            None => (text, 0),
        };
        if exp.abs() > 1_000_000 {
            return None;
        }
        let (int, frac) = num.split_once('.').unwrap_or((num, ""));
        let digits = format!("{int}{frac}");
        let mantissa: BigInt = digits.parse().ok()?;
        Some(BigDecimal::new(mantissa, exp - frac.len() as i64))
    }

    /// `mantissa × 10^exp`.
    pub(crate) fn scaled(mantissa: i128, exp: i32) -> BigDecimal {
        BigDecimal::new(BigInt::from(mantissa), i64::from(exp))
    }

    /// The value as an integer, `None` for a fraction.
    pub(crate) fn to_integer(&self) -> Option<BigInt> {
        let k = u32::try_from(self.exp).ok()?;
        Some(&self.mantissa * BigInt::from(10).pow(k))
    }

    fn new(mut mantissa: BigInt, mut exp: i64) -> BigDecimal {
        let zero = BigInt::from(0);
        if mantissa == zero {
            return BigDecimal::zero();
        }
        let ten = BigInt::from(10);
        while &mantissa % &ten == zero {
            mantissa /= &ten;
            exp += 1;
        }
        BigDecimal { mantissa, exp }
    }

    /// `floor` (or `ceil`) of `self × 10^scale`, saturating at `±limit`.
    pub(crate) fn scaled_rounded(&self, scale: i64, ceil: bool, limit: i128) -> i128 {
        let zero = BigInt::from(0);
        if self.mantissa == zero {
            return 0;
        }
        let negative = self.mantissa < zero;
        let k = self.exp.saturating_add(scale);
        let bits = i64::try_from(self.mantissa.magnitude().bits()).unwrap_or(i64::MAX);
        let scaled = if k >= 0 {
            // 10^39 is beyond every i128
            (k <= 39)
                .then(|| i128::try_from(self.scaled_to(self.exp - k)).ok())
                .flatten()
        } else if -k > bits {
            // |mantissa| < 2^bits < 10^-k: |self × 10^scale| < 1
            Some(match (ceil, negative) {
                (true, false) => 1,
                (false, true) => -1,
                _ => 0,
            })
        } else {
            let p = BigInt::from(10).pow(u32::try_from(-k).expect("at most the bits"));
            let (q, r) = (&self.mantissa / &p, &self.mantissa % &p);
            let q = if r == zero || ceil == negative {
                q
            } else if ceil {
                q + 1
            } else {
                q - 1
            };
            i128::try_from(q).ok()
        };
        scaled.map_or(if negative { -limit } else { limit }, |v| {
            v.clamp(-limit, limit)
        })
    }

    /// `self × 10^(self.exp − exp)` as an integer, for `exp ≤ self.exp`.
    fn scaled_to(&self, exp: i64) -> BigInt {
        let k = u32::try_from(self.exp - exp).expect("aligned down");
        &self.mantissa * BigInt::from(10).pow(k)
    }
}

impl std::ops::Add for &BigDecimal {
    type Output = BigDecimal;

    fn add(self, other: &BigDecimal) -> BigDecimal {
        let exp = self.exp.min(other.exp);
        BigDecimal::new(self.scaled_to(exp) + other.scaled_to(exp), exp)
    }
}

impl std::iter::Sum for BigDecimal {
    fn sum<I: Iterator<Item = BigDecimal>>(iter: I) -> BigDecimal {
        iter.fold(BigDecimal::zero(), |a, b| &a + &b)
    }
}

impl PartialOrd for BigDecimal {
    fn partial_cmp(&self, other: &BigDecimal) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for BigDecimal {
    fn cmp(&self, other: &BigDecimal) -> Ordering {
        let exp = self.exp.min(other.exp);
        self.scaled_to(exp).cmp(&other.scaled_to(exp))
    }
}

/// Plain decimal (`-12.5`, `0.003`, `1500`) when at most 40 characters,
/// otherwise `1.25e300`; always a valid JSON number.
impl fmt::Display for BigDecimal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.mantissa < BigInt::from(0) {
            "-"
        } else {
            ""
        };
        let digits = self.mantissa.magnitude().to_string();
        let len = digits.len() as i64;
        let plain = if self.exp >= 0 {
            (len + self.exp <= MAX_PLAIN as i64)
                .then(|| format!("{digits}{}", "0".repeat(self.exp as usize)))
        } else if -self.exp < len {
            let point = (len + self.exp) as usize;
            Some(format!("{}.{}", &digits[..point], &digits[point..]))
        } else {
            (2 - self.exp <= MAX_PLAIN as i64)
                .then(|| format!("0.{}{digits}", "0".repeat((-self.exp - len) as usize)))
        };
        match plain {
            Some(p) => write!(f, "{sign}{p}"),
            None => {
                let e = self.exp + len - 1;
                match digits.len() {
                    1 => write!(f, "{sign}{digits}e{e}"),
                    _ => write!(f, "{sign}{}.{}e{e}", &digits[..1], &digits[1..]),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(t: &str) -> BigDecimal {
        BigDecimal::parse(t).unwrap()
    }

    #[test]
    fn prints_exactly() {
        let cases = [
            ("0.1", "0.1"),
            ("+2.50", "2.5"),
            (".5", "0.5"),
            ("7.", "7"),
            ("-0", "0"),
            ("1E3", "1000"),
            ("9007199254740993", "9007199254740993"),
            ("-1.25e-3", "-0.00125"),
            ("1e300", "1e300"),
            ("-12345e296", "-1.2345e300"),
            ("1e-300", "1e-300"),
        ];
        for (text, shown) in cases {
            assert_eq!(d(text).to_string(), shown, "{text}");
        }
    }

    #[test]
    fn sums_are_exact() {
        assert_eq!(&d("0.1") + &d("0.2"), d("0.3"));
        let dollars: BigDecimal = ["783.10", "0.33", "0.33"].iter().map(|t| d(t)).sum();
        assert_eq!(dollars.to_string(), "783.76");
        assert_eq!((&d("1e308") + &d("1e308")).to_string(), "2e308");
        assert_eq!(
            (&d("9007199254740993") + &d("1")).to_string(),
            "9007199254740994"
        );
        assert!(d("0.3") > d("0.29999999999999999999"));
        assert_eq!(BigDecimal::parse("x"), None);
        assert_eq!(BigDecimal::parse("1e9999999"), None);
    }

    #[test]
    fn scaled_rounded_is_floor_or_ceil() {
        let cases = [
            ("0.19999999999999999999", 1, false, 1),
            ("0.19999999999999999999", 1, true, 2),
            ("-0.15", 1, false, -2),
            ("-0.15", 1, true, -1),
            ("2.5", 0, false, 2),
            ("9007199254740993e-13", 0, true, 901),
            ("1e-900000", 3, true, 1),
            ("-1e-900000", 3, true, 0),
            ("-1e-900000", 3, false, -1),
            ("1e900000", 0, false, 1000),
            ("-123e40", 0, true, -1000),
            ("12e3", 2, false, 1000),
            ("7e1", 0, false, 70),
            ("1.25", 1, false, 12),
            ("1.25", 1, true, 13),
            ("-1.25", 1, false, -13),
            ("-1.25", 1, true, -12),
            ("1.2", 1, true, 12),
            ("1e-50", 0, true, 1),
            ("1e-50", 0, false, 0),
            ("-1e-50", 0, false, -1),
        ];
        for (text, scale, ceil, want) in cases {
            assert_eq!(d(text).scaled_rounded(scale, ceil, 1000), want, "{text}");
        }
    }
}
