//! The pure resolution layer on scripted dice: one test per rule it implements.

mod common;

use common::*;
use fray_dice::Scripted;
use fray_hunt::*;

use AttackKind::{Melee, Ranged};

fn side(f: FighterSpec, s: Option<StrikeSpec>) -> DuelSide {
    DuelSide {
        fighter: f,
        strike: s,
    }
}

#[test]
fn hunt_01_dice_are_d6_summed() {
    // HUNT-01: a roll of n dice is their sum; only d6 faces exist.
    let mut s = Scripted::new([1, 6, 3]);
    assert_eq!(roll_sum(&mut s, 3, "attack", None).unwrap(), 10);
    let mut s = Scripted::new([7]);
    let e = roll_sum(&mut s, 1, "attack", None).unwrap_err();
    assert!(e.message().contains("d6"), "{}", e.message());
}

#[test]
fn hunt_02_stat_test_passes_at_or_below_the_stat() {
    // HUNT-02 [default]: 1d6 ≤ stat passes; margin = stat − roll.
    let t = stat_test(&mut Scripted::new([3]), 3, 1, "t", None).unwrap();
    assert!(t.passed);
    assert_eq!((t.margin, t.margin_dice()), (0, 0));
    let t = stat_test(&mut Scripted::new([1]), 3, 1, "t", None).unwrap();
    assert_eq!((t.passed, t.margin, t.margin_dice()), (true, 2, 2));
    let t = stat_test(&mut Scripted::new([4]), 3, 1, "t", None).unwrap();
    assert_eq!((t.passed, t.margin, t.margin_dice()), (false, -1, 0));
    // The test die count is a setting: 2d6 → 2 + 2 = 4 > 3 fails.
    let t = stat_test(&mut Scripted::new([2, 2]), 3, 2, "t", None).unwrap();
    assert_eq!((t.roll, t.passed), (4, false));
}

#[test]
fn hunt_07_tactic_bonuses_lift_rolls_above_their_caps() {
    // HUNT-07: Aimed Fire on a split of Attack 3 / Damage 3 (the caps) rolls 5 and 4 dice.
    let spec = duel(
        Distance::Medium,
        side(fighter(0, Tactic::AimedFire), Some(strike(Ranged, 3, 3, 4))),
        side(fighter(0, Tactic::None), None),
    );
    // Attack 1×5 = 5 > 0; Damage 1 2 5 6 → 2 points (threshold 4); two tests pass.
    let r = run(&spec, &[1, 1, 1, 1, 1, 1, 2, 5, 6, 1, 1]);
    let s = r.strikes[0].unwrap();
    assert_eq!((s.attack_dice, s.damage_dice), (5, 4));
    assert_eq!(s.attack_total, 5);
    assert!(s.hit);
    assert_eq!(s.points, 2);
}

#[test]
fn hunt_08_negative_dice_go_to_the_opponent() {
    // HUNT-08: Flee with Attack 0 / Damage 0 → −1 and −1 → +2 to the opponent's Defense;
    // Onslaught with Defense 1 → −1 → +1 to the opponent's Attack.
    let spec = duel(
        Distance::Near,
        side(fighter(1, Tactic::Flee), Some(strike(Ranged, 0, 0, 4))),
        side(fighter(1, Tactic::Onslaught), Some(strike(Melee, 1, 0, 4))),
    );
    let r = run(&spec, &[1, 1, 1, 1, 1, 1, 1]);
    assert_eq!(r.fighters[0].defense_dice, 2, "1 + Flee's +1");
    assert_eq!(
        r.fighters[1].defense_dice, 2,
        "0 (1 − 2 clamped) + 2 handed over"
    );
    let (h, p) = (r.strikes[0].unwrap(), r.strikes[1].unwrap());
    assert_eq!(
        (h.attack_dice, h.damage_dice),
        (1, 0),
        "0 − 1 clamped + 1 handed over"
    );
    assert_eq!((p.attack_dice, p.damage_dice), (2, 2));
}

fn brawl(h_attack: [u32; 2], p_attack: [u32; 2]) -> (DuelSpec, Vec<u32>) {
    let spec = duel(
        Distance::Near,
        side(fighter(1, Tactic::None), Some(strike(Melee, 2, 4, 4))),
        side(fighter(1, Tactic::None), Some(strike(Melee, 2, 2, 4))),
    );
    let mut dice = vec![1, 1];
    dice.extend(h_attack);
    dice.extend(p_attack);
    (spec, dice)
}

