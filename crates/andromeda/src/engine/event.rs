//! What happened: the events an encounter records.

use super::*;

/// Why Heat was gained.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HeatReason {
    /// Start of own turn (AND-25).
    TurnStart,
    /// A check whose final outcome was Fail (AND-26).
    FailedCheck,
    /// The archetype's signature moment (AND-27).
    Signature,
    /// An Accomplishment Point (AND-29).
    Accomplishment,
}

/// How someone moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveMode {
    /// The Move maneuver.
    Move,
    /// The Step maneuver.
    Step,
    /// The Extra Move action.
    ExtraMove,
    /// Dragged along by a grabber's Step.
    Dragged,
}

/// What an Accomplishment Point bought.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Benefit {
    /// +2 Heat (AND-29).
    Heat,
    /// One condition removed (AND-38).
    RemoveCondition,
    /// Main stress restored (AND-47).
    RestoreStress,
}

/// What a check was for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Purpose {
    /// An ability (attack or check).
    Ability {
        /// Its id.
        id: Id,
        /// Its display name (the id when the sheet gives none).
        name: String,
    },
    /// An improvised check or attack with a skill (AND-11).
    Improvised {
        /// The skill rolled.
        skill: String,
    },
    /// The Grab action.
    Grab,
    /// A Saving Throw against a condition.
    SavingThrow {
        /// The condition.
        condition: ConditionKind,
    },
}

/// Why a roll has advantage or disadvantage (AND-21): each source the engine counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EdgeSource {
    /// The target is Vulnerable: advantage (AND-31).
    TargetVulnerable,
    /// The roller is Weakened: disadvantage (AND-32).
    Weakened,
    /// The roller is Grabbed and attacks someone other than its grabber (AND-34).
    GrabbedElsewhere,
    /// The roller holds a grab and attacks someone other than its target (AND-42).
    HoldingElsewhere,
    /// The target is Invisible: disadvantage (AND-36).
    TargetInvisible,
}

impl EdgeSource {
    /// Whether the source gives advantage (else disadvantage).
    pub fn advantage(self) -> bool {
        self == EdgeSource::TargetVulnerable
    }
}

/// What a roll adds to its two kept dice, and why (issue 18): the skill by name with its
/// value and rank, the flat modifier of `settings.advantage` (`flat`, AND-21) and every
/// source of advantage or disadvantage.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Terms {
    /// The skill as the sheet names it (`melee`, `stealth`…).
    pub skill: String,
    /// Its value, added to the dice (0 when the sheet lacks the skill).
    pub value: i32,
    /// Its rank, compared with the task rank or defense (AND-17, AND-22).
    pub rank: i32,
    /// The flat advantage modifier (+B, −B) added to the total; 0 with extra dice.
    pub modifier: i32,
    /// The sources of advantage and disadvantage (one of each cancels, AND-21).
    pub edge_from: Vec<EdgeSource>,
}

