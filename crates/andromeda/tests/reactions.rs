//! The decision points of Andromeda (issue 17): provoked attacks (AND-14) and readied
//! actions (AND-11) are pending decisions of the participant the rules give them to. Each
//! is offered with scripted dice, both answers lead to what the rules say, and a refused
//! answer changes nothing and rolls nothing.

mod common;

use common::*;
use fray_andromeda::{
    options, preview, AndromedaPolicy, Command, Event, OddsSpec, Reactions, Tier,
};
use fray_dice::{Catalog, Decider, OptionKind, Policy};
use serde_json::json;

fn damage_to(ev: &[Event], who: &str) -> u32 {
    ev.iter()
        .filter_map(|e| match e {
            Event::Damaged { id, amount, .. } if &**id == who => Some(*amount),
            _ => None,
        })
        .sum()
}

/// The actions of the decider's options, which must all be pending choices of `who`.
fn pending_actions(t: &T, who: &str) -> Vec<String> {
    let o = options(&t.state);
    assert_eq!(
        o.decider,
        Decider::participant(who, t.state.fighters[t.i(who)].side.index() as u8)
    );
    assert!(o
        .list
        .iter()
        .all(|o| o.kind == OptionKind::PendingChoice && o.actor == who));
    o.list.iter().map(|o| o.action.clone()).collect()
}

/// a (hero, at the origin, ranged style) engaged in melee by b (one metre away), with a
/// second melee attack `claw` (reach 3 m) on b's sheet; a's turn has begun.
fn engaged() -> T {
    let claw = json!({"id": "claw", "skill": "melee", "defense": "control", "damage": "2/2/2/2",
        "range": 3});
    let mut t = T::new(setup_of(
        vec![
            with(fighter("a", "heroes", [0, 0]), json!({"style": "ranged"})),
            plus_ability(fighter("b", "enemies", [1, 0]), claw),
        ],
        json!({}),
    ));
    t.ok(start("a"), &[]);
    t
}

#[test]
fn and_14_a_ranged_attack_in_melee_offers_the_provoked_attack() {
    // «Провоцированную атаку можно совершить … если персонаж в ближнем бою пытается сделать
    // дальнюю атаку»: a's shot stops; b decides, with either melee attack, or lets a go.
    let mut t = engaged();
    assert!(
        t.ok(use_("a", "shot", &["b"]), &[]).is_empty(),
        "nothing rolled yet"
    );
    assert_eq!(
        pending_actions(&t, "b"),
        [
            "provoked_attack",
            "provoked_attack",
            "decline_provoked_attack"
        ]
    );
    let o = options(&t.state);
    assert_eq!(o.list[0].using.as_deref(), Some("hit"));
    assert_eq!(o.list[1].using.as_deref(), Some("claw"));
    assert_eq!(o.list[0].targets, ["a"]);
    assert_eq!(o.list[0].costs, ["free action"]);

    // Taken with hit: 1+1+3 = 5 Fail → 1 damage to a, then a's shot 4+4+3 = 11, Success at
    // a Cost against Control 2 → 2 damage to b. No reaction is spent (AND-14).
    let mut take = T {
        state: t.state.clone(),
    };
    let ev = take.ok(
        json!({"type": "provoked_attack", "actor": "b", "ability": "hit"}),
        &[1, 1, 4, 4],
    );
    assert!(
        matches!(&ev[0], Event::Provoked { by, against, .. } if &**by == "b" && &**against == "a")
    );
    assert!(matches!(&ev[1], Event::Check { provoked: true, .. }));
    assert_eq!((damage_to(&ev, "a"), damage_to(&ev, "b")), (1, 2));
    assert!(take.state.pending.is_none());
    assert!(take.state.fighters[take.i("b")].reaction);

    // Taken with claw: its line deals 2 whatever the roll.
    let mut claw = T {
        state: t.state.clone(),
    };
    let ev = claw.ok(
        json!({"type": "provoked_attack", "actor": "b", "ability": "claw"}),
        &[1, 1, 4, 4],
    );
    assert_eq!((damage_to(&ev, "a"), damage_to(&ev, "b")), (2, 2));

    // Let go: no roll for b, a's shot alone (4+4+3 = 11 → 2 damage).
    let ev = t.ok(json!({"type": "provoked_attack", "actor": "b"}), &[4, 4]);
    assert_eq!(
        ev[0],
        Event::ProvokedDeclined {
            by: "b".into(),
            against: "a".into()
        }
    );
    assert_eq!((damage_to(&ev, "a"), damage_to(&ev, "b")), (0, 2));
}