#[test]
fn hunt_09_higher_attack_strikes_first_equal_is_simultaneous() {
    // HUNT-09: 12 against 10: the hunter strikes first and kills (4 failed tests), so the
    // prey's hit never lands.
    let (spec, mut dice) = brawl([6, 6], [5, 5]);
    dice.extend([6, 5, 4, 4, 6, 6, 6, 6]);
    let r = run(&spec, &dice);
    let (h, p) = (r.strikes[0].unwrap(), r.strikes[1].unwrap());
    assert_eq!((h.order, p.order), (0, 1));
    assert!(h.landed && r.fighters[1].dead);
    assert!(p.hit && !p.landed);
    // Equal totals: simultaneous; the dying prey's hit still lands.
    let (spec, mut dice) = brawl([5, 5], [4, 6]);
    dice.extend([6, 5, 4, 4, 6, 6, 6, 6, 1, 3]);
    let r = run(&spec, &dice);
    let (h, p) = (r.strikes[0].unwrap(), r.strikes[1].unwrap());
    assert_eq!((h.order, p.order), (0, 0));
    assert!(r.fighters[1].dead && p.landed);
}

#[test]
fn hunt_10_hit_needs_attack_above_defense() {
    // HUNT-10: 6 against 6 misses, 7 against 6 hits.
    let spec = duel(
        Distance::Medium,
        side(fighter(1, Tactic::None), Some(strike(Ranged, 2, 3, 4))),
        side(fighter(2, Tactic::None), None),
    );
    let r = run(&spec, &[1, 3, 3, 2, 4]);
    assert!(!r.strikes[0].unwrap().hit);
    assert_eq!(r.fighters[1].failures, 0);
    let r = run(&spec, &[1, 3, 3, 3, 4, 6, 4, 3, 4, 1]);
    assert!(r.strikes[0].unwrap().hit);
}

#[test]
fn hunt_11_damage_points_are_dice_at_or_above_the_threshold() {
    // HUNT-11: damage 6 4 3 with threshold 4 → 2 points; tests 4 (fail) and 1 (pass).
    let spec = duel(
        Distance::Medium,
        side(fighter(1, Tactic::None), Some(strike(Ranged, 2, 3, 4))),
        side(fighter(2, Tactic::None), None),
    );
    let r = run(&spec, &[1, 3, 3, 3, 4, 6, 4, 3, 4, 1]);
    let s = r.strikes[0].unwrap();
    assert_eq!(s.damage_values().collect::<Vec<_>>(), vec![6, 4, 3]);
    assert_eq!((s.points, s.failures), (2, 1));
    assert_eq!(damage_points(&[0, 0, 1, 1, 0, 1], 5), 1);
}

fn crit_spec(damage: u32) -> DuelSpec {
    // Threshold 7: no damage points, so only the critical effects show.
    duel(
        Distance::Medium,
        side(fighter(0, Tactic::None), Some(strike(Ranged, 1, damage, 7))),
        side(fighter(0, Tactic::None), None),
    )
}

#[test]
fn hunt_12_each_double_has_its_critical_effect() {
    // HUNT-12: 1-1 … 6-6, on a hit with 0 damage points.
    for v in 1..=6u32 {
        let r = run(&crit_spec(2), &[1, v, v]);
        let s = r.strikes[0].unwrap();
        assert!(s.landed && s.points == 0);
        let c = s.criticals();
        assert_eq!(c.fall, v <= 2, "{v}-{v}");
        assert_eq!(c.weapon_lost, v == 3 || v == 4, "{v}-{v}");
        assert_eq!(c.stun, v == 5, "{v}-{v}");
        assert_eq!(c.bleeding, v == 6, "{v}-{v}");
        assert_eq!(s.pairs, pair_bit(v));
        let f = r.fighters[1];
        assert_eq!(f.pairs, pair_bit(v));
        assert_eq!(f.stun_doubles, u32::from(v == 5));
        assert_eq!(f.new_bleeding, u32::from(v == 6));
    }
    // No pair, no effect; a miss rolls no Damage at all.
    let r = run(&crit_spec(2), &[1, 2, 5]);
    assert!(!r.strikes[0].unwrap().criticals().any());
    let mut spec = crit_spec(2);
    spec.sides[1].fighter.defense = 1;
    let r = run(&spec, &[1, 1]);
    assert!(!r.strikes[0].unwrap().hit);
    // Stun with two doubles (5-5 and 6-6): the potential loses 2.
    let r = run(&crit_spec(4), &[1, 5, 5, 6, 6]);
    assert_eq!(r.fighters[1].stun_doubles, 2);
    assert!(r.fighters[1].criticals().bleeding);
}

