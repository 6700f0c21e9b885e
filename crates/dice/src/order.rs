//! Keep/drop by order statistics, written once for both count types (`u128`, checked, and
//! `BigUint`): the only implementation of the keep/drop walk.

use num_bigint::BigUint;
use num_traits::{One, Zero};

// A file of its own beside this one: the walk with small state and wide settled counts.
#[path = "wide.rs"]
pub(crate) mod wide;

/// A count type of exact odds: `u128`, checked (the fast path), or `BigUint`, which never
/// overflows. The algorithms both count paths share are written once over it.
pub(crate) trait Count: Clone {
    /// The count 0.
    fn zero() -> Self;
    /// The count 1.
    fn one() -> Self;
    /// Whether the count is 0.
    fn is_nil(&self) -> bool;
    /// The count `x`.
    fn of(x: u128) -> Self;
    /// `self + other`, or `None` past the type's range.
    fn plus(&self, other: &Self) -> Option<Self>;
    /// `self · other`, or `None` past the type's range.
    fn times(&self, other: &Self) -> Option<Self>;
    /// `self − other`, for `other <= self`.
    fn less(&self, other: &Self) -> Self;
    /// `self · m / d`, for a division known to be exact (binomial rows).
    fn scale(&self, m: u64, d: u64) -> Option<Self>;
    /// `*self += a · b`, or `None` past the type's range.
    fn add_product(&mut self, a: &Self, b: &Self) -> Option<()>;

    /// `self^e` by repeated squaring.
    fn power(&self, mut e: u32) -> Option<Self> {
        let mut result = Self::one();
        let mut base = self.clone();
        while e > 0 {
            if e & 1 == 1 {
                result = result.times(&base)?;
            }
            e >>= 1;
            if e > 0 {
                base = base.times(&base)?;
            }
        }
        Some(result)
    }
}

impl Count for u128 {
    fn zero() -> Self {
        0
    }
    fn one() -> Self {
        1
    }
    fn is_nil(&self) -> bool {
        *self == 0
    }
    fn of(x: u128) -> Self {
        x
    }
    #[inline]
    fn plus(&self, other: &Self) -> Option<Self> {
        self.checked_add(*other)
    }
    #[inline]
    fn times(&self, other: &Self) -> Option<Self> {
        self.checked_mul(*other)
    }
    fn less(&self, other: &Self) -> Self {
        self - other
    }
    fn scale(&self, m: u64, d: u64) -> Option<Self> {
        // C(r, c+1) = C(r, c)·(r−c)/(c+1): divide by the gcd first so the product overflows
        // as late as possible.
        let g = crate::dist::gcd(*self, u128::from(d));
        (self / g)
            .checked_mul(u128::from(m))
            .map(|x| x / (u128::from(d) / g))
    }
    #[inline]
    fn add_product(&mut self, a: &Self, b: &Self) -> Option<()> {
        *self = self.checked_add(a.checked_mul(*b)?)?;
        Some(())
    }
}

impl Count for BigUint {
    fn zero() -> Self {
        Zero::zero()
    }
    fn one() -> Self {
        One::one()
    }
    fn is_nil(&self) -> bool {
        self.is_zero()
    }
    fn of(x: u128) -> Self {
        BigUint::from(x)
    }
    fn plus(&self, other: &Self) -> Option<Self> {
        Some(self + other)
    }
    fn times(&self, other: &Self) -> Option<Self> {
        Some(self * other)
    }
    fn less(&self, other: &Self) -> Self {
        self - other
    }
    fn scale(&self, m: u64, d: u64) -> Option<Self> {
        Some(self * m / d)
    }
    fn add_product(&mut self, a: &Self, b: &Self) -> Option<()> {
        if a.is_one() {
            *self += b;
        } else if b.is_one() {
            *self += a;
        } else {
            *self += a * b;
        }
        Some(())
    }
}

