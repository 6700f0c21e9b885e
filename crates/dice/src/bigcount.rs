//! Exact odds past 128 bits: the algorithms of [`Distribution`] over arbitrary-precision
//! counts, used only when the `u128` path overflows (or for explosions followed deep).

use std::collections::BTreeMap;
use std::fmt;

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{One, Zero};

use crate::dist::{self, Distribution, Ratio, Summable, MAX_SUPPORT};
use crate::error::{Error, ErrorKind, Result};
use crate::limbs;
use crate::order;
use crate::pool::{Keep, PoolSpec};

/// The greatest common divisor of `denominator` and every count. The smallest count goes
/// first (a pool's extreme totals have few ways), so the divisor is as small as it can be
/// at once, and every other count costs a remainder (of one word, when the divisor fits
/// one), not a big-number gcd.
fn common_factor(denominator: &BigUint, counts: &[BigUint]) -> BigUint {
    let Some(smallest) = counts
        .iter()
        .filter(|c| !c.is_zero())
        .min_by_key(|c| c.bits())
    else {
        return denominator.clone();
    };
    let mut g = smallest.gcd(&(denominator % smallest));
    for c in counts {
        if g.is_one() {
            break;
        }
        // A count g divides (the usual case once g is the common factor) costs one
        // division, not a gcd.
        let rest = match u64::try_from(&g) {
            Ok(small) => {
                let r = u64::try_from(c % small).unwrap_or(0);
                if r != 0 {
                    g = BigUint::from(num_integer::gcd(small, r));
                }
                continue;
            }
            Err(_) => c % &g,
        };
        if !rest.is_zero() {
            g = g.gcd(&rest);
        }
    }
    g
}

/// At most this many machine-word operations for one step (one sum, product, explosion chain
/// or keep/drop pass) of exact odds with big counts, estimated before the step starts.
/// 4·10⁹ word operations take a few seconds in a release build.
pub const MAX_BIG_WORK: u128 = 4_000_000_000;
/// At most this many bytes of counts held by one exact distribution or one keep/drop pass.
pub const MAX_BIG_BYTES: u128 = 512 << 20;

/// An exact probability with arbitrary-precision numerator and denominator, in lowest terms.
/// `Display` writes `numerator/denominator`, as [`Ratio`] does.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BigRatio {
    numerator: BigUint,
    denominator: BigUint,
}

impl BigRatio {
    /// `numerator / denominator` in lowest terms. Panics if the denominator is 0.
    pub fn new(numerator: BigUint, denominator: BigUint) -> Self {
        assert!(
            !denominator.is_zero(),
            "a probability needs a non-zero denominator"
        );
        let g = numerator.gcd(&denominator);
        if g.is_one() || g.is_zero() {
            return BigRatio {
                numerator,
                denominator,
            };
        }
        BigRatio {
            numerator: numerator / &g,
            denominator: denominator / &g,
        }
    }

    /// The numerator.
    pub fn numerator(&self) -> &BigUint {
        &self.numerator
    }

    /// The denominator (never 0).
    pub fn denominator(&self) -> &BigUint {
        &self.denominator
    }

    /// Whether the probability is 0.
    pub fn is_zero(&self) -> bool {
        self.numerator.is_zero()
    }

    /// The same fraction as a [`Ratio`] when both parts fit 128 bits.
    pub fn to_ratio(&self) -> Option<Ratio> {
        Some(Ratio::new(
            u128::try_from(&self.numerator).ok()?,
            u128::try_from(&self.denominator).ok()?,
        ))
    }

    /// The nearest `f64` (to within rounding), for display and plotting only.
    pub fn to_f64(&self) -> f64 {
        ratio_f64(&self.numerator, &self.denominator)
    }
}

impl From<Ratio> for BigRatio {
    fn from(r: Ratio) -> Self {
        BigRatio {
            numerator: r.numerator.into(),
            denominator: r.denominator.into(),
        }
    }
}

impl fmt::Display for BigRatio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.numerator, self.denominator)
    }
}

/// `n / d` as an `f64`: each is cut to its top 64 bits and the dropped powers of two put back
/// as an exponent, so fractions far past `f64`'s range (either way) still divide.
fn ratio_f64(n: &BigUint, d: &BigUint) -> f64 {
    if n.is_zero() {
        return 0.0;
    }
    let (sn, sd) = (n.bits().saturating_sub(64), d.bits().saturating_sub(64));
    let q = to_f64(&(n >> sn)) / to_f64(&(d >> sd));
    let exponent = sn as i64 - sd as i64;
    // powi takes an i32; beyond ±2000 the result is 0 or infinite anyway.
    q * 2f64.powi(exponent.clamp(-2000, 2000) as i32)
}

fn to_f64(x: &BigUint) -> f64 {
    x.iter_u64_digits().rev().fold(0.0, |acc, digit| {
        acc * 18_446_744_073_709_551_616.0 + digit as f64
    })
}

fn signed_f64(x: &BigInt, d: &BigUint) -> f64 {
    let v = ratio_f64(x.magnitude(), d);
    if x.sign() == Sign::Minus {
        -v
    } else {
        v
    }
}