#[test]
fn hunt_12_default_triples_count_as_one_double() {
    // HUNT-12 [default]: 5 5 5 is one double; 5 5 5 5 too; with "pairs" it is two.
    assert_eq!(
        doubles(&[0, 0, 0, 0, 3, 0], TripleRule::OneDouble),
        (pair_bit(5), 1)
    );
    assert_eq!(
        doubles(&[0, 0, 0, 0, 4, 0], TripleRule::OneDouble),
        (pair_bit(5), 1)
    );
    assert_eq!(
        doubles(&[0, 0, 0, 0, 4, 0], TripleRule::Pairs),
        (pair_bit(5), 2)
    );
    let mut spec = crit_spec(4);
    let r = run(&spec, &[1, 5, 5, 5, 5]);
    assert_eq!(r.fighters[1].stun_doubles, 1);
    spec.context.rules.triples = TripleRule::Pairs;
    let r = run(&spec, &[1, 5, 5, 5, 5]);
    assert_eq!(r.fighters[1].stun_doubles, 2);
}

#[test]
fn hunt_13_failed_endurance_tests_give_the_wound_level() {
    // HUNT-13: 4 damage points, f of the 4 tests fail → 1 light, 2 heavy, 3 maimed, 4 dead.
    let spec = duel(
        Distance::Medium,
        side(fighter(0, Tactic::None), Some(strike(Ranged, 1, 4, 1))),
        side(fighter(0, Tactic::None), None),
    );
    for f in 1..=4u32 {
        let mut dice = vec![1, 1, 2, 3, 4];
        for k in 0..4 {
            dice.push(if k < f { 6 } else { 1 });
        }
        let r = run(&spec, &dice);
        assert_eq!(r.fighters[1].failures, f);
        assert_eq!(r.fighters[1].dead, f == 4);
        let expected = ["light wound", "heavy wound", "maimed", "dead"][f as usize - 1];
        assert_eq!(wound_name(f, 4), expected);
    }
    // Tests stop at death: 6 points, the first four fail, no fifth test is rolled.
    let mut spec6 = spec;
    spec6.sides[0].strike.as_mut().unwrap().damage = 6;
    let r = run(&spec6, &[1, 1, 2, 3, 4, 5, 6, 6, 6, 6, 6]);
    assert!(r.fighters[1].dead);
    assert_eq!(r.fighters[1].failures, 4);
}

fn flee_spec(distance: Distance) -> DuelSpec {
    duel(
        distance,
        side(fighter(2, Tactic::None), Some(strike(Ranged, 2, 1, 4))),
        side(fighter(2, Tactic::Flee), None),
    )
}

#[test]
fn hunt_14_flee_opens_distance_and_escapes_from_far() {
    // HUNT-14: attack 2 < defense 18 → the distance opens at the end of the turn. The
    // fleer strikes at nobody, so Flee's −1 Attack −1 Damage hand the hunter 2 more
    // Defense dice (HUNT-08): 4 dice.
    let r = run(&flee_spec(Distance::Medium), &[1, 1, 1, 1, 6, 6, 6, 1, 1]);
    assert_eq!(r.fighters[0].defense_dice, 4);
    assert!(r.fighters[1].moved && !r.fighters[1].escaped);
    assert_eq!((r.summary.distance, r.summary.delta), (Distance::Far, 1));
    // At Far the same success is an escape.
    let r = run(&flee_spec(Distance::Far), &[1, 1, 1, 1, 6, 6, 6, 1, 1]);
    assert!(r.fighters[1].escaped);
    // Attack 18 ≥ defense 3: no change.
    let r = run(&flee_spec(Distance::Far), &[1, 1, 1, 1, 1, 1, 1, 6, 6, 1]);
    assert!(!r.fighters[1].moved && !r.fighters[1].escaped);
    assert_eq!(r.summary.delta, 0);
}

