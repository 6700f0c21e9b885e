//! Invariants of rolls and exact odds over random pools.

use fray_dice::{
    CmpOp, Compare, DieFate, Distribution, Explode, Keep, PoolSpec, Reroll, Rng, Transcript,
};
use proptest::prelude::*;

fn pool() -> impl Strategy<Value = PoolSpec> {
    (1u32..=6, 1u32..=12, 0u8..5, any::<bool>(), any::<bool>()).prop_flat_map(
        |(count, sides, keep_kind, reroll, explode)| {
            (0..=count).prop_map(move |amount| {
                let mut spec = PoolSpec::new(count, sides);
                spec.keep = match keep_kind {
                    1 => Some(Keep::Highest(amount.max(1))),
                    2 => Some(Keep::Lowest(amount.max(1))),
                    3 => Some(Keep::DropHighest(amount.min(count - 1))),
                    4 => Some(Keep::DropLowest(amount.min(count - 1))),
                    _ => None,
                };
                if reroll && sides > 1 {
                    spec.reroll = Some(Reroll {
                        when: Compare::new(CmpOp::Le, 1),
                        once: false,
                    });
                }
                if explode && sides > 2 {
                    spec.explode = Some(Explode {
                        when: Compare::new(CmpOp::Ge, i64::from(sides)),
                        depth: 3,
                    });
                }
                spec
            })
        },
    )
}

proptest! {
    #[test]
    fn rolls_stay_within_their_bounds_and_keep_no_more_than_rolled(spec in pool(), seed: u64, stream: u64) {
        let mut transcript = Transcript::new();
        let total = spec.roll(&mut Rng::new(seed, stream), Some(&mut transcript), "p").unwrap();
        let kept_count = match spec.keep { Some(k) => k.kept(spec.count).0, None => spec.count };
        let groups_kept: std::collections::BTreeSet<u32> = transcript.dice.iter().filter(|d| d.fate == DieFate::Kept).map(|d| d.group).collect();
        prop_assert!(groups_kept.len() as u32 <= kept_count);
        let depth = spec.explode.map_or(0, |e| e.depth);
        let max = i64::from(kept_count) * i64::from(spec.sides) * i64::from(depth + 1);
        prop_assert!(total >= i64::from(kept_count.min(1)).min(total.max(0)));
        prop_assert!(total <= max, "total {total} above {max}");
        prop_assert!(total >= i64::from(kept_count), "each kept die shows at least 1");
        for d in &transcript.dice {
            prop_assert!((1..=spec.sides).contains(&d.value));
        }
    }

    #[test]
    fn the_same_seed_and_stream_give_the_same_roll(spec in pool(), seed: u64, stream: u64) {
        let mut a = Transcript::new();
        let mut b = Transcript::new();
        let x = spec.roll(&mut Rng::new(seed, stream), Some(&mut a), "p").unwrap();
        let y = spec.roll(&mut Rng::new(seed, stream), Some(&mut b), "p").unwrap();
        prop_assert_eq!(x, y);
        prop_assert_eq!(a, b);
    }

    #[test]
    fn exact_odds_sum_to_exactly_one(spec in pool()) {
        let d = Distribution::of_pool(&spec).unwrap();
        let resolved: u128 = d.iter().map(|(_, c)| c).sum();
        let unresolved = d.unresolved();
        prop_assert_eq!(resolved + unresolved.numerator * (d.denominator() / unresolved.denominator), d.denominator());
        if spec.explode.is_none() {
            prop_assert_eq!(unresolved.numerator, 0);
        }
    }

    #[test]
    fn every_sampled_total_has_non_zero_exact_probability(spec in pool(), seed: u64) {
        let d = Distribution::of_pool(&spec).unwrap();
        let total = spec.roll(&mut Rng::new(seed, 0), None, "p").unwrap();
        prop_assert!(d.probability(total).numerator > 0, "{spec} rolled {total}, exact odds say impossible");
    }

    #[test]
    fn below_is_always_in_range(seed: u64, n in 1u32..=u32::MAX) {
        let mut rng = Rng::new(seed, 0);
        for _ in 0..16 {
            prop_assert!(rng.below(n) < n);
        }
    }
}