/// Pascal's triangle: `rows[n][k]` = C(n, k) for `k <= n <= max`; `None` when a coefficient
/// does not fit the count type.
pub(crate) fn pascal<C: Count>(max: u32) -> Option<Vec<Vec<C>>> {
    let mut rows: Vec<Vec<C>> = Vec::with_capacity(max as usize + 1);
    for i in 0..=max as usize {
        let mut row = vec![C::one(); i + 1];
        for j in 1..i {
            row[j] = rows[i - 1][j - 1].plus(&rows[i - 1][j])?;
        }
        rows.push(row);
    }
    Some(rows)
}

/// One face of the die a pool keeps from: its rank key (the chain total, by which dice are
/// ordered), what a kept die showing it adds to the pool's value — a distribution
/// `(least value, counts of least, least+1, …)` over a denominator all faces share (a point
/// `(v, [1])` when nothing random follows the keep) — and its count.
pub(crate) struct Face<C> {
    pub key: i64,
    pub value: (i64, Vec<C>),
    pub weight: C,
}

impl<C: Count> Face<C> {
    /// A face whose kept die adds exactly `value`.
    pub fn point(key: i64, value: i64, weight: C) -> Self {
        Face {
            key,
            value: (value, vec![C::one()]),
            weight,
        }
    }
}

/// Steps of [`keep`]: per face, every state (kept dice so far `j < k`, kept total) is
/// carried forward with up to `k − j` more dice on that face, or finished.
pub(crate) fn keep_work(faces: usize, spread: u64, k: u32) -> u128 {
    let k = u128::from(k);
    faces as u128 * (k + 1) * (k + 2) / 2 * (u128::from(spread) * k + 1)
}

/// `a ⊛ b`, the counts of a sum (dense vectors from offset 0).
fn convolve<C: Count>(a: &[C], b: &[C]) -> Option<Vec<C>> {
    let mut out = vec![C::zero(); a.len() + b.len() - 1];
    for (i, x) in a.iter().enumerate() {
        if x.is_nil() {
            continue;
        }
        for (j, y) in b.iter().enumerate() {
            if !y.is_nil() {
                out[i + j].add_product(x, y)?;
            }
        }
    }
    Some(out)
}

