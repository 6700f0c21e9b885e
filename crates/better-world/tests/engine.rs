//! The encounter engine with scripted dice: actions, attacks, damage and every special.

mod common;

use common::*;
use fray_better_world::*;

/// A (side 0, Reflexes 3) acts before B (side 1, Reflexes 2); no dice at the start.
fn duel(a: Character, b: Character) -> State {
    started(&setup(vec![a, b]), &[]).0
}

fn shooter() -> Character {
    let mut a = fighter("A", 0, 0, 3);
    a.weapons = vec![pistol()];
    a
}

fn melee_pair(a: Character, b: Character) -> State {
    // B stands 1 m from A; A engages without moving.
    let mut state = duel(a, b);
    run(&mut state, engage(0, 0, 1), &[]).unwrap();
    state
}

#[test]
fn bw_12_action_budget() {
    // BW-12: one Main, one Additional; a Full needs both.
    let mut state = duel(shooter(), fighter("B", 1, 10, 2));
    run(
        &mut state,
        Command::Attack(strike(0, 1)),
        &[0, 0, 0, 1, 1, 1],
    )
    .unwrap();
    assert_eq!(
        rule(run(&mut state, Command::Attack(strike(0, 1)), &[])),
        "BW-12"
    );
    assert_eq!(
        rule(run(&mut state, Command::AimedShot(strike(0, 1)), &[])),
        "BW-12"
    );
    // Additional still free: a Quick Shot is fine.
    run(
        &mut state,
        Command::QuickShot(strike(0, 1)),
        &[0, 0, 0, 0, 0, 0, 0, 0],
    )
    .unwrap();
    assert_eq!(
        rule(run(&mut state, Command::Reaction { actor: 0 }, &[])),
        "BW-12"
    );
    // A Full action after the Additional is spent.
    let mut state = duel(shooter(), fighter("B", 1, 10, 2));
    run(
        &mut state,
        Command::Move {
            actor: 0,
            to: 2,
            sprint: false,
            engage: None,
            sector: None,
        },
        &[],
    )
    .unwrap();
    assert_eq!(
        rule(run(&mut state, Command::AimedShot(strike(0, 1)), &[])),
        "BW-12"
    );
    // Minor actions are limited by the setting.
    let mut s = setup(vec![shooter(), fighter("B", 1, 10, 2)]);
    s.settings.max_minor = 0;
    let (mut state, _) = started(&s, &[]);
    assert_eq!(
        rule(run(&mut state, Command::Withdraw { actor: 0 }, &[])),
        "BW-12"
    );
}

#[test]
fn bw_13_move_and_sprint_distances() {
    // BW-13: Move ≈ 4 m (ДД), Sprint ≈ 12 m (ПД).
    let mut state = duel(shooter(), fighter("B", 1, 30, 2));
    let mv = |to, sprint| Command::Move {
        actor: 0,
        to,
        sprint,
        engage: None,
        sector: None,
    };
    assert_eq!(rule(run(&mut state, mv(5, false), &[])), "BW-13");
    assert_eq!(rule(run(&mut state, mv(13, true), &[])), "BW-13");
    run(&mut state, mv(12, true), &[]).unwrap();
    assert_eq!(state.fighters[0].character.position, 12);
    let turn = state.turn.unwrap();
    assert!(turn.main && turn.additional);
    // Engaging needs to end within reach.
    let mut state = duel(shooter(), fighter("B", 1, 5, 2));
    assert_eq!(rule(run(&mut state, engage(0, 3, 1), &[])), "BW-13");
    run(&mut state, engage(0, 4, 1), &[]).unwrap();
    assert!(state.engaged(0, 1));
}

#[test]
fn bw_14_attack_against_automatic_defence() {
    // BW-14: aspect + weapon against the defender's aspect; the defence needs no command.
    let mut a = fighter("A", 0, 0, 3);
    a.weapons = vec![knife()];
    let mut state = melee_pair(a, fighter("B", 1, 1, 2));
    let events = run(&mut state, Command::Attack(strike(0, 1)), &[1, 1, 0, 0]).unwrap();
    let (action, pool, difficulty, result, _) = attacks(&events)[0];
    assert_eq!((action, pool, difficulty), (Action::Attack, 2, 2));
    assert_eq!(result.bonus, 2);
    // 2 bonus + knife 1 = 3 damage: Wounded, Pain Shock.
    assert_eq!(state.fighters[1].hits, 3);
    assert_eq!(state.health_state(1), HealthState::Wounded);
    // Attacks target enemies.
    let mut state = duel(shooter(), fighter("B", 1, 10, 2));
    assert_eq!(
        rule(run(&mut state, Command::Attack(strike(0, 0)), &[])),
        "BW-14"
    );
}

