//! Dice notation: parsing, rolling and exact odds of expressions such as `3d8kh2+2`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::bigcount::{self, BigDistribution, Depth};
use crate::dice::Dice;
use crate::dist::{is_overflow, overflow as dist_overflow, Distribution, MAX_WORK};
use crate::error::{Error, ErrorKind, Result};
use crate::pool::{
    CmpOp, Compare, Explode, Keep, PoolSpec, Reroll, Select, MAX_DICE, MAX_EXPLOSION_DEPTH,
};
use crate::transcript::{DieFate, Transcript};

/// Longest expression text accepted, in bytes.
pub const MAX_EXPRESSION_LEN: usize = 1_000;
/// Deepest nesting of parentheses and unary minus accepted.
pub const MAX_NESTING: usize = 64;

/// A parsed dice expression.
///
/// Grammar (whitespace between tokens is ignored, `d` may be `D`), loosest binding first:
///
/// ```text
/// comparison := expr [cmp expr]                   // totals compared: 1 if true, else 0
/// expr     := term (('+' | '-') term)*
/// term     := unary (('*' | '/' | '%') unary)*    // '/' rounds toward zero; '%' is its remainder
/// unary    := '-' unary | atom
/// atom     := (INT | pool | '(' comparison ')' | set) ('[' TEXT ']')*   // annotation: 1d6[fire]
/// set      := '(' comparison (',' comparison)* ')' [setrule]   // (1d6,2d6)kh1; no rule: the sum
/// setrule  := ('kh' | 'k' | 'kl' | 'dh' | 'dl' | 'ph' | 'pl' | 'p') INT | ('k' | 'p') cmp INT
/// pool     := [INT] 'd' (INT | '%') modifier*     // 'd%' is d100; a missing count is 1
/// modifier := ('r' | 'rr') test | 'ro' test       // reroll while matching / once
///           | 'mi' INT | 'ma' INT                 // least / greatest face a die shows
///           | '!' [test] | 'ra' test              // explode (default: on the highest face) / once
///           | ('kh' | 'k' | 'kl' | 'dh' | 'dl' | 'ph' | 'pl' | 'p') INT
///           | ('k' | 'p') cmp INT                 // keep / drop dice by value: k>3, p<3
///           | cmp INT                             // count successes: 6d6>=5
/// test     := [cmp] INT                           // a bare number means '='
/// cmp      := '>=' | '<=' | '>' | '<' | '='
/// ```
///
/// Each modifier appears at most once per pool and they apply in a fixed order, whatever the
/// order they are written in: reroll (on the rolled face), `mi`/`ma` (the face a die shows is
/// its rolled face raised to `mi`, lowered to `ma`; its transcript records that face), explode
/// on the face shown (`!`: at most [`MAX_EXPLOSION_DEPTH`] extra dice per die; `ra`: one),
/// keep/drop by chain total, success count. So `4d6rr1kh3` and `4d6kh3rr1` are the same pool:
/// reroll 1s, then keep the 3 highest. A comparison right after a pool is that pool's success
/// count (`6d6>=5` counts dice showing 5 or more); to compare a pool's total, parenthesise it
/// (`(6d6)>=5`) or compare any other expression (`1d20+5>=15`). Comparisons do not chain.
/// Limits: [`MAX_DICE`] dice in one expression, [`MAX_EXPRESSION_LEN`] bytes of text,
/// [`MAX_NESTING`] levels of nesting; arithmetic overflow is an error.
///
/// ## Fray and d20 notation
///
/// | d20 writes | Fray writes | same meaning? |
/// |---|---|---|
/// | `4d6kh3` | `4d6kh3` | yes: keep the 3 highest |
/// | `4d6k3` (keep dice showing 3) | `4d6k3` | **no**: Fray's bare `k` keeps the 3 highest |
/// | `4d6pl1` | `4d6pl1` or `4d6p1` or `4d6dl1` | yes: drop the lowest |
/// | `4d6ph1` | `4d6ph1` or `4d6dh1` | yes: drop the highest |
/// | `4d6p1` (drop dice showing 1) | `4d6p1` | **no**: Fray's bare `p` drops the lowest die |
/// | `1d20rr1` | `1d20rr1` or `1d20r1` | yes: reroll 1s until another face stands |
/// | `1d20ro1` | `1d20ro1` | yes: reroll 1s once |
/// | `1d6e6` | `1d6!` or `1d6!6` | yes, with a depth limit of [`MAX_EXPLOSION_DEPTH`] |
/// | `6d6>=5` (the total is at least 5) | `(6d6)>=5` | **no**: Fray's `6d6>=5` counts dice ≥ 5 |
/// | `1d20+5>=15` | `1d20+5>=15` | yes: 1 or 0 (d20 says true/false) |
/// | `7%3` | `7%3` | yes for positive operands; Fray's `-7%3` is −1 (sign of the dividend), d20's is 2 |
/// | `-7/2` | `-7/2` | yes: −3, rounding toward zero (d20's `//` floors instead) |
///
/// | `4d6k>3` | `4d6k>3` | yes: keep the dice above 3 |
/// | `4d6p<3` | `4d6p<3` | yes: drop the dice below 3 |
///
/// | `1d6[fire]+2` | `1d6[fire]+2` | yes: a note, no effect on the value (Fray puts it in the dice's transcript label) |
///
/// | `4d6mi2` | `4d6mi2` | yes: a die below 2 counts 2 |
/// | `4d6ma5` | `4d6ma5` | yes: a die above 5 counts 5 |
/// | `1d6ra6` | `1d6ra6` | yes: a 6 adds one more die, once |
/// | `4d6rr1kh3` | `4d6rr1kh3` | yes: reroll 1s, keep the 3 highest |
/// | `4d6kh3rr1` (reroll 1s among the kept) | `4d6kh3rr1` | **no**: d20 applies a pool's operations in the order written; Fray applies them in its fixed order, so this is `4d6rr1kh3` |
/// | `1d6e6mi2` (explode, then raise) | `1d6mi2!` | **no** for `mi`/`ma` written after an explosion: Fray's explosion tests the raised/lowered face (`1d6ma5!` never explodes) |
///
/// | `(1d6,2d6)kh1` | `(1d6,2d6)kh1` | yes: the higher of the two totals |
/// | `(1d8,2d4)p<4` | `(1d8,2d4)p<4` | yes: elements whose total is below 4 count 0 |
///
/// A set's elements are rolled in order; the one its rule keeps counts (a tie keeps the
/// earlier element), and the dice of dropped elements are marked dropped in the transcript.
///
/// Not in Fray yet: `!=`/`==`, two keep/drop operations on one pool
/// (`4d6kh3kl2`, refused with "a pool takes at most one keep/drop").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Expr {
    /// An integer constant.
    Constant(i64),
    /// A dice pool.
    Pool(PoolSpec),
    /// `-x`
    Neg(Box<Expr>),
    /// `a + b`
    Add(Box<Expr>, Box<Expr>),
    /// `a - b`
    Sub(Box<Expr>, Box<Expr>),
    /// `a * b`
    Mul(Box<Expr>, Box<Expr>),
    /// `a / b`, rounding toward zero; division by zero is an error.
    Div(Box<Expr>, Box<Expr>),
    /// `a % b`, the remainder of `a / b` (it takes the sign of `a`); a zero `b` is an error.
    Rem(Box<Expr>, Box<Expr>),
    /// `a >= b` and the other comparisons of two totals: 1 when it holds, else 0.
    Cmp(CmpOp, Box<Expr>, Box<Expr>),
    /// `a[fire]`: `a` with a note; the value is `a`'s, and its dice carry the note in the
    /// transcript.
    Annotated(Box<Expr>, String),
    /// A set `(1d6,2d6)kh1`: its elements' totals, of which `keep` (by number) or `select`
    /// (by value) picks those that count; the value is their sum.
    Set {
        /// The elements, in the order they are rolled.
        items: Vec<Expr>,
        /// Keep or drop elements by number (`kh1`, `dl1`, `p1`).
        keep: Option<Keep>,
        /// Keep or drop elements by value (`k>3`, `p<3`).
        select: Option<Select>,
    },
}