fn trap_spec() -> DuelSpec {
    let mut spec = duel(
        Distance::Medium,
        side(fighter(2, Tactic::Pursue), Some(strike(Ranged, 2, 1, 4))),
        side(
            FighterSpec {
                lure: true,
                ..fighter(2, Tactic::Flee)
            },
            None,
        ),
    );
    spec.context.trap = true;
    spec
}

#[test]
fn hunt_14_trap_catches_a_pursuer() {
    // HUNT-14: hunter Defense 1 die (2 − 1 Pursue) + 2 handed over by the fleer that
    // strikes at nobody (HUNT-08) = 3; prey flees with Defense 18; hunter attack 2 misses.
    // Trap: prey's Experience test 1 (margin 2) → 2d6 = 6 > 3 → caught; the hunter's
    // Experience test 6 fails → 1 damage point → Endurance 5 fails.
    let r = run(&trap_spec(), &[1, 1, 1, 6, 6, 6, 1, 1, 1, 3, 3, 6, 5]);
    let trap = r.fighters[1].trap.unwrap();
    assert_eq!((trap.dice, trap.total), (2, 6));
    let caught = r.fighters[0].caught.unwrap();
    assert!(!caught.passed);
    assert_eq!((r.fighters[0].damage_taken, r.fighters[0].failures), (1, 1));
    // [default] 1 damage point; the setting makes it 2 (two Endurance tests: 5 fails, 1 passes).
    let mut two = trap_spec();
    two.context.rules.trap_damage = 2;
    let r = run(&two, &[1, 1, 1, 6, 6, 6, 1, 1, 1, 3, 3, 6, 5, 1]);
    assert_eq!((r.fighters[0].damage_taken, r.fighters[0].failures), (2, 1));
    // Caught but passes the Experience test: no damage (the engine makes it immune).
    let r = run(&trap_spec(), &[1, 1, 1, 6, 6, 6, 1, 1, 1, 3, 3, 2]);
    assert!(r.fighters[0].caught.unwrap().passed);
    assert_eq!(r.fighters[0].damage_taken, 0);
    // Trap roll 3 is not above the Defense total 3: not caught.
    let r = run(&trap_spec(), &[1, 1, 1, 6, 6, 6, 1, 1, 1, 2, 1]);
    assert!(r.fighters[0].caught.is_none());
    // Immune pursuers are never lured: no trap dice at all.
    let mut spec = trap_spec();
    spec.sides[0].fighter.trap_immune = true;
    let r = run(&spec, &[1, 1, 1, 6, 6, 6, 1, 1]);
    assert!(r.fighters[1].trap.is_none());
    // Luring is a choice (HUNT-14): a fleer that does not lure springs no trap, no dice.
    let mut spec = trap_spec();
    spec.sides[1].fighter.lure = false;
    let r = run(&spec, &[1, 1, 1, 6, 6, 6, 1, 1]);
    assert!(r.fighters[1].trap.is_none() && r.fighters[0].caught.is_none());
}

#[test]
fn hunt_15_pursue_closes_distance_and_both_pursuing_get_plus_one_attack() {
    // HUNT-15: −1 Defense; attack 7 > defense 1 → distance −1.
    let spec = duel(
        Distance::Far,
        side(fighter(2, Tactic::Pursue), Some(strike(Ranged, 2, 0, 4))),
        side(fighter(1, Tactic::None), None),
    );
    let r = run(&spec, &[1, 1, 3, 4]);
    assert_eq!(r.fighters[0].defense_dice, 1);
    assert_eq!(
        (r.summary.distance, r.summary.delta),
        (Distance::Medium, -1)
    );
    // Both pursuing: each +1 Attack and another −1 Defense.
    let spec = duel(
        Distance::Far,
        side(fighter(2, Tactic::Pursue), Some(strike(Ranged, 1, 0, 4))),
        side(fighter(2, Tactic::Pursue), Some(strike(Ranged, 1, 0, 4))),
    );
    let r = run(&spec, &[1, 1, 1, 1]);
    assert_eq!(
        (r.fighters[0].defense_dice, r.fighters[1].defense_dice),
        (0, 0)
    );
    assert_eq!(r.strikes[0].unwrap().attack_dice, 2);
    assert_eq!(r.summary.distance, Distance::Medium);
}

