//! The ruleset as the CLI and bindings see it: odds queries, the demo and log lines.

use fray_dice::{
    AutoPlay, Catalog, Counter, Ending, EventLog, OddsTable, RuleError, Ruleset, Standing, Track,
    TrialOutcome,
};
use serde::{Deserialize, Serialize};

use crate::engine::{Command, Event, Phase, State, Status};
use crate::odds::{damage_odds, grab_odds, odds, opposed_odds};
use crate::resolve::{
    AdvantageMethod, CheckSpec, Contestant, DamageLine, Edge, OutcomeTable, Tier,
};
use crate::setup::{Setup, Side};

/// The Project Andromeda ruleset (ID `"andromeda"`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Andromeda;

impl Ruleset for Andromeda {
    const ID: &'static str = "andromeda";
    const VERSION: u32 = 4;
    type Setup = Setup;
    type Command = Command;
    type Event = Event;
    type State = State;
    type Prepared = Setup;

    fn prepare(setup: &Setup) -> Result<Setup, RuleError> {
        Ok(setup.clone())
    }

    /// Checks the setup here, per fight: a `Setup` is its own prepared value.
    fn start_prepared<D: fray_dice::Dice>(
        setup: &Setup,
        dice: &mut D,
        events: &mut EventLog<Event>,
    ) -> Result<State, RuleError> {
        State::start(setup, dice, events)
    }

    fn apply<D: fray_dice::Dice>(
        state: &mut State,
        command: &Command,
        dice: &mut D,
        events: &mut EventLog<Event>,
    ) -> Result<(), RuleError> {
        state.apply(command, dice, events)
    }

    /// Per participant: its status (`active`, `unconscious`, `dead`), its main stress filled
    /// of its maximum (Exhaustion counted, AND-37, AND-46), the Heat gained (AND-24),
    /// Accomplishment Points left, Exhaustion, the stress boxes it filled and had filled
    /// (AND-45), and the round it was taken out in. Held Heat and temporary boxes are left
    /// out: both are gone when a combat ends (AND-24, AND-46).
    fn standing(state: &State) -> Vec<Standing> {
        (0..state.fighters.len())
            .map(|i| {
                let f = &state.fighters[i];
                let counter = |key, value: u32| Counter {
                    key,
                    value: i64::from(value),
                };
                Standing {
                    name: state.roster[i].display().to_owned(),
                    side: f.side.index(),
                    up: state.active(i),
                    state: match f.status {
                        Status::Active => "active",
                        Status::Unconscious => "unconscious",
                        Status::Dead => "dead",
                    },
                    tracks: vec![Track {
                        key: "main_stress",
                        now: i64::from(f.main_stress),
                        max: i64::from(state.main_max(i)),
                    }],
                    counters: vec![
                        counter("heat_gained", f.heat_gained),
                        counter("accomplishment_points", f.accomplishment_points),
                        counter("exhaustion", f.exhaustion),
                        counter("damage_dealt", f.damage_dealt),
                        counter("damage_taken", f.damage_taken),
                    ],
                    defeated_round: f.defeated_round,
                }
            })
            .collect()
    }
}

impl AutoPlay for Andromeda {
    const SIDES: &'static [&'static str] = &["heroes", "enemies"];
    const METRIC: &'static str = "heat gained";

    fn next_command(state: &State) -> Option<Command> {
        crate::policy::default_command(state)
    }

    /// Health is the free stress boxes of the participants still standing; the metric is the
    /// Heat the heroes gained over the fight.
    fn outcome(state: &State) -> TrialOutcome {
        let winner = match state.phase {
            Phase::Over { winner: Some(side) } => Some(side.index() as u8),
            _ => None,
        };
        let mut health = [0i64; 2];
        let mut metric = 0i64;
        for (i, f) in state.fighters.iter().enumerate() {
            if f.side == Side::Heroes {
                metric += i64::from(f.heat_gained);
            }
            if state.active(i) {
                let free =
                    (f.temp_max - f.temp_stress) + state.main_max(i).saturating_sub(f.main_stress);
                health[f.side.index()] += i64::from(free);
            }
        }
        let stopped = matches!(state.phase, Phase::Over { winner: None })
            && state.round >= state.settings.round_limit;
        TrialOutcome {
            winner,
            end: if stopped {
                Ending::RoundLimit
            } else {
                Ending::Finished
            },
            rounds: state.round,
            health,
            metric,
        }
    }
}

/// Plays `trials` fights of `setup` with the default tactic (trial *i* on dice stream *i*)
/// on `threads` threads: wins per side, the rounds histogram, remaining stress boxes and
/// the heroes' Heat gained (`metric_total`; [`fray_dice::SimSummary::metric_mean`] is the
/// mean). The result does not depend on `threads`.
pub fn simulate(
    setup: &Setup,
    trials: u64,
    seed: u64,
    threads: usize,
) -> Result<fray_dice::SimSummary, RuleError> {
    fray_dice::simulate::<Andromeda>(setup, trials, seed, threads, None)
}

