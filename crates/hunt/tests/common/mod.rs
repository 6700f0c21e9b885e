//! Shared builders for the Hunt tests.
#![allow(dead_code)]

use fray_dice::{EventLog, RuleError, Ruleset, Scripted};
use fray_hunt::*;

/// A duel fighter with Experience 3, Endurance 3.
pub fn fighter(defense: u32, tactic: Tactic) -> FighterSpec {
    FighterSpec {
        defense,
        tactic,
        experience: 3,
        endurance: 3,
        barrage_loaded: true,
        ..FighterSpec::default()
    }
}

/// A strike with one threshold at every distance.
pub fn strike(kind: AttackKind, attack: u32, damage: u32, threshold: u32) -> StrikeSpec {
    StrikeSpec {
        kind,
        attack,
        damage,
        thresholds: [threshold; 3],
        ..StrikeSpec::default()
    }
}

/// A duel at `distance`.
pub fn duel(distance: Distance, hunter: DuelSide, prey: DuelSide) -> DuelSpec {
    DuelSpec {
        context: ExchangeContext {
            distance,
            trap: false,
            rules: Rules::default(),
        },
        sides: [hunter, prey],
    }
}

/// Runs `exchange` on scripted dice and checks every value was used.
pub fn run(spec: &DuelSpec, dice: &[u32]) -> DuelResult {
    let mut s = Scripted::new(dice.iter().copied());
    let r = exchange(&mut s, spec).expect("exchange");
    assert_eq!(s.remaining(), 0, "unused scripted dice");
    r
}

/// A rifle: ranged, threshold 4 everywhere, 5 rounds.
pub fn rifle() -> Weapon {
    Weapon {
        name: "rifle".into(),
        kind: AttackKind::Ranged,
        threshold: 4,
        range: Distance::Far,
        thresholds: None,
        ammo: Some(5),
        magazine: None,
        spare: 5,
    }
}

/// A knife: melee, threshold 4.
pub fn knife() -> Weapon {
    Weapon {
        name: "knife".into(),
        kind: AttackKind::Melee,
        threshold: 4,
        range: Distance::Near,
        thresholds: None,
        ammo: None,
        magazine: None,
        spare: 0,
    }
}

/// Stats: Experience 3, Endurance 3, Strength 3, Agility 3, Marksmanship 3, potential 8.
pub fn stats() -> Stats {
    Stats {
        experience: 3,
        endurance: 3,
        strength: 3,
        agility: 3,
        marksmanship: 3,
        potential: 8,
    }
}

/// A one-on-one setup: "H" (hunter, rifle + knife) against "P" (prey, knife + rifle).
pub fn setup(distance: Distance) -> Setup {
    Setup {
        fighters: vec![
            FighterSetup {
                name: "H".into(),
                side: Side::Hunter,
                stats: stats(),
                weapons: vec![rifle(), knife()],
                direction: None,
            },
            FighterSetup {
                name: "P".into(),
                side: Side::Prey,
                stats: stats(),
                weapons: vec![knife(), rifle()],
                direction: None,
            },
        ],
        location: Location::default(),
        opening: Opening::Open { distance },
        rules: Rules::default(),
        wound_table: default_wound_table(),
        accumulate_wounds: true,
        first_aid_stops_bleeding: true,
        zero_endurance_dies: true,
        max_rounds: 100,
        tactic: TacticSettings::default(),
    }
}

/// Starts an encounter on scripted dice.
pub fn start(setup: &Setup, dice: &[u32]) -> (State, Vec<Event>) {
    let mut s = Scripted::new(dice.iter().copied());
    let mut events = EventLog::recording();
    let state = Hunt::start(setup, &mut s, &mut events).expect("start");
    assert_eq!(s.remaining(), 0, "unused scripted dice at start");
    (state, events.into_vec())
}

/// Applies a command on scripted dice (all must be used when it succeeds).
pub fn apply(state: &mut State, cmd: Command, dice: &[u32]) -> Result<Vec<Event>, RuleError> {
    let mut s = Scripted::new(dice.iter().copied());
    let mut events = EventLog::recording();
    Hunt::apply(state, &cmd, &mut s, &mut events)?;
    assert_eq!(s.remaining(), 0, "unused scripted dice");
    Ok(events.into_vec())
}

/// A declaration.
pub fn decl(
    fighter: &str,
    weapon: Option<&str>,
    defense: u32,
    attack: u32,
    damage: u32,
    tactic: Tactic,
) -> Declaration {
    let mut d = Declaration::new(fighter);
    d.weapon = weapon.map(Into::into);
    d.defense = defense;
    d.attack = attack;
    d.damage = damage;
    d.tactic = tactic;
    d
}

/// Declares for both and resolves, with the resolution's dice.
pub fn turn(state: &mut State, h: Declaration, p: Declaration, dice: &[u32]) -> Vec<Event> {
    apply(state, Command::Declare(h), &[]).expect("hunter declares");
    apply(state, Command::Declare(p), &[]).expect("prey declares");
    apply(state, Command::Resolve, dice).expect("resolve")
}

/// The strike events of a list.
pub fn strikes(events: &[Event]) -> Vec<&Event> {
    events
        .iter()
        .filter(|e| matches!(e, Event::Strike { .. }))
        .collect()
}