#[test]
fn hunt_16_take_cover_adds_margin_dice_against_shots_only() {
    // HUNT-16: Experience 3, test 1 → margin 2: +2 cover dice, −2 Attack dice.
    let cover = |kind| {
        duel(
            Distance::Near,
            side(fighter(1, Tactic::TakeCover), Some(strike(Ranged, 3, 0, 4))),
            side(fighter(1, Tactic::None), Some(strike(kind, 2, 0, 4))),
        )
    };
    // test 1; hunter defense 2, cover 3 3; prey defense 1; hunter attack 1; prey attack 5 5.
    let r = run(&cover(Ranged), &[1, 2, 3, 3, 1, 1, 5, 5]);
    assert_eq!(r.fighters[0].cover_dice, 2);
    assert_eq!(r.strikes[0].unwrap().attack_dice, 1);
    assert_eq!(r.strikes[1].unwrap().defense_total, 8, "2 + 6 from cover");
    let r = run(&cover(Melee), &[1, 2, 3, 3, 1, 1, 5, 5]);
    assert_eq!(
        r.strikes[1].unwrap().defense_total,
        2,
        "cover does not help in melee"
    );
}

#[test]
fn hunt_17_aimed_fire_strikes_second_after_the_move() {
    // HUNT-17: the prey pursues (Medium → Near) and strikes first although its total is
    // lower; the distance changes before the exchange, so both strikes are at Near and the
    // aimed shot (+2 Attack, +1 Damage) uses the Near threshold 3.
    let mut aimed = strike(Ranged, 1, 1, 6);
    aimed.thresholds = [3, 6, 6];
    let spec = duel(
        Distance::Medium,
        side(fighter(0, Tactic::AimedFire), Some(aimed)),
        side(fighter(1, Tactic::Pursue), Some(strike(Ranged, 1, 0, 4))),
    );
    let r = run(&spec, &[2, 2, 2, 3, 3, 4, 1, 1]);
    let (h, p) = (r.strikes[0].unwrap(), r.strikes[1].unwrap());
    assert_eq!((h.attack_dice, h.damage_dice), (3, 2));
    assert_eq!((p.order, h.order), (0, 1));
    assert_eq!((h.distance, p.distance), (Distance::Near, Distance::Near));
    assert_eq!(h.points, 2, "3 and 4 reach threshold 3 at Near");
    assert_eq!(r.summary.distance, Distance::Near);
    // Without Aimed Fire the same pursuit changes the distance only at the end of the turn.
    let mut plain = spec;
    plain.sides[0].fighter.tactic = Tactic::None;
    let r = run(&plain, &[2, 3, 5]);
    assert_eq!(r.strikes[0].unwrap().distance, Distance::Medium);
    assert_eq!(r.summary.distance, Distance::Near);
}

#[test]
fn hunt_18_onslaught_trades_defense_for_attack_and_damage() {
    // HUNT-18: +1 Attack, +2 Damage, −2 Defense.
    let spec = duel(
        Distance::Near,
        side(fighter(2, Tactic::Onslaught), Some(strike(Melee, 1, 1, 4))),
        side(fighter(0, Tactic::None), None),
    );
    let r = run(&spec, &[1, 1, 1, 2, 3]);
    assert_eq!(r.fighters[0].defense_dice, 0);
    let s = r.strikes[0].unwrap();
    assert_eq!((s.attack_dice, s.damage_dice), (2, 3));
}

#[test]
fn hunt_19_counterattacker_strikes_second_unless_both_counterattack() {
    // HUNT-19: the counterattacker's 12 still comes after the opponent's 2.
    let spec = duel(
        Distance::Near,
        side(fighter(0, Tactic::None), Some(strike(Melee, 1, 0, 4))),
        side(
            fighter(0, Tactic::Counterattack),
            Some(strike(Melee, 2, 0, 4)),
        ),
    );
    let r = run(&spec, &[2, 6, 6]);
    assert_eq!(
        (r.strikes[0].unwrap().order, r.strikes[1].unwrap().order),
        (0, 1)
    );
    let mut both = spec;
    both.sides[0].fighter.tactic = Tactic::Counterattack;
    let r = run(&both, &[2, 6, 6]);
    assert_eq!(
        (r.strikes[1].unwrap().order, r.strikes[0].unwrap().order),
        (0, 1)
    );
}

