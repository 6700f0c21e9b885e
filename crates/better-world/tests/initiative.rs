//! Initiative: levels, the dice method as written, the card method, First Strike, joining,
//! leaving and skipped turns (BW-04 … BW-11).

mod common;

use std::collections::BTreeMap;

use common::*;
use fray_better_world::*;
use fray_dice::Rng;

/// The exact distribution of final orders by the dice method, derived straight from the
/// rule text: every individual K outcome of every step is equally likely; step k rolls k K
/// and the count of ones is how many places from the end the newcomer goes.
fn derived_odds(n: usize) -> BTreeMap<Vec<usize>, (u64, u64)> {
    let steps: Vec<usize> = (1..n).collect();
    let total_bits: usize = steps.iter().sum();
    let patterns = 1u64 << total_bits;
    let mut counts: BTreeMap<Vec<usize>, u64> = BTreeMap::new();
    for pattern in 0..patterns {
        let mut queue = vec![0usize];
        let mut bit = 0;
        for (next, &k) in (1..n).zip(&steps) {
            let mut ones = 0;
            for _ in 0..k {
                ones += (pattern >> bit) & 1;
                bit += 1;
            }
            let at = queue.len() - ones as usize;
            queue.insert(at, next);
        }
        *counts.entry(queue).or_insert(0) += 1;
    }
    counts
        .into_iter()
        .map(|(order, c)| (order, (c, patterns)))
        .collect()
}

#[test]
fn bw_07_dice_method_exact_order_odds_match_sampling() {
    // BW-07a as written, for 2, 3 and 4 characters on one level: exact derivation vs 10^6
    // sampled orderings within 4 standard errors; not uniform for 3 or more.
    for n in 2..=4usize {
        let exact = derived_odds(n);
        let factorial: u64 = (1..=n as u64).product();
        assert_eq!(exact.len() as u64, factorial, "every order: found possible");
        let mut rng = Rng::new(77, n as u64);
        let trials = 1_000_000u64;
        // Orders counted by their base-n code, so sampling does not allocate.
        let code = |q: &[usize]| q.iter().fold(0usize, |c, &x| c * n + x);
        let mut seen = vec![0u64; n.pow(n as u32)];
        let mut queue = [0usize; 4];
        for _ in 0..trials {
            let q = &mut queue[..n];
            for (i, slot) in q.iter_mut().enumerate() {
                *slot = i;
            }
            order_by_dice(&mut rng, q).unwrap();
            seen[code(q)] += 1;
        }
        for (order, &(c, d)) in &exact {
            let p = c as f64 / d as f64;
            let got = seen[code(order)] as f64;
            let se = (trials as f64 * p * (1.0 - p)).sqrt();
            assert!(
                (got - p * trials as f64).abs() <= 4.0 * se,
                "n={n} order {order:?}: {got} vs {}",
                p * trials as f64
            );
        }
        assert_eq!(seen.iter().sum::<u64>(), trials);
        let uniform = exact.values().all(|&(c, d)| c * factorial == d);
        assert_eq!(uniform, n == 2, "the dice method is uniform only for two");
    }
    // n = 3 by hand: the third lands in the middle half the time.
    let three = derived_odds(3);
    assert_eq!(three[&vec![0, 2, 1]], (2, 8));
    assert_eq!(three[&vec![2, 0, 1]], (1, 8));
}

#[test]
fn bw_07_insert_by_dice_follows_the_ones() {
    // BW-07a: 0 ones → last, n ones → first.
    let mut q = ['A', 'B', 'C', 'X'];
    insert_by_dice(&mut fray_dice::Scripted::new([0, 0, 0]), &mut q, 3).unwrap();
    assert_eq!(q, ['A', 'B', 'C', 'X']);
    let mut q = ['A', 'B', 'C', 'X'];
    insert_by_dice(&mut fray_dice::Scripted::new([1, 1, 1]), &mut q, 3).unwrap();
    assert_eq!(q, ['X', 'A', 'B', 'C']);
    let mut q = ['A', 'B', 'C', 'X'];
    insert_by_dice(&mut fray_dice::Scripted::new([1, 0, 1]), &mut q, 3).unwrap();
    assert_eq!(q, ['A', 'X', 'B', 'C']);
}

