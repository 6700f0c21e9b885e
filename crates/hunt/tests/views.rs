//! A player's view of the log next to the game master's (issue 18): what one fighter keeps
//! secret — its hide roll and margin (HUNT-20), what it learns when it counterattacks
//! (HUNT-19) — is shown to it and to the game master, never to its opponent.

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

fn log(s: &Session<Hunt>, view: &View) -> Vec<String> {
    s.events().filter_map(|e| Hunt::line(e, view)).collect()
}

#[test]
fn hunt_20_the_hide_margin_and_what_a_counterattacker_learns_stay_secret() {
    let s = play();
    let gm = log(&s, &View::game_master(Lang::En));
    let hunter = log(&s, &View::participant(Lang::En, "Hunter"));
    let prey = log(&s, &View::participant(Lang::En, "Prey"));
    assert_eq!(
        gm.len(),
        hunter.len(),
        "every event has a line in every view"
    );
    assert_eq!(
        gm, prey,
        "the prey hides and counterattacks: it sees all of its own secrets"
    );
    let hide = gm
        .iter()
        .position(|l| l.starts_with("Prey tests Experience to hide: rolled"))
        .expect("the prey hides on seed 70");
    assert!(gm[hide].contains("(margin "), "{}", gm[hide]);
    assert_eq!(
        hunter[hide],
        "Prey tests Experience to hide (the roll is kept secret)"
    );
    let learned: Vec<usize> = (0..gm.len())
        .filter(|&i| gm[i].starts_with("Prey counterattacks and learns:"))
        .collect();
    assert!(!learned.is_empty(), "the prey counterattacks on seed 70");
    for i in learned {
        assert_eq!(hunter[i], "Prey counterattacks");
    }
    let differing = (0..gm.len()).filter(|&i| gm[i] != hunter[i]).count();
    let secret = gm
        .iter()
        .filter(|l| {
            l.starts_with("Prey tests Experience to hide") || l.starts_with("Prey counterattacks")
        })
        .count();
    assert_eq!(differing, secret, "only the secrets differ");
    let side_by_side: Vec<String> = gm
        .iter()
        .zip(&hunter)
        .filter(|(g, h)| g != h)
        .map(|(g, h)| format!("game master: {g}\nHunter sees: {h}"))
        .collect();
    insta::assert_snapshot!(side_by_side.join("\n"));
}
