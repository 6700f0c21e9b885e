//! Per-combatant statistics of a simulation, on a small duel ruleset made for these tests:
//! three fighters, two on side 0 and one on side 1; each turn the next fighter still up hits
//! the first enemy still up for 1d6. Its standings report health, damage dealt and the round
//! of defeat, which is all the aggregation reads.

use fray_dice::{
    run_trial, run_trial_with, simulate, simulate_range, simulate_with, AutoPlay, Counter, Decide,
    Decider, Dice, Ending, EventLog, FirstOption, LegalOption, OddsTable, OptionKind, Options,
    RuleError, Ruleset, SimSummary, Standing, Track, TrialOutcome,
};
use serde::{Deserialize, Serialize};

struct Duel;

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Fighter {
    name: String,
    side: u8,
    health: i64,
}

#[derive(Clone, Debug, Serialize)]
struct State {
    fighters: Vec<Fighter>,
    max: Vec<i64>,
    dealt: Vec<i64>,
    defeated: Vec<Option<u32>>,
    turn: usize,
    round: u32,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
struct Hit {
    actor: usize,
    target: usize,
}

fn over(s: &State) -> bool {
    !(0..2u8).all(|side| s.fighters.iter().any(|f| f.side == side && f.health > 0))
}

fn next(s: &State) -> Option<Hit> {
    if over(s) {
        return None;
    }
    let actor = s.turn;
    let side = s.fighters[actor].side;
    let target = s
        .fighters
        .iter()
        .position(|f| f.side != side && f.health > 0)?;
    Some(Hit { actor, target })
}

impl Ruleset for Duel {
    const ID: &'static str = "duel";
    const VERSION: u32 = 1;
    type Setup = Vec<Fighter>;
    type Command = Hit;
    type Event = u32;
    type State = State;

    type Prepared = Vec<Fighter>;

    fn prepare(setup: &Vec<Fighter>) -> Result<Vec<Fighter>, RuleError> {
        Ok(setup.clone())
    }

    fn start_prepared<D: Dice>(
        setup: &Vec<Fighter>,
        _: &mut D,
        _: &mut EventLog<u32>,
    ) -> Result<State, RuleError> {
        Ok(State {
            max: setup.iter().map(|f| f.health).collect(),
            dealt: vec![0; setup.len()],
            defeated: vec![None; setup.len()],
            fighters: setup.clone(),
            turn: 0,
            round: 1,
        })
    }

    fn apply<D: Dice>(
        s: &mut State,
        hit: &Hit,
        dice: &mut D,
        _: &mut EventLog<u32>,
    ) -> Result<(), RuleError> {
        if next(s).as_ref() != Some(hit) {
            return Err(RuleError::new("turn", "not this fighter's turn"));
        }
        let damage = i64::from(
            dice.roll(6)
                .map_err(|e| RuleError::new("dice", e.to_string()))?,
        );
        s.fighters[hit.target].health -= damage;
        s.dealt[hit.actor] += damage;
        if s.fighters[hit.target].health <= 0 && s.defeated[hit.target].is_none() {
            s.defeated[hit.target] = Some(s.round);
        }
        // The next fighter still up acts; passing the first one starts a new round.
        loop {
            s.turn = (s.turn + 1) % s.fighters.len();
            if s.turn == 0 {
                s.round += 1;
            }
            if s.fighters[s.turn].health > 0 {
                break;
            }
        }
        Ok(())
    }

    fn standing(s: &State) -> Vec<Standing> {
        s.fighters
            .iter()
            .enumerate()
            .map(|(i, f)| Standing {
                name: f.name.clone(),
                side: usize::from(f.side),
                up: f.health > 0,
                state: if f.health > 0 { "up" } else { "down" },
                tracks: vec![Track {
                    key: "health",
                    now: f.health.max(0),
                    max: s.max[i],
                }],
                counters: vec![Counter {
                    key: "damage_dealt",
                    value: s.dealt[i],
                }],
                defeated_round: s.defeated[i],
            })
            .collect()
    }
}

impl AutoPlay for Duel {
    const SIDES: &'static [&'static str] = &["pair", "lone"];
    const METRIC: &'static str = "damage";

    fn next_command(s: &State) -> Option<Hit> {
        next(s)
    }

    fn outcome(s: &State) -> TrialOutcome {
        let health = |side| {
            s.fighters
                .iter()
                .filter(|f| f.side == side)
                .map(|f| f.health.max(0))
                .sum()
        };
        let up = |side| s.fighters.iter().any(|f| f.side == side && f.health > 0);
        TrialOutcome {
            winner: match (up(0), up(1)) {
                (true, false) => Some(0),
                (false, true) => Some(1),
                _ => None,
            },
            end: Ending::Finished,
            rounds: s.round,
            health: [health(0), health(1)],
            metric: s.dealt.iter().sum(),
        }
    }
}

