use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::{Error, ErrorKind, Result};
use crate::order;
use crate::pool::{Keep, PoolSpec};

/// At most this many distinct values in one exact distribution (and at most this many
/// value pairs when two distributions are multiplied or divided).
pub const MAX_SUPPORT: usize = 1 << 20;
/// At most this many elementary steps for one exact computation, checked before it starts,
/// so a hostile expression is refused at once instead of grinding.
///
/// It is one budget for a whole dice expression: every keep/drop pool of an expression is
/// charged against it before any of them is computed. 5·10⁷ steps take about a third of a
/// second in a release build.
pub const MAX_WORK: u128 = 50_000_000;
/// Odds of exploding dice are computed until the chance of a deeper chain would need more
/// than this many bits in the denominator of the whole pool; the rest is reported as
/// unresolved mass.
const EXPLOSION_DENOMINATOR_BITS: u32 = 100;

/// An exact probability `numerator / denominator`, kept in lowest terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ratio {
    /// Numerator.
    pub numerator: u128,
    /// Denominator (never 0).
    pub denominator: u128,
}

impl Ratio {
    /// `numerator / denominator` in lowest terms. Panics if the denominator is 0.
    pub fn new(numerator: u128, denominator: u128) -> Self {
        assert!(
            denominator != 0,
            "a probability needs a non-zero denominator"
        );
        let g = gcd(numerator, denominator).max(1);
        Ratio {
            numerator: numerator / g,
            denominator: denominator / g,
        }
    }

    /// The nearest `f64`, for display and plotting only (never for resolution).
    pub fn to_f64(self) -> f64 {
        self.numerator as f64 / self.denominator as f64
    }
}

impl fmt::Display for Ratio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.numerator, self.denominator)
    }
}

pub(crate) fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Words every 128-bit overflow message of the fast path carries, so that [`is_overflow`]
/// can send the computation to big counts instead.
const OVERFLOW_MARK: &str = "beyond the 128-bit limit";

pub(crate) fn overflow(what: &str) -> Error {
    Error::new(
        ErrorKind::Limit,
        format!("exact odds of {what} need counts {OVERFLOW_MARK}; the expression is too large to compute exactly"),
    )
}

/// Whether `e` is the fast path's 128-bit overflow (not a work or support limit).
pub(crate) fn is_overflow(e: &Error) -> bool {
    e.kind() == ErrorKind::Limit && e.message().contains(OVERFLOW_MARK)
}

/// The exact distribution of an integer-valued random quantity.
///
/// Probabilities are integer counts over one shared denominator (`u128`), never floats.
/// Mass whose value was not computed (an explosion deeper than the computed depth) is kept
/// as `unresolved`, so the resolved probabilities plus the unresolved one sum to exactly 1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Distribution {
    min: i64,
    counts: Vec<u128>,
    denominator: u128,
}

impl Distribution {
    /// A certain value.
    pub fn constant(value: i64) -> Self {
        Distribution {
            min: value,
            counts: vec![1],
            denominator: 1,
        }
    }

    /// A fair die with `sides` faces (1..=sides).
    pub fn die(sides: u32) -> Result<Self> {
        if sides == 0 {
            return Err(Error::new(
                ErrorKind::InvalidDice,
                "a die needs at least 1 side (got d0)",
            ));
        }
        if sides as usize > MAX_SUPPORT {
            return Err(support_limit(sides as usize));
        }
        Self::from_counts(1, vec![1; sides as usize], u128::from(sides))
    }

    /// A distribution from counts of `min, min+1, …` over `denominator`. The counts may sum
    /// to less than the denominator (the rest is unresolved), never to more.
    pub fn from_counts(min: i64, counts: Vec<u128>, denominator: u128) -> Result<Self> {
        let total = counts
            .iter()
            .try_fold(0u128, |a, &c| a.checked_add(c))
            .ok_or_else(|| overflow("these counts"))?;
        if denominator == 0 || total > denominator {
            return Err(Error::new(
                ErrorKind::InvalidDice,
                "counts of a distribution must sum to at most its non-zero denominator",
            ));
        }
        if counts.len() > MAX_SUPPORT {
            return Err(support_limit(counts.len()));
        }
        let mut d = Distribution {
            min,
            counts,
            denominator,
        };
        d.normalize();
        Ok(d)
    }

