//! The keep/drop walk of [`crate::order::keep`] when only its settled counts are big: a pool
//! of many dice (`50d10kh10`, `100d6kh3`) keeps its walk state (ways of placing the kept
//! dice) small, and only the ways of the dice left over (`rest^(n−j)`) need many words.
//!
//! The state and the per-face multipliers are one word (`u64`) or two (`u128`), with no
//! overflow checks once one bound has shown that none can overflow; the settled counts are
//! fixed-width limbs (bounded by the pool's denominator), summed in place in carry-save form.
//! The counts are the same as the generic walk's with `BigUint`, which allocates at every
//! operation (checked against it in the tests below).

use num_bigint::BigUint;

use crate::limbs;
use crate::order::Face;

/// `a ⊛ b` for counts whose sums are proved to fit (no checks).
fn convolve(a: &[u128], b: &[u128]) -> Vec<u128> {
    let mut out = vec![0u128; a.len() + b.len() - 1];
    for (i, &x) in a.iter().enumerate() {
        if x != 0 {
            for (j, &y) in b.iter().enumerate() {
                out[i + j] += x * y;
            }
        }
    }
    out
}

/// `C(n, 0..=top)` in `u128`, or `None` when one does not fit.
fn binomials(n: u64, top: u64) -> Option<Vec<u128>> {
    let mut row = vec![1u128];
    for c in 1..=top.min(n) {
        let prev = *row.last()?;
        // C(n, c) = C(n, c−1)·(n−c+1)/c: the division is exact, so divide by the common
        // factor first and overflow as late as possible.
        let (m, d) = (u128::from(n - c + 1), u128::from(c));
        let g = crate::dist::gcd(prev, d);
        row.push((prev / g).checked_mul(m)? / (d / g));
    }
    row.resize(top as usize + 1, 0);
    Some(row)
}

/// `acc += x · m` over limbs, `m` of two words (`acc` one limb longer than `x` at least).
#[inline]
fn add_mul_wide(acc: &mut [u64], x: &[u64], m: u128) {
    let (lo, hi) = (m as u64, (m >> 64) as u64);
    let fits = limbs::add_mul(acc, x, lo) && (hi == 0 || limbs::add_mul(&mut acc[1..], x, hi));
    debug_assert!(fits, "every settled count is below the pool's denominator");
}

/// `x` with its high zero limbs cut off (at least one limb).
fn trimmed(x: &[u64]) -> &[u64] {
    let len = x.iter().rposition(|&d| d != 0).map_or(1, |i| i + 1);
    &x[..len]
}

/// `x^base, x^(base+1), …` into `out`, `out.len() / w` powers of `w` limbs each (`false`
/// when one needs more). The first is built from words of `x^m`, the largest power of `x`
/// that fits one: `base / m` passes over the limbs, no allocation.
fn powers(x: u64, base: u32, w: usize, out: &mut [u64]) -> bool {
    out.fill(0);
    if x == 0 {
        // Every power is 0 (base >= 1: a pool keeps at most its dice).
        return true;
    }
    let (first, rest) = out.split_at_mut(w);
    first[0] = 1;
    let mut left = base;
    while left > 0 {
        let (mut word, mut m) = (x, 1);
        while m < left {
            match word.checked_mul(x) {
                Some(next) => (word, m) = (next, m + 1),
                None => break,
            }
        }
        if !limbs::mul_in_place(first, word) {
            return false;
        }
        left -= m;
    }
    let mut previous: &[u64] = first;
    for next in rest.chunks_mut(w) {
        if !limbs::add_mul(next, previous, x) {
            return false;
        }
        previous = next;
    }
    true
}

/// A count of the walk's state: `u64` or `u128`, whichever the bound fits, so that a pool
/// whose placements fit one word multiplies one word at a time. Arithmetic is unchecked: it
/// is used only once the bound has shown that nothing can overflow.
trait Word:
    Copy
    + Default
    + Eq
    + std::ops::Add<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::AddAssign
{
    /// `x`, known to fit.
    fn of(x: u128) -> Self;
    /// `acc += x · self` in carry-save form: `acc[l]` holds a sum of words of weight
    /// `2^(64·l)`, carried only at the end ([`carry`]), so no carry chain runs per addition.
    /// `acc` is two limbs longer than `x` at least.
    fn add_mul_to(self, acc: &mut [u128], x: &[u64]);
}

