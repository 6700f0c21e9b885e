//! The `Red` ruleset: trait impls, the odds spec of `fray odds red`, the demo and the log lines.

use std::collections::BTreeMap;
use std::sync::Arc;

use fray_dice::{
    AutoPlay, Catalog, Dice, Ending, EventLog, OddsTable, RuleError, Ruleset, SimSummary,
    TrialOutcome,
};
use serde::{Deserialize, Serialize};

use crate::engine::{self, Aim, Command, Event, State};
use crate::odds::odds;
use crate::resolve::{AttackSpec, DamageSpec, Defense, Wound};
use crate::setup::{
    ArmorSetup, CharacterSetup, Holding, Prepared, Reserve, Settings, Setup, Stats, WeaponSetup,
};
use crate::tables::{unarmed_dice, Tables, WeaponKind};

/// The RED ruleset (Cyberpunk RED style): `fray_dice::Ruleset`, `AutoPlay` and `Catalog`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Red;

impl Ruleset for Red {
    const ID: &'static str = "red";
    const VERSION: u32 = 5;
    type Setup = Setup;
    type Command = Command;
    type Event = Event;
    type State = State;
    type Prepared = Prepared;

    /// Checks the whole setup and equips its characters, once.
    fn prepare(setup: &Setup) -> Result<Prepared, RuleError> {
        Prepared::new(setup)
    }

    /// Rolls initiative and begins round 1 from a copy of the prepared state.
    fn start_prepared<D: Dice>(
        prepared: &Prepared,
        dice: &mut D,
        events: &mut EventLog<Event>,
    ) -> Result<State, RuleError> {
        engine::open(prepared.state().clone(), dice, events)
    }

    fn apply<D: Dice>(
        state: &mut State,
        command: &Command,
        dice: &mut D,
        events: &mut EventLog<Event>,
    ) -> Result<(), RuleError> {
        engine::apply(state, command, dice, events)
    }

    /// HP now/max; the state is the wound state (RED-44), `dead` or `left`; counters of
    /// rounds fired and HP dealt and taken; the round a fighter stopped being able to fight.
    fn standing(state: &State) -> Vec<fray_dice::Standing> {
        state
            .fighters
            .iter()
            .map(|f| fray_dice::Standing {
                name: f.name.to_string(),
                side: usize::from(f.side),
                up: f.able(&state.settings),
                state: if f.dead {
                    "dead"
                } else if f.left.is_some() {
                    "left"
                } else {
                    match f.wound() {
                        Wound::Unhurt => "unhurt",
                        Wound::Lightly => "lightly-wounded",
                        Wound::Seriously => "seriously-wounded",
                        Wound::Mortally if f.stabilized => "stabilized",
                        Wound::Mortally => "mortally-wounded",
                    }
                },
                tracks: vec![fray_dice::Track {
                    key: "hp",
                    now: i64::from(f.hp),
                    max: i64::from(f.hp_max),
                }],
                counters: [
                    ("ammo_spent", f.tally.ammo_spent),
                    ("damage_dealt", f.tally.damage_dealt),
                    ("damage_taken", f.tally.damage_taken),
                    ("critical_injuries", f.injuries.len() as u32),
                ]
                .into_iter()
                .map(|(key, v)| fray_dice::Counter {
                    key,
                    value: i64::from(v),
                })
                .collect(),
                defeated_round: f
                    .tally
                    .out_round
                    .or_else(|| (!f.able(&state.settings)).then_some(state.round)),
            })
            .collect()
    }
}

impl AutoPlay for Red {
    /// Generic side names: a setup puts each character on side 0 or side 1.
    const SIDES: &'static [&'static str] = &["side_a", "side_b"];
    const METRIC: &'static str = "critical injuries";

    fn next_command(state: &State) -> Option<Command> {
        crate::policy::next_command(state)
    }

    fn outcome(state: &State) -> TrialOutcome {
        let mut health = [0i64; 2];
        for f in &state.fighters {
            if f.present() {
                health[usize::from(f.side.min(1))] += i64::from(f.hp.max(0));
            }
        }
        let winner = state.finished.as_ref().and_then(|f| f.winner);
        let stopped = state.finished.is_some()
            && winner.is_none()
            && state.round >= state.settings.max_rounds;
        TrialOutcome {
            winner,
            end: if stopped {
                Ending::RoundLimit
            } else {
                Ending::Finished
            },
            rounds: state.round,
            health,
            metric: i64::from(state.critical_injuries),
        }
    }
}

/// Monte Carlo over `trials` fights of `setup` played by the default tactic: trial *i* uses
/// dice stream *i* of `seed`, so the summary is the same on any number of threads (all
/// available cores are used).
pub fn simulate(setup: &Setup, trials: u64, seed: u64) -> Result<SimSummary, RuleError> {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    fray_dice::simulate::<Red>(setup, trials, seed, threads, None)
}

