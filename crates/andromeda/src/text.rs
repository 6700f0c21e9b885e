//! Readable text (issue 18): every log line, the pending-decision prompts, the summary and
//! refusals, made here from the events and `locales/{en,ru}.ftl`, never stored. Russian uses
//! the source's own terms: провал / успех с ценой / успех / критический успех, Накал,
//! стресс (временные и основные ячейки), преимущество / помеха, Уязвим, Ослаблен, Обездвижен,
//! Схвачен, Скрыт, Невидим, Истощение, захват, встречная проверка, Стойкость / Контроль /
//! Воля, Мощь / Ловкость / Сокрытие / Наблюдательность, Очко Свершения, провоцированная
//! атака, Подготовка.
//!
//! A check line shows its arithmetic: the kept dice (and the dropped ones, with the sources
//! of advantage or disadvantage), the skill by name and value, a flat advantage modifier,
//! the total, the base outcome with the table's range for it, then the rank shift — the
//! skill rank against the task rank or the target's defense, both named — and the final
//! outcome. Stress reads "temporary 0 → 2 of 4", Heat "1 → 2".
//!
//! Views: what the rules keep from a participant (AND-35 Hidden, «Противники не знают, где
//! находится цель») is a Hidden participant's movement, which its enemies do not see; the
//! game master and everyone else see every line.

use std::sync::LazyLock;

use fray_dice::{msg, Lang, Message, Texts, View, Viewer};
use serde::Serialize;

use crate::engine::{
    Against, Benefit, EdgeSource, Event, HeatReason, MoveMode, Offer, Purpose, State, Status,
    Terms, Trigger,
};
use crate::resolve::{Decider, Edge, GrabEffect, OutcomeTable, Tier};
use crate::setup::{ConditionKind, Defense, Duration, Side};

/// Andromeda's messages in English and Russian.
pub static TEXTS: LazyLock<Texts> = LazyLock::new(|| Texts::new(&LOCALES));

/// The message files, for the tests that compare them.
pub const LOCALES: [(Lang, &str); 2] = [
    (Lang::En, include_str!("../locales/en.ftl")),
    (Lang::Ru, include_str!("../locales/ru.ftl")),
];

/// A refusal written from message `message` of Andromeda's files (English in `message`).
pub(crate) fn refusal(rule: &'static str, message: Message) -> fray_dice::RuleError {
    fray_dice::RuleError::text(rule, &TEXTS, message)
}

/// The serde name of a unit variant (`target_vulnerable`), as message keys use it.
pub(crate) fn key<T: Serialize>(value: &T) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(|s| s.replace('_', "-")))
        .unwrap_or_default()
}

struct W(Lang);

