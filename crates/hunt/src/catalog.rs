use fray_dice::{
    AutoPlay, Catalog, Dice, Ending, EventLog, OddsTable, Ratio, RuleError, Ruleset, TrialOutcome,
};
use serde::{Deserialize, Serialize};

use crate::engine::{self, Command, Event, State, Status};
use crate::odds::{odds, StrikeOdds};
use crate::policy::HuntPolicy;
use crate::resolve::{DuelSide, DuelSpec, ExchangeContext, FighterSpec, StrikeSpec};
use crate::setup::{AttackKind, Distance, HideRoll, Rules, Tactic, TripleRule};
use crate::setup::{
    FighterSetup, Location, Opening, Prepared, Setup, Side, Stats, TacticSettings, Weapon,
};

/// The Hunt ruleset («Охота»): see the crate docs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Hunt;

impl Ruleset for Hunt {
    const ID: &'static str = "hunt";
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
        engine::open(prepared.setup(), prepared.start().clone(), dice, events)
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

impl AutoPlay for Hunt {
    const SIDES: &'static [&'static str] = &["hunter", "prey"];
    const METRIC: &'static str = "wounds";

    fn next_command(state: &State) -> Option<Command> {
        HuntPolicy::DEFAULT.command(state)
    }

    fn outcome(state: &State) -> TrialOutcome {
        let mut health = [0i64; 2];
        let mut wounds = 0i64;
        for (i, f) in state.fighters.iter().enumerate() {
            if f.status != Status::Dead {
                health[usize::from(f.side.index())] += i64::from(state.stats(i).endurance);
            } else {
                wounds += i64::from(state.rules.deadly_failures);
            }
            wounds += f.wounds.iter().map(|&w| i64::from(w)).sum::<i64>();
        }
        let winner = state.ending.as_ref().and_then(|e| e.winner);
        // Both sides still in the fight and no winner: only the round limit ends that.
        let stopped = state.ending.is_some() && winner.is_none() && state.round >= state.max_rounds;
        TrialOutcome {
            winner: winner.map(Side::index),
            end: if stopped {
                Ending::RoundLimit
            } else {
                Ending::Finished
            },
            rounds: state.round,
            health,
            metric: wounds,
        }
    }
}

/// `fray odds hunt key=value …`: two declarations, flat so the command line can give them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OddsSpec {
    /// Distance of the exchange.
    pub distance: Distance,
    /// d6 per stat test (HUNT-02).
    pub test_dice: u32,
    /// How triples count (HUNT-12).
    pub triples: TripleRule,
    /// How a hidden Defense reads "Experience + 3 dice" (HUNT-20).
    pub hide_roll: HideRoll,
    /// Hunter's Defense dice.
    pub hunter_defense: u32,
    /// Hunter's Attack dice (0 with `hunter_weapon=none`).
    pub hunter_attack: u32,
    /// Hunter's Damage dice.
    pub hunter_damage: u32,
    /// "melee", "ranged" or "none".
    pub hunter_weapon: String,
    /// Hunter's weapon damage threshold.
    pub hunter_threshold: u32,
    /// Hunter's tactic.
    pub hunter_tactic: Tactic,
    /// Hunter's Experience.
    pub hunter_experience: u32,
    /// Hunter's Endurance.
    pub hunter_endurance: u32,
    /// Hunter strikes first (surprise).
    pub hunter_first: bool,
    /// Prey's Defense dice.
    pub prey_defense: u32,
    /// Prey's Attack dice.
    pub prey_attack: u32,
    /// Prey's Damage dice.
    pub prey_damage: u32,
    /// "melee", "ranged" or "none".
    pub prey_weapon: String,
    /// Prey's weapon damage threshold.
    pub prey_threshold: u32,
    /// Prey's tactic.
    pub prey_tactic: Tactic,
    /// Prey's Experience.
    pub prey_experience: u32,
    /// Prey's Endurance.
    pub prey_endurance: u32,
    /// Prey strikes first (ambush), with +1 Attack.
    pub prey_ambush: bool,
    /// Prey is hidden (Defense = Experience + 3 dice; the hunter shoots blind).
    pub prey_hidden: bool,
}