#[test]
fn and_14_leaving_melee_reach_offers_the_provoked_attack() {
    // «… если персонаж дальнего боя выходит из предела досягаемости противника, ведущего
    // ближний бой»: a's Move stops before a goes; taken, a is struck where it stands and
    // then moves; let go, a simply moves.
    let mut t = engaged();
    t.ok(json!({"type": "move", "actor": "a", "to": [-10, 0]}), &[]);
    assert_eq!(t.state.fighters[t.i("a")].position, [0, 0], "not moved yet");
    assert_eq!(
        pending_actions(&t, "b"),
        [
            "provoked_attack",
            "provoked_attack",
            "decline_provoked_attack"
        ]
    );
    let mut take = T {
        state: t.state.clone(),
    };
    // 8+8+3 = 19 Critical against Fortitude 3 (rank 2: −1) → Success, 3 damage.
    let ev = take.ok(
        json!({"type": "provoked_attack", "actor": "b", "ability": "hit"}),
        &[8, 8],
    );
    assert!(matches!(&ev[0], Event::Provoked { why, .. } if why == "left melee reach"));
    assert_eq!(damage_to(&ev, "a"), 3);
    assert!(matches!(ev.last(), Some(Event::Moved { to: [-10, 0], .. })));
    let ev = t.ok(json!({"type": "provoked_attack", "actor": "b"}), &[]);
    assert!(matches!(&ev[0], Event::ProvokedDeclined { .. }));
    assert_eq!(t.state.fighters[t.i("a")].position, [-10, 0]);

    // A Move to [0, -2] (√5 m from b) leaves hit's 2 m reach but not claw's 3 m: only hit
    // is offered.
    let mut near = engaged();
    near.ok(json!({"type": "move", "actor": "a", "to": [0, -2]}), &[]);
    let o = options(&near.state);
    let using: Vec<_> = o.list.iter().map(|o| o.using.as_deref()).collect();
    assert_eq!(using, [Some("hit"), None]);
}

#[test]
fn and_14_a_refused_answer_changes_nothing_and_rolls_nothing() {
    let mut t = engaged();
    t.ok(use_("a", "shot", &["b"]), &[]);
    // Nothing else goes on while b decides (T::fail checks the state and the dice).
    assert_eq!(t.fail(end("a")), "AND-14");
    assert_eq!(t.fail(use_("a", "hit", &["b"])), "AND-14");
    assert_eq!(
        t.fail(json!({"type": "readied", "actor": "b", "fire": true})),
        "AND-14"
    );
    // Only b answers, and only with a melee attack.
    assert_eq!(
        t.fail(json!({"type": "provoked_attack", "actor": "a", "ability": "hit"})),
        "AND-14"
    );
    assert_eq!(
        t.fail(json!({"type": "provoked_attack", "actor": "b", "ability": "shot"})),
        "AND-14"
    );
    assert_eq!(
        t.fail(json!({"type": "provoked_attack", "actor": "b", "ability": "kick"})),
        "AND-11"
    );
    // With nothing offered, an answer is refused too.
    let mut calm = T::new(duel());
    calm.ok(start("a"), &[]);
    assert_eq!(
        calm.fail(json!({"type": "provoked_attack", "actor": "b"})),
        "AND-14"
    );
    assert_eq!(
        calm.fail(json!({"type": "readied", "actor": "a", "fire": false})),
        "AND-11"
    );
}

/// a (hero at the origin) readies hit for enemy_moves_into_range; b at [10, 0] and c at
/// [0, 10] are enemies out of its reach; b's turn has begun.
fn readied() -> T {
    let mut t = T::new(setup_of(
        vec![
            fighter("a", "heroes", [0, 0]),
            fighter("b", "enemies", [10, 0]),
            fighter("c", "enemies", [0, 10]),
        ],
        json!({}),
    ));
    t.ok(start("a"), &[]);
    t.ok(
        json!({"type": "ready", "actor": "a", "ability": "hit", "trigger": "enemy_moves_into_range"}),
        &[],
    );
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    t
}

#[test]
fn and_11_a_readied_action_fires_or_is_held_at_its_trigger() {
    // «… сможете потратить реакцию, чтобы выполнить подготовленное действие в момент
    // срабатывания условия»: b moves into reach (it arrives first) and a decides.
    let mut t = readied();
    let ev = t.ok(json!({"type": "move", "actor": "b", "to": [1, 0]}), &[]);
    assert!(matches!(ev.last(), Some(Event::Moved { .. })));
    assert_eq!(pending_actions(&t, "a"), ["fire_readied", "hold_readied"]);

    // Fired: the reaction is spent and the ready used; 5+5+3 = 13 Success against
    // Fortitude 3 (rank 2: −1) → Success at a Cost, 2 damage.
    let mut fire = T {
        state: t.state.clone(),
    };
    let ev = fire.ok(
        json!({"type": "readied", "actor": "a", "fire": true}),
        &[5, 5],
    );
    assert!(ev.contains(&Event::ReadyTriggered {
        id: "a".into(),
        target: "b".into()
    }));
    assert!(matches!(
        first_check(&ev),
        Event::Check {
            readied: true,
            tier: Tier::SuccessAtACost,
            ..
        }
    ));
    assert_eq!(damage_to(&ev, "b"), 2);
    let a = &fire.state.fighters[fire.i("a")];
    assert!(!a.reaction && a.ready.is_none());

    // Held: nothing rolled; the reaction and the readied action wait for a later trigger,
    // which c's move into reach is, in the same round.
    let ev = t.ok(json!({"type": "readied", "actor": "a", "fire": false}), &[]);
    assert_eq!(
        ev,
        [Event::ReadyHeld {
            id: "a".into(),
            target: "b".into()
        }]
    );
    let a = &t.state.fighters[t.i("a")];
    assert!(a.reaction && a.ready.is_some());
    t.ok(end("b"), &[]);
    t.ok(start("c"), &[]);
    t.ok(json!({"type": "move", "actor": "c", "to": [0, 1]}), &[]);
    assert_eq!(pending_actions(&t, "a"), ["fire_readied", "hold_readied"]);
    let ev = t.ok(
        json!({"type": "readied", "actor": "a", "fire": true}),
        &[5, 5],
    );
    assert_eq!(damage_to(&ev, "c"), 2);
}

