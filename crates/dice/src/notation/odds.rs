//! Exact odds of dice expressions: the `u128` path and big counts.

use super::Expr;
use crate::bigcount::{self, BigDistribution, Depth};
use crate::dist::{is_overflow, overflow as dist_overflow, Distribution, MAX_WORK};
use crate::error::{Error, ErrorKind, Result};
use crate::pool::{Keep, Select};

impl Expr {
    /// The exact distribution of the expression's total, with `u128` counts.
    ///
    /// Every keep/drop pool of the expression is charged against one work budget
    /// ([`crate::MAX_WORK`]) before any pool is computed. Counts that would overflow 128 bits
    /// are refused, and exploding dice are followed only as deep as about 100 bits of the
    /// pool's denominator allow; [`Expr::odds`] has neither ceiling.
    pub fn distribution(&self) -> Result<Distribution> {
        self.validate()?;
        let work = self.work()?;
        if work > MAX_WORK {
            return Err(Error::new(
                ErrorKind::Limit,
                format!("exact odds of this expression would take about {work} steps, over the limit of {MAX_WORK}"),
            ));
        }
        self.exact()
    }

    /// Estimated steps of the expression's keep/drop pools, summed.
    fn work(&self) -> Result<u128> {
        Ok(match self {
            Expr::Constant(_) => 0,
            Expr::Pool(p) => Distribution::pool_work(p)?,
            Expr::Set { items, .. } => items
                .iter()
                .try_fold(0u128, |w, e| Ok::<_, Error>(w.saturating_add(e.work()?)))?,
            Expr::Neg(a) | Expr::Annotated(a, _) => a.work()?,
            Expr::Add(a, b)
            | Expr::Sub(a, b)
            | Expr::Mul(a, b)
            | Expr::Div(a, b)
            | Expr::Rem(a, b)
            | Expr::Cmp(_, a, b) => a.work()?.saturating_add(b.work()?),
        })
    }

    fn exact(&self) -> Result<Distribution> {
        match self {
            Expr::Constant(v) => Ok(Distribution::constant(*v)),
            Expr::Pool(p) => Distribution::of_pool(p),
            Expr::Set {
                items,
                keep,
                select,
            } => {
                let parts = items.iter().map(Expr::exact).collect::<Result<Vec<_>>>()?;
                set_exact(parts, *keep, *select)
            }
            Expr::Neg(a) => a.exact()?.negate(),
            Expr::Annotated(a, _) => a.exact(),
            Expr::Add(a, b) => a.exact()?.add(&b.exact()?),
            Expr::Sub(a, b) => a.exact()?.add(&b.exact()?.negate()?),
            Expr::Mul(a, b) | Expr::Div(a, b) | Expr::Rem(a, b) | Expr::Cmp(_, a, b) => {
                let (x, y) = (a.exact()?, b.exact()?);
                if matches!(self, Expr::Div(..) | Expr::Rem(..)) {
                    let zero = y.probability(0);
                    if zero.numerator != 0 {
                        return Err(division_by_zero(&zero.to_string()));
                    }
                }
                x.combine(&y, |p, q| self.apply(p, q))
            }
        }
    }

    /// The exact distribution of the expression's total with no ceiling on the size of the
    /// counts, exploding dice followed until the unresolved mass is at most 2⁻⁶⁴.
    ///
    /// Counts are `u128` wherever they fit (the same path as [`Expr::distribution`]) and
    /// arbitrary-precision only where 128 bits overflow; the limits are then work and memory
    /// bounds ([`crate::MAX_BIG_WORK`], [`crate::MAX_BIG_BYTES`]) named in the error.
    ///
    /// ```
    /// use fray_dice::Expr;
    /// let odds = Expr::parse("100d6").unwrap().odds().unwrap();
    /// assert_eq!(odds.probability(100).to_string(), format!("1/{}", num_bigint::BigUint::from(6u32).pow(100)));
    /// ```
    pub fn odds(&self) -> Result<BigDistribution> {
        self.odds_with(Depth::default())
    }

    /// [`Expr::odds`] with exploding dice followed as deep as `depth` says.
    pub fn odds_with(&self, depth: Depth) -> Result<BigDistribution> {
        self.validate()?;
        let exploding = self.exploding_dice();
        if exploding == 0 {
            match self.distribution() {
                Ok(d) => return Ok(BigDistribution::from(&d)),
                Err(e) if is_overflow(&e) => {}
                Err(e) => return Err(e),
            }
        }
        self.big(depth, exploding)
    }

    /// [`Expr::odds_with`] with big counts everywhere, never the `u128` path: for tests that
    /// check one path against the other.
    #[doc(hidden)]
    pub fn odds_big_only(&self, depth: Depth) -> Result<BigDistribution> {
        self.validate()?;
        self.big_only(depth, self.exploding_dice())
    }

    fn big_only(&self, depth: Depth, dice: u64) -> Result<BigDistribution> {
        match self {
            Expr::Pool(p) => bigcount::of_pool(p, depth, dice),
            Expr::Constant(_) => self.big(depth, dice),
            Expr::Set {
                items,
                keep,
                select,
            } => {
                let parts = items
                    .iter()
                    .map(|e| e.big_only(depth, dice))
                    .collect::<Result<Vec<_>>>()?;
                set_big(parts, *keep, *select)
            }
            Expr::Neg(a) => a.big_only(depth, dice)?.negate(),
            Expr::Annotated(a, _) => a.big_only(depth, dice),
            Expr::Add(a, b) => a.big_only(depth, dice)?.add(&b.big_only(depth, dice)?),
            Expr::Sub(a, b) => a
                .big_only(depth, dice)?
                .add(&b.big_only(depth, dice)?.negate()?),
            Expr::Mul(..) | Expr::Div(..) | Expr::Rem(..) | Expr::Cmp(..) => self.big(depth, dice),
        }
    }