impl W {
    fn get(&self, m: Message) -> String {
        TEXTS.get(self.0, &m)
    }
    fn id(&self, id: &str) -> String {
        TEXTS.get(self.0, &Message::new(id))
    }
    /// Message `prefix-key` when the files have one, else `key` itself (a name the setup
    /// gave, shown as it is).
    fn named(&self, prefix: &str, key: &str) -> String {
        let id = format!("{prefix}-{}", key.to_lowercase().replace([' ', '_'], "-"));
        if TEXTS.has(self.0, &id) {
            self.id(&id)
        } else {
            key.to_owned()
        }
    }
    fn skill(&self, name: &str) -> String {
        self.named("and-skill", name)
    }
    fn tier(&self, t: Tier) -> String {
        self.id(&format!("and-tier-{}", key(&t)))
    }
    fn condition(&self, c: ConditionKind) -> String {
        self.id(&format!("and-condition-{}", key(&c)))
    }
    fn defense(&self, d: Defense) -> String {
        self.id(&format!("and-defense-{}", key(&d)))
    }
    fn side(&self, s: Side) -> String {
        self.id(&format!("and-side-{}", key(&s)))
    }
    /// "+ melee 3", "− disadvantage 2".
    fn term(&self, what: &str, value: i32) -> String {
        let id = if value < 0 { "and-minus" } else { "and-plus" };
        self.get(msg!(id, what = what, value = value.unsigned_abs()))
    }
    /// The range of totals the table gives `tier`: "≤ 9", "10–12", "≥ 16".
    fn range(&self, table: &OutcomeTable, tier: Tier) -> String {
        let (low, high) = match tier {
            Tier::Fail => (None, Some(table.cost_from - 1)),
            Tier::SuccessAtACost => (Some(table.cost_from), Some(table.success_from - 1)),
            Tier::Success => (Some(table.success_from), Some(table.critical_from - 1)),
            Tier::Critical => (Some(table.critical_from), None),
        };
        match (low, high) {
            (None, Some(h)) => self.get(msg!("and-range-at-most", high = signed(h))),
            (Some(l), None) => self.get(msg!("and-range-at-least", low = signed(l))),
            (Some(l), Some(h)) if l == h => signed(l),
            (Some(l), Some(h)) => self.get(msg!("and-range", low = signed(l), high = signed(h))),
            (None, None) => String::new(),
        }
    }
    /// The sources of advantage or disadvantage, named on whom they are.
    fn sources(&self, from: &[EdgeSource], actor: &str, target: Option<&str>) -> String {
        from.iter()
            .map(|s| {
                self.get(msg!(
                    format!("and-edge-{}", key(s)),
                    actor = actor,
                    target = target.unwrap_or_default()
                ))
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
    /// The dice and terms of a roll up to its total: "3d8 with advantage (warden is
    /// Vulnerable): 2, 1, 3, keeps 3 + 2 + melee 3" — the kept dice and every term after
    /// the last colon, so they add up to the total printed after it.
    fn roll(
        &self,
        dice: &[u8],
        kept: [u8; 2],
        edge: Edge,
        terms: &Terms,
        who: (&str, Option<&str>),
    ) -> String {
        let mut out = String::new();
        let sources = self.sources(&terms.edge_from, who.0, who.1);
        let note = match edge {
            Edge::Normal if terms.edge_from.is_empty() => String::new(),
            Edge::Normal => self.get(msg!("and-edge-cancel", sources = sources)),
            Edge::Advantage => self.get(msg!("and-edge-advantage", sources = sources)),
            Edge::Disadvantage => self.get(msg!("and-edge-disadvantage", sources = sources)),
        };
        if dice.len() > 2 {
            let faces: Vec<String> = dice.iter().map(u8::to_string).collect();
            out.push_str(&self.get(msg!(
                "and-dice-extra",
                count = dice.len(),
                note = note,
                faces = faces.join(", ")
            )));
        } else if !note.is_empty() {
            out.push_str(&self.get(msg!("and-dice-note", note = note)));
        }
        out.push_str(&format!("{} + {}", kept[0], kept[1]));
        let skill = if terms.skill.is_empty() {
            self.id("and-no-skill")
        } else {
            self.skill(&terms.skill)
        };
        out.push(' ');
        out.push_str(&self.term(&skill, terms.value));
        if terms.modifier != 0 {
            let id = if terms.modifier > 0 {
                "and-term-advantage"
            } else {
                "and-term-disadvantage"
            };
            out.push(' ');
            out.push_str(&self.term(&self.id(id), terms.modifier));
        }
        out
    }
    fn duration(&self, d: Duration) -> String {
        self.id(&format!("and-duration-{}", key(&d)))
    }
    /// A reason the engine gives in English (a condition's or grab's end), by its message.
    fn reason(&self, reason: &str) -> String {
        let k = match reason {
            "gave itself away by attacking" => "attacked",
            "gave itself away by grabbing" => "grabbed",
            "gave itself away" => "revealed",
            "detected" => "detected",
            "found" => "found",
            "a critical success of an attack against it" => "critical",
            "removed by Help Ally" => "help",
            "saving throw" => "save",
            "shaken off" => "shaken-off",
            "removed by an Accomplishment Point" => "accomplishment",
            "the grab ended" => "grab-ended",
            "the scene ended" => "scene-ended",
            "expired at the start of its turn" => "start-of-turn",
            "expired at the end of its turn" => "end-of-turn",
            "expired at the end of the round" => "end-of-round",
            "separated by force" => "separated",
            "released" => "released",
            "the target broke free" => "broke-free",
            "the grabber became Grabbed or Immobilized" => "grabber-held",
            "the grabber is out of the fight" => "grabber-out",
            "the target is out of the fight" => "target-out",
            other => return other.to_owned(),
        };
        self.id(&format!("and-reason-{k}"))
    }
}

/// The line `view`'s reader sees for `event`, in `view.lang`; `None` for what the rules keep
/// from that reader: a Hidden participant's movement (and the movement of the one it drags),
/// for its enemies (AND-35). A viewer is matched by participant id.
pub fn line(event: &Event, view: &View) -> Option<String> {
    if let (Event::Moved { hidden_from, .. }, Viewer::Participant(me)) = (event, &view.viewer) {
        if hidden_from.iter().any(|id| fray_dice::same_name(id, me)) {
            return None;
        }
    }
    Some(text(event, view.lang))
}

/// The English line for the game master (`Catalog::describe`), for every event.
pub fn describe(event: &Event) -> String {
    text(event, Lang::En)
}

/// What a pending decision asks, in `lang` (AND-11, AND-14): who decides, what, and the
/// answers; `None` when nothing waits.
pub fn prompt(state: &State, lang: Lang) -> Option<String> {
    let w = W(lang);
    let p = state.pending.as_ref()?;
    let who = state.fighters[p.decider].id.as_ref();
    let whom = state.fighters[p.against].id.as_ref();
    Some(match &p.offer {
        Offer::ProvokedAttack { leaving_to, .. } => w.get(msg!(
            if leaving_to.is_some() {
                "and-prompt-provoked-leaving"
            } else {
                "and-prompt-provoked-ranged"
            },
            who = who,
            whom = whom
        )),
        Offer::Readied { trigger, .. } => {
            let ability = state.fighters[p.decider]
                .ready
                .as_ref()
                .and_then(|r| {
                    state.roster[p.decider]
                        .abilities
                        .iter()
                        .find(|a| a.id == r.ability)
                })
                .map(|a| a.name.clone().unwrap_or_else(|| a.id.to_string()))
                .unwrap_or_default();
            w.get(msg!(
                match trigger {
                    Trigger::EnemyMovesIntoRange => "and-prompt-ready-moves",
                    Trigger::EnemyAttacks => "and-prompt-ready-attacks",
                },
                who = who,
                whom = whom,
                ability = ability
            ))
        }
    })
}

#[allow(clippy::too_many_lines)]
fn text(event: &Event, lang: Lang) -> String {
    let w = W(lang);
    use Event as E;
    match event {
        E::CombatStarted { opening, how } => w.get(msg!(
            match how.as_str() {
                "ambush" => "and-started-ambush",
                "contested" => "and-started-contested",
                _ => "and-started-default",
            },
            side = w.side(*opening)
        )),
        E::Stress {
            id,
            name,
            side,
            temp_max,
            main_max,
        } => w.get(msg!(
            if name.as_str() == id.as_ref() {
                "and-stress"
            } else {
                "and-stress-named"
            },
            id = id.as_ref(),
            name = name.as_str(),
            side = w.side(*side),
            temp = *temp_max,
            main = *main_max
        )),
        E::RoundStarted { round } => w.get(msg!("and-round", round = *round)),
        E::TurnStarted { actor, turns_left } => {
            w.get(msg!("and-turn", who = actor.as_ref(), left = *turns_left))
        }
        E::TurnEnded { actor } => w.get(msg!("and-turn-ended", who = actor.as_ref())),
        E::RoundEnded { round } => w.get(msg!("and-round-ended", round = *round)),
        E::HeatGained {
            id,
            amount,
            reason,
            heat,
        } => w.get(msg!(
            "and-heat-gained",
            who = id.as_ref(),
            amount = *amount,
            why = w.id(match reason {
                HeatReason::TurnStart => "and-heat-turn-start",
                HeatReason::FailedCheck => "and-heat-failed-check",
                HeatReason::Signature => "and-heat-signature",
                HeatReason::Accomplishment => "and-heat-accomplishment",
            }),
            before = heat.saturating_sub(*amount),
            after = *heat
        )),
        E::HeatSpent {
            id,
            amount,
            name,
            heat,
            ..
        } => w.get(msg!(
            "and-heat-spent",
            who = id.as_ref(),
            amount = *amount,
            ability = name.as_str(),
            before = heat + amount,
            after = *heat
        )),
        E::HeatBurned { id, amount } => {
            w.get(msg!("and-heat-burned", who = id.as_ref(), amount = *amount))
        }
        E::Moved {
            id, mode, from, to, ..
        } => w.get(msg!(
            match mode {
                MoveMode::Move => "and-moved",
                MoveMode::Step => "and-stepped",
                MoveMode::ExtraMove => "and-extra-move",
                MoveMode::Dragged => "and-dragged",
            },
            who = id.as_ref(),
            from = point(*from),
            to = point(*to)
        )),
        E::Check {
            actor,
            purpose,
            target,
            dice,
            kept,
            total,
            terms,
            difficulty,
            against,
            table,
            edge,
            base,
            shift,
            tier,
            provoked,
            readied,
        } => {
            let target = target.as_deref();
            let t = target.unwrap_or_default();
            let what = match purpose {
                Purpose::Ability { name, .. } => w.get(msg!(
                    if target.is_some() {
                        "and-check-ability-on"
                    } else {
                        "and-check-ability"
                    },
                    who = actor.as_ref(),
                    ability = name.as_str(),
                    target = t
                )),
                Purpose::Improvised { skill } => w.get(msg!(
                    if target.is_some() {
                        "and-check-improvised-on"
                    } else {
                        "and-check-improvised"
                    },
                    who = actor.as_ref(),
                    skill = w.skill(skill),
                    target = t
                )),
                Purpose::Grab => w.get(msg!("and-check-grab", who = actor.as_ref(), target = t)),
                Purpose::SavingThrow { condition } => w.get(msg!(
                    "and-check-save",
                    who = actor.as_ref(),
                    condition = w.condition(*condition)
                )),
            };
            let how = match (provoked, readied) {
                (true, _) => w.id("and-provoked"),
                (_, true) => w.id("and-readied"),
                _ => String::new(),
            };
            let against = match against {
                Against::Task => w.get(msg!("and-vs-task", value = signed(*difficulty))),
                Against::Defense { defense } => w.get(msg!(
                    "and-vs-defense",
                    target = t,
                    defense = w.defense(*defense),
                    value = signed(*difficulty)
                )),
                Against::Invisibility => {
                    w.get(msg!("and-vs-invisibility", value = signed(*difficulty)))
                }
            };
            let raw = *base as i64 + i64::from(*shift);
            let result = if raw != *tier as i64 {
                w.get(msg!("and-clamped", tier = w.tier(*tier)))
            } else {
                w.tier(*tier)
            };
            w.get(msg!(
                "and-check",
                what = what,
                how = how,
                roll = w.roll(dice, *kept, *edge, terms, (actor, target)),
                total = signed(*total),
                base = w.tier(*base),
                range = w.range(table, *base),
                rank = signed(terms.rank),
                against = against,
                shift = shift_text(*shift),
                result = result
            ))
        }
        E::Opposed {
            purpose,
            initiator,
            opponent,
            initiator_dice,
            initiator_kept,
            initiator_edge,
            initiator_terms,
            initiator_total,
            opponent_dice,
            opponent_kept,
            opponent_edge,
            opponent_terms,
            opponent_total,
            initiator_wins,
            decided_by,
        } => {
            let winner = if *initiator_wins { initiator } else { opponent };
            let decided = match decided_by {
                Decider::Total => w.get(msg!(
                    "and-opposed-total",
                    winner = winner.as_ref(),
                    high = signed((*initiator_total).max(*opponent_total)),
                    low = signed((*initiator_total).min(*opponent_total))
                )),
                Decider::Rank => {
                    let (wr, lr) = if *initiator_wins {
                        (initiator_terms.rank, opponent_terms.rank)
                    } else {
                        (opponent_terms.rank, initiator_terms.rank)
                    };
                    w.get(msg!(
                        "and-opposed-rank",
                        winner = winner.as_ref(),
                        high = signed(wr),
                        low = signed(lr)
                    ))
                }
                Decider::StatusQuo => w.get(msg!(
                    "and-opposed-status-quo",
                    initiator = initiator.as_ref(),
                    winner = winner.as_ref()
                )),
            };
            w.get(msg!(
                "and-opposed",
                purpose = w.id(&format!("and-opposed-{purpose}")),
                initiator = initiator.as_ref(),
                initiator_roll = w.roll(
                    initiator_dice,
                    *initiator_kept,
                    *initiator_edge,
                    initiator_terms,
                    (initiator, None)
                ),
                initiator_total = signed(*initiator_total),
                opponent = opponent.as_ref(),
                opponent_roll = w.roll(
                    opponent_dice,
                    *opponent_kept,
                    *opponent_edge,
                    opponent_terms,
                    (opponent, None)
                ),
                opponent_total = signed(*opponent_total),
                decided = decided
            ))
        }
        E::Damaged {
            id,
            amount,
            temp_before,
            temp_stress,
            temp_max,
            main_before,
            main_stress,
            main_max,
        } => {
            let filled = (temp_stress - temp_before) + (main_stress - main_before);
            let lost = amount.saturating_sub(filled);
            w.get(msg!(
                if lost > 0 {
                    "and-damaged-full"
                } else {
                    "and-damaged"
                },
                who = id.as_ref(),
                amount = *amount,
                temp_before = *temp_before,
                temp = *temp_stress,
                temp_max = *temp_max,
                main_before = *main_before,
                main = *main_stress,
                main_max = *main_max,
                lost = lost
            ))
        }
        E::ConditionApplied {
            id,
            condition,
            duration,
            source,
        } => w.get(msg!(
            match source {
                Some(s) if s != id => "and-condition-from",
                _ => "and-condition",
            },
            who = id.as_ref(),
            condition = w.condition(*condition),
            duration = w.duration(*duration),
            source = source.as_deref().unwrap_or_default()
        )),
        E::ConditionEnded {
            id,
            condition,
            source,
            remains,
            reason,
        } => {
            // A condition one gave oneself (a failed or costly grab) names no source.
            let from = source.as_deref().filter(|s| *s != id.as_ref());
            let id_ = match (from.is_some(), remains) {
                (true, true) => "and-condition-ended-from-remains",
                (true, false) => "and-condition-ended-from",
                (false, true) => "and-condition-ended-remains",
                (false, false) => "and-condition-ended",
            };
            w.get(msg!(
                id_,
                who = id.as_ref(),
                condition = w.condition(*condition),
                source = from.unwrap_or_default(),
                reason = w.reason(reason)
            ))
        }
        E::Exhausted {
            id,
            amount,
            total,
            main_max,
        } => w.get(msg!(
            "and-exhausted",
            who = id.as_ref(),
            amount = *amount,
            total = *total,
            max = *main_max
        )),
        E::GrabStarted {
            grabber,
            target,
            effect,
        } => w.get(msg!(
            match effect {
                GrabEffect::GrabbedAndVulnerable => "and-grab-critical",
                GrabEffect::Grabbed => "and-grab-success",
                GrabEffect::GrabbedGrabberVulnerable => "and-grab-cost",
                GrabEffect::GrabberExposed => "and-grab-failed",
            },
            grabber = grabber.as_ref(),
            target = target.as_ref()
        )),
        E::GrabFailed { grabber, target } => w.get(msg!(
            "and-grab-failed",
            grabber = grabber.as_ref(),
            target = target.as_ref()
        )),
        E::GrabEnded {
            grabber,
            target,
            reason,
        } => w.get(msg!(
            "and-grab-ended",
            grabber = grabber.as_ref(),
            target = target.as_ref(),
            reason = w.reason(reason)
        )),
        E::Defeated { id, status } => w.get(msg!(
            match status {
                Status::Dead => "and-defeated-dead",
                _ => "and-defeated-unconscious",
            },
            who = id.as_ref()
        )),
        E::ReadyDeclared {
            id, name, trigger, ..
        } => w.get(msg!(
            match trigger {
                Trigger::EnemyMovesIntoRange => "and-ready-moves",
                Trigger::EnemyAttacks => "and-ready-attacks",
            },
            who = id.as_ref(),
            ability = name.as_str()
        )),
        E::ReadyTriggered { id, target } => w.get(msg!(
            "and-ready-triggered",
            who = id.as_ref(),
            target = target.as_ref()
        )),
        E::ReadyLapsed { id } => w.get(msg!("and-ready-lapsed", who = id.as_ref())),
        E::ReadyHeld { id, target } => w.get(msg!(
            "and-ready-held",
            who = id.as_ref(),
            target = target.as_ref()
        )),
        E::Provoked { by, against, why } => w.get(msg!(
            if why == "left melee reach" {
                "and-provoked-leaving"
            } else {
                "and-provoked-ranged"
            },
            by = by.as_ref(),
            against = against.as_ref()
        )),
        E::ProvokedDeclined { by, against } => w.get(msg!(
            "and-provoked-declined",
            by = by.as_ref(),
            against = against.as_ref()
        )),
        E::Reloaded {
            id,
            artifact,
            charges,
            ..
        } => w.get(msg!(
            "and-reloaded",
            who = id.as_ref(),
            artifact = artifact.as_ref(),
            charges = *charges
        )),
        E::ChargeUsed {
            id,
            artifact,
            charges,
            max,
        } => w.get(msg!(
            "and-charge-used",
            who = id.as_ref(),
            artifact = artifact.as_ref(),
            charges = *charges,
            max = *max
        )),
        E::AccomplishmentSpent { id, benefit, left } => w.get(msg!(
            match benefit {
                Benefit::Heat => "and-accomplishment-heat",
                Benefit::RemoveCondition => "and-accomplishment-remove",
                Benefit::RestoreStress => "and-accomplishment-restore",
            },
            who = id.as_ref(),
            left = *left
        )),
        E::StressRestored {
            id,
            before,
            main_stress,
            main_max,
        } => w.get(msg!(
            "and-stress-restored",
            who = id.as_ref(),
            before = *before,
            after = *main_stress,
            max = *main_max
        )),
        E::CombatEnded { winner, rounds } => match winner {
            Some(side) => w.get(msg!(
                match side {
                    Side::Heroes => "and-over-heroes",
                    Side::Enemies => "and-over-enemies",
                },
                rounds = *rounds
            )),
            None => w.get(msg!("and-over-draw", rounds = *rounds)),
        },
    }
}

/// "(0, 4)", with typographic minus signs.
fn point(p: [i64; 2]) -> String {
    format!("({}, {})", signed(p[0]), signed(p[1]))
}

/// A number with a typographic minus ("−3", not "-3").
fn signed<N: Into<i64>>(n: N) -> String {
    let n: i64 = n.into();
    if n < 0 {
        format!("−{}", n.unsigned_abs())
    } else {
        n.to_string()
    }
}

/// A tier shift with its sign: "+0", "+2", "−1".
fn shift_text(shift: i32) -> String {
    if shift < 0 {
        format!("−{}", shift.unsigned_abs())
    } else {
        format!("+{shift}")
    }
}
