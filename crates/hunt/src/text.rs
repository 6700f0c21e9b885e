//! Readable text (issue 18): every log line, the summary and refusals, made here from the
//! events and `locales/{en,ru}.ftl`, never stored. Russian uses the rules' own terms: кубы
//! боевого потенциала, Защита, Атака, Урон, порог, очко повреждений, тест на Выносливость,
//! Опыт, дубль, the tactics (Бегство, Преследование, Поиск укрытия, Прицельный огонь, Натиск,
//! Контратака, Затаиться, Шквальный огонь, Атака из засады), легкое/тяжелое ранение, увечье.
//!
//! Every roll line shows its arithmetic: where the dice came from (the declared split, each
//! tactic, a Fall, dice handed over), each face and the total, the comparison with its tie
//! rule (an Attack must be *higher* than the Defense, HUNT-10), each Damage die against the
//! threshold, each Endurance test, and a wound's Endurance before → after (max).
//!
//! A player's view ([`line`] with a participant) keeps the other side's secrets: the hide
//! test's roll and margin (the result a search must reach, HUNT-20) and a counterattacker's
//! window and re-split (HUNT-19: the tactic is part of the declaration, secret until the
//! exchange is resolved). Declarations are never in the log before they are revealed.

pub(crate) use fray_dice::{is_probing, probing};
use std::sync::LazyLock;

use fray_dice::{msg, Lang, Message, Texts, View};

use crate::engine::{DiceSource, DiceTerm, EnduranceTests, Event, Extraneous, WeaponStatus};
use crate::resolve::TestRoll;
use crate::setup::{Distance, Side, Stats, Tactic};

/// Hunt's messages in English and Russian.
pub static TEXTS: LazyLock<Texts> = LazyLock::new(|| Texts::new(&LOCALES));

/// The message files, for the tests that compare them.
pub const LOCALES: [(Lang, &str); 2] = [
    (Lang::En, include_str!("../locales/en.ftl")),
    (Lang::Ru, include_str!("../locales/ru.ftl")),
];

struct W(Lang);

/// "5+3+1 = 9"; one die is its face; no die is 0.
fn roll(faces: &[u32], total: u32) -> String {
    match faces {
        [] => total.to_string(),
        [one] if *one == total => total.to_string(),
        _ => {
            let sum: Vec<String> = faces.iter().map(u32::to_string).collect();
            format!("{} = {total}", sum.join("+"))
        }
    }
}

