//! What decided an exchange, for the events of a recording log (issue 18): the dice counts'
//! parts ([`DiceTerm`]) and every die's face. Resolution itself records nothing; when the log
//! records, the exchange is resolved with a transcript of its dice, and this module reads the
//! transcript back in the order the resolution draws them (documented at
//! [`crate::resolve`]). The quiet path (simulation) never comes here.

use fray_dice::Transcript;

use crate::engine::{DiceSource, DiceTerm, EnduranceTests, State};
use crate::resolve::{
    attack_mods, defense_mod, strikeless_attack_mod, FighterOutcome, FighterSpec, StrikeOutcome,
    StrikeSpec,
};
use crate::setup::{HideRoll, Rules, Tactic};

/// The faces of one exchange's dice, by fighter (index of the exchange) and by strike.
#[derive(Default)]
pub(crate) struct Faces {
    pub defense: Vec<Vec<u32>>,
    pub cover: Vec<Vec<u32>>,
    pub attack: Vec<Vec<u32>>,
    /// Per strike: the target's Endurance tests.
    pub endurance: Vec<EnduranceTests>,
    /// Per fleeing fighter: its trap's margin dice.
    pub trap: Vec<Vec<u32>>,
    /// Per caught fighter: its Endurance tests for the trap's damage.
    pub trapped: Vec<EnduranceTests>,
    /// Per fighter: its Endurance tests for bleeding.
    pub bled: Vec<EnduranceTests>,
}

/// Reads the transcript in draw order.
struct Cursor<'a> {
    dice: &'a Transcript,
    at: usize,
}

impl Cursor<'_> {
    fn take(&mut self, n: u32) -> Vec<u32> {
        let n = n as usize;
        let end = (self.at + n).min(self.dice.dice.len());
        let faces = self.dice.dice[self.at..end]
            .iter()
            .map(|d| d.value)
            .collect();
        self.at = end;
        faces
    }

    fn test(&mut self, rules: &Rules) -> u32 {
        self.take(rules.test_dice).iter().sum()
    }

    /// Endurance tests for `points` damage points, as `resolve::endurance_tests` makes them.
    fn endurance(
        &mut self,
        rules: &Rules,
        endurance: u32,
        points: u32,
        already: &mut u32,
    ) -> EnduranceTests {
        let mut tests = EnduranceTests {
            endurance,
            ..EnduranceTests::default()
        };
        for _ in 0..points {
            if *already + tests.failed >= rules.deadly_failures {
                break;
            }
            let roll = self.test(rules);
            tests.rolls.push(roll);
            if roll > endurance {
                tests.failed += 1;
            }
        }
        *already += tests.failed;
        tests
    }
}

/// The faces of an exchange resolved with `transcript` (`resolve::run`'s order of draws).
pub(crate) fn faces(
    rules: &Rules,
    trap: bool,
    fighters: &[FighterSpec],
    strikes: &[StrikeSpec],
    fout: &[FighterOutcome],
    sout: &[StrikeOutcome],
    transcript: &Transcript,
) -> Faces {
    let mut c = Cursor {
        dice: transcript,
        at: 0,
    };
    let n = fighters.len();
    let mut f = Faces {
        endurance: vec![EnduranceTests::default(); strikes.len()],
        trap: vec![Vec::new(); n],
        trapped: vec![EnduranceTests::default(); n],
        bled: vec![EnduranceTests::default(); n],
        ..Faces::default()
    };
    // Pre-roll tests: at most one per fighter (its tactic's).
    for o in fout {
        if o.hide.is_some() || o.cover.is_some() || o.search.is_some() {
            c.test(rules);
        }
    }
    for o in fout {
        f.defense.push(c.take(o.defense_dice));
        f.cover.push(c.take(o.cover_dice));
    }
    for o in sout {
        f.attack.push(c.take(o.attack_dice));
    }
    let mut failures = vec![0u32; n];
    let mut order: Vec<usize> = (0..strikes.len()).collect();
    order.sort_by_key(|&k| (sout[k].order, k));
    for k in order {
        if !sout[k].landed {
            continue;
        }
        c.take(sout[k].damage_dice);
        let t = usize::from(strikes[k].target);
        f.endurance[k] = c.endurance(
            rules,
            fighters[t].endurance,
            sout[k].points,
            &mut failures[t],
        );
    }
    let dead = |failures: &[u32], j: usize| failures[j] >= rules.deadly_failures;
    if trap {
        for (i, fleer) in fighters.iter().enumerate() {
            let Some(spring) = fout[i].trap else { continue };
            c.test(rules);
            f.trap[i] = c.take(spring.dice);
            for (j, o) in fighters.iter().enumerate() {
                let victim = o.side != fleer.side
                    && !o.trap_immune
                    && matches!(o.tactic, Tactic::Pursue | Tactic::Onslaught);
                if !victim || dead(&failures, j) || spring.total <= fout[j].defense_roll {
                    continue;
                }
                if c.test(rules) > o.experience {
                    f.trapped[j] =
                        c.endurance(rules, o.endurance, rules.trap_damage, &mut failures[j]);
                }
            }
        }
    }
    for (i, o) in fighters.iter().enumerate() {
        if o.bleeding == 0 || dead(&failures, i) {
            continue;
        }
        f.bled[i] = c.endurance(rules, o.endurance, o.bleeding, &mut failures[i]);
    }
    debug_assert_eq!(c.at, transcript.dice.len(), "every die read back");
    f
}

