//! Typed hot paths of RED, AGE, Better World and Hunt: `#[repr(C)]` mirrors of each
//! ruleset's basic check, one on a caller's generator and a batch filling a caller's array
//! (trial i on stream `first_stream + i`). No JSON, no allocation. Flags are `uint32_t`
//! (0 = no, anything else = yes) so every language can mirror the structs exactly.

use fray_dice::Rng;

use crate::boundary::{guard, input_value, out_param, output_slice, write, Failure, Outcome};
use crate::dice::fray_rng;
use crate::handles::handle;
use crate::limits::FRAY_HUNT_MAX_STAT;
use crate::{fray_result, FRAY_INVALID_ARGUMENT};

/// Fills `out` with one result per trial, trial i on dice `(seed, first_stream + i)`. The
/// last stream, `first_stream + count - 1`, must be at most 2^64 − 1 (so
/// `first_stream = UINT64_MAX, count = 1` is fine); checked before anything is written.
pub(crate) fn batch<R>(
    out: &mut [R],
    seed: u64,
    first_stream: u64,
    mut one: impl FnMut(&mut Rng) -> Outcome<R>,
) -> Outcome {
    let count = out.len() as u64;
    if count > 0 && first_stream.checked_add(count - 1).is_none() {
        return Err(Failure::new(
            FRAY_INVALID_ARGUMENT,
            format!("streams {first_stream} + {count} run past 2^64 - 1"),
        ));
    }
    for (i, slot) in (0..count).zip(out.iter_mut()) {
        // No overflow: first_stream + i <= first_stream + count - 1, checked above.
        *slot = one(&mut Rng::new(seed, first_stream + i))?;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// RED

/// A RED check (RED-30, RED-31): d10 + `base` against `dv`; a tie fails.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct fray_red_check_spec {
    /// STAT + SKILL + every modifier.
    pub base: i32,
    /// The difficulty value to beat.
    pub dv: i32,
    /// Non-zero: the critical d10 of RED-31 (the published rule); 0: off.
    pub critical: u32,
}

/// What a RED check came to.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct fray_red_check_result {
    /// The face of the first d10.
    pub natural: u32,
    /// The critical die: +n after a natural 10, −n after a natural 1, else 0.
    pub extra: i32,
    /// natural + extra.
    pub value: i32,
    /// base + value.
    pub total: i32,
    /// total − dv.
    pub margin: i32,
    /// 1 if the total beat the DV, else 0.
    pub success: u32,
}

fn red_check(rng: &mut Rng, spec: &fray_red_check_spec) -> Outcome<fray_red_check_result> {
    let spec = fray_red::CheckSpec {
        base: spec.base,
        dv: spec.dv,
        critical: spec.critical != 0,
    };
    let r = fray_red::check(rng, &spec, None)?;
    Ok(fray_red_check_result {
        natural: r.roll.natural,
        extra: r.roll.extra,
        value: r.roll.value,
        total: r.total,
        margin: r.margin,
        success: u32::from(r.success),
    })
}

/// Resolves one RED check with dice from `rng` into `*out`. Values beyond the rules'
/// bounds are `FRAY_RULE` and draw nothing.
#[no_mangle]
pub extern "C" fn fray_red_check(
    rng: *mut fray_rng,
    spec: *const fray_red_check_spec,
    out: *mut fray_red_check_result,
) -> fray_result {
    guard(|| {
        let rng = handle(rng, "rng")?;
        let spec = input_value(spec, "spec")?;
        let out = out_param(out, "out")?;
        write(out, red_check(&mut rng.rng, &spec)?);
        Ok(())
    })
}

/// Resolves `count` RED checks of one spec, check i on dice `(seed, first_stream + i)`,
/// into `out[0..count]`.
#[no_mangle]
pub extern "C" fn fray_red_check_batch(
    spec: *const fray_red_check_spec,
    seed: u64,
    first_stream: u64,
    out: *mut fray_red_check_result,
    count: usize,
) -> fray_result {
    guard(|| {
        let spec = input_value(spec, "spec")?;
        let out = output_slice(out, count, "out")?;
        batch(out, seed, first_stream, |rng| red_check(rng, &spec))
    })
}

// ---------------------------------------------------------------------------------------
// AGE

/// An AGE ability test (AGE-01 … AGE-04): 3d6 (the third is the Drama Die) + ability
/// (+2 with a focus) + modifier against a target number.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct fray_age_test_spec {
    /// The ability score.
    pub ability: i32,
    /// Non-zero: a focus applies (+2).
    pub focus: u32,
    /// Circumstance modifiers, summed.
    pub modifier: i32,
    /// Non-zero: the test has the target number `tn`; 0: no TN (it always succeeds).
    pub has_tn: u32,
    /// The target number, when `has_tn`.
    pub tn: i32,
    /// Non-zero: the test fails whatever the dice say (AGE-30).
    pub auto_fail: u32,
}

