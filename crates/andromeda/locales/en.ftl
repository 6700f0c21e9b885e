# Project Andromeda: the lines of a fight log, the prompts, the summary, refusals.

## Parts of a roll.
and-plus = + { $what } { $value }
and-minus = − { $what } { $value }
and-no-skill = no skill
and-term-advantage = advantage
and-term-disadvantage = disadvantage
and-range = { $low }–{ $high }
and-range-at-most = ≤ { $high }
and-range-at-least = ≥ { $low }
and-edge-target-vulnerable = { $target } is Vulnerable
and-edge-weakened = { $actor } is Weakened
and-edge-grabbed-elsewhere = { $actor } is Grabbed and strikes someone other than its grabber
and-edge-holding-elsewhere = { $actor } holds a grab and strikes someone other than its target
and-edge-target-invisible = { $target } is Invisible
and-edge-advantage = with advantage ({ $sources })
and-edge-disadvantage = with disadvantage ({ $sources })
and-edge-cancel = advantage and disadvantage cancel out ({ $sources })
and-dice-extra = { $count }d8 { $note }: { $faces }, keeps{ " " }
and-dice-note = { $note }:{ " " }
and-provoked = { " " }(provoked attack)
and-readied = { " " }(readied action)
and-vs-task = task rank { $value }
and-vs-defense = { $target }'s { $defense } { $value }
and-vs-invisibility = the rank of the invisibility { $value }
and-clamped = { $tier } (no further)

## Outcomes, defenses, sides, conditions.
and-tier-fail = Fail
and-tier-success-at-a-cost = Success at a Cost
and-tier-success = Success
and-tier-critical = Critical Success
and-defense-fortitude = Fortitude
and-defense-control = Control
and-defense-will = Will
and-side-heroes = heroes
and-side-enemies = enemies
and-condition-vulnerable = Vulnerable
and-condition-weakened = Weakened
and-condition-immobilized = Immobilized
and-condition-grabbed = Grabbed
and-condition-hidden = Hidden
and-condition-invisible = Invisible
and-condition-exhaustion = Exhausted
and-duration-start-of-next-turn = until the start of its next turn
and-duration-end-of-next-turn = until the end of its next turn
and-duration-end-of-round = until the end of the round
and-duration-end-of-scene = until the end of the scene
and-duration-until-removed = until removed
and-duration-while-grab = while the grab lasts

## The skills the engine rolls by default, and the demo's.
and-skill-might = Might
and-skill-agility = Agility
and-skill-stealth = Stealth
and-skill-perception = Perception
and-skill-melee = Melee
and-skill-shooting = Shooting
and-skill-presence = Presence
and-skill-will = Will

## The start, rounds and turns.
and-started-default = Combat begins (default opening): the { $side } open every round
and-started-ambush = Combat begins (ambush): the { $side } open every round
and-started-contested = Combat begins (contested opening): the { $side } open every round
and-stress = { $id } ({ $side }): { $temp } temporary + { $main } main stress boxes
and-stress-named = { $id } ({ $name }; { $side }): { $temp } temporary + { $main } main stress boxes
and-round = — Round { $round } —
and-round-ended = Round { $round } ends
and-turn = { $who } takes a turn ({ $left ->
    [0] no more this round
    [one] 1 more this round
   *[other] { $left } more this round
})
and-turn-ended = { $who } ends the turn

## Heat.
and-heat-gained = { $who } gains { $amount } Heat ({ $why }): { $before } → { $after }
and-heat-turn-start = start of turn
and-heat-failed-check = failed check
and-heat-signature = archetype moment
and-heat-accomplishment = Accomplishment Point
and-heat-spent = { $who } spends { $amount } Heat on { $ability }: { $before } → { $after }
and-heat-burned = { $who }'s { $amount } unused Heat burns off

## Movement.
and-moved = { $who } moves from { $from } to { $to }
and-stepped = { $who } steps from { $from } to { $to }
and-extra-move = { $who } makes an Extra Move from { $from } to { $to }
and-dragged = { $who } is dragged from { $from } to { $to }