#[test]
fn bw_18_wounds_add_difficulty_to_own_actions() {
    // BW-18: a Wounded attacker rolls against +1K; Badly Wounded +2K.
    let mut a = shooter();
    a.hits = Some(3);
    let mut state = duel(a.clone(), fighter("B", 1, 10, 2));
    let events = run(
        &mut state,
        Command::Attack(strike(0, 1)),
        &[0, 0, 0, 0, 0, 0, 0],
    )
    .unwrap();
    assert_eq!(attacks(&events)[0].2, 3 + 1);
    a.hits = Some(1);
    let mut state = duel(a, fighter("B", 1, 10, 2));
    let events = run(
        &mut state,
        Command::Attack(strike(0, 1)),
        &[0, 0, 0, 0, 0, 0, 0, 0],
    )
    .unwrap();
    assert_eq!(attacks(&events)[0].2, 3 + 2);
}

#[test]
fn bw_19_pain_shock_and_concussion_in_play() {
    // BW-19: 3 damage → Pain Shock: the next turn has no Main action.
    let mut state = duel(shooter(), fighter("B", 1, 10, 2));
    // Pool 3 (1,0,0) vs 3K (0,0,0): 1 bonus + pistol 2 = 3.
    let events = run(
        &mut state,
        Command::Attack(strike(0, 1)),
        &[1, 0, 0, 0, 0, 0],
    )
    .unwrap();
    assert!(has(&events, |e| matches!(
        e,
        Event::Shocked {
            shock: Shock::PainShock,
            ..
        }
    )));
    let events = run(&mut state, end(0), &[]).unwrap();
    assert!(has(&events, |e| matches!(e, Event::MainActionLost { .. })));
    assert_eq!(
        rule(run(&mut state, Command::Attack(strike(1, 0)), &[])),
        "BW-12"
    );
    // 5 damage → Concussion: the whole next turn is skipped (only the larger applies).
    let mut state = duel(shooter(), fighter("B", 1, 10, 2));
    let events = run(
        &mut state,
        Command::Attack(strike(0, 1)),
        &[1, 1, 1, 0, 0, 0],
    )
    .unwrap();
    let shocks: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::Shocked { .. }))
        .collect();
    assert_eq!(shocks.len(), 1);
    assert!(matches!(
        shocks[0],
        Event::Shocked {
            shock: Shock::Concussion,
            ..
        }
    ));
    let events = run(&mut state, end(0), &[]).unwrap();
    assert!(has(&events, |e| matches!(
        e,
        Event::TurnSkipped {
            reason: SkipReason::Concussion,
            ..
        }
    )));
    assert_eq!(state.phase, Phase::BetweenRounds);
}

#[test]
fn bw_20_a_blow_past_the_threshold_kills() {
    // BW-20: from 1 hit, 3 damage leaves −2 (Dying); 4 kills.
    let mut b = fighter("B", 1, 10, 2);
    b.hits = Some(1);
    let mut state = duel(shooter(), b.clone());
    run(
        &mut state,
        Command::Attack(strike(0, 1)),
        &[1, 0, 0, 0, 0, 0],
    )
    .unwrap();
    assert_eq!(state.fighters[1].hits, -2);
    assert_eq!(state.health_state(1), HealthState::Dying);
    let mut state = duel(shooter(), b);
    let events = run(
        &mut state,
        Command::Attack(strike(0, 1)),
        &[1, 1, 0, 0, 0, 0],
    )
    .unwrap();
    assert!(has(&events, |e| matches!(e, Event::Died { .. })));
    assert_eq!(state.fighters[1].status, Status::Dead);
    assert_eq!(state.winner, Some(0));
}

#[test]
fn bw_21_dying_conscious_and_letting_go() {
    // BW-21: a conscious Dying character loses a hit each own turn, has no Main action,
    // +3K difficulty, and may faint.
    let mut a = shooter();
    a.hits = Some(0);
    a.stays_conscious = true;
    let ally = fighter("C", 0, -10, 1);
    let (mut state, events) = started(&setup(vec![a.clone(), fighter("B", 1, 10, 2), ally]), &[]);
    assert!(has(&events, |e| matches!(
        e,
        Event::Bleeding { hits: -1, .. }
    )));
    assert_eq!(
        rule(run(&mut state, Command::Attack(strike(0, 1)), &[])),
        "BW-21"
    );
    // A Quick Shot (ДД) is allowed, at 3K + 2K + 3K (+3K off direction → 2+3+3).
    let events = run(
        &mut state,
        Command::QuickShot(strike(0, 1)),
        &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    )
    .unwrap();
    assert_eq!(attacks(&events)[0].2, 3 + 3 + 3);
    let events = run(&mut state, Command::LetGo { actor: 0 }, &[]).unwrap();
    assert!(has(&events, |e| matches!(e, Event::Fainted { .. })));
    assert!(!state.fighters[0].conscious);
    assert_eq!(state.turn.unwrap().actor, 1);
    // Unconscious Dying: 1 hit per hour of rounds.
    let mut s = setup(vec![
        fighter("A", 0, 0, 3),
        fighter("B", 1, 10, 2),
        fighter("C", 0, -10, 1),
    ]);
    s.characters[0].hits = Some(0);
    s.settings.rounds_per_hour = 1;
    let (mut state, _) = started(&s, &[]);
    run(&mut state, end(1), &[]).unwrap();
    let events = run(&mut state, end(2), &[]).unwrap();
    assert!(has(&events, |e| matches!(
        e,
        Event::Bleeding { hits: -1, .. }
    )));
    // Healthy characters cannot "let go".
    let mut state = duel(shooter(), fighter("B", 1, 10, 2));
    assert_eq!(
        rule(run(&mut state, Command::LetGo { actor: 0 }, &[])),
        "BW-21"
    );
}

