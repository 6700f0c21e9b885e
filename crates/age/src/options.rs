//! Legal options and their previews: the decision protocol of `fray_dice` for AGE.
//!
//! [`options`] lists who decides and every command `apply` accepts now. Candidates are built
//! from the state and each is kept only if the one rule path, `apply` on a copy, accepts it:
//! a list and the engine cannot disagree on what is legal. Numeric fields (where to move,
//! where a grenade lands, a GM's modifier) and stunt purchases are parametrised options with
//! their bounds ([`fray_dice::Param`]).
//!
//! Decision points (pending choices the engine waits for):
//! - **Which stunts** to buy with the SP of a hit with doubles (AGE-21; a Stunt Attack must
//!   spend at least 1 SP, AGE-10): the attacker answers with `spend_stunts`, and with a
//!   Skirmish also whom it moves and which way (its `skirmish` parameter).
//! - **Whether to absorb** damage past Fortune by taking Injured, then Wounded (AGE-15; never
//!   when already Wounded): the target answers with `absorb`.
//!
//! The game master's `test`, `apply_condition` and `remove_condition` are listed too, one
//! of each per participant (kind `GameMaster`, the participant as `actor`), because `apply`
//! accepts them at every turn boundary; `Options::for_decider` leaves them out.

use fray_dice::{
    Decide, Decider, Domain, EventLog, Item, LegalOption, OddsTable, OptionKind, Options, Param,
    Rng, RuleError,
};
use serde_json::{json, Value};

use crate::catalog::{odds_tables, OddsSpec};
use crate::conditions::Condition;
use crate::engine::{
    apply, attack_plan, move_budget, speed, weapon_for, weapon_name, weapon_range,
};
use crate::engine::{AttackAction, Command, Sense, SkirmishMove, State};
use crate::resolve::StuntEffect;
use crate::resolve::TestSpec;
use crate::setup::Ability;
use crate::setup::{MAX_POSITION, MAX_SETTING};
use crate::Age;

/// Whether `apply` accepts `command` in `state` (tried on a copy; any dice will do, since
/// every refusal comes before the first die).
/// Refusals are left unwritten ([`crate::text::probing`]): only acceptance is kept.
fn accepted(state: &State, command: &Command) -> bool {
    let mut copy = state.clone();
    crate::text::probing(|| {
        apply(
            &mut copy,
            command,
            &mut Rng::new(0, 0),
            &mut EventLog::quiet(),
        )
        .is_ok()
    })
}

/// Collects options, keeping those `apply` accepts.
struct List<'a> {
    state: &'a State,
    out: Vec<LegalOption<Command>>,
}

impl List<'_> {
    fn add(&mut self, option: LegalOption<String>, command: Command) {
        if accepted(self.state, &command) {
            self.out.push(option.with(command));
        }
    }
}

fn opt(kind: OptionKind, actor: &str, label: String, action: &str) -> LegalOption<String> {
    LegalOption::new(kind, actor, label, action)
}

fn position_range(field: &str, at: i32, reach: i64) -> Param {
    let max = i64::from(MAX_POSITION);
    let at = i64::from(at);
    Param::range(field, (at - reach).max(-max), (at + reach).min(max))
}

fn values<T: serde::Serialize>(items: &[T]) -> Vec<Value> {
    items
        .iter()
        .map(|i| serde_json::to_value(i).expect("serializes"))
        .collect()
}

const CONDITIONS: [Condition; 12] = [
    Condition::Fatigued,
    Condition::Exhausted,
    Condition::Injured,
    Condition::Wounded,
    Condition::Dying,
    Condition::Prone,
    Condition::Unconscious,
    Condition::Helpless,
    Condition::Restrained,
    Condition::Slowed,
    Condition::Blinded,
    Condition::Deafened,
];

const ABILITIES: [Ability; 9] = [
    Ability::Accuracy,
    Ability::Communication,
    Ability::Constitution,
    Ability::Dexterity,
    Ability::Fighting,
    Ability::Intelligence,
    Ability::Perception,
    Ability::Strength,
    Ability::Willpower,
];