fn tactic_source(t: Tactic) -> Option<DiceSource> {
    Some(match t {
        Tactic::Flee => DiceSource::Flee,
        Tactic::Pursue => DiceSource::Pursue,
        Tactic::TakeCover => DiceSource::TakeCover,
        Tactic::AimedFire => DiceSource::AimedFire,
        Tactic::Onslaught => DiceSource::Onslaught,
        Tactic::BarrageFire => DiceSource::BarrageFire,
        _ => return None,
    })
}

fn push(terms: &mut Vec<DiceTerm>, source: DiceSource, dice: i32) {
    if dice != 0 {
        terms.push(DiceTerm::new(source, dice));
    }
}

/// The parts of every dice count of an exchange, as `resolve::plan` adds them up.
pub(crate) struct Terms {
    pub defense: Vec<Vec<DiceTerm>>,
    pub attack: Vec<Vec<DiceTerm>>,
    pub damage: Vec<Vec<DiceTerm>>,
    /// Hidden under `experience_value`: Experience added to each fighter's Defense total.
    pub experience_added: Vec<u32>,
}

/// The parts of the dice counts. `situational[k]` is strike `k`'s (Fall, ambush) Attack dice
/// as the engine set them (`StrikeSpec::attack_bonus` is their sum).
pub(crate) fn terms(
    state: &State,
    who: &[usize],
    fighters: &[FighterSpec],
    strikes: &[StrikeSpec],
    fout: &[FighterOutcome],
    situational: &[(i32, i32)],
) -> Terms {
    let rules = &state.rules;
    let name = |k: usize| state.fighters[who[k]].name.to_string();
    let pursuing = |side: u8| {
        fighters
            .iter()
            .any(|f| f.side != side && f.tactic == Tactic::Pursue)
    };
    let mut t = Terms {
        defense: vec![Vec::new(); fighters.len()],
        attack: Vec::with_capacity(strikes.len()),
        damage: Vec::with_capacity(strikes.len()),
        experience_added: vec![0; fighters.len()],
    };
    let handed = |to: &mut Vec<DiceTerm>, dice: i32, from: usize| {
        if dice > 0 {
            to.push(DiceTerm {
                source: DiceSource::Handed,
                dice,
                from: Some(name(from)),
            });
        }
    };
    let mut seen: u32 = 0;
    let mut handed_to: Vec<(usize, i32, usize)> = Vec::new();
    for (k, s) in strikes.iter().enumerate() {
        let a = usize::from(s.attacker);
        let f = &fighters[a];
        let primary = seen & (1 << a) == 0;
        seen |= 1 << a;
        let mut attack = vec![DiceTerm::new(DiceSource::Split, s.attack as i32)];
        let (fall, ambush) = situational.get(k).copied().unwrap_or_default();
        // A Fall stops at 0 dice (only a tactic hands dice over, HUNT-08).
        let fall = fall.max(-(s.attack as i32 + ambush));
        push(&mut attack, DiceSource::Ambush, ambush);
        push(&mut attack, DiceSource::Fall, fall);
        let mut damage = vec![DiceTerm::new(DiceSource::Split, s.damage as i32)];
        if primary {
            let (am, dm) = attack_mods(f.tactic, s.kind, f.barrage_loaded);
            if let Some(src) = tactic_source(f.tactic) {
                push(&mut attack, src, am);
                push(&mut damage, src, dm);
            }
            let both = strikeless_attack_mod(f, fout, a, &pursuing) + fout[a].cover_dice as i32;
            push(&mut attack, DiceSource::BothPursue, both);
            push(
                &mut attack,
                DiceSource::TakeCover,
                -(fout[a].cover_dice as i32),
            );
        }
        let sum = |v: &[DiceTerm]| v.iter().map(|d| d.dice).sum::<i32>();
        let over = (-sum(&attack)).max(0) + (-sum(&damage)).max(0);
        handed_to.push((usize::from(s.target), over, a));
        t.attack.push(attack);
        t.damage.push(damage);
    }
    for (i, f) in fighters.iter().enumerate() {
        if seen & (1 << i) != 0 {
            continue;
        }
        // A tactic's −Attack/−Damage with no strike: to the first opponent of the exchange
        // (HUNT-08), as `resolve::plan` hands them.
        let flee = if f.tactic == Tactic::Flee { -1 } else { 0 };
        let am = flee + strikeless_attack_mod(f, fout, i, &pursuing);
        let over = (-am).max(0) + (-flee).max(0);
        if let Some(o) = fighters.iter().position(|o| o.side != f.side) {
            handed_to.push((o, over, i));
        }
    }
    for (i, f) in fighters.iter().enumerate() {
        let d = &mut t.defense[i];
        if fout[i].hidden {
            if rules.hide_roll == HideRoll::ExperienceDice {
                push(d, DiceSource::Experience, f.experience as i32);
            } else {
                t.experience_added[i] = f.experience;
            }
            push(d, DiceSource::Hidden, rules.hide_dice as i32);
        } else {
            d.push(DiceTerm::new(DiceSource::Split, f.defense as i32));
            push(
                d,
                DiceSource::Fall,
                f.defense_bonus.max(-(f.defense as i32)),
            );
            if let Some(src) = tactic_source(f.tactic) {
                push(d, src, defense_mod(f.tactic));
            }
            if f.tactic == Tactic::Pursue && pursuing(f.side) {
                push(d, DiceSource::BothPursue, -1);
            }
            // A negative Defense goes to the first strike on this fighter (HUNT-08).
            let own: i32 = d.iter().map(|x| x.dice).sum();
            if own < 0 {
                if let Some(k) = strikes.iter().position(|s| usize::from(s.target) == i) {
                    handed(&mut t.attack[k], -own, i);
                }
            }
        }
        for &(to, dice, from) in &handed_to {
            if to == i {
                handed(&mut t.defense[i], dice, from);
            }
        }
    }
    t
}
