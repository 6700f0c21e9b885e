//! The typed hot path of Project Andromeda: `#[repr(C)]` mirrors of
//! `fray_andromeda::CheckSpec` and `CheckResult`, one check on a caller's generator and a
//! batch that fills a caller's array (trial i on stream i). No JSON, no allocation.

use fray_andromeda::{check, AdvantageMethod, CheckResult, CheckSpec, Edge, OutcomeTable};

use crate::boundary::{guard, input_value, out_param, output_slice, write, Failure, Outcome};
use crate::dice::fray_rng;
use crate::handles::handle;
use crate::typed::batch;
use crate::{fray_result, FRAY_INVALID_ARGUMENT};

/// `edge`: plain 2d8.
pub const FRAY_ANDROMEDA_EDGE_NORMAL: u32 = 0;
/// `edge`: advantage (by default 3d8, keep the best two).
pub const FRAY_ANDROMEDA_EDGE_ADVANTAGE: u32 = 1;
/// `edge`: disadvantage (by default 3d8, keep the worst two).
pub const FRAY_ANDROMEDA_EDGE_DISADVANTAGE: u32 = 2;
/// `advantage_method`: roll `advantage_amount` extra d8 (0..=4) and keep two.
pub const FRAY_ANDROMEDA_ADVANTAGE_EXTRA_DICE: u32 = 0;
/// `advantage_method`: add `advantage_amount` to the total on advantage, subtract it on
/// disadvantage.
pub const FRAY_ANDROMEDA_ADVANTAGE_FLAT: u32 = 1;
/// Most dice one check rolls (2 kept + up to 4 extra); the length of `dice` in a result.
pub const FRAY_ANDROMEDA_MAX_DICE: usize = 6;

/// One Andromeda check or attack (AND-16, AND-17, AND-18, AND-21): 2d8 + `skill_value`,
/// the outcome table, then one tier per rank of `skill_rank` − `difficulty`. Get the
/// defaults (table 10/13/16, one extra die for advantage) from
/// `fray_andromeda_default_spec` and change what you need.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct fray_andromeda_check_spec {
    /// Skill value added to the dice.
    pub skill_value: i32,
    /// Skill rank, compared with `difficulty`.
    pub skill_rank: i32,
    /// Task rank, or for an attack the target's defense.
    pub difficulty: i32,
    /// One of `FRAY_ANDROMEDA_EDGE_*`.
    pub edge: u32,
    /// Lowest total that is a Success at a Cost.
    pub cost_from: i32,
    /// Lowest total that is a Success.
    pub success_from: i32,
    /// Lowest total that is a Critical Success.
    pub critical_from: i32,
    /// One of `FRAY_ANDROMEDA_ADVANTAGE_*`.
    pub advantage_method: u32,
    /// Extra dice (0..=4) for `FRAY_ANDROMEDA_ADVANTAGE_EXTRA_DICE`, or the flat bonus for
    /// `FRAY_ANDROMEDA_ADVANTAGE_FLAT`.
    pub advantage_amount: i32,
}

/// What a check came to. Tiers are 0 Fail, 1 Success at a Cost, 2 Success, 3 Critical.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct fray_andromeda_check_result {
    /// Every d8 rolled, in order; the first `dice_count` are meaningful, the rest are 0.
    pub dice: [u8; FRAY_ANDROMEDA_MAX_DICE],
    /// How many dice were rolled.
    pub dice_count: u8,
    /// The two dice kept.
    pub kept: [u8; 2],
    /// Always 0; keeps the layout explicit for other languages.
    pub reserved: [u8; 3],
    /// Kept dice + skill value (+ a flat advantage modifier).
    pub total: i32,
    /// The tier the outcome table gives the total.
    pub base_tier: u32,
    /// Tiers moved by skill rank − difficulty, before the clamp.
    pub shift: i32,
    /// The final tier, shifted and clamped.
    pub tier: u32,
}

// Errors are built out of line so the hot path stays small.
#[cold]
#[inline(never)]
fn bad_edge(edge: u32) -> Failure {
    Failure::new(
        FRAY_INVALID_ARGUMENT,
        format!("edge must be 0 (normal), 1 (advantage) or 2 (disadvantage), got {edge}"),
    )
}

#[cold]
#[inline(never)]
fn bad_method(method: u32) -> Failure {
    Failure::new(
        FRAY_INVALID_ARGUMENT,
        format!("advantage_method must be 0 (extra dice) or 1 (flat), got {method}"),
    )
}

#[cold]
#[inline(never)]
fn bad_extra_dice(amount: i32) -> Failure {
    Failure::new(
        FRAY_INVALID_ARGUMENT,
        format!("advantage_amount is the number of extra dice, 0..=4, got {amount}"),
    )
}

