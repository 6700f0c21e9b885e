# AGE (The Expanse / Modern AGE style): the lines of a fight log, the summary, refusals.

## Parts of a roll.
age-dice = { $a } + { $b } + Drama Die { $drama }
age-plus = + { $what } { $value }
age-minus = − { $what } { $value }
age-focus = focus
age-hit = hit
age-miss = miss
age-success = success
age-failure = failure
age-reaches = { $total } ≥ { $against } { $value }: { $result }
age-falls-short = { $total } < { $against } { $value }: { $result }
age-defense = Defense
age-tn = TN
age-sp = ; doubles: { $sp } SP
age-sp-stunt-attack = ; { $sp } SP (Stunt Attack)

## Abilities.
age-ability-accuracy = Accuracy
age-ability-communication = Communication
age-ability-constitution = Constitution
age-ability-dexterity = Dexterity
age-ability-fighting = Fighting
age-ability-intelligence = Intelligence
age-ability-perception = Perception
age-ability-strength = Strength
age-ability-willpower = Willpower

## Modifiers.
age-term-circumstance = circumstance
age-term-conditions = conditions
age-term-armour = armour penalty
age-term-guarded-stance = Guarded Stance
age-term-aim = Aim
age-term-charge = Charge
age-term-prone-target = prone target
age-term-range = long range

## Conditions.
age-condition-fatigued = Fatigued
age-condition-exhausted = Exhausted
age-condition-injured = Injured
age-condition-wounded = Wounded
age-condition-dying = Dying
age-condition-prone = Prone
age-condition-unconscious = Unconscious
age-condition-helpless = Helpless
age-condition-restrained = Restrained
age-condition-slowed = Slowed
age-condition-blinded = Blinded
age-condition-deafened = Deafened

## Stunts.
age-stunt-skirmish = Skirmish
age-stunt-duck_and_weave = Duck and Weave
age-stunt-take_cover = Take Cover
age-stunt-momentum = Momentum
age-stunt-knock_prone = Knock Prone
age-stunt-lightning_attack = Lightning Attack
age-stunt-vicious_blow = Vicious Blow
age-stunt-lethal_blow = Lethal Blow
age-stunt-short_burst = Short Burst
age-stunt-long_burst = Long Burst
age-stunt-defend = Defend
age-stunt-guarded_stance = Guarded Stance

## Sides and reasons.
age-side-party = party
age-side-opponents = opponents
age-reason-dead = dead
age-reason-taken-out = taken out
age-reason-helpless = helpless
age-unarmed = bare hands

