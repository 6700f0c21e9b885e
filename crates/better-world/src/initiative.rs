//! Initiative: levels and the order within a level (BW-04 … BW-07, BW-10).

use std::collections::BTreeMap;

use fray_dice::{Dice, Ratio, RuleError};
use serde::{Deserialize, Serialize};

use crate::resolve::roll_k;

/// How characters on one initiative level are ordered (BW-07, a setting).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum OrderMethod {
    /// **\[default\]** (a) The dice method, exactly as written: each next character rolls as
    /// many K as are already placed and is inserted that many places from the end. Not uniform.
    #[default]
    Dice,
    /// (b) The card method: a uniform shuffle.
    Cards,
}

/// Initiative modifier K from the situation (BW-05).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum InitiativeModifier {
    /// No modifier.
    #[default]
    None,
    /// +1K: the character starts the active action.
    Initiates,
    /// +2K: acting from a carefully prepared ambush.
    Ambush,
    /// +3K: exceptional, most favourable circumstances.
    Exceptional,
}

impl InitiativeModifier {
    /// The modifier in K.
    pub fn k(self) -> u32 {
        match self {
            InitiativeModifier::None => 0,
            InitiativeModifier::Initiates => 1,
            InitiativeModifier::Ambush => 2,
            InitiativeModifier::Exceptional => 3,
        }
    }
}

/// Initiative level (BW-06): the stat plus the ones rolled on the modifier K. Returns
/// `(ones, level)`.
pub fn initiative_level<D: Dice>(
    dice: &mut D,
    stat: u32,
    modifier_k: u32,
) -> Result<(u32, u32), RuleError> {
    let ones = roll_k(dice, modifier_k)?;
    Ok((ones, stat + ones))
}

/// One placement by the dice method (BW-07a): `queue[..placed]` is the queue so far and
/// `queue[placed]` the newcomer. Rolls `placed` K; the ones say how many places from the end
/// it goes (0 = last, `placed` = first). Returns the ones. Does not allocate.
#[inline]
pub fn insert_by_dice<D: Dice, T>(
    dice: &mut D,
    queue: &mut [T],
    placed: usize,
) -> Result<u32, RuleError> {
    if placed >= queue.len() {
        return Err(crate::text::refusal(
            "BW-07",
            fray_dice::Message::new("bw-refuse-dice-order-newcomer"),
        ));
    }
    // As many K as characters placed: up to 63 (MAX_CHARACTERS − 1), past the 60K limit of
    // a check's pool, so rolled here die by die (the same dice as `roll_k`).
    let mut ones = 0;
    for _ in 0..placed {
        ones += dice.k_die()?;
    }
    queue[placed - ones as usize..=placed].rotate_right(1);
    Ok(ones)
}

/// Orders `queue` in place by the dice method (BW-07a): the first stays, each next one is
/// inserted by [`insert_by_dice`]. Does not allocate.
pub fn order_by_dice<D: Dice, T>(dice: &mut D, queue: &mut [T]) -> Result<(), RuleError> {
    for placed in 1..queue.len() {
        insert_by_dice(dice, queue, placed)?;
    }
    Ok(())
}

/// Orders `queue` in place by the card method (BW-07b): a uniform Fisher–Yates shuffle drawn
/// with ordinary dice (a d`i+1` for each position `i` from the end).
pub fn shuffle<D: Dice, T>(dice: &mut D, queue: &mut [T]) -> Result<(), RuleError> {
    for i in (1..queue.len()).rev() {
        let j = dice.roll(i as u32 + 1)? as usize - 1;
        queue.swap(i, j);
    }
    Ok(())
}

/// Orders `queue` by `method`.
pub fn order<D: Dice, T>(
    dice: &mut D,
    queue: &mut [T],
    method: OrderMethod,
) -> Result<(), RuleError> {
    match method {
        OrderMethod::Dice => order_by_dice(dice, queue),
        OrderMethod::Cards => shuffle(dice, queue),
    }
}

/// At most this many characters for [`dice_order_odds`] (8! orders).
pub const MAX_ORDER_ODDS: usize = 8;

/// Exact odds of every final order of `n` characters placed on one level by the dice
/// method (BW-07a), characters numbered in placement order. Orders with their exact
/// probability, in lexicographic order.
pub fn dice_order_odds(n: usize) -> Result<Vec<(Vec<usize>, Ratio)>, RuleError> {
    if n == 0 || n > MAX_ORDER_ODDS {
        return Err(crate::text::refusal(
            "BW-07",
            fray_dice::msg!("bw-refuse-order-odds", max = MAX_ORDER_ODDS),
        ));
    }
    // Each state: a queue and its count over 2^(placed K so far).
    let mut states: BTreeMap<Vec<usize>, u128> = BTreeMap::new();
    states.insert(vec![0], 1);
    let choose = fray_dice::binomials(n as u32)?;
    for (next, ways) in choose.iter().enumerate().take(n).skip(1) {
        let mut grown: BTreeMap<Vec<usize>, u128> = BTreeMap::new();
        for (queue, count) in states {
            for (ones, &way) in ways.iter().enumerate() {
                let mut q = queue.clone();
                q.insert(q.len() - ones, next);
                *grown.entry(q).or_insert(0) += count * way;
            }
        }
        states = grown;
    }
    let denominator = 1u128 << (n * (n - 1) / 2);
    Ok(states
        .into_iter()
        .map(|(order, count)| (order, Ratio::new(count, denominator)))
        .collect())
}

/// Exact odds that the character placed `i`-th (0-based) acts `j`-th on its level under
/// the dice method: `result[i][j]`.
pub fn dice_position_odds(n: usize) -> Result<Vec<Vec<Ratio>>, RuleError> {
    let orders = dice_order_odds(n)?;
    let denominator = 1u128 << (n * (n - 1) / 2);
    let mut counts = vec![vec![0u128; n]; n];
    for (order, p) in &orders {
        let c = p.numerator * (denominator / p.denominator);
        for (j, &i) in order.iter().enumerate() {
            counts[i][j] += c;
        }
    }
    Ok(counts
        .into_iter()
        .map(|row| {
            row.into_iter()
                .map(|c| Ratio::new(c, denominator))
                .collect()
        })
        .collect())
}
