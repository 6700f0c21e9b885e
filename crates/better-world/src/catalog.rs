//! The `Ruleset`, `AutoPlay` and `Catalog` implementations: default tactic, outcome, odds
//! tables, the demo; the readable lines come from [`crate::text`].

use fray_dice::{
    AutoPlay, Catalog, DefaultPolicy, Dice, Ending, EventLog, OddsTable, RuleError, Ruleset,
    TrialOutcome,
};
use serde::{Deserialize, Serialize};

use crate::engine::{self, Command, Event, Phase, State, Status};
use crate::health::{HealthTrack, Shock};
use crate::initiative::InitiativeModifier;
use crate::policy::BwPolicy;
use crate::resolve::{check_odds, damage_odds, AttackSpec, CheckSpec, Restraint, TieRule};
use crate::setup::{Armour, Burst, Character, Settings, Setup, Style, Weapon};
use crate::tables::{Aspect, Cover, CoverTable, Distance, DistanceTable, WeaponKind};

/// The Better World ruleset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BetterWorld;

impl Ruleset for BetterWorld {
    const ID: &'static str = "better-world";
    const VERSION: u32 = 5;
    type Setup = Setup;
    type Command = Command;
    type Event = Event;
    type State = State;
    type Prepared = Setup;

    fn prepare(setup: &Setup) -> Result<Setup, RuleError> {
        Ok(setup.clone())
    }

    /// Checks the setup here, per fight: a `Setup` is its own prepared value.
    fn start_prepared<D: Dice>(
        setup: &Setup,
        dice: &mut D,
        events: &mut EventLog<Event>,
    ) -> Result<State, RuleError> {
        engine::start(setup, dice, events)
    }

    fn apply<D: Dice>(
        state: &mut State,
        command: &Command,
        dice: &mut D,
        events: &mut EventLog<Event>,
    ) -> Result<(), RuleError> {
        engine::apply(state, command, dice, events)
    }

    fn standing(state: &State) -> Vec<fray_dice::Standing> {
        engine::standings(state)
    }
}

impl AutoPlay for BetterWorld {
    const SIDES: &'static [&'static str] = &["attackers", "defenders"];
    const METRIC: &'static str = "wounds dealt";

    fn next_command(state: &State) -> Option<Command> {
        BwPolicy::DEFAULT.command(state)
    }

    fn outcome(state: &State) -> TrialOutcome {
        let mut health = [0i64; 2];
        for f in &state.fighters {
            if f.status != Status::Dead {
                health[usize::from(f.character.side.min(1))] += i64::from(f.hits.max(0));
            }
        }
        let stopped = matches!(state.phase, Phase::Over)
            && state.winner.is_none()
            && state.round >= state.settings.max_rounds;
        TrialOutcome {
            winner: state.winner,
            end: if stopped {
                Ending::RoundLimit
            } else {
                Ending::Finished
            },
            rounds: state.round,
            health,
            metric: i64::try_from(state.wounds_dealt).unwrap_or(i64::MAX),
        }
    }
}

impl DefaultPolicy for BetterWorld {
    type Policy = BwPolicy;
}

/// The odds query of `fray odds better-world key=value …`; every key has a default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OddsSpec {
    /// Actor's pool K (default 3).
    pub pool: u32,
    /// Difficulty K (default 3); ignored when `distance` is given.
    pub difficulty: u32,
    /// Ranged: the distance level; the difficulty then comes from the distance table.
    pub distance: Option<Distance>,
    /// Ranged: the weapon's comfortable range (default near).
    pub comfortable: Distance,
    /// Ranged: the target's cover (default none).
    pub cover: Cover,
    /// Extra difficulty K added on top (wounds, special actions, situation).
    pub extra: u32,
    /// Tie rule.
    pub tie: TieRule,
    /// The attack succeeds whatever the dice (held target).
    pub automatic: bool,
    /// Weapon effectiveness.
    pub weapon: u32,
    /// Armour effectiveness.
    pub armour: u32,
    /// Restraint: deal this much less (0 = none).
    pub restraint: u32,
    /// Also tabulate the dice method's odds for this many characters on one level (BW-07a).
    pub characters: Option<u32>,
}

