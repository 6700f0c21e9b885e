//! The per-combatant block of `fray simulate`: what each participant's standings added up to
//! over the trials (survival with its Wilson interval, times taken out, round of defeat,
//! tracks at the end, counters with standard errors), in the chosen language; tracks and
//! counters by the ruleset's own words for them.

use fray_dice::{msg, CombatantStats, Lang, SimSummary, Texts};

use crate::text::{standing_word, tr};

/// The lines of the per-combatant block; none for a ruleset whose standings are empty.
/// `ruleset` holds the ruleset's messages (its `track-` and `counter-` words).
pub fn lines(summary: &SimSummary, sides: &[&str], ruleset: &Texts, lang: Lang) -> Vec<String> {
    if summary.combatants.is_empty() {
        return Vec::new();
    }
    let mut out = vec![format!("  {}", tr(lang, msg!("cli-per-combatant")))];
    for c in &summary.combatants {
        out.extend(combatant(c, sides, ruleset, lang));
    }
    out
}

fn combatant(c: &CombatantStats, sides: &[&str], ruleset: &Texts, lang: Lang) -> Vec<String> {
    let side = sides.get(c.side).copied().unwrap_or("?");
    let (low, high) = c.survival_interval();
    let percent = |x: f64| format!("{:.3}", x * 100.0);
    let mut out = vec![format!(
        "    {}",
        tr(
            lang,
            msg!(
                "cli-combatant",
                name = c.name.as_str(),
                side = side,
                rate = percent(c.survival_rate()),
                low = percent(low),
                high = percent(high),
                out = c.taken_out.to_string(),
                trials = c.trials
            )
        )
    )];
    if let Some(mean) = c.defeated_round_mean() {
        let rounds: Vec<String> = c
            .defeated_round
            .iter()
            .map(|(r, n)| format!("{r}:{n}"))
            .collect();
        out.push(format!(
            "      {}",
            tr(
                lang,
                msg!(
                    "cli-combatant-round",
                    mean = format!("{mean:.3}"),
                    rounds = rounds.join(" ")
                )
            )
        ));
    }
    for t in &c.tracks {
        let histogram: Vec<String> = t
            .histogram
            .iter()
            .map(|(v, n)| format!("{v}:{n}"))
            .collect();
        out.push(format!(
            "      {}",
            tr(
                lang,
                msg!(
                    "cli-combatant-track",
                    track = standing_word(ruleset, lang, "track", &t.key),
                    mean = format!("{:.3}", t.mean()),
                    max = t.max.to_string(),
                    histogram = histogram.join(" ")
                )
            )
        ));
    }
    for k in &c.counters {
        out.push(format!(
            "      {}",
            tr(
                lang,
                msg!(
                    "cli-combatant-counter",
                    counter = standing_word(ruleset, lang, "counter", &k.key),
                    mean = format!("{:.3}", k.mean()),
                    error = format!("{:.3}", k.standard_error())
                )
            )
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::lines;
    use fray_dice::{Counter, Lang, SimSummary, Standing, Track};

    #[test]
    fn the_block_names_each_combatant_with_its_interval_tracks_and_counters() {
        let texts = fray_dice::Texts::common();
        let mut summary = SimSummary::default();
        assert!(
            lines(&summary, &["crew", "foes"], texts, Lang::En).is_empty(),
            "no standings, no block"
        );
        for (up, health, dealt) in [(true, 7, 2), (false, 0, 4)] {
            summary.record_standings(&[Standing {
                name: "Vera".into(),
                side: 1,
                up,
                state: if up { "unhurt" } else { "dead" },
                tracks: vec![Track {
                    key: "health",
                    now: health,
                    max: 10,
                }],
                counters: vec![Counter {
                    key: "damage_dealt",
                    value: dealt,
                }],
                defeated_round: (!up).then_some(3),
            }]);
        }
        let text = lines(&summary, &["crew", "foes"], texts, Lang::En);
        let (low, high) = fray_dice::wilson_interval(1, 2);
        assert_eq!(
            text[1],
            format!(
                "    Vera (foes): survived 50.000% ({:.3}% .. {:.3}%), taken out 1 of 2",
                low * 100.0,
                high * 100.0
            )
        );
        assert_eq!(text[2], "      round taken out: mean 3.000; 3:1");
        assert_eq!(
            text[3],
            "      health at the end: mean 3.500 of 10; 0:1 7:1"
        );
        // Values 2 and 4: sample sd sqrt 2, standard error 1.
        assert_eq!(text[4], "      damage_dealt: mean 3.000 ± 1.000");
        // In Russian, by the words of a ruleset that has these keys (Better World's).
        let better_world = (fray::ruleset("better-world").unwrap().texts)();
        let text = lines(&summary, &["crew", "foes"], better_world, Lang::Ru);
        assert_eq!(
            text[1],
            format!(
                "    Vera (foes): выживание 50.000% ({:.3}% .. {:.3}%), выбывание: 1 из 2 боёв",
                low * 100.0,
                high * 100.0
            )
        );
        assert_eq!(text[2], "      раунд выбывания: в среднем 3.000; 3:1");
        assert_eq!(
            text[3],
            "      хиты в конце: в среднем 3.500 из 10; 0:1 7:1"
        );
        assert_eq!(text[4], "      нанесено урона: в среднем 3.000 ± 1.000");
    }
}
