//! The outcome of a fight, the odds tables, the demo and the log lines.

use fray_dice::{
    AutoPlay, Catalog, Dice, Ending, EventLog, OddsTable, RuleError, Ruleset, Standing,
    TrialOutcome,
};
use serde::{Deserialize, Serialize};

use crate::engine::{self, SIDES};
use crate::engine::{Command, Event, State};
use crate::odds::{expected_rolls, finish_within, opposed_odds, test_odds, MAX_FINISH_WITHIN};
use crate::policy::AgePolicy;
use crate::resolve::ArmourKind;
use crate::resolve::{AdvancedSpec, TestSpec};
use crate::resolve::{AttackKind, DamageDice};
use crate::setup::{Abilities, Character, Prepared, Rules, Setup, Weapon};

/// The AGE ruleset: `Ruleset`, `AutoPlay` and `Catalog` with ID `"age"`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Age;

impl Ruleset for Age {
    const ID: &'static str = "age";
    const VERSION: u32 = 3;
    type Setup = Setup;
    type Command = Command;
    type Event = Event;
    type State = State;
    type Prepared = Prepared;

    fn prepare(setup: &Setup) -> Result<Prepared, RuleError> {
        Prepared::new(setup)
    }

    fn start_prepared<D: Dice>(
        prepared: &Prepared,
        dice: &mut D,
        events: &mut EventLog<Event>,
    ) -> Result<State, RuleError> {
        engine::open(
            prepared.start().clone(),
            prepared.initiative(),
            dice,
            events,
        )
    }

    fn apply<D: Dice>(
        state: &mut State,
        command: &Command,
        dice: &mut D,
        events: &mut EventLog<Event>,
    ) -> Result<(), RuleError> {
        engine::apply(state, command, dice, events)
    }

    fn standing(state: &State) -> Vec<Standing> {
        engine::standings(state)
    }
}

impl AutoPlay for Age {
    const SIDES: &'static [&'static str] = &SIDES;
    const METRIC: &'static str = "stunt points earned";

    fn next_command(state: &State) -> Option<Command> {
        AgePolicy::DEFAULT.command(state)
    }

    fn outcome(state: &State) -> TrialOutcome {
        let mut health = [0i64; 2];
        for c in &state.combatants {
            if !c.taken_out && !c.dead {
                health[usize::from(c.side)] += i64::from(c.fortune.max(0));
            }
        }
        // The round limit is the one end that comes after the last round.
        let stopped = state.over && state.winner.is_none() && state.round > state.rules.max_rounds;
        TrialOutcome {
            winner: state.winner,
            end: if stopped {
                Ending::RoundLimit
            } else {
                Ending::Finished
            },
            rounds: state.round.min(state.rules.max_rounds),
            health,
            metric: i64::from(state.stunt_points_earned),
        }
    }
}

/// What `fray odds age …` takes; every key is optional.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OddsSpec {
    /// Ability score.
    pub ability: i32,
    /// A focus applies (+2).
    pub focus: bool,
    /// Circumstance modifier.
    pub modifier: i32,
    /// Target number (11).
    pub tn: i32,
    /// An opponent's ability: adds the opposed-test table.
    pub opponent: Option<i32>,
    /// The opponent has a focus.
    pub opponent_focus: bool,
    /// The opponent's modifier.
    pub opponent_modifier: i32,
    /// Advanced-test threshold (10; 0 leaves the table out).
    pub threshold: u32,
    /// Rolls listed in the advanced-test table (10, at most 16).
    pub rolls: u32,
}

impl Default for OddsSpec {
    fn default() -> Self {
        OddsSpec {
            ability: 0,
            focus: false,
            modifier: 0,
            tn: 11,
            opponent: None,
            opponent_focus: false,
            opponent_modifier: 0,
            threshold: 10,
            rolls: 10,
        }
    }
}

