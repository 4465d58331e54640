//! A matrix's numbers, each read once into the narrowest exact type that
//! holds them all: scaled integers `value × 10^scale` in `i64`, else in
//! `i128`, else (more than 28 decimal places, or beyond 96 bits once scaled)
//! `f64` for the solves beside each value's exact [`BigDecimal`] for sums
//! and display. No text is kept: a cell's text is written when asked for
//! ([`Numbers::value`]).
//!
//! Reading keeps the common scale as it goes: a cell with more decimal
//! places than any before rescales the earlier cells once (at most 28 times
//! in all), and a cell too large for the current type widens the store once.

use num_bigint::BigInt;

use super::decimal::BigDecimal;
use super::parse::{NumberError, Value, quote};

/// Most decimal places an exact store may scale by.
pub(crate) const MAX_SCALE: u32 = 28;
/// Largest scaled magnitude of an exact store: sums over 4096 rows and the
/// assignment's potentials then stay far inside `i128`.
pub(crate) const MAX_SCALED: i128 = 1 << 96;
/// A hole in an `i64` store.
const HOLE64: i64 = i64::MIN;
/// A hole in an `i128` store.
const HOLE128: i128 = i128::MIN;

/// The cells of a matrix, row-major, in one of three types.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Numbers {
    /// Every value is `v × 10^-scale` with `v` an `i64`; holes are `i64::MIN`.
    Small { scale: u32, values: Vec<i64> },
    /// Every value is `v × 10^-scale` with `|v| ≤ 2^96`; holes are `i128::MIN`.
    Wide { scale: u32, values: Vec<i128> },
    /// Each value's nearest double (holes are `NaN`) and its exact value.
    Float {
        values: Vec<f64>,
        exact: Vec<Option<BigDecimal>>,
    },
}

/// A number as read from text: `mantissa × 10^exp`, or (too many digits
/// for `i128`) a big decimal with its nearest `f64`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Read {
    Exact { mantissa: i128, exp: i32 },
    Big { num: f64, exact: BigDecimal },
}

/// `10^k` for `k ≤ 18`, the powers an `i64` holds.
const POW10_I64: [i64; 19] = {
    let mut p = [1i64; 19];
    let mut k = 1;
    while k < 19 {
        p[k] = p[k - 1] * 10;
        k += 1;
    }
    p
};

/// `10^k` for `k ≤ 38`.
fn pow10(k: u32) -> Option<i128> {
    10i128.checked_pow(k)
}

/// Reads a decimal (`-3`, `+2.5`, `.5`, `7.`, `1e-3`; with `comma`, `13,5`
/// and never a `.`) in one pass; refuses other text, values too large for
/// `f64`, and nonzero values so small that they would read as 0.
pub(crate) fn read(text: &str, comma: bool) -> Result<Read, NumberError> {
    read_written(text, comma).map(|(read, _)| read)
}

/// [`read`], and whether the text is written as an integer (no decimal
/// mark, no exponent).
pub(crate) fn read_written(text: &str, comma: bool) -> Result<(Read, bool), NumberError> {
    let point = if comma { b',' } else { b'.' };
    match read_short(text.as_bytes(), point) {
        Some(short) => Ok(short),
        None => read_long(text, comma),
    }
}