impl Default for OddsSpec {
    fn default() -> Self {
        OddsSpec {
            distance: Distance::Near,
            test_dice: 1,
            triples: TripleRule::OneDouble,
            hide_roll: HideRoll::ExperienceDice,
            hunter_defense: 2,
            hunter_attack: 3,
            hunter_damage: 2,
            hunter_weapon: "ranged".into(),
            hunter_threshold: 4,
            hunter_tactic: Tactic::None,
            hunter_experience: 3,
            hunter_endurance: 3,
            hunter_first: false,
            prey_defense: 3,
            prey_attack: 2,
            prey_damage: 2,
            prey_weapon: "melee".into(),
            prey_threshold: 4,
            prey_tactic: Tactic::None,
            prey_experience: 3,
            prey_endurance: 3,
            prey_ambush: false,
            prey_hidden: false,
        }
    }
}

/// A refusal of an odds situation, written from Hunt's message `m` (English and Russian).
#[cold]
fn no(rule: &'static str, m: fray_dice::Message) -> RuleError {
    RuleError::text(rule, &crate::text::TEXTS, m)
}

fn kind(s: &str) -> Result<Option<AttackKind>, RuleError> {
    match s {
        "melee" => Ok(Some(AttackKind::Melee)),
        "ranged" => Ok(Some(AttackKind::Ranged)),
        "none" | "" => Ok(None),
        other => Err(no(
            "HUNT-06",
            fray_dice::msg!("hunt-refuse-weapon-kind", kind = other),
        )),
    }
}

impl OddsSpec {
    /// The duel exchange this spec describes.
    pub fn to_duel(&self) -> Result<DuelSpec, RuleError> {
        let rules = Rules {
            test_dice: self.test_dice,
            triples: self.triples,
            hide_roll: self.hide_roll,
            ..Rules::default()
        };
        if !(1..=4).contains(&self.test_dice) {
            return Err(no(
                "HUNT-02",
                fray_dice::Message::new("hunt-refuse-test-dice"),
            ));
        }
        let strike = |k: Option<AttackKind>, a, g, th: u32, first, bonus, blind| {
            k.map(|kind| StrikeSpec {
                kind,
                attack: a,
                damage: g,
                thresholds: [th.max(1); 3],
                attack_bonus: bonus,
                first,
                blind,
                ..StrikeSpec::default()
            })
        };
        let hk = kind(&self.hunter_weapon)?;
        let pk = kind(&self.prey_weapon)?;
        if self.prey_hidden && hk == Some(AttackKind::Melee) {
            return Err(no(
                "HUNT-20",
                fray_dice::Message::new("hunt-refuse-hidden-prey-melee"),
            ));
        }
        Ok(DuelSpec {
            context: ExchangeContext {
                distance: self.distance,
                trap: false,
                rules,
            },
            sides: [
                DuelSide {
                    fighter: FighterSpec {
                        side: 0,
                        defense: self.hunter_defense,
                        tactic: self.hunter_tactic,
                        experience: self.hunter_experience,
                        endurance: self.hunter_endurance,
                        barrage_loaded: true,
                        direction: 0,
                        ..FighterSpec::default()
                    },
                    strike: strike(
                        hk,
                        self.hunter_attack,
                        self.hunter_damage,
                        self.hunter_threshold,
                        self.hunter_first,
                        0,
                        self.prey_hidden,
                    ),
                },
                DuelSide {
                    fighter: FighterSpec {
                        side: 1,
                        defense: self.prey_defense,
                        tactic: if self.prey_hidden {
                            Tactic::Hide
                        } else {
                            self.prey_tactic
                        },
                        experience: self.prey_experience,
                        endurance: self.prey_endurance,
                        hidden: self.prey_hidden,
                        barrage_loaded: true,
                        direction: 1,
                        ..FighterSpec::default()
                    },
                    strike: if self.prey_hidden {
                        None
                    } else {
                        strike(
                            pk,
                            self.prey_attack,
                            self.prey_damage,
                            self.prey_threshold,
                            self.prey_ambush,
                            i32::from(self.prey_ambush),
                            false,
                        )
                    },
                },
            ],
        })
    }
}

