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