/// The query of `fray odds red key=value …`: one attack with the default tables.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct OddsSpec {
    /// Weapon-table key (default `assault_rifle`), or `brawling` / `martial_arts` for
    /// unarmed attacks (dice by `body`, RED-38).
    pub weapon: String,
    /// Attacker's BODY, for unarmed damage (default 6).
    pub body: i32,
    /// Distance in metres (default 20).
    pub distance: u32,
    /// Attacker's STAT + SKILL + modifiers (default 14).
    pub attack: i32,
    /// Autofire (default false).
    pub autofire: bool,
    /// Aimed shot: none, head, item, leg (default none).
    pub aim: Aim,
    /// Defender's DEX + Evasion + modifiers: an opposed defence (RED-33); melee always
    /// opposes, with 10 when absent.
    pub evade: Option<i32>,
    /// Armour-table key worn at the hit location (default none).
    pub armor: Option<String>,
    /// SP at the hit location, overriding `armor`.
    pub sp: Option<i32>,
    /// RED-31 critical d10 (default true).
    pub critical: bool,
}

impl Default for OddsSpec {
    fn default() -> Self {
        OddsSpec {
            weapon: "assault_rifle".to_owned(),
            body: 6,
            distance: 20,
            attack: 14,
            autofire: false,
            aim: Aim::None,
            evade: None,
            armor: None,
            sp: None,
            critical: true,
        }
    }
}