#[test]
fn bw_22_firearms_in_melee_use_melee_rules() {
    // BW-22: engaged, the pistol attacks with a melee aspect and without its +1K.
    let mut state = melee_pair(shooter(), fighter("B", 1, 1, 2));
    assert_eq!(
        rule(run(&mut state, Command::ShortBurst(strike(0, 1)), &[])),
        "BW-22"
    );
    let events = run(&mut state, Command::Attack(strike(0, 1)), &[0, 0, 0, 0]).unwrap();
    assert!(has(&events, |e| matches!(
        e,
        Event::Attacked {
            melee: true,
            aspect: Aspect::Training,
            pool: 2,
            ..
        }
    )));
    // The default `shot` fires the gun: a miss (0 0 against 0 0 ties to the actor, so
    // here a hit of 0 bonus units) spends its round all the same.
    assert_eq!(state.fighters[0].character.weapons[0].ammo, Some(7));
}

#[test]
fn bw_23_melee_aspects_by_weapon() {
    // BW-23: a knife allows Training, Coordination or Sleight of Hand; not Perception.
    let mut a = fighter("A", 0, 0, 3);
    a.weapons = vec![knife()];
    a.aspects.insert(Aspect::SleightOfHand, 4);
    let mut state = melee_pair(a, fighter("B", 1, 1, 2));
    let mut s = strike(0, 1);
    s.aspect = Some(Aspect::Perception);
    assert_eq!(
        rule(run(&mut state, Command::Attack(s.clone()), &[])),
        "BW-23"
    );
    // Unchosen, the best allowed aspect is picked: Sleight of Hand 4.
    let events = run(
        &mut state,
        Command::Attack(strike(0, 1)),
        &[0, 0, 0, 0, 0, 0],
    )
    .unwrap();
    assert!(has(&events, |e| matches!(
        e,
        Event::Attacked {
            aspect: Aspect::SleightOfHand,
            pool: 4,
            ..
        }
    )));
    assert_eq!(
        WeaponKind::Heavy.melee_aspects(),
        [Aspect::Training, Aspect::Constitution]
    );
    assert_eq!(
        WeaponKind::Fencing.melee_aspects(),
        [Aspect::Training, Aspect::Coordination]
    );
}

fn mob(n: usize, cap: u32) -> (State, Vec<i32>) {
    // Attackers 0..n (Reflexes 10 − i) around a lone target n at 10 m (Reflexes 1).
    let spots = [8, 12, 9, 11, 7];
    let mut chars: Vec<Character> = (0..n)
        .map(|i| fighter(&format!("M{i}"), 0, spots[i], 10 - i as u32))
        .collect();
    chars.push(fighter("T", 1, 10, 1));
    let mut s = setup(chars);
    s.settings.melee_cap = cap;
    (started(&s, &[]).0, spots[..n].to_vec())
}

#[test]
fn bw_24_at_most_four_in_melee_and_cramped_space() {
    // BW-24: the fifth attacker cannot engage.
    let (mut state, spots) = mob(5, 4);
    let target = 5;
    for (i, &spot) in spots.iter().enumerate().take(4) {
        let to = if spot < 10 { 9 } else { 11 };
        run(&mut state, engage(i, to, target), &[]).unwrap();
        run(&mut state, end(i), &[]).unwrap();
    }
    assert_eq!(rule(run(&mut state, engage(4, 9, target), &[])), "BW-24");
    // Cramped: melee_cap 2 stops the third.
    let (mut state, _) = mob(3, 2);
    run(&mut state, engage(0, 9, 3), &[]).unwrap();
    run(&mut state, end(0), &[]).unwrap();
    run(&mut state, engage(1, 11, 3), &[]).unwrap();
    run(&mut state, end(1), &[]).unwrap();
    assert_eq!(rule(run(&mut state, engage(2, 9, 3), &[])), "BW-24");
}

