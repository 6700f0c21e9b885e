//! What an encounter derives from its setup before the first roll: the setup's validation,
//! each participant's temporary stress, each ability's skill, artifact and expected damage,
//! and the skills the engine rolls by itself. None of it changes during a fight, and a simulation starts
//! thousands of fights from one setup, so the setup holds what its first fight prepared
//! ([`PreparedCell`]) and the fights look things up by index instead of by name.

use std::sync::{Arc, OnceLock};

use fray_dice::RuleError;

use crate::odds::tier_counts_cached;
use crate::resolve::{CheckSpec, Edge, Tier};
use crate::setup::{Ability, ParticipantSetup, Settings, Setup, Skill};

/// What an ability needs from its user's sheet, resolved once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AbilityFacts {
    /// The skill it rolls (`None`: no check).
    pub skill: Option<Skill>,
    /// The index of the artifact whose charge it uses.
    pub artifact: Option<usize>,
    /// An improvised check or attack made up on the spot (AND-11), not one of the sheet's.
    pub improvised: bool,
}

/// An attack's expected damage, out of [`crate::odds::SCALE`], against each difficulty its
/// defense takes in this roster, by edge: what the default tactic compares to pick an
/// attack. It depends only on the setup, so it is worked out once instead of at every
/// decision. Empty (all zero) for an ability that rolls no attack or deals no damage.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct ExpectedDamage {
    /// The difficulty of `by_difficulty[0]`.
    lowest: i32,
    /// Indexed by `Edge as usize`.
    by_difficulty: Vec<[u128; 3]>,
}

impl ExpectedDamage {
    fn of(
        settings: &Settings,
        roster: &[ParticipantSetup],
        ab: &Ability,
        skill: Option<Skill>,
    ) -> Self {
        let (Some(defense), Some(line), Some(skill)) = (ab.defense, ab.damage, skill) else {
            return Self::default();
        };
        // Every difficulty a participant can present (the table stays a few entries long).
        let difficulties = roster.iter().map(|p| p.defense(defense));
        let (Some(lowest), Some(highest)) = (difficulties.clone().min(), difficulties.max()) else {
            return Self::default();
        };
        let expected = |difficulty: i32, edge: Edge| {
            let spec = CheckSpec {
                skill_value: skill.value,
                skill_rank: skill.rank,
                difficulty,
                edge,
                table: settings.table,
                advantage: settings.advantage,
            };
            // A check the settings cannot roll is worth nothing to the tactic.
            tier_counts_cached(&spec).map_or(0, |scaled| {
                Tier::ALL
                    .iter()
                    .map(|&t| u128::from(line.get(t)) * scaled[t.index()])
                    .sum()
            })
        };
        ExpectedDamage {
            lowest,
            by_difficulty: (lowest..=highest)
                .map(|d| {
                    [Edge::Normal, Edge::Advantage, Edge::Disadvantage].map(|e| expected(d, e))
                })
                .collect(),
        }
    }

    /// The expected damage against `difficulty` (one this roster presents) with `edge`.
    pub fn get(&self, difficulty: i32, edge: Edge) -> u128 {
        usize::try_from(difficulty - self.lowest)
            .ok()
            .and_then(|i| self.by_difficulty.get(i))
            .map_or(0, |by_edge| by_edge[edge as usize])
    }
}

/// The skills the Grab, Escape, Hide and Seek rules roll (AND-39, AND-41, AND-44).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EngineSkills {
    pub might: Skill,
    pub agility: Skill,
    pub stealth: Skill,
    pub perception: Skill,
}

/// Per participant, in setup order.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Prepared {
    /// Temporary stress boxes (AND-46).
    pub temp_max: Vec<u32>,
    /// Per ability, in the participant's order.
    pub abilities: Vec<Vec<AbilityFacts>>,
    /// Per ability, in the participant's order.
    pub expected: Vec<Vec<ExpectedDamage>>,
    pub engine_skills: Vec<EngineSkills>,
}