    /// Dice of exploding pools, which share the unresolved-mass bound.
    fn exploding_dice(&self) -> u64 {
        match self {
            Expr::Constant(_) => 0,
            Expr::Pool(p) => p.explode.map_or(0, |_| u64::from(p.count)),
            Expr::Set { items, .. } => items.iter().map(Expr::exploding_dice).sum(),
            Expr::Neg(a) | Expr::Annotated(a, _) => a.exploding_dice(),
            Expr::Add(a, b)
            | Expr::Sub(a, b)
            | Expr::Mul(a, b)
            | Expr::Div(a, b)
            | Expr::Rem(a, b)
            | Expr::Cmp(_, a, b) => a.exploding_dice() + b.exploding_dice(),
        }
    }

    fn big(&self, depth: Depth, dice: u64) -> Result<BigDistribution> {
        match self {
            Expr::Constant(v) => Ok(BigDistribution::constant(*v)),
            Expr::Pool(p) if p.explode.is_none() => match Distribution::of_pool(p) {
                Ok(d) => Ok(BigDistribution::from(&d)),
                Err(e) if is_overflow(&e) => bigcount::of_pool(p, depth, dice),
                Err(e) => Err(e),
            },
            Expr::Pool(p) => bigcount::of_pool(p, depth, dice),
            Expr::Set {
                items,
                keep,
                select,
            } => {
                let parts = items
                    .iter()
                    .map(|e| e.big(depth, dice))
                    .collect::<Result<Vec<_>>>()?;
                set_big(parts, *keep, *select)
            }
            Expr::Neg(a) => a.big(depth, dice)?.negate(),
            Expr::Annotated(a, _) => a.big(depth, dice),
            Expr::Add(a, b) => a.big(depth, dice)?.add(&b.big(depth, dice)?),
            Expr::Sub(a, b) => a.big(depth, dice)?.add(&b.big(depth, dice)?.negate()?),
            Expr::Mul(a, b) => {
                let (x, y) = (a.big(depth, dice)?, b.big(depth, dice)?);
                x.combine(
                    &y,
                    |p, q| self.apply(p, q),
                    |(a0, a1), (b0, b1)| {
                        let corners = [
                            a0.checked_mul(b0)?,
                            a0.checked_mul(b1)?,
                            a1.checked_mul(b0)?,
                            a1.checked_mul(b1)?,
                        ];
                        Some((*corners.iter().min()?, *corners.iter().max()?))
                    },
                )
            }
            Expr::Cmp(_, a, b) => {
                let (x, y) = (a.big(depth, dice)?, b.big(depth, dice)?);
                x.combine(&y, |p, q| self.apply(p, q), |_, _| Some((0, 1)))
            }
            Expr::Div(a, b) | Expr::Rem(a, b) => {
                let (x, y) = (a.big(depth, dice)?, b.big(depth, dice)?);
                let zero = y.probability(0);
                if !zero.is_zero() {
                    return Err(division_by_zero(&zero.to_string()));
                }
                // |x / y| <= |x| and |x % y| <= |x| for integer division by a non-zero y.
                x.combine(
                    &y,
                    |p, q| self.apply(p, q),
                    |(a0, a1), _| {
                        let m = a0.checked_abs()?.max(a1.checked_abs()?);
                        Some((-m, m))
                    },
                )
            }
        }
    }
}

/// A set's exact odds on the `u128` path. Keep/drop by number runs on big counts (one
/// algorithm for both paths) and comes back when the counts fit 128 bits.
fn set_exact(
    parts: Vec<Distribution>,
    keep: Option<Keep>,
    select: Option<Select>,
) -> Result<Distribution> {
    if let Some(k) = keep {
        let big: Vec<BigDistribution> = parts.iter().map(BigDistribution::from).collect();
        return bigcount::keep_set(&big, k)?
            .to_distribution()
            .ok_or_else(|| dist_overflow("a keep/drop set"));
    }
    parts
        .iter()
        .try_fold(Distribution::constant(0), |acc, p| match select {
            Some(s) => acc.add(&p.map(|v| Ok(if s.kept(v) { v } else { 0 }))?),
            None => acc.add(p),
        })
}

/// A set's exact odds with big counts.
fn set_big(
    parts: Vec<BigDistribution>,
    keep: Option<Keep>,
    select: Option<Select>,
) -> Result<BigDistribution> {
    if let Some(k) = keep {
        return bigcount::keep_set(&parts, k);
    }
    parts
        .iter()
        .try_fold(BigDistribution::constant(0), |acc, p| match select {
            Some(s) => acc.add(&p.map(
                |v| Ok(if s.kept(v) { v } else { 0 }),
                |(lo, hi)| Some((lo.min(0), hi.max(0))),
            )?),
            None => acc.add(p),
        })
}

/// Odds refuse a divisor that may be 0, naming how often a roll would meet it (and fail).
fn division_by_zero(probability: &str) -> Error {
    Error::new(
        ErrorKind::Overflow,
        format!("division by zero in a dice expression, with probability {probability}: a roll that meets it fails with this error, so exact odds are refused"),
    )
}