impl Default for OddsSpec {
    fn default() -> Self {
        OddsSpec {
            pool: 3,
            difficulty: 3,
            distance: None,
            comfortable: Distance::Near,
            cover: Cover::None,
            extra: 0,
            tie: TieRule::ActorWins,
            automatic: false,
            weapon: 0,
            armour: 0,
            restraint: 0,
            characters: None,
        }
    }
}

impl OddsSpec {
    /// The attack this spec describes, with the difficulty from the default tables when a
    /// distance is given.
    pub fn attack_spec(&self) -> AttackSpec {
        let difficulty = match self.distance {
            Some(d) => crate::tables::ranged_difficulty(
                &DistanceTable::default(),
                &CoverTable::default(),
                d,
                self.comfortable,
                self.cover,
                self.extra,
            ),
            None => self.difficulty + self.extra,
        };
        AttackSpec {
            check: CheckSpec {
                pool: self.pool,
                difficulty,
                tie: self.tie,
                automatic: self.automatic,
            },
            weapon: self.weapon,
            armour: self.armour,
            restraint: if self.restraint == 0 {
                Restraint::Off
            } else {
                Restraint::Reduce { by: self.restraint }
            },
        }
    }
}

/// Exact odds tables for a spec: the check (success, bonus units, deficits) and the damage.
pub fn odds_tables(spec: &OddsSpec) -> Result<Vec<OddsTable>, RuleError> {
    let mut tables = attack_tables(&spec.attack_spec())?;
    if let Some(n) = spec.characters {
        let odds = crate::initiative::dice_position_odds(n as usize)?;
        let mut t = OddsTable::new(format!(
            "dice method: {n} characters on one level, placed #i acts #j"
        ));
        for (i, row) in odds.iter().enumerate() {
            for (j, &p) in row.iter().enumerate() {
                t = t.row(format!("placed #{} acts #{}", i + 1, j + 1), p);
            }
        }
        tables.push(t);
    }
    Ok(tables)
}

/// The check's table: success, each bonus unit, each deficit that can happen.
pub(crate) fn check_table(c: &CheckSpec) -> Result<OddsTable, RuleError> {
    let odds = check_odds(c)?;
    let mut check = OddsTable::new(format!(
        "check: {}K against {}K{}",
        c.pool,
        c.difficulty,
        if c.automatic {
            " (automatic success)"
        } else {
            ""
        }
    ))
    .row("success", odds.success);
    for (b, &p) in odds.bonus.iter().enumerate() {
        check = check.row(format!("success, {b} bonus"), p);
    }
    for (d, &p) in odds
        .deficit
        .iter()
        .enumerate()
        .filter(|(_, p)| p.numerator > 0)
    {
        check = check.row(format!("failure, deficit {d}"), p);
    }
    Ok(check)
}

/// An attack's tables: the check and the effective damage (BW-15, BW-16, BW-31).
pub(crate) fn attack_tables(attack: &AttackSpec) -> Result<Vec<OddsTable>, RuleError> {
    let check = check_table(&attack.check)?;
    let dmg = damage_odds(attack)?;
    let track = HealthTrack::default();
    let mut table = OddsTable::new(format!(
        "effective damage: weapon {}, armour {}{}",
        attack.weapon,
        attack.armour,
        match attack.restraint {
            Restraint::Off => String::new(),
            Restraint::Reduce { by } => format!(", restraint −{by}"),
            Restraint::Cap { at } => format!(", restraint at most {at}"),
        }
    ))
    .row("miss", dmg.miss);
    for (k, &p) in dmg
        .damage
        .iter()
        .enumerate()
        .filter(|(_, p)| p.numerator > 0)
    {
        let note = match track.shock(k as u32) {
            Shock::None => "",
            Shock::PainShock => " (Pain Shock)",
            Shock::Concussion => " (Concussion)",
        };
        table = table.row(format!("{k} damage{note}"), p);
    }
    Ok(vec![check, table])
}

fn character(name: &str, side: u8, position: i32, aspects: &[(Aspect, u32)]) -> Character {
    Character {
        name: name.into(),
        side,
        position,
        aspects: aspects.iter().copied().collect(),
        ..Character::default()
    }
}

