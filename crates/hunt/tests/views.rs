//! A player's view of the log next to the game master's (issue 18): what one fighter keeps
//! secret — its hide roll and margin (HUNT-20: the result a search must reach), its
//! counterattack and what it learns there (HUNT-19: the tactic is part of the declaration,
//! secret until the exchange is resolved) — is shown to it and to the game master, never to
//! its opponent. Declarations are never in anyone's log before they are revealed.

use fray_dice::{AutoPlay, Catalog, Lang, Session, View};
use fray_hunt::*;

/// The demo setup on seed 70: a hide, a search and a counterattack (tests/demo.rs).
fn play() -> Session<Hunt> {
    let mut s = Session::<Hunt>::start(Hunt::demo_setup(), 70, 0).unwrap();
    while let Some(c) = Hunt::next_command(s.state()) {
        s.apply(c).unwrap();
    }
    s
}

/// Each event's line for `view`, `None` where the reader does not see it.
fn lines(s: &Session<Hunt>, view: &View) -> Vec<Option<String>> {
    s.events().map(|e| Hunt::line(e, view)).collect()
}

fn shown(lines: &[Option<String>]) -> Vec<String> {
    lines.iter().flatten().cloned().collect()
}

#[test]
fn hunt_20_the_hide_margin_and_the_counterattack_stay_secret() {
    let s = play();
    for lang in Lang::ALL {
        let gm = lines(&s, &View::game_master(lang));
        let hunter = lines(&s, &View::participant(lang, "Hunter"));
        let prey = lines(&s, &View::participant(lang, "Prey"));
        assert_eq!(
            gm, prey,
            "the prey hides and counterattacks: it sees all of its own secrets"
        );
        let events: Vec<&Event> = s.events().collect();
        let mut secrets = 0;
        for (k, e) in events.iter().enumerate() {
            match e {
                Event::Test { purpose, test, .. } if purpose == "hide" => {
                    let g = gm[k].as_deref().unwrap();
                    let h = hunter[k].as_deref().unwrap();
                    assert!(g.contains(&test.roll.to_string()), "{g}");
                    assert!(!h.chars().any(|c| c.is_ascii_digit()), "{h}");
                    secrets += 1;
                }
                Event::CounterattackWindow { .. } | Event::Resplit { .. } => {
                    assert!(gm[k].is_some());
                    assert_eq!(hunter[k], None, "HUNT-19: {:?}", gm[k]);
                    secrets += 1;
                }
                _ => assert_eq!(gm[k], hunter[k], "only the secrets differ"),
            }
        }
        assert!(secrets >= 3, "seed 70 hides and counterattacks");
    }
}

/// Before the game master resolves, a declaration is only "sent" in every view: its
/// contents reach the log with the exchange (`Revealed`).
#[test]
fn hunt_06_declarations_stay_out_of_the_log_until_resolution() {
    let mut s = Session::<Hunt>::start(Hunt::demo_setup(), 7, 0).unwrap();
    let prey: Command = serde_json::from_str(
        r#"{"type":"declare","fighter":"Prey","weapon":"knife","defense":2,"attack":3,"damage":3,"tactic":"flee"}"#,
    )
    .unwrap();
    s.apply(prey).unwrap();
    for lang in Lang::ALL {
        for view in [
            View::game_master(lang),
            View::participant(lang, "Hunter"),
            View::participant(lang, "Prey"),
        ] {
            let last = Hunt::line(s.events().last().unwrap(), &view).unwrap();
            assert!(!last.contains('3') && !last.contains('2'), "{last}");
        }
    }
    let en = Hunt::line(s.events().last().unwrap(), &View::game_master(Lang::En)).unwrap();
    assert_eq!(en, "Prey sends the game master its split and tactic");
}

/// The hunter's log and the game master's, side by side where they differ, in English and
/// Russian; and the hunter's whole log.
#[test]
fn the_hunters_view_next_to_the_game_masters() {
    let s = play();
    for lang in Lang::ALL {
        let gm = lines(&s, &View::game_master(lang));
        let hunter = lines(&s, &View::participant(lang, "Hunter"));
        let (gm_says, hunter_sees) = match lang {
            Lang::En => ("game master", "Hunter sees"),
            Lang::Ru => ("мастер", "видит Hunter"),
        };
        let side_by_side: Vec<String> = gm
            .iter()
            .zip(&hunter)
            .filter(|(g, h)| g != h)
            .map(|(g, h)| {
                format!(
                    "{gm_says}: {}\n{hunter_sees}: {}",
                    g.as_deref().unwrap_or("—"),
                    h.as_deref().unwrap_or("—")
                )
            })
            .collect();
        insta::assert_snapshot!(
            format!("seed_70_gm_next_to_hunter_{lang}"),
            side_by_side.join("\n")
        );
        insta::assert_snapshot!(
            format!("seed_70_hunter_view_{lang}"),
            shown(&hunter).join("\n")
        );
    }
}