impl OddsSpec {
    /// The [`AttackSpec`] this query describes, with the default tables and settings.
    pub fn attack_spec(&self) -> Result<AttackSpec, RuleError> {
        let tables = Tables::default();
        let s = Settings::default();
        let unarmed = match self.weapon.as_str() {
            "brawling" => Some(false),
            "martial_arts" => Some(true),
            _ => None,
        };
        let p = match unarmed {
            Some(_) => None,
            None => Some(tables.weapons.get(&self.weapon).ok_or_else(|| {
                RuleError::new(
                    "RED-39",
                    format!(
                        "no weapon '{}' (weapons: brawling, martial_arts, {})",
                        self.weapon,
                        tables
                            .weapons
                            .keys()
                            .cloned()
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                )
            })?),
        };
        let sp = match (self.sp, &self.armor) {
            (Some(sp), _) => sp,
            (None, Some(name)) => {
                tables
                    .armor
                    .get(name)
                    .ok_or_else(|| {
                        RuleError::new(
                            "RED-40",
                            format!(
                                "no armour '{name}' (armour: {})",
                                tables.armor.keys().cloned().collect::<Vec<_>>().join(", ")
                            ),
                        )
                    })?
                    .sp
            }
            (None, None) => 0,
        };
        let aimed = if self.aim == Aim::None {
            0
        } else {
            s.aimed_penalty
        };
        let (melee, half_sp, melee_dice) = match (p, unarmed) {
            (Some(p), _) => (
                p.kind == WeaponKind::Melee,
                p.kind == WeaponKind::Melee,
                p.damage,
            ),
            (None, martial) => (true, martial == Some(true), unarmed_dice(self.body)),
        };
        let (defense, cap, dice) = if melee {
            if self.autofire {
                return Err(RuleError::new("RED-35", "melee attacks cannot autofire"));
            }
            (
                Defense::Opposed {
                    base: self.evade.unwrap_or(10),
                },
                0,
                melee_dice,
            )
        } else {
            let p = p.expect("ranged attacks come from the weapon table");
            let (row, cap, dice) = if self.autofire {
                let row = p.autofire_row.as_deref().ok_or_else(|| {
                    RuleError::new("RED-35", format!("{} cannot autofire", self.weapon))
                })?;
                (row, p.autofire, 2)
            } else {
                (p.dv_row.as_deref().unwrap_or_default(), 0, p.damage)
            };
            let dv = tables.dv.dv(row, self.distance)?;
            let defense = match self.evade {
                Some(base) => Defense::Opposed { base },
                None => Defense::Dv { dv },
            };
            (defense, cap, dice)
        };
        Ok(AttackSpec {
            attack: self.attack - aimed,
            defense,
            autofire_cap: cap,
            damage: DamageSpec {
                dice,
                multiplier: 1,
                sp,
                half_sp,
                head_multiplier: if self.aim == Aim::Head {
                    s.head_multiplier
                } else {
                    1
                },
                crit_sixes: s.crit_sixes,
                crit_bonus: s.crit_bonus,
            },
            critical: self.critical,
        })
    }
}

/// The odds tables of one attack spec (what `fray odds red` prints).
pub fn odds_tables(spec: &AttackSpec) -> Result<Vec<OddsTable>, RuleError> {
    let o = odds(spec)?;
    let defense = match spec.defense {
        Defense::Dv { dv } => format!("DV {dv}"),
        Defense::Opposed { base } => format!("evasion {base} + 1d10"),
    };
    let mut tables = vec![
        OddsTable::new(format!("attack {} + 1d10 vs {defense}", spec.attack))
            .row("hit", o.hit)
            .row(
                "miss",
                fray_dice::Ratio::new(o.hit.denominator - o.hit.numerator, o.hit.denominator),
            ),
    ];
    if spec.autofire_cap > 0 {
        let mut t = OddsTable::new("autofire multiplier");
        for (m, _) in o.multiplier.iter().filter(|&(m, _)| m > 0) {
            t = t.row(format!("x{m}"), o.multiplier.probability(m));
        }
        tables.push(t);
    }
    let mut hp = OddsTable::new(format!(
        "HP lost ({}d6, SP {}{})",
        spec.damage.dice,
        spec.damage.sp,
        if spec.damage.half_sp { " halved" } else { "" }
    ));
    for (v, _) in o.hp_loss.iter() {
        hp = hp.row(v.to_string(), o.hp_loss.probability(v));
    }
    tables.push(hp);
    tables.push(
        OddsTable::new("armour and critical injuries")
            .row("armour penetrated (ablates)", o.penetrate)
            .row("critical injury", o.critical_injury),
    );
    Ok(tables)
}

fn weapon(name: &str, profile: &str, holding: Holding) -> WeaponSetup {
    WeaponSetup {
        name: name.into(),
        profile: profile.into(),
        loaded: None,
        ammo: "basic".into(),
        holding,
    }
}

fn reserve(calibre: &str, rounds: u32) -> Arc<Reserve> {
    let basic = [(Arc::from("basic"), rounds)].into_iter().collect();
    Arc::new([(Arc::from(calibre), basic)].into_iter().collect())
}

fn skills(list: &[(&str, i32)]) -> Arc<BTreeMap<String, i32>> {
    Arc::new(list.iter().map(|&(k, v)| (k.to_owned(), v)).collect())
}

/// The demo: a corridor gunfight. A solo with an assault rifle on autofire (side 0) against
/// two gangers with pistols (side 1), one in Kevlar; the other waits in ambush with a delayed
/// shot for the solo to move.
pub fn demo_setup() -> Setup {
    let solo = CharacterSetup {
        name: "Solo".into(),
        side: 0,
        stats: Stats {
            reflexes: 8,
            dex: 7,
            body: 7,
            will: 6,
            move_: 6,
            tech: 4,
            int: 5,
            cool: 6,
        },
        skills: skills(&[
            ("autofire", 6),
            ("shoulder_arms", 6),
            ("handgun", 5),
            ("evasion", 6),
            ("brawling", 4),
            ("first_aid", 4),
        ]),
        hp: None,
        weapons: vec![
            weapon("assault rifle", "assault_rifle", Holding::InHand),
            weapon("heavy pistol", "heavy_pistol", Holding::Holstered),
        ],
        armor: ArmorSetup {
            head: Some("light_armorjack".into()),
            body: Some("light_armorjack".into()),
        },
        reserve: reserve("rifle", 25),
        position: 0,
        modifier: 0,
        bonuses: Default::default(),
        prone: false,
        shield: None,
        net_actions: 0,
        evade: None,
        ambush: false,
    };
    let ganger = |name: &str, pistol: &str, armor: Option<&str>, position, ambush| CharacterSetup {
        name: name.into(),
        side: 1,
        stats: Stats {
            reflexes: 6,
            dex: 6,
            body: 6,
            will: 4,
            move_: 5,
            tech: 3,
            int: 4,
            cool: 4,
        },
        skills: skills(&[("handgun", 5), ("evasion", 3), ("brawling", 4)]),
        hp: None,
        weapons: vec![weapon(&pistol.replace('_', " "), pistol, Holding::InHand)],
        armor: ArmorSetup {
            head: armor.map(Arc::from),
            body: armor.map(Arc::from),
        },
        reserve: reserve(pistol, 16),
        position,
        modifier: 0,
        bonuses: Default::default(),
        prone: false,
        shield: None,
        net_actions: 0,
        evade: None,
        ambush,
    };
    Setup {
        characters: Arc::new(vec![
            solo,
            ganger("Razor", "heavy_pistol", Some("kevlar"), 20, false),
            ganger("Dice", "medium_pistol", None, 22, true),
        ]),
        vehicles: Vec::new(),
        tables: Default::default(),
        settings: Settings::default(),
    }
}

impl Catalog for Red {
    type OddsSpec = OddsSpec;
    const ODDS_KEYS: &'static str =
        "weapon (or brawling|martial_arts), body, distance, attack, autofire, aim (none|head|item|leg), evade, armor, sp, critical";
    const DEMO_SEED: u64 = 7;

    fn odds(spec: &OddsSpec) -> Result<Vec<OddsTable>, RuleError> {
        odds_tables(&spec.attack_spec()?)
    }

    fn demo_setup() -> Setup {
        demo_setup()
    }

    fn warnings(setup: &Setup) -> Vec<fray_dice::SetupWarning> {
        crate::lint::warnings(setup)
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
