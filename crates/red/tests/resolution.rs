//! The pure resolution layer, rule by rule, with scripted dice.

use fray_dice::{Scripted, Transcript};
use fray_red::{
    attack, check, damage, death_save, hp_max, roll_d10, unarmed_dice, wound_state, AttackSpec,
    CheckSpec, DamageSpec, Defense, DvTable, Tables, Wound,
};

fn dice(v: &[u32]) -> Scripted {
    Scripted::new(v.iter().copied())
}

#[test]
fn red_30_check_beats_dv_and_a_tie_goes_to_the_defender() {
    // RED-30: STAT + SKILL + 1d10 + modifiers vs DV; beating it succeeds, a tie fails.
    let spec = CheckSpec {
        base: 10,
        dv: 15,
        critical: true,
    };
    let tie = check(&mut dice(&[5]), &spec, None).unwrap();
    assert_eq!((tie.total, tie.margin, tie.success), (15, 0, false));
    let beat = check(&mut dice(&[6]), &spec, None).unwrap();
    assert_eq!((beat.total, beat.margin, beat.success), (16, 1, true));
}

#[test]
fn red_31_critical_d10_adds_or_subtracts_one_die_without_chaining() {
    // RED-31: a natural 10 adds one d10, a natural 1 subtracts one; the extra never chains.
    let mut d = dice(&[10, 10, 4]);
    let r = roll_d10(&mut d, true, "check", None).unwrap();
    assert_eq!((r.natural, r.extra, r.value), (10, 10, 20));
    assert_eq!(d.remaining(), 1, "the second 10 did not chain");
    let r = roll_d10(&mut dice(&[1, 3]), true, "check", None).unwrap();
    assert_eq!((r.natural, r.extra, r.value), (1, -3, -2));
    let r = roll_d10(&mut dice(&[10]), false, "check", None).unwrap();
    assert_eq!(r.value, 10, "criticals off: no extra die");
    // Damage dice never crit: a 6 is just a 6 (two dice, two draws).
    let d6 = damage(
        &mut dice(&[6, 1]),
        &DamageSpec {
            dice: 2,
            ..DamageSpec::default()
        },
        None,
    )
    .unwrap();
    assert_eq!(d6.rolled, 7);
    // Death saves never crit: one d10 only, a 10 fails.
    let mut d = dice(&[10, 5]);
    let s = death_save(&mut d, 8, 0, None).unwrap();
    assert!(!s.success);
    assert_eq!(d.remaining(), 1);
    // The transcript marks the exploding die.
    let mut t = Transcript::new();
    roll_d10(&mut dice(&[10, 2]), true, "attack", Some(&mut t)).unwrap();
    assert_eq!(t.dice.len(), 2);
    assert!(t.dice[0].exploded);
}

#[test]
fn red_32_dv_table_by_weapon_row_and_band() {
    // RED-32: bands 0-6, 7-12, 13-25, 26-50, 51-100, 101-200, 201-400, 401-800.
    let t = DvTable::default();
    assert_eq!(t.dv("pistol", 6).unwrap(), 13);
    assert_eq!(t.dv("pistol", 7).unwrap(), 15);
    assert_eq!(t.dv("pistol", 25).unwrap(), 20);
    assert_eq!(t.dv("pistol", 26).unwrap(), 25);
    assert_eq!(t.dv("assault_rifle", 40).unwrap(), 13);
    assert_eq!(t.dv("sniper_rifle", 800).unwrap(), 20);
    assert_eq!(t.dv("assault_rifle_autofire", 20).unwrap(), 17);
    assert_eq!(t.dv("smg_autofire", 0).unwrap(), 20);
    assert_eq!(t.dv("thrown", 25).unwrap(), 15);
    assert_eq!(t.dv("pistol", 300).unwrap_err().rule, "RED-32");
    assert_eq!(t.dv("sniper_rifle", 801).unwrap_err().rule, "RED-32");
    assert_eq!(t.dv("laser", 5).unwrap_err().rule, "RED-32");
    // The attack itself: REF + skill + 1d10 vs the DV.
    let spec = AttackSpec {
        attack: 12,
        defense: Defense::Dv { dv: 15 },
        ..AttackSpec::default()
    };
    let miss = attack(&mut dice(&[3]), &spec, None).unwrap();
    assert!(!miss.hit && miss.damage.is_none() && miss.multiplier == 0);
}