impl fray_andromeda_check_spec {
    /// The Rust spec; `check` validates the table and the extra dice itself.
    fn to_rust(self) -> Outcome<CheckSpec> {
        let edge = match self.edge {
            FRAY_ANDROMEDA_EDGE_NORMAL => Edge::Normal,
            FRAY_ANDROMEDA_EDGE_ADVANTAGE => Edge::Advantage,
            FRAY_ANDROMEDA_EDGE_DISADVANTAGE => Edge::Disadvantage,
            other => return Err(bad_edge(other)),
        };
        let advantage = match self.advantage_method {
            FRAY_ANDROMEDA_ADVANTAGE_EXTRA_DICE => AdvantageMethod::ExtraDice {
                dice: u8::try_from(self.advantage_amount)
                    .map_err(|_| bad_extra_dice(self.advantage_amount))?,
            },
            FRAY_ANDROMEDA_ADVANTAGE_FLAT => AdvantageMethod::Flat {
                bonus: self.advantage_amount,
            },
            other => return Err(bad_method(other)),
        };
        Ok(CheckSpec {
            skill_value: self.skill_value,
            skill_rank: self.skill_rank,
            difficulty: self.difficulty,
            edge,
            table: OutcomeTable {
                cost_from: self.cost_from,
                success_from: self.success_from,
                critical_from: self.critical_from,
            },
            advantage,
        })
    }

    fn from_rust(spec: &CheckSpec) -> Self {
        let (advantage_method, advantage_amount) = match spec.advantage {
            AdvantageMethod::ExtraDice { dice } => {
                (FRAY_ANDROMEDA_ADVANTAGE_EXTRA_DICE, i32::from(dice))
            }
            AdvantageMethod::Flat { bonus } => (FRAY_ANDROMEDA_ADVANTAGE_FLAT, bonus),
        };
        fray_andromeda_check_spec {
            skill_value: spec.skill_value,
            skill_rank: spec.skill_rank,
            difficulty: spec.difficulty,
            edge: spec.edge as u32,
            cost_from: spec.table.cost_from,
            success_from: spec.table.success_from,
            critical_from: spec.table.critical_from,
            advantage_method,
            advantage_amount,
        }
    }
}

impl From<&CheckResult> for fray_andromeda_check_result {
    #[inline]
    fn from(r: &CheckResult) -> Self {
        fray_andromeda_check_result {
            dice: r.roll.dice,
            dice_count: r.roll.count,
            kept: r.roll.kept,
            reserved: [0; 3],
            total: r.roll.total,
            base_tier: r.base as u32,
            shift: r.shift,
            tier: r.tier as u32,
        }
    }
}

/// Writes the default spec to `*out`: value 0, rank 0, difficulty 0, no edge, the outcome
/// table 10/13/16 and one extra die for advantage: the defaults of the ruleset.
#[no_mangle]
pub extern "C" fn fray_andromeda_default_spec(out: *mut fray_andromeda_check_spec) -> fray_result {
    guard(|| {
        let out = out_param(out, "out")?;
        write(
            out,
            fray_andromeda_check_spec::from_rust(&CheckSpec::default()),
        );
        Ok(())
    })
}

/// Resolves one check with dice from `rng` and writes it to `*out`. A spec with an unknown
/// edge or method, more than 4 extra dice or an unordered table is
/// `FRAY_INVALID_ARGUMENT`/`FRAY_LIMIT` and draws nothing.
#[no_mangle]
pub extern "C" fn fray_andromeda_check(
    rng: *mut fray_rng,
    spec: *const fray_andromeda_check_spec,
    out: *mut fray_andromeda_check_result,
) -> fray_result {
    guard(|| {
        let rng = handle(rng, "rng")?;
        let spec = input_value(spec, "spec")?;
        let out = out_param(out, "out")?;
        let spec = spec.to_rust()?;
        let result = check(&mut rng.rng, &spec)?;
        write(out, (&result).into());
        Ok(())
    })
}

/// Resolves `count` independent checks of one spec: check i uses dice `(seed,
/// first_stream + i)`, so any split of the work between threads or machines gives the same
/// results. Writes them to `out[0..count]`.
#[no_mangle]
pub extern "C" fn fray_andromeda_check_batch(
    spec: *const fray_andromeda_check_spec,
    seed: u64,
    first_stream: u64,
    out: *mut fray_andromeda_check_result,
    count: usize,
) -> fray_result {
    guard(|| {
        let spec = input_value(spec, "spec")?;
        let out = output_slice(out, count, "out")?;
        let spec = spec.to_rust()?;
        spec.validate()?;
        batch(out, seed, first_stream, |rng| {
            Ok((&check(rng, &spec)?).into())
        })
    })
}
