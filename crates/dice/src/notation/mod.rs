//! Dice notation: parsing, rolling and exact odds of expressions such as `3d8kh2+2`.

mod odds;
mod parse;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::dice::Dice;
use crate::error::{Error, ErrorKind, Result};
use crate::pool::{CmpOp, Compare, Keep, PoolSpec, Select};
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
///                                                 // (stages and order: see below)
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
/// ### Order of operations on one pool
///
/// A pool's modifiers fall in stages, split at its keep/drop:
///
/// 1. **The die**, written before the keep/drop (each at most once): reroll (on the rolled
///    face), `mi`/`ma` (the face a die shows is its rolled face raised to `mi`, lowered to
///    `ma`; its transcript records that face), explode on the face shown (`!`: at most
///    [`MAX_EXPLOSION_DEPTH`](crate::MAX_EXPLOSION_DEPTH) extra dice per die; `ra`: one). These
///    make each physical die, the explosion's extra dice included, so among themselves they
///    apply in this fixed order however they are written: `4d6mi2rr1` rerolls 1s and then
///    raises. An explosion is always part of the die, wherever it is written
///    (`3d20kh3!>=6` explodes, then keeps): a die's chain is one die, ranked by its total.
/// 2. **The keep/drop** (`kh3`, `p<3`, …; one per pool), by chain total.
/// 3. **The kept dice**, written after the keep/drop: `r`/`rr`/`ro`, `mi`, `ma`, `ra` apply to
///    each kept die **in written order** (at most [`MAX_KEPT_STEPS`](crate::MAX_KEPT_STEPS)),
///    dice in roll order: a reroll replaces a kept die's value with a fresh roll of the pool's
///    die, `ra` adds one fresh roll to a matching kept die; dropped dice stay dropped. So
///    `4d6rr1kh3` (reroll 1s, then keep the 3 highest) and `4d6kh3rr1` (keep the 3 highest,
///    then reroll the kept 1s) differ, and `4d6kh3mi2rr1` never rerolls.
/// 4. **The success count** (`>=5`), last: it counts the kept dice's final values.
///
/// Refused, with a message naming the operation, because Fray has no exact method for them:
/// a second keep/drop (`4d6kh3kl2`), operations after a keep/drop by value (`4d6k>3rr1`) or
/// after the keep/drop of exploding dice (`4d6!kh3mi2`), anything after a kept die's `ra`
/// (`4d6kh3ra6mi2`), an explosion after operations on the kept dice (`4d6kh3rr1!`), and
/// operations after the success count (`4d6kh3>=4rr1`).
///
/// A comparison right after a pool is that pool's success
/// count (`6d6>=5` counts dice showing 5 or more); to compare a pool's total, parenthesise it
/// (`(6d6)>=5`) or compare any other expression (`1d20+5>=15`). Comparisons do not chain.
/// Limits: [`MAX_DICE`](crate::MAX_DICE) dice in one expression, [`MAX_EXPRESSION_LEN`] bytes of text,
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
/// | `1d6e6` | `1d6!` or `1d6!6` | yes, with a depth limit of [`MAX_EXPLOSION_DEPTH`](crate::MAX_EXPLOSION_DEPTH) |
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
/// | `4d6kh3rr1` (reroll 1s among the kept) | `4d6kh3rr1` | yes: operations after the keep/drop apply to the kept dice in written order |
/// | `6d6mi2kh3` | `6d6mi2kh3` | yes: raise, then keep |
/// | `4d6mi2rr1` (raise, then reroll: no 1 is left) | `4d6mi2rr1` | **no**: before the keep/drop, Fray's die rerolls first, then raises |
/// | `4d6e6kh3` (keep 3 of the dice, extra dice included) | `4d6!kh3` | **no**: Fray keeps whole chains, ranked by their totals |
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
        let mut parser = parse::Parser {
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

    pub(super) fn apply(&self, x: i64, y: i64) -> Result<i64> {
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
            // `-(a/b)` keeps its parentheses: `-a/b` reads as `(-a)/b`, which equals it
            // alone but not as the right operand of `*` (`2*-(3/2)` is not `2*-3/2`).
            Expr::Neg(a) => match **a {
                Expr::Mul(..) | Expr::Div(..) | Expr::Rem(..) => write!(f, "-({a})"),
                _ => write!(f, "-{}", Paren(a)),
            },
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
            // A left side written ending in a pool is parenthesised: `1d20>=15` and `-7d1>0`
            // would count successes.
            Expr::Cmp(op, a, b) => {
                if matches!(**a, Expr::Cmp(..)) || ends_in_dice(a) {
                    write!(f, "({a}){}{}", op_text(*op), Compared(b))
                } else {
                    write!(f, "{a}{}{}", op_text(*op), Compared(b))
                }
            }
        }
    }
}

/// Whether `e` is written ending in a pool (not in parentheses), so a comparison written
/// right after it would read as that pool's success count. A set ends in `)` or its keep,
/// after which a comparison reads as one.
fn ends_in_dice(e: &Expr) -> bool {
    let sum = |e: &Expr| matches!(e, Expr::Add(..) | Expr::Sub(..) | Expr::Cmp(..));
    let product = |e: &Expr| matches!(e, Expr::Mul(..) | Expr::Div(..) | Expr::Rem(..));
    match e {
        Expr::Pool(_) => true,
        Expr::Constant(_) | Expr::Set { .. } | Expr::Annotated(..) | Expr::Cmp(..) => false,
        Expr::Neg(a) => !sum(a) && ends_in_dice(a),
        Expr::Add(_, b) | Expr::Sub(_, b) => !sum(b) && ends_in_dice(b),
        Expr::Mul(_, b) | Expr::Div(_, b) | Expr::Rem(_, b) => {
            !sum(b) && !product(b) && ends_in_dice(b)
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

pub(crate) fn overflow() -> Error {
    Error::new(
        ErrorKind::Overflow,
        "arithmetic overflow in a dice expression",
    )
}
