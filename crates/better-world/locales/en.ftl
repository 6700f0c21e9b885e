# Better World: fight log lines, the summary and refusals, in English.

## Counts.
bw-ones = { $n ->
    [one] { $n } one
   *[other] { $n } ones
}
bw-bonus-units = { $n ->
    [one] { $n } bonus unit
   *[other] { $n } bonus units
}
bw-rounds-of-ammo = { $n ->
    [one] { $n } round
   *[other] { $n } rounds
}

## Pools and their terms.
bw-term = { $what } { $value }
bw-pool = { $terms } = { $k }K → { $ones }
bw-capped = { " " }(at most { $max }K)
bw-defence-of = defence
bw-no-terms = nothing
bw-aspect-reflexes = Reflexes
bw-aspect-training = Training
bw-aspect-constitution = Constitution
bw-aspect-coordination = Coordination
bw-aspect-sleight_of_hand = Sleight of Hand
bw-aspect-perception = Perception
bw-aspect-concentration = Concentration
bw-aspect-muscle_memory = Muscle Memory
bw-term-weapon = weapon
bw-term-outnumbering = outnumbering
bw-term-first-strike = First Strike
bw-term-bonus = situation
bw-term-armour = armour
bw-term-stance = Defensive Stance
bw-term-full-defense = Full Defense
bw-term-range = past comfortable range
bw-term-reaction = Reaction
bw-term-extra = situation
bw-term-wounds = own wound ({ $state })
bw-distance-near = Near range
bw-distance-medium = Medium range
bw-distance-far = Far range
bw-distance-extreme = Extreme range
bw-cover-light = Light cover
bw-cover-normal = Normal cover
bw-cover-heavy = Heavy cover
bw-cover-none = no cover

## Actions.
bw-action-attack-melee = Attack
bw-action-attack-ranged = Shot
bw-action-quick_strike = Quick Strike
bw-action-feint_strike = Feinting Strike
bw-action-quick_shot = Quick Shot
bw-action-aimed_shot = Aimed Shot
bw-action-short_burst = Short Burst
bw-action-long_burst = Long Burst
bw-action-opportunity = Opportunity Attack
bw-action-disarm = Disarm
bw-action-grapple = Grapple
bw-action-break_free = Break Free

## Verdicts.
bw-hit = hit
bw-miss = miss
bw-success = success
bw-failure = failure
bw-verdict-above = { $ones } > { $against }: { $result }, { $bonus }
bw-verdict-tie-won = { $ones } = { $against }: { $result } (a tie goes to the one who acts), { $bonus }
bw-verdict-tie-lost = { $ones } = { $against }: { $result } (a tie goes to the difficulty), deficit 0
bw-verdict-below = { $ones } < { $against }: { $result }, deficit { $deficit }
bw-verdict-automatic = { $ones } vs { $against }: automatic { $result } (the target is held or unconscious), { $bonus }
bw-deficit-hurts = ; the deficit hurts { $actor }

## Health.
bw-state-healthy = Healthy
bw-state-lightly_wounded = Lightly Wounded
bw-state-wounded = Wounded
bw-state-badly_wounded = Badly Wounded
bw-state-dying = Dying
bw-state-dead = Dead