/// 64-bit words of `x` (at least 1): the unit of the work estimates.
fn words(x: &BigUint) -> u128 {
    u128::from(x.bits() / 64 + 1)
}

pub(crate) fn work_limit(work: u128, what: &str) -> Error {
    Error::new(
        ErrorKind::Limit,
        format!(
            "exact odds of {what} would take about {work} word operations, over the work limit of {MAX_BIG_WORK}"
        ),
    )
}

fn check(work: u128, bytes: u128, what: &str) -> Result<()> {
    if work > MAX_BIG_WORK {
        return Err(work_limit(work, what));
    }
    if bytes > MAX_BIG_BYTES {
        return Err(Error::new(
            ErrorKind::Limit,
            format!(
                "exact odds of {what} would hold about {} MiB of counts, over the memory limit of {} MiB",
                bytes >> 20,
                MAX_BIG_BYTES >> 20
            ),
        ));
    }
    Ok(())
}

fn support_limit(len: usize) -> Error {
    Error::new(
        ErrorKind::Limit,
        format!(
            "exact odds would need {} distinct values or value pairs, over the limit of {MAX_SUPPORT}",
            if len == usize::MAX { "too many".to_owned() } else { len.to_string() }
        ),
    )
}

fn arithmetic_overflow() -> Error {
    Error::new(
        ErrorKind::Overflow,
        "arithmetic overflow in a dice expression",
    )
}

/// The exact distribution of an integer-valued quantity with arbitrary-precision counts.
///
/// Like [`Distribution`], the counts share one denominator and may sum to less than it: the
/// rest is [`BigDistribution::unresolved`] (explosions cut off), whose values are known to
/// lie in [`BigDistribution::unresolved_range`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BigDistribution {
    min: i64,
    counts: Vec<BigUint>,
    denominator: BigUint,
    unresolved_range: Option<(i64, i64)>,
}

impl From<&Distribution> for BigDistribution {
    fn from(d: &Distribution) -> Self {
        let counts: Vec<BigUint> = d.counts().iter().map(|&c| BigUint::from(c)).collect();
        let resolved: u128 = d.counts().iter().sum();
        BigDistribution {
            min: d.min(),
            counts,
            denominator: d.denominator().into(),
            // The u128 path leaves mass unresolved only through explosions, which it is
            // never asked for here; the range is then the resolved one.
            unresolved_range: (resolved < d.denominator()).then(|| (d.min(), d.max())),
        }
    }
}

impl Summable for BigDistribution {
    fn zero() -> Self {
        Self::constant(0)
    }
    fn is_uniform(&self) -> bool {
        self.uniform_count().is_some()
    }
    fn sum_with(&self, other: &Self) -> Result<Self> {
        self.add(other)
    }
}

impl BigDistribution {
    /// A certain value.
    pub fn constant(value: i64) -> Self {
        BigDistribution {
            min: value,
            counts: vec![BigUint::one()],
            denominator: BigUint::one(),
            unresolved_range: None,
        }
    }

    fn build(
        min: i64,
        counts: Vec<BigUint>,
        denominator: BigUint,
        unresolved_range: Option<(i64, i64)>,
    ) -> Result<Self> {
        if counts.len() > MAX_SUPPORT {
            return Err(support_limit(counts.len()));
        }
        let mut d = BigDistribution {
            min,
            counts,
            denominator,
            unresolved_range,
        };
        d.normalize();
        Ok(d)
    }

    fn from_pairs(
        pairs: Vec<(i64, BigUint)>,
        denominator: BigUint,
        unresolved_range: Option<(i64, i64)>,
    ) -> Result<Self> {
        let Some(min) = pairs.iter().map(|p| p.0).min() else {
            return Self::build(0, Vec::new(), denominator, unresolved_range);
        };
        let max = pairs.iter().map(|p| p.0).max().unwrap_or(min);
        let width = usize::try_from(max.abs_diff(min))
            .ok()
            .and_then(|w| w.checked_add(1));
        let width = match width {
            Some(w) if w <= MAX_SUPPORT => w,
            _ => return Err(support_limit(usize::MAX)),
        };
        let mut counts = vec![BigUint::zero(); width];
        for (v, c) in pairs {
            counts[v.abs_diff(min) as usize] += c;
        }
        Self::build(min, counts, denominator, unresolved_range)
    }

    fn normalize(&mut self) {
        match self.counts.iter().position(|c| !c.is_zero()) {
            None => {
                self.counts.clear();
                self.min = 0;
            }
            Some(first) => {
                let last = self
                    .counts
                    .iter()
                    .rposition(|c| !c.is_zero())
                    .unwrap_or(first);
                self.counts.truncate(last + 1);
                self.counts.drain(..first);
                self.min += first as i64;
            }
        }
        let g = common_factor(&self.denominator, &self.counts);
        // g divides the denominator and every count, so the unresolved rest too.
        if !g.is_one() && !g.is_zero() {
            for c in &mut self.counts {
                *c /= &g;
            }
            self.denominator /= &g;
        }
        if self.unresolved_range.is_some() && self.resolved() == self.denominator {
            self.unresolved_range = None;
        }
    }

