//! Conditions, their chains and their effects (AGE-22 … AGE-31).

use serde::{Deserialize, Serialize};

/// A condition as commands and events name it.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    /// No Run or Charge; again → Exhausted (AGE-22).
    Fatigued,
    /// Speed ÷ 2, no Run or Charge; again → Helpless (AGE-23).
    Exhausted,
    /// −1 to all rolls and Fatigued; again → Wounded (AGE-24).
    Injured,
    /// −2 to all rolls, Exhausted, Speed ÷ 2; again → Dying (AGE-25).
    Wounded,
    /// −1 Constitution at the start of each turn; death at −3 (AGE-26).
    Dying,
    /// Crawl only, no Run or Charge; melee against +1, ranged −1 (AGE-27).
    Prone,
    /// Unaware; also Prone and Helpless (AGE-28).
    Unconscious,
    /// Takes no actions (AGE-28).
    Helpless,
    /// Speed 0 (AGE-29).
    Restrained,
    /// Speed ÷ 2, no Run or Charge (AGE-29).
    Slowed,
    /// Auto-fails sight tests; cannot make ranged attacks, which need sight (AGE-30).
    Blinded,
    /// Auto-fails hearing tests (AGE-30).
    Deafened,
}

/// Where a character stands on the fatigue chain (AGE-22, AGE-23).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Fatigue {
    /// Fresh.
    #[default]
    None,
    /// Fatigued.
    Fatigued,
    /// Exhausted.
    Exhausted,
}

/// Where a character stands on the injury chain (AGE-24 … AGE-26).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Injury {
    /// Unhurt.
    #[default]
    None,
    /// Injured.
    Injured,
    /// Wounded.
    Wounded,
    /// Dying.
    Dying,
}

/// Every condition a character has. Injured implies Fatigued and Wounded implies Exhausted;
/// those implied levels are read through [`Conditions::fatigue_level`].
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(default, deny_unknown_fields)]
pub struct Conditions {
    /// The fatigue chain, as gained directly.
    pub fatigue: Fatigue,
    /// The injury chain.
    pub injury: Injury,
    /// Helpless (the end of the fatigue chain, or first aid on the Dying).
    pub helpless: bool,
    /// Prone.
    pub prone: bool,
    /// Unconscious.
    pub unconscious: bool,
    /// Restrained.
    pub restrained: bool,
    /// Slowed (Hindered).
    pub slowed: bool,
    /// Blinded.
    pub blinded: bool,
    /// Deafened.
    pub deafened: bool,
}

impl Conditions {
    /// 0 fresh, 1 Fatigued, 2 Exhausted — counting what Injured and Wounded imply.
    pub fn fatigue_level(&self) -> u8 {
        let direct = self.fatigue as u8;
        let implied = match self.injury {
            Injury::None => 0,
            Injury::Injured => 1,
            Injury::Wounded | Injury::Dying => 2,
        };
        direct.max(implied)
    }

    /// Whether the character has `c` (directly or, for Prone and Helpless, through
    /// Unconscious; for Fatigued/Exhausted, through the injury chain).
    pub fn has(&self, c: Condition) -> bool {
        match c {
            Condition::Fatigued => self.fatigue_level() == 1,
            Condition::Exhausted => self.fatigue_level() == 2,
            Condition::Injured => self.injury == Injury::Injured,
            Condition::Wounded => self.injury == Injury::Wounded,
            Condition::Dying => self.injury == Injury::Dying,
            Condition::Prone => self.prone || self.unconscious,
            Condition::Unconscious => self.unconscious,
            Condition::Helpless => self.helpless || self.unconscious,
            Condition::Restrained => self.restrained,
            Condition::Slowed => self.slowed,
            Condition::Blinded => self.blinded,
            Condition::Deafened => self.deafened,
        }
    }