#[test]
fn red_33_evasion_is_an_opposed_roll_with_its_own_critical_die() {
    // RED-33: the defender rolls DEX + Evasion + 1d10 instead of the DV; ties to the defender.
    let spec = AttackSpec {
        attack: 14,
        defense: Defense::Opposed { base: 12 },
        ..AttackSpec::default()
    };
    let r = attack(&mut dice(&[5, 7]), &spec, None).unwrap();
    assert_eq!((r.total, r.defense_total, r.hit), (19, 19, false));
    // The defender's natural 1 implodes.
    let r = attack(&mut dice(&[5, 1, 4, 2, 2]), &spec, None).unwrap();
    assert_eq!(r.defense_roll.unwrap().value, -3);
    assert_eq!(r.defense_total, 9);
    assert!(r.hit);
}

#[test]
fn red_34_head_damage_through_armour_is_doubled() {
    // RED-34: head shots double the damage that gets through armour (the −8 is in the engine tests).
    let spec = DamageSpec {
        dice: 3,
        sp: 7,
        head_multiplier: 2,
        ..DamageSpec::default()
    };
    let d = damage(&mut dice(&[5, 4, 3]), &spec, None).unwrap();
    assert_eq!((d.raw, d.through, d.hp_loss), (12, 10, 10));
    let body = DamageSpec {
        head_multiplier: 1,
        ..spec
    };
    assert_eq!(
        damage(&mut dice(&[5, 4, 3]), &body, None).unwrap().hp_loss,
        5
    );
}

#[test]
fn red_35_autofire_multiplier_is_the_margin_capped_per_weapon() {
    // RED-35: 2d6 × (amount the roll beat the DV by), capped (assault rifle 4, SMG 3).
    let mut spec = AttackSpec {
        attack: 14,
        defense: Defense::Dv { dv: 17 },
        autofire_cap: 4,
        damage: DamageSpec {
            dice: 2,
            ..DamageSpec::default()
        },
        critical: true,
    };
    let r = attack(&mut dice(&[9, 3, 4]), &spec, None).unwrap();
    assert_eq!((r.margin, r.multiplier), (6, 4));
    assert_eq!(r.damage.unwrap().raw, 28);
    let r = attack(&mut dice(&[5, 3, 4]), &spec, None).unwrap();
    assert_eq!((r.margin, r.multiplier, r.damage.unwrap().raw), (2, 2, 14));
    spec.autofire_cap = 3;
    let r = attack(&mut dice(&[9, 3, 4]), &spec, None).unwrap();
    assert_eq!(r.multiplier, 3);
}

#[test]
fn red_37_melee_is_opposed_and_the_defender_wins_ties() {
    // RED-37: DEX + melee skill + 1d10 vs DEX + Evasion + 1d10.
    let spec = AttackSpec {
        attack: 10,
        defense: Defense::Opposed { base: 10 },
        damage: DamageSpec {
            dice: 2,
            half_sp: true,
            ..DamageSpec::default()
        },
        ..AttackSpec::default()
    };
    let r = attack(&mut dice(&[6, 6]), &spec, None).unwrap();
    assert!(!r.hit, "tie goes to the defender");
    let r = attack(&mut dice(&[7, 6, 2, 2]), &spec, None).unwrap();
    assert!(r.hit);
    assert_eq!(r.damage.unwrap().rolled, 4);
}

#[test]
fn red_38_melee_ignores_half_the_sp_rounded_up_and_unarmed_dice_follow_body() {
    // RED-38: SP 11 → 6 ignored, 5 applies; SP 7 → 4 ignored, 3 applies.
    let spec = DamageSpec {
        dice: 2,
        sp: 11,
        half_sp: true,
        ..DamageSpec::default()
    };
    assert_eq!(spec.effective_sp(), 5);
    assert_eq!(DamageSpec { sp: 7, ..spec }.effective_sp(), 3);
    let d = damage(&mut dice(&[4, 4]), &spec, None).unwrap();
    assert_eq!((d.effective_sp, d.through), (5, 3));
    // Brawling does not halve.
    let d = damage(
        &mut dice(&[4, 4]),
        &DamageSpec {
            half_sp: false,
            ..spec
        },
        None,
    )
    .unwrap();
    assert_eq!(d.through, 0);
    assert_eq!([4, 5, 6, 7, 10, 11].map(unarmed_dice), [1, 2, 2, 3, 3, 4]);
}