#[test]
fn bw_07_card_method_is_uniform() {
    // BW-07b: a shuffle; every order of 3 about 1/6 of 10^5.
    let mut rng = Rng::new(5, 5);
    let n = 100_000u64;
    let mut seen: BTreeMap<[u8; 3], u64> = BTreeMap::new();
    for _ in 0..n {
        let mut q = [0u8, 1, 2];
        shuffle(&mut rng, &mut q).unwrap();
        *seen.entry(q).or_insert(0) += 1;
    }
    assert_eq!(seen.len(), 6);
    let p = 1.0 / 6.0;
    let se = (n as f64 * p * (1.0 - p)).sqrt();
    for (&q, &c) in &seen {
        assert!((c as f64 - p * n as f64).abs() <= 4.0 * se, "{q:?}: {c}");
    }
}

fn order_ids(state: &State) -> Vec<usize> {
    state.order.clone()
}

#[test]
fn bw_04_initiative_stat_is_reflexes_by_default_a_setting() {
    // BW-04: Reflexes 3 beats Reflexes 1, no dice needed.
    let mut a = fighter("A", 0, 0, 1);
    let b = fighter("B", 1, 10, 3);
    let (state, _) = started(&setup(vec![a.clone(), b.clone()]), &[]);
    assert_eq!(order_ids(&state), [1, 0]);
    // With Perception as the initiative stat, A (Perception 4) goes first.
    a.aspects.insert(Aspect::Perception, 4);
    let mut s = setup(vec![a, b]);
    s.settings.initiative_aspect = Aspect::Perception;
    let (state, _) = started(&s, &[]);
    assert_eq!(order_ids(&state), [0, 1]);
}

#[test]
fn bw_05_bw_06_modifier_k_added_to_level_highest_first() {
    // BW-05: an ambusher rolls +2K; BW-06: level = stat + ones; highest level acts first.
    let mut a = fighter("A", 0, 0, 2);
    a.initiative = InitiativeModifier::Ambush;
    let b = fighter("B", 1, 10, 3);
    let (state, events) = started(&setup(vec![a.clone(), b.clone()]), &[1, 1]);
    assert!(has(&events, |e| matches!(e,
        Event::InitiativeRolled { actor, modifier_k: 2, ones: 2, level: 4, .. } if actor.id == 0)));
    assert_eq!(order_ids(&state), [0, 1]);
    // With no ones A stays on level 2, after B.
    let (state, _) = started(&setup(vec![a, b]), &[0, 0]);
    assert_eq!(order_ids(&state), [1, 0]);
    assert_eq!(InitiativeModifier::Initiates.k(), 1);
    assert_eq!(InitiativeModifier::Exceptional.k(), 3);
}

#[test]
fn bw_07_engine_places_a_level_by_dice_or_cards() {
    // BW-07: three on level 2. B rolls 1K → 1 (before A); C rolls 2K → one 1 (middle).
    let chars = vec![
        fighter("A", 0, 0, 2),
        fighter("B", 0, 1, 2),
        fighter("C", 1, 10, 2),
    ];
    let (state, events) = started(&setup(chars.clone()), &[1, 1, 0]);
    assert_eq!(order_ids(&state), [1, 2, 0]);
    assert!(has(&events, |e| matches!(
        e,
        Event::Placed { k: 2, ones: 1, .. }
    )));
    // Card method: Fisher–Yates with a d3 then a d2.
    let mut s = setup(chars);
    s.settings.order_method = OrderMethod::Cards;
    let (state, events) = started(&s, &[1, 1]);
    // [A,B,C]: swap(2, 0) → [C,B,A]; swap(1, 0) → [B,C,A].
    assert_eq!(order_ids(&state), [1, 2, 0]);
    assert!(has(&events, |e| matches!(e, Event::Shuffled { .. })));
}