/// The result of rolling an expression: its total and every die that fell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    /// The expression as written back in canonical form.
    pub expression: String,
    /// The total.
    pub total: i64,
    /// Every die in draw order.
    pub transcript: Transcript,
}

impl Expr {
    /// Parses dice notation; errors name the column (1-based) and what was expected.
    pub fn parse(text: &str) -> Result<Self> {
        if text.len() > MAX_EXPRESSION_LEN {
            return Err(Error::new(
                ErrorKind::Limit,
                format!(
                    "the expression is {} bytes long, over the limit of {MAX_EXPRESSION_LEN}",
                    text.len()
                ),
            ));
        }
        let mut parser = Parser {
            text,
            bytes: text.as_bytes(),
            pos: 0,
            depth: 0,
            dice: 0,
        };
        parser.skip_space();
        if parser.at_end() {
            return Err(parser.error("expected a dice expression such as 2d6+1"));
        }
        let expr = parser.comparison()?;
        parser.skip_space();
        if !parser.at_end() {
            return Err(parser.error(&format!("unexpected {}", parser.describe_here())));
        }
        Ok(expr)
    }

    /// Total number of dice the expression rolls before rerolls and explosions.
    pub fn dice_count(&self) -> u64 {
        match self {
            Expr::Constant(_) => 0,
            Expr::Pool(p) => u64::from(p.count),
            Expr::Set { items, .. } => items.iter().map(Expr::dice_count).sum(),
            Expr::Neg(a) | Expr::Annotated(a, _) => a.dice_count(),
            Expr::Add(a, b)
            | Expr::Sub(a, b)
            | Expr::Mul(a, b)
            | Expr::Div(a, b)
            | Expr::Rem(a, b)
            | Expr::Cmp(_, a, b) => a.dice_count() + b.dice_count(),
        }
    }