    fn resolved(&self) -> BigUint {
        self.counts.iter().sum()
    }

    /// The smallest resolved value (0 when nothing is resolved).
    pub fn min(&self) -> i64 {
        self.min
    }

    /// The largest resolved value.
    pub fn max(&self) -> i64 {
        self.min + self.counts.len().saturating_sub(1) as i64
    }

    /// The shared denominator of every probability.
    pub fn denominator(&self) -> &BigUint {
        &self.denominator
    }

    /// `(value, count)` for every value with non-zero probability, ascending.
    pub fn iter(&self) -> impl Iterator<Item = (i64, &BigUint)> + '_ {
        self.counts
            .iter()
            .enumerate()
            .filter(|(_, c)| !c.is_zero())
            .map(move |(i, c)| (self.min + i as i64, c))
    }

    /// Number of values with non-zero probability.
    pub fn len(&self) -> usize {
        self.counts.iter().filter(|c| !c.is_zero()).count()
    }

    /// Whether no value is resolved.
    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    /// P(X = value).
    pub fn probability(&self, value: i64) -> BigRatio {
        let count = value
            .checked_sub(self.min)
            .and_then(|i| usize::try_from(i).ok())
            .and_then(|i| self.counts.get(i).cloned())
            .unwrap_or_default();
        BigRatio::new(count, self.denominator.clone())
    }

    /// P(X >= value), over resolved values.
    pub fn at_least(&self, value: i64) -> BigRatio {
        let sum = self
            .iter()
            .filter(|&(v, _)| v >= value)
            .map(|(_, c)| c)
            .sum();
        BigRatio::new(sum, self.denominator.clone())
    }

    /// The probability mass whose value was not computed (explosions followed only as deep
    /// as the bound asked for), exactly.
    pub fn unresolved(&self) -> BigRatio {
        BigRatio::new(
            &self.denominator - self.resolved(),
            self.denominator.clone(),
        )
    }

    /// Inclusive bounds on the values the unresolved mass may take (`None` when there is no
    /// unresolved mass).
    pub fn unresolved_range(&self) -> Option<(i64, i64)> {
        self.unresolved_range
    }

    /// The same distribution with `u128` counts, when they fit.
    pub fn to_distribution(&self) -> Option<Distribution> {
        let counts = self
            .counts
            .iter()
            .map(|c| u128::try_from(c).ok())
            .collect::<Option<Vec<u128>>>()?;
        Distribution::from_counts(self.min, counts, u128::try_from(&self.denominator).ok()?).ok()
    }

    /// Σ value·count over resolved values.
    fn moment(&self, power: u32) -> BigInt {
        self.iter()
            .map(|(v, c)| BigInt::from(v).pow(power) * BigInt::from(c.clone()))
            .sum()
    }

    /// The mean over resolved values, conditioned on being resolved (display only).
    pub fn mean(&self) -> f64 {
        signed_f64(&self.moment(1), &self.resolved())
    }

    /// Bounds on the mean of the whole distribution (display only): the resolved part exactly,
    /// the unresolved mass at the lowest and the highest value it may take. Equal when
    /// nothing is unresolved.
    pub fn mean_bounds(&self) -> (f64, f64) {
        let sum = self.moment(1);
        let Some((lo, hi)) = self.unresolved_range else {
            let m = signed_f64(&sum, &self.denominator);
            return (m, m);
        };
        let rest = BigInt::from(&self.denominator - self.resolved());
        let low = &sum + &rest * BigInt::from(lo);
        let high = &sum + &rest * BigInt::from(hi);
        (
            signed_f64(&low, &self.denominator),
            signed_f64(&high, &self.denominator),
        )
    }

    /// The standard deviation over resolved values (display only), computed exactly before
    /// the final division.
    pub fn std_dev(&self) -> f64 {
        let total = self.resolved();
        if total.is_zero() {
            return 0.0;
        }
        let (s1, s2) = (self.moment(1), self.moment(2));
        let t = BigInt::from(total.clone());
        // Var = (t·Σv²c − (Σvc)²) / t²
        let numerator = &t * s2 - &s1 * &s1;
        signed_f64(&numerator, &(&total * &total)).max(0.0).sqrt()
    }

    /// The values resolved mass and unresolved mass may take, together.
    fn span(&self) -> Option<(i64, i64)> {
        let resolved = (!self.counts.is_empty()).then(|| (self.min, self.max()));
        match (resolved, self.unresolved_range) {
            (Some(a), Some(b)) => Some((a.0.min(b.0), a.1.max(b.1))),
            (a, b) => a.or(b),
        }
    }

    /// Applies `f` to every resolved value; `range` maps the unresolved range.
    pub(crate) fn map(
        &self,
        f: impl Fn(i64) -> Result<i64>,
        range: impl Fn((i64, i64)) -> Option<(i64, i64)>,
    ) -> Result<Self> {
        let pairs = self
            .iter()
            .map(|(v, c)| Ok((f(v)?, c.clone())))
            .collect::<Result<Vec<_>>>()?;
        Self::from_pairs(
            pairs,
            self.denominator.clone(),
            self.unresolved_range.and_then(range),
        )
    }

    /// The distribution of `-X`.
    pub fn negate(&self) -> Result<Self> {
        self.map(
            |v| v.checked_neg().ok_or_else(arithmetic_overflow),
            |(lo, hi)| Some((hi.checked_neg()?, lo.checked_neg()?)),
        )
    }

    /// The distribution of `X + Y` for independent `X` (self) and `Y` (other).
    pub fn add(&self, other: &Self) -> Result<Self> {
        let denominator = &self.denominator * &other.denominator;
        // Unresolved: X unresolved and Y anything, or X anything and Y unresolved.
        let sum = |a: Option<(i64, i64)>, b: Option<(i64, i64)>| -> Result<Option<(i64, i64)>> {
            let (Some(a), Some(b)) = (a, b) else {
                return Ok(None);
            };
            Ok(Some((
                a.0.checked_add(b.0).ok_or_else(arithmetic_overflow)?,
                a.1.checked_add(b.1).ok_or_else(arithmetic_overflow)?,
            )))
        };
        let unresolved_range = match (
            sum(self.unresolved_range, other.span())?,
            sum(self.span(), other.unresolved_range)?,
        ) {
            (Some(a), Some(b)) => Some((a.0.min(b.0), a.1.max(b.1))),
            (a, b) => a.or(b),
        };
        if self.counts.is_empty() || other.counts.is_empty() {
            return Self::build(0, Vec::new(), denominator, unresolved_range);
        }
        let len = self.counts.len() + other.counts.len() - 1;
        if len > MAX_SUPPORT {
            return Err(support_limit(len));
        }
        let min = self
            .min
            .checked_add(other.min)
            .ok_or_else(arithmetic_overflow)?;
        let bytes = len as u128 * words(&denominator) * 8;
        let counts = if let Some(c) = other.uniform_count() {
            check(len as u128 * words(&denominator) * 2, bytes, "a sum")?;
            slide(&self.counts, other.counts.len(), c)
        } else if let Some(c) = self.uniform_count() {
            check(len as u128 * words(&denominator) * 2, bytes, "a sum")?;
            slide(&other.counts, self.counts.len(), c)
        } else {
            let work = self.counts.len() as u128
                * other.counts.len() as u128
                * (words(&self.denominator) * words(&other.denominator) + words(&denominator));
            check(work, bytes, "a sum")?;
            convolve(&self.counts, &other.counts)
        };
        Self::build(min, counts, denominator, unresolved_range)
    }

    fn uniform_count(&self) -> Option<&BigUint> {
        let first = self.counts.first()?;
        self.counts.iter().all(|c| c == first).then_some(first)
    }

    /// The distribution of the sum of `n` independent copies.
    pub fn repeat_sum(&self, n: u32) -> Result<Self> {
        if n > 1 && self.unresolved_range.is_none() {
            let small: Option<Vec<u64>> =
                self.counts.iter().map(|c| u64::try_from(c).ok()).collect();
            if let Some(counts) = small.and_then(|g| power_counts(&g, n)) {
                let min = self
                    .min
                    .checked_mul(i64::from(n))
                    .ok_or_else(arithmetic_overflow)?;
                return Self::build(min, counts, self.denominator.pow(n), None);
            }
        }
        dist::repeat_sum(self, n)
    }

    /// The distribution of `op(X, Y)` for independent `X`, `Y`; `op` may refuse a pair and
    /// `range` bounds the result for the unresolved mass from both operands' spans.
    pub(crate) fn combine(
        &self,
        other: &Self,
        op: impl Fn(i64, i64) -> Result<i64>,
        range: impl Fn((i64, i64), (i64, i64)) -> Option<(i64, i64)>,
    ) -> Result<Self> {
        let pairs_count = self.counts.len().saturating_mul(other.counts.len());
        if pairs_count > MAX_SUPPORT {
            return Err(support_limit(pairs_count));
        }
        let denominator = &self.denominator * &other.denominator;
        let work = pairs_count as u128 * words(&self.denominator) * words(&other.denominator);
        check(
            work,
            pairs_count as u128 * words(&denominator) * 8,
            "a product",
        )?;
        let unresolved_range =
            if self.unresolved_range.is_some() || other.unresolved_range.is_some() {
                match (self.span(), other.span()) {
                    (Some(a), Some(b)) => range(a, b),
                    _ => None,
                }
                .ok_or_else(arithmetic_overflow)
                .map(Some)?
            } else {
                None
            };
        let mut pairs = Vec::with_capacity(pairs_count);
        for (a, ca) in self.iter() {
            for (b, cb) in other.iter() {
                pairs.push((op(a, b)?, ca * cb));
            }
        }
        Self::from_pairs(pairs, denominator, unresolved_range)
    }

    fn filter(&self, keep: impl Fn(i64) -> bool) -> Result<Self> {
        let pairs = self
            .iter()
            .filter(|&(v, _)| keep(v))
            .map(|(v, c)| (v, c.clone()))
            .collect();
        Self::from_pairs(pairs, self.denominator.clone(), None)
    }

    /// Adds the masses of two disjoint parts of one distribution.
    fn mix(&self, other: &Self) -> Result<Self> {
        let denominator = self.denominator.lcm(&other.denominator);
        let scale_a = &denominator / &self.denominator;
        let scale_b = &denominator / &other.denominator;
        let pairs = self
            .iter()
            .map(|(v, c)| (v, c * &scale_a))
            .chain(other.iter().map(|(v, c)| (v, c * &scale_b)))
            .collect();
        Self::from_pairs(pairs, denominator, None)
    }
}

