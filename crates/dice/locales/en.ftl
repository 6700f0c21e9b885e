# Messages every ruleset shares. A ruleset's own file is added after this one.

## The fight summary: one line per participant.
summary-line = { $name }: { $details }
summary-track = { $track } { $now }/{ $max }
summary-counter = { $counter } { $value }
summary-title = At the end of the fight:

## Refusals.
refused = refused ({ $rule }): { $message }

## Setup refusals that name the field (fray_dice::fields).
setup-out-of-range = { $path }: found { $found }, allowed { $low }..={ $high }
setup-name-empty = { $path }: found { $name }, allowed a non-empty { $what }
setup-name-repeated = { $path }: { $name } repeats { $earlier } { $other }; { $what }s must be unique ignoring case
setup-name-case = { $path }: { $name } differs only in case from { $earlier } { $other }; { $what }s must be unique ignoring case

## The setup lint (fray_dice::check_setup).
check-name-empty = the name is empty
check-name-repeats = "{ $name }" repeats { $other }
check-name-case = "{ $name }" differs from { $other } "{ $earlier }" only in case
check-one-participant = only one participant (side { $side })
check-one-side = everyone is on one side ({ $side }): nobody to fight
check-no-winner = no side won any of { $trials } fights (a fight no side can win)
check-one-sided = one-sided: { $side } won { $wins } of { $trials } fights and no other side won any
check-round-limit = { $count } of { $trials } fights stopped at the round limit
check-cut-off = { $count } of { $trials } fights were cut off unfinished after { $commands } commands
check-simulation-error = simulation: { $message }
check-rule = { $message } ({ $rule })

## A rule as a reader names it: a numbered ID as it is, a tag in words.
rule-name = { $rule }