    /// Rolls the expression. With a transcript every die is recorded, labelled by its pool.
    pub fn roll<D: Dice + ?Sized>(
        &self,
        dice: &mut D,
        transcript: Option<&mut Transcript>,
    ) -> Result<i64> {
        self.validate()?;
        self.eval(dice, transcript)
    }

    /// Rolls and returns the total with a full transcript.
    pub fn roll_with_transcript<D: Dice + ?Sized>(&self, dice: &mut D) -> Result<Roll> {
        let mut transcript = Transcript::new();
        let total = self.roll(dice, Some(&mut transcript))?;
        Ok(Roll {
            expression: self.to_string(),
            total,
            transcript,
        })
    }

    /// Checks every pool before any die is drawn, so a refused expression consumes nothing.
    pub fn validate(&self) -> Result<()> {
        match self {
            Expr::Constant(_) => Ok(()),
            Expr::Pool(p) => p.validate(),
            Expr::Set { items, keep, .. } => {
                if let Some(k) = keep {
                    let n = k.amount();
                    if n as usize > items.len() {
                        return Err(Error::new(
                            ErrorKind::InvalidDice,
                            format!(
                                "cannot keep or drop {n} of a set of {} elements",
                                items.len()
                            ),
                        ));
                    }
                }
                items.iter().try_for_each(Expr::validate)
            }
            Expr::Neg(a) | Expr::Annotated(a, _) => a.validate(),
            Expr::Add(a, b)
            | Expr::Sub(a, b)
            | Expr::Mul(a, b)
            | Expr::Div(a, b)
            | Expr::Rem(a, b)
            | Expr::Cmp(_, a, b) => {
                a.validate()?;
                b.validate()
            }
        }
    }

