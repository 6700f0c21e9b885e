# RED (Cyberpunk RED style): the lines of a fight log, the summary, refusals.

## Parts of a roll.
red-first = { $what } { $value }
red-plus = + { $what } { $value }
red-minus = − { $what } { $value }
red-plus-die = + { $die }
red-d10 = d10 { $n }
red-d10-up = d10 { $n } + critical d10 { $extra }
red-d10-down = d10 { $n } − critical d10 { $extra }
red-term-armor = armour
red-term-wound = wounds
red-term-injury = injuries
red-term-aimed = aimed shot
red-term-modifier = modifier
red-tie = { $result } (a tie goes to the defender)
red-hit = hit
red-miss = miss
red-success = success
red-failure = failure
red-stabilized = stabilized
red-holds = holds firm
red-pinned = pinned down

## Stats.
red-stat-ref = REF
red-stat-dex = DEX
red-stat-body = BODY
red-stat-will = WILL
red-stat-move = MOVE
red-stat-tech = TECH
red-stat-int = INT
red-stat-cool = COOL

## Skills.
red-skill-accounting = Accounting
red-skill-acting = Acting
red-skill-air_vehicle_tech = Air Vehicle Tech
red-skill-animal_handling = Animal Handling
red-skill-archery = Archery
red-skill-athletics = Athletics
red-skill-autofire = Autofire
red-skill-basic_tech = Basic Tech
red-skill-brawling = Brawling
red-skill-bribery = Bribery
red-skill-bureaucracy = Bureaucracy
red-skill-business = Business
red-skill-composition = Composition
red-skill-conceal_reveal_object = Conceal/Reveal Object
red-skill-concentration = Concentration
red-skill-contortionist = Contortionist
red-skill-conversation = Conversation
red-skill-criminology = Criminology
red-skill-cryptography = Cryptography
red-skill-cybertech = Cybertech
red-skill-dance = Dance
red-skill-deduction = Deduction
red-skill-demolitions = Demolitions
red-skill-drive_land_vehicle = Drive Land Vehicle
red-skill-education = Education
red-skill-electronics_security_tech = Electronics/Security Tech
red-skill-endurance = Endurance
red-skill-evasion = Evasion
red-skill-first_aid = First Aid
red-skill-forgery = Forgery
red-skill-gamble = Gamble
red-skill-handgun = Handgun
red-skill-heavy_weapons = Heavy Weapons
red-skill-human_perception = Human Perception
red-skill-interrogation = Interrogation
red-skill-land_vehicle_tech = Land Vehicle Tech
red-skill-language = Language
red-skill-leadership = Leadership
red-skill-library_search = Library Search
red-skill-lip_reading = Lip Reading
red-skill-local_expert = Local Expert
red-skill-martial_arts = Martial Arts
red-skill-melee_weapon = Melee Weapon
red-skill-paint_draw_sculpt = Paint/Draw/Sculpt
red-skill-paramedic = Paramedic
red-skill-perception = Perception
red-skill-personal_grooming = Personal Grooming
red-skill-persuasion = Persuasion
red-skill-photography_film = Photography/Film
red-skill-pick_lock = Pick Lock
red-skill-pick_pocket = Pick Pocket
red-skill-pilot_air_vehicle = Pilot Air Vehicle
red-skill-pilot_sea_vehicle = Pilot Sea Vehicle
red-skill-play_instrument = Play Instrument
red-skill-resist_torture_drugs = Resist Torture/Drugs
red-skill-riding = Riding
red-skill-science = Science
red-skill-sea_vehicle_tech = Sea Vehicle Tech
red-skill-shoulder_arms = Shoulder Arms
red-skill-stealth = Stealth
red-skill-streetwise = Streetwise
red-skill-tactics = Tactics
red-skill-tracking = Tracking
red-skill-trading = Trading
red-skill-wardrobe_and_style = Wardrobe and Style
red-skill-weaponstech = Weaponstech
red-skill-wilderness_survival = Wilderness Survival

