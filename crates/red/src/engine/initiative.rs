//! Initiative (RED-02): REF + 1d10 once per participant, ties rerolled among the tied.

use fray_dice::{Dice, RuleError};

use super::{Event, Events, State, TieReroll};
use crate::resolve::roll_d10;

pub(super) fn roll_initiative<D: Dice>(
    state: &mut State,
    i: usize,
    dice: &mut D,
    ev: &mut Events,
) -> Result<(), RuleError> {
    let reflexes = state.fighters[i].reflexes();
    let bonus = state.fighters[i].sheet.0.initiative;
    let roll = roll_d10(dice, state.settings.critical_initiative, "initiative", None)?;
    let total = reflexes + bonus + roll.value;
    state.fighters[i].initiative = total;
    ev.emit(|| Event::Initiative {
        who: state.name(i),
        reflexes,
        bonus,
        roll,
        total,
        armor: -state.fighters[i].armor_penalty(),
    });
    Ok(())
}

/// RED-02 «При равенстве перебрасывают, пока кто-то не окажется выше»: the tied reroll
/// among themselves until every one of them is ordered; those not tied keep their places.
/// What they reroll is `settings.tie_reroll`: the initiative (REF + bonus + 1d10, the d10
/// as RED-04 says) or a bare d10. The totals of the reroll only order the tied: the
/// initiative kept for later (a newcomer's place, RED-03) is the first one.
pub(super) fn break_ties<D: Dice>(
    state: &State,
    tied: &[usize],
    dice: &mut D,
    ev: &mut Events,
    out: &mut Vec<usize>,
) -> Result<(), RuleError> {
    if tied.len() == 1 {
        out.push(tied[0]);
        return Ok(());
    }
    let mut rolls = Vec::with_capacity(tied.len());
    for &i in tied {
        let f = &state.fighters[i];
        let (roll, extra, [reflexes, bonus, armor]) = match state.settings.tie_reroll {
            TieReroll::Initiative => {
                let r = roll_d10(dice, state.settings.critical_initiative, "initiative", None)?;
                let terms = [f.reflexes(), f.sheet.0.initiative, -f.armor_penalty()];
                (r.natural, r.extra, terms)
            }
            TieReroll::D10 => (dice.roll(10)?, 0, [0; 3]),
        };
        let total = reflexes + bonus + roll as i32 + extra;
        ev.emit(|| Event::TieReroll {
            who: state.name(i),
            roll,
            extra,
            total,
            reflexes,
            bonus,
            armor,
        });
        rolls.push((total, i));
    }
    rolls.sort_by_key(|&(r, _)| std::cmp::Reverse(r));
    let mut k = 0;
    while k < rolls.len() {
        let r = rolls[k].0;
        let group: Vec<usize> = rolls[k..]
            .iter()
            .take_while(|x| x.0 == r)
            .map(|x| x.1)
            .collect();
        k += group.len();
        break_ties(state, &group, dice, ev, out)?;
    }
    Ok(())
}