/// [`read_written`] for any text: more than 19 digits, exponents, values
/// beyond `i128`, and the errors.
fn read_long(text: &str, comma: bool) -> Result<(Read, bool), NumberError> {
    let point = if comma { b',' } else { b'.' };
    let not_a_number = || NumberError::NotANumber(quote(text));
    let b = text.as_bytes();
    let mut i = 0;
    let neg = match b.first() {
        Some(b'-') => {
            i = 1;
            true
        }
        Some(b'+') => {
            i = 1;
            false
        }
        _ => false,
    };
    let mut mantissa: i128 = 0;
    let mut overflow = false;
    let mut digits = 0usize;
    let mut exp: i64 = 0;
    let mut seen_point = false;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_digit() {
            digits += 1;
            if !overflow {
                match mantissa
                    .checked_mul(10)
                    .and_then(|m| m.checked_add(i128::from(c - b'0')))
                {
                    Some(m) => mantissa = m,
                    None => overflow = true,
                }
            }
            if seen_point && !overflow {
                exp -= 1;
            } else if !seen_point && overflow {
                exp += 1;
            }
        } else if c == point && !seen_point {
            seen_point = true;
        } else {
            break;
        }
        i += 1;
    }
    if digits == 0 {
        return Err(not_a_number());
    }
    let integer = !seen_point && i == b.len();
    if i < b.len() {
        if b[i] != b'e' && b[i] != b'E' {
            return Err(not_a_number());
        }
        let e = &text[i + 1..];
        let body = e.strip_prefix(['+', '-']).unwrap_or(e);
        if body.is_empty() || !body.bytes().all(|c| c.is_ascii_digit()) {
            return Err(not_a_number());
        }
        // a long exponent is far out of range either way
        let e: i64 = e.parse().unwrap_or(if e.starts_with('-') {
            -1_000_000
        } else {
            1_000_000
        });
        exp = exp.saturating_add(e.clamp(-1_000_000, 1_000_000));
    }
    if mantissa == 0 && !overflow {
        let zero = Read::Exact {
            mantissa: 0,
            exp: 0,
        };
        return Ok((zero, integer));
    }
    while !overflow && exp < 0 && mantissa % 10 == 0 {
        mantissa /= 10;
        exp += 1;
    }
    // at most 38 digits within 10^-300 .. 10^308: exact, and surely an f64
    let magnitude = || exp + i64::from(mantissa.unsigned_abs().ilog10()) + 1;
    if !overflow && exp >= -300 && (exp <= 250 || magnitude() <= 308) {
        let read = Read::Exact {
            mantissa: if neg { -mantissa } else { mantissa },
            exp: exp as i32,
        };
        return Ok((read, integer));
    }
    let dotted;
    let plain = if comma {
        dotted = text.replace(',', ".");
        dotted.as_str()
    } else {
        text
    };
    let num: f64 = plain.parse().map_err(|_| not_a_number())?;
    if !num.is_finite() || num == 0.0 {
        return Err(NumberError::OutOfRange(quote(text)));
    }
    let exact = BigDecimal::parse(plain).ok_or_else(|| NumberError::OutOfRange(quote(text)))?;
    Ok((Read::Big { num, exact }, integer))
}

/// The common case of [`read_written`] in `u64` arithmetic: a sign, at
/// most 19 digits with at most one decimal mark `point` among them, no
/// exponent (what spreadsheets and pandas write). `None` for anything else,
/// which the general reader then reads or refuses.
fn read_short(b: &[u8], point: u8) -> Option<(Read, bool)> {
    let (neg, mut i) = match b.first() {
        Some(b'-') => (true, 1),
        Some(b'+') => (false, 1),
        _ => (false, 0),
    };
    let mut m: u64 = 0;
    let mut digits = 0;
    let mut places = None;
    while i < b.len() {
        match b[i] {
            d @ b'0'..=b'9' => {
                // wraps only past 19 digits, which are refused below
                m = m.wrapping_mul(10).wrapping_add(u64::from(d - b'0'));
                digits += 1;
                if let Some(p) = &mut places {
                    *p += 1;
                }
            }
            c if c == point && places.is_none() => places = Some(0),
            _ => return None,
        }
        i += 1;
    }
    if digits == 0 || digits > 19 {
        return None;
    }
    let integer = places.is_none();
    let mut places: i32 = places.unwrap_or(0);
    if m == 0 {
        return Some((
            Read::Exact {
                mantissa: 0,
                exp: 0,
            },
            integer,
        ));
    }
    while places > 0 && m.is_multiple_of(10) {
        m /= 10;
        places -= 1;
    }
    let mantissa = if neg { -i128::from(m) } else { i128::from(m) };
    Some((
        Read::Exact {
            mantissa,
            exp: -places,
        },
        integer,
    ))
}