/// What an AGE test came to.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct fray_age_test_result {
    /// The three dice in draw order; the third is the Drama Die.
    pub dice: [u8; 3],
    /// Stunt points: the Drama Die on a success with doubles, else 0.
    pub stunt_points: u8,
    /// Dice + ability + focus + modifier.
    pub total: i32,
    /// 1 on a success, else 0.
    pub success: u32,
    /// 1 if any two dice are equal, else 0.
    pub doubles: u32,
}

fn age_test(rng: &mut Rng, spec: &fray_age_test_spec) -> Outcome<fray_age_test_result> {
    let spec = fray_age::TestSpec {
        ability: spec.ability,
        focus: spec.focus != 0,
        modifier: spec.modifier,
        tn: (spec.has_tn != 0).then_some(spec.tn),
        auto_fail: spec.auto_fail != 0,
    };
    let r = fray_age::test(rng, &spec)?;
    Ok(fray_age_test_result {
        dice: r.dice,
        stunt_points: r.stunt_points,
        total: r.total,
        success: u32::from(r.success),
        doubles: u32::from(r.doubles),
    })
}

/// Resolves one AGE test with dice from `rng` into `*out`.
#[no_mangle]
pub extern "C" fn fray_age_test(
    rng: *mut fray_rng,
    spec: *const fray_age_test_spec,
    out: *mut fray_age_test_result,
) -> fray_result {
    guard(|| {
        let rng = handle(rng, "rng")?;
        let spec = input_value(spec, "spec")?;
        let out = out_param(out, "out")?;
        write(out, age_test(&mut rng.rng, &spec)?);
        Ok(())
    })
}

/// Resolves `count` AGE tests of one spec, test i on dice `(seed, first_stream + i)`, into
/// `out[0..count]`.
#[no_mangle]
pub extern "C" fn fray_age_test_batch(
    spec: *const fray_age_test_spec,
    seed: u64,
    first_stream: u64,
    out: *mut fray_age_test_result,
    count: usize,
) -> fray_result {
    guard(|| {
        let spec = input_value(spec, "spec")?;
        let out = output_slice(out, count, "out")?;
        batch(out, seed, first_stream, |rng| age_test(rng, &spec))
    })
}

// ---------------------------------------------------------------------------------------
// Better World

/// `tie`: a tie is a bare success with 0 bonus units (the **\[default\]**).
pub const FRAY_BETTER_WORLD_TIE_ACTOR_WINS: u32 = 0;
/// `tie`: a tie is a failure with a deficit of 0.
pub const FRAY_BETTER_WORLD_TIE_DIFFICULTY_WINS: u32 = 1;

/// A Better World check (BW-01 … BW-03): `pool` K dice against `difficulty` K dice, ones
/// counted (at most 60 K per pool).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct fray_better_world_check_spec {
    /// K the actor rolls.
    pub pool: u32,
    /// K the difficulty rolls.
    pub difficulty: u32,
    /// One of `FRAY_BETTER_WORLD_TIE_*`.
    pub tie: u32,
    /// Non-zero: the check succeeds whatever the dice show (the dice still give bonus units).
    pub automatic: u32,
}

/// What a Better World check came to.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct fray_better_world_check_result {
    /// Ones in the actor's pool.
    pub ones: u32,
    /// Ones in the difficulty pool.
    pub difficulty_ones: u32,
    /// 1 on a success, else 0.
    pub success: u32,
    /// Bonus units on a success.
    pub bonus: u32,
    /// Deficit on a failure.
    pub deficit: u32,
}

fn better_world_spec(spec: &fray_better_world_check_spec) -> Outcome<fray_better_world::CheckSpec> {
    let tie = match spec.tie {
        FRAY_BETTER_WORLD_TIE_ACTOR_WINS => fray_better_world::TieRule::ActorWins,
        FRAY_BETTER_WORLD_TIE_DIFFICULTY_WINS => fray_better_world::TieRule::DifficultyWins,
        other => return Err(bad_tie(other)),
    };
    Ok(fray_better_world::CheckSpec {
        pool: spec.pool,
        difficulty: spec.difficulty,
        tie,
        automatic: spec.automatic != 0,
    })
}

#[cold]
#[inline(never)]
fn bad_tie(tie: u32) -> Failure {
    Failure::new(
        FRAY_INVALID_ARGUMENT,
        format!("tie must be 0 (actor wins) or 1 (difficulty wins), got {tie}"),
    )
}