    fn eval<D: Dice + ?Sized>(
        &self,
        dice: &mut D,
        mut transcript: Option<&mut Transcript>,
    ) -> Result<i64> {
        match self {
            Expr::Constant(v) => Ok(*v),
            // The label is only written when someone reads the transcript.
            Expr::Pool(p) => match transcript {
                Some(t) => p.roll(dice, Some(t), &p.to_string()),
                None => p.roll(dice, None, ""),
            },
            Expr::Neg(a) => a.eval(dice, transcript)?.checked_neg().ok_or_else(overflow),
            Expr::Set {
                items,
                keep,
                select,
            } => roll_set(items, *keep, *select, dice, transcript),
            Expr::Annotated(a, note) => match transcript {
                None => a.eval(dice, None),
                Some(t) => {
                    let first = t.dice.len();
                    let value = a.eval(dice, Some(&mut *t))?;
                    for record in &mut t.dice[first..] {
                        record.label = format!("{} [{note}]", record.label);
                    }
                    Ok(value)
                }
            },
            Expr::Add(a, b)
            | Expr::Sub(a, b)
            | Expr::Mul(a, b)
            | Expr::Div(a, b)
            | Expr::Rem(a, b)
            | Expr::Cmp(_, a, b) => {
                let x = a.eval(dice, transcript.as_deref_mut())?;
                let y = b.eval(dice, transcript)?;
                self.apply(x, y)
            }
        }
    }

    fn apply(&self, x: i64, y: i64) -> Result<i64> {
        match self {
            Expr::Add(..) => x.checked_add(y).ok_or_else(overflow),
            Expr::Sub(..) => x.checked_sub(y).ok_or_else(overflow),
            Expr::Mul(..) => x.checked_mul(y).ok_or_else(overflow),
            Expr::Div(..) if y == 0 => Err(Error::new(
                ErrorKind::Overflow,
                "division by zero in a dice expression",
            )),
            Expr::Div(..) => x.checked_div(y).ok_or_else(overflow),
            Expr::Rem(..) if y == 0 => Err(Error::new(
                ErrorKind::Overflow,
                "remainder of a division by zero in a dice expression",
            )),
            Expr::Rem(..) => x.checked_rem(y).ok_or_else(overflow),
            Expr::Cmp(op, ..) => Ok(i64::from(Compare::new(*op, y).matches(x))),
            _ => unreachable!("apply is only called on binary operators"),
        }
    }

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

impl FromStr for Expr {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        Expr::parse(s)
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Constant(v) => write!(f, "{v}"),
            Expr::Pool(p) => write!(f, "{p}"),
            Expr::Set {
                items,
                keep,
                select,
            } => {
                f.write_str("(")?;
                for (i, item) in items.iter().enumerate() {
                    write!(f, "{}{item}", if i == 0 { "" } else { "," })?;
                }
                f.write_str(")")?;
                if let Some(k) = keep {
                    write!(f, "{k}")?;
                }
                if let Some(sel) = select {
                    write!(f, "{sel}")?;
                }
                Ok(())
            }
            Expr::Neg(a) => write!(f, "-{}", Paren(a)),
            Expr::Annotated(a, note) => match **a {
                Expr::Constant(_) | Expr::Pool(_) | Expr::Annotated(..) | Expr::Set { .. } => {
                    write!(f, "{a}[{note}]")
                }
                _ => write!(f, "({a})[{note}]"),
            },
            Expr::Add(a, b) => write!(f, "{}+{}", Compared(a), Paren(b)),
            Expr::Sub(a, b) => write!(f, "{}-{}", Compared(a), Paren(b)),
            Expr::Mul(a, b) => write!(f, "{}*{}", Paren(a), Right(b)),
            Expr::Div(a, b) => write!(f, "{}/{}", Paren(a), Right(b)),
            Expr::Rem(a, b) => write!(f, "{}%{}", Paren(a), Right(b)),
            // A bare pool on the left is parenthesised: `1d20>=15` would count successes.
            Expr::Cmp(op, a, b) => match **a {
                Expr::Pool(_) | Expr::Cmp(..) => write!(f, "({a}){}{}", op_text(*op), Compared(b)),
                _ => write!(f, "{a}{}{}", op_text(*op), Compared(b)),
            },
        }
    }
}

