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
