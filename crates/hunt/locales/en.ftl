# Hunt («Охота»): the lines of a fight log, the summary, refusals.

## Counts and rolls.
hunt-dice = { $n ->
    [one] 1 die
   *[other] { $n } dice
}
hunt-points = { $n ->
    [one] 1 damage point
   *[other] { $n } damage points
}
hunt-failed = { $n ->
    [one] 1 failed
   *[other] { $n } failed
}
hunt-turns = { $n ->
    [one] 1 turn
   *[other] { $n } turns
}
hunt-term = { $sign } { $n } { $what }
hunt-term-experience = Experience { $n }
hunt-below-zero = (below 0: { $over } to { $to }, HUNT-08)
hunt-blind-term = − 1 blind shot

## Where dice come from.
hunt-src-fall = Fall
hunt-src-ambush = ambush
hunt-src-flee = Flee
hunt-src-pursue = Pursue
hunt-src-both_pursue = both pursue
hunt-src-take_cover = Take Cover
hunt-src-aimed_fire = Aimed Fire
hunt-src-onslaught = Onslaught
hunt-src-barrage_fire = Barrage Fire
hunt-src-hidden = Hide
hunt-src-handed = handed over by { $from } (HUNT-08)

## Tactics.
hunt-tactic-flee = Flee
hunt-tactic-pursue = Pursue
hunt-tactic-take_cover = Take Cover
hunt-tactic-aimed_fire = Aimed Fire
hunt-tactic-onslaught = Onslaught
hunt-tactic-counterattack = Counterattack
hunt-tactic-hide = Hide
hunt-tactic-barrage_fire = Barrage Fire
hunt-tactic-search = Search
hunt-tactic-ambush = Ambush

## Distances, sides.
hunt-distance-near = Near
hunt-distance-medium = Medium
hunt-distance-far = Far
hunt-at-near = Near
hunt-at-medium = Medium
hunt-at-far = Far
hunt-side-hunter = hunter
hunt-side-prey = prey

## Stat tests (HUNT-02): pass when the roll is at most the stat.
hunt-test-passed = { $stat } { $value }: rolled { $roll } ≤ { $value }, passed (margin { $margin })
hunt-test-failed = { $stat } { $value }: rolled { $roll } > { $value }, failed
hunt-stat-experience = Experience
hunt-endurance = Endurance tests (≤ { $endurance } passes): { $rolls } → { $failed }
hunt-endurance-none = no Endurance test (the failures already kill)

## The opening.
hunt-started = The hunt begins in the { $location }: { $fighters }
hunt-started-nowhere = The hunt begins: { $fighters }
hunt-started-trap = ; a trap is set here
hunt-fighter-side = { $name } ({ $side })
hunt-versus = { " " }vs{ " " }
hunt-searched-surprised = Search roll { $search } > precautions { $precautions }: the prey is caught unaware (HUNT-03)
hunt-searched-ready = Search roll { $search } ≤ precautions { $precautions }: the prey is not caught unaware (HUNT-04)
hunt-ambush-passed = { $fighter } attacks from ambush: { $test } — it strikes first with +1 Attack die
hunt-ambush-failed = { $fighter } attacks from ambush: { $test } — the fight starts at a random distance

## A turn.
hunt-round = — Turn { $round }, { $distance } distance —
hunt-declared = { $fighter } sends the game master its split and tactic
hunt-replaced = { $fighter } sends the game master a new split and tactic
hunt-window = { $fighter } counterattacks and learns: { $sees }
hunt-window-sees = { $opponent } puts { $dice } into Attack
hunt-resplit = { $fighter } re-splits its combat-potential dice
hunt-revealed = { $fighter } declared{ $what }: Defense { $defense }, Attack { $attack }, Damage { $damage }{ $more }
hunt-revealed-weapon = { " " }the { $weapon }
hunt-revealed-target = { " " }at { $target }
hunt-revealed-reload = { " " }a reload
hunt-revealed-first-aid = { " " }first aid
hunt-revealed-other = { " " }an extraneous action
hunt-revealed-part = ; at { $target }: Attack { $attack }, Damage { $damage }
hunt-revealed-tactic = ; tactic { $tactic }
hunt-revealed-lure = , luring toward the trap
hunt-revealed-give-up = , giving up the search
hunt-revealed-distance = , picking { $distance } distance
hunt-revealed-initial = { " " }(re-split; first declared Defense { $defense }, Attack { $attack }, Damage { $damage })
hunt-test-hide = { $fighter } tries to hide: { $test }
hunt-test-hide-secret = { $fighter } tries to hide (the roll is kept secret)
hunt-test-cover = { $fighter } takes cover: { $test } → +{ $dice } Defense { $dice ->
    [one] die
   *[other] dice
} against shots, −{ $dice } Attack { $dice ->
    [one] die
   *[other] dice
}
hunt-test-cover-failed = { $fighter } takes cover: { $test } → no cover dice
hunt-test-search = { $fighter } searches: { $test }
hunt-defense = { $fighter } defends: { $count } → { $roll }{ $cover }
hunt-defense-cover = ; cover against shots { $count } → { $roll }
hunt-defense-experience = { " " }+ Experience { $n }

