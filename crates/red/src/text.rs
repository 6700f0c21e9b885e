//! Readable text (issue 18): every log line, the summary and refusals, made here from the
//! events and `locales/{en,ru}.ftl`, never stored. Russian uses the source's own terms
//! (Реакция, Скорость, раунд, ход, перемещение, действие, броня, смертельное ранение,
//! Отложить действие …) and, where the source is silent, the established Russian Cyberpunk
//! RED ones (Ловкость, Уклонение, СЛ, ПЗ, критическая травма, спасбросок от смерти).
//!
//! Every roll line shows its arithmetic: the stat and skill by name with their values, each
//! modifier by source, the d10 with its critical die (RED-31), the total and what it is
//! compared with — a DV with its weapon row and distance, or the defender's own roll — and
//! says when a tie decided it (ties go to the defender, RED-30). Damage reads as the chain
//! dice → autofire multiplier → armour SP (halved for melee) → head multiplier → critical
//! bonus → HP before → after, with the maximum.
//!
//! RED keeps nothing secret from the players: a delay is declared aloud («заранее сказать»,
//! RED-10) and the evasion choice is the defender's own, so every reader sees every line.

pub(crate) use fray_dice::{is_probing, probing};
use std::sync::LazyLock;

use fray_dice::{msg, Lang, Message, Texts, View};

use crate::engine::Trigger;
use crate::engine::{Aim, DefenseRoll, Event, FireMode, Leaving, Location, MoveMode, Stat, Terms};
use crate::resolve::{Wound, D10};

/// RED's messages in English and Russian.
pub static TEXTS: LazyLock<Texts> = LazyLock::new(|| Texts::new(&LOCALES));

/// The message files, for the tests that compare them.
pub const LOCALES: [(Lang, &str); 2] = [
    (Lang::En, include_str!("../locales/en.ftl")),
    (Lang::Ru, include_str!("../locales/ru.ftl")),
];

/// A refusal written from message `id` of RED's files (English in `message`).
pub(crate) fn refusal(rule: &'static str, message: Message) -> fray_dice::RuleError {
    if is_probing() {
        // Nobody reads it: `options` keeps only whether `apply` accepted.
        return fray_dice::RuleError::new(rule, String::new());
    }
    fray_dice::RuleError::text(rule, &TEXTS, message)
}

/// Adds `key`'s display name (message `prefix-key`, else the key as words) as `name`
/// (English) and `name-ru` (Russian): a refusal is written again in another language from
/// the same arguments, so translated names travel in each.
#[cold]
pub(crate) fn with_named(message: Message, name: &str, prefix: &str, key: &str) -> Message {
    if is_probing() {
        return message;
    }
    message
        .arg(name, W(Lang::En).named(prefix, key))
        .arg(format!("{name}-ru"), W(Lang::Ru).named(prefix, key))
}

struct W(Lang);

