//! The per-combatant block of `fray simulate`: what each participant's standings added up to
//! over the trials (survival with its Wilson interval, times taken out, round of defeat,
//! tracks at the end, counters with standard errors).

use fray_dice::{CombatantStats, SimSummary};

/// The lines of the per-combatant block; none for a ruleset whose standings are empty.
pub fn lines(summary: &SimSummary, sides: &[&str]) -> Vec<String> {
    if summary.combatants.is_empty() {
        return Vec::new();
    }
    let mut out = vec![
        "  per combatant (survival with its 95 % interval; means ± standard error):".to_string(),
    ];
    for c in &summary.combatants {
        out.extend(combatant(c, sides));
    }
    out
}

fn combatant(c: &CombatantStats, sides: &[&str]) -> Vec<String> {
    let side = sides.get(c.side).copied().unwrap_or("?");
    let (low, high) = c.survival_interval();
    let mut out = vec![format!(
        "    {} ({side}): survived {:.3}% ({:.3}% .. {:.3}%), taken out {} of {}",
        c.name,
        c.survival_rate() * 100.0,
        low * 100.0,
        high * 100.0,
        c.taken_out,
        c.trials
    )];
    if let Some(mean) = c.defeated_round_mean() {
        let rounds: Vec<String> = c
            .defeated_round
            .iter()
            .map(|(r, n)| format!("{r}:{n}"))
            .collect();
        out.push(format!(
            "      round taken out: mean {mean:.3}; {}",
            rounds.join(" ")
        ));
    }
    for t in &c.tracks {
        let histogram: Vec<String> = t
            .histogram
            .iter()
            .map(|(v, n)| format!("{v}:{n}"))
            .collect();
        out.push(format!(
            "      {} at the end: mean {:.3} of {}; {}",
            t.key,
            t.mean(),
            t.max,
            histogram.join(" ")
        ));
    }
    for k in &c.counters {
        out.push(format!(
            "      {}: mean {:.3} ± {:.3}",
            k.key,
            k.mean(),
            k.standard_error()
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::lines;
    use fray_dice::{Counter, SimSummary, Standing, Track};

    #[test]
    fn the_block_names_each_combatant_with_its_interval_tracks_and_counters() {
        let mut summary = SimSummary::default();
        assert!(
            lines(&summary, &["crew", "foes"]).is_empty(),
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
        let text = lines(&summary, &["crew", "foes"]);
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
    }
}