## Lines.
age-initiative = { $name } rolls initiative: { $roll } = { $total }
age-round = — round { $round }: { $order }
age-turn = { $name }'s turn
age-turn-skipped = { $name } cannot act ({ $reason })
age-turn-ended = { $name } ends the turn
age-dying-tick = { $name } is dying: Constitution falls to { $constitution }
age-died = { $name } dies
age-ready-lost = { $name }'s readied attack is lost
age-moved-move = { $name } moves from { $from } m to { $to } m
age-moved-run = { $name } runs from { $from } m to { $to } m
age-moved-charge = { $name } charges from { $from } m to { $to } m
age-moved-pursue = { $name } pursues from { $from } m to { $to } m
age-moved-skirmish = { $name } is moved by Skirmish from { $from } m to { $to } m
age-moved-push = { $name } pushes off from { $from } m to { $to } m
age-moved-drift = { $name } drifts from { $from } m to { $to } m
age-attack-melee = { $attacker } attacks { $target } in melee with { $weapon }: { $roll } = { $check }{ $sp }
age-attack-ranged = { $attacker } shoots at { $target } with { $weapon }: { $roll } = { $check }{ $sp }
age-attack-heavy = { $attacker } makes a Heavy Attack on { $target } with { $weapon }: { $roll } = { $check }{ $sp }
age-attack-stunt = { $attacker } makes a Stunt Attack on { $target } with { $weapon }: { $roll } = { $check }{ $sp }
age-attack-charge = { $attacker } charges { $target } with { $weapon }: { $roll } = { $check }{ $sp }
age-attack-lightning = { $attacker } strikes again (Lightning Attack) at { $target } with { $weapon }: { $roll } = { $check }{ $sp }
age-attack-readied = { $attacker } springs a readied attack on { $target } with { $weapon }: { $roll } = { $check }{ $sp }
age-jammed = { $name }'s { $weapon } jams or runs dry (a miss with a 6 on the Drama Die)
age-high-capacity = { $name }'s { $weapon } would jam, but High Capacity ignores the first time
age-decompression = the shot hits the hull: 1d6 = { $die }, { $decompressed ->
    [yes] 1–2: the compartment decompresses
   *[no] 3–6: the hull holds
}
age-stunts-forgone = { $attacker } forgoes { $earned } SP
age-stunts-spent = { $attacker } spends { $spent } of { $earned } SP: { $list }
age-stunt-bought = { $stunt } ({ $points } SP)
age-stand-firm = Stand Firm against { $stunt }: the attacker's Strength (Might) { $first } vs the target's Strength (Might) or Dexterity (Acrobatics) { $second }{ $decided } — { $held ->
    [yes] holds
   *[no] gives way
}
age-opposed-side = { $dice } { $sign } { $bonus } = { $total }
age-decided-drama-die = ; equal totals: the higher Drama Die wins
age-decided-ability = ; equal totals and Drama Dice: the higher ability wins
age-decided-tie = ; a tie
age-damage-roll = damage for { $target }: { $dice } ({ $faces }){ $extra }{ $bonus } = { $total }
age-damage-roll-grenade = grenade damage for everyone caught: { $dice } ({ $faces }){ $extra }{ $bonus } = { $total }
age-damage-extra = { " " }+ stunt dice ({ $faces })
age-damage-bonus = { " " }{ $sign } { $value } damage bonus
age-damage = { $target } takes { $raw } damage − Toughness { $toughness }: { $lost } from Fortune { $before } → { $after }{ $absorbed }
age-absorbed = , { $condition } absorbs up to 1d6 = { $amount }
age-condition-gained = { $name } is now { $condition }
age-condition-chain = { $name } gains { $condition } → { $reached }
age-condition-removed = { $name } is no longer { $condition }
age-taken-out = { $name } is taken out
age-defense-bonus = { $name }: +{ $bonus } Defense{ $ranged ->
    [yes] { " " }against ranged attacks
   *[no] {""}
} ({ $source })
age-momentum = { $name }'s initiative rises to { $initiative } (Momentum)
age-minor-aim = { $name } aims: +1 to the next action if it is an attack
age-minor-activate = { $name } activates { $detail }
age-minor-ready = { $name } readies an attack on { $detail }
age-minor-take_up = { $name } takes up { $detail }
age-minor-reload = { $name } reloads the { $detail }
age-minor-stand_firm = { $name } stands firm until the next turn
age-grenade = { $thrower } throws a grenade: { $roll } = { $check }; it bursts at { $detonation } m{ $deviation ->
    [0] {""}
   *[other] { " " }({ $deviation } m off)
}, catching { $caught }
age-nobody = nobody
age-lightning-lost = { $attacker }'s Lightning Attack finds no target in reach
age-first-aid = { $medic } gives { $target } first aid: { $roll } = { $check }
age-test = { $name } tests { $ability }: { $roll } = { $check }
age-test-free = { $name } tests { $ability }: { $roll } = { $total }
age-won = the { $side } win after { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
}
age-draw = no winner after { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
}

## The summary.
state-standing = standing
state-taken-out = taken out
state-dying = dying
state-dead = dead
track-fortune = Fortune
counter-stunt-points = stunt points spent