impl Decide for Duel {
    fn options(s: &State) -> Options<Hit> {
        match next(s) {
            None => Options {
                decider: Decider::Nobody,
                list: vec![],
            },
            Some(hit) => {
                let f = &s.fighters[hit.actor];
                Options {
                    decider: Decider::participant(f.name.clone(), f.side),
                    list: vec![LegalOption::new(
                        OptionKind::TurnAction,
                        f.name.clone(),
                        "hit",
                        "hit",
                    )
                    .with(hit)],
                }
            }
        }
    }

    fn preview(_: &State, _: &Hit) -> Result<Vec<OddsTable>, RuleError> {
        Ok(vec![])
    }
}

fn setup() -> Vec<Fighter> {
    let f = |name: &str, side, health| Fighter {
        name: name.into(),
        side,
        health,
    };
    vec![f("Vera", 0, 6), f("Ilya", 0, 5), f("Kask", 1, 14)]
}

fn run(trials: u64, threads: usize) -> SimSummary {
    simulate::<Duel>(&setup(), trials, 7, threads, None).unwrap()
}

#[test]
fn every_combatant_is_counted_in_every_trial_and_adds_up_to_its_side() {
    let s = run(2_000, 1);
    assert_eq!(s.combatants.len(), 3);
    let names: Vec<_> = s.combatants.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["Vera", "Ilya", "Kask"]);
    for c in &s.combatants {
        assert_eq!(c.trials, 2_000, "{}", c.name);
        // Up at the end or taken out in some round: never both, never neither.
        assert_eq!(c.survived + c.taken_out, c.trials, "{}", c.name);
        assert_eq!(c.defeated_round.values().sum::<u64>(), c.taken_out);
        assert_eq!(c.states.get("up").copied().unwrap_or(0), c.survived);
        let health = &c.tracks[0];
        assert_eq!(health.histogram.values().sum::<u64>(), c.trials);
        assert_eq!(
            health
                .histogram
                .iter()
                .map(|(&v, &n)| i128::from(v) * i128::from(n))
                .sum::<i128>(),
            health.total
        );
    }
    // The lone fighter survives exactly the trials its side won; health and damage per
    // combatant add up to the side totals and the metric.
    let kask = &s.combatants[2];
    assert_eq!(kask.survived, s.wins[1]);
    assert!(s.wins[1] > 0 && s.wins[0] > 0, "{:?}", s.wins);
    for side in 0..2 {
        let per: i128 = s
            .combatants
            .iter()
            .filter(|c| c.side == side)
            .map(|c| c.tracks[0].total)
            .sum();
        assert_eq!(per, s.health_total[side], "side {side}");
    }
    let dealt: i128 = s.combatants.iter().map(|c| c.counters[0].total).sum();
    assert_eq!(dealt, s.metric_total);
    // Survival interval brackets the rate.
    let (low, high) = kask.survival_interval();
    assert!(low < kask.survival_rate() && kask.survival_rate() < high);
    assert!(kask.counters[0].standard_error() > 0.0);
}

#[test]
fn combatant_statistics_do_not_depend_on_threads_or_blocks() {
    let one = run(1_001, 1);
    assert_eq!(run(1_001, 2), one);
    assert_eq!(run(1_001, 3), one);
    let mut blocks = simulate_range::<Duel>(&setup(), 0, 400, 7, 2, None).unwrap();
    blocks.merge(&simulate_range::<Duel>(&setup(), 400, 601, 7, 1, None).unwrap());
    assert_eq!(blocks, one);
}

#[test]
fn a_policy_simulation_gathers_the_same_statistics_as_the_default_tactic() {
    // The only option is the default tactic's command, so the games are the same.
    let tactic = run(500, 1);
    let policy = simulate_with::<Duel, _>(&setup(), &FirstOption, 500, 7, 2).unwrap();
    assert_eq!(policy, tactic);
    for stream in [0, 3, 499] {
        assert_eq!(
            run_trial_with::<Duel, _>(&setup(), &FirstOption, 7, stream).unwrap(),
            run_trial::<Duel>(&setup(), 7, stream).unwrap()
        );
    }
}

#[test]
fn summaries_with_combatants_round_trip_through_json() {
    let s = run(300, 2);
    let json = serde_json::to_string(&s).unwrap();
    assert!(json.contains(r#""name":"Kask""#), "{json}");
    let back: SimSummary = serde_json::from_str(&json).unwrap();
    assert_eq!(back, s);
}