    /// From `(value, count)` pairs in any order (equal values are added) over `denominator`.
    pub fn from_pairs(
        pairs: impl IntoIterator<Item = (i64, u128)>,
        denominator: u128,
    ) -> Result<Self> {
        let pairs: Vec<(i64, u128)> = pairs.into_iter().collect();
        let Some(min) = pairs.iter().map(|p| p.0).min() else {
            return Self::from_counts(0, Vec::new(), denominator);
        };
        let max = pairs.iter().map(|p| p.0).max().unwrap_or(min);
        let width = usize::try_from(max.abs_diff(min))
            .ok()
            .and_then(|w| w.checked_add(1));
        let width = match width {
            Some(w) if w <= MAX_SUPPORT => w,
            _ => return Err(support_limit(usize::MAX)),
        };
        let mut counts = vec![0u128; width];
        for (v, c) in pairs {
            let slot = &mut counts[(v.abs_diff(min)) as usize];
            *slot = slot
                .checked_add(c)
                .ok_or_else(|| overflow("these counts"))?;
        }
        Self::from_counts(min, counts, denominator)
    }

    /// Trims zero counts at both ends and reduces counts and denominator by their gcd.
    fn normalize(&mut self) {
        let first = self.counts.iter().position(|&c| c != 0);
        match first {
            None => {
                self.counts.clear();
                self.min = 0;
            }
            Some(first) => {
                let last = self.counts.iter().rposition(|&c| c != 0).unwrap_or(first);
                self.counts.truncate(last + 1);
                self.counts.drain(..first);
                self.min += first as i64;
            }
        }
        let g = self.counts.iter().fold(self.denominator, |g, &c| gcd(g, c));
        if g > 1 {
            for c in &mut self.counts {
                *c /= g;
            }
            self.denominator /= g;
        }
    }

    /// The smallest value with non-zero probability (0 for an empty distribution).
    pub fn min(&self) -> i64 {
        self.min
    }

    /// The largest value with non-zero probability.
    pub fn max(&self) -> i64 {
        self.min + self.counts.len().saturating_sub(1) as i64
    }

    /// The shared denominator of every probability.
    pub fn denominator(&self) -> u128 {
        self.denominator
    }

    /// Counts of `min, min+1, …, max` (zeros inside the range included).
    pub(crate) fn counts(&self) -> &[u128] {
        &self.counts
    }