/// The convolution of two count vectors (the counts of a sum).
///
/// Long ones are packed into one big integer each, a fixed-width slot per count wide enough
/// that no slot of the product carries into the next (Kronecker substitution), so one
/// big-integer product (Karatsuba / Toom-3) replaces `len_a · len_b` small ones.
fn convolve(a: &[BigUint], b: &[BigUint]) -> Vec<BigUint> {
    let len = a.len() + b.len() - 1;
    if a.len().min(b.len()) < 16 {
        let mut counts = vec![BigUint::zero(); len];
        for (i, x) in a.iter().enumerate() {
            if x.is_zero() {
                continue;
            }
            for (j, y) in b.iter().enumerate() {
                counts[i + j] += x * y;
            }
        }
        return counts;
    }
    let max_bits = |v: &[BigUint]| v.iter().map(BigUint::bits).max().unwrap_or(0);
    let terms = a.len().min(b.len()) as u64;
    let slot_bits = max_bits(a) + max_bits(b) + (64 - terms.leading_zeros()) as u64 + 1;
    let slot = slot_bits.div_ceil(32) as usize;
    let pack = |v: &[BigUint]| {
        let mut digits = vec![0u32; v.len() * slot];
        for (i, x) in v.iter().enumerate() {
            for (k, d) in x.iter_u32_digits().enumerate() {
                digits[i * slot + k] = d;
            }
        }
        BigUint::new(digits)
    };
    let product = (pack(a) * pack(b)).to_u32_digits();
    (0..len)
        .map(|i| {
            let start = (i * slot).min(product.len());
            let end = ((i + 1) * slot).min(product.len());
            BigUint::from_slice(&product[start..end])
        })
        .collect()
}