/// A setup's prepared value, held by the setup itself ([`Setup`] keeps one): built by the
/// first fight started from it and handed to every later one (a simulation's trials share
/// one setup), so nothing is keyed by address or kept per thread. It remembers the settings
/// and participants it was built from (holding them, so they cannot be changed in place);
/// a setup whose parts were replaced since is prepared again. A clone starts empty.
#[derive(Default)]
pub(crate) struct PreparedCell(OnceLock<(SharedParts, Arc<Prepared>)>);

type SharedParts = (Arc<Settings>, Arc<Vec<ParticipantSetup>>);

impl Clone for PreparedCell {
    fn clone(&self) -> Self {
        PreparedCell::default()
    }
}

/// Derived data only: two setups are equal by what they say, whatever they have prepared.
impl PartialEq for PreparedCell {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for PreparedCell {}

impl std::fmt::Debug for PreparedCell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.get().is_some() {
            "PreparedCell(ready)"
        } else {
            "PreparedCell(empty)"
        })
    }
}

/// Validates `setup` and derives what its fights need, or takes what the setup prepared
/// before from the same settings and participants (the opening is checked every time: it
/// is not part of the prepared value).
pub(crate) fn prepare(setup: &Setup) -> Result<Arc<Prepared>, RuleError> {
    let same = |(settings, participants): &SharedParts| {
        Arc::ptr_eq(settings, &setup.settings) && Arc::ptr_eq(participants, &setup.participants)
    };
    let prepared = match setup.prepared.0.get() {
        Some((parts, prepared)) if same(parts) => Arc::clone(prepared),
        _ => {
            setup.validate_shared()?;
            let prepared = Arc::new(derive(&setup.settings, &setup.participants));
            let parts = (Arc::clone(&setup.settings), Arc::clone(&setup.participants));
            // Kept only by the first preparation; another thread's equal one may win.
            let _ = setup.prepared.0.set((parts, Arc::clone(&prepared)));
            prepared
        }
    };
    setup.validate_opening()?;
    Ok(prepared)
}