#[test]
fn bw_25_outnumbering_bonus_by_sectors() {
    // BW-25: two attackers side by side +1K; from opposite sides +2K.
    for (second_sector, bonus) in [(1u8, 1u32), (2, 2)] {
        let (mut state, _) = mob(2, 4);
        run(&mut state, engage(0, 9, 2), &[]).unwrap();
        run(&mut state, end(0), &[]).unwrap();
        let cmd = Command::Move {
            actor: 1,
            to: 11,
            sprint: false,
            engage: Some(2),
            sector: Some(second_sector),
        };
        run(&mut state, cmd, &[]).unwrap();
        let dice = vec![0; (2 + bonus + 2) as usize];
        let events = run(&mut state, Command::Attack(strike(1, 2)), &dice).unwrap();
        // Training 2 + bonus, against T's Training 2.
        assert_eq!(attacks(&events)[0].1, 2 + bonus, "sector {second_sector}");
    }
    // Three attackers +2K (table), four +3K.
    let (mut state, _) = mob(3, 4);
    for (i, to) in [(0, 9), (1, 11), (2, 9)] {
        run(&mut state, engage(i, to, 3), &[]).unwrap();
        if i < 2 {
            run(&mut state, end(i), &[]).unwrap();
        }
    }
    let events = run(
        &mut state,
        Command::Attack(strike(2, 3)),
        &[0, 0, 0, 0, 0, 0],
    )
    .unwrap();
    assert_eq!(attacks(&events)[0].1, 2 + 2);
}

#[test]
fn bw_26_opportunity_attack_on_leaving_melee() {
    // BW-26: leaving melee offers the enemy a free attack with +1K extra difficulty; the
    // move waits for its answer (a pending decision) and is made after it.
    let mut state = duel(shooter(), fighter("B", 1, 1, 2));
    run(&mut state, end(0), &[]).unwrap();
    run(&mut state, engage(1, 1, 0), &[]).unwrap();
    run(&mut state, end(1), &[]).unwrap();
    run(&mut state, Command::NextRound, &[]).unwrap();
    let mv = Command::Move {
        actor: 0,
        to: -4,
        sprint: false,
        engage: None,
        sector: None,
    };
    run(&mut state, mv, &[]).unwrap();
    assert_eq!(state.pending.and_then(|p| p.decider()), Some(1));
    assert_eq!(state.fighters[0].character.position, 0, "not moved yet");
    // Anything but the answer is refused.
    assert_eq!(run(&mut state, end(0), &[]).unwrap_err().rule, "BW-26");
    let take = Command::Opportunity {
        actor: 1,
        attack: true,
    };
    // B: Training 2 vs A's Training 2 + 1.
    let events = run(&mut state, take, &[0, 0, 0, 0, 0]).unwrap();
    let (action, pool, difficulty, _, _) = attacks(&events)[0];
    assert_eq!((action, pool, difficulty), (Action::Opportunity, 2, 3));
    assert!(!state.engaged(0, 1));
    assert_eq!(state.fighters[0].character.position, -4);
    assert!(state.pending.is_none());
    // Passing by an enemy within reach without engaging provokes it too.
    let mut state = duel(shooter(), fighter("B", 1, 2, 2));
    let mv = Command::Move {
        actor: 0,
        to: 4,
        sprint: false,
        engage: None,
        sector: None,
    };
    run(&mut state, mv, &[]).unwrap();
    let take = Command::Opportunity {
        actor: 1,
        attack: true,
    };
    let events = run(&mut state, take, &[0, 0, 0, 0, 0]).unwrap();
    assert_eq!(attacks(&events)[0].0, Action::Opportunity);
}

#[test]
fn bw_26_declined_opportunity_attack_rolls_nothing() {
    // BW-26: the enemy may let the mover go: no attack, no die, and the move is made.
    let mut state = duel(shooter(), fighter("B", 1, 2, 2));
    let mv = Command::Move {
        actor: 0,
        to: 4,
        sprint: false,
        engage: None,
        sector: None,
    };
    run(&mut state, mv, &[]).unwrap();
    // Only the provoked enemy answers.
    let wrong = Command::Opportunity {
        actor: 0,
        attack: true,
    };
    assert_eq!(run(&mut state, wrong, &[]).unwrap_err().rule, "BW-26");
    let decline = Command::Opportunity {
        actor: 1,
        attack: false,
    };
    let events = run(&mut state, decline, &[]).unwrap();
    assert!(attacks(&events).is_empty());
    assert!(has(&events, |e| matches!(
        e,
        Event::OpportunityDeclined { .. }
    )));
    assert_eq!(state.fighters[0].character.position, 4);
    assert_eq!(state.fighters[0].hits, 6);
}

