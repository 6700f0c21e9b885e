# Слова самой командной строки по-русски. Термины систем — из их файлов сообщений
# (Накал, ОП, ПЗ, хиты…); названия сторон и участников — данные, они выводятся как есть.
# Числа — те же цифры, что в английском выводе (точка в дробях). Отступы и выравнивание
# добавляет код: Fluent обрезает пробелы по краям сообщения. Каждый id есть и в en.ftl.

## Общие части.
cli-fights = { $count ->
    [one] { $count } бой
    [few] { $count } боя
   *[many] { $count } боёв
}
cli-interval = интервал 95 %
cli-none = нет
cli-warning = предупреждение: { $warning }

## Ошибки (после `fray: `).
cli-unknown-ruleset = неизвестная система «{ $id }»; в этой сборке есть: { $ids }
cli-cannot-read = не удаётся прочитать { $what ->
    [setup] файл сценария
    [policy] файл тактики
    [replay] файл записи боя
   *[bundle] файл пакета результатов
} { $path }: { $error }
cli-cannot-write = не удаётся записать { $what ->
    [setup] файл сценария
    [policy] файл тактики
    [replay] файл записи боя
   *[bundle] файл пакета результатов
} { $path }: { $error }
cli-too-large = { $what ->
    [setup] файл сценария
    [policy] файл тактики
    [replay] файл записи боя
   *[bundle] файл пакета результатов
} { $path } слишком велик: { $size } Б при пределе { $limit } Б
cli-not-json = { $what ->
    [setup] файл сценария
    [policy] файл тактики
    [replay] файл записи боя
   *[bundle] файл пакета результатов
} — не JSON: { $error }
cli-io-error = { $kind ->
    [not-found] нет такого файла (ошибка ОС { $code })
    [denied] нет доступа (ошибка ОС { $code })
   *[other] { $text }
}
cli-trials-at-least-one = --trials: нужен хотя бы один бой
cli-rule-error = { $rule }: { $message }
cli-refused-rule = { $kind ->
    [id] правило { $error }
   *[tag] { $error }
}
cli-invalid-input = неверные данные: { $error }

## fray roll
cli-roll-title = бросок { $expression }, зерно { $seed }, поток { $stream }
cli-die-fate = { $fate ->
    [kept] оставлен
    [dropped] отброшен
   *[rerolled] переброшен
}
cli-die-exploded = , взорвался
cli-roll-total = итого { $total }
cli-roll-repeat = повторить: { $command }

## fray odds
cli-odds-extra-argument = лишний аргумент «{ $argument }»: пары ключ=значение пишут после названия системы, а не после выражения кубиков
cli-odds-expected-pair = ожидалась пара ключ=значение, получено «{ $pair }»; { $ruleset } принимает: { $keys }
cli-odds-takes = { $error } ({ $ruleset } принимает: { $keys })
cli-odds-ruleset = точные шансы, { $ruleset } { $spec }
cli-odds-title = точные шансы для { $what }
cli-odds-summarised = { $values } { $values ->
    [one] значение
    [few] значения
   *[many] значений
}: { $top } самых вероятных, затем квантили (--all выводит все строки)
cli-odds-value = значение
cli-odds-probability = вероятность
cli-odds-mean = среднее { $mean }, стандартное отклонение { $sd }
cli-odds-mean-bounds = среднее между { $low } и { $high } (по просчитанным значениям { $mean }, стандартное отклонение { $sd })
cli-odds-unresolved = не просчитано (взрывы глубже просчитанного): { $mass } ≈ { $approx }
cli-odds-quantiles = квантили: мин. { $min }{ $quantiles }, макс. { $max }