## Refusals.
age-refuse-not-your-turn = it is { $actor }'s turn, not { $name }'s
age-refuse-nobody = nobody is named '{ $name }'
age-refuse-over = the encounter is over
age-refuse-major-used = the major action of this turn is already used (a turn is 1 major + 1 minor, or 2 minor)
age-refuse-two-minors = two minor actions were taken, so no major action is left this turn
age-refuse-no-minor = no minor action is left this turn (a turn is 1 major + 1 minor, or 2 minor)
age-refuse-ran = after Run no other action is allowed this turn, not even a minor one
age-refuse-out-of-reach = { $target } is { $distance } m away; melee needs the target within { $reach } m
age-refuse-spend-first = { $attacker } must spend (or forgo) the stunt points of the last attack first
age-refuse-self = an attacker cannot target itself
age-refuse-same-side = { $target } is on the same side as { $attacker }
age-refuse-out-of-fight = { $target } is already out of the fight
age-refuse-no-ranged = { $name } holds no ranged weapon (take one up first)
age-refuse-jammed = { $name }'s { $weapon } is jammed or empty; reload first (a minor action)
age-refuse-run-whole-turn = Run must be the whole turn: no other action before or after it
age-refuse-stance-late = Guarded Stance must be declared before the major action
age-refuse-pursue = Pursue needs a successful melee attack this turn on a target now out of reach
age-refuse-no-item = { $name } carries no '{ $item }'
age-refuse-take-up-grenade = { $name } must Take Up a grenade (or hold a grenade launcher) first
age-refuse-none-left = { $name } has no { $item } left
age-refuse-blinded = { $name } is Blinded; a ranged attack needs sight
age-refuse-grenade-tn = the GM may raise the grenade TN above { $tn }, not lower it
age-refuse-defend-after-stance = Guarded Stance was taken this turn; Defend is not allowed with it
age-refuse-stance-with-defend = Guarded Stance is not allowed in a turn with Defend
age-refuse-stance-bonus = Guarded Stance gives +1 or +2, not { $bonus }
age-refuse-no-run = { $name } is { $condition ->
    [Prone] Prone
    [Fatigued] Fatigued
    [Exhausted] Exhausted
    [Slowed] Slowed
   *[Restrained] Restrained
}: no Run
age-refuse-no-charge = { $name } is { $condition ->
    [Prone] Prone
    [Fatigued] Fatigued
    [Exhausted] Exhausted
    [Slowed] Slowed
   *[Restrained] Restrained
}: no Charge
age-refuse-run-too-far = Run covers up to double Speed, { $max } m, not { $distance } m
age-refuse-move-too-far = { $name } can move { $budget } m with this Move, not { $distance } m
age-refuse-aid-not-dying = first aid here is for the Dying; { $target } is not Dying
age-refuse-aid-reach = { $target } is out of reach for first aid
age-refuse-push-free-fall = a push is for free fall only
age-refuse-free-fall = { $name } is in free fall without handholds, mag boots or a thruster pack; only a push is possible
age-refuse-not-prone = { $name } is not Prone
age-refuse-already-prone = { $name } is already Prone
age-refuse-unconscious = { $name } is Unconscious
age-refuse-cannot-act = { $name } cannot act
age-refuse-ready-same-side = { $target } is on the same side
age-refuse-not-jammed = { $name }'s weapon in hand is not jammed or empty
age-refuse-grenade-attack = grenades are thrown or launched at a point (throw_grenade)
age-refuse-no-readied = { $name } holds no readied action
age-refuse-interrupt-own = a readied action interrupts another's turn, not your own
age-refuse-absorb-first = { $name } must first say whether to take { $condition ->
    [Injured] Injured
   *[Wounded] Wounded
} to absorb damage (absorb)
age-refuse-absorb-whose = the choice to absorb damage is { $name }'s
age-refuse-nothing-to-absorb = no damage is waiting to be absorbed: the offer follows damage past Fortune
age-refuse-no-stunt-points = there are no stunt points to spend: stunts follow a successful attack with doubles
age-refuse-stunt-owner = the stunt points belong to { $name }
age-refuse-stunt-attack-spend = a Stunt Attack must spend at least 1 SP on stunts
age-refuse-lightning-chain = a Lightning Attack's stunt points buy no further Lightning Attack (rules.lightning_chains)
age-refuse-lightning-target = a Lightning Attack targets an opponent
age-refuse-stunt-no-target = '{ $stunt }' takes no target
age-refuse-test-limits = a test's modifier and TN must lie within ±{ $limit }
age-refuse-position = position { $at } m is beyond ±{ $max } m
age-refuse-out-of-range = the target is { $distance } m away, beyond the maximum range of { $max } m
age-refuse-no-stunt = there is no stunt named '{ $stunt }' in the stunt table
age-refuse-stunt-once = '{ $stunt }' may be bought once per attack
age-refuse-stunt-automatic = '{ $stunt }' needs an automatic weapon
age-refuse-stunt-cost = '{ $stunt }' costs { $cost } SP, not { $points }
age-refuse-overspent = spending { $spent } SP, but only { $earned } { $earned ->
    [one] was
   *[other] were
} earned
age-refuse-advanced-tn = an advanced test needs a TN for each roll
age-refuse-advanced-threshold = the success threshold is { $threshold }; allowed 1 ..= { $max }
age-refuse-advanced-rolls = max_rolls is { $rolls }; allowed 1 ..= { $max }
age-refuse-never-finishes = no roll of this advanced test can succeed, so it never finishes
age-refuse-finish-within = finish_within is exact up to { $max } rolls, not { $rolls }