## Lines.
bw-started = The fight begins: { $characters }.
bw-started-first-strike = The fight begins: { $characters }. First Strike before initiative: { $strikers }.
bw-initiative = { $actor }: initiative { $aspect } { $stat } + { $k }K { $why } → { $ones } = level { $level }.
bw-initiative-flat = { $actor }: initiative { $aspect } { $stat }, no modifier = level { $level }.
bw-why-first-strike = (after a First Strike)
bw-why-initiates = (starts the action)
bw-why-ambush = (from an ambush)
bw-why-exceptional = (exceptional circumstances)
bw-why-none = {""}
bw-placed = { $actor } is placed on level { $level }: { $k }K (one per character already there) → { $ones } = { $places ->
    [one] { $places } place
   *[other] { $places } places
} from the end.
bw-shuffled = Level { $level } is shuffled with cards: { $order }.
bw-order = Turn order: { $order }.
bw-joined-dice = { $actors } { $count ->
    [one] joins
   *[other] join
} the fight (placed with dice).
bw-joined-cards = { $actors } { $count ->
    [one] joins
   *[other] join
} the fight (levels shuffled with cards).
bw-round-started = — Round { $round } —
bw-round-ended = Round { $round } ends.
bw-turn = { $actor }'s turn.
bw-skipped-dead = { $actor } does not act: killed earlier this round.
bw-skipped-unconscious = { $actor } does not act: Dying and unconscious.
bw-skipped-concussion = { $actor } skips this turn: Concussion.
bw-main-lost = { $actor } loses the Main action of this turn to Pain Shock.
bw-grapple-held = { $actor } spends the Additional action holding { $target }.
bw-bleeding = { $actor } is Dying and loses a hit: { $before } → { $hits }.
bw-moved = { $actor } moves from { $from } m to { $to } m.
bw-sprinted = { $actor } sprints from { $from } m to { $to } m.
bw-cover-now-none = { $actor } is now in the open.
bw-cover-now = { $actor } is now in { $cover } (+{ $k }K against shots).
bw-picked-up = { $actor } picks the { $weapon } up.
bw-engaged = { $actor } closes into melee with { $target } (sector { $sector } of 4).
bw-disengaged = { $actor } breaks away from { $target }.
bw-opportunity-declined = { $actor } lets { $target } go without an Opportunity Attack.
bw-first-strike = First Strike! {""}
bw-attacked = { $first }{ $actor } — { $action } at { $target }: { $pool } vs { $defence }: { $difficulty }; { $verdict }.
bw-contested = { $actor } — { $action }: { $pool } vs { $defence }: { $difficulty }; { $verdict }.
bw-damaged = { $target }: trivial damage { $trivial } + weapon { $weapon } − armour { $armour } = effective damage { $effective }{ $floor }{ $restrained }; hits { $before } → { $hits } of { $max }; { $health }.
bw-damaged-deficit = { $target }: deficit { $effective } as damage (armour does not count); hits { $before } → { $hits } of { $max }; { $health }.
bw-floor = { " " }(never below 0)
bw-restrained = , restrained to { $dealt }
bw-health-same = { $state }
bw-health-change = { $was } → { $state }
bw-pain-shock = { $target } is in Pain Shock: no Main action next turn.
bw-concussion = { $target } has a Concussion: the whole next turn is lost.
bw-dying-fainted = { $actor } is Dying and loses consciousness.
bw-dying-conscious = { $actor } is Dying but stays conscious: no Main action, +3K to every action, a hit lost each turn.
bw-fainted = { $actor } lets go and loses consciousness.
bw-died = { $actor } dies.
bw-disarmed = { $actor } knocks { $target }'s { $weapon } away: it lands a couple of metres off (d8 = { $direction }, clockwise from north).
bw-grappled = { $actor } holds { $target }: { $target } can do nothing but Break Free.
bw-released = { $target } is free of { $actor }'s hold.
bw-defence-stance = { $actor } takes a Defensive Stance: +1K against the next melee attack.
bw-defence-full = { $actor } takes Full Defense: +1K against melee attacks until the next turn.
bw-defence-reaction = { $actor } takes Reaction: +1K against ranged attacks until the next turn.
bw-reaction-lost = { $actor } is in melee and loses the Reaction bonus.
bw-ammo = { $actor } fires { $rounds } from the { $weapon } ({ $left } left).
bw-reloaded = { $actor } reloads the { $weapon } ({ $ammo }).
bw-withdrawing = { $actor } starts leaving the fight: one round out of combat.
bw-withdrawal-broken = { $actor } is attacked and cannot leave yet.
bw-left = { $actor } has left the fight.
bw-passed = { $actor } passes on the First Strike.
bw-turn-ended = { $actor } ends the turn.
bw-won = The fight is over after { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
}: the { $side } win.
bw-draw = The fight is over after { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
}: nobody wins.
bw-side-attackers = attackers
bw-side-defenders = defenders

## The summary.
state-healthy = Healthy
state-lightly_wounded = Lightly Wounded
state-wounded = Wounded
state-badly_wounded = Badly Wounded
state-dying = Dying
state-dead = Dead
state-left = left the fight
state-reserve = never joined
track-health = hits
counter-ammo_spent = rounds fired
counter-damage_dealt = damage dealt
counter-damage_taken = damage taken
bw-down-since = down since round { $round }

