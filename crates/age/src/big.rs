//! A small unsigned big integer, only as much as exact expected values need: their
//! denominators are powers of a number ≤ 216 and pass 128 bits for long thresholds.
//! Generic: a candidate for fray-dice.

use std::fmt;

use fray_dice::Ratio;
use serde::{Deserialize, Serialize};

/// Little-endian 32-bit limbs, no trailing zero limbs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Big(Vec<u32>);

impl Big {
    pub(crate) fn from_u128(mut v: u128) -> Big {
        let mut limbs = Vec::new();
        while v != 0 {
            limbs.push(v as u32);
            v >>= 32;
        }
        Big(limbs)
    }

    fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    fn trim(mut self) -> Big {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
        self
    }

    pub(crate) fn add(&self, other: &Big) -> Big {
        let mut out = Vec::with_capacity(self.0.len().max(other.0.len()) + 1);
        let mut carry = 0u64;
        for i in 0..self.0.len().max(other.0.len()) {
            let s = u64::from(*self.0.get(i).unwrap_or(&0))
                + u64::from(*other.0.get(i).unwrap_or(&0))
                + carry;
            out.push(s as u32);
            carry = s >> 32;
        }
        out.push(carry as u32);
        Big(out).trim()
    }

    pub(crate) fn mul_small(&self, m: u32) -> Big {
        let mut out = Vec::with_capacity(self.0.len() + 1);
        let mut carry = 0u64;
        for &l in &self.0 {
            let t = u64::from(l) * u64::from(m) + carry;
            out.push(t as u32);
            carry = t >> 32;
        }
        out.push(carry as u32);
        Big(out).trim()
    }

    /// Quotient and remainder by a small non-zero divisor.
    fn div_small(&self, d: u32) -> (Big, u32) {
        let mut out = vec![0u32; self.0.len()];
        let mut rem = 0u64;
        for i in (0..self.0.len()).rev() {
            let cur = rem << 32 | u64::from(self.0[i]);
            out[i] = (cur / u64::from(d)) as u32;
            rem = cur % u64::from(d);
        }
        (Big(out).trim(), rem as u32)
    }

    fn to_u128(&self) -> Option<u128> {
        (self.0.len() <= 4).then(|| {
            self.0
                .iter()
                .rev()
                .fold(0u128, |acc, &l| acc << 32 | u128::from(l))
        })
    }

    /// (mantissa, exponent) with value ≈ mantissa · 2^exponent, the mantissa < 2^64.
    fn scaled(&self) -> (f64, i32) {
        let top = self.0.len().saturating_sub(2);
        let mantissa = self.0[top..]
            .iter()
            .rev()
            .fold(0.0, |acc, &l| acc * 4_294_967_296.0 + f64::from(l));
        (mantissa, 32 * top as i32)
    }
}

impl fmt::Display for Big {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_zero() {
            return f.write_str("0");
        }
        let mut chunks = Vec::new();
        let mut v = self.clone();
        while !v.is_zero() {
            let (q, r) = v.div_small(1_000_000_000);
            chunks.push(r);
            v = q;
        }
        let mut text = chunks.pop().unwrap_or(0).to_string();
        for c in chunks.iter().rev() {
            text.push_str(&format!("{c:09}"));
        }
        f.write_str(&text)
    }
}

/// `numerator / base^exponent` in lowest terms, for a small `base ≥ 1`.
pub(crate) fn over_power(numerator: Big, base: u32, exponent: u32) -> ExactValue {
    // Factor the base, then cancel each prime against the numerator.
    let mut primes = Vec::new();
    let mut rest = base;
    let mut p = 2;
    while rest > 1 {
        let mut e = 0;
        while rest % p == 0 {
            rest /= p;
            e += 1;
        }
        if e > 0 {
            primes.push((p, e * exponent));
        }
        p += 1;
    }
    let mut num = numerator;
    let mut den = Big::from_u128(1);
    for (p, mut e) in primes {
        while e > 0 && !num.is_zero() {
            let (q, r) = num.div_small(p);
            if r != 0 {
                break;
            }
            num = q;
            e -= 1;
        }
        if num.is_zero() {
            e = 0;
        }
        for _ in 0..e {
            den = den.mul_small(p);
        }
    }
    let (nm, ne) = if num.is_zero() {
        (0.0, 0)
    } else {
        num.scaled()
    };
    let (dm, de) = den.scaled();
    ExactValue {
        numerator: num.to_string(),
        denominator: den.to_string(),
        ratio: match (num.to_u128(), den.to_u128()) {
            (Some(n), Some(d)) => Some(Ratio::new(n, d)),
            _ => None,
        },
        approx: nm / dm * 2f64.powi(ne - de),
    }
}

/// An exact value that may not fit 128 bits: numerator and denominator as decimal strings,
/// the [`Ratio`] when both fit, and a float for display only.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExactValue {
    /// The numerator in decimal, in lowest terms.
    pub numerator: String,
    /// The denominator in decimal, in lowest terms.
    pub denominator: String,
    /// The same value as a [`Ratio`], when both parts fit in 128 bits.
    pub ratio: Option<Ratio>,
    /// The nearest float, for display only.
    pub approx: f64,
}

impl fmt::Display for ExactValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.numerator, self.denominator)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big_arithmetic_and_reduction() {
        let max = Big::from_u128(u128::MAX);
        assert_eq!(
            max.mul_small(10).to_string(),
            "3402823669209384634633746074317682114550"
        );
        assert_eq!(
            max.add(&Big::from_u128(1)).to_string(),
            "340282366920938463463374607431768211456"
        );
        // 6 / 12^2 = 1/24.
        let v = over_power(Big::from_u128(6), 12, 2);
        assert_eq!(
            (v.to_string(), v.ratio),
            ("1/24".to_owned(), Some(Ratio::new(1, 24)))
        );
        let zero = over_power(Big::from_u128(0), 6, 3);
        assert_eq!(zero.to_string(), "0/1");
        // 3^100 / 6^100 = 1 / 2^100.
        let mut n = Big::from_u128(1);
        for _ in 0..100 {
            n = n.mul_small(3);
        }
        let v = over_power(n, 6, 100);
        assert_eq!(v.denominator, (1u128 << 100).to_string());
        assert!((v.approx - 2f64.powi(-100)).abs() < 1e-40);
    }
}