impl Numbers {
    /// An empty store for about `cells` cells.
    pub fn with_capacity(cells: usize) -> Numbers {
        Numbers::Small {
            scale: 0,
            values: Vec::with_capacity(cells),
        }
    }

    /// The store of integers, as they are, unless one is `i64::MIN`.
    pub fn from_i64s(values: Vec<i64>) -> Numbers {
        if !values.contains(&HOLE64) {
            return Numbers::Small { scale: 0, values };
        }
        let mut numbers = Numbers::with_capacity(values.len());
        for v in values {
            numbers.push(Read::Exact {
                mantissa: i128::from(v),
                exp: 0,
            });
        }
        numbers
    }

    /// Room for `more` cells.
    pub fn reserve(&mut self, more: usize) {
        match self {
            Numbers::Small { values, .. } => values.reserve(more),
            Numbers::Wide { values, .. } => values.reserve(more),
            Numbers::Float { values, exact } => {
                values.reserve(more);
                exact.reserve(more);
            }
        }
    }

    /// How many cells.
    pub fn len(&self) -> usize {
        match self {
            Numbers::Small { values, .. } => values.len(),
            Numbers::Wide { values, .. } => values.len(),
            Numbers::Float { values, .. } => values.len(),
        }
    }

    /// Appends a hole.
    pub fn push_hole(&mut self) {
        match self {
            Numbers::Small { values, .. } => values.push(HOLE64),
            Numbers::Wide { values, .. } => values.push(HOLE128),
            Numbers::Float { values, exact } => {
                values.push(f64::NAN);
                exact.push(None);
            }
        }
    }

    /// Appends a number from text (see [`read`]): a hole when empty.
    /// Returns whether the text is an integer (or empty).
    pub fn push_text(&mut self, text: &str, comma: bool) -> Result<bool, NumberError> {
        if text.is_empty() || super::is_missing(text) {
            self.push_hole();
            return Ok(true);
        }
        let (read, integer) = read_written(text, comma)?;
        self.push(read);
        Ok(integer)
    }

    /// Appends a finite `f64` as the shortest decimal that reads back the
    /// same (`0.1` is `1 × 10^-1`); `NaN` and infinities are holes.
    pub fn push_f64(&mut self, num: f64) {
        if !num.is_finite() {
            return self.push_hole();
        }
        let read = read(&Value::from_f64(num).text, false).expect("a float's text reads");
        self.push(read);
    }

    /// Appends a number, rescaling or widening the store when it needs to.
    pub fn push(&mut self, read: Read) {
        if let Numbers::Float { values, exact } = self {
            let (num, big) = match read {
                Read::Exact { mantissa, exp } => (
                    scaled_to_f64(mantissa, exp),
                    BigDecimal::scaled(mantissa, exp),
                ),
                Read::Big { num, exact } => (num, exact),
            };
            values.push(num);
            exact.push(Some(big));
            return;
        }
        let Read::Exact { mantissa, exp } = read else {
            self.make_float();
            return self.push(read);
        };
        // the common case first: an `i64` store at a scale the value fits
        if let Numbers::Small { scale, values } = self
            && let Ok(shift) = usize::try_from(i64::from(*scale) + i64::from(exp))
            && let Some(&p) = POW10_I64.get(shift)
            && let Some(v) = i64::try_from(mantissa).ok().and_then(|m| m.checked_mul(p))
            && v != HOLE64
        {
            values.push(v);
            return;
        }
        // the scale the new value needs, and the store at that scale
        let want = u32::try_from(-i64::from(exp)).unwrap_or(0);
        if want > self.scale() {
            if want > MAX_SCALE {
                self.make_float();
                return self.push(read);
            }
            self.rescale(want);
        }
        let scale = self.scale();
        let scaled = u32::try_from(i64::from(scale) + i64::from(exp))
            .ok()
            .and_then(pow10)
            .and_then(|p| mantissa.checked_mul(p))
            .filter(|v| v.abs() <= MAX_SCALED);
        let Some(v) = scaled else {
            self.make_float();
            return self.push(read);
        };
        match self {
            Numbers::Small { values, .. } => match i64::try_from(v) {
                Ok(v) if v != HOLE64 => values.push(v),
                _ => {
                    self.widen();
                    self.push(read);
                }
            },
            Numbers::Wide { values, .. } => values.push(v),
            Numbers::Float { .. } => unreachable!("handled above"),
        }
    }