    /// `(value, count)` for every value with non-zero probability, ascending.
    pub fn iter(&self) -> impl Iterator<Item = (i64, u128)> + '_ {
        self.counts
            .iter()
            .enumerate()
            .filter(|(_, &c)| c != 0)
            .map(move |(i, &c)| (self.min + i as i64, c))
    }

    /// P(X = value).
    pub fn probability(&self, value: i64) -> Ratio {
        let count = value
            .checked_sub(self.min)
            .and_then(|i| usize::try_from(i).ok())
            .and_then(|i| self.counts.get(i).copied())
            .unwrap_or(0);
        Ratio::new(count, self.denominator)
    }

    /// P(X >= value), over resolved values.
    pub fn at_least(&self, value: i64) -> Ratio {
        Ratio::new(
            self.iter()
                .filter(|&(v, _)| v >= value)
                .map(|(_, c)| c)
                .sum(),
            self.denominator,
        )
    }

    /// P(X <= value), over resolved values.
    pub fn at_most(&self, value: i64) -> Ratio {
        Ratio::new(
            self.iter()
                .filter(|&(v, _)| v <= value)
                .map(|(_, c)| c)
                .sum(),
            self.denominator,
        )
    }

    /// The probability mass whose value was not computed (0 unless explosions were cut off).
    pub fn unresolved(&self) -> Ratio {
        Ratio::new(self.denominator - self.resolved_count(), self.denominator)
    }

    fn resolved_count(&self) -> u128 {
        self.counts.iter().sum()
    }

    /// The mean over resolved values, conditioned on being resolved (display only).
    pub fn mean(&self) -> f64 {
        let total = self.resolved_count() as f64;
        self.iter().map(|(v, c)| v as f64 * c as f64).sum::<f64>() / total
    }

    /// The standard deviation over resolved values (display only).
    pub fn std_dev(&self) -> f64 {
        let total = self.resolved_count() as f64;
        let mean = self.mean();
        let var = self
            .iter()
            .map(|(v, c)| (v as f64 - mean).powi(2) * c as f64)
            .sum::<f64>()
            / total;
        var.sqrt()
    }

    /// Applies `f` to every value (counts of values that meet are added).
    pub fn map(&self, f: impl Fn(i64) -> Result<i64>) -> Result<Self> {
        let pairs = self
            .iter()
            .map(|(v, c)| Ok((f(v)?, c)))
            .collect::<Result<Vec<_>>>()?;
        Self::from_pairs(pairs, self.denominator)
    }

    /// The distribution of `X + Y` for independent `X` (self) and `Y` (other).
    pub fn add(&self, other: &Self) -> Result<Self> {
        let denominator = self
            .denominator
            .checked_mul(other.denominator)
            .ok_or_else(|| overflow("a sum"))?;
        if self.counts.is_empty() || other.counts.is_empty() {
            return Self::from_counts(0, Vec::new(), denominator);
        }
        let len = self.counts.len() + other.counts.len() - 1;
        if len > MAX_SUPPORT {
            return Err(support_limit(len));
        }
        let min = self
            .min
            .checked_add(other.min)
            .ok_or_else(arithmetic_overflow)?;
        let counts = if let Some(c) = other.uniform_count() {
            slide(&self.counts, other.counts.len(), c)?
        } else if let Some(c) = self.uniform_count() {
            slide(&other.counts, self.counts.len(), c)?
        } else {
            let work = self.counts.len() as u128 * other.counts.len() as u128;
            if work > MAX_WORK {
                return Err(work_limit(work));
            }
            let mut counts = vec![0u128; len];
            for (i, &a) in self.counts.iter().enumerate() {
                if a == 0 {
                    continue;
                }
                for (j, &b) in other.counts.iter().enumerate() {
                    let term = a.checked_mul(b).ok_or_else(|| overflow("a sum"))?;
                    counts[i + j] = counts[i + j]
                        .checked_add(term)
                        .ok_or_else(|| overflow("a sum"))?;
                }
            }
            counts
        };
        Self::from_counts(min, counts, denominator)
    }

    /// `Some(c)` when every value in range has the same count `c` (a fair die, say).
    fn uniform_count(&self) -> Option<u128> {
        let first = *self.counts.first()?;
        self.counts.iter().all(|&c| c == first).then_some(first)
    }

    /// The distribution of `-X`.
    pub fn negate(&self) -> Result<Self> {
        self.map(|v| v.checked_neg().ok_or_else(arithmetic_overflow))
    }

    /// The distribution of the sum of `n` independent copies (`n >= 1`).
    ///
    /// The denominator is checked first, so an impossible request fails at once. A fair die
    /// is added one copy at a time by a sliding window (linear per copy); anything else by
    /// repeated squaring.
    pub fn repeat_sum(&self, n: u32) -> Result<Self> {
        if n == 0 {
            return Ok(Self::constant(0));
        }
        self.denominator
            .checked_pow(n)
            .ok_or_else(|| overflow(&format!("the sum of {n} dice")))?;
        repeat_sum(self, n)
    }

    /// The distribution of `op(X, Y)` for independent `X`, `Y`; `op` may refuse a pair.
    pub fn combine(&self, other: &Self, op: impl Fn(i64, i64) -> Result<i64>) -> Result<Self> {
        let pairs_count = self.counts.len().saturating_mul(other.counts.len());
        if pairs_count > MAX_SUPPORT {
            return Err(support_limit(pairs_count));
        }
        let denominator = self
            .denominator
            .checked_mul(other.denominator)
            .ok_or_else(|| overflow("a product"))?;
        let mut pairs = Vec::new();
        for (a, ca) in self.iter() {
            for (b, cb) in other.iter() {
                let count = ca.checked_mul(cb).ok_or_else(|| overflow("a product"))?;
                pairs.push((op(a, b)?, count));
            }
        }
        Self::from_pairs(pairs, denominator)
    }

    /// The exact distribution of a dice pool, modifiers included.
    ///
    /// Keep/drop uses order statistics (a pass over the faces from best to worst that places
    /// how many dice show each face), so `3d8kh2` never enumerates 8³ outcomes. Exploding
    /// dice are followed as deep as the 128-bit denominator allows; deeper chains are
    /// reported as [`Distribution::unresolved`].
    pub fn of_pool(spec: &PoolSpec) -> Result<Self> {
        spec.validate()?;
        let chain = Self::chain(spec)?;
        let value = pool_value(spec);
        match spec.keep {
            None => chain.map(|v| Ok(value(v)))?.repeat_sum(spec.count),
            Some(keep) => {
                // A denominator past 128 bits fails before the kept faces are built: big
                // counts (which build them again) answer such a pool.
                chain
                    .denominator
                    .checked_pow(spec.count)
                    .ok_or_else(|| overflow("a keep/drop pool"))?;
                // The kept faces are built once, for the work estimate and the walk.
                let (faces, q) = spec.kept_faces(chain.iter(), value)?;
                let work = walk_work(&faces, chain.counts.len(), keep.kept(spec.count).0);
                if work > MAX_WORK {
                    return Err(work_limit(work));
                }
                keep_order_statistics(spec, &chain, keep, faces, q)
            }
        }
    }

    /// The steps the keep/drop pass of a pool would take (0 without keep/drop), estimated
    /// without doing it, so an expression can be refused before any pool is computed.
    pub(crate) fn pool_work(spec: &PoolSpec) -> Result<u128> {
        spec.validate()?;
        match spec.keep {
            None => Ok(0),
            Some(keep) => keep_work(spec, &Self::chain(spec)?, keep, &pool_value(spec)),
        }
    }

    /// One die of the pool: reroll applied, then its explosion chain.
    fn chain(spec: &PoolSpec) -> Result<Self> {
        if spec.sides as usize > MAX_SUPPORT {
            return Err(support_limit(spec.sides as usize));
        }
        let sides = u128::from(spec.sides);
        let face = match spec.reroll {
            None => Self::die(spec.sides)?,
            Some(r) if r.once => {
                let matched = (1..=spec.sides)
                    .filter(|&f| r.when.matches(i64::from(f)))
                    .count() as u128;
                let counts = (1..=spec.sides)
                    .map(|f| sides * u128::from(!r.when.matches(i64::from(f))) + matched)
                    .collect();
                Self::from_counts(1, counts, sides * sides)?
            }
            Some(_) => {
                let faces: Vec<(i64, u128)> = spec
                    .faces_after_reroll()
                    .map(|f| (i64::from(f), 1))
                    .collect();
                let n = faces.len() as u128;
                Self::from_pairs(faces, n)?
            }
        };
        // mi/ma move the faces a die shows before its explosion test sees them.
        let face = if spec.min_face.is_some() || spec.max_face.is_some() {
            face.map(|v| Ok(i64::from(spec.clamp(v as u32))))?
        } else {
            face
        };
        let Some(explode) = spec.explode else {
            return Ok(face);
        };
        let budget = EXPLOSION_DENOMINATOR_BITS / spec.count.max(1);
        let face_bits = 128 - face.denominator.leading_zeros();
        let computable = (budget / face_bits.max(1)).saturating_sub(1);
        if computable == 0 && explode.depth > 0 {
            return Err(Error::new(
                ErrorKind::Limit,
                format!(
                    "exact odds of {} exploding dice of d{} are too large to compute (the limit is about {EXPLOSION_DENOMINATOR_BITS} bits of denominator for the whole pool)",
                    spec.count, spec.sides
                ),
            ));
        }
        let depth = explode.depth.min(computable);
        let cut_off = depth < explode.depth;
        // Built from the deepest die up: at the last computed level a matching face either
        // stops (the cap was reached) or is left unresolved (the cap lies deeper).
        let mut tail = if cut_off {
            face.filter(|v| !explode.when.matches(v))?
        } else {
            face.clone()
        };
        for _ in 0..depth {
            let stops = face.filter(|v| !explode.when.matches(v))?;
            let goes_on = face.filter(|v| explode.when.matches(v))?.add(&tail)?;
            tail = stops.mix(&goes_on)?;
        }
        Ok(tail)
    }

    /// Keeps only the values passing `keep`; the rest of their mass becomes unresolved, which
    /// `mix` then accounts for. Internal building block of explosion chains.
    fn filter(&self, keep: impl Fn(i64) -> bool) -> Result<Self> {
        let pairs: Vec<(i64, u128)> = self.iter().filter(|&(v, _)| keep(v)).collect();
        Self::from_pairs(pairs, self.denominator)
    }

    /// Adds the masses of two disjoint parts of one distribution.
    fn mix(&self, other: &Self) -> Result<Self> {
        let denominator = lcm(self.denominator, other.denominator)?;
        let scale_a = denominator / self.denominator;
        let scale_b = denominator / other.denominator;
        let pairs = self
            .iter()
            .map(|(v, c)| (v, c * scale_a))
            .chain(other.iter().map(|(v, c)| (v, c * scale_b)));
        Self::from_pairs(pairs.collect::<Vec<_>>(), denominator)
    }
}