/// Writes a sub-expression, in parentheses when it is a sum or difference.
struct Paren<'a>(&'a Expr);

impl fmt::Display for Paren<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Expr::Add(..) | Expr::Sub(..) | Expr::Cmp(..) => write!(f, "({})", self.0),
            e => write!(f, "{e}"),
        }
    }
}

/// The right operand of `*` or `/`: also parenthesised when it is a product or quotient,
/// since `2*(3/2)` and `2*3/2` differ.
struct Right<'a>(&'a Expr);

impl fmt::Display for Right<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Expr::Mul(..) | Expr::Div(..) | Expr::Rem(..) => write!(f, "({})", self.0),
            e => write!(f, "{}", Paren(e)),
        }
    }
}

/// An operand that binds tighter than a comparison (the right side of one, the left of `+`
/// or `-`): a comparison there is parenthesised.
struct Compared<'a>(&'a Expr);

impl fmt::Display for Compared<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Expr::Cmp(..) => write!(f, "({})", self.0),
            e => write!(f, "{e}"),
        }
    }
}

fn op_text(op: CmpOp) -> &'static str {
    match op {
        CmpOp::Eq => "=",
        CmpOp::Lt => "<",
        CmpOp::Le => "<=",
        CmpOp::Gt => ">",
        CmpOp::Ge => ">=",
    }
}