/// `acc += x · m` in carry-save form (see [`Word::add_mul_to`]).
#[inline]
fn add_mul_saved(acc: &mut [u128], x: &[u64], m: u64) {
    let (low, high) = acc.split_at_mut(1);
    let mut spill = &mut low[0];
    for (&d, next) in x.iter().zip(high) {
        let p = u128::from(d) * u128::from(m);
        *spill += p & u128::from(u64::MAX);
        *next += p >> 64;
        spill = next;
    }
}

impl Word for u64 {
    fn of(x: u128) -> Self {
        x as u64
    }
    #[inline]
    fn add_mul_to(self, acc: &mut [u128], x: &[u64]) {
        add_mul_saved(acc, x, self);
    }
}

impl Word for u128 {
    fn of(x: u128) -> Self {
        x
    }
    #[inline]
    fn add_mul_to(self, acc: &mut [u128], x: &[u64]) {
        add_mul_saved(acc, x, self as u64);
        add_mul_saved(&mut acc[1..], x, (self >> 64) as u64);
    }
}

/// The number a carry-save accumulator holds (see [`Word::add_mul_to`]).
fn carry(acc: &[u128], limbs: &mut [u64]) -> BigUint {
    let mut c = 0u128;
    for (limb, &a) in limbs.iter_mut().zip(acc) {
        // a < 2^127 (few additions of words), so a + c, c < 2^64, cannot overflow.
        let v = a + c;
        *limb = v as u64;
        c = v >> 64;
    }
    debug_assert_eq!(c, 0, "every settled count is below the pool's denominator");
    limbs::to_big(limbs)
}

/// One face of [`keep`] with small counts.
struct Small {
    key: i64,
    least: i64,
    value: Vec<u128>,
    weight: u64,
}

/// [`crate::order::keep`] over `faces` with small walk state, or `None` when the bound does
/// not hold (a face weight past 64 bits, a value count past 128, or placements of `k − 1`
/// dice past 128 bits): the caller then runs the generic walk, which gives the same counts.
pub(crate) fn keep(
    faces: &[Face<BigUint>],
    n: u32,
    k: u32,
    highest: bool,
) -> Option<(i64, Vec<BigUint>)> {
    let mut small: Vec<Small> = faces
        .iter()
        .filter(|f| f.weight != BigUint::ZERO)
        .map(|f| {
            Some(Small {
                key: f.key,
                least: f.value.0,
                value: f
                    .value
                    .1
                    .iter()
                    .map(|c| u128::try_from(c).ok())
                    .collect::<Option<_>>()?,
                weight: u64::try_from(&f.weight).ok()?,
            })
        })
        .collect::<Option<_>>()?;
    if k == 0 || small.is_empty() || k > n {
        return None;
    }
    small.sort_by_key(|f| f.key);
    if highest {
        small.reverse();
    }
    let all = small
        .iter()
        .try_fold(0u64, |a, f| a.checked_add(f.weight))?;
    // Every face's kept value has the same denominator q (the sum of its counts).
    let q: u128 = small[0]
        .value
        .iter()
        .try_fold(0u128, |a, &c| a.checked_add(c))?;
    // Σ_t states[j][t] = C(n, j)·all^j·q^j, and what settles from it adds q^(k−j) more: so
    // when C(n, j)·all^j·q^k fits for every j < k, no sum or product of the walk overflows
    // (every one is a part of such a total).
    let q_k = q.checked_pow(k)?;
    let (mut all_j, mut bound) = (1u128, 0u128);
    for &c in binomials(u64::from(n), u64::from(k))?
        .iter()
        .take(k as usize)
    {
        bound = bound.max(c.checked_mul(all_j)?.checked_mul(q_k)?);
        all_j = all_j.checked_mul(u128::from(all))?;
    }
    if bound <= u128::from(u64::MAX) {
        walk::<u64>(&small, all, q, n, k)
    } else {
        walk::<u128>(&small, all, q, n, k)
    }
}