fn better_world_check(
    rng: &mut Rng,
    spec: &fray_better_world::CheckSpec,
) -> Outcome<fray_better_world_check_result> {
    let r = fray_better_world::check(rng, spec)?;
    Ok(fray_better_world_check_result {
        ones: r.ones,
        difficulty_ones: r.difficulty_ones,
        success: u32::from(r.success),
        bonus: r.bonus,
        deficit: r.deficit,
    })
}

/// Resolves one Better World check with K dice from `rng` into `*out`. An unknown tie rule
/// is `FRAY_INVALID_ARGUMENT`, a pool over 60 K is `FRAY_RULE`; neither draws anything.
#[no_mangle]
pub extern "C" fn fray_better_world_check(
    rng: *mut fray_rng,
    spec: *const fray_better_world_check_spec,
    out: *mut fray_better_world_check_result,
) -> fray_result {
    guard(|| {
        let rng = handle(rng, "rng")?;
        let spec = input_value(spec, "spec")?;
        let out = out_param(out, "out")?;
        let spec = better_world_spec(&spec)?;
        write(out, better_world_check(&mut rng.rng, &spec)?);
        Ok(())
    })
}

/// Resolves `count` Better World checks of one spec, check i on dice `(seed,
/// first_stream + i)`, into `out[0..count]`.
#[no_mangle]
pub extern "C" fn fray_better_world_check_batch(
    spec: *const fray_better_world_check_spec,
    seed: u64,
    first_stream: u64,
    out: *mut fray_better_world_check_result,
    count: usize,
) -> fray_result {
    guard(|| {
        let spec = input_value(spec, "spec")?;
        let out = output_slice(out, count, "out")?;
        let spec = better_world_spec(&spec)?;
        batch(out, seed, first_stream, |rng| {
            better_world_check(rng, &spec)
        })
    })
}

// ---------------------------------------------------------------------------------------
// Hunt

/// What a Hunt stat test (HUNT-02) came to: `test_dice` d6 against a stat, passed when the
/// total is at most the stat.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct fray_hunt_test_result {
    /// The stat tested.
    pub stat: u32,
    /// The dice total.
    pub roll: u32,
    /// stat − roll (exact: the stat is at most `FRAY_HUNT_MAX_STAT`).
    pub margin: i32,
    /// 1 if roll ≤ stat, else 0.
    pub passed: u32,
}

/// Refuses a stat whose margin an `int32_t` cannot hold (fray-hunt computes it in `i32`).
fn hunt_stat_ok(stat: u32) -> Outcome {
    if stat > FRAY_HUNT_MAX_STAT {
        return Err(Failure::new(
            FRAY_INVALID_ARGUMENT,
            format!("stat is {stat}, over the limit of {FRAY_HUNT_MAX_STAT} (FRAY_HUNT_MAX_STAT)"),
        ));
    }
    Ok(())
}

fn hunt_test(rng: &mut Rng, stat: u32, test_dice: u32) -> Outcome<fray_hunt_test_result> {
    let r = fray_hunt::stat_test(rng, stat, test_dice, "test", None)?;
    Ok(fray_hunt_test_result {
        stat: r.stat,
        roll: r.roll,
        margin: r.margin,
        passed: u32::from(r.passed),
    })
}

/// Resolves one Hunt stat test (`test_dice` d6 against `stat`) with dice from `rng` into
/// `*out`. A stat over `FRAY_HUNT_MAX_STAT` is `FRAY_INVALID_ARGUMENT`, too many dice
/// `FRAY_LIMIT`; neither draws anything.
#[no_mangle]
pub extern "C" fn fray_hunt_stat_test(
    rng: *mut fray_rng,
    stat: u32,
    test_dice: u32,
    out: *mut fray_hunt_test_result,
) -> fray_result {
    guard(|| {
        let rng = handle(rng, "rng")?;
        let out = out_param(out, "out")?;
        hunt_stat_ok(stat)?;
        write(out, hunt_test(&mut rng.rng, stat, test_dice)?);
        Ok(())
    })
}

/// Resolves `count` Hunt stat tests, test i on dice `(seed, first_stream + i)`, into
/// `out[0..count]`.
#[no_mangle]
pub extern "C" fn fray_hunt_stat_test_batch(
    stat: u32,
    test_dice: u32,
    seed: u64,
    first_stream: u64,
    out: *mut fray_hunt_test_result,
    count: usize,
) -> fray_result {
    guard(|| {
        let out = output_slice(out, count, "out")?;
        hunt_stat_ok(stat)?;
        batch(out, seed, first_stream, |rng| {
            hunt_test(rng, stat, test_dice)
        })
    })
}