/// Rolls a set's elements in order; the dice of elements its rule drops are marked dropped.
fn roll_set<D: Dice + ?Sized>(
    items: &[Expr],
    keep: Option<Keep>,
    select: Option<Select>,
    dice: &mut D,
    mut transcript: Option<&mut Transcript>,
) -> Result<i64> {
    let mut totals = Vec::with_capacity(items.len());
    let mut starts = Vec::with_capacity(items.len() + 1);
    for item in items {
        starts.push(transcript.as_ref().map_or(0, |t| t.dice.len()));
        totals.push(item.eval(dice, transcript.as_deref_mut())?);
    }
    starts.push(transcript.as_ref().map_or(0, |t| t.dice.len()));
    let kept: Vec<bool> = match (keep, select) {
        (Some(k), _) => {
            let (n, highest) = k.kept(items.len() as u32);
            let mut order: Vec<usize> = (0..items.len()).collect();
            // Best first, ties to the earlier element (as pools break them).
            order.sort_by(|&a, &b| {
                let by_total = if highest {
                    totals[b].cmp(&totals[a])
                } else {
                    totals[a].cmp(&totals[b])
                };
                by_total.then(a.cmp(&b))
            });
            let mut kept = vec![false; items.len()];
            for &i in &order[..n as usize] {
                kept[i] = true;
            }
            kept
        }
        (None, Some(s)) => totals.iter().map(|&v| s.kept(v)).collect(),
        (None, None) => vec![true; items.len()],
    };
    if let Some(t) = transcript {
        for (i, _) in kept.iter().enumerate().filter(|(_, &k)| !k) {
            for record in &mut t.dice[starts[i]..starts[i + 1]] {
                if record.fate == DieFate::Kept {
                    record.fate = DieFate::Dropped;
                }
            }
        }
    }
    totals
        .iter()
        .zip(&kept)
        .filter(|(_, &k)| k)
        .try_fold(0i64, |a, (&v, _)| a.checked_add(v))
        .ok_or_else(overflow)
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

fn overflow() -> Error {
    Error::new(
        ErrorKind::Overflow,
        "arithmetic overflow in a dice expression",
    )
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    depth: usize,
    dice: u64,
}

impl Parser<'_> {
    fn at_end(&self) -> bool {
        self.pos >= self.bytes.len()
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    fn column(&self) -> usize {
        self.text[..self.pos.min(self.text.len())].chars().count() + 1
    }

    fn error(&self, what: &str) -> Error {
        Error::new(
            ErrorKind::Parse,
            format!("column {}: {what}", self.column()),
        )
    }

    fn describe_here(&self) -> String {
        match self.text[self.pos..].chars().next() {
            None => "end of expression".to_owned(),
            Some(c) => format!("'{c}'"),
        }
    }

    fn eat(&mut self, token: &str) -> bool {
        self.skip_space();
        if self.text[self.pos..].starts_with(token) {
            self.pos += token.len();
            true
        } else {
            false
        }
    }

    fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(Error::new(
                ErrorKind::Limit,
                format!(
                    "column {}: nesting deeper than the limit of {MAX_NESTING}",
                    self.column()
                ),
            ));
        }
        Ok(())
    }

    /// `expr [cmp expr]`: a comparison of two totals, 1 or 0 (comparisons do not chain).
    fn comparison(&mut self) -> Result<Expr> {
        let left = self.expr()?;
        match self.cmp() {
            Some(op) => Ok(Expr::Cmp(op, Box::new(left), Box::new(self.expr()?))),
            None => Ok(left),
        }
    }

    fn expr(&mut self) -> Result<Expr> {
        let mut left = self.term()?;
        loop {
            if self.eat("+") {
                left = Expr::Add(Box::new(left), Box::new(self.term()?));
            } else if self.eat("-") {
                left = Expr::Sub(Box::new(left), Box::new(self.term()?));
            } else {
                return Ok(left);
            }
        }
    }

    fn term(&mut self) -> Result<Expr> {
        let mut left = self.unary()?;
        loop {
            if self.eat("*") {
                left = Expr::Mul(Box::new(left), Box::new(self.unary()?));
            } else if self.eat("/") {
                left = Expr::Div(Box::new(left), Box::new(self.unary()?));
            } else if self.eat("%") {
                left = Expr::Rem(Box::new(left), Box::new(self.unary()?));
            } else {
                return Ok(left);
            }
        }
    }

    fn unary(&mut self) -> Result<Expr> {
        if self.eat("-") {
            self.enter()?;
            let inner = self.unary()?;
            self.depth -= 1;
            return Ok(Expr::Neg(Box::new(inner)));
        }
        self.atom()
    }

    /// An atom with its annotations: `1d6[fire]`.
    fn atom(&mut self) -> Result<Expr> {
        let mut expr = self.bare_atom()?;
        while self.eat("[") {
            let start = self.pos;
            let Some(len) = self.text[start..].find(']') else {
                return Err(self.error("an annotation '[' needs its closing ']'"));
            };
            let note = &self.text[start..start + len];
            if let Some(bad) = note
                .chars()
                .find(|c| c.is_control() || matches!(c, '[' | '\'' | '"'))
            {
                return Err(self.error(&format!("an annotation cannot hold {bad:?}")));
            }
            self.pos = start + len + 1;
            expr = Expr::Annotated(Box::new(expr), note.trim().to_owned());
        }
        Ok(expr)
    }

    fn bare_atom(&mut self) -> Result<Expr> {
        self.skip_space();
        match self.peek() {
            Some(b'(') => {
                self.pos += 1;
                self.enter()?;
                let mut items = vec![self.comparison()?];
                while self.eat(",") {
                    items.push(self.comparison()?);
                }
                self.depth -= 1;
                if !self.eat(")") {
                    return Err(
                        self.error(&format!("expected ')' but found {}", self.describe_here()))
                    );
                }
                self.set(items)
            }
            Some(b'd' | b'D') => self.pool(1),
            Some(c) if c.is_ascii_digit() => {
                let start = self.pos;
                let n = self.integer("a number")?;
                self.skip_space();
                if matches!(self.peek(), Some(b'd' | b'D')) {
                    let count = u32::try_from(n).map_err(|_| {
                        Error::new(
                            ErrorKind::Limit,
                            format!("{n} dice is over the limit of {MAX_DICE} dice in one roll"),
                        )
                    })?;
                    if count == 0 {
                        self.pos = start;
                        return Err(self.error("a pool needs at least 1 die (got 0d)"));
                    }
                    return self.pool(count);
                }
                Ok(Expr::Constant(n))
            }
            _ => Err(self.error(&format!(
                "expected a number, a die such as d6, or '(' but found {}",
                self.describe_here()
            ))),
        }
    }

    /// An unsigned integer literal at the current position.
    fn integer(&mut self, what: &str) -> Result<i64> {
        self.skip_space();
        let start = self.pos;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.pos += 1;
        }
        if start == self.pos {
            return Err(self.error(&format!(
                "expected {what} but found {}",
                self.describe_here()
            )));
        }
        self.text[start..self.pos].parse::<i64>().map_err(|_| {
            let column = self.text[..start].chars().count() + 1;
            Error::new(
                ErrorKind::Overflow,
                format!(
                    "column {column}: the number {} is too large",
                    &self.text[start..self.pos]
                ),
            )
        })
    }

    fn small(&mut self, what: &str) -> Result<u32> {
        let start = self.pos;
        let n = self.integer(what)?;
        u32::try_from(n).map_err(|_| {
            self.pos = start;
            self.error(&format!("{what} {n} is too large"))
        })
    }

    fn pool(&mut self, count: u32) -> Result<Expr> {
        self.pos += 1; // the 'd'
        self.skip_space();
        let sides = if self.peek() == Some(b'%') {
            self.pos += 1;
            100
        } else if matches!(self.peek(), Some(b'0'..=b'9')) {
            let sides = self.small("the number of sides")?;
            if sides == 0 {
                return Err(self.error("a die needs at least 1 side (got d0)"));
            }
            sides
        } else {
            return Err(self.error(&format!(
                "expected the number of sides after 'd' but found {}",
                self.describe_here()
            )));
        };
        self.dice += u64::from(count);
        if self.dice > u64::from(MAX_DICE) {
            return Err(Error::new(
                ErrorKind::Limit,
                format!(
                    "{} dice is over the limit of {MAX_DICE} dice in one roll",
                    self.dice
                ),
            ));
        }
        let mut spec = PoolSpec::new(count, sides);
        loop {
            let at = self.pos;
            if self.eat("mi") {
                self.once(spec.min_face.is_some(), at, "least face (mi)")?;
                spec.min_face = Some(self.small("the least face")?);
            } else if self.eat("ma") {
                self.once(spec.max_face.is_some(), at, "greatest face (ma)")?;
                spec.max_face = Some(self.small("the greatest face")?);
            } else if self.eat("ra") {
                // d20's reroll-and-add: a matching face adds one more die, once.
                self.once(spec.explode.is_some(), at, "explosion (! or ra)")?;
                spec.explode = Some(Explode {
                    when: self.test()?,
                    depth: 1,
                });
            } else if self.eat("ro") {
                self.once(spec.reroll.is_some(), at, "reroll")?;
                spec.reroll = Some(Reroll {
                    when: self.test()?,
                    once: true,
                });
            } else if self.eat("rr") || self.eat("r") {
                // `rr` is d20's spelling of Fray's `r`: reroll until the face stands.
                self.once(spec.reroll.is_some(), at, "reroll")?;
                spec.reroll = Some(Reroll {
                    when: self.test()?,
                    once: false,
                });
            } else if self.eat("!") {
                self.once(spec.explode.is_some(), at, "explosion (! or ra)")?;
                let when = if matches!(self.peek(), Some(b'0'..=b'9' | b'<' | b'>' | b'=')) {
                    self.test()?
                } else {
                    Compare::new(CmpOp::Ge, i64::from(sides))
                };
                spec.explode = Some(Explode {
                    when,
                    depth: MAX_EXPLOSION_DEPTH,
                });
            } else if let Some(keep) = self.selector() {
                self.once(
                    spec.keep.is_some() || spec.select.is_some(),
                    at,
                    "keep/drop",
                )?;
                let op = self.cmp().unwrap_or(CmpOp::Eq);
                let value = self.integer("the value to keep or drop")?;
                spec.select = Some(Select {
                    when: Compare::new(op, value),
                    keep,
                });
            } else if let Some(kind) = self.keep_kind() {
                self.once(
                    spec.keep.is_some() || spec.select.is_some(),
                    at,
                    "keep/drop",
                )?;
                let n = self.small("the number of dice to keep or drop")?;
                spec.keep = Some(kind(n));
            } else if let Some(op) = self.cmp() {
                self.once(spec.successes.is_some(), at, "success count")?;
                let value = self.integer("the target of the success count")?;
                spec.successes = Some(Compare::new(op, value));
            } else {
                return Ok(Expr::Pool(spec));
            }
        }
    }

    /// After `(a, b, …)`: a keep/drop by number or value makes it a set; a single element
    /// without one is just parentheses.
    fn set(&mut self, mut items: Vec<Expr>) -> Result<Expr> {
        let (mut keep, mut select) = (None, None);
        loop {
            let at = self.pos;
            let seen = keep.is_some() || select.is_some();
            if let Some(keeps) = self.selector() {
                self.once(seen, at, "keep/drop")?;
                let op = self.cmp().unwrap_or(CmpOp::Eq);
                let value = self.integer("the value to keep or drop")?;
                select = Some(Select {
                    when: Compare::new(op, value),
                    keep: keeps,
                });
            } else if let Some(kind) = self.keep_kind() {
                self.once(seen, at, "keep/drop")?;
                keep = Some(kind(self.small("the number of elements to keep or drop")?));
            } else {
                break;
            }
        }
        if items.len() == 1 && keep.is_none() && select.is_none() {
            return Ok(items.remove(0));
        }
        Ok(Expr::Set {
            items,
            keep,
            select,
        })
    }

    fn once(&mut self, seen: bool, at: usize, what: &str) -> Result<()> {
        if seen {
            self.pos = at;
            self.skip_space();
            return Err(self.error(&format!("a pool takes at most one {what}")));
        }
        Ok(())
    }

    /// `k` or `p` followed by a comparison: keep (true) or drop (false) by value.
    fn selector(&mut self) -> Option<bool> {
        self.skip_space();
        let rest = &self.bytes[self.pos..];
        let keep = match rest.first() {
            Some(b'k') => true,
            Some(b'p') => false,
            _ => return None,
        };
        if !matches!(rest.get(1), Some(b'<' | b'>' | b'=')) {
            return None;
        }
        self.pos += 1;
        Some(keep)
    }

    fn keep_kind(&mut self) -> Option<fn(u32) -> Keep> {
        for (token, kind) in [
            ("kh", Keep::Highest as fn(u32) -> Keep),
            ("kl", Keep::Lowest),
            ("dh", Keep::DropHighest),
            ("dl", Keep::DropLowest),
            // d20's `p` ("pick off"): `ph`/`pl` drop the highest/lowest, a bare `p` the lowest.
            ("ph", Keep::DropHighest),
            ("pl", Keep::DropLowest),
            ("p", Keep::DropLowest),
            ("k", Keep::Highest),
        ] {
            if self.eat(token) {
                return Some(kind);
            }
        }
        None
    }

    fn cmp(&mut self) -> Option<CmpOp> {
        for (token, op) in [
            (">=", CmpOp::Ge),
            ("<=", CmpOp::Le),
            (">", CmpOp::Gt),
            ("<", CmpOp::Lt),
            ("=", CmpOp::Eq),
        ] {
            if self.eat(token) {
                return Some(op);
            }
        }
        None
    }

    fn test(&mut self) -> Result<Compare> {
        let op = self.cmp().unwrap_or(CmpOp::Eq);
        let value = self.integer("a face value")?;
        Ok(Compare::new(op, value))
    }
}
