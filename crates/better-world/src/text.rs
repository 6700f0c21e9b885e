//! Readable text (issue 18): every log line, the summary and refusals, made here from the
//! events and `locales/{en,ru}.ftl`, never stored. Russian uses the source's own terms:
//! Аспект names, К, Сложность Защиты, бонусные единицы, дефицит, Тривиальный и Эффективный
//! Урон, Эффективность Оружия и Брони, хиты, Легко Ранен / Ранен / Тяжело Ранен / При Смерти,
//! Болевой Шок, Контузия, Первый Удар, Уровень Инициативы, ОД / ДД.
//!
//! Every check line builds both pools term by term (`Perception 3 + Long Burst 2 + First
//! Strike 1 = 6K → 1 one`), then compares the ones and says the result, naming the tie rule
//! when the ones are equal. Every damage line is trivial + weapon − armour = effective, then
//! the hits before → after of the maximum and the health state.
//!
//! Better World keeps nothing secret from the players: every reader sees every line.

pub(crate) use fray_dice::{is_probing, probing};
use std::sync::LazyLock;

use fray_dice::{msg, Lang, Message, Standing, Texts, View};
use serde::Serialize;

use crate::engine::{Action, Defence, DifficultyTerms, Event, PoolTerms, SkipReason, Who};
use crate::health::{HealthState, Shock};
use crate::initiative::{InitiativeModifier, OrderMethod};
use crate::resolve::{CheckResult, MAX_POOL};
use crate::tables::{Aspect, Cover, Distance};

/// Better World's messages in English and Russian.
pub static TEXTS: LazyLock<Texts> = LazyLock::new(|| Texts::new(&LOCALES));

/// The message files, for the tests that compare them.
pub const LOCALES: [(Lang, &str); 2] = [
    (Lang::En, include_str!("../locales/en.ftl")),
    (Lang::Ru, include_str!("../locales/ru.ftl")),
];

/// A refusal written from message `message` of Better World's files: English in `message`,
/// Russian through `RuleError::message_in`. Out of line and cold, so that the checks that
/// pass (every candidate `options` tries) carry no formatting code.
#[cold]
#[inline(never)]
pub(crate) fn refusal(rule: &'static str, message: Message) -> fray_dice::RuleError {
    refusal_with(rule, || message)
}

/// [`refusal`] with the message written by `message`, which is not called while
/// [`probing`]: nobody reads that refusal (`options` keeps only whether `apply` accepted).
#[inline]
pub(crate) fn refusal_with(
    rule: &'static str,
    message: impl FnOnce() -> Message,
) -> fray_dice::RuleError {
    if is_probing() {
        return fray_dice::RuleError::new(rule, String::new());
    }
    fray_dice::RuleError::text(rule, &TEXTS, message())
}

/// Adds aspect names as `name` (English) and `name-ru` (Russian): a refusal is written again
/// in another language from the same arguments, so translated names travel in each.
#[cold]
pub(crate) fn with_aspects(message: Message, name: &str, aspects: &[Aspect]) -> Message {
    let list = |lang| {
        let w = W(lang);
        aspects
            .iter()
            .map(|&a| w.aspect(a))
            .collect::<Vec<_>>()
            .join(", ")
    };
    message
        .arg(name, list(Lang::En))
        .arg(format!("{name}-ru"), list(Lang::Ru))
}