/// The kept total of the `k` best of `n` dice drawn from `faces` (best: highest key when
/// `highest`, else lowest), by order statistics: `(least total, counts of least, least+1, …)`
/// over the denominator (Σ weight)^n · q^k, `q` the faces' value denominator. `None` when a
/// count overflows `C`, or a total `i64`.
///
/// Faces are visited from best to worst. The state is the number `j < k` of dice placed on
/// better faces (all of them kept) and their total. At a face of weight `w`, with `rest` the
/// weight of the worse faces and `r = n − j` dice left: `c < k − j` of them show this face in
/// `C(r, c)·w^c` ways (carried on, the others worse), and at least `k − j` in
/// `(w + rest)^r − Σ_{c < k−j} C(r, c)·w^c·rest^(r−c)` ways, which settles the kept total at
/// once. So the state never holds more than the kept dice, and the cost is
/// faces × k² × totals, independent of `n` beyond the powers.
pub(crate) fn keep<C: Count>(
    mut faces: Vec<Face<C>>,
    n: u32,
    k: u32,
    highest: bool,
) -> Option<(i64, Vec<C>)> {
    faces.retain(|f| !f.weight.is_nil());
    faces.sort_by_key(|f| f.key);
    if highest {
        faces.reverse();
    }
    let all = faces.iter().try_fold(C::zero(), |a, f| a.plus(&f.weight))?;
    if k == 0 || faces.is_empty() {
        return Some((0, vec![all.power(n)?]));
    }
    let (lo, hi) = faces.iter().try_fold((i64::MAX, i64::MIN), |(lo, hi), f| {
        let top = f
            .value
            .0
            .checked_add(i64::try_from(f.value.1.len()).ok()? - 1)?;
        Some((lo.min(f.value.0), hi.max(top)))
    })?;
    let spread = usize::try_from(hi.abs_diff(lo)).ok()?;
    let (n, k) = (n as usize, k as usize);
    let width = |j: usize| spread.checked_mul(j)?.checked_add(1);
    // states[j][t]: j kept dice placed, total j·lo + t.
    let mut states: Vec<Vec<C>> = (0..k)
        .map(|j| Some(vec![C::zero(); width(j)?]))
        .collect::<Option<_>>()?;
    states[0][0] = C::one();
    let mut finished = vec![C::zero(); width(k)?];
    // binomial[j][c] = C(n − j, c) for c < k − j.
    let binomial: Vec<Vec<C>> = (0..k)
        .map(|j| {
            let r = (n - j) as u64;
            let mut row = vec![C::one()];
            for c in 1..(k - j) as u64 {
                let next = row.last()?.scale(r - c + 1, c)?;
                row.push(next);
            }
            Some(row)
        })
        .collect::<Option<_>>()?;
    let mut rest = all.clone();
    for (index, face) in faces.iter().enumerate() {
        let at_or_below = rest.clone();
        rest = rest.less(&face.weight);
        let last = index + 1 == faces.len();
        // w^c for c < k, and rest^e / at_or_below^e for the exponents n−k+1 ..= n.
        let mut w_pow = vec![C::one()];
        for _ in 1..k {
            let next = w_pow.last()?.times(&face.weight)?;
            w_pow.push(next);
        }
        let base = (n - k + 1) as u32;
        let powers = |x: &C| -> Option<Vec<C>> {
            let mut v = vec![x.power(base)?];
            for _ in 1..k {
                let next = v.last()?.times(x)?;
                v.push(next);
            }
            Some(v)
        };
        let rest_pow = if rest.is_nil() {
            vec![C::zero(); k]
        } else {
            powers(&rest)?
        };
        let all_pow = powers(&at_or_below)?;
        // sums[c]: what c kept dice on this face add, from c·lo (c <= k).
        let shape: Vec<C> = std::iter::repeat_with(C::zero)
            .take(usize::try_from(face.value.0.abs_diff(lo)).ok()?)
            .chain(face.value.1.iter().cloned())
            .collect();
        let mut sums = vec![vec![C::one()]];
        for _ in 0..k {
            let next = convolve(sums.last()?, &shape)?;
            sums.push(next);
        }
        let mut next: Vec<Vec<C>> = states.iter().map(|s| vec![C::zero(); s.len()]).collect();
        for j in 0..k {
            if states[j].iter().all(C::is_nil) {
                continue;
            }
            let need = k - j;
            let r = n - j;
            // Ways the r dice left (all at or below this face) put at least `need` here.
            let mut settle = all_pow[r - (n - k + 1)].clone();
            for c in 0..need {
                let term = binomial[j][c]
                    .times(&w_pow[c])?
                    .times(&rest_pow[r - c - (n - k + 1)])?;
                settle = settle.less(&term);
            }
            let ways: Vec<C> = (0..need)
                .map(|c| binomial[j][c].times(&w_pow[c]))
                .collect::<Option<_>>()?;
            for (t, count) in states[j].iter().enumerate() {
                if count.is_nil() {
                    continue;
                }
                let settled = count.times(&settle)?;
                for (u, s) in sums[need].iter().enumerate() {
                    if !s.is_nil() {
                        finished[t + u].add_product(&settled, s)?;
                    }
                }
                if last {
                    continue;
                }
                // c = 0 (no die here) keeps the state; 0 < c < need carry on.
                for c in 0..need {
                    let carried = count.times(&ways[c])?;
                    for (u, s) in sums[c].iter().enumerate() {
                        if !s.is_nil() {
                            next[j + c][t + u].add_product(&carried, s)?;
                        }
                    }
                }
            }
        }
        states = next;
    }
    let least = lo.checked_mul(i64::try_from(k).ok()?)?;
    Some((least, finished))
}