impl W {
    fn get(&self, m: Message) -> String {
        TEXTS.get(self.0, &m)
    }
    fn id(&self, id: &str) -> String {
        TEXTS.get(self.0, &Message::new(id))
    }
    /// Message `prefix-key` when the files have one, else the key as words.
    fn named(&self, prefix: &str, key: &str) -> String {
        let id = format!("{prefix}-{}", key.to_lowercase().replace(' ', "-"));
        if TEXTS.has(self.0, &id) {
            self.id(&id)
        } else {
            key.replace('_', " ")
        }
    }
    fn skill(&self, key: &str) -> String {
        self.named("red-skill", key)
    }
    /// A weapon's name; the default profiles' names have their translation.
    fn weapon(&self, name: &str) -> String {
        self.named("red-weapon", name)
    }
    fn stat(&self, stat: Stat) -> String {
        let key = serde_json::to_value(stat)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default();
        self.id(&format!("red-stat-{key}"))
    }
    fn wound(&self, w: Wound) -> String {
        self.id(match w {
            Wound::Unhurt => "state-unhurt",
            Wound::Lightly => "state-lightly-wounded",
            Wound::Seriously => "state-seriously-wounded",
            Wound::Mortally => "state-mortally-wounded",
        })
    }
    fn place(&self, l: Location) -> String {
        self.id(match l {
            Location::Head => "red-to-head",
            Location::Body => "red-to-body",
        })
    }
    /// "+ Handgun 5", "− armour 2".
    fn term(&self, what: &str, value: i32) -> String {
        let id = if value < 0 { "red-minus" } else { "red-plus" };
        self.get(msg!(id, what = what, value = value.abs()))
    }
    /// "d10 7", "d10 10 + critical d10 3", "d10 1 − critical d10 7".
    fn d10(&self, r: &D10) -> String {
        let id = match r.extra {
            0 => "red-d10",
            e if e > 0 => "red-d10-up",
            _ => "red-d10-down",
        };
        self.get(msg!(id, n = r.natural, extra = r.extra.abs()))
    }
    /// "REF 8 + Handgun 5 − armour 2 − wounds 2 + d10 4": every term of `t`, the skill by
    /// name, then the d10. A term of 0 is left out, except the skill.
    fn roll(&self, t: &Terms, skill: &str, r: &D10) -> String {
        let mut parts = Vec::with_capacity(8);
        if t.stat != Stat::None {
            parts.push(self.get(msg!(
                "red-first",
                what = self.stat(t.stat),
                value = t.stat_value
            )));
        }
        if !skill.is_empty() {
            parts.push(self.term(&self.skill(skill), t.skill));
        }
        for (id, value) in [
            ("red-term-armor", t.armor),
            ("red-term-wound", t.wound),
            ("red-term-injury", t.injury),
            ("red-term-aimed", t.aimed),
            ("red-term-modifier", t.modifier),
        ] {
            if value != 0 {
                parts.push(self.term(&self.id(id), value));
            }
        }
        let die = self.d10(r);
        if parts.is_empty() {
            return die;
        }
        parts.push(self.get(msg!("red-plus-die", die = die)));
        parts.join(" ")
    }
    /// "17 vs DV 15 → hit", with the tie rule when the totals are equal.
    fn outcome(&self, total: i32, against: i32, won: bool, yes: &str, no: &str) -> String {
        let mut result = self.id(if won { yes } else { no });
        if total == against {
            result = self.get(msg!("red-tie", result = result));
        }
        result
    }
}

/// The line for `event` in `view.lang`. RED keeps nothing secret; two events have no line
/// of their own because the attack line says it: that an attack waits for the defender's
/// evasion choice, and that the defender evades (the attack reads "vs Solo's evasion …").
/// A defender who could evade and does not keeps its line.
pub fn line(event: &Event, view: &View) -> Option<String> {
    match event {
        Event::EvasionAsked { .. } | Event::EvasionChosen { evades: true, .. } => None,
        _ => Some(text(event, view.lang)),
    }
}

/// The English line for the game master (`Catalog::describe`), for every event.
pub fn describe(event: &Event) -> String {
    text(event, Lang::En)
}