fn strike_table(title: &str, s: &StrikeOdds) -> OddsTable {
    let mut t = OddsTable::new(title)
        .row("hit", s.hit)
        .row("lands", s.lands);
    for (k, p) in s.damage.iter().enumerate() {
        t = t.row(format!("lands with {k} damage"), *p);
    }
    t = t
        .row("critical: fall (1-1/2-2)", s.fall)
        .row("critical: weapon lost (3-3/4-4)", s.weapon_lost)
        .row("critical: stun (5-5)", s.stun)
        .row("critical: bleeding (6-6)", s.bleeding);
    let names = ["light wound", "heavy wound", "maimed", "dead"];
    for (k, p) in s.failures.iter().enumerate().skip(1) {
        let last = k == s.failures.len() - 1;
        let label = if last {
            "dead".to_owned()
        } else {
            names
                .get(k - 1)
                .map_or(format!("{k} failed tests"), |n| (*n).to_owned())
        };
        t = t.row(label, *p);
    }
    t
}

fn line_table(title: &str, rows: &[(&str, Ratio)]) -> OddsTable {
    rows.iter()
        .fold(OddsTable::new(title), |t, (l, p)| t.row(*l, *p))
}

impl Catalog for Hunt {
    type OddsSpec = OddsSpec;
    const ODDS_KEYS: &'static str = "distance test_dice triples hide_roll hunter_{defense,attack,damage,weapon,threshold,tactic,experience,endurance,first} prey_{defense,attack,damage,weapon,threshold,tactic,experience,endurance,ambush,hidden}";
    const DEMO_SEED: u64 = 7;

    fn warnings(setup: &Setup) -> Vec<fray_dice::SetupWarning> {
        crate::lint::warnings(setup)
    }

    fn odds(spec: &OddsSpec) -> Result<Vec<OddsTable>, RuleError> {
        let duel = spec.to_duel()?;
        let o = odds(&duel)?;
        let mut tables = Vec::new();
        if let Some(s) = &o.strikes[0] {
            tables.push(strike_table("hunter strikes prey", s));
        }
        if let Some(s) = &o.strikes[1] {
            tables.push(strike_table("prey strikes hunter", s));
        }
        tables.push(line_table(
            "distance",
            &[
                ("opens", o.opens),
                ("closes", o.closes),
                ("hunter escapes", o.escapes[0]),
                ("prey escapes", o.escapes[1]),
            ],
        ));
        Ok(tables)
    }

    fn demo_setup() -> Setup {
        let stats = |experience, endurance, strength, agility, marksmanship, potential| Stats {
            experience,
            endurance,
            strength,
            agility,
            marksmanship,
            potential,
        };
        Setup {
            fighters: vec![
                FighterSetup {
                    name: "Hunter".into(),
                    side: Side::Hunter,
                    stats: stats(4, 4, 3, 3, 4, 8),
                    weapons: vec![Weapon {
                        name: "rifle".into(),
                        kind: AttackKind::Ranged,
                        threshold: 4,
                        range: Distance::Far,
                        thresholds: Some([4, 4, 5]),
                        ammo: Some(5),
                        magazine: Some(5),
                        spare: 10,
                    }],
                    direction: None,
                },
                FighterSetup {
                    name: "Prey".into(),
                    side: Side::Prey,
                    stats: stats(4, 4, 3, 4, 2, 8),
                    weapons: vec![
                        Weapon {
                            name: "knife".into(),
                            kind: AttackKind::Melee,
                            threshold: 4,
                            range: Distance::Near,
                            thresholds: None,
                            ammo: None,
                            magazine: None,
                            spare: 0,
                        },
                        Weapon {
                            name: "pistol".into(),
                            kind: AttackKind::Ranged,
                            threshold: 5,
                            range: Distance::Medium,
                            thresholds: None,
                            ammo: Some(6),
                            magazine: Some(6),
                            spare: 6,
                        },
                    ],
                    direction: None,
                },
            ],
            location: Location {
                name: "pine forest".into(),
                trap: true,
            },
            opening: Opening::Ambush {
                prey_distance: Distance::Near,
            },
            rules: Rules::default(),
            wound_table: crate::setup::default_wound_table(),
            accumulate_wounds: true,
            first_aid_stops_bleeding: true,
            zero_endurance_dies: true,
            max_rounds: 100,
            tactic: TacticSettings::default(),
        }
    }

    fn describe(event: &Event) -> String {
        crate::text::describe(event)
    }

    fn texts() -> &'static fray_dice::Texts {
        &crate::text::TEXTS
    }

    /// A participant's view (issue 18): see [`crate::line`].
    fn line(event: &Event, view: &fray_dice::View) -> Option<String> {
        crate::text::line(event, view)
    }
}