/// The counts of the sum of `n` dice whose one-die counts are `g` (from offset 0, `g[0] > 0`),
/// by J. C. P. Miller's recurrence for the power of a polynomial: `f = gⁿ` satisfies
/// `g·f′ = n·g′·f`, so its counts `a_t` follow
/// `g₀·t·a_t = Σ_{i=1..m} g_i·((n+1)·i − t)·a_{t−i}` (`m` the last face).
///
/// Each count costs `m` multiply-adds by a word and one exact division, where repeated
/// sums cost a pass over the whole distribution per die. The counts are fixed-width limbs
/// (every count is below `(Σg)ⁿ`), and a symmetric die's half is mirrored. `None` when a
/// multiplier does not fit a word (the caller then sums by doubling).
fn power_counts(g: &[u64], n: u32) -> Option<Vec<BigUint>> {
    let m = g.len().checked_sub(1)?;
    if g[0] == 0 {
        return None;
    }
    let n64 = u64::from(n);
    let len = m.checked_mul(n as usize)?.checked_add(1)?;
    // The largest multiplier g_i·|(n+1)·i − t| and divisor g₀·t must fit a word.
    g.iter()
        .max()?
        .checked_mul(n64 + 1)?
        .checked_mul(m as u64)?;
    g[0].checked_mul(len as u64)?;
    let total = g.iter().try_fold(0u64, |a, &b| a.checked_add(b))?;
    let bits = u64::from(64 - total.leading_zeros());
    // Counts are below 2^(bits·n); a sum of m products below (n+1)·m·(Σg)^(n+1).
    let w = limbs::width(bits * n64);
    let acc_w = limbs::width(bits * (n64 + 1) + 64);
    let symmetric = g.iter().eq(g.iter().rev());
    let last = if symmetric { len / 2 } else { len - 1 };
    let mut a = vec![0u64; (last + 1) * w];
    a[..w].copy_from_slice(&limbs::of_big(&BigUint::from(g[0]).pow(n), w)?);
    let (mut plus, mut minus) = (vec![0u64; acc_w], vec![0u64; acc_w]);
    for t in 1..=last {
        plus.fill(0);
        minus.fill(0);
        let t64 = t as u64;
        for (i, &gi) in g.iter().enumerate().take(m.min(t) + 1).skip(1) {
            if gi == 0 {
                continue;
            }
            let prev = &a[(t - i) * w..(t - i + 1) * w];
            let k = (n64 + 1) * i as u64;
            let fits = if k >= t64 {
                limbs::add_mul(&mut plus, prev, gi * (k - t64))
            } else {
                limbs::add_mul(&mut minus, prev, gi * (t64 - k))
            };
            debug_assert!(fits, "the accumulator is wide enough");
        }
        let exact = limbs::sub(&mut plus, &minus) && limbs::div_exact(&mut plus, g[0] * t64);
        debug_assert!(exact, "Miller's recurrence gives whole counts");
        if !exact || plus[w..].iter().any(|&d| d != 0) {
            return None;
        }
        a[t * w..(t + 1) * w].copy_from_slice(&plus[..w]);
    }
    Some(
        (0..len)
            .map(|t| {
                let i = if t <= last { t } else { len - 1 - t };
                limbs::to_big(&a[i * w..(i + 1) * w])
            })
            .collect(),
    )
}