#[test]
fn bw_27_disarm() {
    // BW-27: opposed melee check +2K; success drops the item, failure hurts by the deficit.
    let mut b = fighter("B", 1, 1, 2);
    b.weapons = vec![knife()];
    let mut state = melee_pair(fighter("A", 0, 0, 3), b.clone());
    let events = run(
        &mut state,
        Command::Disarm {
            actor: 0,
            target: 1,
        },
        &[1, 1, 0, 0, 0, 0, 5],
    )
    .unwrap();
    assert!(has(&events, |e| matches!(
        e,
        Event::Contested {
            action: Action::Disarm,
            pool: 2,
            difficulty: 4,
            ..
        }
    )));
    assert!(has(&events, |e| matches!(
        e,
        Event::Disarmed { direction: 5, .. }
    )));
    assert_eq!(state.fighters[1].wielded, None);
    assert_eq!(
        rule(run(
            &mut state,
            Command::Disarm {
                actor: 0,
                target: 1
            },
            &[]
        )),
        "BW-12"
    );
    let mut state = melee_pair(fighter("A", 0, 0, 3), b);
    run(
        &mut state,
        Command::Disarm {
            actor: 0,
            target: 1,
        },
        &[0, 0, 1, 1, 0, 0],
    )
    .unwrap();
    assert_eq!(state.fighters[0].hits, 4);
    assert_eq!(state.fighters[1].wielded, Some(0));
}

#[test]
fn bw_28_grapple_holds_and_costs_the_additional_action() {
    // BW-28: Full action, opposed Muscle Memory/Constitution +2K.
    let mut state = melee_pair(fighter("A", 0, 0, 3), fighter("B", 1, 1, 2));
    // The Move spent the ДД: no Full action left.
    assert_eq!(
        rule(run(
            &mut state,
            Command::Grapple {
                actor: 0,
                target: 1
            },
            &[]
        )),
        "BW-12"
    );
    run(&mut state, end(0), &[]).unwrap();
    run(&mut state, end(1), &[]).unwrap();
    run(&mut state, Command::NextRound, &[]).unwrap();
    let events = run(
        &mut state,
        Command::Grapple {
            actor: 0,
            target: 1,
        },
        &[1, 1, 0, 0, 0, 0],
    )
    .unwrap();
    assert!(has(&events, |e| matches!(
        e,
        Event::Contested {
            action: Action::Grapple,
            pool: 2,
            difficulty: 4,
            ..
        }
    )));
    assert_eq!(state.fighters[1].held_by, Some(0));
    run(&mut state, end(0), &[]).unwrap();
    // The held target may do nothing but Break Free.
    assert_eq!(
        rule(run(&mut state, Command::Attack(strike(1, 0)), &[])),
        "BW-28"
    );
    run(&mut state, end(1), &[]).unwrap();
    let events = run(&mut state, Command::NextRound, &[]).unwrap();
    assert!(has(&events, |e| matches!(
        e,
        Event::GrappleMaintained { .. }
    )));
    assert_eq!(
        rule(run(&mut state, Command::QuickStrike(strike(0, 1)), &[])),
        "BW-12"
    );
    // Melee attacks on the held target succeed automatically.
    let events = run(&mut state, Command::Attack(strike(0, 1)), &[0, 0, 1, 1]).unwrap();
    let (_, _, _, result, automatic) = attacks(&events)[0];
    assert!(automatic && result.success);
    // A failed grapple hurts the grappler by the deficit.
    let mut state = melee_pair(fighter("A", 0, 0, 3), fighter("B", 1, 1, 2));
    run(&mut state, end(0), &[]).unwrap();
    run(&mut state, end(1), &[]).unwrap();
    run(&mut state, Command::NextRound, &[]).unwrap();
    run(
        &mut state,
        Command::Grapple {
            actor: 0,
            target: 1,
        },
        &[0, 0, 1, 1, 1, 0],
    )
    .unwrap();
    assert_eq!(state.fighters[0].hits, 3);
    assert_eq!(state.fighters[1].held_by, None);
}

#[test]
fn bw_29_break_free() {
    // BW-29: opposed Constitution/Muscle Memory with +1K.
    let mut state = melee_pair(fighter("A", 0, 0, 3), fighter("B", 1, 1, 2));
    run(&mut state, end(0), &[]).unwrap();
    run(&mut state, end(1), &[]).unwrap();
    run(&mut state, Command::NextRound, &[]).unwrap();
    run(
        &mut state,
        Command::Grapple {
            actor: 0,
            target: 1,
        },
        &[1, 1, 0, 0, 0, 0],
    )
    .unwrap();
    run(&mut state, end(0), &[]).unwrap();
    let events = run(
        &mut state,
        Command::BreakFree { actor: 1 },
        &[1, 1, 0, 1, 0],
    )
    .unwrap();
    assert!(has(&events, |e| matches!(
        e,
        Event::Contested {
            action: Action::BreakFree,
            pool: 2,
            difficulty: 3,
            ..
        }
    )));
    assert!(has(&events, |e| matches!(e, Event::Released { .. })));
    assert_eq!(state.fighters[1].held_by, None);
    assert_eq!(
        rule(run(&mut state, Command::BreakFree { actor: 1 }, &[])),
        "BW-29"
    );
}