/// Who decides now and every legal command (see the module docs).
pub fn options(state: &State) -> Options<Command> {
    let mut list = List {
        state,
        out: Vec::new(),
    };
    let decider = if state.over {
        return Options {
            decider: Decider::Nobody,
            list: Vec::new(),
        };
    } else if let Some(a) = &state.absorbing {
        absorb_options(&mut list, a.target);
        a.target
    } else if let Some(p) = &state.pending {
        stunt_options(&mut list, p);
        p.attacker
    } else {
        turn_options(&mut list, state.turn.actor);
        reactions(&mut list);
        game_master(&mut list);
        state.turn.actor
    };
    let c = &state.combatants[decider];
    Options {
        decider: Decider::participant(&*c.name, c.side),
        list: list.out,
    }
}

fn absorb_options(list: &mut List, target: usize) {
    let state = list.state;
    let a = state.absorbing.as_ref().expect("absorbing");
    let name = &state.combatants[target].name;
    let offer = if a.offer == Condition::Injured {
        "Injured"
    } else {
        "Wounded"
    };
    let absorb = |take| Command::Absorb {
        actor: name.clone(),
        take,
    };
    list.add(
        opt(
            OptionKind::PendingChoice,
            name,
            format!("take {offer} to absorb 1d6 of the {} damage left", a.left),
            "absorb",
        )
        .cost(offer),
        absorb(true),
    );
    list.add(
        opt(
            OptionKind::PendingChoice,
            name,
            format!(
                "decline {offer}: the {} damage left takes {name} out",
                a.left
            ),
            "absorb",
        ),
        absorb(false),
    );
}

fn stunt_options(list: &mut List, p: &crate::engine::Pending) {
    let state = list.state;
    let a = &state.combatants[p.attacker];
    let automatic = p.weapon.is_some_and(|w| a.weapons[w].weapon.automatic) && !p.melee;
    let opponents: Vec<String> = state
        .combatants
        .iter()
        .filter(|c| c.side != a.side)
        .map(|c| c.name.to_string())
        .collect();
    let spend = |stunts| Command::SpendStunts {
        actor: a.name.clone(),
        stunts,
        skirmish: None,
    };
    let before = list.out.len();
    list.add(
        opt(
            OptionKind::PendingChoice,
            &a.name,
            format!("forgo the {} SP", p.points),
            "spend_stunts",
        ),
        spend(Vec::new()),
    );
    let mut items = Vec::new();
    for row in &state.rules.stunts.0 {
        let chained = p.action == AttackAction::Lightning && !state.rules.lightning_chains;
        if row.automatic_only && !automatic
            || row.min > p.points
            || chained && row.effect == StuntEffect::LightningAttack
        {
            continue;
        }
        let max = row.max.unwrap_or(u8::MAX).min(p.points);
        let lightning = row.effect == StuntEffect::LightningAttack;
        items.push(Item {
            name: row.name.to_string(),
            min: u32::from(row.min),
            max: u32::from(max),
            repeatable: row.repeatable,
            targets: if lightning {
                opponents.clone()
            } else {
                Vec::new()
            },
        });
        let one = crate::resolve::StuntChoice {
            stunt: row.name.clone(),
            points: row.min,
            target: None,
        };
        let mut option = opt(
            OptionKind::PendingChoice,
            &a.name,
            format!(
                "buy {} for {} SP",
                crate::text::stunt_name(fray_dice::Lang::En, &row.name),
                row.min
            ),
            "spend_stunts",
        )
        .using(&*row.name)
        .cost(format!("{} SP", row.min));
        if row.effect == StuntEffect::Skirmish {
            option = option.param(skirmish_param());
        }
        list.add(option, spend(vec![one]));
    }
    // Every purchase: any rows within their costs, summing to at most the points earned.
    let Some(example) = list.out[before..].first().map(|o| o.command.clone()) else {
        return;
    };
    let purchase = Param {
        optional: false,
        field: "stunts".into(),
        domain: Domain::Purchase {
            item_key: "stunt".into(),
            amount_key: "points".into(),
            items,
            min_total: u32::from(p.action == AttackAction::Stunt),
            max_total: u32::from(p.points),
        },
    };
    list.add(
        opt(
            OptionKind::PendingChoice,
            &a.name,
            format!("spend up to {} SP on stunts", p.points),
            "spend_stunts",
        )
        .param(purchase)
        .param(skirmish_param()),
        example,
    );
}