/// Convolution of `counts` with `width` equal counts `c`: a sliding window sum.
fn slide(counts: &[BigUint], width: usize, c: &BigUint) -> Vec<BigUint> {
    let len = counts.len() + width - 1;
    let mut out = Vec::with_capacity(len);
    let mut window = BigUint::zero();
    for i in 0..len {
        if let Some(entering) = counts.get(i) {
            window += entering;
        }
        if i >= width {
            window -= &counts[i - width];
        }
        out.push(if c.is_one() {
            window.clone()
        } else {
            &window * c
        });
    }
    out
}

/// How deep exploding dice are followed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depth {
    /// Deep enough that the expression's unresolved mass is at most `2^-bits`: each of the
    /// expression's `n` exploding dice is followed until its own unresolved mass is at most
    /// `2^-bits / n` (the pool's is at most the sum of its dice's), and never past the
    /// pool's own explosion limit (where the chain ends, exactly).
    Bound(u32),
    /// At most this many extra dice per die (the pool's own limit still applies).
    Levels(u32),
}

impl Default for Depth {
    /// Unresolved mass at most 2⁻⁶⁴.
    fn default() -> Self {
        Depth::Bound(64)
    }
}

/// One die of an exploding pool, followed as deep as `depth` asks; `dice` is the number of
/// exploding dice in the whole expression (the bound is shared among them).
pub(crate) fn chain(spec: &PoolSpec, depth: Depth, dice: u64) -> Result<BigDistribution> {
    let single = Distribution::of_pool(&PoolSpec {
        count: 1,
        explode: None,
        keep: None,
        select: None,
        successes: None,
        after_keep: [None; crate::kept::MAX_KEPT_STEPS],
        ..*spec
    })?;
    let face = BigDistribution::from(&single);
    let Some(explode) = spec.explode else {
        return Ok(face);
    };
    let matching = face.filter(|v| explode.when.matches(v))?;
    let stops = face.filter(|v| !explode.when.matches(v))?;
    let levels = match depth {
        Depth::Levels(n) => n.min(explode.depth),
        Depth::Bound(bits) => {
            // Smallest d with p^(d+1) <= 2^-bits / dice, p = matching / all.
            let (p_num, p_den) = (matching.resolved(), matching.denominator.clone());
            let limit = BigUint::one() << bits;
            let dice = BigUint::from(dice.max(1));
            let (mut num, mut den) = (p_num.clone(), p_den.clone());
            let mut d = 0;
            while d < explode.depth && &num * &limit * &dice > den {
                num *= &p_num;
                den *= &p_den;
                d += 1;
            }
            d
        }
    };
    let cut_off = levels < explode.depth;
    let chain_words = words(&face.denominator) * u128::from(levels + 1);
    let work = u128::from(levels + 1).pow(2) * face.counts.len() as u128 * chain_words * 4;
    check(
        work,
        u128::from(levels + 1) * face.counts.len() as u128 * chain_words * 8,
        "an explosion chain",
    )?;
    let mut tail = if cut_off { stops.clone() } else { face.clone() };
    for _ in 0..levels {
        let goes_on = matching.add(&tail)?;
        tail = stops.mix(&goes_on)?;
    }
    if cut_off && !matching.counts.is_empty() {
        // Chains longer than computed: levels+1 matching faces, then at least one more die.
        let low = (i64::from(levels) + 1) * matching.min + face.min;
        let high = (i64::from(explode.depth) + 1) * face.max();
        tail.unresolved_range = Some((low, high));
    }
    Ok(tail)
}

