//! Dice notation: parse arbitrary text; when it parses, roll it with a seeded Rng and compute
//! its exact distribution. No panic; a rolled total has non-zero exact probability whenever
//! the distribution computes without unresolved mass; the canonical text parses back to an
//! expression that rolls the same; the same seed rolls the same.
#![no_main]

use fray::dice::{Expr, Rng};
use libfuzzer_sys::fuzz_target;

#[path = "../../tests/support/known.rs"]
mod known;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(expr) = Expr::parse(text) else {
        return;
    };
    let seed = data
        .iter()
        .fold(0u64, |h, &b| h.rotate_left(5) ^ u64::from(b));
    let rolled = expr.roll_with_transcript(&mut Rng::new(seed, 1));
    let again = expr.roll(&mut Rng::new(seed, 1), None);
    assert_eq!(
        rolled.as_ref().map(|r| r.total).map_err(|e| e.kind()),
        again.as_ref().copied().map_err(|e| e.kind()),
        "{text:?}: the same seed rolled differently with and without a transcript"
    );
    if let Ok(roll) = &rolled {
        assert!(
            roll.transcript.dice.len() as u64 >= expr.dice_count(),
            "{text:?}: fewer dice in the transcript than the expression rolls"
        );
    }

    // The canonical form must mean the same expression.
    let canonical = expr.to_string();
    let reparsed = Expr::parse(&canonical)
        .unwrap_or_else(|e| panic!("{text:?}: canonical form {canonical:?} does not parse: {e}"));
    if known::expression(&expr).is_none() {
        let other = reparsed.roll(&mut Rng::new(seed, 1), None);
        assert_eq!(
            again.map_err(|e| e.kind()),
            other.map_err(|e| e.kind()),
            "{text:?}: canonical form {canonical:?} rolls differently on the same seed"
        );
    }

    if exact_work(&expr) > SANITIZED_WORK {
        return;
    }
    let Ok(dist) = expr.distribution() else {
        return;
    };
    let resolved = dist
        .iter()
        .try_fold(0u128, |a, (_, c)| a.checked_add(c))
        .expect("resolved counts fit u128");
    assert!(
        resolved <= dist.denominator(),
        "{text:?}: probabilities sum over 1"
    );
    if let Ok(roll) = rolled {
        if dist.unresolved().numerator == 0 {
            assert!(
                dist.probability(roll.total).numerator > 0,
                "{text:?}: rolled {} which the exact distribution gives probability 0",
                roll.total
            );
        }
    }
});

/// About how many steps the exact odds of keep/drop pools take (fray-dice's own estimate:
/// faces × (dice + 1)² × kept totals, summed over pools). Under ASan with coverage and debug
/// assertions a step costs ~150× its release time, so legitimate expressions near
/// `fray::dice::MAX_WORK` (≈ 1 s in release) would read as libFuzzer timeouts; the fuzzer
/// skips their odds. Their cost in release is what `scripts/hostile` measures.
fn exact_work(expr: &Expr) -> u128 {
    match expr {
        Expr::Constant(_) => 0,
        Expr::Pool(p) => match p.keep {
            // An invalid pool is refused before any work (and `kept` assumes a valid one).
            Some(_) if p.validate().is_err() => 0,
            None => 0,
            Some(k) => {
                // An exploding die's chain has about a dozen faces' worth of values.
                let faces = u128::from(p.sides) * if p.explode.is_some() { 12 } else { 1 };
                let n = u128::from(p.count);
                faces * (n + 1) * (n + 1) * (faces * u128::from(k.kept(p.count).0) + 1)
            }
        },
        Expr::Neg(a) | Expr::Annotated(a, _) => exact_work(a),
        // Keeping elements of a set walks the joint distribution of the elements' totals,
        // which no cheap estimate bounds: the sanitizer build rolls such sets but leaves
        // their odds to the unit tests (crates/dice/tests/sets.rs).
        Expr::Set { items, keep, select } => {
            let inner = items.iter().map(exact_work).fold(0u128, u128::saturating_add);
            if keep.is_some() || select.is_some() {
                inner.saturating_add(SANITIZED_WORK + 1)
            } else {
                inner
            }
        }
        Expr::Add(a, b)
        | Expr::Sub(a, b)
        | Expr::Mul(a, b)
        | Expr::Div(a, b)
        | Expr::Rem(a, b)
        | Expr::Cmp(_, a, b) => exact_work(a).saturating_add(exact_work(b)),
    }
}

/// Work the sanitizer build computes exact odds for (about 0.1 s there).
const SANITIZED_WORK: u128 = 1_000_000;