/// Whom a Skirmish bought moves and which way (AGE-21): any of the four, or absent (the
/// target, away); `apply` ignores it when no Skirmish is bought, so it is free everywhere.
fn skirmish_param() -> Param {
    Param::one_of("skirmish", values(&SkirmishMove::ALL)).optional()
}

fn turn_options(list: &mut List, me: usize) {
    let state = list.state;
    let c = &state.combatants[me];
    let actor = || c.name.clone();
    let an = &*c.name;
    let turn = OptionKind::TurnAction;
    let melee_weapon = weapon_name(c, weapon_for(c, true).ok().and_then(|w| w.0));
    let ranged_weapon = weapon_for(c, false).ok().map(|(w, _)| weapon_name(c, w));
    for t in &state.combatants {
        let tn = &*t.name;
        let target = || t.name.clone();
        let attack = |label: &str, action: &str, using: &str| {
            opt(turn, an, format!("{label} on {tn} with {using}"), action)
                .target(tn)
                .using(using)
                .cost("major action")
        };
        list.add(
            attack("melee attack", "melee_attack", &melee_weapon),
            Command::MeleeAttack {
                actor: actor(),
                target: target(),
            },
        );
        list.add(
            attack("heavy attack", "heavy_attack", &melee_weapon),
            Command::HeavyAttack {
                actor: actor(),
                target: target(),
            },
        );
        list.add(
            attack("charge", "charge", &melee_weapon),
            Command::Charge {
                actor: actor(),
                target: target(),
            },
        );
        if let Some(w) = &ranged_weapon {
            list.add(
                attack("ranged attack", "ranged_attack", w),
                Command::RangedAttack {
                    actor: actor(),
                    target: target(),
                },
            );
        }
        let stunt_with = ranged_weapon
            .as_ref()
            .filter(|_| c.position.abs_diff(t.position) > state.rules.melee_reach)
            .unwrap_or(&melee_weapon);
        list.add(
            attack("stunt attack", "stunt_attack", stunt_with),
            Command::StuntAttack {
                actor: actor(),
                target: target(),
            },
        );
        list.add(
            opt(turn, an, format!("first aid on {tn}"), "first_aid")
                .target(tn)
                .cost("major action"),
            Command::FirstAid {
                actor: actor(),
                target: target(),
            },
        );
        list.add(
            opt(turn, an, format!("ready an attack on {tn}"), "ready")
                .target(tn)
                .cost("major action")
                .cost("minor action"),
            Command::Ready {
                actor: actor(),
                target: target(),
            },
        );
    }
    let minor =
        |label: &str, action: &str| opt(turn, an, label.to_owned(), action).cost("minor action");
    list.add(
        opt(turn, an, "defend (+2 Defense)".into(), "defend").cost("major action"),
        Command::Defend { actor: actor() },
    );
    list.add(
        minor("aim (+1 to the next attack)", "aim"),
        Command::Aim { actor: actor() },
    );
    for bonus in 1..=2 {
        list.add(
            minor(&format!("guarded stance +{bonus}"), "guarded_stance"),
            Command::GuardedStance {
                actor: actor(),
                bonus,
            },
        );
    }
    list.add(
        minor("stand firm", "stand_firm"),
        Command::StandFirm { actor: actor() },
    );
    list.add(
        minor("reload", "reload"),
        Command::Reload { actor: actor() },
    );
    for (i, w) in c.weapons.iter().enumerate() {
        let name = &w.weapon.name;
        if c.weapons[..i].iter().any(|o| o.weapon.name == *name) {
            continue;
        }
        list.add(
            minor(&format!("take up {name}"), "take_up").using(name.as_str()),
            Command::TakeUp {
                actor: actor(),
                item: name.clone(),
            },
        );
    }
    list.add(
        minor("activate", "activate").param(Param::text("what")),
        Command::Activate {
            actor: actor(),
            what: "item".into(),
        },
    );
    let mobile = !state.free_fall || c.free_fall_mobility;
    for flags in 0..8u8 {
        let (stand_up, drop_prone, push) = (flags & 1 != 0, flags & 2 != 0, flags & 4 != 0);
        let budget = move_budget(state, c, stand_up, drop_prone);
        let reach = if push || mobile {
            i64::from(budget.max(0))
        } else {
            0
        };
        let label = match (stand_up, drop_prone) {
            (true, true) => "stand up, move and drop prone",
            (true, _) => "stand up and move",
            (_, true) => "move and drop prone",
            _ => "move",
        };
        let label = if push {
            format!("{label}, pushing off (free fall)")
        } else {
            label.to_owned()
        };
        list.add(
            minor(&label, "move").param(position_range("to", c.position, reach)),
            Command::Move {
                actor: actor(),
                to: c.position,
                stand_up,
                drop_prone,
                push,
            },
        );
    }
    list.add(
        opt(turn, an, "run (double Speed, the whole turn)".into(), "run")
            .cost("whole turn")
            .param(position_range(
                "to",
                c.position,
                2 * i64::from(speed(state, c).max(0)),
            )),
        Command::Run {
            actor: actor(),
            to: c.position,
        },
    );
    if let Some(wi) = c
        .in_hand
        .filter(|&i| c.weapons[i].weapon.kind.is_explosive())
    {
        let w = &c.weapons[wi];
        let band = weapon_range(c, Some(wi), w.weapon.kind).map_or(0, |b| i64::from(b.max));
        list.add(
            opt(
                turn,
                an,
                format!("throw {} at a point", w.weapon.name),
                "throw_grenade",
            )
            .using(w.weapon.name.as_str())
            .cost("major action")
            .param(position_range("at", c.position, band))
            .param(
                Param::range("tn", i64::from(state.rules.grenade_tn), i64::from(i32::MAX))
                    .optional(),
            )
            .param(Param::one_of(
                "deviate_long",
                vec![json!(true), json!(false)],
            )),
            Command::ThrowGrenade {
                actor: actor(),
                at: c.position,
                tn: None,
                deviate_long: true,
            },
        );
    }
    list.add(
        opt(turn, an, "pursue".into(), "pursue").cost("free"),
        Command::Pursue { actor: actor() },
    );
    list.add(
        opt(turn, an, "end the turn".into(), "end_turn"),
        Command::EndTurn { actor: actor() },
    );
}