#[test]
fn bw_08_frozen_while_another_acts_and_the_dead_skip() {
    // BW-08: only the current actor may act; a killed character lower in the order does not.
    let mut a = fighter("A", 0, 0, 3);
    a.weapons = vec![pistol()];
    let mut b = fighter("B", 1, 10, 2);
    b.hits = Some(-2);
    b.stays_conscious = true;
    let c = fighter("C", 1, 20, 1);
    let (mut state, _) = started(&setup(vec![a, b, c]), &[]);
    assert_eq!(rule(run(&mut state, end(1), &[])), "BW-08");
    // A shoots B (Dying at −2): pool 2+1 = 3 all ones vs Near 3K all zeros → 3 bonus + 2.
    let events = run(
        &mut state,
        Command::Attack(strike(0, 1)),
        &[1, 1, 1, 0, 0, 0],
    )
    .unwrap();
    assert!(has(
        &events,
        |e| matches!(e, Event::Died { actor } if actor.id == 1)
    ));
    let events = run(&mut state, end(0), &[]).unwrap();
    assert!(has(&events, |e| matches!(e,
        Event::TurnSkipped { actor, reason: SkipReason::Dead } if actor.id == 1)));
    assert_eq!(state.turn.unwrap().actor, 2);
}

#[test]
fn bw_09_first_strike_bonus_then_initiative_plus_one() {
    // BW-09: a First Strike before levels are set, with +1K; afterwards initiative +1K.
    let mut a = fighter("A", 0, 0, 1);
    a.weapons = vec![pistol()];
    a.cover = Cover::Normal;
    a.first_strike = true;
    a.initiative = InitiativeModifier::Ambush;
    let b = fighter("B", 1, 10, 2);
    let (mut state, events) = started(&setup(vec![a.clone(), b.clone()]), &[]);
    assert_eq!(state.phase, Phase::FirstStrike);
    assert!(has(
        &events,
        |e| matches!(e, Event::Started { first_strikers, .. } if first_strikers.len() == 1)
    ));
    // B is frozen; A may not move before initiative.
    assert_eq!(rule(run(&mut state, end(1), &[])), "BW-09");
    // Pool: Perception 2 + pistol 1 + First Strike 1 = 4; Near 3K. Then initiative: 1K (not 2K).
    let events = run(
        &mut state,
        Command::Attack(strike(0, 1)),
        &[
            0, 0, 0, 0, 1, 1, 1, /* initiative */ 1, /* B placed */ 0,
        ],
    )
    .unwrap();
    let (_, pool, difficulty, result, _) = attacks(&events)[0];
    assert_eq!((pool, difficulty, result.success), (4, 3, false));
    assert!(has(&events, |e| matches!(
        e,
        Event::Attacked {
            first_strike: true,
            ..
        }
    )));
    assert!(has(&events, |e| matches!(e,
        Event::InitiativeRolled { actor, modifier_k: 1, level: 2, .. } if actor.id == 0)));
    assert_eq!(state.phase, Phase::Round);
    assert_eq!(order_ids(&state), [0, 1]);
    // Without surprise or good cover there is no First Strike.
    let mut bad = a;
    bad.cover = Cover::Light;
    assert_eq!(
        start(
            &setup(vec![bad.clone(), b.clone()]),
            &mut fray_dice::Scripted::new([]),
            &mut fray_dice::EventLog::quiet()
        )
        .unwrap_err()
        .rule,
        "BW-09"
    );
    bad.surprise = true;
    assert!(start(
        &setup(vec![bad, b]),
        &mut fray_dice::Scripted::new([]),
        &mut fray_dice::EventLog::quiet()
    )
    .is_ok());
}