/// The serialized (snake_case) name of a unit enum variant: the message ids' suffixes.
fn key<T: Serialize>(value: T) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
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
    fn aspect(&self, a: Aspect) -> String {
        self.id(&format!("bw-aspect-{}", key(a)))
    }
    fn state(&self, h: HealthState) -> String {
        self.id(&format!("bw-state-{}", key(h)))
    }
    fn action(&self, action: Action, melee: bool) -> String {
        match action {
            Action::Attack if melee => self.id("bw-action-attack-melee"),
            Action::Attack => self.id("bw-action-attack-ranged"),
            a => self.id(&format!("bw-action-{}", key(a))),
        }
    }
    fn ones(&self, n: u32) -> String {
        self.get(msg!("bw-ones", n = n))
    }
    fn term(&self, what: String, value: u32) -> String {
        self.get(msg!("bw-term", what = what, value = value))
    }
    /// "Perception 3 + Long Burst 2 + First Strike 1" (terms of 0 left out).
    fn pool_terms(&self, aspect: Aspect, action: Action, t: &PoolTerms) -> String {
        let mut parts = vec![self.term(self.aspect(aspect), t.aspect)];
        let action_name = || self.action(action, false);
        for (what, value) in [
            (self.id("bw-term-weapon"), t.weapon),
            (action_name(), t.burst),
            (action_name(), t.aimed),
            (self.id("bw-term-outnumbering"), t.outnumbering),
            (self.id("bw-term-first-strike"), t.first_strike),
            (self.id("bw-term-bonus"), t.situational),
        ] {
            if value != 0 {
                parts.push(self.term(what, value));
            }
        }
        parts.join(" + ")
    }
    /// "Near range 3 + Light cover 1 + Quick Shot 2 + Wounded 1" (terms of 0 left out).
    fn difficulty_terms(&self, action: Action, melee: bool, t: &DifficultyTerms) -> String {
        let mut parts = Vec::new();
        if let Some(a) = t.aspect {
            parts.push(self.term(self.aspect(a), t.aspect_value));
        }
        let cover = || match t.cover {
            Cover::None => self.id("bw-cover-none"),
            c => self.id(&format!("bw-cover-{}", key(c))),
        };
        for (what, value) in [
            (self.id("bw-term-armour"), t.armour),
            (self.id("bw-term-stance"), t.stance),
            (self.id("bw-term-full-defense"), t.full_defense),
            (self.id("bw-term-range"), t.range),
            (cover(), t.cover_k),
            (self.id("bw-term-reaction"), t.reaction),
            (self.action(action, melee), t.action),
            (self.id("bw-term-extra"), t.situational),
            (
                self.get(msg!("bw-term-wounds", state = self.state(t.wound_state))),
                t.wounds,
            ),
        ] {
            if value != 0 {
                parts.push(self.term(what, value));
            }
        }
        if parts.is_empty() {
            self.id("bw-no-terms")
        } else {
            parts.join(" + ")
        }
    }
    /// "terms = 6K → 1 one", with a note when the pool's cap cut the sum.
    fn pool(&self, terms: String, sum: u32, k: u32, ones: u32) -> String {
        let line = self.get(msg!(
            "bw-pool",
            terms = terms,
            k = k,
            ones = self.ones(ones)
        ));
        if sum == k {
            line
        } else {
            line + &self.get(msg!("bw-capped", max = MAX_POOL))
        }
    }
    /// "1 = 1: hit (a tie goes to the one who acts), 0 bonus units".
    fn verdict(&self, r: &CheckResult, automatic: bool, yes: &str, no: &str) -> String {
        let bonus = self.get(msg!("bw-bonus-units", n = r.bonus));
        let (ones, against) = (r.ones, r.difficulty_ones);
        let result = self.id(if r.success { yes } else { no });
        let id = if automatic {
            "bw-verdict-automatic"
        } else if ones > against {
            "bw-verdict-above"
        } else if ones < against {
            "bw-verdict-below"
        } else if r.success {
            "bw-verdict-tie-won"
        } else {
            "bw-verdict-tie-lost"
        };
        self.get(msg!(
            id,
            ones = ones,
            against = against,
            result = result,
            bonus = bonus,
            deficit = r.deficit
        ))
    }
    fn names(&self, who: &[Who]) -> String {
        who.iter()
            .map(|w| w.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The line for `event` in `view.lang`. Better World keeps nothing secret: every reader
/// sees every line.
pub fn line(event: &Event, view: &View) -> Option<String> {
    Some(text(event, view.lang))
}

/// The English line for the game master (`Catalog::describe`).
pub fn describe(event: &Event) -> String {
    text(event, Lang::En)
}

/// The end-of-fight summary: per character its state, hits of the maximum, what it spent,
/// dealt and took, and the round it went down in.
pub fn summary(standings: &[Standing], lang: Lang) -> Vec<String> {
    let w = W(lang);
    standings
        .iter()
        .map(|s| {
            let mut parts = vec![w.id(&format!("state-{}", s.state))];
            for t in &s.tracks {
                parts.push(w.get(msg!(
                    "summary-track",
                    track = w.id(&format!("track-{}", t.key)),
                    now = t.now,
                    max = t.max
                )));
            }
            for c in &s.counters {
                parts.push(w.get(msg!(
                    "summary-counter",
                    counter = w.id(&format!("counter-{}", c.key)),
                    value = c.value
                )));
            }
            if let Some(round) = s.defeated_round {
                parts.push(w.get(msg!("bw-down-since", round = round)));
            }
            w.get(msg!(
                "summary-line",
                name = s.name.as_str(),
                details = parts.join("; ")
            ))
        })
        .collect()
}

fn text(event: &Event, lang: Lang) -> String {
    let w = W(lang);
    let n = |who: &Who| who.name.clone();
    match event {
        Event::Started {
            characters,
            first_strikers,
        } => {
            if first_strikers.is_empty() {
                w.get(msg!("bw-started", characters = w.names(characters)))
            } else {
                w.get(msg!(
                    "bw-started-first-strike",
                    characters = w.names(characters),
                    strikers = w.names(first_strikers)
                ))
            }
        }
        Event::InitiativeRolled {
            actor,
            aspect,
            stat,
            modifier,
            first_strike,
            modifier_k,
            ones,
            level,
        } => {
            if *modifier_k == 0 {
                return w.get(msg!(
                    "bw-initiative-flat",
                    actor = n(actor),
                    aspect = w.aspect(*aspect),
                    stat = *stat,
                    level = *level
                ));
            }
            let why = if *first_strike {
                "bw-why-first-strike"
            } else {
                match modifier {
                    InitiativeModifier::None => "bw-why-none",
                    InitiativeModifier::Initiates => "bw-why-initiates",
                    InitiativeModifier::Ambush => "bw-why-ambush",
                    InitiativeModifier::Exceptional => "bw-why-exceptional",
                }
            };
            w.get(msg!(
                "bw-initiative",
                actor = n(actor),
                aspect = w.aspect(*aspect),
                stat = *stat,
                k = *modifier_k,
                why = w.id(why),
                ones = w.ones(*ones),
                level = *level
            ))
        }
        Event::Placed {
            actor,
            level,
            k,
            ones,
        } => w.get(msg!(
            "bw-placed",
            actor = n(actor),
            level = *level,
            k = *k,
            ones = w.ones(*ones),
            places = *ones
        )),
        Event::Shuffled { level, order } => {
            w.get(msg!("bw-shuffled", level = *level, order = w.names(order)))
        }
        Event::OrderSet { order } => w.get(msg!("bw-order", order = w.names(order))),
        Event::Joined { actors, method } => w.get(msg!(
            match method {
                OrderMethod::Dice => "bw-joined-dice",
                OrderMethod::Cards => "bw-joined-cards",
            },
            actors = w.names(actors),
            count = actors.len()
        )),
        Event::RoundStarted { round } => w.get(msg!("bw-round-started", round = *round)),
        Event::RoundEnded { round } => w.get(msg!("bw-round-ended", round = *round)),
        Event::TurnStarted { actor } => w.get(msg!("bw-turn", actor = n(actor))),
        Event::TurnSkipped { actor, reason } => w.get(msg!(
            match reason {
                SkipReason::Dead => "bw-skipped-dead",
                SkipReason::Unconscious => "bw-skipped-unconscious",
                SkipReason::Concussion => "bw-skipped-concussion",
            },
            actor = n(actor)
        )),
        Event::MainActionLost { actor } => w.get(msg!("bw-main-lost", actor = n(actor))),
        Event::GrappleMaintained { actor, target } => w.get(msg!(
            "bw-grapple-held",
            actor = n(actor),
            target = n(target)
        )),
        Event::Bleeding { actor, hits } => w.get(msg!(
            "bw-bleeding",
            actor = n(actor),
            before = *hits + 1,
            hits = *hits
        )),
        Event::Moved {
            actor,
            from,
            to,
            sprint,
        } => w.get(msg!(
            if *sprint { "bw-sprinted" } else { "bw-moved" },
            actor = n(actor),
            from = *from,
            to = *to
        )),
        Event::CoverChanged { actor, cover, k } => match cover {
            Cover::None => w.get(msg!("bw-cover-now-none", actor = n(actor))),
            c => w.get(msg!(
                "bw-cover-now",
                actor = n(actor),
                cover = w.id(&format!("bw-cover-{}", key(*c))),
                k = *k
            )),
        },
        Event::PickedUp { actor, weapon } => w.get(msg!(
            "bw-picked-up",
            actor = n(actor),
            weapon = weapon.as_str()
        )),
        Event::Engaged {
            actor,
            target,
            sector,
        } => w.get(msg!(
            "bw-engaged",
            actor = n(actor),
            target = n(target),
            sector = u32::from(*sector) + 1
        )),
        Event::Disengaged { actor, target } => {
            w.get(msg!("bw-disengaged", actor = n(actor), target = n(target)))
        }
        Event::OpportunityDeclined { actor, target } => w.get(msg!(
            "bw-opportunity-declined",
            actor = n(actor),
            target = n(target)
        )),
        Event::Attacked {
            actor,
            target,
            action,
            melee,
            aspect,
            distance,
            pool,
            pool_terms,
            difficulty,
            difficulty_terms,
            result,
            automatic,
            first_strike,
        } => {
            let mut against = w.difficulty_terms(*action, *melee, difficulty_terms);
            if let Some(d) = distance {
                let at = w.term(distance_name(&w, *d), difficulty_terms.distance);
                against = if difficulty_terms.total() == difficulty_terms.distance {
                    at
                } else {
                    format!("{at} + {against}")
                };
            }
            w.get(msg!(
                "bw-attacked",
                first = if *first_strike {
                    w.id("bw-first-strike")
                } else {
                    String::new()
                },
                actor = n(actor),
                action = w.action(*action, *melee),
                target = n(target),
                pool = w.pool(
                    w.pool_terms(*aspect, *action, pool_terms),
                    pool_terms.total(),
                    *pool,
                    result.ones
                ),
                defence = w.id("bw-defence-of"),
                difficulty = w.pool(
                    against,
                    difficulty_terms.total(),
                    *difficulty,
                    result.difficulty_ones
                ),
                verdict = w.verdict(result, *automatic, "bw-hit", "bw-miss")
            ))
        }
        Event::Contested {
            actor,
            target,
            action,
            aspect,
            pool,
            difficulty,
            difficulty_terms,
            result,
        } => {
            let mut verdict = w.verdict(result, false, "bw-success", "bw-failure");
            if !result.success && matches!(action, Action::Disarm | Action::Grapple) {
                verdict += &w.get(msg!("bw-deficit-hurts", actor = n(actor)));
            }
            w.get(msg!(
                "bw-contested",
                actor = n(actor),
                action = w.action(*action, true),
                pool = w.pool(w.term(w.aspect(*aspect), *pool), *pool, *pool, result.ones),
                defence = n(target),
                difficulty = w.pool(
                    w.difficulty_terms(*action, true, difficulty_terms),
                    difficulty_terms.total(),
                    *difficulty,
                    result.difficulty_ones
                ),
                verdict = verdict
            ))
        }
        Event::Damaged {
            target,
            trivial,
            weapon,
            armour,
            deficit,
            effective,
            dealt,
            before,
            hits,
            max,
            was,
            state,
        } => {
            let health = if was == state {
                w.get(msg!("bw-health-same", state = w.state(*state)))
            } else {
                w.get(msg!(
                    "bw-health-change",
                    was = w.state(*was),
                    state = w.state(*state)
                ))
            };
            if *deficit {
                return w.get(msg!(
                    "bw-damaged-deficit",
                    target = n(target),
                    effective = *effective,
                    before = *before,
                    hits = *hits,
                    max = *max,
                    health = health
                ));
            }
            w.get(msg!(
                "bw-damaged",
                target = n(target),
                trivial = *trivial,
                weapon = *weapon,
                armour = *armour,
                effective = *effective,
                floor = if trivial + weapon < *armour {
                    w.id("bw-floor")
                } else {
                    String::new()
                },
                restrained = if dealt == effective {
                    String::new()
                } else {
                    w.get(msg!("bw-restrained", dealt = *dealt))
                },
                before = *before,
                hits = *hits,
                max = *max,
                health = health
            ))
        }
        Event::Shocked { target, shock } => w.get(msg!(
            match shock {
                Shock::Concussion => "bw-concussion",
                _ => "bw-pain-shock",
            },
            target = n(target)
        )),
        Event::Dying { actor, conscious } => w.get(msg!(
            if *conscious {
                "bw-dying-conscious"
            } else {
                "bw-dying-fainted"
            },
            actor = n(actor)
        )),
        Event::Fainted { actor } => w.get(msg!("bw-fainted", actor = n(actor))),
        Event::Died { actor } => w.get(msg!("bw-died", actor = n(actor))),
        Event::Disarmed {
            actor,
            target,
            weapon,
            direction,
        } => w.get(msg!(
            "bw-disarmed",
            actor = n(actor),
            target = n(target),
            weapon = weapon.as_str(),
            direction = *direction
        )),
        Event::Grappled { actor, target } => {
            w.get(msg!("bw-grappled", actor = n(actor), target = n(target)))
        }
        Event::Released { actor, target } => {
            w.get(msg!("bw-released", actor = n(actor), target = n(target)))
        }
        Event::Defending { actor, defence } => w.get(msg!(
            match defence {
                Defence::Stance => "bw-defence-stance",
                Defence::FullDefense => "bw-defence-full",
                Defence::Reaction => "bw-defence-reaction",
            },
            actor = n(actor)
        )),
        Event::ReactionLost { actor } => w.get(msg!("bw-reaction-lost", actor = n(actor))),
        Event::AmmoSpent {
            actor,
            weapon,
            rounds,
            left,
        } => w.get(msg!(
            "bw-ammo",
            actor = n(actor),
            rounds = w.get(msg!("bw-rounds-of-ammo", n = *rounds)),
            weapon = weapon.as_str(),
            left = *left
        )),
        Event::Reloaded {
            actor,
            weapon,
            ammo,
        } => w.get(msg!(
            "bw-reloaded",
            actor = n(actor),
            weapon = weapon.as_str(),
            ammo = w.get(msg!("bw-rounds-of-ammo", n = *ammo))
        )),
        Event::Withdrawing { actor } => w.get(msg!("bw-withdrawing", actor = n(actor))),
        Event::WithdrawalBroken { actor } => w.get(msg!("bw-withdrawal-broken", actor = n(actor))),
        Event::Left { actor } => w.get(msg!("bw-left", actor = n(actor))),
        Event::Passed { actor } => w.get(msg!("bw-passed", actor = n(actor))),
        Event::TurnEnded { actor } => w.get(msg!("bw-turn-ended", actor = n(actor))),
        Event::Ended { winner, rounds } => match winner {
            Some(side) => w.get(msg!(
                "bw-won",
                rounds = *rounds,
                side = w.id(if *side == 0 {
                    "bw-side-attackers"
                } else {
                    "bw-side-defenders"
                })
            )),
            None => w.get(msg!("bw-draw", rounds = *rounds)),
        },
    }
}

fn distance_name(w: &W, d: Distance) -> String {
    w.id(&format!("bw-distance-{}", key(d)))
}