/// Readied attacks others may release now (AGE-11).
fn reactions(list: &mut List) {
    let state = list.state;
    for c in &state.combatants {
        if let Some(r) = &c.readied {
            let target = &*state.combatants[r.target].name;
            list.add(
                opt(
                    OptionKind::Reaction,
                    &c.name,
                    format!("release the readied attack on {target}"),
                    "interrupt",
                )
                .target(target),
                Command::Interrupt {
                    actor: c.name.clone(),
                },
            );
        }
    }
}

/// The game master's commands: a test, a condition befalling someone or ending; one option
/// of each per participant, whose name is the option's `actor` (whom it concerns).
fn game_master(list: &mut List) {
    let state = list.state;
    let setting = i64::from(MAX_SETTING);
    for c in &state.combatants {
        let who = &*c.name;
        let gm = |label: String, action: &str| {
            opt(OptionKind::GameMaster, who, label, action).target(who)
        };
        list.add(
            gm(format!("game master: {who} makes a test"), "test")
                .param(Param::one_of("ability", values(&ABILITIES)))
                .param(Param::one_of("focus", vec![json!(true), json!(false)]))
                .param(Param::range("modifier", -setting, setting))
                .param(Param::range("tn", -setting, setting).optional())
                .param(Param::one_of(
                    "sense",
                    values(&[Sense::None, Sense::Sight, Sense::Hearing]),
                )),
            Command::Test {
                actor: c.name.clone(),
                ability: Ability::Dexterity,
                focus: false,
                modifier: 0,
                tn: None,
                sense: Sense::None,
            },
        );
        for (label, action, remove) in [
            ("a condition befalls", "apply_condition", false),
            ("a condition ends for", "remove_condition", true),
        ] {
            let option = gm(format!("game master: {label} {who}"), action)
                .param(Param::one_of("condition", values(&CONDITIONS)));
            let (target, condition) = (c.name.clone(), Condition::Prone);
            let command = if remove {
                Command::RemoveCondition { target, condition }
            } else {
                Command::ApplyCondition { target, condition }
            };
            list.add(option, command);
        }
    }
}