/// The walk of [`keep`] over `faces` (best first), counts of the state in `T`.
fn walk<T: Word>(
    faces: &[Small],
    all: u64,
    q: u128,
    n: u32,
    k: u32,
) -> Option<(i64, Vec<BigUint>)> {
    let (lo, hi) = faces.iter().try_fold((i64::MAX, i64::MIN), |(lo, hi), f| {
        let top = f
            .least
            .checked_add(i64::try_from(f.value.len()).ok()? - 1)?;
        Some((lo.min(f.least), hi.max(top)))
    })?;
    let spread = usize::try_from(hi.abs_diff(lo)).ok()?;
    // Settled counts are below the denominator all^n·q^k; one spare limb takes the high
    // word of a two-word multiplier.
    let bits = u64::from(64 - all.leading_zeros()) * u64::from(n)
        + u64::from(128 - q.leading_zeros()) * u64::from(k);
    let (n, k) = (n as usize, k as usize);
    let w = limbs::width(bits);
    let wide = w + 1;
    let width = |j: usize| spread * j + 1;
    let zero = T::default();
    // states[j][t]: j kept dice placed on better faces, total j·lo + t; span[j]: the range
    // of t that may be non-zero.
    let mut states: Vec<Vec<T>> = (0..k).map(|j| vec![zero; width(j)]).collect();
    states[0][0] = T::of(1);
    let mut next = states.clone();
    let mut span: Vec<(usize, usize)> = vec![(0, 0); k];
    span[0] = (0, 1);
    let mut next_span = span.clone();
    // choose[j][c] = C(n − j, c) for c < k − j.
    let choose: Vec<Vec<u128>> = (0..k)
        .map(|j| binomials((n - j) as u64, (k - j - 1) as u64))
        .collect::<Option<_>>()?;
    // Carry-save sums (see `Word::add_mul_to`): two spare slots for a two-word multiplier.
    let saved = w + 2;
    let mut finished = vec![0u128; width(k) * saved];
    let base = (n - k + 1) as u32;
    let mut rest = all;
    // (at or below this face)^e and (below it)^e for e in base..=n, w limbs each: the
    // second becomes the first at the next face.
    let (mut above_pow, mut rest_pow) = (vec![0u64; k * w], vec![0u64; k * w]);
    if !powers(all, base, w, &mut above_pow) {
        return None;
    }
    let pow = |e: usize| -> std::ops::Range<usize> {
        (e - base as usize) * w..(e - base as usize + 1) * w
    };
    let (mut minus, mut settle) = (vec![0u64; wide], vec![0u64; wide]);
    let mut w_pow: Vec<u128> = Vec::with_capacity(k);
    let mut sums: Vec<Vec<T>> = Vec::with_capacity(k + 1);
    let mut point_pow: Vec<T> = Vec::with_capacity(k + 1);
    for (index, face) in faces.iter().enumerate() {
        rest -= face.weight;
        let last = index + 1 == faces.len();
        if !powers(rest, base, w, &mut rest_pow) {
            return None;
        }
        // w^c for c < k: below the bound, as C(n, c)·all^c is.
        w_pow.clear();
        w_pow.push(1);
        for c in 1..k {
            w_pow.push(w_pow[c - 1] * u128::from(face.weight));
        }
        // sums[c]: what c kept dice on this face add, from c·(least − lo) on: one count for
        // a point face (the usual one), else the c-fold convolution of its value counts.
        let shift = usize::try_from(face.least.abs_diff(lo)).ok()?;
        let point = face.value.len() == 1;
        sums.clear();
        point_pow.clear();
        if point {
            // One value: c dice show it in value^c ways.
            let mut p = 1u128;
            for _ in 0..=k {
                point_pow.push(T::of(p));
                p = p.saturating_mul(face.value[0]);
            }
        } else {
            let mut sum = vec![1u128];
            sums.push(vec![T::of(1)]);
            for _ in 0..k {
                sum = convolve(&sum, &face.value);
                sums.push(sum.iter().map(|&x| T::of(x)).collect());
            }
        }
        if !last {
            // `next` holds the states before this face's: cleared where they may be
            // non-zero (the rest is zero already).
            for (s, &(a, b)) in next.iter_mut().zip(&next_span) {
                s[a..b].fill(zero);
            }
            next_span.fill((0, 0));
        }
        for j in 0..k {
            let (first, end) = span[j];
            if first == end {
                continue;
            }
            let need = k - j;
            let r = n - j;
            let choose_r = &choose[j];
            // Ways the r dice left (all at or below this face) put at least `need` here.
            minus.fill(0);
            for c in 0..need {
                let m = choose_r[c].checked_mul(w_pow[c])?;
                add_mul_wide(&mut minus, trimmed(&rest_pow[pow(r - c)]), m);
            }
            settle[..w].copy_from_slice(&above_pow[pow(r)]);
            settle[w] = 0;
            let exact = limbs::sub(&mut settle, &minus);
            debug_assert!(exact, "at least `need` of r dice is a part of all r");
            let settle = trimmed(&settle);
            // The settled totals: states[j] ⊛ sums[need], times the settled ways.
            let at = need * shift;
            let sum_of = |c: usize| -> &[T] {
                if point {
                    std::slice::from_ref(&point_pow[c])
                } else {
                    &sums[c]
                }
            };
            let source = &states[j][first..end];
            for (t, &count) in (first..).zip(source) {
                if count == zero {
                    continue;
                }
                for (u, &s) in sum_of(need).iter().enumerate() {
                    let x = (t + at + u) * saved;
                    (count * s).add_mul_to(&mut finished[x..x + saved], settle);
                }
            }
            if last {
                continue;
            }
            // c = 0 (no die here) keeps the state; 0 < c < need carry on.
            for c in 0..need {
                let ways = T::of(choose_r[c] * w_pow[c]);
                let target = &mut next[j + c];
                let off = first + c * shift;
                let len = source.len() + sum_of(c).len() - 1;
                let (a, b) = &mut next_span[j + c];
                if *a == *b {
                    (*a, *b) = (off, off + len);
                } else {
                    (*a, *b) = ((*a).min(off), (*b).max(off + len));
                }
                if point {
                    let ways = ways * point_pow[c];
                    for (slot, &count) in target[off..off + source.len()].iter_mut().zip(source) {
                        *slot += count * ways;
                    }
                    continue;
                }
                for (t, &count) in source.iter().enumerate() {
                    let carried = count * ways;
                    for (u, &s) in sums[c].iter().enumerate() {
                        target[off + t + u] += carried * s;
                    }
                }
            }
        }
        std::mem::swap(&mut states, &mut next);
        std::mem::swap(&mut span, &mut next_span);
        std::mem::swap(&mut above_pow, &mut rest_pow);
    }
    let least = lo.checked_mul(i64::try_from(k).ok()?)?;
    let mut limbs = vec![0u64; saved];
    Some((
        least,
        finished
            .chunks(saved)
            .map(|acc| carry(acc, &mut limbs))
            .collect(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point_faces(weights: &[u64]) -> Vec<Face<BigUint>> {
        (1..)
            .zip(weights)
            .map(|(v, &w)| Face::point(v, v, BigUint::from(w)))
            .collect()
    }

    /// A d`sides` whose kept die, on its top face, adds one more d`sides` (`ra`): every
    /// face's value shares the denominator `sides`.
    fn adding_faces(sides: i64) -> Vec<Face<BigUint>> {
        (1..=sides)
            .map(|v| Face {
                key: v,
                value: if v == sides {
                    (v + 1, vec![BigUint::from(1u32); sides as usize])
                } else {
                    (v, vec![BigUint::from(sides as u64)])
                },
                weight: BigUint::from(1u32),
            })
            .collect()
    }

    fn copy(faces: &[Face<BigUint>]) -> Vec<Face<BigUint>> {
        faces
            .iter()
            .map(|f| Face {
                key: f.key,
                value: f.value.clone(),
                weight: f.weight.clone(),
            })
            .collect()
    }

    /// The walk with small state against the generic walk over big counts, on fair and
    /// loaded dice, zero-weight faces, kept values with their own distribution, and pools
    /// past 128 bits.
    #[test]
    fn the_small_state_walk_equals_the_generic_walk() {
        let dice = [
            point_faces(&[1; 6]),
            point_faces(&[3, 1, 4, 1, 5, 9, 2]),
            point_faces(&[0, 2, 0, 7]),
            adding_faces(4),
        ];
        for faces in &dice {
            let pools = (1..=9u32).flat_map(|n| (1..=n).map(move |k| (n, k))).chain(
                [40, 70]
                    .into_iter()
                    .flat_map(|n| (1..=6).map(move |k| (n, k))),
            );
            for (n, k) in pools {
                {
                    for highest in [true, false] {
                        let fast = keep(faces, n, k, highest);
                        let generic = crate::order::keep(copy(faces), n, k, highest);
                        assert!(fast.is_some(), "n {n} k {k}: small state fits");
                        assert_eq!(fast, generic, "n {n} k {k} highest {highest}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_walk_past_the_bound_is_left_to_the_generic_walk() {
        // A weight past 64 bits (a deep explosion chain's counts).
        let heavy = [Face::point(1, 1, BigUint::from(1u32) << 70u32)];
        assert_eq!(keep(&heavy, 3, 1, true), None);
        // Placements of 59 kept dice of 60 d1000 past 128 bits.
        assert_eq!(keep(&point_faces(&[1; 1000]), 60, 59, true), None);
    }
}