#[test]
fn red_39_default_weapon_table() {
    // RED-39: damage dice, ROF and magazine per weapon type.
    let t = Tables::default();
    let w = |k: &str| {
        let p = &t.weapons[k];
        (p.damage, p.rof, p.magazine)
    };
    assert_eq!(w("medium_pistol"), (2, 2, 12));
    assert_eq!(w("heavy_pistol"), (3, 2, 8));
    assert_eq!(w("very_heavy_pistol"), (4, 1, 8));
    assert_eq!(w("smg"), (2, 1, 30));
    assert_eq!(w("heavy_smg"), (3, 1, 40));
    assert_eq!(w("shotgun"), (5, 1, 4));
    assert_eq!(w("assault_rifle"), (5, 1, 25));
    assert_eq!(w("sniper_rifle"), (5, 1, 4));
    assert_eq!(w("bow").0, 4);
    assert_eq!(w("grenade_launcher"), (6, 1, 2));
    assert_eq!(w("rocket_launcher"), (8, 1, 1));
    assert_eq!(w("light_melee"), (1, 2, 0));
    assert_eq!(w("medium_melee"), (2, 2, 0));
    assert_eq!(w("heavy_melee"), (3, 2, 0));
    assert_eq!(w("very_heavy_melee"), (4, 1, 0));
    assert_eq!(t.weapons["assault_rifle"].autofire, 4);
    assert_eq!(t.weapons["smg"].autofire, 3);
}

#[test]
fn red_40_damage_at_or_under_sp_does_nothing_else_the_excess() {
    // RED-40: ≤ SP → nothing; else damage − SP; default SPs and penalties.
    let spec = DamageSpec {
        dice: 2,
        sp: 7,
        ..DamageSpec::default()
    };
    let d = damage(&mut dice(&[3, 4]), &spec, None).unwrap();
    assert_eq!((d.penetrated, d.hp_loss), (false, 0));
    let d = damage(&mut dice(&[4, 4]), &spec, None).unwrap();
    assert_eq!((d.penetrated, d.hp_loss), (true, 1));
    let t = Tables::default();
    let a = |k: &str| (t.armor[k].sp, t.armor[k].penalty);
    assert_eq!(a("leathers"), (4, 0));
    assert_eq!(a("kevlar"), (7, 0));
    assert_eq!(a("light_armorjack"), (11, 0));
    assert_eq!(a("bodyweight"), (11, 0));
    assert_eq!(a("medium_armorjack"), (12, 2));
    assert_eq!(a("heavy_armorjack"), (13, 2));
    assert_eq!(a("flak"), (15, 4));
    assert_eq!(a("metalgear"), (18, 4));
}

#[test]
fn red_42_two_sixes_make_a_critical_injury_with_five_bonus_damage() {
    // RED-42: +5 straight to HP (even when the armour stops the dice), then 2d6 on the table.
    let spec = DamageSpec {
        dice: 2,
        sp: 15,
        ..DamageSpec::default()
    };
    let d = damage(&mut dice(&[6, 6, 3, 5]), &spec, None).unwrap();
    assert_eq!(
        (d.penetrated, d.critical, d.hp_loss, d.injury_roll),
        (false, true, 5, 8)
    );
    let one_six = damage(&mut dice(&[6, 5]), &spec, None).unwrap();
    assert!(!one_six.critical);
    let t = Tables::default();
    assert_eq!(t.injury(false, 8).unwrap().name, "Broken Leg");
    assert_eq!(t.injury(true, 2).unwrap().name, "Lost Eye");
    assert_eq!(t.body_injuries.len(), 11);
    assert_eq!(t.head_injuries.len(), 11);
}

#[test]
fn red_43_hp_from_body_and_will() {
    // RED-43: 10 + 5 × ⌈(BODY + WILL) / 2⌉.
    assert_eq!(hp_max(6, 6), 40);
    assert_eq!(hp_max(7, 6), 45);
    assert_eq!(hp_max(2, 2), 20);
}

#[test]
fn red_44_wound_states() {
    // RED-44: Seriously below ⌈max/2⌉, Mortally below 1.
    assert_eq!(wound_state(40, 40), Wound::Unhurt);
    assert_eq!(wound_state(20, 40), Wound::Lightly);
    assert_eq!(wound_state(19, 40), Wound::Seriously);
    assert_eq!(wound_state(23, 45), Wound::Lightly);
    assert_eq!(wound_state(22, 45), Wound::Seriously);
    assert_eq!(wound_state(1, 40), Wound::Seriously);
    assert_eq!(wound_state(0, 40), Wound::Mortally);
}

#[test]
fn red_45_death_save_under_body_and_a_ten_always_fails() {
    // RED-45: 1d10 + penalty < BODY succeeds.
    assert!(death_save(&mut dice(&[5]), 6, 0, None).unwrap().success);
    assert!(!death_save(&mut dice(&[6]), 6, 0, None).unwrap().success);
    assert!(!death_save(&mut dice(&[4]), 6, 2, None).unwrap().success);
    assert!(!death_save(&mut dice(&[10]), 12, 0, None).unwrap().success);
}