#[test]
fn bw_30_quick_strike_stance_full_defense_feint() {
    // BW-30: Quick Strike +2K difficulty.
    let mut state = melee_pair(fighter("A", 0, 0, 3), fighter("B", 1, 1, 2));
    run(&mut state, Command::Attack(strike(0, 1)), &[0, 0, 0, 0]).unwrap();
    run(&mut state, end(0), &[]).unwrap();
    // B's Quick Strike: 2 vs 2 + 2.
    let events = run(
        &mut state,
        Command::QuickStrike(strike(1, 0)),
        &[0, 0, 0, 0, 0, 0],
    )
    .unwrap();
    assert_eq!(attacks(&events)[0].2, 4);
    // B takes Full Defense? Its ДД is spent: not allowed; Defensive Stance neither.
    assert_eq!(
        rule(run(&mut state, Command::FullDefense { actor: 1 }, &[])),
        "BW-12"
    );
    run(&mut state, end(1), &[]).unwrap();
    run(&mut state, Command::NextRound, &[]).unwrap();
    // A: Defensive Stance; B's next melee attack is at +1K, the one after is not.
    run(&mut state, Command::DefensiveStance { actor: 0 }, &[]).unwrap();
    run(&mut state, end(0), &[]).unwrap();
    let events = run(&mut state, Command::Attack(strike(1, 0)), &[0, 0, 0, 0, 0]).unwrap();
    assert_eq!(attacks(&events)[0].2, 3);
    let events = run(
        &mut state,
        Command::QuickStrike(strike(1, 0)),
        &[0, 0, 0, 0, 0, 0],
    )
    .unwrap();
    assert_eq!(attacks(&events)[0].2, 2 + 2);
    run(&mut state, end(1), &[]).unwrap();
    run(&mut state, Command::NextRound, &[]).unwrap();
    // A: Full Defense (ПД) lasts until A's next turn, for every melee attack.
    run(&mut state, Command::FullDefense { actor: 0 }, &[]).unwrap();
    run(&mut state, end(0), &[]).unwrap();
    let events = run(&mut state, Command::Attack(strike(1, 0)), &[0, 0, 0, 0, 0]).unwrap();
    assert_eq!(attacks(&events)[0].2, 3);
    let events = run(
        &mut state,
        Command::QuickStrike(strike(1, 0)),
        &[0, 0, 0, 0, 0, 0, 0],
    )
    .unwrap();
    assert_eq!(attacks(&events)[0].2, 3 + 2);
    run(&mut state, end(1), &[]).unwrap();
    run(&mut state, Command::NextRound, &[]).unwrap();
    assert!(!state.fighters[0].full_defense);
    // Feinting Strike (ПД): +1K to the pool.
    let events = run(
        &mut state,
        Command::FeintStrike(strike(0, 1)),
        &[0, 0, 0, 0, 0],
    )
    .unwrap();
    assert_eq!(attacks(&events)[0].1, 3);
}

#[test]
fn bw_31_restraint_in_the_engine() {
    // BW-31: one less than the effective damage.
    let mut state = duel(shooter(), fighter("B", 1, 10, 2));
    let mut s = strike(0, 1);
    s.restraint = Restraint::Reduce { by: 1 };
    let events = run(&mut state, Command::Attack(s), &[1, 0, 0, 0, 0, 0]).unwrap();
    assert!(has(&events, |e| matches!(
        e,
        Event::Damaged {
            effective: 3,
            dealt: 2,
            ..
        }
    )));
    assert_eq!(state.fighters[1].hits, 4);
}

#[test]
fn bw_32_ranged_aspects() {
    // BW-32: firearms use Perception or Concentration.
    let mut state = duel(shooter(), fighter("B", 1, 10, 2));
    let mut s = strike(0, 1);
    s.aspect = Some(Aspect::Training);
    assert_eq!(
        rule(run(&mut state, Command::Attack(s.clone()), &[])),
        "BW-32"
    );
    s.aspect = Some(Aspect::Concentration);
    let events = run(&mut state, Command::Attack(s), &[0, 0, 0, 0]).unwrap();
    assert_eq!(attacks(&events)[0].1, 1);
    assert_eq!(WeaponKind::ThrownKnife.ranged_aspects().len(), 3);
    assert_eq!(WeaponKind::Bow.ranged_aspects(), [Aspect::Training]);
    // Closer than 2 m is not ranged combat.
    let mut state = duel(shooter(), fighter("B", 1, 1, 2));
    assert_eq!(
        rule(run(&mut state, Command::Attack(strike(0, 1)), &[])),
        "BW-32"
    );
}

