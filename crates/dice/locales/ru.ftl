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

## Проверка сценария (fray_dice::check_setup).
check-name-empty = имя пустое
check-name-repeats = «{ $name }» повторяет { $other }
check-name-case = «{ $name }» отличается от { $other } «{ $earlier }» только регистром
check-one-participant = только один участник (сторона { $side })
check-one-side = все на одной стороне ({ $side }): сражаться не с кем
check-no-winner = ни одна сторона не выиграла ни одного из { $trials } { $trials ->
    [one] боя
   *[other] боёв
} (в этом бою победить нельзя)
check-one-sided = в одни ворота: победы только у { $side } — { $wins } из { $trials } { $trials ->
    [one] боя
   *[other] боёв
}
check-round-limit = на пределе раундов остановлено { $count } из { $trials } { $trials ->
    [one] боя
   *[other] боёв
}
check-cut-off = { $count } из { $trials } { $trials ->
    [one] боя
   *[other] боёв
} { $count ->
    [one] прерван
   *[other] прерваны
} без исхода после { $commands } { $commands ->
    [one] команды
   *[other] команд
}
check-simulation-error = моделирование: { $message }
check-rule = { $message } ({ $rule })

## Правило: номер из docs/rules/ как есть, общие метки — словами.
rule-name = { $rule ->
    [setup] сценарий
    [dice] кубики
    [odds] шансы
    [policy] тактика
    [protocol] протокол
   *[other] { $rule }
}