## The default weapons (by the name a character gives them) and DV rows.
red-weapon-medium-pistol = medium pistol
red-weapon-heavy-pistol = heavy pistol
red-weapon-very-heavy-pistol = very heavy pistol
red-weapon-smg = SMG
red-weapon-heavy-smg = heavy SMG
red-weapon-shotgun = shotgun
red-weapon-assault-rifle = assault rifle
red-weapon-sniper-rifle = sniper rifle
red-weapon-bow = bow
red-weapon-grenade-launcher = grenade launcher
red-weapon-rocket-launcher = rocket launcher
red-weapon-grenade = grenade
red-weapon-light-melee = light melee weapon
red-weapon-medium-melee = medium melee weapon
red-weapon-heavy-melee = heavy melee weapon
red-weapon-very-heavy-melee = very heavy melee weapon
red-row-pistol = pistol
red-row-smg = SMG
red-row-shotgun = shotgun
red-row-assault_rifle = assault rifle
red-row-sniper_rifle = sniper rifle
red-row-bow = bow
red-row-grenade_launcher = grenade launcher
red-row-rocket_launcher = rocket launcher
red-row-thrown = thrown
red-row-smg_autofire = SMG autofire
red-row-assault_rifle_autofire = assault rifle autofire
red-ammo-basic = basic

## Initiative, rounds, turns.
red-initiative = { $who }: initiative { $roll } = { $total }
red-tie-reroll = { $who } rerolls the tie: { $roll } = { $total }
red-order = Initiative order: { $queue }
red-round = — Round { $round } —
red-round-ended = End of round { $round }
red-turn = { $who }'s turn
red-turn-ended = { $who } ends the turn
red-joined = { $who } joins the fight with initiative { $initiative }: { $queue }

## Movement.
red-move-walk = moves
red-move-swim = swims
red-move-climb = climbs
red-move-running-jump = leaps
red-move-standing-jump = jumps from a standstill
red-moved = { $who } { $how } from { $from } m to { $to } m: { $cost } m of movement, { $left } m left
red-moved-grid = { $who } { $how } from square { $from } to { $to }: { $cost ->
    [one] 1 square
   *[other] { $cost } squares
} of movement, { $left } left
red-ran = { $who } runs: { $metres } m more movement
red-got-up = { $who } gets up
red-prone = { $who } is prone

## Attacks.
red-evasion-asked = { $who } may evade { $attacker }'s attack (RED-33)
red-evades = { $who } evades: DEX + Evasion + d10 against the attack
red-no-evasion = { $who } does not evade: the DV stands
red-how-autofire = { " " }on autofire
red-how-head = , aimed at the head
red-how-item = , aimed at a held item
red-how-leg = , aimed at a leg
red-attack = { $who } attacks { $target } with the { $weapon }{ $how }: { $roll } = { $total } vs { $defense } → { $result }{ $ammo }
red-attack-unarmed = { $who } strikes { $target } bare-handed{ $how }: { $roll } = { $total } vs { $defense } → { $result }{ $ammo }
red-vs-dv = DV { $dv } ({ $row } at { $distance } m)
red-vs-evasion = { $target }'s evasion { $roll } = { $total }
red-hit-autofire = hit by { $margin }: damage ×{ $multiplier } (at most ×{ $cap })
red-ammo-left = ; { $left ->
    [one] 1 round
   *[other] { $left } rounds
} left
red-ammo-burst = ; { $spent } rounds fired, { $left } left

