//! Project Andromeda's typed hot path: one check, or a numpy batch with per-trial parameters.

use fray::andromeda::{self, AdvantageMethod, CheckSpec, DamageLine, Edge, OutcomeTable};
use numpy::{PyArray1, PyReadonlyArray1};
use pyo3::prelude::*;

use crate::batch::{in_blocks, par_items, threads, Param};
use crate::dice::MAX_BATCH;
use crate::error::{check_len, guard, Fail, Res};

/// Rules a whole batch shares: (outcome table thresholds, extra advantage dice or a flat
/// bonus, damage line).
struct Shared {
    table: OutcomeTable,
    advantage: AdvantageMethod,
    damage: Option<DamageLine>,
}

impl Shared {
    fn new(
        table: (i32, i32, i32),
        advantage_dice: u8,
        flat_bonus: Option<i32>,
        damage: Option<[u32; 4]>,
    ) -> Res<Self> {
        let table = OutcomeTable {
            cost_from: table.0,
            success_from: table.1,
            critical_from: table.2,
        };
        let advantage = match flat_bonus {
            Some(bonus) => AdvantageMethod::Flat { bonus },
            None => AdvantageMethod::ExtraDice {
                dice: advantage_dice,
            },
        };
        table.validate()?;
        advantage.validate()?;
        Ok(Shared {
            table,
            advantage,
            damage: damage.map(DamageLine),
        })
    }

    fn spec(&self, value: i32, rank: i32, difficulty: i32, edge: u8) -> Res<CheckSpec> {
        let edge = match edge {
            0 => Edge::Normal,
            1 => Edge::Advantage,
            2 => Edge::Disadvantage,
            other => {
                return Err(Fail::Invalid(format!(
                    "edge must be 0 (normal), 1 (advantage) or 2 (disadvantage), got {other}"
                )))
            }
        };
        Ok(CheckSpec {
            skill_value: value,
            skill_rank: rank,
            difficulty,
            edge,
            table: self.table,
            advantage: self.advantage,
        })
    }
}

/// One check: (dice rolled, kept pair, total, base tier, shift, final tier, damage or None).
type CheckTuple = (Vec<u8>, (u8, u8), i32, u8, i32, u8, Option<u32>);

/// One Andromeda check (AND-16, AND-17, AND-21) on dice (seed, stream); with a damage line,
/// an attack (AND-18, AND-20).
#[pyfunction]
#[pyo3(signature = (seed, stream, skill_value, skill_rank, difficulty, edge, table, advantage_dice, flat_bonus, damage))]
#[allow(clippy::too_many_arguments)]
fn andromeda_check(
    seed: u64,
    stream: u64,
    skill_value: i32,
    skill_rank: i32,
    difficulty: i32,
    edge: u8,
    table: (i32, i32, i32),
    advantage_dice: u8,
    flat_bonus: Option<i32>,
    damage: Option<[u32; 4]>,
) -> PyResult<CheckTuple> {
    let shared = Shared::new(table, advantage_dice, flat_bonus, damage)?;
    let spec = shared.spec(skill_value, skill_rank, difficulty, edge)?;
    let mut rng = fray_dice::Rng::new(seed, stream);
    Ok(guard(|| {
        let r = andromeda::check(&mut rng, &spec)?;
        Ok((
            r.roll.rolled().to_vec(),
            (r.roll.kept[0], r.roll.kept[1]),
            r.roll.total,
            r.base as u8,
            r.shift,
            r.tier as u8,
            shared.damage.map(|line| line.get(r.tier)),
        ))
    })?)
}

/// Per-trial arrays of a batch: (total, base tier, final tier, damage).
type BatchTuple<'py> = (
    Bound<'py, PyArray1<i32>>,
    Bound<'py, PyArray1<u8>>,
    Bound<'py, PyArray1<u8>>,
    Option<Bound<'py, PyArray1<u32>>>,
);

/// Checks with per-trial parameters, trial i on stream `first + i`: `n` trials, each
/// parameter array holding one value per trial or a single value for all of them.
#[pyfunction]
#[pyo3(signature = (seed, first, n, skill_value, skill_rank, difficulty, edge, table, advantage_dice, flat_bonus, damage, threads_wanted))]
#[allow(clippy::too_many_arguments)]
fn andromeda_check_batch<'py>(
    py: Python<'py>,
    seed: u64,
    first: u64,
    n: u64,
    skill_value: PyReadonlyArray1<'py, i32>,
    skill_rank: PyReadonlyArray1<'py, i32>,
    difficulty: PyReadonlyArray1<'py, i32>,
    edge: PyReadonlyArray1<'py, u8>,
    table: (i32, i32, i32),
    advantage_dice: u8,
    flat_bonus: Option<i32>,
    damage: Option<[u32; 4]>,
    threads_wanted: usize,
) -> PyResult<BatchTuple<'py>> {
    let shared = Shared::new(table, advantage_dice, flat_bonus, damage)?;
    let n = check_len(n, MAX_BATCH, "n")?;
    let value = Param::new(&skill_value, n, "skill_value")?;
    let rank = Param::new(&skill_rank, n, "skill_rank")?;
    let diff = Param::new(&difficulty, n, "difficulty")?;
    let edges = Param::new(&edge, n, "edge")?;
    let (mut total, mut base, mut tier) = (vec![0i32; n], vec![0u8; n], vec![0u8; n]);
    let workers = threads(threads_wanted);
    let item = |stream: u64| -> Res<(i32, u8, u8)> {
        let i = (stream - first) as usize;
        let spec = shared.spec(value.get(i), rank.get(i), diff.get(i), edges.get(i))?;
        let r = andromeda::check(&mut fray_dice::Rng::new(seed, stream), &spec)?;
        Ok((r.roll.total, r.base as u8, r.tier as u8))
    };
    let out = (&mut total[..], &mut base[..], &mut tier[..]);
    in_blocks(py, out, first, |start, block| {
        par_items(block, start, workers, &item)
    })?;
    // Damage by final tier, from the tiers (a tier is 0 ..= 3).
    let damage = shared.damage.map(|line| {
        let by_tier: Vec<u32> = tier.iter().map(|&t| line.0[usize::from(t)]).collect();
        PyArray1::from_vec(py, by_tier)
    });
    Ok((
        PyArray1::from_vec(py, total),
        PyArray1::from_vec(py, base),
        PyArray1::from_vec(py, tier),
        damage,
    ))
}

/// Adds the Andromeda functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(andromeda_check, m)?)?;
    m.add_function(wrap_pyfunction!(andromeda_check_batch, m)?)?;
    Ok(())
}