#[test]
fn and_11_an_enemy_attack_offers_the_readied_action_after_it() {
    // Trigger enemy_attacks: b's hit is made first (1+1+3 = 5 Fail, 1 damage), then a
    // decides; refused answers change nothing.
    let mut t = T::new(duel());
    t.ok(start("a"), &[]);
    t.ok(
        json!({"type": "ready", "actor": "a", "ability": "hit", "trigger": "enemy_attacks"}),
        &[],
    );
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    let ev = t.ok(use_("b", "hit", &["a"]), &[1, 1]);
    assert_eq!(damage_to(&ev, "a"), 1);
    assert_eq!(pending_actions(&t, "a"), ["fire_readied", "hold_readied"]);
    assert_eq!(t.fail(end("b")), "AND-11");
    assert_eq!(
        t.fail(json!({"type": "readied", "actor": "b", "fire": true})),
        "AND-11"
    );
    assert_eq!(
        t.fail(json!({"type": "provoked_attack", "actor": "a"})),
        "AND-11"
    );
    let ev = t.ok(
        json!({"type": "readied", "actor": "a", "fire": true}),
        &[8, 8],
    );
    assert!(matches!(
        first_check(&ev),
        Event::Check { readied: true, .. }
    ));
}

#[test]
fn and_14_previews_of_a_provoked_attack_equal_the_odds_query() {
    let mut t = engaged();
    t.ok(use_("a", "shot", &["b"]), &[]);
    let hit = serde_json::from_value::<Command>(
        json!({"type": "provoked_attack", "actor": "b", "ability": "hit"}),
    )
    .unwrap();
    let spec = OddsSpec {
        skill_value: 3,
        skill_rank: 2,
        difficulty: 3, // a's Fortitude (strong)
        damage: Some("1/2/3/5".parse().unwrap()),
        ..OddsSpec::default()
    };
    assert_eq!(
        preview(&t.state, &hit).unwrap(),
        fray_andromeda::Andromeda::odds(&spec).unwrap()
    );
    let decline = cmd(json!({"type": "provoked_attack", "actor": "b"}));
    assert!(preview(&t.state, &decline).unwrap().is_empty());
}

#[test]
fn and_14_and_11_the_policy_takes_reactions_as_its_knob_says() {
    let mut t = engaged();
    t.ok(use_("a", "shot", &["b"]), &[]);
    let answer = |policy: &AndromedaPolicy, t: &T| policy.next(&t.state).unwrap();
    // The default: the first affordable melee attack needing no charge, hit.
    assert_eq!(
        answer(&AndromedaPolicy::DEFAULT, &t),
        cmd(json!({"type": "provoked_attack", "actor": "b", "ability": "hit"}))
    );
    let mut never = AndromedaPolicy::DEFAULT;
    never.enemies.reactions = Reactions::Never;
    assert_eq!(
        answer(&never, &t),
        cmd(json!({"type": "provoked_attack", "actor": "b"}))
    );
    let mut readied_only = AndromedaPolicy::DEFAULT;
    readied_only.enemies.reactions = Reactions::ReadiedOnly;
    assert_eq!(
        answer(&readied_only, &t),
        cmd(json!({"type": "provoked_attack", "actor": "b"}))
    );

    let mut r = readied();
    r.ok(json!({"type": "move", "actor": "b", "to": [1, 0]}), &[]);
    assert_eq!(
        answer(&AndromedaPolicy::DEFAULT, &r),
        cmd(json!({"type": "readied", "actor": "a", "fire": true}))
    );
    let policy: AndromedaPolicy =
        serde_json::from_value(json!({"heroes": {"reactions": "provoked_only"}})).unwrap();
    assert_eq!(
        answer(&policy, &r),
        cmd(json!({"type": "readied", "actor": "a", "fire": false}))
    );
    let o = options(&r.state);
    assert!(o.admits(&policy.choose(&r.state, &o).unwrap()));
}