## Damage.
red-to-head = the head
red-to-body = the body
red-damage = { $who } takes damage to { $place }: { $chain }; { $hp }
red-damage-dice = { $count }d6 ({ $faces }) = { $rolled }
red-damage-autofire = { " " }× { $multiplier } autofire = { $raw }
red-sp = SP { $sp }
red-sp-halved = SP { $sp } (half of { $full }, melee)
red-damage-through = { " " }− { $armour } = { $past }
red-damage-head = { " " }× { $multiplier } head = { $through }
red-damage-stopped = , not above { $armour }: the armour stops it
red-damage-critical = { " " }+ { $bonus } critical injury = { $loss }
red-damage-critical-past = , but + { $bonus } critical injury goes past it
red-hp = HP { $before } → { $after } (max { $max })
red-hp-same = HP stays { $hp } (max { $max })
red-hp-dying = HP { $before } → { $after } (max { $max }), still Mortally Wounded: death saves every turn (losing HP undoes a stabilization)
red-ablated-body = { $who }'s body armour ablates: SP { $before } → { $sp }
red-ablated-head = { $who }'s head armour ablates: SP { $before } → { $sp }
red-table-body = Body
red-table-head = Head
red-critical-injury = Critical injury ({ $table } table, 2d6 = { $roll }): { $who } suffers { $name }. { $effect }
red-critical-injury-leg = Critical injury (aimed leg shot): { $who } suffers { $name }. { $effect }
red-wounded = { $who } is now { $state }{ $penalty ->
    [0] {""}
   *[other] { " " }(−{ $penalty } to all actions)
}
red-wounded-mortally = { $who } is now { $state } (−{ $penalty } to all actions, death saves every turn)
red-death-save-survives = { $who } makes a death save: d10 { $roll } + penalty { $penalty } = { $total } < BODY { $body } → survives
red-death-save-fails = { $who } makes a death save: d10 { $roll } + penalty { $penalty } = { $total }, not under BODY { $body } → fails
red-death-save-ten = { $who } makes a death save: d10 10 → fails (a 10 always fails)
red-died = { $who } dies
red-shield-hit = { $who }'s shield takes { $damage } damage: { $hp } shield HP left
red-shield-broken = { $who }'s shield takes { $damage } damage and breaks
red-shielded = { $by } takes the hit meant for { $who } (human shield)
red-hurt-choke = { $by } chokes { $who }: BODY { $damage } damage past armour; { $hp }
red-hurt-throw = { $by }'s throw deals { $who } BODY { $damage } damage past armour; { $hp }
red-hurt-reopened = { $who }'s critical injury reopens after moving: { $damage } damage; { $hp }