/// The exact distribution of a pool with big counts.
pub(crate) fn of_pool(spec: &PoolSpec, depth: Depth, dice: u64) -> Result<BigDistribution> {
    spec.validate()?;
    let chain = chain(spec, depth, dice)?;
    let test = spec.successes;
    let select = spec.select;
    let value = move |v: i64| {
        if select.is_some_and(|s| !s.kept(v)) {
            return 0;
        }
        match test {
            Some(test) => i64::from(test.matches(v)),
            None => v,
        }
    };
    let keep = spec
        .keep
        .filter(|k| k.kept(spec.count).0 < spec.count || spec.has_kept_steps());
    let per_die = chain.map(
        |v| Ok(value(v)),
        |(lo, hi)| {
            Some(match (test, select) {
                (Some(_), _) => (0, 1),
                (None, Some(_)) => (lo.min(0), hi.max(0)),
                (None, None) => (lo, hi),
            })
        },
    )?;
    if let Some(keep) = keep {
        return keep_order_statistics(spec, &chain, keep, value, per_die.span());
    }
    {
        // The whole sum is bounded before the first die is added, so a hopeless pool is
        // refused at once rather than after grinding through most of it.
        let n = u128::from(spec.count);
        let spread = per_die
            .span()
            .map_or(0, |(lo, hi)| u128::from(hi.abs_diff(lo)));
        let len = n * spread + 1;
        if len > MAX_SUPPORT as u128 {
            return Err(support_limit(usize::try_from(len).unwrap_or(usize::MAX)));
        }
        let final_words = n * u128::from(per_die.denominator.bits()) / 64 + 1;
        check(
            n * len * final_words,
            len * final_words * 8,
            &format!("a sum of {} dice", spec.count),
        )?;
    }
    per_die.repeat_sum(spec.count)
}

/// Keep/drop by order statistics with big counts: the walk shared with `u128` counts. Dice
/// are ranked by their chain total (`die`'s values); a kept die adds `value` of it.
fn keep_order_statistics(
    spec: &PoolSpec,
    die: &BigDistribution,
    keep: Keep,
    value: impl Fn(i64) -> i64,
    value_span: Option<(i64, i64)>,
) -> Result<BigDistribution> {
    let n = spec.count;
    let (k, highest) = keep.kept(n);
    let (faces, q) = spec.kept_faces(die.iter().map(|(v, w)| (v, w.clone())), &value)?;
    let denominator = die.denominator.pow(n) * BigUint::from(q).pow(k);
    let den_words = words(&denominator);
    let (lo, hi) = faces.iter().fold((i64::MAX, i64::MIN), |(lo, hi), f| {
        (
            lo.min(f.value.0),
            hi.max(f.value.0 + f.value.1.len() as i64 - 1),
        )
    });
    let spread = if lo > hi { 0 } else { hi.abs_diff(lo) };
    let work = order::keep_work(die.counts.len(), spread, k) * den_words * 2;
    let totals = u128::from(spread) * u128::from(k) + 1;
    check(
        work,
        totals * u128::from(k + 1) * den_words * 8 * 2,
        "a keep/drop pool",
    )?;
    let (min, counts) = match order::wide::keep(&faces, n, k, highest) {
        Some(done) => done,
        None => order::keep(faces, n, k, highest).ok_or_else(arithmetic_overflow)?,
    };
    // Unresolved chains: any k dice, each anywhere in the per-die value span.
    let unresolved_range = die.unresolved_range.and_then(|_| {
        let (slo, shi) = value_span?;
        Some((slo.checked_mul(k as i64)?, shi.checked_mul(k as i64)?))
    });
    BigDistribution::build(min, counts, denominator, unresolved_range)
}

/// Where a set's unresolved mass may lie when `k` elements are kept: any `k` of them, each
/// anywhere in its span (`None` when every element is resolved).
fn set_unresolved_range(items: &[BigDistribution], k: u32) -> Result<Option<(i64, i64)>> {
    if items.iter().all(|i| i.unresolved_range.is_none()) {
        return Ok(None);
    }
    let mut lows: Vec<i64> = items.iter().filter_map(|i| i.span()).map(|s| s.0).collect();
    let mut highs: Vec<i64> = items.iter().filter_map(|i| i.span()).map(|s| s.1).collect();
    lows.sort_unstable();
    highs.sort_unstable_by(|a, b| b.cmp(a));
    let sum = |v: &[i64]| {
        v.iter()
            .take(k as usize)
            .try_fold(0i64, |a, &b| a.checked_add(b))
            .ok_or_else(arithmetic_overflow)
    };
    Ok(Some((sum(&lows)?, sum(&highs)?)))
}