## Refusals: what a command breaks and what would have been allowed.
bw-refuse-over = the encounter is over
bw-refuse-no-character = there is no character #{ $index }
bw-refuse-no-turn = no turn is being played
bw-refuse-between-rounds = no turn is being played: the round is over (join the newcomers, then start the next round)
bw-refuse-round-running = the round is still being played
bw-refuse-not-your-turn = it is { $actor }'s turn; { $name } is frozen until then
bw-refuse-no-first-strike = { $name } has no First Strike to make; only { $strikers } may act before initiative
bw-refuse-first-strike-only = before initiative only the First Strike attack is allowed
bw-refuse-quick-first-strike = a First Strike is a full attack, not a quick one
bw-refuse-pass = only a character with a First Strike pending can pass on it
bw-refuse-held = { $name } is held by { $holder } and may do nothing but Break Free
bw-refuse-leaving = { $name } is leaving the fight: no combat actions
bw-refuse-leaving-engage = a character leaving the fight cannot engage
bw-refuse-leave-engaged = to leave, first get out of melee: an engaged character has the enemy's attention
bw-refuse-not-enemy = attacks and special actions target an enemy
bw-refuse-not-in-fight = { $name } is not in the fight
bw-refuse-dying-main = { $name } is Dying: no Main action (and so no Full action)
bw-refuse-let-go = only a conscious Dying character can let go and faint
bw-refuse-main-spent = the Main action (ОД) of this turn is already spent (or lost to Pain Shock)
bw-refuse-additional-spent = the Additional action (ДД) of this turn is already spent
bw-refuse-full-needs-both = a Full action (ПД) needs both the Main and the Additional action unspent
bw-refuse-minor-spent = at most { $max } { $max ->
    [one] Minor action
   *[other] Minor actions
} (НД) per turn
bw-refuse-situational = situational bonus and extra difficulty are at most 10K
bw-refuse-pool-too-large = a { $what ->
    [difficulty] difficulty
   *[pool] pool
} of { $n }K is too large: at most { $max }K per pool
bw-refuse-no-weapon = { $name } has no weapon #{ $weapon } (it carries { $count })
bw-refuse-weapon-dropped = { $name }'s { $weapon } lies on the floor after a disarm
bw-refuse-no-ranged = this weapon cannot attack at range
bw-refuse-aspect = { $aspect } cannot be used with this weapon; allowed: { $allowed }
bw-refuse-firearm-in-melee = at melee range a firearm attacks by melee rules: use attack, not a shot or burst
bw-refuse-engage-first = a melee attack needs { $target } engaged in melee first (move with engage)
bw-refuse-not-engaged = { $actor } must be engaged in melee with { $target } first
bw-refuse-too-close = ranged attacks start at { $metres } m; closer, engage in melee
bw-refuse-empty = { $weapon } is empty: reload (ДД) first
bw-refuse-quick-after-burst = no Quick Shot after a burst in the same turn
bw-refuse-no-short-burst = { $weapon } has no Short Burst
bw-refuse-short-burst-ammo = a Short Burst needs { $rounds } rounds; { $weapon } has { $ammo }
bw-refuse-no-long-burst = { $weapon } has no Long Burst
bw-refuse-long-burst-ammo = a Long Burst needs { $rounds } rounds; { $weapon } has { $ammo }
bw-refuse-long-burst-targets = a Long Burst takes 1 to { $max } targets in its cone
bw-refuse-each-target-once = each target once
bw-refuse-burst-in-melee = no bursts at someone engaged with you in melee
bw-refuse-cone = every Long Burst target must be in the one narrow cone (the same direction)
bw-refuse-no-preview-long-burst = no preview for a Long Burst: one attack roll against several defences
bw-refuse-already-engaged = already engaged with that target
bw-refuse-engage-reach = to engage, end the move within { $metres } m of the target
bw-refuse-crowded = { $name } already has { $around } in melee around it; at most { $cap } (one per 90° sector{ $cramped ->
    [yes] , fewer in cramped space
   *[no] {""}
})
bw-refuse-sector-range = sectors are 0 (front), 1, 2 (back), 3
bw-refuse-sector-taken = sector { $sector } around the target is taken
bw-refuse-no-free-sector = no free sector
bw-refuse-mover-crowded = no free sector around the mover
bw-refuse-sector-without-engage = a sector is chosen only by a move that engages someone (give `engage`)
bw-refuse-move-too-far = a { $mode ->
    [sprint] Sprint
   *[move] Move
} covers at most { $metres } m; { $asked } m asked
bw-refuse-position-range = positions are within ±100000 m
bw-refuse-opportunity-waiting = { $enemy } must first take or decline the opportunity attack on { $mover } (opportunity)
bw-refuse-no-opportunity = no opportunity attack is offered now: only a move out of or past an enemy's reach offers one
bw-refuse-nothing-to-disarm = the target holds no weapon to knock away
bw-refuse-not-dropped = { $name }'s weapon #{ $weapon } is not on the floor
bw-refuse-nothing-dropped = nothing of { $name }'s lies on the floor
bw-refuse-dropped-far = the { $weapon } lies at { $at } m, { $distance } m away; come within { $reach } m of it first
bw-refuse-one-hold = one hold at a time: the target is held or the actor already holds someone
bw-refuse-not-held = only a held character can Break Free
bw-refuse-holds-nobody = nobody is held by this character
bw-refuse-reaction-cover = Reaction needs cover
bw-refuse-reaction-melee = engaged in melee: no Reaction
bw-refuse-nothing-to-reload = nothing in hand to reload
bw-refuse-cannot-reload = { $weapon } cannot be reloaded (full, no spare magazine, or no ammunition)
bw-refuse-join-mid-round = newcomers join only at the start of a new round, not during one
bw-refuse-join-nobody = name at least one newcomer
bw-refuse-not-waiting = { $name } is not waiting to join
bw-refuse-join-due = { $name } joins at round { $round }: join the newcomers due before the next round
bw-refuse-dice-order-newcomer = the dice method needs a newcomer after the placed characters
bw-refuse-order-odds = exact order odds are for 1 to { $max } characters on a level