#[test]
fn bw_10_joining_only_at_round_start_by_dice_or_reshuffle() {
    // BW-10: newcomers wait for the round's end; few → dice insertion keeping the order.
    let a = fighter("A", 0, 0, 2);
    let b = fighter("B", 0, 1, 2);
    let c = fighter("C", 1, 30, 2);
    let mut d = fighter("D", 1, 40, 2);
    d.joins_round = Some(2);
    let (mut state, _) = started(&setup(vec![a, b, c, d.clone()]), &[0, 0, 0]);
    assert_eq!(order_ids(&state), [0, 1, 2]);
    let join = Command::Join { actors: vec![3] };
    assert_eq!(rule(run(&mut state, join.clone(), &[])), "BW-10");
    for actor in [0, 1, 2] {
        run(&mut state, end(actor), &[]).unwrap();
    }
    assert_eq!(state.phase, Phase::BetweenRounds);
    // 1 newcomer < 3 on the level: D rolls 3K, two ones → two places from the end.
    let events = run(&mut state, join.clone(), &[1, 0, 1]).unwrap();
    assert_eq!(order_ids(&state), [0, 3, 1, 2]);
    assert!(has(&events, |e| matches!(
        e,
        Event::Joined {
            method: OrderMethod::Dice,
            ..
        }
    )));
    assert_eq!(rule(run(&mut state, join, &[])), "BW-10");
    // Many newcomers (2 vs 1 on the level) → the whole level is reshuffled by cards.
    let mut e1 = fighter("E1", 1, 40, 2);
    e1.joins_round = Some(2);
    let mut e2 = e1.clone();
    e2.name = "E2".into();
    let (mut state, _) = started(&setup(vec![fighter("A", 0, 0, 2), e1, e2]), &[]);
    run(&mut state, end(0), &[]).unwrap();
    let events = run(&mut state, Command::Join { actors: vec![1, 2] }, &[3, 2]).unwrap();
    assert!(has(&events, |e| matches!(e, Event::Shuffled { .. })));
    // [A, E1, E2]: swap(2, 2), swap(1, 1) → unchanged.
    assert_eq!(order_ids(&state), [0, 1, 2]);
}

#[test]
fn bw_11_leaving_takes_a_full_round_out_of_combat() {
    // BW-11: withdraw, spend the next full round without combat actions, out of the
    // enemy's attention (no enemy within 30 m), then gone.
    let mut a = fighter("A", 0, 0, 3);
    a.weapons = vec![pistol()];
    let b = fighter("B", 1, 40, 2);
    let mut c = fighter("C", 1, 45, 1);
    c.weapons = vec![pistol()];
    let (mut state, _) = started(&setup(vec![a, b, c]), &[]);
    run(&mut state, Command::Withdraw { actor: 0 }, &[]).unwrap();
    assert_eq!(
        rule(run(&mut state, Command::Attack(strike(0, 1)), &[])),
        "BW-11"
    );
    // Moving (fleeing) is allowed.
    run(
        &mut state,
        Command::Move {
            actor: 0,
            to: -4,
            sprint: false,
            engage: None,
            sector: None,
        },
        &[],
    )
    .unwrap();
    run(&mut state, end(0), &[]).unwrap();
    run(&mut state, end(1), &[]).unwrap();
    run(&mut state, end(2), &[]).unwrap();
    run(&mut state, Command::NextRound, &[]).unwrap();
    // Round 2: still in (one full round has to pass).
    assert_eq!(state.fighters[0].status, Status::Active);
    for actor in [0, 1, 2] {
        run(&mut state, end(actor), &[]).unwrap();
    }
    assert_eq!(state.fighters[0].status, Status::Left);
    assert!(!state.order.contains(&0));
    // Being shot at breaks it.
    let mut a = fighter("A", 0, 0, 1);
    a.weapons = vec![pistol()];
    let mut c = fighter("C", 1, 5, 3);
    c.weapons = vec![pistol()];
    let (mut state, _) = started(&setup(vec![a, c]), &[]);
    run(&mut state, end(1), &[]).unwrap();
    run(&mut state, Command::Withdraw { actor: 0 }, &[]).unwrap();
    run(&mut state, end(0), &[]).unwrap();
    run(&mut state, Command::NextRound, &[]).unwrap();
    let events = run(
        &mut state,
        Command::Attack(strike(1, 0)),
        &[0, 0, 0, 1, 1, 1],
    )
    .unwrap();
    assert!(has(&events, |e| matches!(
        e,
        Event::WithdrawalBroken { .. }
    )));
    assert_eq!(state.fighters[0].withdrawing, None);
}

