use crate::engine::{Event, WeaponStatus};
use crate::resolve::TestRoll;

fn test(t: &TestRoll) -> String {
    format!(
        "rolled {} against {}: {} (margin {})",
        t.roll,
        t.stat,
        if t.passed { "passed" } else { "failed" },
        t.margin
    )
}

/// A tactic's display name.
fn tactic_name(t: crate::setup::Tactic) -> &'static str {
    use crate::setup::Tactic;
    match t {
        Tactic::None => "none",
        Tactic::Flee => "flee",
        Tactic::Pursue => "pursue",
        Tactic::TakeCover => "take cover",
        Tactic::AimedFire => "aimed fire",
        Tactic::Onslaught => "onslaught",
        Tactic::Counterattack => "counterattack",
        Tactic::Hide => "hide",
        Tactic::BarrageFire => "barrage fire",
        Tactic::Search => "search",
        Tactic::Ambush => "ambush",
    }
}

fn list(v: &[u32]) -> String {
    v.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
}

/// One readable line for an event.
pub(crate) fn describe(event: &Event) -> String {
    match event {
        Event::Started {
            fighters,
            location,
            trap,
        } => {
            let who: Vec<String> = fighters
                .iter()
                .map(|(n, s)| format!("{n} ({})", s.name()))
                .collect();
            format!(
                "The hunt begins{}: {}{}",
                if location.is_empty() {
                    String::new()
                } else {
                    format!(" in the {location}")
                },
                who.join(" vs "),
                if *trap { "; a trap is set here" } else { "" }
            )
        }
        Event::Searched {
            search,
            precautions,
            surprised,
        } => format!(
            "Search roll {search} against precautions {precautions}: {}",
            if *surprised {
                "the prey is caught unaware"
            } else {
                "the prey is ready"
            }
        ),
        Event::Ambushed { fighter, test: t } => format!(
            "{fighter} springs an ambush: Experience {} — {}",
            test(t),
            if t.passed {
                "it strikes first with +1 Attack"
            } else {
                "it fails, the distance is random"
            }
        ),
        Event::Round { round, distance } => {
            format!("— Round {round}, distance {} —", distance.name())
        }
        Event::Declared { fighter, replaced } => format!(
            "{fighter} {} a declaration",
            if *replaced { "replaces" } else { "sends" }
        ),
        Event::CounterattackWindow { fighter, sees } => {
            let s: Vec<String> = sees
                .iter()
                .map(|s| format!("{} puts {} dice into Attack", s.opponent, s.attack))
                .collect();
            format!("{fighter} counterattacks and learns: {}", s.join("; "))
        }
        Event::Resplit { fighter } => format!("{fighter} re-splits its dice"),
        Event::Revealed {
            declaration: d,
            initial,
        } => {
            let mut s = format!("{} declared", d.fighter);
            if let Some(a) = d.action {
                let what = match a {
                    crate::engine::Extraneous::Reload => "a reload",
                    crate::engine::Extraneous::FirstAid => "first aid",
                    crate::engine::Extraneous::Other => "an extraneous action",
                };
                s.push_str(&format!(" {what}"));
            }
            if let Some(w) = &d.weapon {
                s.push_str(&format!(" {w}"));
            }
            s.push_str(&format!(
                ": Defense {}, Attack {}, Damage {}",
                d.defense, d.attack, d.damage
            ));
            for a in &d.split {
                s.push_str(&format!(
                    "; on {}: Attack {}, Damage {}",
                    a.target, a.attack, a.damage
                ));
            }
            if let Some(t) = &d.target {
                s.push_str(&format!(" on {t}"));
            }
            if d.tactic != crate::setup::Tactic::None {
                s.push_str(&format!(", tactic {}", tactic_name(d.tactic)));
            }
            if d.lure {
                s.push_str(", luring toward the trap");
            }
            if d.give_up {
                s.push_str(", giving up the search");
            }
            if let Some(first) = initial {
                s.push_str(&format!(
                    " (re-split; first declared Defense {}, Attack {}, Damage {})",
                    first.defense, first.attack, first.damage
                ));
            }
            s
        }
        Event::Test {
            fighter,
            purpose,
            test: t,
        } => {
            let what = match purpose.as_str() {
                "cover" => "take cover",
                other => other,
            };
            format!("{fighter} tests Experience to {what}: {}", test(t))
        }
        Event::Defense {
            fighter,
            dice,
            total,
            cover_dice,
            cover_total,
        } => {
            let mut s = format!("{fighter} defends with {dice} dice: {total}");
            if *cover_dice > 0 {
                s.push_str(&format!(
                    " (+{cover_total} from {cover_dice} cover dice against shots)"
                ));
            }
            s
        }
        Event::Strike {
            attacker,
            target,
            weapon,
            order,
            attack_dice,
            attack_total,
            defense_total,
            hit,
            landed,
            damage_dice,
            points,
            criticals,
            failures,
            ..
        } => {
            if weapon.is_empty() {
                // HUNT-15: a pursuit whose weapon cannot strike from here only chases.
                return format!(
                    "#{} {attacker} chases {target} (no weapon reaches): Attack {attack_total} ({attack_dice} dice) vs Defense {defense_total}",
                    order + 1
                );
            }
            let mut s = format!(
                "#{} {attacker} attacks {target} with the {weapon}: {attack_total} ({attack_dice} dice) vs Defense {defense_total}",
                order + 1
            );
            if !hit {
                s.push_str(" — miss");
            } else if !landed {
                s.push_str(" — a hit, but too late");
            } else {
                s.push_str(&format!(
                    " — hit; damage [{}] = {points} point(s)",
                    list(damage_dice)
                ));
                if !criticals.is_empty() {
                    s.push_str(&format!(", critical: {}", criticals.join(", ")));
                }
                if *points > 0 {
                    s.push_str(&format!("; {failures} Endurance test(s) failed"));
                }
            }
            s
        }
        Event::Trap {
            fleer,
            test: t,
            total,
            victim,
            caught,
        } => {
            let mut s = format!(
                "{fleer} lures {victim} toward the trap: Experience {}, trap roll {total}",
                test(t)
            );
            match caught {
                None => s.push_str(" — not caught"),
                Some(c) if c.passed => s.push_str(&format!(
                    " — caught, but Experience {}: never again",
                    test(c)
                )),
                Some(c) => s.push_str(&format!(" — caught! Experience {}", test(c))),
            }
            s
        }
        Event::Bled { fighter, points } => format!("{fighter} bleeds: {points} damage point(s)"),
        Event::Wounded {
            fighter,
            failures,
            level,
        } => format!("{fighter} failed {failures} Endurance test(s) this turn: {level}"),
        Event::Died { fighter } => format!("{fighter} dies"),
        Event::DistanceChanged { from, to } => {
            format!("The distance changes from {} to {}", from.name(), to.name())
        }
        Event::Escaped { fighter } => format!("{fighter} escapes"),
        Event::Hid { fighter, turns } => match turns {
            Some(n) => format!("{fighter} is hidden; the opponent has {n} turns to find it"),
            None => format!("{fighter} is hidden, but its blood trail lets the search go on"),
        },
        Event::Found {
            fighter,
            by,
            distance,
        } => format!(
            "{by} finds {fighter}; the fight goes on at {} distance",
            distance.name()
        ),
        Event::TrailLost { fighter } => format!("The trail of {fighter} is lost"),
        Event::WeaponChanged {
            fighter,
            weapon,
            status,
        } => match status {
            WeaponStatus::Ready => format!("{fighter} picks up the {weapon}"),
            WeaponStatus::Dropped => format!("{fighter} drops the {weapon}"),
            WeaponStatus::Lost => format!("{fighter} loses the {weapon} for good"),
        },
        Event::Ammo {
            fighter,
            weapon,
            left,
            spare,
        } => format!("{fighter}'s {weapon}: {left} round(s) left, {spare} spare"),
        Event::Bandaged { fighter } => format!("{fighter} stops the bleeding"),
        Event::Ended { winner, reason } => match winner {
            Some(w) => format!("The fight is over: {reason}; the {} wins", w.name()),
            None => format!("The fight is over: {reason}"),
        },
    }
}
