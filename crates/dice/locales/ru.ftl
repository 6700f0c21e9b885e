# Общие сообщения всех систем. Файл системы добавляется после этого.

## Итог боя: по строке на участника.
summary-line = { $name }: { $details }
summary-track = { $track } { $now }/{ $max }
summary-counter = { $counter } { $value }
summary-title = Итог боя:

## Отказы.
refused = отказ ({ $rule }): { $message }

## Отказы в настройке боя с путём к полю (fray_dice::fields).
setup-out-of-range = { $path }: указано { $found }, допустимо от { $low } до { $high }
setup-name-empty = { $path }: указано { $name }, а { $what ->
        [name] имя
       *[other] { $what }
    } не может быть пустым
setup-name-repeated = { $path }: { $name } повторяет { $earlier } { $other }; { $what ->
        [name] имена
       *[other] { $what }
    } не должны повторяться даже с другим регистром букв
setup-name-case = { $path }: { $name } отличается от { $earlier } { $other } только регистром букв; { $what ->
        [name] имена
       *[other] { $what }
    } не должны повторяться даже с другим регистром букв
