# The command line's own words in English: exactly what `fray` always printed (tests and the
# Python suite read some of it). Padding and indentation are added in the code, since Fluent
# trims a message's outer spaces. Every id here is in ru.ftl too.

## Shared pieces.
cli-fights = { $count } fights
cli-interval = 95 % interval
cli-none = none
cli-warning = warning: { $warning }

## Errors (after `fray: `).
cli-unknown-ruleset = unknown ruleset '{ $id }'; this build has: { $ids }
cli-cannot-read = cannot read the { $what } file { $path }: { $error }
cli-cannot-write = cannot write the { $what } file { $path }: { $error }
cli-too-large = the { $what } file { $path } is { $size } bytes, over the limit of { $limit }
cli-not-json = the { $what } file is not JSON: { $error }
cli-io-error = { $text }
cli-trials-at-least-one = --trials must be at least 1
cli-rule-error = { $rule }: { $message }
cli-refused-rule = rule { $error }
cli-invalid-input = invalid input: { $error }

## fray roll
cli-roll-title = roll { $expression } with seed { $seed }, stream { $stream }
cli-die-fate = { $fate ->
    [kept] kept
    [dropped] dropped
   *[rerolled] rerolled
}
cli-die-exploded = , exploded
cli-roll-total = total { $total }
cli-roll-repeat = repeat: { $command }

## fray odds
cli-odds-extra-argument = unexpected argument '{ $argument }': key=value pairs follow a ruleset id, not a dice expression
cli-odds-expected-pair = expected key=value, got '{ $pair }'; { $ruleset } takes: { $keys }
cli-odds-takes = { $error } ({ $ruleset } takes: { $keys })
cli-odds-ruleset = exact odds, { $ruleset } { $spec }
cli-odds-title = exact odds of { $what }
cli-odds-summarised = { $values } values: the { $top } most likely, then quantiles (--all prints every row)
cli-odds-value = value
cli-odds-probability = probability
cli-odds-mean = mean { $mean }, standard deviation { $sd }
cli-odds-mean-bounds = mean between { $low } and { $high } (of resolved values { $mean }, standard deviation { $sd })
cli-odds-unresolved = unresolved (explosions deeper than computed): { $mass } ≈ { $approx }
cli-odds-quantiles = quantiles: min { $min }{ $quantiles }, max { $max }

## fray simulate
cli-precision-range = --precision { $precision } is outside the allowed 0 < precision <= 0.5 (e.g. 0.01 for ±1 %)
cli-precision-policy = --precision and --policy cannot be combined yet
cli-simulate-title = simulate { $ruleset }: { $fights }, seed { $seed } (trial i uses stream i)
cli-simulate-fights = fights
cli-simulate-share = share
cli-simulate-wins = { $side } wins
cli-simulate-draw = draw (no winner)
cli-simulate-round-limit = stopped: round limit
cli-simulate-cut-off = cut off ({ $commands } cmds)
cli-simulate-precision-reached = stopped at { $fights }: every side's win rate is within ±{ $precision }% (blocks of { $block })
cli-simulate-precision-limit = stopped at the limit of { $fights } before every side's win rate was within ±{ $precision }%
cli-simulate-mean-rounds = mean rounds { $value }
cli-simulate-mean-health = mean remaining health, { $side }: { $value }
cli-metric = { $metric }
cli-simulate-mean-metric = mean { $metric }: { $value }
cli-simulate-rounds-to-finish = rounds to finish:
cli-per-combatant = per combatant (survival with its 95 % interval; means ± standard error):
cli-combatant = { $name } ({ $side }): survived { $rate }% ({ $low }% .. { $high }%), taken out { $out } of { $trials }
cli-combatant-round = round taken out: mean { $mean }; { $rounds }
cli-combatant-track = { $track } at the end: mean { $mean } of { $max }; { $histogram }
cli-combatant-counter = { $counter }: mean { $mean } ± { $error }

## fray check
cli-check-ok = ok: no errors or warnings ({ $trials } fights simulated, seed { $seed })
cli-finding-error = error: { $message }
cli-finding-warning = warning: { $path }: { $message }
cli-finding-simulation = warning: simulation: { $message }