## Other actions.
red-drew = { $who } draws the { $weapon }
red-dropped = { $who } drops the { $weapon }
red-dropped-forced = { $who } is made to drop the { $weapon }
red-holstered = { $who } holsters the { $weapon }
red-used-object = { $who } uses an object: { $note }
red-reloaded = { $who } reloads the { $weapon }: { $rounds } rounds ({ $ammo })
red-skill-check = { $who }: { $skill } check { $roll } = { $total } vs DV { $dv } → { $result }
red-resists = { $who } resists the suppressive fire: { $roll } = { $total } vs { $dv } → { $result }
red-task = { $who } works on { $skill }: turn { $done } of { $turns }
red-stabilize = { $who } tries to stabilize { $target }: { $roll } = { $total } vs DV { $dv } → { $result }
red-grab = { $who } grabs { $target }: { $roll } = { $total } vs { $defense_roll } = { $defense } → { $result }
red-break-free = { $who } tries to break free of { $target }: { $roll } = { $total } vs { $defense_roll } = { $defense } → { $result }
red-grab-item = , takes the { $item }
red-thrown = { $who } throws { $target } to the ground
red-human-shield = { $who } holds { $target } as a human shield
red-shield-taken = { $who } takes up a shield
red-shield-stowed = { $who } stows the shield
red-suppress = { $who } lays down suppressive fire with the { $weapon }: { $roll } = { $total }{ $ammo }
red-suppressed = { $who } is pinned down: the next Move Action goes to taking cover
red-action-target = { $action } { $target }
red-action-attack = attack
red-action-reload = reload
red-action-use_skill = use a skill
red-action-stabilize = stabilize
red-action-grab = grab
red-action-choke = choke
red-action-throw = throw
red-action-human_shield = take a human shield
red-action-get_up = get up
red-action-use_object = use an object
red-action-suppress = lay down suppressive fire
red-action-shield = take or stow a shield
red-action-board = board a vehicle
red-action-start_vehicle = start a vehicle
red-action-leave_vehicle = leave a vehicle
red-action-draw = draw a weapon
red-action-drop = drop a weapon
red-action-maneuver = maneuver
red-action-net_action = take a NET action
red-delay-after-turn = { $who } delays: will { $what } after { $watching }'s turn
red-delay-moves = { $who } delays: will { $what } as soon as { $watching } moves
red-delay-triggered = { $who }'s delayed action is triggered
red-delay-lost = { $who }'s delayed action is lost: { $reason }
red-delay-lost-out = { $who }'s delayed action is lost: no longer in the fight
red-delay-lost-rule = { $who }'s delayed action is lost: no longer allowed ({ $rule })
red-delay-lapsed = { $who }'s delayed action lapses at the end of the round
red-boarded = { $who } boards the { $vehicle }
red-boarded-driver = { $who } boards the { $vehicle } as its driver
red-vehicle-started = { $who } starts the { $vehicle } and moves to the front of the queue: { $queue }
red-left-vehicle = { $who } leaves the { $vehicle }
red-net-action = { $who } takes a NET action: { $what } ({ $left } left)
red-fled = { $who } flees
red-surrendered = { $who } surrenders
red-over-won = The fight is over after { $rounds ->
    [one] 1 round
   *[other] { $rounds } rounds
}: { $winners } { $count ->
    [one] wins
   *[other] win
} (the other side has no one left able to fight)
red-over-draw = The fight is over after { $rounds ->
    [one] 1 round
   *[other] { $rounds } rounds
}: no one is left able to fight on either side
red-over-limit = The fight stops at the round limit ({ $rounds } rounds): no winner

## The default critical injuries (RED-42); the log shows a table's own names in English.
red-injury-dismembered-arm = Dismembered Arm
red-injury-dismembered-arm-effect = The arm is gone; whatever its hand held drops, and it holds nothing more. Death-save penalty +1.
red-injury-dismembered-hand = Dismembered Hand
red-injury-dismembered-hand-effect = The hand is gone; whatever it held drops, and it holds nothing more. Death-save penalty +1.
red-injury-collapsed-lung = Collapsed Lung
red-injury-collapsed-lung-effect = -2 MOVE (minimum 1). Death-save penalty +1.
red-injury-broken-ribs = Broken Ribs
red-injury-broken-ribs-effect = Moving more than 4 m in a turn re-inflicts the critical bonus damage.
red-injury-broken-arm = Broken Arm
red-injury-broken-arm-effect = The arm cannot be used; whatever its hand held drops.
red-injury-foreign-object = Foreign Object
red-injury-foreign-object-effect = Moving more than 4 m in a turn re-inflicts the critical bonus damage.
red-injury-broken-leg = Broken Leg
red-injury-broken-leg-effect = -4 MOVE (minimum 1).
red-injury-torn-muscle = Torn Muscle
red-injury-torn-muscle-effect = -2 to melee attacks.
red-injury-spinal-injury = Spinal Injury
red-injury-spinal-injury-effect = No Action next turn (the Move Action remains). Death-save penalty +1.
red-injury-crushed-fingers = Crushed Fingers
red-injury-crushed-fingers-effect = -4 to attacks with that hand.
red-injury-dismembered-leg = Dismembered Leg
red-injury-dismembered-leg-effect = The leg is gone: -6 MOVE (minimum 1), cannot evade. Death-save penalty +1.
red-injury-lost-eye = Lost Eye
red-injury-lost-eye-effect = -4 to ranged attacks and Perception. Death-save penalty +1.
red-injury-brain-injury = Brain Injury
red-injury-brain-injury-effect = -2 to all actions. Death-save penalty +1.
red-injury-damaged-eye = Damaged Eye
red-injury-damaged-eye-effect = -2 to ranged attacks and Perception.
red-injury-concussion = Concussion
red-injury-concussion-effect = -2 to all actions.
red-injury-broken-jaw = Broken Jaw
red-injury-broken-jaw-effect = -4 to checks of skills that need speech.
red-injury-whiplash = Whiplash
red-injury-whiplash-effect = Death-save penalty +1.
red-injury-cracked-skull = Cracked Skull
red-injury-cracked-skull-effect = Aimed shots to the head multiply the damage through armour by 3. Death-save penalty +1.
red-injury-damaged-ear = Damaged Ear
red-injury-damaged-ear-effect = -2 to Perception; moving more than 4 m in a turn costs the next turn's Move Action.
red-injury-crushed-windpipe = Crushed Windpipe
red-injury-crushed-windpipe-effect = Cannot speak: no checks of skills that need speech. Death-save penalty +1.
red-injury-lost-ear = Lost Ear
red-injury-lost-ear-effect = -4 to Perception; moving more than 4 m in a turn costs the next turn's Move Action. Death-save penalty +1.

