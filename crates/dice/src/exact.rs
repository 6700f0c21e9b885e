//! Checked exact arithmetic shared by every ruleset's odds: fractions and binomial tables.

use crate::dist::{gcd, Ratio};
use crate::error::{Error, ErrorKind, Result};
use crate::order::pascal;

fn overflow(what: &str) -> Error {
    Error::new(
        ErrorKind::Limit,
        format!("exact odds of {what} need numbers beyond the 128-bit limit"),
    )
}

impl Ratio {
    /// Probability zero.
    pub const ZERO: Ratio = Ratio {
        numerator: 0,
        denominator: 1,
    };
    /// Probability one.
    pub const ONE: Ratio = Ratio {
        numerator: 1,
        denominator: 1,
    };

    /// The two fractions over their least common denominator: (self's numerator, other's
    /// numerator, denominator).
    fn common(self, other: Ratio) -> Result<(u128, u128, u128)> {
        let g = gcd(self.denominator, other.denominator);
        let denominator = (self.denominator / g)
            .checked_mul(other.denominator)
            .ok_or_else(|| overflow("a sum of probabilities"))?;
        let a = self
            .numerator
            .checked_mul(denominator / self.denominator)
            .ok_or_else(|| overflow("a sum of probabilities"))?;
        let b = other
            .numerator
            .checked_mul(denominator / other.denominator)
            .ok_or_else(|| overflow("a sum of probabilities"))?;
        Ok((a, b, denominator))
    }

    /// `self + other`, exactly, or a limit error when 128 bits do not suffice.
    pub fn checked_add(self, other: Ratio) -> Result<Ratio> {
        let (a, b, d) = self.common(other)?;
        Ok(Ratio::new(
            a.checked_add(b)
                .ok_or_else(|| overflow("a sum of probabilities"))?,
            d,
        ))
    }

    /// `self - other`, exactly; an error if the result would be negative.
    pub fn checked_sub(self, other: Ratio) -> Result<Ratio> {
        let (a, b, d) = self.common(other)?;
        let difference = a.checked_sub(b).ok_or_else(|| {
            Error::new(
                ErrorKind::Overflow,
                format!("{self} - {other} is negative, not a probability"),
            )
        })?;
        Ok(Ratio::new(difference, d))
    }

    /// `self × other`, exactly (cross-reduced first, so it overflows as late as possible).
    pub fn checked_mul(self, other: Ratio) -> Result<Ratio> {
        let g1 = gcd(self.numerator, other.denominator).max(1);
        let g2 = gcd(other.numerator, self.denominator).max(1);
        let n = (self.numerator / g1)
            .checked_mul(other.numerator / g2)
            .ok_or_else(|| overflow("a product of probabilities"))?;
        let d = (self.denominator / g2)
            .checked_mul(other.denominator / g1)
            .ok_or_else(|| overflow("a product of probabilities"))?;
        Ok(Ratio::new(n, d))
    }
}

/// Pascal's triangle: `rows[n][k]` = C(n, k) for `k <= n <= max`, checked.
pub fn binomials(max: u32) -> Result<Vec<Vec<u128>>> {
    pascal(max).ok_or_else(|| overflow("a binomial coefficient"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_add_subtract_and_multiply_exactly() {
        let third = Ratio::new(1, 3);
        let sixth = Ratio::new(1, 6);
        assert_eq!(third.checked_add(sixth).unwrap(), Ratio::new(1, 2));
        assert_eq!(third.checked_sub(sixth).unwrap(), sixth);
        assert_eq!(
            third.checked_mul(Ratio::new(3, 4)).unwrap(),
            Ratio::new(1, 4)
        );
        assert!(sixth.checked_sub(third).is_err());
        let tiny = Ratio::new(1, u128::MAX);
        assert_eq!(tiny.checked_mul(tiny).unwrap_err().kind(), ErrorKind::Limit);
        assert_eq!(Ratio::ONE.checked_sub(Ratio::ONE).unwrap(), Ratio::ZERO);
    }

    #[test]
    fn binomial_rows_are_pascals_triangle() {
        let rows = binomials(5).unwrap();
        assert_eq!(rows[5], vec![1, 5, 10, 10, 5, 1]);
        assert_eq!(
            binomials(100).unwrap()[100][50],
            100_891_344_545_564_193_334_812_497_256
        );
        assert_eq!(binomials(200).unwrap_err().kind(), ErrorKind::Limit);
    }
}