## Checks.
and-check = { $what }{ $how }: { $roll } = { $total } → { $base } ({ $range }); rank { $rank } vs { $against }: { $shift } → { $result }
and-check-ability-on = { $who } uses { $ability } on { $target }
and-check-ability = { $who } uses { $ability }
and-check-improvised-on = { $who } makes an improvised { $skill } attack on { $target }
and-check-improvised = { $who } makes an improvised { $skill } check
and-check-grab = { $who } tries to grab { $target }
and-check-save = { $who } makes a saving throw against { $condition }
and-opposed = { $purpose }: { $initiator } { $initiator_roll } = { $initiator_total } vs { $opponent } { $opponent_roll } = { $opponent_total } → { $decided }
and-opposed-opening = Opposed check for the opening
and-opposed-hide = Opposed check to hide
and-opposed-seek = Opposed check to find the Hidden
and-opposed-escape = Opposed check to break free
and-opposed-total = { $winner } wins, { $high } > { $low }
and-opposed-rank = a tie; { $winner } wins on skill rank { $high } > { $low }
and-opposed-status-quo = a tie in total and rank: { $initiator } fails, the status quo holds ({ $winner } wins)

## Stress and conditions.
and-damaged = { $who } takes { $amount } stress: temporary { $temp_before } → { $temp } of { $temp_max }, main { $main_before } → { $main } of { $main_max }
and-damaged-full = { $who } takes { $amount } stress: temporary { $temp_before } → { $temp } of { $temp_max }, main { $main_before } → { $main } of { $main_max } ({ $lost } more find no free box)
and-condition = { $who } is { $condition } ({ $duration })
and-condition-from = { $who } is { $condition } ({ $duration }, from { $source })
and-condition-ended = { $who } is no longer { $condition } ({ $reason })
and-condition-ended-from = { $who } is no longer { $condition } from { $source } ({ $reason })
and-condition-ended-remains = { $who }'s { $condition } ends ({ $reason }); { $who } is still { $condition } from another source
and-condition-ended-from-remains = { $who }'s { $condition } from { $source } ends ({ $reason }); { $who } is still { $condition } from another source
and-reason-attacked = gave itself away by attacking
and-reason-grabbed = gave itself away by grabbing
and-reason-revealed = gave itself away
and-reason-detected = detected
and-reason-found = found
and-reason-critical = a critical success of an attack against it
and-reason-help = removed by Help Ally
and-reason-save = saving throw
and-reason-shaken-off = shaken off
and-reason-accomplishment = removed by an Accomplishment Point
and-reason-grab-ended = the grab ended
and-reason-scene-ended = the scene ended
and-reason-start-of-turn = expired at the start of its turn
and-reason-end-of-turn = expired at the end of its turn
and-reason-end-of-round = expired at the end of the round
and-reason-separated = separated by force
and-reason-released = released
and-reason-broke-free = the target broke free
and-reason-grabber-held = the grabber became Grabbed or Immobilized
and-reason-grabber-out = the grabber is out of the fight
and-reason-target-out = the target is out of the fight
and-exhausted = { $who } gains Exhaustion { $amount } (now { $total }): main stress maximum { $max }
and-stress-restored = { $who } restores main stress: { $before } → { $after } of { $max }
and-defeated-unconscious = { $who } falls unconscious: every stress box is full
and-defeated-dead = { $who } dies: every stress box is full

## Grabs.
and-grab-critical = { $grabber } grabs { $target }: { $target } is Grabbed, and Vulnerable while held
and-grab-success = { $grabber } grabs { $target }: { $target } is Grabbed
and-grab-cost = { $grabber } grabs { $target }: { $target } is Grabbed, and { $grabber } is Vulnerable while holding
and-grab-failed = { $grabber } fails to grab { $target } and is left open: Vulnerable until the start of its next turn
and-grab-ended = { $grabber }'s grab on { $target } ends ({ $reason })

## Reactions, Ready and provoked attacks.
and-ready-moves = { $who } readies { $ability }: it fires when an enemy moves into its range
and-ready-attacks = { $who } readies { $ability }: it fires when an enemy in its range attacks
and-ready-triggered = { $who }'s readied action fires at { $target }
and-ready-lapsed = { $who }'s readied action lapses unused
and-ready-held = { $who } holds its readied action as { $target } meets the trigger
and-provoked-ranged = { $against } provokes an attack from { $by } (a ranged attack in melee)
and-provoked-leaving = { $against } provokes an attack from { $by } (leaving its melee reach)
and-provoked-declined = { $by } lets { $against } go without a provoked attack
and-prompt-provoked-ranged = { $who } may make a provoked attack on { $whom }, who makes a ranged attack in melee: attack (a free action) or let { $whom } go
and-prompt-provoked-leaving = { $who } may make a provoked attack on { $whom }, who leaves its melee reach: attack (a free action) or let { $whom } go
and-prompt-ready-moves = { $who } may fire the readied { $ability } at { $whom }, who moved into its range: fire (spends the reaction) or hold it
and-prompt-ready-attacks = { $who } may fire the readied { $ability } at { $whom }, who attacked: fire (spends the reaction) or hold it