## fray simulate
cli-precision-range = --precision { $precision } вне допустимого 0 < точность <= 0.5 (например, 0.01 для ±1 %)
cli-precision-policy = --precision и --policy пока нельзя сочетать
cli-simulate-title = моделирование { $ruleset }: { $fights }, зерно { $seed } (каждый бой — на потоке со своим номером)
cli-simulate-fights = боёв
cli-simulate-share = доля
cli-simulate-wins = побеждает { $side }
cli-simulate-draw = ничья (нет победителя)
cli-simulate-round-limit = стоп: предел раундов
cli-simulate-cut-off = прервано: { $commands } { $commands ->
    [one] команда
    [few] команды
   *[many] команд
}
cli-simulate-precision-reached = остановлено после { $count } { $count ->
    [one] боя
   *[other] боёв
}: доля побед каждой стороны известна с точностью ±{ $precision }% (блоками по { $block })
cli-simulate-precision-limit = остановлено на пределе в { $fights }, прежде чем доля побед каждой стороны стала известна с точностью ±{ $precision }%
cli-simulate-mean-rounds = раундов в среднем { $value }
cli-simulate-mean-health = оставшееся здоровье в среднем, { $side }: { $value }
# Величина, которую считает каждая система (METRIC), её словами.
cli-metric = { $ruleset ->
    [andromeda] получено Накала
    [red] критических травм
    [age] получено ОП
    [better-world] нанесено урона
    [hunt] ранений
   *[other] { $metric }
}
cli-simulate-mean-metric = в среднем { $metric }: { $value }
cli-simulate-rounds-to-finish = раундов до конца боя:
cli-per-combatant = по участникам (выживание с интервалом 95 %; средние ± стандартная ошибка):
cli-combatant = { $name } ({ $side }): выживание { $rate }% ({ $low }% .. { $high }%), выбывание: { $out } из { $trials } { $trials ->
    [one] боя
   *[other] боёв
}
cli-combatant-round = раунд выбывания: в среднем { $mean }; { $rounds }
cli-combatant-track = { $track } в конце: в среднем { $mean } из { $max }; { $histogram }
cli-combatant-counter = { $counter }: в среднем { $mean } ± { $error }

## fray check
cli-check-ok = в порядке: ни ошибок, ни предупреждений ({ $trials ->
    [one] смоделирован { $trials } бой
    [few] смоделировано { $trials } боя
   *[many] смоделировано { $trials } боёв
}, зерно { $seed })
cli-finding-error = ошибка: { $message }
cli-finding-warning = предупреждение: { $path }: { $message }
cli-finding-simulation = предупреждение: моделирование: { $message }

## fray sweep
cli-sweep-paths = перебору нужен один или два --vary PATH=VALUES, а не { $count }
cli-sweep-too-many = { $points } { $points ->
    [one] точка
    [few] точки
   *[many] точек
}; в переборе не больше { $max }
cli-sweep-no-value = --vary { $path }: в сценарии нет такого значения
cli-sweep-at = при { $values }: { $error }
cli-sweep-title = перебор { $ruleset }: { $points } { $points ->
    [one] точка
    [few] точки
   *[many] точек
} × { $fights }, зерно { $seed }; каждая точка играет бои 0..{ $trials } на тех же потоках
cli-sweep-explained = доля побед { $side } с интервалом 95 % и её изменение от первой точки с парным интервалом 95 % ({ $blocks } { $blocks ->
    [one] блок
    [few] блока
   *[many] блоков
} боёв)
cli-sweep-win = победы
cli-sweep-change = разница
cli-sweep-no-win = без победы
cli-sweep-rounds = раунды
cli-plot-cannot-draw = не удаётся нарисовать { $path }: { $error }
cli-plot-curve-title = доля побед { $side } (интервал 95 %)
cli-plot-curve-axis = победы { $side }, %
cli-plot-heatmap-title = доля побед { $side }, %

