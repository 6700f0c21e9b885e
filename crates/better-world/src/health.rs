//! The health track, wounds, shock and death (BW-17 … BW-21).

use fray_dice::RuleError;
use serde::{Deserialize, Serialize};

/// The state a character's hits put it in (BW-17, BW-20, BW-21).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HealthState {
    /// Every hit left.
    #[default]
    Healthy,
    /// Hits lost, but the first block still has some: acts as usual.
    LightlyWounded,
    /// The first block is empty: +1K difficulty.
    Wounded,
    /// Only the last block has hits: +2K difficulty.
    BadlyWounded,
    /// Hits below 1 but not past the death threshold.
    Dying,
    /// Past the death threshold.
    Dead,
}

/// The after-effect of one large blow (BW-19). Ordered: only the larger applies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Shock {
    /// No after-effect.
    #[default]
    None,
    /// Pain Shock: the Main action of the next turn is lost.
    PainShock,
    /// Concussion: the whole next turn is skipped.
    Concussion,
}

/// The health track: blocks, thresholds and wound penalties, as data (BW-17 … BW-21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct HealthTrack {
    /// Hits in the three blocks, top first: Healthy/Lightly Wounded, Wounded, Badly Wounded.
    #[schemars(inner(range(min = 1, max = 1000)))]
    pub blocks: [u32; 3],
    /// Extra difficulty K while Wounded (BW-18).
    #[schemars(range(min = 0, max = 10))]
    pub wounded_k: u32,
    /// Extra difficulty K while Badly Wounded (BW-18).
    #[schemars(range(min = 0, max = 10))]
    pub badly_wounded_k: u32,
    /// Extra difficulty K while Dying and conscious (BW-21).
    #[schemars(range(min = 0, max = 10))]
    pub dying_k: u32,
    /// Pain Shock when one blow deals more than this (BW-19).
    #[schemars(range(min = 0, max = 1000))]
    pub pain_shock_over: u32,
    /// Concussion when one blow deals more than this (BW-19).
    #[schemars(range(min = 0, max = 1000))]
    pub concussion_over: u32,
    /// The lowest health a living character can have (BW-20); one below kills.
    #[schemars(range(min = -1000, max = 0))]
    pub death_threshold: i32,
}

impl Default for HealthTrack {
    fn default() -> Self {
        HealthTrack {
            blocks: [3, 2, 1],
            wounded_k: 1,
            badly_wounded_k: 2,
            dying_k: 3,
            pain_shock_over: 2,
            concussion_over: 4,
            death_threshold: -2,
        }
    }
}

impl HealthTrack {
    /// Full health: the sum of the blocks (`i32::MAX` for a track too large to validate).
    pub fn max(&self) -> i32 {
        i32::try_from(self.total()).unwrap_or(i32::MAX)
    }

    /// The sum of the blocks, exact for any blocks.
    fn total(&self) -> u64 {
        self.blocks.iter().map(|&b| u64::from(b)).sum()
    }

    /// Refuses a track that cannot work.
    pub fn validate(&self) -> Result<(), RuleError> {
        for (k, &b) in self.blocks.iter().enumerate() {
            if b == 0 || b > 1000 {
                return Err(RuleError::new(
                    "BW-17",
                    format!("settings.health.blocks[{k}]: found {b}, allowed 1..=1000 hits"),
                ));
            }
        }
        if self.total() > 1000 {
            return Err(RuleError::new(
                "BW-17",
                format!(
                    "settings.health.blocks: found {:?}, {} hits in all, allowed at most 1000 in all",
                    self.blocks,
                    self.total()
                ),
            ));
        }
        if !(-1000..=0).contains(&self.death_threshold) {
            return Err(RuleError::new(
                "BW-20",
                format!(
                    "settings.health.death_threshold: found {}, allowed -1000..=0",
                    self.death_threshold
                ),
            ));
        }
        // Added to every difficulty of the wounded: small, so no sum can overflow.
        for (name, k) in [
            ("wounded_k", self.wounded_k),
            ("badly_wounded_k", self.badly_wounded_k),
            ("dying_k", self.dying_k),
        ] {
            if k > 10 {
                return Err(RuleError::new(
                    "BW-18",
                    format!("settings.health.{name}: found {k}, allowed 0..=10"),
                ));
            }
        }
        if self.pain_shock_over > 1000 {
            return Err(RuleError::new(
                "BW-19",
                format!(
                    "settings.health.pain_shock_over: found {}, allowed 0..=1000",
                    self.pain_shock_over
                ),
            ));
        }
        if !(self.pain_shock_over..=1000).contains(&self.concussion_over) {
            return Err(RuleError::new(
                "BW-19",
                format!(
                    "settings.health.concussion_over: found {}, allowed settings.health.pain_shock_over ({})..=1000",
                    self.concussion_over, self.pain_shock_over
                ),
            ));
        }
        Ok(())
    }

    /// The state for `hits` (BW-17: the highest block that still has hits).
    #[inline]
    pub fn state(&self, hits: i32) -> HealthState {
        // In 64 bits: exact for any blocks, validated or not.
        let last = i64::from(self.blocks[2]);
        let lower = last + i64::from(self.blocks[1]);
        let hits64 = i64::from(hits);
        if hits < self.death_threshold {
            HealthState::Dead
        } else if hits < 1 {
            HealthState::Dying
        } else if hits64 <= last {
            HealthState::BadlyWounded
        } else if hits64 <= lower {
            HealthState::Wounded
        } else if hits64 < lower + i64::from(self.blocks[0]) {
            HealthState::LightlyWounded
        } else {
            HealthState::Healthy
        }
    }

    /// Extra difficulty K on every action in `state` (BW-18, BW-21; not cumulative).
    #[inline]
    pub fn wound_difficulty(&self, state: HealthState) -> u32 {
        match state {
            HealthState::Wounded => self.wounded_k,
            HealthState::BadlyWounded => self.badly_wounded_k,
            HealthState::Dying => self.dying_k,
            _ => 0,
        }
    }

    /// The after-effect of one blow of `damage` (BW-19: only the larger applies).
    #[inline]
    pub fn shock(&self, damage: u32) -> Shock {
        if damage > self.concussion_over {
            Shock::Concussion
        } else if damage > self.pain_shock_over {
            Shock::PainShock
        } else {
            Shock::None
        }
    }

    /// Hits after a blow, and whether it killed (BW-20: going below the threshold kills).
    #[inline]
    pub fn take(&self, hits: i32, damage: u32) -> (i32, bool) {
        let after = hits.saturating_sub(damage.min(1 << 20) as i32);
        (after, after < self.death_threshold)
    }
}