#[test]
fn bw_07_library_order_odds_agree_with_the_derivation() {
    // BW-07a: the library's exact odds (binomial weights) equal the bit-by-bit derivation.
    for n in 1..=5usize {
        let lib = dice_order_odds(n).unwrap();
        let derived = derived_odds(n);
        assert_eq!(lib.len(), derived.len());
        for (order, p) in &lib {
            let (c, d) = derived[order];
            assert_eq!(
                *p,
                fray_dice::Ratio::new(u128::from(c), u128::from(d)),
                "{order:?}"
            );
        }
    }
    // Of three, the last placed acts second half the time; the first placed acts first 3/8.
    let pos = dice_position_odds(3).unwrap();
    assert_eq!(pos[2][1].to_string(), "1/2");
    assert_eq!(pos[0][0].to_string(), "3/8");
    assert!(dice_order_odds(MAX_ORDER_ODDS + 1).is_err());
    assert_eq!(dice_order_odds(8).unwrap().len(), 40_320);
}

#[test]
fn bw_11_leaving_needs_being_out_of_the_attention_zone() {
    // BW-11: «Вне зоны внимания противника»: with an enemy able to act within
    // `attention_metres` (30) the round out of combat does not count; past it, it does.
    let a = fighter("A", 0, 0, 3);
    let b = fighter("B", 1, 27, 2);
    let (mut state, _) = started(&setup(vec![a, b]), &[]);
    run(&mut state, Command::Withdraw { actor: 0 }, &[]).unwrap();
    for round in 0..2 {
        for actor in [0, 1] {
            run(&mut state, end(actor), &[]).unwrap();
        }
        assert_eq!(state.fighters[0].status, Status::Active, "round {round}");
        run(&mut state, Command::NextRound, &[]).unwrap();
    }
    // Fleeing to 31 m from B: the next round end lets A go.
    run(
        &mut state,
        Command::Move {
            actor: 0,
            to: -4,
            sprint: false,
            engage: None,
            sector: None,
        },
        &[],
    )
    .unwrap();
    assert_eq!(state.fighters[0].withdrawing, Some(1));
    for actor in [0, 1] {
        run(&mut state, end(actor), &[]).unwrap();
    }
    assert_eq!(state.fighters[0].status, Status::Left);
    // The setting 0 drops the condition (the old reading).
    let mut s = setup(vec![fighter("A", 0, 0, 3), fighter("B", 1, 25, 2)]);
    s.settings.attention_metres = 0;
    let (mut state, _) = started(&s, &[]);
    run(&mut state, Command::Withdraw { actor: 0 }, &[]).unwrap();
    for actor in [0, 1] {
        run(&mut state, end(actor), &[]).unwrap();
    }
    run(&mut state, Command::NextRound, &[]).unwrap();
    for actor in [0, 1] {
        run(&mut state, end(actor), &[]).unwrap();
    }
    assert_eq!(state.fighters[0].status, Status::Left);
}

#[test]
fn bw_07_sixty_four_on_one_level_are_placed_by_dice() {
    // BW-07a rolls as many K as characters already placed: up to 63, past a check's 60K
    // pool limit. A full setup on one level used to be refused mid-start.
    let everyone: Vec<_> = (0..64)
        .map(|i| fighter(&format!("X{i}"), (i % 2) as u8, i, 1))
        .collect();
    let mut dice = fray_dice::Rng::new(1, 0);
    let state = start(
        &setup(everyone),
        &mut dice,
        &mut fray_dice::EventLog::quiet(),
    )
    .expect("a 64-character setup starts");
    assert_eq!(state.order.len(), 64);
}