fn list(values: &[u32]) -> String {
    values
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A key for a snake_case serialized value: `"take_cover"`.
pub(crate) fn key<T: serde::Serialize>(value: T) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

impl W {
    fn get(&self, m: Message) -> String {
        TEXTS.get(self.0, &m)
    }
    fn id(&self, id: &str) -> String {
        TEXTS.get(self.0, &Message::new(id))
    }
    fn dice(&self, n: u32) -> String {
        self.get(msg!("hunt-dice", n = n))
    }
    fn points(&self, n: u32) -> String {
        self.get(msg!("hunt-points", n = n))
    }
    fn distance(&self, d: Distance) -> String {
        self.id(&format!("hunt-distance-{}", d.name()))
    }
    /// The distance after "at" ("на дальней дистанции").
    fn at(&self, d: Distance) -> String {
        self.id(&format!("hunt-at-{}", d.name()))
    }
    fn side(&self, s: Side) -> String {
        self.id(&format!("hunt-side-{}", s.name()))
    }
    fn tactic(&self, t: Tactic) -> String {
        self.id(&format!("hunt-tactic-{}", key(t)))
    }

    /// "Experience 4: rolled 1 ≤ 4, passed (margin 3)".
    fn test(&self, stat: &str, t: &TestRoll) -> String {
        let id = if t.passed {
            "hunt-test-passed"
        } else {
            "hunt-test-failed"
        };
        self.get(msg!(
            id,
            stat = self.id(stat),
            value = t.stat,
            roll = t.roll,
            margin = t.margin
        ))
    }

    fn experience(&self, t: &TestRoll) -> String {
        self.test("hunt-stat-experience", t)
    }

    /// "2 + 1 Flee + 1 handed over by Prey (HUNT-08) = 4 dice"; a bare split is "2 dice".
    /// When the parts add up below 0, the dice handed to `to` are named.
    fn count(&self, terms: &[DiceTerm], dice: u32, to: &str) -> String {
        if terms.len() <= 1 && terms.first().map_or(0, |t| t.dice) == dice as i32 {
            return self.dice(dice);
        }
        let mut parts = Vec::new();
        let mut own = 0;
        for (k, t) in terms.iter().enumerate() {
            let n = t.dice.unsigned_abs();
            if t.source != DiceSource::Handed {
                own += t.dice;
            }
            let part = match t.source {
                DiceSource::Split if k == 0 => n.to_string(),
                DiceSource::Experience if k == 0 => self.get(msg!("hunt-term-experience", n = n)),
                source => {
                    let what = match source {
                        DiceSource::Handed => self.get(msg!(
                            "hunt-src-handed",
                            from = t.from.clone().unwrap_or_default()
                        )),
                        DiceSource::Experience => self.get(msg!("hunt-term-experience", n = n)),
                        _ => self.id(&format!("hunt-src-{}", key(source))),
                    };
                    if source == DiceSource::Experience {
                        format!("+ {what}")
                    } else {
                        self.get(msg!(
                            "hunt-term",
                            sign = if t.dice < 0 { "−" } else { "+" },
                            n = n,
                            what = what
                        ))
                    }
                }
            };
            parts.push(part);
        }
        let mut s = format!("{} = {}", parts.join(" "), self.dice(dice));
        if own < 0 && !to.is_empty() {
            s.push(' ');
            s.push_str(&self.get(msg!(
                "hunt-below-zero",
                over = self.dice(own.unsigned_abs()),
                to = to
            )));
        }
        s
    }

    /// "tests (≤ 4 passes): 5, 2 → 1 failed".
    fn endurance(&self, e: &EnduranceTests) -> String {
        if e.rolls.is_empty() {
            return self.id("hunt-endurance-none");
        }
        self.get(msg!(
            "hunt-endurance",
            endurance = e.endurance,
            rolls = list(&e.rolls),
            failed = self.get(msg!("hunt-failed", n = e.failed))
        ))
    }

    /// "; double 3: Weapon Lost" from the faces and the effects of a landed strike.
    fn doubles(&self, faces: &[u32], criticals: &[String], doubles: u32) -> String {
        if criticals.is_empty() {
            return String::new();
        }
        let mut values: Vec<u32> = (1..=6)
            .filter(|v| faces.iter().filter(|f| *f == v).count() >= 2)
            .collect();
        values.dedup();
        let effects: Vec<String> = criticals
            .iter()
            .map(|c| self.get(msg!(format!("hunt-crit-{c}"), doubles = doubles)))
            .collect();
        self.get(msg!(
            "hunt-doubles",
            count = values.len(),
            values = list(&values),
            effects = effects.join(", ")
        ))
    }

    fn level(&self, level: &str) -> String {
        match level {
            "light wound" => self.id("hunt-level-light"),
            "heavy wound" => self.id("hunt-level-heavy"),
            "maimed" => self.id("hunt-level-maimed"),
            "dead" => self.id("hunt-level-dead"),
            other => other.to_owned(),
        }
    }

    /// "Endurance 4 → 3 (max 4), Strength 3 → 2": what a wound changes from next turn.
    fn changes(&self, before: &Stats, after: &Stats, max: u32) -> String {
        if before == after {
            return String::new();
        }
        let mut parts = vec![self.get(msg!(
            "hunt-endurance-track",
            before = before.endurance,
            after = after.endurance,
            max = max
        ))];
        for (stat, b, a) in [
            ("hunt-stat-strength", before.strength, after.strength),
            ("hunt-stat-agility", before.agility, after.agility),
            (
                "hunt-stat-marksmanship",
                before.marksmanship,
                after.marksmanship,
            ),
        ] {
            if a != b {
                parts.push(self.get(msg!(
                    "hunt-stat-change",
                    stat = self.id(stat),
                    before = b,
                    after = a
                )));
            }
        }
        self.get(msg!("hunt-wound-changes", changes = parts.join(", ")))
    }

    fn reason(&self, reason: &str) -> String {
        match reason_key(reason) {
            "" => reason.to_owned(),
            key => self.id(&format!("hunt-reason-{key}")),
        }
    }
}

/// The message key of an ending's reason (`Ending::reason`, English); empty for another.
pub(crate) fn reason_key(reason: &str) -> &'static str {
    match reason {
        "round limit reached" => "round-limit",
        "the prey got away" => "prey-got-away",
        "the prey is dead" => "prey-dead",
        "the hunter gave up" => "hunter-gave-up",
        "the hunter is dead" => "hunter-dead",
        "nobody is left standing" => "nobody",
        _ => "",
    }
}