fn signed(n: i32) -> String {
    if n >= 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// The odds tables of a spec: the test, the opposed test (with an opponent), the advanced test.
pub fn odds_tables(spec: &OddsSpec) -> Result<Vec<OddsTable>, RuleError> {
    let test = TestSpec {
        ability: spec.ability,
        focus: spec.focus,
        modifier: spec.modifier,
        tn: Some(spec.tn),
        auto_fail: false,
    };
    let odds = test_odds(&test)?;
    let mut table = OddsTable::new(format!("3d6{} vs TN {}", signed(test.bonus()), spec.tn))
        .row("success", odds.success)
        .row("doubles", odds.doubles);
    for sp in 0..=6 {
        table = table.row(
            format!("{sp} stunt points"),
            odds.stunt_points.probability(sp),
        );
    }
    let mut tables = vec![table];
    if let Some(ability) = spec.opponent {
        let other = TestSpec {
            ability,
            focus: spec.opponent_focus,
            modifier: spec.opponent_modifier,
            tn: None,
            auto_fail: false,
        };
        let o = opposed_odds(&test, &other);
        tables.push(
            OddsTable::new(format!(
                "opposed: 3d6{} vs 3d6{}",
                signed(test.bonus()),
                signed(other.bonus())
            ))
            .row("first wins", o.first_wins)
            .row("second wins", o.second_wins)
            .row("tie", o.tie)
            .row("decided by total", o.by_total)
            .row("decided by drama die", o.by_drama_die)
            .row("decided by ability", o.by_ability),
        );
    }
    if spec.threshold > 0 {
        let adv = AdvancedSpec {
            test,
            threshold: spec.threshold,
            max_rolls: spec.rolls.clamp(1, MAX_FINISH_WITHIN),
        };
        let title = match expected_rolls(&adv) {
            Ok(e) => format!(
                "advanced test to {} (TN {}): expected rolls {e} ≈ {:.3}",
                spec.threshold, spec.tn, e.approx
            ),
            Err(_) => format!(
                "advanced test to {} (TN {}): never finishes",
                spec.threshold, spec.tn
            ),
        };
        let mut table = OddsTable::new(title);
        for (n, p) in finish_within(&adv, adv.max_rolls)?.into_iter().enumerate() {
            let rolls = if n == 0 {
                "1 roll".to_owned()
            } else {
                format!("{} rolls", n + 1)
            };
            table = table.row(format!("finished within {rolls}"), p);
        }
        tables.push(table);
    }
    Ok(tables)
}

fn weapon(name: &str, kind: AttackKind, focus: &str) -> Weapon {
    Weapon {
        name: name.to_owned(),
        kind,
        damage: None,
        damage_bonus: 0,
        range: None,
        focus: Some(focus.to_owned()),
        armour_piercing: false,
        penetrating: false,
        high_capacity: false,
        automatic: false,
        count: 1,
    }
}

fn foci(names: &[&str]) -> Vec<String> {
    names.iter().map(|&n| n.to_owned()).collect()
}

fn character(name: &str, side: u8, fortune: i32, position: i32) -> Character {
    Character {
        name: name.into(),
        side,
        abilities: Abilities::default(),
        foci: Vec::new(),
        fortune,
        armour: ArmourKind::None,
        shield: false,
        striking_style: false,
        speed: None,
        defense: None,
        weapons: Vec::new(),
        wielding: None,
        position,
        near_hull: false,
        free_fall_mobility: false,
        conditions: Default::default(),
    }
}

/// The demo: a boarding action in a ship's corridor. Two marines with armour-piercing rifles
/// and a grenade each against three pirates: a knife fighter, a pistolero by the hull and a
/// brute in power armour with a shock maul.
pub fn demo() -> Setup {
    let marine = |name: &str, position, accuracy, fortune| {
        let mut c = character(name, 0, fortune, position);
        c.abilities = Abilities {
            accuracy,
            constitution: 2,
            dexterity: 2,
            fighting: 1,
            perception: 2,
            strength: 2,
            intelligence: 1,
            ..Abilities::default()
        };
        c.foci = foci(&["Rifles", "Throwing"]);
        c.armour = ArmourKind::Light;
        let mut rifle = weapon("rifle", AttackKind::Rifle, "Rifles");
        rifle.armour_piercing = true;
        c.weapons = vec![
            rifle,
            weapon("frag grenade", AttackKind::Grenade, "Throwing"),
        ];
        c.wielding = Some("rifle".into());
        c
    };
    let mut mako = character("Mako", 1, 10, 12);
    mako.abilities = Abilities {
        fighting: 3,
        dexterity: 2,
        strength: 1,
        constitution: 1,
        ..Abilities::default()
    };
    mako.foci = foci(&["Light Blades", "Acrobatics"]);
    mako.armour = ArmourKind::Padded;
    mako.weapons = vec![weapon("knife", AttackKind::LightMelee, "Light Blades")];
    mako.wielding = Some("knife".into());
    let mut vex = character("Vex", 1, 10, 16);
    vex.abilities = Abilities {
        accuracy: 0,
        dexterity: 2,
        perception: 1,
        constitution: 1,
        ..Abilities::default()
    };
    vex.foci = foci(&["Pistols"]);
    vex.armour = ArmourKind::Light;
    vex.near_hull = true;
    vex.weapons = vec![weapon("pistol", AttackKind::Pistol, "Pistols")];
    vex.wielding = Some("pistol".into());
    let mut kask = character("Kask", 1, 6, 18);
    kask.abilities = Abilities {
        fighting: 2,
        strength: 3,
        constitution: 2,
        ..Abilities::default()
    };
    kask.foci = foci(&["Bludgeons", "Might"]);
    kask.armour = ArmourKind::Power;
    let mut maul = weapon("shock maul", AttackKind::HeavyMelee, "Bludgeons");
    maul.damage = Some(DamageDice { count: 2, sides: 6 });
    kask.weapons = vec![maul];
    kask.wielding = Some("shock maul".into());
    Setup {
        characters: vec![
            marine("Sgt. Okafor", 0, 2, 14),
            marine("Pvt. Lindqvist", 2, 1, 12),
            mako,
            vex,
            kask,
        ],
        rules: Rules::default(),
        free_fall: false,
        corridor: Some([-10, 30]),
    }
}

impl Catalog for Age {
    type OddsSpec = OddsSpec;
    const ODDS_KEYS: &'static str =
        "ability focus modifier tn opponent opponent_focus opponent_modifier threshold rolls";
    const DEMO_SEED: u64 = 7;

    fn warnings(setup: &Setup) -> Vec<fray_dice::SetupWarning> {
        crate::lint::warnings(setup)
    }

    fn odds(spec: &OddsSpec) -> Result<Vec<OddsTable>, RuleError> {
        odds_tables(spec)
    }

    fn demo_setup() -> Setup {
        demo()
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
}