## fray sweep
cli-sweep-paths = sweep takes one or two --vary PATH=VALUES, not { $count }
cli-sweep-too-many = { $points } points; a sweep has at most { $max }
cli-sweep-no-value = --vary { $path }: the setup has no such value
cli-sweep-at = at { $values }: { $error }
cli-sweep-title = sweep { $ruleset }: { $points } points x { $fights }, seed { $seed }; every point plays trials 0..{ $trials } on the same streams
cli-sweep-explained = win rate of { $side } with its 95 % interval, and its change from the first point with its paired 95 % interval ({ $blocks } blocks of trials)
cli-sweep-win = win
cli-sweep-change = change
cli-sweep-no-win = no win
cli-sweep-rounds = rounds
cli-plot-cannot-draw = cannot draw { $path }: { $error }
cli-plot-curve-title = { $side } win rate (95 % interval)
cli-plot-curve-axis = { $side } wins, %
cli-plot-heatmap-title = { $side } win rate, %

## fray sensitivity
cli-sensitivity-setup = the setup: { $error }
cli-sensitivity-with = with { $path } { $action }: { $error }
cli-sensitivity-title = sensitivity { $ruleset }: { $variants } variants x { $fights }, seed { $seed }; every variant plays trials 0..{ $trials } on the setup's streams
cli-sensitivity-side-wins = { $side } wins { $rate }%
cli-sensitivity-baseline = the setup as given: { $sides }
cli-sensitivity-explained = change of each side's win rate, with its paired 95 % interval ({ $blocks } blocks of trials); largest first
cli-sensitivity-rank = rank
cli-sensitivity-element = element
cli-sensitivity-change = { $side } change (interval)
cli-sensitivity-variant = { $action } { $path } { $quoted }
cli-sensitivity-skipped = skipped: { $variant }: the ruleset refuses it: { $error }

## fray rerun and bundles
cli-bundle-cannot-write = cannot write the bundle { $path }: { $error }
cli-bundle-no-field = the bundle has no "{ $key }"
cli-bundle-malformed = the bundle's "{ $key }" is not { $problem ->
    [number] a whole number
    [string] a string
   *[list] a list
}
cli-bundle-vary-lacks = a "vary" entry has no { $what }
cli-bundle-not-a-bundle = not a result bundle (no "format": "{ $format }")
cli-bundle-version = the bundle is of { $ruleset } version { $kept }; this build has { $ruleset } version { $built }: its numbers may differ by design
cli-bundle-no-policies = { $ruleset } has no policies in this build
cli-bundle-command = the bundle's "command" is neither simulate nor sweep
cli-bundle-not-json = the bundle is not JSON: { $error }
cli-rerun-same = same: { $path } reran to the numbers it keeps
cli-rerun-differ = differ: { $path } reran to other numbers than it keeps

## fray replay
cli-replay-invalid = invalid replay: { $error }
cli-replay-setup-refused = replay setup refused: { $error }
cli-replay-mismatch-start = replay mismatch at the start: expected digest { $expected }, got { $actual }
cli-replay-mismatch = replay mismatch at command #{ $number } (index { $index }): expected { $expected }, got { $actual }
cli-replay-verified = ok: { $ruleset } replay verified — { $applied }, { $refused }, { $events }, digest { $digest }
cli-replay-applied = { $count } commands applied
cli-replay-refused-command = command #{ $number } refused — { $error }
cli-replay-refused = { $count } refused as recorded
cli-replay-events = { $count } events

## fray demo
cli-showcase-title = == dice: every roll replays from (seed { $seed }, stream) ==
cli-showcase-roll = stream { $stream }: [{ $dice }] = { $total }
cli-showcase-legend = (dropped dice in parentheses, rerolled ones ~struck~, exploding ones marked !)
cli-showcase-repeat = seed { $seed }: repeat with `fray demo dice --seed { $seed }`
cli-demo-title = == { $ruleset } (seed { $seed }) ==
cli-demo-written = seed { $seed }; replay written to { $path } (check it with `fray replay { $path }`)

## fray rulesets
cli-rulesets-versus = vs
cli-rulesets-line = version { $version }  sides: { $sides }  odds keys: { $keys }

## fray schema
cli-schema-none = no schemas for { $ruleset } in this build
cli-schema-no-policy = { $ruleset } has no policy type yet; policies are offered for: { $offered }
cli-schema-unknown-kind = unknown schema kind { $quoted }; choose one of: { $kinds }