## The summary.
state-unhurt = Unhurt
state-lightly-wounded = Lightly Wounded
state-seriously-wounded = Seriously Wounded
state-mortally-wounded = Mortally Wounded
state-stabilized = Mortally Wounded, stabilized
state-dead = dead
state-left = out of the fight
track-hp = HP
counter-ammo_spent = rounds fired
counter-damage_dealt = damage dealt
counter-damage_taken = damage taken
counter-critical_injuries = critical injuries

## Refusals.
red-refuse-action-spent = { $name } has already spent this turn's Action (a turn is one Move Action and one Action)
red-refuse-no-participant = there is no participant #{ $target } (there are { $count })
red-refuse-no-participant-bare = there is no participant #{ $target }
red-refuse-reach-stabilize = Stabilize needs { $target } within { $reach } m; { $target } is { $distance } m away
red-refuse-reach-grab = a grab needs { $target } within { $reach } m; { $target } is { $distance } m away
red-refuse-no-evasion-waiting = no ranged attack is waiting for an evasion choice
red-refuse-evade-first = { $defender } must first choose whether to evade { $attacker }'s attack (evade, actor { $index })
red-refuse-fight-over = the fight is over ({ $reason }); no more commands
red-refuse-not-your-turn = it is { $actor }'s turn, not { $name }'s: the initiative queue never changes
red-refuse-no-shield = { $name } carries no shield
red-refuse-shield-in-hand = { $name }'s shield is already in hand
red-refuse-shield-stowed = { $name }'s shield is already stowed
red-refuse-no-hand-shield = { $name } has no free hand for the shield
red-refuse-not-in-hand = { $name }'s { $weapon } is not in hand
red-refuse-delay-command = ending a turn, leaving, joining or evading cannot be a delayed action
red-refuse-run-first = Run is a second move: it is only allowed after moving this turn
red-refuse-two-attacks = { $name } has made two attacks this turn; never more than two
red-refuse-not-prone = { $name } is not prone
red-refuse-not-at-hand = { $name }'s { $weapon } is not at hand to draw
red-refuse-no-hand-weapon = { $name } has no free hand for the { $weapon } (needs { $need })
red-refuse-no-weapon = { $name } has no weapon #{ $index } (carries { $count })
red-refuse-prone-move = { $name } is prone and cannot move: Get Up first (an Action)
red-refuse-held = { $name } is held by a grab and cannot move
red-refuse-aboard = { $name } is aboard a vehicle: leave it first
red-refuse-already-at = { $name } is already at { $to } m
red-refuse-move-cost = { $distance } m { $mode ->
    [walk] walking
    [swim] swimming
    [climb] climbing
    [running_jump] by a running jump
   *[standing_jump] by a standing jump
} costs { $cost } m of MOVE; { $name } has { $left } m left this turn
red-refuse-no-ammo-needed = { $weapon } takes no ammunition
red-refuse-reload-in-hand = { $name }'s { $weapon } must be in hand to reload
red-refuse-no-spare = { $name } has no spare { $kind } { $calibre } rounds to reload the { $weapon }
red-refuse-full = { $name }'s { $weapon } is already full
red-refuse-no-stat = '{ $stat }' is not a stat (ref, dex, body, will, move, tech, int, cool)
red-refuse-task-turns = a task takes 1 to 1000 turns
red-refuse-mute = { $name } cannot speak (a critical injury): no { $skill } check
red-refuse-stabilize-target = { $name } is not a mortally wounded, unstabilized, living character
red-refuse-grab-whom = grab someone else who is still in the fight
red-refuse-snatch-not-in-hand = { $name }'s { $weapon } is not in hand to snatch
red-refuse-holds-someone = { $name } already holds someone
red-refuse-no-hand-grab = { $name } has no free hand to grab with
red-refuse-holds-no-one = { $name } holds no one: Grab first
red-refuse-delay-watch = a delay's trigger must watch another participant of the fight
red-refuse-delay-action = a delay holds an Action (attack, reload, skill, stabilize, grab …), not movement, Run, a vehicle start, another delay or a turn's end
red-refuse-delay-own = the delayed action must be the delaying participant's own
red-refuse-delay-one = only one delayed action may wait at a time
red-refuse-self = { $name } cannot attack themself
red-refuse-gone = { $name } is no longer in the fight
red-refuse-draw-first = { $name }'s { $weapon } is not in hand: draw it first
red-refuse-weapon-or-style = an attack names either a weapon or an unarmed style, not both or neither
red-refuse-aimed-autofire = an aimed shot is a single attack, not autofire
red-refuse-no-autofire = { $weapon } cannot fire on autofire
red-refuse-rounds = { $name }'s { $weapon } has { $loaded } rounds loaded; this needs { $rounds }: reload
red-refuse-no-evade = { $name } cannot evade ranged attacks: it needs REF { $need } (has { $has })
red-refuse-melee-autofire = melee attacks cannot autofire
red-refuse-melee-reach = { $name } is { $distance } m away; melee reaches { $reach } m
red-refuse-rof-one = { $name }'s Action went to a ROF 1 attack; a second attack needs ROF 2 (two ROF 1 weapons never fire with one Action)
red-refuse-second-rof = a second attack in one Action needs a ROF 2 weapon used singly; { $weapon } is not
red-refuse-no-suppress = { $weapon } cannot lay down suppressive fire
red-refuse-suppress-rounds = { $weapon } has { $loaded } rounds; suppressive fire needs { $need }
red-refuse-not-in-hand-bare = { $weapon } is not in hand
red-refuse-two-characters = a fight needs at least two characters
red-refuse-no-vehicle = there is no vehicle #{ $vehicle }
red-refuse-aboard-already = { $name } is already aboard
red-refuse-board-reach = { $name } is { $distance } m from the { $vehicle }; boarding needs { $reach } m
red-refuse-running = the vehicle is already running
red-refuse-start-first = start the vehicle before maneuvering
red-refuse-not-aboard = { $name } is not aboard a vehicle
red-refuse-not-driving = { $name } is not driving a vehicle
red-refuse-not-netrunner = { $name } is not a Netrunner: no NET actions
red-refuse-net-spent = { $name } has spent all { $count } NET { $count ->
    [one] action
   *[other] actions
} this turn
red-refuse-delay-dropped = { $name }'s { $weapon } is on the floor: a delayed attack with it could never fire
red-refuse-out-of-range = { $distance } m is out of range for the '{ $row }' DV row
