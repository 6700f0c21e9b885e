//! Hands (RED-06, RED-09, RED-42): how many a fighter can still use and what drops when one
//! is lost or shot at.

use super::{Event, Events, Fighter, State};
use crate::setup::Holding;

impl Fighter {
    /// Hands still free to draw, grab or take up a shield with (RED-09): the usable hands
    /// less what the weapons in hand, the shield and a grab take.
    pub fn free_hands(&self) -> u32 {
        self.hands.saturating_sub(self.hands_used())
    }

    /// RED-42 Crushed Fingers: the modifier of an attack with weapon `weapon` (`None`:
    /// unarmed) from the hand it is made with. Weapons in hand take the soundest hands in
    /// index order (a two-handed one is as good as its worse hand); an unarmed blow uses the
    /// soundest free hand, and no hand when none is free.
    pub(crate) fn hand_modifier(&self, weapon: Option<usize>) -> i32 {
        if sound(&self.hand_modifiers) {
            return 0;
        }
        let hands = &self.hand_modifiers[..(self.hands as usize).min(2)];
        let mut slot = 0;
        for (i, w) in self.weapons.iter().enumerate() {
            if w.holding != Holding::InHand {
                continue;
            }
            let end = (slot + w.kit.0.hands as usize).min(hands.len());
            if Some(i) == weapon {
                return hands[slot.min(end)..end].iter().copied().min().unwrap_or(0);
            }
            slot = end;
        }
        let used = (self.hands_used() as usize).min(hands.len());
        hands[used..].iter().copied().max().unwrap_or(0)
    }
}

/// No hand is hurt (nothing to write in a saved state).
pub(crate) fn sound(modifiers: &[i32; 2]) -> bool {
    *modifiers == [0; 2]
}

/// RED-42 Crushed Fingers: the weapon hand (the soundest, which holds the first weapon)
/// takes `modifier`; a second such injury so takes the other hand while it is sound.
pub(super) fn hurt_hand(f: &mut Fighter, modifier: i32) {
    let n = (f.hands as usize).min(2);
    if n == 0 {
        return;
    }
    f.hand_modifiers[0] += modifier;
    f.hand_modifiers[..n].sort_unstable_by(|a, b| b.cmp(a));
}

/// What the weapon hand holds drops (RED-34 aimed at a held item, RED-42): the first weapon
/// in hand by index (a two-handed one drops whole), else the shield; else a grab is let
/// go. Nothing else is touched: a second weapon in the other hand stays.
pub(super) fn drop_hand(state: &mut State, who: usize, ev: &mut Events) {
    let f = &mut state.fighters[who];
    if let Some(w) = f.weapons.iter_mut().find(|w| w.holding == Holding::InHand) {
        w.holding = Holding::Dropped;
        ev.emit(|| Event::Dropped {
            who: f.name.to_string(),
            weapon: w.name.to_string(),
            forced: true,
        });
    } else if f.shield_in_hand {
        // A shield let go of is on the floor like a dropped weapon: out of the fight.
        f.shield_in_hand = false;
        f.shield = None;
        ev.emit(|| Event::Dropped {
            who: f.name.to_string(),
            weapon: "shield".to_owned(),
            forced: true,
        });
    } else if f.grabbing.is_some() {
        release_grip(state, who);
    }
}

/// RED-42: an arm or a hand is lost or broken: what its hand held drops and the hand is
/// gone; what no longer fits the hands left drops too. The hand taken is the weapon hand
/// (the one [`drop_hand`] empties); a second such injury takes the other.
pub(super) fn lose_hand(state: &mut State, who: usize, ev: &mut Events) {
    let f = &state.fighters[who];
    if f.hands == 0 {
        return;
    }
    if f.hands_used() > 0 {
        drop_hand(state, who, ev);
    }
    let f = &mut state.fighters[who];
    f.hands -= 1;
    // The weapon hand is the soundest, the first: the other moves up.
    f.hand_modifiers = [f.hand_modifiers[1], 0];
    // At most a weapon, a shield and a grab: a few passes empty what does not fit.
    for _ in 0..3 {
        let f = &state.fighters[who];
        if f.hands_used() <= f.hands {
            break;
        }
        drop_hand(state, who, ev);
    }
}

/// Lets go of the one held by a grab (and of the human shield made of it).
fn release_grip(state: &mut State, who: usize) {
    if let Some(v) = state.fighters[who].grabbing.take() {
        state.fighters[v].grabbed_by = None;
    }
    state.fighters[who].human_shield = false;
}