/// The best single element of a set (`kh1`: the highest total, `kl1`: the lowest). The
/// elements are independent, so `#(max <= x) = Π #(Xᵢ <= x)` (over resolved values: the
/// combinations the walk counts too), and one pass over the values, multiplying the
/// elements' cumulative counts, gives every `#(max = x)` as a difference of neighbours;
/// the walk would pair every kept value with every value of each element.
fn best_of_set(
    items: &[BigDistribution],
    highest: bool,
    denominator: BigUint,
    unresolved_range: Option<(i64, i64)>,
) -> Result<BigDistribution> {
    if items.iter().any(|i| i.counts.is_empty()) {
        return BigDistribution::build(0, Vec::new(), denominator, unresolved_range);
    }
    let lo = items.iter().map(|i| i.min).min().unwrap_or(0);
    let hi = items.iter().map(BigDistribution::max).max().unwrap_or(0);
    let len = usize::try_from(hi.abs_diff(lo))
        .ok()
        .and_then(|w| w.checked_add(1))
        .filter(|&w| w <= MAX_SUPPORT)
        .ok_or_else(|| support_limit(usize::MAX))?;
    let words = words(&denominator);
    check(
        len as u128 * items.len() as u128 * words * words,
        len as u128 * words * 8,
        "a keep/drop set",
    )?;
    // Values from the best down for kl1, so "at or below" reads "at or above" there.
    let at = |step: usize| if highest { step } else { len - 1 - step };
    let mut cumulative: Vec<BigUint> = vec![BigUint::zero(); items.len()];
    let mut counts = vec![BigUint::zero(); len];
    let mut previous = BigUint::zero();
    for step in 0..len {
        let value = lo + at(step) as i64;
        let mut product = BigUint::one();
        for (item, sum) in items.iter().zip(&mut cumulative) {
            if let Some(c) = value
                .checked_sub(item.min)
                .and_then(|i| usize::try_from(i).ok())
                .and_then(|i| item.counts.get(i))
            {
                *sum += c;
            }
            product *= &*sum;
        }
        counts[at(step)] = &product - &previous;
        previous = product;
    }
    BigDistribution::build(lo, counts, denominator, unresolved_range)
}

/// A set's total when `keep` picks which of its elements count (`(1d6,2d6)kh1`). Ties do
/// not matter: only the kept values' sum is reported.
pub(crate) fn keep_set(items: &[BigDistribution], keep: Keep) -> Result<BigDistribution> {
    let m = u32::try_from(items.len()).unwrap_or(u32::MAX);
    let (k, highest) = keep.kept(m);
    let denominator = items
        .iter()
        .fold(BigUint::one(), |d, item| d * &item.denominator);
    let unresolved_range = set_unresolved_range(items, k)?;
    if k == 1 {
        return best_of_set(items, highest, denominator, unresolved_range);
    }
    walk_set(items, k, highest, denominator, unresolved_range)
}

/// [`keep_set`] by a walk over the elements in order, the state being the kept values so
/// far (at most `k`, best first) with their count.
fn walk_set(
    items: &[BigDistribution],
    k: u32,
    highest: bool,
    denominator: BigUint,
    unresolved_range: Option<(i64, i64)>,
) -> Result<BigDistribution> {
    // The better of two values: kept first.
    let better = |a: i64, b: i64| if highest { a > b } else { a < b };
    let mut states: BTreeMap<Vec<i64>, BigUint> = BTreeMap::new();
    states.insert(Vec::new(), BigUint::one());
    let mut work = 0u128;
    for item in items {
        let steps = states.len() as u128 * item.counts.len() as u128;
        work += steps * words(&denominator) * u128::from(k + 1);
        check(work, steps * words(&denominator) * 8, "a keep/drop set")?;
        let mut next: BTreeMap<Vec<i64>, BigUint> = BTreeMap::new();
        for (kept, count) in &states {
            for (v, c) in item.iter() {
                let mut kept = kept.clone();
                let at = kept
                    .iter()
                    .position(|&x| better(v, x))
                    .unwrap_or(kept.len());
                kept.insert(at, v);
                kept.truncate(k as usize);
                *next.entry(kept).or_default() += count * c;
            }
        }
        if next.len() > MAX_SUPPORT {
            return Err(support_limit(next.len()));
        }
        states = next;
    }
    let pairs = states
        .into_iter()
        .map(|(kept, count)| {
            kept.iter()
                .try_fold(0i64, |a, &b| a.checked_add(b))
                .map(|total| (total, count))
                .ok_or_else(arithmetic_overflow)
        })
        .collect::<Result<Vec<_>>>()?;
    BigDistribution::from_pairs(pairs, denominator, unresolved_range)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Expr;

    fn big(text: &str, levels: u32) -> BigDistribution {
        Expr::parse(text)
            .unwrap()
            .odds_with(Depth::Levels(levels))
            .unwrap()
    }

    /// The product of cumulative counts against the general walk, on elements of different
    /// shapes and supports, with and without unresolved (cut-off exploding) mass.
    #[test]
    fn the_best_of_a_set_equals_the_walk() {
        let sets: [&[(&str, u32)]; 4] = [
            &[("2d6", 0), ("1d12+1", 0), ("3d4-2", 0)],
            &[("1d6!", 2), ("1d8", 0)],
            &[("1d6!", 1), ("2d4!", 1), ("-1d10", 0)],
            &[("4d6kh3", 0), ("20d6", 0), ("1d1", 0)],
        ];
        for items in sets {
            let items: Vec<BigDistribution> = items.iter().map(|&(t, l)| big(t, l)).collect();
            let denominator = items
                .iter()
                .fold(BigUint::one(), |d, item| d * &item.denominator);
            for highest in [true, false] {
                let range = set_unresolved_range(&items, 1).unwrap();
                let fast = best_of_set(&items, highest, denominator.clone(), range).unwrap();
                let walk = walk_set(&items, 1, highest, denominator.clone(), range).unwrap();
                assert_eq!(fast, walk, "{items:?} highest {highest}");
                assert!(!fast.is_empty());
            }
        }
    }
}