## Strikes (HUNT-09 … HUNT-13).
hunt-strike = #{ $order } { $attacker } attacks { $target } with the { $weapon }: Attack { $count } → { $roll } { $check }{ $damage }
hunt-chase = #{ $order } { $attacker } chases { $target } (no weapon reaches): Attack { $count } → { $roll } { $check }
hunt-defense-total = Defense { $value }
hunt-defense-sum = Defense { $roll }{ $cover }{ $crossfire } = { $value }
hunt-plus-cover = { " " }+ cover { $n }
hunt-minus-crossfire = { " " }− crossfire { $n }
hunt-check-hit = > { $defense }: hit
hunt-check-miss = < { $defense }: miss
hunt-check-tie = = { $defense }: miss (a tie goes to the defender, HUNT-10)
hunt-check-reach = > { $defense }, but the { $weapon } does not reach at { $distance } distance
hunt-check-gone = > { $defense }, but the target has escaped
hunt-check-late = > { $defense }: hit, but { $attacker } was killed first
hunt-chase-gains = > { $defense }: it gains ground
hunt-chase-fails = ≤ { $defense }: it gains no ground
hunt-damage = ; Damage { $count } → { $faces }, threshold { $threshold }: { $points }{ $doubles }{ $endurance }
hunt-damage-none = ; no Damage dice: no damage point{ $doubles }
hunt-doubles = ; { $count ->
    [one] double
   *[other] doubles
} { $values }: { $effects }
hunt-crit-fall = Fall
hunt-crit-weapon_lost = Weapon Lost
hunt-crit-stun = Stun (−{ $doubles } combat potential next turn)
hunt-crit-bleeding = Bleeding

## After the strikes.
hunt-trap = { $fleer } lures { $victim } toward the trap: { $test } → { $count } → { $roll } { $check }
hunt-trap-caught = > Defense { $defense }: caught; { $test }{ $then }
hunt-trap-missed = ≤ Defense { $defense }: not caught
hunt-trap-free = : never caught by this trap again
hunt-trap-hurt = { " " }→ { $points }; { $endurance }
hunt-bled = { $fighter } bleeds: { $points }; { $endurance }
hunt-wounded = { $fighter }: { $failures } failed Endurance { $failures ->
    [one] test
   *[other] tests
} this turn → { $level } (HUNT-13){ $changes }
hunt-wound-changes = : from next turn { $changes }
hunt-stat-change = { $stat } { $before } → { $after }
hunt-endurance-track = Endurance { $before } → { $after } (max { $max })
hunt-stat-strength = Strength
hunt-stat-agility = Agility
hunt-stat-marksmanship = Marksmanship
hunt-level-light = Light Wound
hunt-level-heavy = Heavy Wound
hunt-level-maimed = Maimed
hunt-level-dead = dead
hunt-died = { $fighter } dies
hunt-died-no-endurance = { $fighter } dies: no Endurance left (HUNT-13)
hunt-distance-changed = The distance changes: { $from } → { $to }
hunt-escaped = { $fighter } escapes: a successful Flee at Far distance (HUNT-14)
hunt-hid = { $fighter } is hidden; the opponent has { $turns } to find it
hunt-hid-bleeding = { $fighter } is hidden, but bleeding: the search may go on for any number of turns
hunt-found = { $by } finds { $fighter }; the fight goes on at { $distance } distance
hunt-trail-lost = The trail of { $fighter } is lost
hunt-picks-up = { $fighter } picks up the { $weapon }
hunt-drops = { $fighter } drops the { $weapon }
hunt-loses = { $fighter } loses the { $weapon } for good
hunt-ammo-fired = { $fighter }'s { $weapon }: rounds { $before } → { $left } (spare { $spare })
hunt-ammo-reloaded = { $fighter } changes the { $weapon }'s magazine: rounds { $before } → { $left } (spare { $spare })
hunt-bandaged = { $fighter } stops the bleeding (first aid)
hunt-ended-winner = The fight is over: { $reason }; the { $side } wins
hunt-ended = The fight is over: { $reason }
hunt-reason-round-limit = round limit reached
hunt-reason-prey-got-away = the prey got away
hunt-reason-prey-dead = the prey is dead
hunt-reason-hunter-gave-up = the hunter gave up
hunt-reason-hunter-dead = the hunter is dead
hunt-reason-nobody = nobody is left standing

## The summary.
state-unhurt = unhurt
state-light-wound = Light Wound
state-heavy-wound = Heavy Wound
state-maimed = Maimed
state-dead = dead
state-escaped = escaped
state-trail-lost = gone, the trail lost
track-endurance = Endurance
counter-wounds = wounds
counter-bleeding = bleeding wounds
counter-ammo_spent = rounds fired
counter-damage_dealt = damage points dealt
counter-damage_taken = damage points taken