/// The exact odds of `command`: an attack's success and stunt points against its target's
/// Defense with every modifier of the situation (range, Aim, Charge, prone target,
/// conditions, stances; a Stunt Attack's hit adds `rules.stunt_attack_points` SP), a grenade
/// throw's against its TN, first aid's and a GM test's; the same tables `fray odds age`
/// prints for those numbers (`threshold=0`). Empty for a command that rolls no test; refused
/// for an illegal one.
pub fn preview(state: &State, command: &Command) -> Result<Vec<OddsTable>, RuleError> {
    apply(
        &mut state.clone(),
        command,
        &mut Rng::new(0, 0),
        &mut EventLog::quiet(),
    )?;
    let spec = match command {
        Command::ThrowGrenade { actor, at, tn, .. } => {
            let c = state
                .combatants
                .iter()
                .find(|c| c.name == *actor)
                .expect("accepted");
            let wi = c.in_hand.expect("accepted");
            let w = &c.weapons[wi].weapon;
            let band = weapon_range(c, Some(wi), w.kind).expect("accepted");
            let range = crate::resolve::range_modifier(band, c.position.abs_diff(*at))?;
            TestSpec {
                ability: c.abilities.accuracy,
                focus: w.focus.as_ref().is_some_and(|f| c.foci.contains(f)),
                modifier: c.conditions.roll_penalty() - c.guarded + i32::from(c.aimed) + range,
                tn: Some(tn.unwrap_or(state.rules.grenade_tn)),
                auto_fail: false,
            }
        }
        Command::FirstAid { actor, .. } => {
            let c = state
                .combatants
                .iter()
                .find(|c| c.name == *actor)
                .expect("accepted");
            TestSpec {
                ability: c.abilities.intelligence,
                focus: c.foci.iter().any(|f| f == "Medicine"),
                modifier: c.conditions.roll_penalty() - c.guarded,
                tn: Some(state.rules.first_aid_tn),
                auto_fail: false,
            }
        }
        _ => match attack_plan(state, command)? {
            Some((plan, _)) => {
                let range = match plan.spec.range {
                    Some(band) => crate::resolve::range_modifier(band, plan.spec.distance)?,
                    None => 0,
                };
                TestSpec {
                    ability: plan.spec.ability,
                    focus: plan.spec.focus,
                    modifier: plan.spec.modifier + range,
                    tn: Some(plan.spec.defense),
                    auto_fail: false,
                }
            }
            None => return Ok(Vec::new()),
        },
    };
    odds_tables(&OddsSpec {
        ability: spec.ability,
        focus: spec.focus,
        modifier: spec.modifier,
        tn: spec.tn.expect("a TN"),
        threshold: 0,
        ..OddsSpec::default()
    })
}

impl Decide for Age {
    fn options(state: &State) -> Options<Command> {
        options(state)
    }

    fn preview(state: &State, command: &Command) -> Result<Vec<OddsTable>, RuleError> {
        preview(state, command)
    }
}