    /// The common scale (0 for floats).
    pub fn scale(&self) -> u32 {
        match self {
            Numbers::Small { scale, .. } | Numbers::Wide { scale, .. } => *scale,
            Numbers::Float { .. } => 0,
        }
    }

    /// Multiplies every value by `10^(to − scale)`, widening or falling
    /// back to floats when they no longer fit.
    fn rescale(&mut self, to: u32) {
        let p = pow10(to - self.scale()).expect("scales stay below 38");
        if let Numbers::Small { scale, values } = self {
            let fits = values.iter().all(|&v| {
                v == HOLE64 || i64::try_from(i128::from(v) * p).is_ok_and(|w| w != HOLE64)
            });
            if fits {
                let p = p as i64;
                for v in values.iter_mut().filter(|v| **v != HOLE64) {
                    *v *= p;
                }
                *scale = to;
                return;
            }
            self.widen();
        }
        if let Numbers::Wide { scale, values } = self {
            let fits = values
                .iter()
                .all(|&v| v == HOLE128 || v.checked_mul(p).is_some_and(|w| w.abs() <= MAX_SCALED));
            if fits {
                for v in values.iter_mut().filter(|v| **v != HOLE128) {
                    *v *= p;
                }
                *scale = to;
            } else {
                self.make_float();
            }
        }
    }

    /// An `i64` store as an `i128` one.
    fn widen(&mut self) {
        if let Numbers::Small { scale, values } = self {
            let values = values
                .iter()
                .map(|&v| if v == HOLE64 { HOLE128 } else { i128::from(v) })
                .collect();
            *self = Numbers::Wide {
                scale: *scale,
                values,
            };
        }
    }

    /// Any store as floats, each value rounded once, beside its exact value.
    fn make_float(&mut self) {
        if let Numbers::Float { .. } = self {
            return;
        }
        let exp = -(self.scale() as i32);
        let values = (0..self.len())
            .map(|i| self.get(i).unwrap_or(f64::NAN))
            .collect();
        let exact = (0..self.len())
            .map(|i| self.scaled(i).map(|v| BigDecimal::scaled(v, exp)))
            .collect();
        *self = Numbers::Float { values, exact };
    }

    /// Whether cell `i` is a hole.
    #[inline]
    pub fn is_hole(&self, i: usize) -> bool {
        match self {
            Numbers::Small { values, .. } => values[i] == HOLE64,
            Numbers::Wide { values, .. } => values[i] == HOLE128,
            Numbers::Float { values, .. } => values[i].is_nan(),
        }
    }

    /// Makes cell `i` a hole.
    pub fn set_hole(&mut self, i: usize) {
        match self {
            Numbers::Small { values, .. } => values[i] = HOLE64,
            Numbers::Wide { values, .. } => values[i] = HOLE128,
            Numbers::Float { values, exact } => {
                values[i] = f64::NAN;
                exact[i] = None;
            }
        }
    }

    /// Cell `i` scaled by `10^scale`, exactly; `None` for a hole or a float store.
    #[inline]
    pub fn scaled(&self, i: usize) -> Option<i128> {
        match self {
            Numbers::Small { values, .. } => (values[i] != HOLE64).then(|| i128::from(values[i])),
            Numbers::Wide { values, .. } => (values[i] != HOLE128).then_some(values[i]),
            Numbers::Float { .. } => None,
        }
    }

