//! A small unsigned big integer and exact fraction, only as much as the expected number of
//! rolls of an advanced test needs (its denominators pass 128 bits for long thresholds).
//! Generic: a candidate for fray-dice.

use std::cmp::Ordering;
use std::fmt;

use fray_dice::Ratio;
use serde::{Deserialize, Serialize};

/// Little-endian 32-bit limbs, no trailing zero limbs.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Big(Vec<u32>);

impl Big {
    fn from_u128(mut v: u128) -> Big {
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

    fn add(&self, other: &Big) -> Big {
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

    /// `self - other`, for `self >= other`.
    fn sub(&self, other: &Big) -> Big {
        let mut out = Vec::with_capacity(self.0.len());
        let mut borrow = 0i64;
        for i in 0..self.0.len() {
            let mut d = i64::from(self.0[i]) - i64::from(*other.0.get(i).unwrap_or(&0)) - borrow;
            borrow = 0;
            if d < 0 {
                d += 1 << 32;
                borrow = 1;
            }
            out.push(d as u32);
        }
        Big(out).trim()
    }

    fn mul(&self, other: &Big) -> Big {
        let mut out = vec![0u32; self.0.len() + other.0.len() + 1];
        for (i, &a) in self.0.iter().enumerate() {
            let mut carry = 0u64;
            for (j, &b) in other.0.iter().enumerate() {
                let t = u64::from(a) * u64::from(b) + u64::from(out[i + j]) + carry;
                out[i + j] = t as u32;
                carry = t >> 32;
            }
            let mut k = i + other.0.len();
            while carry != 0 {
                let t = u64::from(out[k]) + carry;
                out[k] = t as u32;
                carry = t >> 32;
                k += 1;
            }
        }
        Big(out).trim()
    }

    fn bits(&self) -> usize {
        match self.0.last() {
            None => 0,
            Some(top) => self.0.len() * 32 - top.leading_zeros() as usize,
        }
    }

    fn bit(&self, i: usize) -> bool {
        self.0.get(i / 32).is_some_and(|l| l >> (i % 32) & 1 == 1)
    }

    fn shl1_or(&self, bit: bool) -> Big {
        let mut out = Vec::with_capacity(self.0.len() + 1);
        let mut carry = u32::from(bit);
        for &l in &self.0 {
            out.push(l << 1 | carry);
            carry = l >> 31;
        }
        out.push(carry);
        Big(out).trim()
    }

    fn set_bit(&mut self, i: usize) {
        if self.0.len() <= i / 32 {
            self.0.resize(i / 32 + 1, 0);
        }
        self.0[i / 32] |= 1 << (i % 32);
    }

    /// Quotient and remainder by bitwise long division (`divisor` non-zero).
    fn div_rem(&self, divisor: &Big) -> (Big, Big) {
        let mut q = Big(Vec::new());
        let mut r = Big(Vec::new());
        for i in (0..self.bits()).rev() {
            r = r.shl1_or(self.bit(i));
            if r.cmp(divisor) != Ordering::Less {
                r = r.sub(divisor);
                q.set_bit(i);
            }
        }
        (q.trim(), r)
    }

    fn gcd(&self, other: &Big) -> Big {
        let (mut a, mut b) = (self.clone(), other.clone());
        while !b.is_zero() {
            let r = a.div_rem(&b).1;
            a = b;
            b = r;
        }
        a
    }

    fn to_u128(&self) -> Option<u128> {
        if self.0.len() > 4 {
            return None;
        }
        Some(
            self.0
                .iter()
                .rev()
                .fold(0u128, |acc, &l| acc << 32 | u128::from(l)),
        )
    }

    fn to_f64(&self) -> f64 {
        self.0
            .iter()
            .rev()
            .fold(0.0, |acc, &l| acc * 4_294_967_296.0 + f64::from(l))
    }
}

impl Ord for Big {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0
            .len()
            .cmp(&other.0.len())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}

impl PartialOrd for Big {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Big {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_zero() {
            return f.write_str("0");
        }
        let billion = Big::from_u128(1_000_000_000);
        let mut chunks = Vec::new();
        let mut v = self.clone();
        while !v.is_zero() {
            let (q, r) = v.div_rem(&billion);
            chunks.push(r.to_u128().unwrap_or(0));
            v = q;
        }
        let mut text = chunks.pop().unwrap_or(0).to_string();
        for c in chunks.iter().rev() {
            text.push_str(&format!("{c:09}"));
        }
        f.write_str(&text)
    }
}

/// An exact non-negative fraction of any size, kept in lowest terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Fraction {
    num: Big,
    den: Big,
}

impl Fraction {
    pub(crate) fn new(num: u128, den: u128) -> Fraction {
        Fraction {
            num: Big::from_u128(num),
            den: Big::from_u128(den),
        }
        .reduce()
    }

    fn reduce(self) -> Fraction {
        let g = self.num.gcd(&self.den);
        if g.is_zero() || g == Big::from_u128(1) {
            return self;
        }
        Fraction {
            num: self.num.div_rem(&g).0,
            den: self.den.div_rem(&g).0,
        }
    }

    pub(crate) fn add(&self, other: &Fraction) -> Fraction {
        Fraction {
            num: self.num.mul(&other.den).add(&other.num.mul(&self.den)),
            den: self.den.mul(&other.den),
        }
        .reduce()
    }

    pub(crate) fn mul(&self, other: &Fraction) -> Fraction {
        Fraction {
            num: self.num.mul(&other.num),
            den: self.den.mul(&other.den),
        }
        .reduce()
    }

    pub(crate) fn exact(&self) -> ExactValue {
        ExactValue {
            numerator: self.num.to_string(),
            denominator: self.den.to_string(),
            ratio: match (self.num.to_u128(), self.den.to_u128()) {
                (Some(n), Some(d)) => Some(Ratio::new(n, d)),
                _ => None,
            },
            approx: self.num.to_f64() / self.den.to_f64(),
        }
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
    fn big_arithmetic_round_trips() {
        let a = Big::from_u128(u128::MAX);
        let b = Big::from_u128(12_345_678_901_234_567);
        let p = a.mul(&b);
        let (q, r) = p.add(&Big::from_u128(99)).div_rem(&b);
        assert_eq!(q, a);
        assert_eq!(r, Big::from_u128(99));
        assert_eq!(
            Big::from_u128(10)
                .mul(&Big::from_u128(u128::MAX))
                .to_string(),
            "3402823669209384634633746074317682114550"
        );
        let f = Fraction::new(6, 8).add(&Fraction::new(1, 4));
        assert_eq!(f.exact().to_string(), "1/1");
        assert_eq!(
            Fraction::new(2, 3).mul(&Fraction::new(3, 4)).exact().ratio,
            Some(Ratio::new(1, 2))
        );
    }
}
