//! Readable text (issue 18): every log line, the summary and refusals, made here from the
//! events and `locales/{en,ru}.ftl`, never stored. Russian uses the sheet's own terms: Куб
//! Драмы, ОП (очки приёмов), Защита, СЛ, Удача, Выносливость, Потрёпан, Ранен, Умирает.
//!
//! Every roll line shows its arithmetic: the two dice and the Drama Die, the ability with its
//! score, the focus, each modifier by name, the total and the comparison (a total equal to
//! the Defense or TN succeeds, so a tie reads `11 ≥ Defense 11`).

pub(crate) use fray_dice::{is_probing, probing};
use std::sync::LazyLock;

use fray_dice::{msg, Arg, Lang, Message, Texts, View};

use crate::conditions::Condition;
use crate::engine::{AttackAction, Event, MoveKind, Terms};
use crate::resolve::{Capacity, TestResult, TieBreak};
use crate::setup::Ability;

/// AGE's messages in English and Russian.
pub static TEXTS: LazyLock<Texts> = LazyLock::new(|| {
    Texts::new(&[
        (Lang::En, include_str!("../locales/en.ftl")),
        (Lang::Ru, include_str!("../locales/ru.ftl")),
    ])
});

/// The message files, for the tests that compare them.
pub const LOCALES: [(Lang, &str); 2] = [
    (Lang::En, include_str!("../locales/en.ftl")),
    (Lang::Ru, include_str!("../locales/ru.ftl")),
];

struct W(Lang);

/// A refusal under `rule` from `message`, without its text while [`probing`].
#[cold]
#[inline(never)]
pub(crate) fn refusal(rule: &'static str, message: Message) -> fray_dice::RuleError {
    if is_probing() {
        // Nobody reads it: `options` keeps only whether `apply` accepted.
        return fray_dice::RuleError::new(rule, String::new());
    }
    fray_dice::RuleError::text(rule, &TEXTS, message)
}

/// Adds stunt row `stunt`'s display name as `name` (English) and `name-ru` (Russian): a
/// refusal is written again in another language from the same arguments, so translated
/// names travel in each.
#[cold]
pub(crate) fn with_stunt(message: Message, name: &str, stunt: &str) -> Message {
    if is_probing() {
        return message;
    }
    message
        .arg(name, stunt_name(Lang::En, stunt))
        .arg(format!("{name}-ru"), stunt_name(Lang::Ru, stunt))
}

/// A stunt row's display name in `lang` (the default rows have messages; a row of the
/// setup's own is shown by its name, underscores as spaces). Option labels use it.
pub(crate) fn stunt_name(lang: Lang, name: &str) -> String {
    W(lang).stunt(name)
}