## fray sensitivity
cli-sensitivity-setup = сценарий: { $error }
cli-sensitivity-with = { $action ->
    [removed] без
   *[replaced] с заменой
} { $path }: { $error }
cli-sensitivity-title = чувствительность { $ruleset }: { $variants } { $variants ->
    [one] вариант
    [few] варианта
   *[many] вариантов
} × { $fights }, зерно { $seed }; каждый вариант играет бои 0..{ $trials } на потоках сценария
cli-sensitivity-side-wins = { $side } — побед { $rate }%
cli-sensitivity-baseline = сценарий как есть: { $sides }
cli-sensitivity-explained = изменение доли побед каждой стороны с парным интервалом 95 % ({ $blocks } { $blocks ->
    [one] блок
    [few] блока
   *[many] блоков
} боёв); сначала самые большие
cli-sensitivity-rank = место
cli-sensitivity-element = элемент
cli-sensitivity-change = { $side }: разница (интервал)
cli-sensitivity-variant = { $action ->
    [removed] без
   *[replaced] замена
} { $path } «{ $label }»
cli-sensitivity-skipped = пропущено: { $variant }: система этого не допускает: { $error }

## fray rerun и пакеты результатов
cli-bundle-cannot-write = не удаётся записать пакет результатов { $path }: { $error }
cli-bundle-no-field = в пакете нет поля «{ $key }»
cli-bundle-malformed = поле «{ $key }» пакета — не { $problem ->
    [number] целое число
    [string] строка
   *[list] список
}
cli-bundle-vary-lacks = в записи «vary» нет { $what ->
    [path] пути
   *[values] значений
}
cli-bundle-not-a-bundle = это не пакет результатов (нет "format": "{ $format }")
cli-bundle-version = пакет сделан для { $ruleset } версии { $kept }; в этой сборке { $ruleset } версии { $built }: числа могут отличаться намеренно
cli-bundle-no-policies = у { $ruleset } в этой сборке нет тактик
cli-bundle-command = поле «command» пакета — ни simulate, ни sweep
cli-bundle-not-json = пакет — не JSON: { $error }
cli-rerun-same = совпало: { $path } пересчитан к тем же числам
cli-rerun-differ = расхождение: { $path } пересчитан к другим числам, чем хранит

## fray replay
cli-replay-invalid = неверная запись боя: { $error }
cli-replay-setup-refused = сценарий записи боя отклонён: { $error }
cli-replay-mismatch-start = запись расходится в начале: ожидался дайджест { $expected }, получено { $actual }
cli-replay-mismatch = запись расходится на команде №{ $number } (индекс { $index }): ожидалось { $expected }, получено { $actual }
cli-replay-verified = проверено: запись боя { $ruleset } сходится — { $applied }, { $refused }, { $events }, дайджест { $digest }
cli-replay-applied = { $count ->
    [one] применена { $count } команда
    [few] применены { $count } команды
   *[many] применено { $count } команд
}
cli-replay-refused-command = команда №{ $number } — отказ, { $error }
cli-replay-refused = { $count ->
    [one] { $count } отказ
    [few] { $count } отказа
   *[many] { $count } отказов
} по записи
cli-replay-events = { $count ->
    [one] { $count } событие
    [few] { $count } события
   *[many] { $count } событий
}

## fray demo
cli-showcase-title = == кубики: каждый бросок повторяется по (зерну { $seed }, потоку) ==
cli-showcase-roll = поток { $stream }: [{ $dice }] = { $total }
cli-showcase-legend = (отброшенные кубики в скобках, переброшенные ~зачёркнуты~, взорвавшиеся отмечены !)
cli-showcase-repeat = зерно { $seed }: повторить — `fray demo dice --seed { $seed }`
cli-demo-title = == { $ruleset } (зерно { $seed }) ==
cli-demo-written = зерно { $seed }; запись боя сохранена в { $path } (проверить: `fray replay { $path }`)

## fray rulesets
cli-rulesets-versus = против
cli-rulesets-line = версия { $version }  стороны: { $sides }  ключи шансов: { $keys }

## fray schema
cli-schema-none = в этой сборке нет схем для { $ruleset }
cli-schema-no-policy = у { $ruleset } пока нет типа тактики; тактики есть у: { $offered }
cli-schema-unknown-kind = неизвестный вид схемы «{ $kind }»; выберите один из: { $kinds }