#[allow(clippy::too_many_lines)]
fn text(event: &Event, lang: Lang) -> String {
    let w = W(lang);
    use Event as E;
    match event {
        E::Initiative {
            who,
            reflexes,
            bonus,
            roll,
            total,
            armor,
        } => {
            let terms = Terms {
                stat: Stat::Ref,
                stat_value: reflexes - armor,
                armor: *armor,
                modifier: *bonus,
                ..Terms::default()
            };
            w.get(msg!(
                "red-initiative",
                who = who.as_str(),
                roll = w.roll(&terms, "", roll),
                total = *total
            ))
        }
        E::TieReroll {
            who,
            roll,
            extra,
            total,
            reflexes,
            bonus,
            armor,
        } => {
            let die = D10 {
                natural: *roll,
                extra: *extra,
                value: *roll as i32 + extra,
            };
            let roll = if *total == die.value && *reflexes == 0 && *bonus == 0 {
                w.d10(&die)
            } else {
                let terms = Terms {
                    stat: Stat::Ref,
                    stat_value: reflexes - armor,
                    armor: *armor,
                    modifier: *bonus,
                    ..Terms::default()
                };
                w.roll(&terms, "", &die)
            };
            w.get(msg!(
                "red-tie-reroll",
                who = who.as_str(),
                roll = roll,
                total = *total
            ))
        }
        E::Order { queue } => w.get(msg!("red-order", queue = queue.join(", "))),
        E::RoundStarted { round } => w.get(msg!("red-round", round = *round)),
        E::RoundEnded { round } => w.get(msg!("red-round-ended", round = *round)),
        E::TurnStarted { who } => w.get(msg!("red-turn", who = who.as_str())),
        E::TurnEnded { who } => w.get(msg!("red-turn-ended", who = who.as_str())),
        E::DeathSave {
            who,
            roll,
            penalty,
            body,
            success,
        } => {
            let id = if *success {
                "red-death-save-survives"
            } else if *roll == 10 {
                "red-death-save-ten"
            } else {
                "red-death-save-fails"
            };
            w.get(msg!(
                id,
                who = who.as_str(),
                roll = *roll,
                penalty = *penalty,
                total = *roll as i32 + penalty,
                body = *body
            ))
        }
        E::Died { who } => w.get(msg!("red-died", who = who.as_str())),
        E::Moved {
            who,
            from,
            to,
            mode,
            cost,
            left,
            grid,
        } => {
            let how = w.id(match mode {
                MoveMode::Walk => "red-move-walk",
                MoveMode::Swim => "red-move-swim",
                MoveMode::Climb => "red-move-climb",
                MoveMode::RunningJump => "red-move-running-jump",
                MoveMode::StandingJump => "red-move-standing-jump",
            });
            w.get(msg!(
                if *grid { "red-moved-grid" } else { "red-moved" },
                who = who.as_str(),
                how = how,
                from = *from,
                to = *to,
                cost = *cost,
                left = *left
            ))
        }
        E::Ran { who, metres } => w.get(msg!("red-ran", who = who.as_str(), metres = *metres)),
        E::EvasionAsked { who, attacker } => w.get(msg!(
            "red-evasion-asked",
            who = who.as_str(),
            attacker = attacker.as_str()
        )),
        E::EvasionChosen { who, evades } => w.get(msg!(
            if *evades {
                "red-evades"
            } else {
                "red-no-evasion"
            },
            who = who.as_str()
        )),
        E::Attack {
            who,
            target,
            weapon,
            mode,
            aim,
            roll,
            total,
            terms,
            skill,
            defense,
            row,
            distance,
            hit,
            margin,
            multiplier,
            cap,
            spent,
            rounds_left,
            delayed: _,
        } => {
            let how = match (mode, aim) {
                (FireMode::Autofire, _) => w.id("red-how-autofire"),
                (_, Aim::None) => String::new(),
                (_, Aim::Head) => w.id("red-how-head"),
                (_, Aim::Item) => w.id("red-how-item"),
                (_, Aim::Leg) => w.id("red-how-leg"),
            };
            let (against, defense) = match defense {
                DefenseRoll::Dv { dv } => (
                    *dv,
                    w.get(msg!(
                        "red-vs-dv",
                        dv = *dv,
                        row = w.named("red-row", row),
                        distance = *distance
                    )),
                ),
                DefenseRoll::Evasion { roll, total, terms } => (
                    *total,
                    w.get(msg!(
                        "red-vs-evasion",
                        target = target.as_str(),
                        roll = w.roll(terms, "evasion", roll),
                        total = *total
                    )),
                ),
            };
            let mut result = if *hit && *mode == FireMode::Autofire {
                w.get(msg!(
                    "red-hit-autofire",
                    margin = *margin,
                    multiplier = *multiplier,
                    cap = *cap
                ))
            } else {
                w.id(if *hit { "red-hit" } else { "red-miss" })
            };
            if *total == against {
                result = w.get(msg!("red-tie", result = result));
            }
            let ammo = match rounds_left {
                Some(left) if *mode == FireMode::Autofire || *spent > 1 => {
                    w.get(msg!("red-ammo-burst", spent = *spent, left = *left))
                }
                Some(left) => w.get(msg!("red-ammo-left", left = *left)),
                None => String::new(),
            };
            let unarmed = row.is_empty() && weapon == skill;
            w.get(msg!(
                if unarmed {
                    "red-attack-unarmed"
                } else {
                    "red-attack"
                },
                who = who.as_str(),
                target = target.as_str(),
                weapon = w.weapon(weapon),
                how = how,
                roll = w.roll(terms, skill, roll),
                total = *total,
                defense = defense,
                result = result,
                ammo = ammo
            ))
        }
        E::Damage {
            who,
            location,
            dice,
            multiplier,
            raw,
            sp,
            effective_sp,
            head_multiplier,
            through,
            bonus,
            hp_loss,
            hp,
            hp_max,
        } => {
            let rolled: u32 = dice.iter().sum();
            let faces: Vec<String> = dice.iter().map(u32::to_string).collect();
            let mut chain = if dice.is_empty() {
                raw.to_string()
            } else {
                w.get(msg!(
                    "red-damage-dice",
                    count = dice.len(),
                    faces = faces.join(" + "),
                    rolled = rolled
                ))
            };
            if *multiplier > 1 {
                chain.push_str(&w.get(msg!(
                    "red-damage-autofire",
                    multiplier = *multiplier,
                    raw = *raw
                )));
            }
            let armour = if effective_sp != sp {
                w.get(msg!("red-sp-halved", sp = *effective_sp, full = *sp))
            } else {
                w.get(msg!("red-sp", sp = *sp))
            };
            let penetrated = i64::from(*raw) > i64::from(*effective_sp);
            if penetrated {
                let past = *raw - (*effective_sp).max(0) as u32;
                chain.push_str(&w.get(msg!("red-damage-through", armour = armour, past = past)));
                if *head_multiplier > 1 {
                    chain.push_str(&w.get(msg!(
                        "red-damage-head",
                        multiplier = *head_multiplier,
                        through = *through
                    )));
                }
            } else {
                chain.push_str(&w.get(msg!("red-damage-stopped", armour = armour)));
            }
            if *bonus > 0 {
                chain.push_str(&w.get(msg!(
                    if penetrated {
                        "red-damage-critical"
                    } else {
                        "red-damage-critical-past"
                    },
                    bonus = *bonus,
                    loss = *hp_loss
                )));
            }
            w.get(msg!(
                "red-damage",
                who = who.as_str(),
                place = w.place(*location),
                chain = chain,
                hp = w.hp(*hp + *hp_loss as i32, *hp, *hp_max)
            ))
        }
        E::Ablated { who, location, sp } => w.get(msg!(
            match location {
                Location::Head => "red-ablated-head",
                Location::Body => "red-ablated-body",
            },
            who = who.as_str(),
            before = *sp + 1,
            sp = *sp
        )),
        E::CriticalInjury {
            who,
            table,
            roll,
            name,
            effect,
        } => {
            let key = name.to_lowercase().replace(' ', "-");
            let (name, effect) =
                if lang == Lang::En || !TEXTS.has(lang, &format!("red-injury-{key}")) {
                    (name.clone(), effect.clone())
                } else {
                    (
                        w.id(&format!("red-injury-{key}")),
                        w.id(&format!("red-injury-{key}-effect")),
                    )
                };
            w.get(msg!(
                if *roll == 0 {
                    "red-critical-injury-leg"
                } else {
                    "red-critical-injury"
                },
                who = who.as_str(),
                table = w.id(match table {
                    Location::Head => "red-table-head",
                    Location::Body => "red-table-body",
                }),
                roll = *roll,
                name = name,
                effect = effect
            ))
        }
        E::Wounded {
            who,
            state,
            penalty,
        } => w.get(msg!(
            if *state == Wound::Mortally {
                "red-wounded-mortally"
            } else {
                "red-wounded"
            },
            who = who.as_str(),
            state = w.wound(*state),
            penalty = penalty.abs()
        )),
        E::ShieldHit {
            who,
            damage,
            hp,
            broken,
        } => w.get(msg!(
            if *broken {
                "red-shield-broken"
            } else {
                "red-shield-hit"
            },
            who = who.as_str(),
            damage = *damage,
            hp = *hp
        )),
        E::Hurt {
            who,
            by,
            how,
            damage,
            hp,
            hp_max,
        } => {
            let key = match how.as_str() {
                "choke" => "red-hurt-choke",
                "throw" => "red-hurt-throw",
                _ => "red-hurt-reopened",
            };
            w.get(msg!(
                key,
                who = who.as_str(),
                by = by.as_str(),
                damage = *damage,
                hp = w.hp(*hp + *damage as i32, *hp, *hp_max)
            ))
        }
        E::Drew { who, weapon } => w.get(msg!(
            "red-drew",
            who = who.as_str(),
            weapon = w.weapon(weapon)
        )),
        E::Dropped {
            who,
            weapon,
            forced,
        } => w.get(msg!(
            if *forced {
                "red-dropped-forced"
            } else {
                "red-dropped"
            },
            who = who.as_str(),
            weapon = w.weapon(weapon)
        )),
        E::Holstered { who, weapon } => w.get(msg!(
            "red-holstered",
            who = who.as_str(),
            weapon = w.weapon(weapon)
        )),
        E::UsedObject { who, note } => w.get(msg!(
            "red-used-object",
            who = who.as_str(),
            note = note.as_str()
        )),
        E::Reloaded {
            who,
            weapon,
            ammo,
            rounds,
        } => w.get(msg!(
            "red-reloaded",
            who = who.as_str(),
            weapon = w.weapon(weapon),
            ammo = w.named("red-ammo", ammo),
            rounds = *rounds
        )),
        E::SkillCheck {
            who,
            skill,
            roll,
            total,
            dv,
            success,
            terms,
            resists,
        } => {
            let roll = w.roll(terms, skill, roll);
            if *resists {
                w.get(msg!(
                    "red-resists",
                    who = who.as_str(),
                    roll = roll,
                    total = *total,
                    dv = *dv,
                    result = w.outcome(*total, *dv, *success, "red-holds", "red-pinned")
                ))
            } else {
                w.get(msg!(
                    "red-skill-check",
                    who = who.as_str(),
                    skill = w.skill(skill),
                    roll = roll,
                    total = *total,
                    dv = *dv,
                    result = w.outcome(*total, *dv, *success, "red-success", "red-failure")
                ))
            }
        }
        E::TaskProgress {
            who,
            skill,
            done,
            turns,
        } => w.get(msg!(
            "red-task",
            who = who.as_str(),
            skill = w.skill(skill),
            done = *done,
            turns = *turns
        )),
        E::Stabilize {
            who,
            target,
            roll,
            total,
            dv,
            success,
            terms,
            skill,
        } => w.get(msg!(
            "red-stabilize",
            who = who.as_str(),
            target = target.as_str(),
            roll = w.roll(terms, skill, roll),
            total = *total,
            dv = *dv,
            result = w.outcome(*total, *dv, *success, "red-stabilized", "red-failure")
        )),
        E::Grab {
            who,
            target,
            total,
            defense,
            roll,
            terms,
            defense_roll,
            defense_terms,
            success,
            escape,
            item,
        } => {
            let mut result = w.outcome(*total, *defense, *success, "red-success", "red-failure");
            if let Some(item) = item {
                result.push_str(&w.get(msg!("red-grab-item", item = w.weapon(item))));
            }
            w.get(msg!(
                if *escape {
                    "red-break-free"
                } else {
                    "red-grab"
                },
                who = who.as_str(),
                target = target.as_str(),
                roll = w.roll(terms, "brawling", roll),
                total = *total,
                defense_roll = w.roll(defense_terms, "brawling", defense_roll),
                defense = *defense,
                result = result
            ))
        }
        E::Thrown { who, target } => w.get(msg!(
            "red-thrown",
            who = who.as_str(),
            target = target.as_str()
        )),
        E::HumanShield { who, target } => w.get(msg!(
            "red-human-shield",
            who = who.as_str(),
            target = target.as_str()
        )),
        E::Shielded { who, by } => {
            w.get(msg!("red-shielded", who = who.as_str(), by = by.as_str()))
        }
        E::ShieldHeld { who, in_hand } => w.get(msg!(
            if *in_hand {
                "red-shield-taken"
            } else {
                "red-shield-stowed"
            },
            who = who.as_str()
        )),
        E::GotUp { who } => w.get(msg!("red-got-up", who = who.as_str())),
        E::FellProne { who } => w.get(msg!("red-prone", who = who.as_str())),
        E::Suppress {
            who,
            weapon,
            roll,
            total,
            rounds_left,
            terms,
            spent,
        } => w.get(msg!(
            "red-suppress",
            who = who.as_str(),
            weapon = w.weapon(weapon),
            roll = w.roll(terms, "autofire", roll),
            total = *total,
            ammo = w.get(msg!("red-ammo-burst", spent = *spent, left = *rounds_left))
        )),
        E::Suppressed { who } => w.get(msg!("red-suppressed", who = who.as_str())),
        E::DelayDeclared {
            who,
            action,
            target,
            trigger,
            watching,
        } => {
            let mut what = w.named("red-action", action);
            if let Some(t) = target {
                what = w.get(msg!(
                    "red-action-target",
                    action = what,
                    target = t.as_str()
                ));
            }
            w.get(msg!(
                match trigger {
                    Trigger::AfterTurn { .. } => "red-delay-after-turn",
                    Trigger::Moves { .. } => "red-delay-moves",
                },
                who = who.as_str(),
                what = what,
                watching = watching.as_str()
            ))
        }
        E::DelayTriggered { who } => w.get(msg!("red-delay-triggered", who = who.as_str())),
        E::DelayLost { who, reason } => {
            if lang == Lang::En {
                w.get(msg!(
                    "red-delay-lost",
                    who = who.as_str(),
                    reason = reason.as_str()
                ))
            } else if reason == "no longer in the fight" {
                w.get(msg!("red-delay-lost-out", who = who.as_str()))
            } else {
                // The reason is a refusal's English text: its rule ID is what carries over.
                let rule = reason.split(':').next().unwrap_or_default();
                w.get(msg!("red-delay-lost-rule", who = who.as_str(), rule = rule))
            }
        }
        E::DelayLapsed { who } => w.get(msg!("red-delay-lapsed", who = who.as_str())),
        E::Boarded {
            who,
            vehicle,
            driver,
        } => w.get(msg!(
            if *driver {
                "red-boarded-driver"
            } else {
                "red-boarded"
            },
            who = who.as_str(),
            vehicle = vehicle.as_str()
        )),
        E::VehicleStarted {
            who,
            vehicle,
            queue,
        } => w.get(msg!(
            "red-vehicle-started",
            who = who.as_str(),
            vehicle = vehicle.as_str(),
            queue = queue.join(", ")
        )),
        E::LeftVehicle { who, vehicle } => w.get(msg!(
            "red-left-vehicle",
            who = who.as_str(),
            vehicle = vehicle.as_str()
        )),
        E::NetAction { who, what, left } => w.get(msg!(
            "red-net-action",
            who = who.as_str(),
            what = what.as_str(),
            left = *left
        )),
        E::Joined {
            who,
            initiative,
            queue,
        } => w.get(msg!(
            "red-joined",
            who = who.as_str(),
            initiative = *initiative,
            queue = queue.join(", ")
        )),
        E::Left { who, how } => w.get(msg!(
            match how {
                Leaving::Flee => "red-fled",
                Leaving::Surrender => "red-surrendered",
            },
            who = who.as_str()
        )),
        E::FightOver {
            winner,
            reason: _,
            winners,
            round,
            round_limit,
        } => {
            if *round_limit {
                w.get(msg!("red-over-limit", rounds = *round))
            } else if winner.is_some() && !winners.is_empty() {
                w.get(msg!(
                    "red-over-won",
                    rounds = *round,
                    count = winners.len(),
                    winners = winners.join(", ")
                ))
            } else {
                w.get(msg!("red-over-draw", rounds = *round))
            }
        }
    }
}

impl W {
    /// "HP 35 → 18 (max 35)", or "HP stays 44 (max 45)" when nothing was lost. HP lost by
    /// one already Mortally Wounded says that death saves come every turn: a stabilization
    /// it undoes (RED-45) has no event of its own.
    fn hp(&self, before: i32, after: i32, max: i32) -> String {
        if before == after {
            return self.get(msg!("red-hp-same", hp = signed(after), max = max));
        }
        let id = if before < 1 { "red-hp-dying" } else { "red-hp" };
        let (before, after) = (signed(before), signed(after));
        self.get(msg!(id, before = before, after = after, max = max))
    }
}

/// A number with a typographic minus (HP below 0 reads "−3", not "-3").
fn signed(n: i32) -> String {
    if n < 0 {
        format!("−{}", n.unsigned_abs())
    } else {
        n.to_string()
    }
}
