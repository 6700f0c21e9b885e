//! What an encounter derives from its setup before the first roll: the setup's validation,
//! each participant's temporary stress, each ability's skill and artifact, and the skills
//! the engine rolls by itself. None of it changes during a fight, and a simulation starts
//! thousands of fights from one setup, so each thread keeps the last one it prepared
//! ([`fray_dice::LastDerived`]) and the fights look things up by index instead of by name.

use std::sync::Arc;

use fray_dice::{LastDerived, RuleError};

use crate::setup::{ParticipantSetup, Settings, Setup, Skill};

/// What an ability needs from its user's sheet, resolved once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AbilityFacts {
    /// The skill it rolls (`None`: no check).
    pub skill: Option<Skill>,
    /// The index of the artifact whose charge it uses.
    pub artifact: Option<usize>,
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
    pub engine_skills: Vec<EngineSkills>,
}

type SharedParts = (Arc<Settings>, Arc<Vec<ParticipantSetup>>);

/// Validates `setup` and derives what its fights need, or takes what this thread derived
/// from the same settings and participants last time (the opening is checked every time:
/// it is not shared).
pub(crate) fn prepare(setup: &Setup) -> Result<Arc<Prepared>, RuleError> {
    thread_local! {
        static LAST: LastDerived<SharedParts, Prepared> = const { LastDerived::new() };
    }
    let parts = (Arc::clone(&setup.settings), Arc::clone(&setup.participants));
    let prepared = LAST.with(|last| {
        last.get_or_try(&parts, || {
            setup.validate_shared()?;
            Ok::<_, RuleError>(derive(&setup.settings, &setup.participants))
        })
    })?;
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
        abilities: participants
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
                    })
                    .collect()
            })
            .collect(),
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

    /// Remembered per setup parts: a changed setup is prepared (and validated) again, and
    /// one that fails validation is refused every time.
    #[test]
    fn a_changed_setup_is_prepared_again() {
        let setup = demo();
        let first = prepare(&setup).unwrap();
        // Duelist 2, Shadow 2, Colossus 3 (heavy), Drone 1: 2 boxes per rank, 3 if heavy.
        assert_eq!(first.temp_max, [4, 4, 9, 2]);
        assert!(Arc::ptr_eq(&first, &prepare(&setup.clone()).unwrap()));
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