fn lcm(a: u128, b: u128) -> Result<u128> {
    (a / gcd(a, b))
        .checked_mul(b)
        .ok_or_else(|| overflow("an explosion chain"))
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

fn work_limit(work: u128) -> Error {
    Error::new(
        ErrorKind::Limit,
        format!("exact odds would take about {work} steps, over the limit of {MAX_WORK}"),
    )
}

/// Convolution of `counts` with `width` equal counts `c`: a sliding window sum, linear time.
fn slide(counts: &[u128], width: usize, c: u128) -> Result<Vec<u128>> {
    let len = counts.len() + width - 1;
    let mut out = Vec::with_capacity(len);
    let mut window = 0u128;
    for i in 0..len {
        if let Some(&entering) = counts.get(i) {
            window = window
                .checked_add(entering)
                .ok_or_else(|| overflow("a sum"))?;
        }
        if i >= width {
            window -= counts[i - width];
        }
        out.push(window.checked_mul(c).ok_or_else(|| overflow("a sum"))?);
    }
    Ok(out)
}

fn arithmetic_overflow() -> Error {
    Error::new(
        ErrorKind::Overflow,
        "arithmetic overflow in a dice expression",
    )
}

/// What a sum of copies needs of an exact distribution, for both count types.
pub(crate) trait Summable: Clone {
    /// The certain value 0.
    fn zero() -> Self;
    /// Whether every resolved value has the same count (a fair die).
    fn is_uniform(&self) -> bool;
    /// The distribution of `X + Y`, `X` and `Y` independent.
    fn sum_with(&self, other: &Self) -> Result<Self>;
}

impl Summable for Distribution {
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

/// The sum of `n` independent copies of `x`: a fair die one copy at a time (each addition is
/// a sliding window, linear), anything else by repeated doubling.
pub(crate) fn repeat_sum<D: Summable>(x: &D, n: u32) -> Result<D> {
    if n == 0 {
        return Ok(D::zero());
    }
    if x.is_uniform() {
        let mut total = x.clone();
        for _ in 1..n {
            total = total.sum_with(x)?;
        }
        return Ok(total);
    }
    let mut result: Option<D> = None;
    let mut power = x.clone();
    let mut n = n;
    while n > 0 {
        if n & 1 == 1 {
            result = Some(match result {
                None => power.clone(),
                Some(r) => r.sum_with(&power)?,
            });
        }
        n >>= 1;
        if n > 0 {
            power = power.sum_with(&power)?;
        }
    }
    Ok(result.unwrap_or_else(D::zero))
}

/// Sum of `value(v)` over the `k` best of `n` dice drawn from `die`, by order statistics.
///
/// Faces are visited from best to worst; the state is (dice placed so far, kept total) and
/// placing `c` more dice on a face multiplies by `C(remaining, c) · weight^c`. The first
/// `k` dice placed are the kept ones. Cost: faces × n² × totals, not faces^n.
/// A pool's value per die: its chain total, or 1/0 for a success test.
fn pool_value(spec: &PoolSpec) -> impl Fn(i64) -> i64 {
    let test = spec.successes;
    // A die a value selector drops adds nothing, to a total or to a success count.
    let select = spec.select;
    move |v| {
        if select.is_some_and(|s| !s.kept(v)) {
            return 0;
        }
        match test {
            Some(test) => i64::from(test.matches(v)),
            None => v,
        }
    }
}

/// Steps of the keep/drop walk ([`crate::order::keep`]) of the pool's dice from `die`.
fn keep_work(
    spec: &PoolSpec,
    die: &Distribution,
    keep: Keep,
    value: &impl Fn(i64) -> i64,
) -> Result<u128> {
    let (faces, _) = spec.kept_faces(die.iter(), value)?;
    Ok(walk_work(&faces, die.counts.len(), keep.kept(spec.count).0))
}

/// Steps of the walk over `faces` (from a die of `die_faces` faces) keeping `k` dice.
fn walk_work(faces: &[order::Face<u128>], die_faces: usize, k: u32) -> u128 {
    let (low, high) = faces.iter().fold((i64::MAX, i64::MIN), |(lo, hi), f| {
        (
            lo.min(f.value.0),
            hi.max(f.value.0 + f.value.1.len() as i64 - 1),
        )
    });
    let spread = if low > high { 0 } else { high.abs_diff(low) };
    order::keep_work(die_faces, spread, k)
}

/// Keep/drop by order statistics with `u128` counts: the walk shared with big counts.
fn keep_order_statistics(
    spec: &PoolSpec,
    die: &Distribution,
    keep: Keep,
    faces: Vec<order::Face<u128>>,
    q: u128,
) -> Result<Distribution> {
    let n = spec.count;
    let (k, highest) = keep.kept(n);
    let denominator = die
        .denominator
        .checked_pow(n)
        .and_then(|d| d.checked_mul(q.checked_pow(k)?))
        .ok_or_else(|| overflow("a keep/drop pool"))?;
    let (min, counts) =
        order::keep(faces, n, k, highest).ok_or_else(|| overflow("a keep/drop pool"))?;
    Distribution::from_counts(min, counts, denominator)
}