fn derive(settings: &Settings, participants: &[ParticipantSetup]) -> Prepared {
    let skill = |p: &ParticipantSetup, name: &str| p.skills.get(name).copied().unwrap_or_default();
    let heavy: Vec<String> = settings
        .heavy_archetypes
        .iter()
        .map(|h| h.to_lowercase())
        .collect();
    let abilities: Vec<Vec<AbilityFacts>> = participants
        .iter()
        .map(|p| {
            p.abilities
                .iter()
                .map(|ab| AbilityFacts {
                    skill: ab.skill.as_deref().map(|name| skill(p, name)),
                    artifact: ab
                        .artifact
                        .as_ref()
                        .and_then(|art| p.artifacts.iter().position(|x| &x.id == art)),
                    improvised: false,
                })
                .collect()
        })
        .collect();
    let expected = participants
        .iter()
        .zip(&abilities)
        .map(|(p, facts)| {
            p.abilities
                .iter()
                .zip(facts)
                .map(|(ab, f)| ExpectedDamage::of(settings, participants, ab, f.skill))
                .collect()
        })
        .collect();
    Prepared {
        temp_max: participants
            .iter()
            .map(|p| {
                let per_rank = p.archetype.temp_stress_per_rank.unwrap_or_else(|| {
                    if heavy.contains(&p.archetype.name.to_lowercase()) {
                        settings.heavy_temp_stress_per_rank
                    } else {
                        settings.temp_stress_per_rank
                    }
                });
                per_rank.saturating_mul(p.rank)
            })
            .collect(),
        abilities,
        expected,
        engine_skills: participants
            .iter()
            .map(|p| {
                let n = &settings.skill_names;
                EngineSkills {
                    might: skill(p, &n.might),
                    agility: skill(p, &n.agility),
                    stealth: skill(p, &n.stealth),
                    perception: skill(p, &n.perception),
                }
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::prepare;
    use crate::odds::{tier_counts, SCALE};
    use crate::resolve::{CheckSpec, Edge, Tier};
    use crate::setup::Setup;
    use crate::DEMO_SETUP;

    fn demo() -> Setup {
        serde_json::from_str(DEMO_SETUP).expect("the demo setup parses")
    }

    /// AND-46: heavy archetypes are named case-insensitively, in any script.
    #[test]
    fn heavy_archetypes_are_named_in_any_case() {
        let mut setup = demo();
        let list = Arc::make_mut(&mut setup.participants);
        list[0].archetype.name = "АВАНГАРД".into();
        list[0].archetype.temp_stress_per_rank = None;
        list[1].archetype.name = "Duelist".into();
        list[1].archetype.temp_stress_per_rank = None;
        let (r0, r1) = (list[0].rank, list[1].rank);
        let prepared = prepare(&setup).expect("the setup is valid");
        assert_eq!(prepared.temp_max[0], 3 * r0);
        assert_eq!(prepared.temp_max[1], 2 * r1);
    }

    /// The tactic's expected damage (AND-20) read from the prepared table is the damage line
    /// weighted by the exact odds of each tier, for every attacker, ability, target and edge.
    #[test]
    fn expected_damage_is_the_line_weighted_by_the_odds() {
        let setup = demo();
        let prepared = prepare(&setup).unwrap();
        let roster = &setup.participants;
        let mut attacks = 0;
        for (a, p) in roster.iter().enumerate() {
            for (k, ab) in p.abilities.iter().enumerate() {
                let skill = prepared.abilities[a][k].skill;
                for t in roster.iter() {
                    for edge in [Edge::Normal, Edge::Advantage, Edge::Disadvantage] {
                        let got = prepared.expected[a][k]
                            .get(ab.defense.map_or(0, |d| t.defense(d)), edge);
                        let (Some(d), Some(line), Some(s)) = (ab.defense, ab.damage, skill) else {
                            assert_eq!(got, 0, "{} {}", p.id, ab.id);
                            continue;
                        };
                        let spec = CheckSpec {
                            skill_value: s.value,
                            skill_rank: s.rank,
                            difficulty: t.defense(d),
                            edge,
                            table: setup.settings.table,
                            advantage: setup.settings.advantage,
                        };
                        let (counts, denominator) = tier_counts(&spec).unwrap();
                        let want: u128 = Tier::ALL
                            .iter()
                            .map(|&tier| {
                                u128::from(line.get(tier))
                                    * counts[tier.index()]
                                    * (SCALE / denominator)
                            })
                            .sum();
                        assert_eq!(got, want, "{} {} on {} {edge:?}", p.id, ab.id, t.id);
                        assert!(want > 0);
                        attacks += 1;
                    }
                }
            }
        }
        // Every demo participant's damaging abilities, on each of the 4, at 3 edges.
        assert!(attacks >= 6 * 4 * 3, "{attacks}");
    }

    /// Held by the setup: its fights share one prepared value, a clone or a setup whose parts
    /// changed is prepared (and validated) again, and one that fails validation is refused
    /// every time.
    #[test]
    fn a_changed_setup_is_prepared_again() {
        let setup = demo();
        let first = prepare(&setup).unwrap();
        // Duelist 2, Shadow 2, Colossus 3 (heavy), Drone 1: 2 boxes per rank, 3 if heavy.
        assert_eq!(first.temp_max, [4, 4, 9, 2]);
        assert!(Arc::ptr_eq(&first, &prepare(&setup).unwrap()));
        assert!(!Arc::ptr_eq(&first, &prepare(&setup.clone()).unwrap()));
        assert_eq!(
            setup.clone(),
            setup,
            "what a setup prepared is not part of it"
        );
        let mut bad = setup.clone();
        Arc::make_mut(&mut bad.participants)[0].rank = 9;
        for _ in 0..2 {
            assert_eq!(prepare(&bad).unwrap_err().rule, "AND-02");
        }
        let mut other = setup.clone();
        Arc::make_mut(&mut other.participants)[0].rank = 1;
        let again = prepare(&other).unwrap();
        assert!(!Arc::ptr_eq(&first, &again));
        assert_eq!(again.temp_max, [2, 4, 9, 2]);
    }
}