#[test]
fn bw_33_bw_34_bw_35_engine_ranged_difficulty() {
    // Medium (20 m) with a Near pistol: 4 + 1; light cover +1 → 6K (BW-33 … BW-35).
    let mut b = fighter("B", 1, 20, 2);
    b.cover = Cover::Light;
    let mut state = duel(shooter(), b);
    let events = run(&mut state, Command::Attack(strike(0, 1)), &[0; 9]).unwrap();
    assert!(has(&events, |e| matches!(
        e,
        Event::Attacked {
            distance: Some(Distance::Medium),
            difficulty: 6,
            ..
        }
    )));
    // Far (50 m), normal cover: 5 + 2 + 2 = 9K.
    let mut b = fighter("B", 1, 50, 2);
    b.cover = Cover::Normal;
    let mut state = duel(shooter(), b);
    let events = run(&mut state, Command::Attack(strike(0, 1)), &[0; 12]).unwrap();
    assert_eq!(attacks(&events)[0].2, 9);
}

#[test]
fn bw_36_quick_shot() {
    // BW-36: +2K in the main attack's direction, +3K otherwise; never after a burst.
    let mut state = duel(shooter(), fighter("B", 1, 10, 2));
    let events = run(&mut state, Command::QuickShot(strike(0, 1)), &[0; 9]).unwrap();
    assert_eq!(attacks(&events)[0].2, 3 + 3);
    let mut state = duel(shooter(), fighter("B", 1, 10, 2));
    run(&mut state, Command::Attack(strike(0, 1)), &[0; 6]).unwrap();
    let events = run(&mut state, Command::QuickShot(strike(0, 1)), &[0; 8]).unwrap();
    assert_eq!(attacks(&events)[0].2, 3 + 2);
    let mut a = fighter("A", 0, 0, 3);
    a.weapons = vec![smg()];
    let mut state = duel(a, fighter("B", 1, 10, 2));
    run(&mut state, Command::ShortBurst(strike(0, 1)), &[0; 6]).unwrap();
    assert_eq!(
        rule(run(&mut state, Command::QuickShot(strike(0, 1)), &[])),
        "BW-36"
    );
}

#[test]
fn bw_37_reaction_needs_cover_and_is_lost_in_melee() {
    // BW-37: only in cover; +1K against ranged attacks until the next own turn.
    let mut state = duel(shooter(), fighter("B", 1, 10, 2));
    assert_eq!(
        rule(run(&mut state, Command::Reaction { actor: 0 }, &[])),
        "BW-37"
    );
    let mut a = shooter();
    a.cover = Cover::Light;
    let mut b = fighter("B", 1, 10, 2);
    b.weapons = vec![pistol()];
    let mut state = duel(a, b);
    let events = run(&mut state, Command::Reaction { actor: 0 }, &[]).unwrap();
    assert!(has(&events, |e| matches!(
        e,
        Event::Defending {
            defence: Defence::Reaction,
            ..
        }
    )));
    run(&mut state, end(0), &[]).unwrap();
    // Near 3 + light 1 + Reaction 1.
    let events = run(&mut state, Command::Attack(strike(1, 0)), &[0; 8]).unwrap();
    assert_eq!(attacks(&events)[0].2, 5);
    // Engaged in melee: Reaction is lost.
    let mut a = shooter();
    a.cover = Cover::Light;
    let mut state = duel(a, fighter("B", 1, 5, 2));
    run(&mut state, Command::Reaction { actor: 0 }, &[]).unwrap();
    run(&mut state, end(0), &[]).unwrap();
    let events = run(&mut state, engage(1, 1, 0), &[]).unwrap();
    assert!(has(&events, |e| matches!(e, Event::ReactionLost { .. })));
}

#[test]
fn bw_38_aimed_shot() {
    // BW-38: Full action, +1K.
    let mut state = duel(shooter(), fighter("B", 1, 10, 2));
    let events = run(&mut state, Command::AimedShot(strike(0, 1)), &[0; 7]).unwrap();
    assert_eq!(attacks(&events)[0].1, 2 + 1 + 1);
    let turn = state.turn.unwrap();
    assert!(turn.main && turn.additional);
}

#[test]
fn bw_39_short_burst() {
    // BW-39: spends its rounds, adds its bonus; effective up to Medium.
    let mut a = fighter("A", 0, 0, 3);
    let mut gun = smg();
    gun.comfortable = Distance::Far;
    a.weapons = vec![gun];
    let mut state = duel(a.clone(), fighter("B", 1, 50, 2));
    // Far (50 m): comfortable becomes Medium for the burst: 5 + 1.
    let events = run(&mut state, Command::ShortBurst(strike(0, 1)), &[0; 9]).unwrap();
    assert_eq!(attacks(&events)[0].1, 2 + 1);
    assert_eq!(attacks(&events)[0].2, 6);
    assert_eq!(state.fighters[0].character.weapons[0].ammo, Some(17));
    a.weapons[0].ammo = Some(2);
    let mut state = duel(a, fighter("B", 1, 10, 2));
    assert_eq!(
        rule(run(&mut state, Command::ShortBurst(strike(0, 1)), &[])),
        "BW-39"
    );
    let mut state = duel(shooter(), fighter("B", 1, 10, 2));
    assert_eq!(
        rule(run(&mut state, Command::ShortBurst(strike(0, 1)), &[])),
        "BW-39"
    );
}