    /// Gains `c`, following the chains; returns the condition actually reached (Injured
    /// gained while Injured gives Wounded, Exhausted gained while Exhausted gives Helpless).
    pub fn add(&mut self, c: Condition) -> Condition {
        match c {
            Condition::Fatigued | Condition::Exhausted => {
                let wanted = if c == Condition::Fatigued { 1 } else { 2 };
                let level = self.fatigue_level();
                let reached = if level >= wanted { level + 1 } else { wanted };
                match reached {
                    1 => {
                        self.fatigue = Fatigue::Fatigued;
                        Condition::Fatigued
                    }
                    2 => {
                        self.fatigue = Fatigue::Exhausted;
                        Condition::Exhausted
                    }
                    _ => {
                        self.fatigue = Fatigue::Exhausted;
                        self.helpless = true;
                        Condition::Helpless
                    }
                }
            }
            Condition::Injured | Condition::Wounded => {
                let wanted = if c == Condition::Injured {
                    Injury::Injured
                } else {
                    Injury::Wounded
                };
                self.injury = if self.injury >= wanted {
                    match self.injury {
                        Injury::None | Injury::Injured => Injury::Wounded,
                        Injury::Wounded | Injury::Dying => Injury::Dying,
                    }
                } else {
                    wanted
                };
                match self.injury {
                    Injury::Injured => Condition::Injured,
                    Injury::Wounded => Condition::Wounded,
                    _ => Condition::Dying,
                }
            }
            Condition::Dying => {
                self.injury = Injury::Dying;
                Condition::Dying
            }
            Condition::Prone => self.set(c, true),
            Condition::Unconscious => self.set(c, true),
            Condition::Helpless => self.set(c, true),
            Condition::Restrained => self.set(c, true),
            Condition::Slowed => self.set(c, true),
            Condition::Blinded => self.set(c, true),
            Condition::Deafened => self.set(c, true),
        }
    }

    /// Removes `c` (an interlude, a medic, standing up). Removing Injured, Wounded or Dying
    /// clears the injury chain; removing Fatigued or Exhausted clears the fatigue chain.
    pub fn remove(&mut self, c: Condition) {
        match c {
            Condition::Fatigued | Condition::Exhausted => self.fatigue = Fatigue::None,
            Condition::Injured | Condition::Wounded | Condition::Dying => {
                self.injury = Injury::None
            }
            _ => {
                self.set(c, false);
            }
        }
    }

    fn set(&mut self, c: Condition, on: bool) -> Condition {
        match c {
            Condition::Prone => self.prone = on,
            Condition::Unconscious => self.unconscious = on,
            Condition::Helpless => self.helpless = on,
            Condition::Restrained => self.restrained = on,
            Condition::Slowed => self.slowed = on,
            Condition::Blinded => self.blinded = on,
            Condition::Deafened => self.deafened = on,
            _ => {}
        }
        c
    }

    /// The penalty to every roll: Injured −1, Wounded (and Dying) −2 (AGE-24, AGE-25).
    pub fn roll_penalty(&self) -> i32 {
        match self.injury {
            Injury::None => 0,
            Injury::Injured => -1,
            Injury::Wounded | Injury::Dying => -2,
        }
    }

    /// Helpless and Unconscious characters take no actions (AGE-28).
    pub fn can_act(&self) -> bool {
        !self.has(Condition::Helpless)
    }

    /// Why Run and Charge are forbidden, if they are (AGE-22, AGE-23, AGE-27, AGE-29).
    pub fn run_forbidden_by(&self) -> Option<(&'static str, &'static str)> {
        if self.has(Condition::Prone) {
            Some(("AGE-27", "Prone"))
        } else if self.fatigue_level() == 1 {
            Some(("AGE-22", "Fatigued"))
        } else if self.fatigue_level() == 2 {
            Some(("AGE-23", "Exhausted"))
        } else if self.slowed {
            Some(("AGE-29", "Slowed"))
        } else if self.restrained {
            Some(("AGE-29", "Restrained"))
        } else {
            None
        }
    }

    /// Speed after conditions: Restrained 0; Exhausted (Wounded included) ÷ 2; Slowed ÷ 2;
    /// crawling while Prone ÷ 2 (\[default\]); each halving rounds down.
    pub fn speed(&self, base: i32) -> i32 {
        self.speed_crawling(base, 2)
    }

    /// [`Conditions::speed`] with another divisor for crawling while Prone (≥ 1).
    pub fn speed_crawling(&self, base: i32, crawl_divisor: i32) -> i32 {
        if self.restrained {
            return 0;
        }
        let mut speed = base.max(0);
        if self.fatigue_level() == 2 {
            speed /= 2;
        }
        if self.slowed {
            speed /= 2;
        }
        if self.has(Condition::Prone) {
            speed /= crawl_divisor.max(1);
        }
        speed
    }
}
