# Messages every ruleset shares. A ruleset's own file is added after this one.

## The fight summary: one line per participant.
summary-line = { $name }: { $details }
summary-track = { $track } { $now }/{ $max }
summary-counter = { $counter } { $value }
summary-title = At the end of the fight:

## Refusals.
refused = refused ({ $rule }): { $message }
