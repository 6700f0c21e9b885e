//! Critical injuries (RED-42): the row's effects become the fighter's, as modifiers the
//! engine applies (not text only).

use super::hands::{drop_hand, hurt_hand, lose_hand};
use super::{Event, Events, InjuryTaken, Location, State};
use crate::tables::InjuryEffect;

/// Skills whose checks need speech (Broken Jaw, Crushed Windpipe): the published
/// conversation-like skills.
pub(crate) const SPEECH_SKILLS: [&str; 8] = [
    "acting",
    "bribery",
    "conversation",
    "interrogation",
    "leadership",
    "persuasion",
    "trading",
    "language",
];

/// The smaller of two thresholds where 0 means "none".
fn first_threshold(cur: u32, new: u32) -> u32 {
    match (cur, new) {
        (0, n) | (n, 0) => n,
        (a, b) => a.min(b),
    }
}

impl InjuryEffect {
    /// Adds one injury's lasting modifiers to the sum of those already suffered.
    fn add(&mut self, m: &InjuryEffect) {
        self.all += m.all;
        self.ranged += m.ranged;
        self.melee += m.melee;
        // `hand` belongs to one hand: `hurt_hand` keeps it, never this sum.
        self.move_ += m.move_;
        self.death_save += m.death_save;
        self.perception += m.perception;
        self.speech += m.speech;
        self.no_evade |= m.no_evade;
        self.mute |= m.mute;
        self.head_multiplier = self.head_multiplier.max(m.head_multiplier);
        self.moving_hurts_over = first_threshold(self.moving_hurts_over, m.moving_hurts_over);
        self.moving_loses_move_over =
            first_threshold(self.moving_loses_move_over, m.moving_loses_move_over);
    }
}

/// Inflicts row `row` of the head or body table on `who` (`shown_roll`: the 2d6 for the
/// log, 0 when inflicted without a roll).
pub(super) fn inflict_injury(
    state: &mut State,
    who: usize,
    head: bool,
    row: u32,
    shown_roll: u32,
    ev: &mut Events,
) {
    let Some(injury) = state.tables.injury(head, row) else {
        return;
    };
    let table = if head { Location::Head } else { Location::Body };
    ev.emit(|| Event::CriticalInjury {
        who: state.name(who),
        table,
        roll: shown_roll,
        name: injury.name.clone(),
        effect: injury.effect.clone(),
    });
    let (m, name) = (injury.modifiers, injury.name.clone());
    let every_attack = state.settings.hand_injury_every_attack;
    state.critical_injuries += 1;
    let f = &mut state.fighters[who];
    f.injuries.push(InjuryTaken { table, name });
    f.effects.add(&m);
    if every_attack {
        f.effects.ranged += m.hand;
        f.effects.melee += m.hand;
    } else if m.hand != 0 && !m.lose_hand {
        // A hand that is lost too takes its injury with it.
        hurt_hand(f, m.hand);
    }
    if m.lose_action {
        f.lose_action = true;
    }
    if m.lose_hand {
        lose_hand(state, who, ev);
    } else if m.drop_held {
        drop_hand(state, who, ev);
    }
}
