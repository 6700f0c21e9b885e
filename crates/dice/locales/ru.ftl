# Общие сообщения всех систем. Файл системы добавляется после этого.

## Итог боя: по строке на участника.
summary-line = { $name }: { $details }
summary-track = { $track } { $now }/{ $max }
summary-counter = { $counter } { $value }
summary-title = Итог боя:

## Отказы.
refused = отказ ({ $rule }): { $message }
