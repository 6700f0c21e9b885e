//! The parser of dice notation (the grammar is documented on [`super::Expr`]).

use super::Expr;
use super::MAX_NESTING;
use crate::error::{Error, ErrorKind, Result};
use crate::kept::{KeptStep, MAX_KEPT_STEPS};
use crate::pool::{
    CmpOp, Compare, Explode, Keep, PoolSpec, Reroll, Select, MAX_DICE, MAX_EXPLOSION_DEPTH,
};

pub(super) struct Parser<'a> {
    pub(super) text: &'a str,
    pub(super) bytes: &'a [u8],
    pub(super) pos: usize,
    pub(super) depth: usize,
    pub(super) dice: u64,
}

impl Parser<'_> {
    pub(super) fn at_end(&self) -> bool {
        self.pos >= self.bytes.len()
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    pub(super) fn skip_space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    fn column(&self) -> usize {
        self.text[..self.pos.min(self.text.len())].chars().count() + 1
    }

    pub(super) fn error(&self, what: &str) -> Error {
        Error::new(
            ErrorKind::Parse,
            format!("column {}: {what}", self.column()),
        )
    }

    pub(super) fn describe_here(&self) -> String {
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
    pub(super) fn comparison(&mut self) -> Result<Expr> {
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
            if (spec.keep.is_some() || spec.select.is_some()) && self.kept_step(&mut spec, at)? {
                continue;
            }
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

    /// After a pool's keep/drop: reads an operation on the kept dice (true), applied in
    /// written order, or leaves the success count and the end of the pool to the pool loop.
    fn kept_step(&mut self, spec: &mut PoolSpec, at: usize) -> Result<bool> {
        let step = if self.eat("mi") {
            KeptStep::Min(self.small("the least face")?)
        } else if self.eat("ma") {
            KeptStep::Max(self.small("the greatest face")?)
        } else if self.eat("ra") {
            KeptStep::Add(self.test()?)
        } else if self.eat("ro") {
            KeptStep::Reroll(Reroll {
                when: self.test()?,
                once: true,
            })
        } else if self.eat("rr") || self.eat("r") {
            KeptStep::Reroll(Reroll {
                when: self.test()?,
                once: false,
            })
        } else if self.peek_token("!") {
            if !spec.has_kept_steps() {
                // An explosion is part of the die wherever it is written (a chain is one
                // die): `3d20kh3!>=6` explodes before keeping, as it always has.
                return Ok(false);
            }
            self.pos = at;
            self.skip_space();
            return Err(self.error(
                "an explosion (!) written after operations on the kept dice has no exact method in Fray; write it before the keep/drop (4d6!kh3rr1)",
            ));
        } else if self.selector().is_some() || self.keep_kind().is_some() {
            self.pos = at;
            self.skip_space();
            return Err(self.error(
                "a pool takes at most one keep/drop (a second one has no exact method in Fray)",
            ));
        } else {
            return Ok(false);
        };
        if spec.successes.is_some() {
            self.pos = at;
            self.skip_space();
            return Err(self.error(&format!(
                "{step} after a success count has no exact method in Fray; write it before the success count"
            )));
        }
        let Some(slot) = spec.after_keep.iter_mut().find(|s| s.is_none()) else {
            self.pos = at;
            self.skip_space();
            return Err(self.error(&format!(
                "a pool takes at most {MAX_KEPT_STEPS} operations after its keep/drop"
            )));
        };
        *slot = Some(step);
        Ok(true)
    }

    fn peek_token(&mut self, token: &str) -> bool {
        self.skip_space();
        self.text[self.pos..].starts_with(token)
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