fn pistol() -> Weapon {
    Weapon {
        name: "Norinco pistol".into(),
        kind: WeaponKind::Firearm,
        effectiveness: 2,
        comfortable: Distance::Near,
        ammo: Some(8),
        magazine: 8,
        spare_magazines: 1,
        ..Weapon::default()
    }
}

/// The demo: an ambush in a car park. Two shooters, in light and normal cover, open with
/// First Strikes on three guards; a fourth guard runs out of the booth in round 2.
pub fn demo_setup() -> Setup {
    use Aspect::*;
    let mut viper = character(
        "Viper",
        0,
        0,
        &[
            (Reflexes, 3),
            (Perception, 3),
            (Training, 2),
            (Constitution, 2),
            (MuscleMemory, 2),
        ],
    );
    viper.weapons = vec![Weapon {
        name: "Kedr SMG".into(),
        kind: WeaponKind::Firearm,
        effectiveness: 2,
        comfortable: Distance::Near,
        ammo: Some(20),
        magazine: 20,
        spare_magazines: 1,
        short_burst: Some(Burst {
            rounds: 3,
            bonus: 1,
        }),
        long_burst: Some(Burst {
            rounds: 10,
            bonus: 2,
        }),
        ..Weapon::default()
    }];
    viper.cover = Cover::Normal;
    viper.first_strike = true;
    viper.initiative = InitiativeModifier::Ambush;
    viper.armour = Armour {
        effectiveness: 1,
        defence_bonus: 0,
    };
    let mut lynx = character(
        "Lynx",
        0,
        3,
        &[
            (Reflexes, 3),
            (Perception, 3),
            (Training, 2),
            (Coordination, 2),
            (Constitution, 1),
        ],
    );
    lynx.weapons = vec![pistol()];
    lynx.cover = Cover::Light;
    lynx.first_strike = true;
    lynx.surprise = true;
    lynx.initiative = InitiativeModifier::Ambush;
    let guard = |name: &str, pos: i32| {
        let mut g = character(
            name,
            1,
            pos,
            &[
                (Reflexes, 2),
                (Perception, 2),
                (Training, 2),
                (Constitution, 2),
                (MuscleMemory, 1),
            ],
        );
        g.weapons = vec![pistol()];
        g.armour = Armour {
            effectiveness: 1,
            defence_bonus: 0,
        };
        g
    };
    let mut bear = character(
        "Bear",
        1,
        14,
        &[
            (Reflexes, 2),
            (Training, 3),
            (Constitution, 3),
            (MuscleMemory, 3),
        ],
    );
    bear.weapons = vec![Weapon {
        name: "baton".into(),
        kind: WeaponKind::Heavy,
        effectiveness: 1,
        ..Weapon::default()
    }];
    bear.style = Style::Grappler;
    bear.armour = Armour {
        effectiveness: 1,
        defence_bonus: 0,
    };
    let mut gate = guard("Gatekeeper", 16);
    gate.cover = Cover::Light;
    let mut late = guard("Booth guard", 24);
    late.joins_round = Some(2);
    late.initiative = InitiativeModifier::Initiates;
    Setup {
        settings: Settings::default(),
        characters: vec![viper, lynx, guard("Guard Sasha", 8), bear, gate, late],
    }
}

impl Catalog for BetterWorld {
    type OddsSpec = OddsSpec;
    const ODDS_KEYS: &'static str =
        "pool difficulty distance comfortable cover extra tie automatic weapon armour restraint characters";
    const DEMO_SEED: u64 = 7;

    fn warnings(setup: &Setup) -> Vec<fray_dice::SetupWarning> {
        crate::lint::warnings(setup)
    }

    fn odds(spec: &OddsSpec) -> Result<Vec<OddsTable>, RuleError> {
        odds_tables(spec)
    }

    fn demo_setup() -> Setup {
        demo_setup()
    }

    fn describe(event: &Event) -> String {
        crate::text::describe(event)
    }

    fn texts() -> &'static fray_dice::Texts {
        &crate::text::TEXTS
    }

    fn line(event: &Event, view: &fray_dice::View) -> Option<String> {
        crate::text::line(event, view)
    }

    fn summary(state: &State, lang: fray_dice::Lang) -> Vec<String> {
        crate::text::summary(&engine::standings(state), lang)
    }
}