## Refusals (the rule ID is added in front).
hunt-refuse-split-or-target = give either attack/damage/target or a split among targets, not both
hunt-refuse-name-target = several opponents: name the target, or divide attack and damage among them with a split
hunt-refuse-extraneous-no-attack = an Extraneous action allows no attack
hunt-refuse-extraneous-no-tactic = an Extraneous action allows no tactic
hunt-refuse-no-reload = no weapon in hand with spare rounds to reload
hunt-refuse-chase-no-damage = this pursuit cannot strike (no weapon reaches from here): its Attack dice only close the distance, Damage must be 0
hunt-refuse-needs-weapon = an attack needs a weapon: name it in `weapon`
hunt-refuse-hidden-stays = a hidden fighter stays hidden (the hide tactic, no attack, or an Extraneous action) or attacks from ambush (the ambush tactic)
hunt-refuse-lure = luring into a trap needs the flee tactic and a trap set in the location
hunt-refuse-give-up-alone = giving up the search allows no attack, no tactic and no Extraneous action
hunt-refuse-give-up-nobody = nobody is hidden: there is no search to give up
hunt-refuse-onslaught-near = Onslaught is possible only at Near
hunt-refuse-onslaught-melee = Onslaught needs a melee attack
hunt-refuse-counterattack-near = Counterattack is possible only at Near
hunt-refuse-hide-near = one cannot hide at Near
hunt-refuse-aimed-ranged = Aimed Fire needs a ranged attack
hunt-refuse-barrage-ranged = Barrage Fire needs a ranged attack
hunt-refuse-ambush-hidden = only a hidden fighter can attack from ambush
hunt-refuse-ambush-attack = an ambush is an attack: declare a weapon and Attack dice
hunt-refuse-search-nobody = nobody is hidden: there is nothing to search for
hunt-refuse-locked = declarations are locked while the counterattack window is open; only a counterattacker may re-split
hunt-refuse-resplit-one = the declaration had one target: give attack and damage
hunt-refuse-resplit-split = the declaration had a split: re-split it with `split`
hunt-refuse-resplit-weapon = an attack needs a weapon: the declaration named none
hunt-refuse-twice = { $target } appears twice in the split
hunt-refuse-no-fighter = there is no fighter named { $name }
hunt-refuse-not-opponent = { $name } is not an opponent still in the fight
hunt-refuse-dead = { $name } is dead
hunt-refuse-escaped = { $name } has escaped
hunt-refuse-gone = { $name } is gone: the trail was lost
hunt-refuse-no-weapon = { $name } carries no weapon named { $weapon }
hunt-refuse-extraneous-defense = an Extraneous action allows at most half the combat potential on Defense: { $half } of { $pool }, asked { $asked }
hunt-refuse-pursue-hidden = { $name } is hidden: there is nobody in sight to pursue
hunt-refuse-weapon-down = the { $weapon } is { $status }: it cannot be used this turn
hunt-refuse-melee-near = a melee attack is possible only at Near, the distance is { $distance }
hunt-refuse-reach = the { $weapon } does not reach at { $distance } distance
hunt-refuse-empty = the { $weapon } is empty: reload it (an Extraneous action)
hunt-refuse-hidden-ranged = { $name } is hidden: only a blind ranged attack can reach it
hunt-refuse-tactic-no-attack = { $tactic } allows no attack this turn
hunt-refuse-defense-cap = Defense { $dice } is over the Agility cap of { $cap }
hunt-refuse-attack-cap = Attack { $dice } is over the Agility cap of { $cap }
hunt-refuse-damage-cap = Damage { $dice } is over the { $ranged ->
    [yes] Marksmanship (ranged)
   *[no] Strength (melee)
} cap of { $cap }
hunt-refuse-pool = { $spent } dice declared, the combat potential is { $pool }{ $stunned ->
    [0] {""}
   *[other] { " " }(HUNT-12: stunned, −{ $stunned })
}{ $crowded ->
    [yes] { " " }(HUNT-26: −1 per melee opponent after the first)
   *[no] {""}
}
hunt-refuse-fell = { $name } fell last turn: no tactic this turn
hunt-refuse-stunned = { $name } is stunned: no tactic this turn
hunt-refuse-unaware = { $name } was caught unaware: no tactic in the first round
hunt-refuse-no-resplit = { $name } may not re-split: only a counterattacker, once the window is open
hunt-refuse-waiting = waiting for the declaration of { $names }
hunt-refuse-over = the encounter is over: { $reason ->
    [round-limit] round limit reached
    [prey-got-away] the prey got away
    [prey-dead] the prey is dead
    [hunter-gave-up] the hunter gave up
    [hunter-dead] the hunter is dead
   *[nobody] nobody is left standing
}
hunt-refuse-weapon-kind = weapon kind '{ $kind }' is not one of melee, ranged, none
hunt-refuse-test-dice = test dice must be 1..=4
hunt-refuse-hidden-prey-melee = a hidden prey can be attacked only blindly, with a ranged weapon
