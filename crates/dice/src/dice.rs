use std::collections::VecDeque;

use crate::error::{Error, ErrorKind, Result};

/// A source of dice that rules code draws from.
///
/// Two sources exist: [`crate::Rng`] (seeded, replayable) and [`Scripted`] (fixed values,
/// for tests that must reach an exact branch: "the drama die shows 6").
pub trait Dice {
    /// One die with `sides` faces, 1..=sides. A d0 is an error; a scripted source that runs
    /// out, or holds a value that does not fit the die, is an error too.
    fn roll(&mut self, sides: u32) -> Result<u32>;

    /// The binary K die of Better World: 0 or 1.
    fn k_die(&mut self) -> Result<u32> {
        Ok(self.roll(2)? - 1)
    }
}

impl<D: Dice + ?Sized> Dice for &mut D {
    fn roll(&mut self, sides: u32) -> Result<u32> {
        (**self).roll(sides)
    }
    fn k_die(&mut self) -> Result<u32> {
        (**self).k_die()
    }
}

/// A dice source that hands out fixed values in order, for tests.
///
/// Each value must fit the die it is drawn for (1..=sides; for the K die, 0 or 1). Running
/// out is an error, not a panic, so a test that under-scripts fails with a message.
#[derive(Clone, Debug, Default)]
pub struct Scripted {
    values: VecDeque<u32>,
    drawn: usize,
}

impl Scripted {
    /// A source that will yield `values` in order.
    pub fn new(values: impl IntoIterator<Item = u32>) -> Self {
        Scripted {
            values: values.into_iter().collect(),
            drawn: 0,
        }
    }

    /// Values not drawn yet.
    pub fn remaining(&self) -> usize {
        self.values.len()
    }

    fn next(&mut self, what: &str, fits: impl Fn(u32) -> bool) -> Result<u32> {
        let index = self.drawn;
        let value = self.values.pop_front().ok_or_else(|| {
            Error::new(
                ErrorKind::Script,
                format!(
                    "scripted dice ran out: draw #{} ({what}) has no value",
                    index + 1
                ),
            )
        })?;
        if !fits(value) {
            return Err(Error::new(
                ErrorKind::Script,
                format!(
                    "scripted value {value} (draw #{}) does not fit {what}",
                    index + 1
                ),
            ));
        }
        self.drawn += 1;
        Ok(value)
    }
}

impl Dice for Scripted {
    fn roll(&mut self, sides: u32) -> Result<u32> {
        if sides == 0 {
            return Err(Error::new(
                ErrorKind::InvalidDice,
                "a die needs at least 1 side (got d0)",
            ));
        }
        self.next(&format!("a d{sides}"), |v| (1..=sides).contains(&v))
    }

    fn k_die(&mut self) -> Result<u32> {
        self.next("the K die (0 or 1)", |v| v <= 1)
    }
}