impl W {
    fn get(&self, m: Message) -> String {
        TEXTS.get(self.0, &m)
    }
    fn id(&self, id: &str) -> String {
        TEXTS.get(self.0, &Message::new(id))
    }
    fn ability(&self, a: Ability) -> String {
        let key = serde_json::to_value(a)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default();
        self.id(&format!("age-ability-{key}"))
    }
    fn condition(&self, c: Condition) -> String {
        let key = serde_json::to_value(c)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default();
        self.id(&format!("age-condition-{key}"))
    }
    /// A stunt row's display name: the message for the default rows, else the row's name.
    fn stunt(&self, name: &str) -> String {
        let id = format!("age-stunt-{name}");
        if TEXTS.has(self.0, &id) {
            self.id(&id)
        } else {
            name.replace('_', " ")
        }
    }
    fn weapon(&self, name: &str) -> String {
        if name == "unarmed" {
            self.id("age-unarmed")
        } else {
            name.to_owned()
        }
    }
    fn term(&self, what: String, value: i32) -> String {
        let id = if value < 0 { "age-minus" } else { "age-plus" };
        self.get(msg!(id, what = what, value = value.abs()))
    }
    /// "3 + 4 + Drama Die 5 + Fighting 2 + focus 2 − Guarded Stance 1".
    fn roll(&self, dice: [u8; 3], terms: &Terms) -> String {
        let mut parts = vec![self.get(msg!("age-dice", a = dice[0], b = dice[1], drama = dice[2]))];
        parts.push(self.term(self.ability(terms.ability), terms.score));
        if terms.focus {
            parts.push(self.term(self.id("age-focus"), crate::FOCUS_BONUS));
        }
        for (key, value, _) in terms.modifiers.terms() {
            if value != 0 {
                parts.push(self.term(self.id(&format!("age-term-{key}")), value));
            }
        }
        parts.join(" ")
    }
    /// One side of an opposed test, its bonus in one sum (the event keeps no terms for it):
    /// "3 + 4 + Drama Die 5 + 2 = 14".
    fn opposed_side(&self, roll: &TestResult) -> String {
        let dice: i32 = roll.dice.iter().map(|&d| i32::from(d)).sum();
        let bonus = roll.total - dice;
        self.get(msg!(
            "age-opposed-side",
            dice = self.get(msg!(
                "age-dice",
                a = roll.dice[0],
                b = roll.dice[1],
                drama = roll.dice[2]
            )),
            sign = if bonus < 0 { "−" } else { "+" },
            bonus = bonus.abs(),
            total = roll.total
        ))
    }
    /// "15 ≥ Defense 11: hit".
    fn check(&self, roll: &TestResult, against: &str, value: i32, yes: &str, no: &str) -> String {
        let id = if roll.total >= value {
            "age-reaches"
        } else {
            "age-falls-short"
        };
        let result = self.id(if roll.success { yes } else { no });
        self.get(msg!(
            id,
            total = roll.total,
            against = self.id(against),
            value = value,
            result = result
        ))
    }
}

/// The line for `event` in `view.lang`. AGE keeps nothing secret: every reader sees every
/// line.
pub fn line(event: &Event, view: &View) -> Option<String> {
    Some(text(event, view.lang))
}

/// The English line for the game master (`Catalog::describe`).
pub fn describe(event: &Event) -> String {
    text(event, Lang::En)
}