/// The line `view`'s reader sees for `event`, in `view.lang`: `None` for what the rules keep
/// from that reader (a counterattacker's window and re-split, for its opponents).
pub fn line(event: &Event, view: &View) -> Option<String> {
    let w = W(view.lang);
    match event {
        Event::Test {
            fighter, purpose, ..
        } if purpose == "hide" && !view.viewer.sees_secrets_of(fighter) => {
            Some(w.get(msg!("hunt-test-hide-secret", fighter = fighter.as_str())))
        }
        Event::CounterattackWindow { fighter, .. } | Event::Resplit { fighter }
            if !view.viewer.sees_secrets_of(fighter) =>
        {
            None
        }
        _ => Some(text(event, view.lang)),
    }
}

/// The English line for the game master (`Catalog::describe`).
pub fn describe(event: &Event) -> String {
    text(event, Lang::En)
}

fn text(event: &Event, lang: Lang) -> String {
    let w = W(lang);
    match event {
        Event::Started {
            fighters,
            location,
            trap,
        } => {
            let who: Vec<String> = fighters
                .iter()
                .map(|(n, s)| {
                    w.get(msg!(
                        "hunt-fighter-side",
                        name = n.as_str(),
                        side = w.side(*s)
                    ))
                })
                .collect();
            let mut s = if location.is_empty() {
                w.get(msg!(
                    "hunt-started-nowhere",
                    fighters = who.join(&w.id("hunt-versus"))
                ))
            } else {
                w.get(msg!(
                    "hunt-started",
                    location = location.as_str(),
                    fighters = who.join(&w.id("hunt-versus"))
                ))
            };
            if *trap {
                s.push_str(&w.id("hunt-started-trap"));
            }
            s
        }
        Event::Searched {
            search,
            search_faces,
            precautions,
            precaution_faces,
            surprised,
        } => w.get(msg!(
            if *surprised {
                "hunt-searched-surprised"
            } else {
                "hunt-searched-ready"
            },
            search = roll(search_faces, *search),
            precautions = roll(precaution_faces, *precautions)
        )),
        Event::Ambushed { fighter, test } => w.get(msg!(
            if test.passed {
                "hunt-ambush-passed"
            } else {
                "hunt-ambush-failed"
            },
            fighter = fighter.as_str(),
            test = w.experience(test)
        )),
        Event::Round { round, distance } => w.get(msg!(
            "hunt-round",
            round = *round,
            distance = w.distance(*distance)
        )),
        Event::Declared { fighter, replaced } => w.get(msg!(
            if *replaced {
                "hunt-replaced"
            } else {
                "hunt-declared"
            },
            fighter = fighter.as_str()
        )),
        Event::CounterattackWindow { fighter, sees } => {
            let sees: Vec<String> = sees
                .iter()
                .map(|s| {
                    w.get(msg!(
                        "hunt-window-sees",
                        opponent = s.opponent.as_str(),
                        dice = w.dice(s.attack)
                    ))
                })
                .collect();
            w.get(msg!(
                "hunt-window",
                fighter = fighter.as_str(),
                sees = sees.join("; ")
            ))
        }
        Event::Resplit { fighter } => w.get(msg!("hunt-resplit", fighter = fighter.as_str())),
        Event::Revealed {
            declaration: d,
            initial,
        } => {
            let mut what = String::new();
            if let Some(a) = d.action {
                what.push_str(&w.id(match a {
                    Extraneous::Reload => "hunt-revealed-reload",
                    Extraneous::FirstAid => "hunt-revealed-first-aid",
                    Extraneous::Other => "hunt-revealed-other",
                }));
            }
            if let Some(weapon) = &d.weapon {
                what.push_str(&w.get(msg!("hunt-revealed-weapon", weapon = &**weapon)));
            }
            if let Some(t) = &d.target {
                what.push_str(&w.get(msg!("hunt-revealed-target", target = &**t)));
            }
            let mut more = String::new();
            for a in &d.split {
                more.push_str(&w.get(msg!(
                    "hunt-revealed-part",
                    target = &*a.target,
                    attack = a.attack,
                    damage = a.damage
                )));
            }
            if d.tactic != Tactic::None {
                more.push_str(&w.get(msg!("hunt-revealed-tactic", tactic = w.tactic(d.tactic))));
            }
            if d.lure {
                more.push_str(&w.id("hunt-revealed-lure"));
            }
            if d.give_up {
                more.push_str(&w.id("hunt-revealed-give-up"));
            }
            if let Some(distance) = d.distance {
                more.push_str(&w.get(msg!(
                    "hunt-revealed-distance",
                    distance = w.distance(distance)
                )));
            }
            if let Some(first) = initial {
                more.push_str(&w.get(msg!(
                    "hunt-revealed-initial",
                    defense = first.defense,
                    attack = first.attack,
                    damage = first.damage
                )));
            }
            w.get(msg!(
                "hunt-revealed",
                fighter = &*d.fighter,
                what = what,
                defense = d.defense,
                attack = d.attack,
                damage = d.damage,
                more = more
            ))
        }
        Event::Test {
            fighter,
            purpose,
            test,
        } => {
            let id = match purpose.as_str() {
                "cover" if test.margin_dice() > 0 => "hunt-test-cover",
                "cover" => "hunt-test-cover-failed",
                "hide" => "hunt-test-hide",
                _ => "hunt-test-search",
            };
            w.get(msg!(
                id,
                fighter = fighter.as_str(),
                test = w.experience(test),
                dice = test.margin_dice()
            ))
        }
        Event::Defense {
            fighter,
            dice,
            total,
            cover_dice,
            cover_total,
            terms,
            faces,
            cover_faces,
            experience_added,
        } => {
            let mut rolled = roll(faces, *total - experience_added);
            if *experience_added > 0 {
                rolled = format!(
                    "{rolled}{} = {total}",
                    w.get(msg!("hunt-defense-experience", n = *experience_added))
                );
            }
            let cover = if *cover_dice > 0 {
                w.get(msg!(
                    "hunt-defense-cover",
                    count = w.dice(*cover_dice),
                    roll = roll(cover_faces, *cover_total)
                ))
            } else {
                String::new()
            };
            w.get(msg!(
                "hunt-defense",
                fighter = fighter.as_str(),
                count = w.count(terms, *dice, ""),
                roll = rolled,
                cover = cover
            ))
        }
        Event::Strike {
            attacker,
            target,
            weapon,
            order,
            distance,
            attack_dice,
            attack_terms,
            attack_faces,
            blind,
            attack_total,
            defense_roll,
            cover,
            crossfire,
            defense_total,
            hit,
            landed,
            damage_terms,
            damage_dice,
            threshold,
            points,
            criticals,
            doubles,
            endurance,
            ..
        } => {
            let count = w.count(attack_terms, *attack_dice, target);
            let mut rolled = roll(attack_faces, attack_total + u32::from(*blind));
            if *blind {
                rolled = format!("{rolled} {} = {attack_total}", w.id("hunt-blind-term"));
            }
            let defense = if *cover > 0 || *crossfire > 0 {
                let plus = if *cover > 0 {
                    w.get(msg!("hunt-plus-cover", n = *cover))
                } else {
                    String::new()
                };
                let minus = if *crossfire > 0 {
                    w.get(msg!("hunt-minus-crossfire", n = *crossfire))
                } else {
                    String::new()
                };
                w.get(msg!(
                    "hunt-defense-sum",
                    roll = *defense_roll,
                    cover = plus,
                    crossfire = minus,
                    value = *defense_total
                ))
            } else {
                w.get(msg!("hunt-defense-total", value = *defense_total))
            };
            let order = u32::from(*order) + 1;
            if weapon.is_empty() {
                // HUNT-15: a pursuit whose weapon cannot strike from here only chases.
                let check = if attack_total > defense_total {
                    "hunt-chase-gains"
                } else {
                    "hunt-chase-fails"
                };
                return w.get(msg!(
                    "hunt-chase",
                    order = order,
                    attacker = attacker.as_str(),
                    target = target.as_str(),
                    count = count,
                    roll = rolled,
                    check = w.get(msg!(check, defense = defense))
                ));
            }
            let check_id = if attack_total < defense_total {
                "hunt-check-miss"
            } else if attack_total == defense_total {
                "hunt-check-tie"
            } else if !hit && *threshold == 0 {
                "hunt-check-reach"
            } else if !hit {
                "hunt-check-gone"
            } else if !landed {
                "hunt-check-late"
            } else {
                "hunt-check-hit"
            };
            let check = w.get(msg!(
                check_id,
                defense = defense,
                weapon = weapon.as_str(),
                distance = w.at(*distance),
                attacker = attacker.as_str()
            ));
            let damage = if !landed {
                String::new()
            } else {
                let doubles = w.doubles(damage_dice, criticals, *doubles);
                let dice = damage_dice.len() as u32;
                if dice == 0 {
                    w.get(msg!("hunt-damage-none", doubles = doubles))
                } else {
                    let tests = if *points > 0 {
                        format!("; {}", w.endurance(endurance))
                    } else {
                        String::new()
                    };
                    w.get(msg!(
                        "hunt-damage",
                        count = w.count(damage_terms, dice, target),
                        faces = list(damage_dice),
                        threshold = *threshold,
                        points = w.points(*points),
                        doubles = doubles,
                        endurance = tests
                    ))
                }
            };
            w.get(msg!(
                "hunt-strike",
                order = order,
                attacker = attacker.as_str(),
                target = target.as_str(),
                weapon = weapon.as_str(),
                count = count,
                roll = rolled,
                check = check,
                damage = damage
            ))
        }
        Event::Trap {
            fleer,
            test,
            total,
            faces,
            victim,
            defense,
            caught,
            points,
            endurance,
        } => {
            let check = match caught {
                None => w.get(msg!("hunt-trap-missed", defense = *defense)),
                Some(c) => {
                    let then = if c.passed {
                        w.id("hunt-trap-free")
                    } else {
                        w.get(msg!(
                            "hunt-trap-hurt",
                            points = w.points(*points),
                            endurance = w.endurance(endurance)
                        ))
                    };
                    w.get(msg!(
                        "hunt-trap-caught",
                        defense = *defense,
                        test = w.experience(c),
                        then = then
                    ))
                }
            };
            w.get(msg!(
                "hunt-trap",
                fleer = fleer.as_str(),
                victim = victim.as_str(),
                test = w.experience(test),
                count = w.dice(faces.len() as u32),
                roll = roll(faces, *total),
                check = check
            ))
        }
        Event::Bled {
            fighter,
            points,
            endurance,
        } => w.get(msg!(
            "hunt-bled",
            fighter = fighter.as_str(),
            points = w.points(*points),
            endurance = w.endurance(endurance)
        )),
        Event::Wounded {
            fighter,
            failures,
            level,
            before,
            after,
            max_endurance,
        } => w.get(msg!(
            "hunt-wounded",
            fighter = fighter.as_str(),
            failures = *failures,
            level = w.level(level),
            changes = w.changes(before, after, *max_endurance)
        )),
        Event::Died {
            fighter,
            no_endurance,
        } => w.get(msg!(
            if *no_endurance {
                "hunt-died-no-endurance"
            } else {
                "hunt-died"
            },
            fighter = fighter.as_str()
        )),
        Event::DistanceChanged { from, to } => w.get(msg!(
            "hunt-distance-changed",
            from = w.distance(*from),
            to = w.distance(*to)
        )),
        Event::Escaped { fighter } => w.get(msg!("hunt-escaped", fighter = fighter.as_str())),
        Event::Hid { fighter, turns } => match turns {
            Some(n) => w.get(msg!(
                "hunt-hid",
                fighter = fighter.as_str(),
                turns = w.get(msg!("hunt-turns", n = *n))
            )),
            None => w.get(msg!("hunt-hid-bleeding", fighter = fighter.as_str())),
        },
        Event::Found {
            fighter,
            by,
            distance,
        } => w.get(msg!(
            "hunt-found",
            fighter = fighter.as_str(),
            by = by.as_str(),
            distance = w.at(*distance)
        )),
        Event::TrailLost { fighter } => w.get(msg!("hunt-trail-lost", fighter = fighter.as_str())),
        Event::WeaponChanged {
            fighter,
            weapon,
            status,
        } => w.get(msg!(
            match status {
                WeaponStatus::Ready => "hunt-picks-up",
                WeaponStatus::Dropped => "hunt-drops",
                WeaponStatus::Lost => "hunt-loses",
            },
            fighter = fighter.as_str(),
            weapon = weapon.as_str()
        )),
        Event::Ammo {
            fighter,
            weapon,
            before,
            left,
            spare,
        } => w.get(msg!(
            if left >= before {
                "hunt-ammo-reloaded"
            } else {
                "hunt-ammo-fired"
            },
            fighter = fighter.as_str(),
            weapon = weapon.as_str(),
            before = *before,
            left = *left,
            spare = *spare
        )),
        Event::Bandaged { fighter } => w.get(msg!("hunt-bandaged", fighter = fighter.as_str())),
        Event::Ended { winner, reason } => match winner {
            Some(side) => w.get(msg!(
                "hunt-ended-winner",
                reason = w.reason(reason),
                side = w.side(*side)
            )),
            None => w.get(msg!("hunt-ended", reason = w.reason(reason))),
        },
    }
}