    /// Cell `i` as an exact integer, `None` for a hole or a fraction.
    pub fn integer(&self, i: usize) -> Option<BigInt> {
        match self {
            Numbers::Float { exact, .. } => exact[i].as_ref()?.to_integer(),
            _ => {
                let v = self.scaled(i)?;
                let p = pow10(self.scale())?;
                (v % p == 0).then(|| BigInt::from(v / p))
            }
        }
    }

    /// Cell `i` as the nearest `f64`, `None` for a hole.
    pub fn get(&self, i: usize) -> Option<f64> {
        match self {
            Numbers::Float { values, .. } => Some(values[i]).filter(|v| !v.is_nan()),
            _ => self
                .scaled(i)
                .map(|v| scaled_to_f64(v, -(self.scale() as i32))),
        }
    }

    /// Whether every value is held as a scaled integer (not a float store).
    pub fn is_exact(&self) -> bool {
        !matches!(self, Numbers::Float { .. })
    }

    /// Cell `i` with its text (shortest plain decimal, `1e20` for large
    /// round numbers), `None` for a hole.
    pub fn value(&self, i: usize) -> Option<Value> {
        match self {
            Numbers::Float { values, exact } => exact[i].as_ref().map(|e| Value {
                num: values[i],
                text: e.to_string(),
            }),
            _ => {
                let text = decimal_text(self.scaled(i)?, self.scale());
                // the text is exact: its nearest f64, in one correct rounding
                let num = text.parse().expect("a decimal text parses");
                Some(Value { num, text })
            }
        }
    }
}

/// The exact `mantissa × 10^exp` as the nearest `f64` (one correct rounding).
pub(crate) fn scaled_to_f64(mantissa: i128, exp: i32) -> f64 {
    const EXACT: i128 = 1 << 53;
    if mantissa.abs() <= EXACT && (-22..=22).contains(&exp) {
        // both operands exact: one correctly rounded operation
        let p = 10f64.powi(exp.abs());
        return if exp < 0 {
            mantissa as f64 / p
        } else {
            mantissa as f64 * p
        };
    }
    format!("{mantissa}e{exp}")
        .parse()
        .expect("a formatted decimal parses")
}