fn text(event: &Event, lang: Lang) -> String {
    let w = W(lang);
    match event {
        Event::Initiative {
            name,
            dice,
            total,
            terms,
        } => w.get(msg!(
            "age-initiative",
            name = &**name,
            roll = w.roll(*dice, terms),
            total = *total
        )),
        Event::RoundStarted { round, order } => {
            let order: Vec<&str> = order.iter().map(|n| &**n).collect();
            w.get(msg!("age-round", round = *round, order = order.join(", ")))
        }
        Event::TurnStarted { name } => w.get(msg!("age-turn", name = &**name)),
        Event::TurnSkipped { name, reason } => {
            let reason = w.id(&format!("age-reason-{}", reason.replace(' ', "-")));
            w.get(msg!("age-turn-skipped", name = &**name, reason = reason))
        }
        Event::TurnEnded { name } => w.get(msg!("age-turn-ended", name = &**name)),
        Event::DyingTick { name, constitution } => w.get(msg!(
            "age-dying-tick",
            name = &**name,
            constitution = *constitution
        )),
        Event::Died { name } => w.get(msg!("age-died", name = &**name)),
        Event::ReadyLost { name } => w.get(msg!("age-ready-lost", name = &**name)),
        Event::Moved {
            name,
            from,
            to,
            how,
        } => {
            let id = match how {
                MoveKind::Move => "age-moved-move",
                MoveKind::Run => "age-moved-run",
                MoveKind::Charge => "age-moved-charge",
                MoveKind::Pursue => "age-moved-pursue",
                MoveKind::Skirmish => "age-moved-skirmish",
                MoveKind::Push => "age-moved-push",
                MoveKind::Drift => "age-moved-drift",
            };
            w.get(msg!(id, name = &**name, from = *from, to = *to))
        }
        Event::Attack {
            attacker,
            target,
            action,
            weapon,
            roll,
            terms,
            defense,
            hit: _,
            stunt_points,
        } => {
            let id = match action {
                AttackAction::Melee => "age-attack-melee",
                AttackAction::Ranged => "age-attack-ranged",
                AttackAction::Heavy => "age-attack-heavy",
                AttackAction::Stunt => "age-attack-stunt",
                AttackAction::Charge => "age-attack-charge",
                AttackAction::Lightning => "age-attack-lightning",
                AttackAction::Readied => "age-attack-readied",
            };
            let sp = if *stunt_points == 0 {
                String::new()
            } else if *action == AttackAction::Stunt {
                w.get(msg!("age-sp-stunt-attack", sp = *stunt_points))
            } else {
                w.get(msg!("age-sp", sp = *stunt_points))
            };
            w.get(msg!(
                id,
                attacker = &**attacker,
                target = &**target,
                weapon = w.weapon(weapon),
                roll = w.roll(roll.dice, terms),
                check = w.check(roll, "age-defense", *defense, "age-hit", "age-miss"),
                sp = sp
            ))
        }
        Event::Capacity {
            name,
            weapon,
            result,
        } => {
            let id = match result {
                Capacity::Ignored => "age-high-capacity",
                _ => "age-jammed",
            };
            w.get(msg!(id, name = &**name, weapon = weapon.as_str()))
        }
        Event::Decompression { die, decompressed } => w.get(msg!(
            "age-decompression",
            die = *die,
            decompressed = if *decompressed { "yes" } else { "no" }
        )),
        Event::StuntsSpent {
            attacker,
            stunts,
            spent,
            earned,
        } => {
            if stunts.is_empty() {
                return w.get(msg!(
                    "age-stunts-forgone",
                    attacker = &**attacker,
                    earned = *earned
                ));
            }
            let list: Vec<String> = stunts
                .iter()
                .map(|s| {
                    w.get(msg!(
                        "age-stunt-bought",
                        stunt = w.stunt(&s.stunt),
                        points = s.points
                    ))
                })
                .collect();
            w.get(msg!(
                "age-stunts-spent",
                attacker = &**attacker,
                spent = *spent,
                earned = *earned,
                list = list.join(", ")
            ))
        }
        Event::StandFirm {
            stunt,
            result,
            held,
        } => {
            let decided = match result.decided_by {
                TieBreak::Total => String::new(),
                TieBreak::DramaDie => w.id("age-decided-drama-die"),
                TieBreak::Ability => w.id("age-decided-ability"),
                TieBreak::Tie => w.id("age-decided-tie"),
            };
            w.get(msg!(
                "age-stand-firm",
                stunt = w.stunt(stunt),
                first = w.opposed_side(&result.first),
                second = w.opposed_side(&result.second),
                decided = decided,
                held = if *held { "yes" } else { "no" }
            ))
        }
        Event::DamageRolled {
            target,
            grenade,
            roll,
        } => {
            let faces = |f: &[u8]| {
                f.iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join(" + ")
            };
            let extra = if roll.extra.is_empty() {
                String::new()
            } else {
                w.get(msg!("age-damage-extra", faces = faces(&roll.extra)))
            };
            let bonus = if roll.bonus == 0 {
                String::new()
            } else {
                w.get(msg!(
                    "age-damage-bonus",
                    sign = if roll.bonus < 0 { "−" } else { "+" },
                    value = roll.bonus.abs()
                ))
            };
            w.get(msg!(
                if *grenade {
                    "age-damage-roll-grenade"
                } else {
                    "age-damage-roll"
                },
                target = &**target,
                dice = format!("{}d{}", roll.dice.count, roll.dice.sides),
                faces = faces(&roll.faces),
                extra = extra,
                bonus = bonus,
                total = roll.total
            ))
        }
        Event::Damage { target, outcome } => {
            let mut absorbed = String::new();
            for (c, amount) in [
                (Condition::Injured, outcome.injured_absorbed),
                (Condition::Wounded, outcome.wounded_absorbed),
            ] {
                if let Some(amount) = amount {
                    absorbed.push_str(&w.get(msg!(
                        "age-absorbed",
                        condition = w.condition(c),
                        amount = amount
                    )));
                }
            }
            w.get(msg!(
                "age-damage",
                target = &**target,
                raw = outcome.raw,
                toughness = outcome.toughness,
                lost = outcome.fortune_lost,
                before = outcome.after.fortune + outcome.fortune_lost,
                after = outcome.after.fortune,
                absorbed = absorbed
            ))
        }
        Event::ConditionGained {
            name,
            condition,
            reached,
        } if condition == reached => w.get(msg!(
            "age-condition-gained",
            name = &**name,
            condition = w.condition(*reached)
        )),
        Event::ConditionGained {
            name,
            condition,
            reached,
        } => w.get(msg!(
            "age-condition-chain",
            name = &**name,
            condition = w.condition(*condition),
            reached = w.condition(*reached)
        )),
        Event::ConditionRemoved { name, condition } => w.get(msg!(
            "age-condition-removed",
            name = &**name,
            condition = w.condition(*condition)
        )),
        Event::TakenOut { name } => w.get(msg!("age-taken-out", name = &**name)),
        Event::DefenseBonus {
            name,
            bonus,
            ranged_only,
            source,
        } => w.get(msg!(
            "age-defense-bonus",
            name = &**name,
            bonus = *bonus,
            ranged = if *ranged_only { "yes" } else { "no" },
            source = w.stunt(source)
        )),
        Event::Momentum { name, initiative } => w.get(msg!(
            "age-momentum",
            name = &**name,
            initiative = *initiative
        )),
        Event::Minor {
            name,
            action,
            detail,
        } => w.get(msg!(
            format!("age-minor-{action}"),
            name = &**name,
            detail = detail.as_str()
        )),
        Event::Grenade {
            thrower,
            result,
            terms,
            tn,
            damage: _,
            caught,
        } => {
            let caught: Vec<&str> = caught.iter().map(|n| &**n).collect();
            w.get(msg!(
                "age-grenade",
                thrower = &**thrower,
                roll = w.roll(result.roll.dice, terms),
                check = w.check(&result.roll, "age-tn", *tn, "age-success", "age-failure"),
                detonation = result.detonation,
                deviation = Arg::Int(i64::from(result.deviation)),
                caught = if caught.is_empty() {
                    w.id("age-nobody")
                } else {
                    caught.join(", ")
                }
            ))
        }
        Event::LightningLost { attacker } => {
            w.get(msg!("age-lightning-lost", attacker = &**attacker))
        }
        Event::FirstAid {
            medic,
            target,
            roll,
            terms,
            tn,
        } => w.get(msg!(
            "age-first-aid",
            medic = &**medic,
            target = &**target,
            roll = w.roll(roll.dice, terms),
            check = w.check(roll, "age-tn", *tn, "age-success", "age-failure")
        )),
        Event::Test {
            name,
            ability,
            roll,
            terms,
            tn,
        } => match tn {
            Some(tn) => w.get(msg!(
                "age-test",
                name = &**name,
                ability = w.ability(*ability),
                roll = w.roll(roll.dice, terms),
                check = w.check(roll, "age-tn", *tn, "age-success", "age-failure")
            )),
            None => w.get(msg!(
                "age-test-free",
                name = &**name,
                ability = w.ability(*ability),
                roll = w.roll(roll.dice, terms),
                total = roll.total
            )),
        },
        Event::EncounterEnded { winner, rounds } => match winner {
            Some(side) => w.get(msg!(
                "age-won",
                side = w.id(&format!("age-side-{side}")),
                rounds = *rounds
            )),
            None => w.get(msg!("age-draw", rounds = *rounds)),
        },
    }
}