#[test]
fn hunt_20_hiding_searching_and_blind_shots() {
    // HUNT-20: Hide passes (test 1, margin 2): Defense becomes Experience + 3 = 6 dice.
    let spec = duel(
        Distance::Far,
        side(fighter(1, Tactic::None), None),
        side(fighter(1, Tactic::Hide), None),
    );
    let r = run(&spec, &[1, 1, 1, 1, 1, 1, 1, 1]);
    assert!(r.fighters[1].hidden);
    assert_eq!(r.fighters[1].defense_dice, 6);
    // Failed (test 5): a normal Defense.
    let r = run(&spec, &[5, 1, 1]);
    assert!(!r.fighters[1].hidden);
    assert_eq!(r.fighters[1].defense_dice, 1);
    // The other reading of "Experience + 3 dice" (a setting): 3 dice + Experience 3.
    let mut value = spec;
    value.context.rules.hide_roll = HideRoll::ExperienceValue;
    let r = run(&value, &[1, 1, 2, 2, 2]);
    assert_eq!(
        (r.fighters[1].defense_dice, r.fighters[1].defense_roll),
        (3, 9)
    );
    // HUNT-20 [default] a search finds when its margin is at least the hider's margin 1:
    // test 1 (margin 2) and test 2 (margin 1, a tie) find, test 3 (margin 0) does not.
    let mut hidden = fighter(0, Tactic::Hide);
    hidden.hidden = true;
    hidden.hide_margin = 1;
    let search = duel(
        Distance::Far,
        side(fighter(0, Tactic::Search), None),
        side(hidden, None),
    );
    let six = [1u32; 6];
    let mut dice = vec![1];
    dice.extend(six);
    let r = run(&search, &dice);
    assert!(r.fighters[0].found && r.fighters[1].found);
    let mut dice = vec![2];
    dice.extend(six);
    let r = run(&search, &dice);
    assert!(r.fighters[0].found && r.fighters[1].found);
    let mut dice = vec![3];
    dice.extend(six);
    let r = run(&search, &dice);
    assert!(!r.fighters[0].found && !r.fighters[1].found);
    // The literal reading «с лучшим результатом» (a setting): the tie does not find.
    let mut strict = search;
    strict.context.rules.search = SearchRule::Better;
    let mut dice = vec![2];
    dice.extend(six);
    let r = run(&strict, &dice);
    assert!(!r.fighters[0].found && !r.fighters[1].found);
    // A blind shot: −1 on the Attack total (the source says "−1 к Атаке", not a die),
    // threshold +1 (4 → 5): damage 4 4 → 0 points, 5 → 1.
    let mut blind = strike(Ranged, 3, 3, 4);
    blind.blind = true;
    let shot = duel(
        Distance::Far,
        side(fighter(0, Tactic::None), Some(blind)),
        side(hidden, None),
    );
    let mut dice = six.to_vec();
    dice.extend([6, 6, 1, 4, 4, 5, 1]);
    let r = run(&shot, &dice);
    let s = r.strikes[0].unwrap();
    assert_eq!((s.attack_dice, s.attack_total), (3, 12));
    assert_eq!(s.points, 1);
    // 7 − 1 = 6 against Defense 6: a miss.
    let mut dice = six.to_vec();
    dice.extend([3, 3, 1]);
    assert!(!run(&shot, &dice).strikes[0].unwrap().hit);
}

#[test]
fn hunt_22_barrage_fire_needs_double_ammunition() {
    // HUNT-22: +2 Attack, +2 Damage, −2 Defense; without ammunition only the −2 stays.
    let spec = |loaded| {
        let mut f = fighter(2, Tactic::BarrageFire);
        f.barrage_loaded = loaded;
        duel(
            Distance::Medium,
            side(f, Some(strike(Ranged, 1, 1, 7))),
            side(fighter(0, Tactic::None), None),
        )
    };
    let r = run(&spec(true), &[1, 1, 1, 1, 2, 3]);
    let s = r.strikes[0].unwrap();
    assert_eq!(
        (r.fighters[0].defense_dice, s.attack_dice, s.damage_dice),
        (0, 3, 3)
    );
    let r = run(&spec(false), &[1, 1]);
    let s = r.strikes[0].unwrap();
    assert_eq!(
        (r.fighters[0].defense_dice, s.attack_dice, s.damage_dice),
        (0, 1, 1)
    );
}

fn group() -> (Vec<FighterSpec>, ExchangeContext) {
    let mut h1 = fighter(1, Tactic::None);
    h1.direction = 1;
    let mut h2 = fighter(1, Tactic::None);
    h2.direction = 2;
    let mut p = fighter(2, Tactic::AimedFire);
    p.side = 1;
    (
        vec![h1, h2, p],
        ExchangeContext {
            distance: Distance::Near,
            trap: false,
            rules: Rules::default(),
        },
    )
}

