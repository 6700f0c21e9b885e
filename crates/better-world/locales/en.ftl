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