## Artifacts and Accomplishment Points.
and-reloaded = { $who } reloads { $artifact }: { $charges ->
    [one] 1 charge
   *[other] { $charges } charges
}
and-charge-used = { $who } uses a charge of { $artifact }: { $charges } of { $max } left
and-accomplishment-heat = { $who } spends an Accomplishment Point for 2 Heat ({ $left } left)
and-accomplishment-remove = { $who } spends an Accomplishment Point to remove a condition ({ $left } left)
and-accomplishment-restore = { $who } spends an Accomplishment Point to restore main stress ({ $left } left)

## The end.
and-over-heroes = Combat over after { $rounds ->
    [one] 1 round
   *[other] { $rounds } rounds
}: the heroes win
and-over-enemies = Combat over after { $rounds ->
    [one] 1 round
   *[other] { $rounds } rounds
}: the enemies win
and-over-draw = Combat over after { $rounds ->
    [one] 1 round
   *[other] { $rounds } rounds
} with no winner

## The summary.
state-active = still fighting
state-unconscious = unconscious
state-dead = dead
track-main_stress = main stress
counter-heat_gained = Heat gained
counter-accomplishment_points = Accomplishment Points left
counter-exhaustion = Exhaustion
counter-damage_dealt = stress dealt
counter-damage_taken = stress taken