#[test]
fn hunt_24_attack_and_damage_are_divided_among_opponents() {
    // HUNT-24: the prey divides 1+1 Attack and 1+1 Damage between two hunters; Aimed Fire's
    // bonus goes to the first target only.
    let (fighters, ctx) = group();
    let strikes = [
        StrikeSpec {
            attacker: 2,
            target: 0,
            ..strike(Ranged, 1, 1, 7)
        },
        StrikeSpec {
            attacker: 2,
            target: 1,
            ..strike(Ranged, 1, 1, 7)
        },
    ];
    let mut fout = [FighterOutcome::default(); 3];
    let mut sout = [StrikeOutcome::default(); 2];
    let mut dice = Scripted::new([1, 1, 1, 1, 1, 1, 1, 1, 1, 2]);
    resolve(
        &mut dice, &ctx, &fighters, &strikes, &mut fout, &mut sout, None,
    )
    .unwrap();
    assert_eq!((sout[0].attack_dice, sout[0].damage_dice), (3, 2));
    assert_eq!((sout[1].attack_dice, sout[1].damage_dice), (1, 1));
    assert_eq!(dice.remaining(), 0);
}

#[test]
fn hunt_25_crossfire_takes_three_per_extra_direction() {
    // HUNT-25: two hunters shoot the prey from two directions: its Defense total 12 counts
    // as 9 against each shot; a melee attacker still faces 12.
    let (mut fighters, ctx) = group();
    fighters[2].tactic = Tactic::None;
    let shots = [
        StrikeSpec {
            attacker: 0,
            target: 2,
            ..strike(Ranged, 1, 0, 4)
        },
        StrikeSpec {
            attacker: 1,
            target: 2,
            ..strike(Ranged, 1, 0, 4)
        },
    ];
    let mut fout = [FighterOutcome::default(); 3];
    let mut sout = [StrikeOutcome::default(); 2];
    let mut dice = Scripted::new([1, 1, 6, 6, 1, 1]);
    resolve(
        &mut dice, &ctx, &fighters, &shots, &mut fout, &mut sout, None,
    )
    .unwrap();
    assert_eq!((sout[0].defense_total, sout[1].defense_total), (9, 9));
    // One shared direction: no penalty.
    fighters[1].direction = fighters[0].direction;
    let mut dice = Scripted::new([1, 1, 6, 6, 1, 1]);
    resolve(
        &mut dice, &ctx, &fighters, &shots, &mut fout, &mut sout, None,
    )
    .unwrap();
    assert_eq!((sout[0].defense_total, sout[1].defense_total), (12, 12));
    // A knife and a gun: the knife faces the whole 12.
    fighters[1].direction = 2;
    let mixed = [
        shots[0],
        StrikeSpec {
            kind: Melee,
            ..shots[1]
        },
    ];
    let mut dice = Scripted::new([1, 1, 6, 6, 1, 1]);
    resolve(
        &mut dice, &ctx, &fighters, &mixed, &mut fout, &mut sout, None,
    )
    .unwrap();
    assert_eq!((sout[0].defense_total, sout[1].defense_total), (12, 12));
}

#[test]
fn exchange_records_a_transcript_only_when_asked() {
    let spec = flee_spec(Distance::Medium);
    let fighters = [
        spec.sides[0].fighter,
        FighterSpec {
            side: 1,
            ..spec.sides[1].fighter
        },
    ];
    let strikes = [StrikeSpec {
        attacker: 0,
        target: 1,
        ..spec.sides[0].strike.unwrap()
    }];
    let mut fout = [FighterOutcome::default(); 2];
    let mut sout = [StrikeOutcome::default(); 1];
    let mut t = fray_dice::Transcript::new();
    let mut dice = Scripted::new([1, 1, 1, 1, 6, 6, 6, 1, 1]);
    resolve(
        &mut dice,
        &spec.context,
        &fighters,
        &strikes,
        &mut fout,
        &mut sout,
        Some(&mut t),
    )
    .unwrap();
    let labels: Vec<&str> = t.dice.iter().map(|d| d.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "defense", "defense", "defense", "defense", "defense", "defense", "defense", "attack",
            "attack"
        ]
    );
}