#[test]
fn bw_40_long_burst_one_roll_independent_defences() {
    // BW-40: one attack roll, an independent defence roll per target in the cone.
    let mut a = fighter("A", 0, 0, 5);
    a.weapons = vec![smg()];
    let chars = vec![
        a,
        fighter("B", 1, 5, 2),
        fighter("C", 1, 20, 1),
        fighter("D", 1, -5, 0),
    ];
    let (mut state, _) = started(&setup(chars), &[]);
    let burst = |targets: Vec<usize>| {
        Command::LongBurst(Spray {
            actor: 0,
            targets,
            ..Spray::default()
        })
    };
    assert_eq!(rule(run(&mut state, burst(vec![1, 3]), &[])), "BW-40");
    // Pool 2 + 2 = 4 (1,1,0,0); B at Near 3K (0,0,0) → hit; C at Medium: 4 + 1 → 5K (1,1,1,0,0).
    let events = run(
        &mut state,
        burst(vec![1, 2]),
        &[1, 1, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0],
    )
    .unwrap();
    let rolls = attacks(&events);
    assert_eq!(rolls.len(), 2);
    assert_eq!((rolls[0].1, rolls[0].2, rolls[0].3.success), (4, 3, true));
    assert_eq!(
        (rolls[1].2, rolls[1].3.ones, rolls[1].3.success),
        (5, 2, false)
    );
    assert_eq!(state.fighters[0].character.weapons[0].ammo, Some(10));
    let turn = state.turn.unwrap();
    assert!(turn.main && turn.additional && turn.burst);
}

#[test]
fn bw_39_bw_40_bursts_from_uncounted_ammunition() {
    // BW-39, BW-40: `ammo: None` is "not counted", so a burst never lacks rounds (the check
    // used to read None as 0 and refuse, while the default tactic read it as unlimited).
    let mut a = fighter("A", 0, 0, 5);
    let mut gun = smg();
    gun.ammo = None;
    a.weapons = vec![gun];
    let chars = vec![a, fighter("B", 1, 5, 2), fighter("C", 1, 20, 1)];
    let (mut state, _) = started(&setup(chars.clone()), &[]);
    let spray = Command::LongBurst(Spray {
        actor: 0,
        targets: vec![1, 2],
        ..Spray::default()
    });
    let events = run(&mut state, spray, &[0; 12]).unwrap();
    assert_eq!(attacks(&events).len(), 2);
    assert_eq!(state.fighters[0].character.weapons[0].ammo, None);
    let (mut state, _) = started(&setup(chars), &[]);
    let events = run(&mut state, Command::ShortBurst(strike(0, 1)), &[0; 6]).unwrap();
    assert_eq!(attacks(&events).len(), 1);
}

#[test]
fn bw_03_advantage_and_situational_modifiers() {
    // BW-03: the pistol's +1K grows the attack pool; situational +nK and extra difficulty
    // stack with distance and cover.
    let mut state = duel(shooter(), fighter("B", 1, 10, 2));
    let mut s = strike(0, 1);
    s.bonus = 2;
    s.extra = 1;
    let events = run(&mut state, Command::Attack(s), &[0; 9]).unwrap();
    let (_, pool, difficulty, _, _) = attacks(&events)[0];
    assert_eq!((pool, difficulty), (2 + 1 + 2, 3 + 1));
    // Armour's defence advantage grows the melee defence pool.
    let mut b = fighter("B", 1, 1, 2);
    b.armour = Armour {
        effectiveness: 0,
        defence_bonus: 1,
    };
    let mut state = melee_pair(fighter("A", 0, 0, 3), b);
    let events = run(&mut state, Command::Attack(strike(0, 1)), &[0; 5]).unwrap();
    assert_eq!(attacks(&events)[0].2, 2 + 1);
}

#[test]
fn bw_21_letting_go_any_time() {
    // BW-21: a conscious Dying character may faint at any time, even out of turn.
    let mut b = fighter("B", 1, 10, 2);
    b.hits = Some(-1);
    b.stays_conscious = true;
    let chars = vec![shooter(), b, fighter("C", 1, 12, 1)];
    let (mut state, _) = started(&setup(chars), &[]);
    assert!(state.fighters[1].conscious);
    let events = run(&mut state, Command::LetGo { actor: 1 }, &[]).unwrap();
    assert!(has(
        &events,
        |e| matches!(e, Event::Fainted { actor } if actor.id == 1)
    ));
    assert_eq!(state.turn.unwrap().minor, 0);
    assert_eq!(
        rule(run(&mut state, Command::LetGo { actor: 1 }, &[])),
        "BW-21"
    );
    // B's turn is skipped now.
    let events = run(&mut state, end(0), &[]).unwrap();
    assert!(has(&events, |e| matches!(
        e,
        Event::TurnSkipped {
            reason: SkipReason::Unconscious,
            ..
        }
    )));
}
