//! Counts as little-endian 64-bit limbs of one fixed width: the few in-place operations the
//! inner loops of exact odds need, so that no step allocates (a `BigUint` operation
//! allocates its result). Every count of a step is bounded before it starts (by the step's
//! denominator), which fixes the width; an operation that would carry out of it reports it.

use num_bigint::BigUint;

/// Limbs enough for any count below `2^bits`.
pub(crate) fn width(bits: u64) -> usize {
    (bits / 64 + 1) as usize
}

/// `acc += x · m`; `false` when the sum carries out of `acc` (which is at least as long as
/// `x`).
pub(crate) fn add_mul(acc: &mut [u64], x: &[u64], m: u64) -> bool {
    let mut carry = 0u64;
    for (a, &d) in acc.iter_mut().zip(x) {
        let t = u128::from(d) * u128::from(m) + u128::from(*a) + u128::from(carry);
        *a = t as u64;
        carry = (t >> 64) as u64;
    }
    carry_into(&mut acc[x.len()..], carry)
}

/// `x *= m` in place; `false` when the product carries out of `x`.
pub(crate) fn mul_in_place(x: &mut [u64], m: u64) -> bool {
    let mut carry = 0u64;
    for a in x.iter_mut() {
        let t = u128::from(*a) * u128::from(m) + u128::from(carry);
        *a = t as u64;
        carry = (t >> 64) as u64;
    }
    carry == 0
}

fn carry_into(rest: &mut [u64], mut carry: u64) -> bool {
    for a in rest {
        if carry == 0 {
            return true;
        }
        let (s, c) = a.overflowing_add(carry);
        *a = s;
        carry = u64::from(c);
    }
    carry == 0
}

/// `acc −= x` (`x` no longer than `acc`); `false` when `x > acc` (then `acc` holds the
/// difference modulo its width).
pub(crate) fn sub(acc: &mut [u64], x: &[u64]) -> bool {
    let mut borrow = false;
    for (a, &d) in acc.iter_mut().zip(x) {
        let (s, b1) = a.overflowing_sub(d);
        let (s, b2) = s.overflowing_sub(u64::from(borrow));
        *a = s;
        borrow = b1 | b2;
    }
    for a in &mut acc[x.len()..] {
        if !borrow {
            return true;
        }
        let (s, b) = a.overflowing_sub(1);
        *a = s;
        borrow = b;
    }
    !borrow
}

/// `x / d` in place, for a division known to be exact (`d > 0`); `false` when it was not.
///
/// Powers of two are shifted out first; the odd rest is divided from the lowest limb up by
/// multiplying with its inverse modulo 2⁶⁴ (exact division needs no quotient estimates,
/// and a multiplication is far cheaper than a hardware division).
pub(crate) fn div_exact(x: &mut [u64], d: u64) -> bool {
    let shift = d.trailing_zeros();
    if shift > 0 {
        if x.first().is_some_and(|&low| low.trailing_zeros() < shift) {
            return false;
        }
        for i in 0..x.len() {
            let high = x.get(i + 1).copied().unwrap_or(0);
            x[i] = (x[i] >> shift) | (high << (64 - shift));
        }
    }
    let odd = d >> shift;
    if odd == 1 {
        return true;
    }
    // Newton's iteration doubles the correct low bits: 3 (odd·odd ≡ 1 mod 8) → 6 → … → 96.
    let mut inverse = odd;
    for _ in 0..5 {
        inverse = inverse.wrapping_mul(2u64.wrapping_sub(odd.wrapping_mul(inverse)));
    }
    // q·odd = x + borrow·2^(64·len) at the end, so a zero borrow means the division was exact.
    let mut borrow = 0u64;
    for limb in x.iter_mut() {
        let (s, b) = limb.overflowing_sub(borrow);
        let q = s.wrapping_mul(inverse);
        *limb = q;
        borrow = ((u128::from(q) * u128::from(odd)) >> 64) as u64 + u64::from(b);
    }
    borrow == 0
}

/// The limbs of `x`, zero-padded to `width` (`None` when `x` needs more).
pub(crate) fn of_big(x: &BigUint, width: usize) -> Option<Vec<u64>> {
    let mut out: Vec<u64> = x.iter_u64_digits().collect();
    if out.len() > width {
        return None;
    }
    out.resize(width, 0);
    Some(out)
}

/// The number the limbs hold.
pub(crate) fn to_big(x: &[u64]) -> BigUint {
    let top = x.iter().rposition(|&d| d != 0).map_or(0, |i| i + 1);
    // One word and zero: no digits to collect.
    match top {
        0 => return BigUint::ZERO,
        1 => return BigUint::from(x[0]),
        _ => {}
    }
    let mut digits = Vec::with_capacity(2 * top);
    for &d in &x[..top] {
        digits.extend([d as u32, (d >> 32) as u32]);
    }
    BigUint::new(digits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::One;
    use proptest::prelude::*;

    fn big(limbs: &[u64]) -> BigUint {
        to_big(limbs)
    }

    proptest! {
        #[test]
        fn limb_arithmetic_agrees_with_big_integers(
            a in prop::collection::vec(any::<u64>(), 1..6),
            b in prop::collection::vec(any::<u64>(), 1..5),
            m in any::<u64>(),
            d in 1u64..,
        ) {
            let width = a.len().max(b.len()) + 2;
            let (ba, bb) = (big(&a), big(&b));
            let mut acc = of_big(&ba, width).unwrap();
            prop_assert!(add_mul(&mut acc, &b, m));
            prop_assert_eq!(big(&acc), &ba + &bb * m);
            let mut acc = of_big(&(&ba + &bb), width).unwrap();
            prop_assert!(sub(&mut acc, &b));
            prop_assert_eq!(big(&acc), ba.clone());
            let mut small = of_big(&ba, width).unwrap();
            prop_assert_eq!(sub(&mut small, &of_big(&(&ba + 1u32), width).unwrap()), false);
            let mut scaled = of_big(&ba, width).unwrap();
            prop_assert!(mul_in_place(&mut scaled, m));
            prop_assert_eq!(big(&scaled), &ba * m);
            let mut product = of_big(&(&ba * d), width).unwrap();
            prop_assert!(div_exact(&mut product, d));
            prop_assert_eq!(big(&product), ba.clone());
            if d > 1 {
                let mut off = of_big(&(&ba * d + BigUint::one()), width).unwrap();
                prop_assert!(!div_exact(&mut off, d));
            }
        }
    }

    #[test]
    fn a_carry_out_of_the_width_is_reported() {
        let mut acc = [u64::MAX, u64::MAX];
        assert!(!add_mul(&mut acc, &[1], 1));
        let mut acc = [u64::MAX, 0];
        assert!(add_mul(&mut acc, &[2], 1));
        assert_eq!(acc, [1, 1]);
        let mut acc = [0u64];
        assert!(!add_mul(&mut acc, &[u64::MAX], 2));
        let mut x = [u64::MAX, 2];
        assert!(!mul_in_place(&mut x, 1 << 63));
        assert_eq!(to_big(&[0, 0]), BigUint::default());
        assert_eq!(of_big(&(BigUint::one() << 128u32), 2), None);
    }
}