/// The `fray odds andromeda key=value …` query. Every key has a default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct OddsSpec {
    /// Skill value added to 2d8 (default 3).
    pub skill_value: i32,
    /// Skill rank (default 2).
    pub skill_rank: i32,
    /// Task rank or defense (default 2).
    #[serde(alias = "defense")]
    pub difficulty: i32,
    /// normal, advantage or disadvantage.
    pub edge: Edge,
    /// A damage line such as "1/2/3/5" for a damage table.
    pub damage: Option<DamageLine>,
    /// Outcome table thresholds (AND-16).
    pub cost_from: i32,
    /// Lowest Success total.
    pub success_from: i32,
    /// Lowest Critical total.
    pub critical_from: i32,
    /// Extra dice of advantage (AND-21).
    pub advantage_dice: u8,
    /// If set, advantage is this flat bonus instead of extra dice.
    pub flat_bonus: Option<i32>,
    /// Whether to add the grab table (AND-41).
    pub grab: bool,
    /// If set, the odds that this check beats an opposed check with this skill value.
    pub opponent_value: Option<i32>,
    /// The opponent's skill rank.
    pub opponent_rank: i32,
    /// The opponent's edge.
    pub opponent_edge: Edge,
}

impl Default for OddsSpec {
    fn default() -> Self {
        let table = OutcomeTable::default();
        OddsSpec {
            skill_value: 3,
            skill_rank: 2,
            difficulty: 2,
            edge: Edge::Normal,
            damage: None,
            cost_from: table.cost_from,
            success_from: table.success_from,
            critical_from: table.critical_from,
            advantage_dice: 1,
            flat_bonus: None,
            grab: false,
            opponent_value: None,
            opponent_rank: 2,
            opponent_edge: Edge::Normal,
        }
    }
}

impl OddsSpec {
    /// The check this query describes.
    pub fn check_spec(&self) -> CheckSpec {
        CheckSpec {
            skill_value: self.skill_value,
            skill_rank: self.skill_rank,
            difficulty: self.difficulty,
            edge: self.edge,
            table: OutcomeTable {
                cost_from: self.cost_from,
                success_from: self.success_from,
                critical_from: self.critical_from,
            },
            advantage: match self.flat_bonus {
                Some(bonus) => AdvantageMethod::Flat { bonus },
                None => AdvantageMethod::ExtraDice {
                    dice: self.advantage_dice,
                },
            },
        }
    }
}

fn odds_error(e: fray_dice::Error) -> RuleError {
    RuleError::new("AND-16", e.message().to_owned())
}

impl Catalog for Andromeda {
    type OddsSpec = OddsSpec;
    const ODDS_KEYS: &'static str = "skill_value skill_rank difficulty|defense edge=normal|advantage|disadvantage damage=F/C/S/X cost_from success_from critical_from advantage_dice flat_bonus grab=true opponent_value opponent_rank opponent_edge";
    const DEMO_SEED: u64 = 7;

    fn odds(spec: &OddsSpec) -> Result<Vec<OddsTable>, RuleError> {
        let check = spec.check_spec();
        let tiers = odds(&check).map_err(odds_error)?;
        let mut table = OddsTable::new(format!(
            "final tier: 2d8+{} rank {} vs {} ({:?})",
            check.skill_value, check.skill_rank, check.difficulty, check.edge
        ));
        for t in Tier::ALL {
            table = table.row(t.label(), tiers.probability(t as i64));
        }
        let mut at_least = OddsTable::new("final tier or better");
        for t in &Tier::ALL[1..] {
            at_least = at_least.row(
                format!("{} or better", t.label()),
                tiers.at_least(*t as i64),
            );
        }
        let mut out = vec![table, at_least];
        if let Some(line) = &spec.damage {
            let d = damage_odds(&check, line).map_err(odds_error)?;
            let mut table = OddsTable::new(format!("damage with {line}"));
            for (v, _) in d.iter() {
                table = table.row(format!("{v} damage"), d.probability(v));
            }
            out.push(table);
        }
        if spec.grab {
            let mut table = OddsTable::new("grab effect");
            for (effect, p) in grab_odds(&check).map_err(odds_error)? {
                table = table.row(effect.label(), p);
            }
            out.push(table);
        }
        if let Some(value) = spec.opponent_value {
            let me = Contestant {
                skill_value: check.skill_value,
                skill_rank: check.skill_rank,
                edge: check.edge,
            };
            let them = Contestant {
                skill_value: value,
                skill_rank: spec.opponent_rank,
                edge: spec.opponent_edge,
            };
            let win = opposed_odds(&me, &them, &check.advantage).map_err(odds_error)?;
            let lose = fray_dice::Ratio::new(win.denominator - win.numerator, win.denominator);
            out.push(
                OddsTable::new("opposed check (initiator)")
                    .row("initiator wins", win)
                    .row("status quo holds", lose),
            );
        }
        Ok(out)
    }

    fn warnings(setup: &Setup) -> Vec<fray_dice::SetupWarning> {
        crate::lint::warnings(setup)
    }

    fn demo_setup() -> Setup {
        serde_json::from_str(DEMO_SETUP).expect("the embedded demo setup is valid")
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

/// The demo: two heroes against a two-turn boss that grabs and a minion with a blaster.
pub const DEMO_SETUP: &str = include_str!("demo.json");