/// What a check's skill rank is compared with (AND-17, AND-18, AND-40).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Against {
    /// The task rank of a check (AND-17).
    #[default]
    Task,
    /// The target's defense (AND-18, AND-19).
    Defense {
        /// Which.
        defense: Defense,
    },
    /// The rank of the ability that made the target Invisible (AND-40).
    Invisibility,
}

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The combat began; `opening` opens every round.
    CombatStarted {
        /// The opening side.
        opening: Side,
        /// "default", "ambush" or "contested".
        how: String,
    },
    /// A participant's stress boxes for the scene.
    Stress {
        /// Who.
        id: Id,
        /// Its display name.
        name: String,
        /// Its side.
        side: Side,
        /// Temporary boxes.
        temp_max: u32,
        /// Main boxes (after Exhaustion).
        main_max: u32,
    },
    /// A round began.
    RoundStarted {
        /// Its number.
        round: u32,
    },
    /// A participant began a turn.
    TurnStarted {
        /// Who.
        actor: Id,
        /// Turns it has left this round after this one.
        turns_left: u32,
    },
    /// A participant ended its turn.
    TurnEnded {
        /// Who.
        actor: Id,
    },
    /// The round ended.
    RoundEnded {
        /// Its number.
        round: u32,
    },
    /// Heat gained.
    HeatGained {
        /// Who.
        id: Id,
        /// How much.
        amount: u32,
        /// Why.
        reason: HeatReason,
        /// Heat now.
        heat: u32,
    },
    /// Heat spent on an ability (AND-28).
    HeatSpent {
        /// Who.
        id: Id,
        /// How much.
        amount: u32,
        /// On what.
        ability: Id,
        /// The ability's display name.
        name: String,
        /// Heat now.
        heat: u32,
    },
    /// Unused Heat burned off at the end of combat (AND-24).
    HeatBurned {
        /// Who.
        id: Id,
        /// How much.
        amount: u32,
    },
    /// Someone moved.
    Moved {
        /// Who.
        id: Id,
        /// How.
        mode: MoveMode,
        /// From.
        from: [i64; 2],
        /// To.
        to: [i64; 2],
        /// The mover's enemies who do not know where it is: it moved Hidden (AND-35), so
        /// their view leaves the line out.
        hidden_from: Vec<Id>,
    },
    /// A check or attack roll against one target.
    Check {
        /// Who rolled.
        actor: Id,
        /// What for.
        purpose: Purpose,
        /// Against whom.
        target: Option<Id>,
        /// Dice rolled.
        dice: Vec<u8>,
        /// The two kept.
        kept: [u8; 2],
        /// Kept dice + skill value + flat modifier.
        total: i32,
        /// The skill and modifiers added to the kept dice.
        terms: Terms,
        /// Task rank or defense.
        difficulty: i32,
        /// What `difficulty` is: a task rank, a named defense, an invisibility's rank.
        against: Against,
        /// The outcome table the total was read from (AND-16).
        table: OutcomeTable,
        /// Advantage state.
        edge: Edge,
        /// Tier from the table.
        base: Tier,
        /// Tier shift.
        shift: i32,
        /// Final tier.
        tier: Tier,
        /// A provoked attack (AND-14).
        provoked: bool,
        /// A readied action firing (AND-11).
        readied: bool,
    },
    /// An opposed check (AND-22).
    Opposed {
        /// "opening", "hide", "seek" or "escape".
        purpose: String,
        /// Who started it.
        initiator: Id,
        /// Against whom.
        opponent: Id,
        /// The initiator's dice.
        initiator_dice: Vec<u8>,
        /// The initiator's two kept dice.
        initiator_kept: [u8; 2],
        /// The initiator's advantage state.
        initiator_edge: Edge,
        /// The initiator's skill and modifiers.
        initiator_terms: Terms,
        /// The initiator's total.
        initiator_total: i32,
        /// The opponent's dice.
        opponent_dice: Vec<u8>,
        /// The opponent's two kept dice.
        opponent_kept: [u8; 2],
        /// The opponent's advantage state.
        opponent_edge: Edge,
        /// The opponent's skill and modifiers.
        opponent_terms: Terms,
        /// The opponent's total.
        opponent_total: i32,
        /// Whether the initiator won.
        initiator_wins: bool,
        /// What decided it.
        decided_by: Decider,
    },
    /// Damage taken (AND-45).
    Damaged {
        /// Who.
        id: Id,
        /// Points.
        amount: u32,
        /// Temporary boxes filled before.
        temp_before: u32,
        /// Temporary boxes filled now.
        temp_stress: u32,
        /// Temporary boxes in all.
        temp_max: u32,
        /// Main boxes filled before.
        main_before: u32,
        /// Main boxes filled now.
        main_stress: u32,
        /// Main boxes in all.
        main_max: u32,
    },
    /// A condition began.
    ConditionApplied {
        /// On whom.
        id: Id,
        /// Which.
        condition: ConditionKind,
        /// How long.
        duration: Duration,
        /// By whom.
        source: Option<Id>,
    },
    /// A condition from one source ended.
    ConditionEnded {
        /// On whom.
        id: Id,
        /// Which.
        condition: ConditionKind,
        /// Who had applied the one that ended.
        source: Option<Id>,
        /// Whether the bearer still has the condition from another source.
        remains: bool,
        /// Why.
        reason: String,
    },
    /// Exhaustion rose (AND-37).
    Exhausted {
        /// Who.
        id: Id,
        /// Added.
        amount: u32,
        /// X now.
        total: u32,
        /// Main boxes now.
        main_max: u32,
    },
    /// A grab took hold (AND-41).
    GrabStarted {
        /// The grabber.
        grabber: Id,
        /// The target.
        target: Id,
        /// The table's effect.
        effect: GrabEffect,
    },
    /// A grab failed (AND-41).
    GrabFailed {
        /// The would-be grabber.
        grabber: Id,
        /// The target.
        target: Id,
    },
    /// A grab ended.
    GrabEnded {
        /// The grabber.
        grabber: Id,
        /// The target.
        target: Id,
        /// Why.
        reason: String,
    },
    /// Stress full (AND-48).
    Defeated {
        /// Who.
        id: Id,
        /// Unconscious or dead.
        status: Status,
    },
    /// A Ready action was declared (AND-11).
    ReadyDeclared {
        /// Who.
        id: Id,
        /// What.
        ability: Id,
        /// The ability's display name.
        name: String,
        /// When.
        trigger: Trigger,
    },
    /// A readied action fired.
    ReadyTriggered {
        /// Who.
        id: Id,
        /// At whom.
        target: Id,
    },
    /// A readied action lapsed unused at the start of its owner's turn.
    ReadyLapsed {
        /// Who.
        id: Id,
    },
    /// A provoked attack is made (AND-14).
    Provoked {
        /// The attacker.
        by: Id,
        /// The provoker.
        against: Id,
        /// "ranged attack in melee" or "left melee reach".
        why: String,
    },
    /// An artifact was reloaded.
    Reloaded {
        /// Who.
        id: Id,
        /// Which artifact.
        artifact: Id,
        /// Charges now.
        charges: u32,
        /// Charges when loaded (its Reload X).
        max: u32,
    },
    /// An artifact charge was used.
    ChargeUsed {
        /// Who.
        id: Id,
        /// Which artifact.
        artifact: Id,
        /// Charges left.
        charges: u32,
        /// Charges when loaded (its Reload X).
        max: u32,
    },
    /// An Accomplishment Point was spent.
    AccomplishmentSpent {
        /// Who.
        id: Id,
        /// On what.
        benefit: Benefit,
        /// Points left.
        left: u32,
    },
    /// Main stress restored (AND-47).
    StressRestored {
        /// Who.
        id: Id,
        /// Main boxes filled before.
        before: u32,
        /// Main boxes filled now.
        main_stress: u32,
        /// Main boxes in all.
        main_max: u32,
    },
    /// The combat ended.
    CombatEnded {
        /// The side still standing, or none.
        winner: Option<Side>,
        /// Rounds played.
        rounds: u32,
    },
    /// An enemy offered a provoked attack let the provoker go (AND-14).
    ProvokedDeclined {
        /// The enemy provoked.
        by: Id,
        /// The provoker.
        against: Id,
    },
    /// A readied action was not fired at a trigger; it stays readied (AND-11).
    ReadyHeld {
        /// Whose.
        id: Id,
        /// The enemy that met the trigger.
        target: Id,
    },
}