## Refusals.
and-refuse-no-grab = { $who } holds no grab
and-refuse-not-hidden = { $who } is not Hidden
and-refuse-no-artifact = { $who } has no artifact "{ $artifact }"
and-refuse-not-ally = { $ally } is not another active ally
and-refuse-help-none = { $ally } bears no { $condition ->
    [vulnerable] Vulnerable
    [weakened] Weakened
    [immobilized] Immobilized
    [grabbed] Grabbed
    [hidden] Hidden
    [invisible] Invisible
   *[exhaustion] Exhaustion
} that its effect lets an ally remove
and-refuse-save-none = { $who } bears no { $condition ->
    [vulnerable] Vulnerable
    [weakened] Weakened
    [immobilized] Immobilized
    [grabbed] Grabbed
    [hidden] Hidden
    [invisible] Invisible
   *[exhaustion] Exhaustion
} whose effect allows a saving throw
and-refuse-shake-grab = a grab is not bonds: Shake Off is not enough, Escape (an action) instead
and-refuse-shake-none = { $who } bears no { $condition ->
    [vulnerable] Vulnerable
    [weakened] Weakened
    [immobilized] Immobilized
    [grabbed] Grabbed
    [hidden] Hidden
    [invisible] Invisible
   *[exhaustion] Exhaustion
} that can be shaken off
and-refuse-not-readyable = { $ability } is not an action aimed at enemies (areas are aimed at points) and cannot be readied
and-refuse-exhaustion-stays = Exhaustion is removed only by its source's condition (long rest, medical aid), never by an Accomplishment Point
and-refuse-not-bearing = { $who } does not bear { $condition ->
    [vulnerable] Vulnerable
    [weakened] Weakened
    [immobilized] Immobilized
    [grabbed] Grabbed
    [hidden] Hidden
    [invisible] Invisible
   *[exhaustion] Exhaustion
}
and-refuse-over = the combat is over
and-refuse-not-your-turn = it is not { $who }'s turn
and-refuse-not-area = { $ability } is not an area ability: it takes targets, not a point (at)
and-refuse-loaded = { $artifact } is already loaded
and-refuse-heat-once = Accomplishment Points become Heat only once per combat scene
and-refuse-no-main-stress = { $who } has no main stress to restore
and-refuse-heroes-only = only heroes spend Accomplishment Points
and-refuse-no-points = { $who } has no Accomplishment Points
and-refuse-cannot-act = { $who } is { $status ->
    [active] still fighting
    [dead] dead
   *[unconscious] unconscious
} and cannot act
and-refuse-off-turn = it is not { $who }'s turn; actions and maneuvers are taken on one's own turn
and-refuse-action-spent = { $who } has already spent its action this turn
and-refuse-maneuver-spent = { $who } has already spent its maneuver this turn
and-refuse-reaction-spent = { $who } has no reaction left; it refreshes at the start of its own turn
and-refuse-not-enemy = { $target } is not an enemy of { $who }
and-refuse-out = { $target } is out of the fight
and-refuse-hidden-target = { $target } is Hidden: its enemies do not know where it is and cannot attack it
and-refuse-turn-running = { $who }'s turn is still running; end it first
and-refuse-wrong-side = it is the { $side ->
    [enemies] enemies
   *[heroes] heroes
} side's slot; { $who } is on the { $own ->
    [enemies] enemies
   *[heroes] heroes
} side
and-refuse-cannot-turn = { $who } is { $status ->
    [active] still fighting
    [dead] dead
   *[unconscious] unconscious
} and cannot take a turn
and-refuse-no-turns = { $who } has no turns left this round
and-refuse-area-at = { $ability } is an area ability: aim it at a point (at), not at targets
and-refuse-heat-cost = { $ability } costs { $cost } Heat and { $who } holds { $heat }
and-refuse-empty = { $artifact } is empty; Reload it (a maneuver) first
and-refuse-two-hands = { $ability } needs both hands and { $who } is holding a grab
and-refuse-self-only = { $ability } targets only its user
and-refuse-target-count = { $ability } takes 1 to { $max } targets (got { $got })
and-refuse-twice = the same target is named twice
and-refuse-not-active-ally = { $target } is not an active ally
and-refuse-out-of-range = { $target } is out of range: { $ability } reaches { $range } m
and-refuse-holds-already = { $who } already holds a grab; one target at a time
and-refuse-already-held = { $target } is already held
and-refuse-held-cannot-grab = a Grabbed or Immobilized character cannot hold a grab
and-refuse-grab-reach = { $target } is out of reach (a grab reaches { $reach } m)
and-refuse-escape-skill = escape uses "{ $might }" or "{ $agility }", not "{ $skill }"
and-refuse-not-grabbed = { $who } is not Grabbed
and-refuse-improvised-defense = an improvised attack names the defense of its target: defense must be fortitude, control or will
and-refuse-improvised-no-target = defense is for an attack: name its target, or give a check's task rank as difficulty
and-refuse-improvised-difficulty = an attack's defense replaces the task rank: give no difficulty with a target
and-refuse-improvised-damage = a check without a target is no attack: damage and ranged need a target
and-refuse-already-hidden = { $who } is already Hidden
and-refuse-cannot-hide = { $who } cannot become Hidden: { $why ->
    [grabbed] it is Grabbed, and its grabber holds it
   *[holding] it is holding a grab, and the one it holds knows where it is
}
and-refuse-not-active-enemy = { $id } is not an active enemy
and-refuse-no-enemy = there is no active enemy to hide from
and-refuse-not-hidden-enemy = { $target } is not a Hidden enemy
and-refuse-not-area-ability = { $ability } is not an area ability
and-refuse-at-bounds = at: positions are metres within ±{ $max } on each axis
and-refuse-direction = { $ability }: a line or cone starts at its user; at must differ from { $who }'s position to give its direction
and-refuse-circle-range = at is out of range: { $ability } places its circle within { $range } m
and-refuse-area-needs-point = { $ability } is an area ability: aim it at a point (at); everyone inside is affected
and-refuse-area-give-point = { $ability } is an area ability: give the point it is aimed at (at)
and-refuse-wait-provoked = { $who } must first take or let go its provoked attack on { $whom } (provoked attack)
and-refuse-wait-ready = { $who } must first fire or hold its readied action at { $whom } (readied)
and-refuse-no-ready-now = no readied action of { $who } is triggered now
and-refuse-ready-gone = the readied action can no longer fire
and-refuse-no-provoked-now = no provoked attack is offered to { $who } now
and-refuse-provoked-ability = { $ability } cannot be { $who }'s provoked attack on { $target }: a melee attack action without an area that reaches { $target } and that it can use now
and-refuse-bounds = positions are metres within ±{ $max } on each axis
and-refuse-speed-zero = { $who } is { $condition ->
    [vulnerable] Vulnerable
    [weakened] Weakened
    [immobilized] Immobilized
    [grabbed] Grabbed
    [hidden] Hidden
    [invisible] Invisible
   *[exhaustion] Exhaustion
}: its speed is 0
and-refuse-holding-step = while holding a grab one moves only by Step, dragging the target
and-refuse-too-far = { $who } can cover at most { $limit } m this way
and-refuse-no-ability = { $who } has no ability "{ $id }"
and-refuse-no-participant = there is no participant "{ $id }"