/// `v × 10^-scale` as text: plain, without trailing zeros after the point;
/// an integer ending in six or more zeros as `de` form (`1e20`, `125e7`).
pub(crate) fn decimal_text(v: i128, scale: u32) -> String {
    if v == 0 {
        return "0".into();
    }
    let digits = v.unsigned_abs().to_string();
    let sign = if v < 0 { "-" } else { "" };
    let zeros = digits.len() - digits.trim_end_matches('0').len();
    // the value is m × 10^e with m = digits without its trailing zeros
    let e = zeros as i64 - i64::from(scale);
    let m = &digits[..digits.len() - zeros];
    if e >= 6 {
        return format!("{sign}{m}e{e}");
    }
    if e >= 0 {
        return format!("{sign}{m}{}", "0".repeat(e as usize));
    }
    let places = (-e) as usize;
    if m.len() > places {
        let point = m.len() - places;
        format!("{sign}{}.{}", &m[..point], &m[point..])
    } else {
        format!("{sign}0.{}{m}", "0".repeat(places - m.len()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The `u64` shortcut reads what the general reader reads.
        #[test]
        fn short_reads_as_long(text in r"[+-]?[0-9]{0,21}([.,][0-9]{0,21})?", comma: bool) {
            if let Some(short) = read_short(text.as_bytes(), if comma { b',' } else { b'.' }) {
                prop_assert_eq!(Ok(short), read_long(&text, comma));
            }
        }
    }

    fn exact(text: &str) -> (i128, i32) {
        match read(text, false).unwrap() {
            Read::Exact { mantissa, exp } => (mantissa, exp),
            Read::Big { num, .. } => panic!("{text} read as the float {num}"),
        }
    }

    #[test]
    fn reads_decimals_exactly() {
        assert_eq!(exact("1.2500"), (125, -2));
        assert_eq!(exact("-0.003e2"), (-3, -1));
        assert_eq!(exact("+1200"), (1200, 0));
        assert_eq!(exact(".5"), (5, -1));
        assert_eq!(exact("7."), (7, 0));
        assert_eq!(exact("-0"), (0, 0));
        assert_eq!(exact("0.000"), (0, 0));
        assert_eq!(exact("9007199254740993"), (9007199254740993, 0));
        assert_eq!(
            read("13,5", true).unwrap(),
            Read::Exact {
                mantissa: 135,
                exp: -1
            }
        );
        for bad in [
            "", "-", ".", "1.2.3", "1e", "e5", "1x", "13,5", "1 2", "--1",
        ] {
            assert!(
                matches!(read(bad, false), Err(NumberError::NotANumber(_))),
                "{bad}"
            );
        }
        assert!(matches!(read("1.5", true), Err(NumberError::NotANumber(_))));
        for far in ["1e400", "1e-400", "-2e99999999999"] {
            assert!(
                matches!(read(far, false), Err(NumberError::OutOfRange(_))),
                "{far}"
            );
        }
        assert_eq!(
            read("1e300", false).unwrap(),
            Read::Exact {
                mantissa: 1,
                exp: 300
            }
        );
        assert!(matches!(
            read("1e-301", false).unwrap(),
            Read::Big { num: 1e-301, .. }
        ));
        assert!(matches!(
            read("17e307", false).unwrap(),
            Read::Big { num: 1.7e308, .. }
        ));
        let long = "1".repeat(45);
        assert!(matches!(read(&long, false).unwrap(), Read::Big { .. }));
    }

    #[test]
    fn keeps_the_narrowest_store() {
        let mut n = Numbers::with_capacity(4);
        n.push_text("3", false).unwrap();
        n.push_text("", false).unwrap();
        n.push_text("0.25", false).unwrap();
        assert_eq!(
            n,
            Numbers::Small {
                scale: 2,
                values: vec![300, HOLE64, 25]
            }
        );
        n.push_text("1e20", false).unwrap();
        assert!(matches!(n, Numbers::Wide { scale: 2, .. }));
        assert_eq!(n.get(3), Some(1e20));
        assert_eq!(n.value(3).unwrap().text, "1e20");
        assert_eq!(n.value(2).unwrap().text, "0.25");
        assert_eq!(n.value(0).unwrap().text, "3");
        assert!(n.is_hole(1));
        n.push_text("1e-30", false).unwrap();
        assert!(!n.is_exact());
        assert_eq!(
            (n.get(0), n.get(1), n.get(4)),
            (Some(3.0), None, Some(1e-30))
        );
        assert_eq!(n.value(3).unwrap().text, "100000000000000000000");
        assert_eq!(n.integer(3), Some(BigInt::from(10).pow(20)));
        let huge = format!("1{}1", "0".repeat(30));
        n.push_text(&huge, false).unwrap();
        assert_eq!(n.value(5).unwrap().text, huge);
        assert_eq!(n.integer(5), huge.parse().ok());
        let mut m = Numbers::with_capacity(2);
        m.push_f64(0.1);
        m.push_f64(f64::NAN);
        assert_eq!(
            m,
            Numbers::Small {
                scale: 1,
                values: vec![1, HOLE64]
            }
        );
    }

    #[test]
    fn texts() {
        assert_eq!(decimal_text(-5, 3), "-0.005");
        assert_eq!(decimal_text(12345, 2), "123.45");
        assert_eq!(decimal_text(1500, 3), "1.5");
        assert_eq!(decimal_text(0, 4), "0");
        assert_eq!(decimal_text(120, 0), "120");
        assert_eq!(decimal_text(-1_250_000_000, 0), "-125e7");
        assert_eq!(scaled_to_f64(3, -1), 0.3);
        assert_eq!(scaled_to_f64(1 << 100, 0), 2f64.powi(100));
        assert_eq!(scaled_to_f64(-5, -30), -5e-30);
    }
}
