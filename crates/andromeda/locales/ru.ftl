# «Проект Андромеда»: строки журнала боя, вопросы, итог, отказы. Термины — из главы о бое
# (провал / успех с ценой / успех / критический успех, Накал, стресс, преимущество / помеха,
# Уязвим, Ослаблен, Обездвижен, Схвачен, Скрыт, Невидим, Истощение, захват, встречная
# проверка, Стойкость / Контроль / Воля, Мощь, Ловкость, Сокрытие, Наблюдательность, Очко
# Свершения, провоцированная атака, Подготовка, Шаг, Доп. передвижение).

## Части броска.
and-plus = + { $what } { $value }
and-minus = − { $what } { $value }
and-no-skill = без навыка
and-term-advantage = преимущество
and-term-disadvantage = помеха
and-range = { $low }–{ $high }
and-range-at-most = ≤ { $high }
and-range-at-least = ≥ { $low }
and-edge-target-vulnerable = у { $target } состояние Уязвим
and-edge-weakened = у { $actor } состояние Ослаблен
and-edge-grabbed-elsewhere = { $actor } Схвачен и бьёт не того, кто его держит
and-edge-holding-elsewhere = { $actor } держит захват и бьёт не схваченного
and-edge-target-invisible = у { $target } состояние Невидим
and-edge-advantage = с преимуществом ({ $sources })
and-edge-disadvantage = с помехой ({ $sources })
and-edge-cancel = преимущество и помеха гасят друг друга ({ $sources })
and-dice-extra = { $count }d8 { $note }: { $faces }, в зачёт{ " " }
and-dice-note = { $note }:{ " " }
and-provoked = { " " }(провоцированная атака)
and-readied = { " " }(подготовленное действие)
and-vs-task = ранга задачи { $value }
and-vs-defense = защиты { $defense } { $value } ({ $target })
and-vs-invisibility = ранга невидимости { $value }
and-clamped = { $tier } (край шкалы)

## Исходы, защиты, стороны, состояния.
and-tier-fail = Провал
and-tier-success-at-a-cost = Успех с ценой
and-tier-success = Успех
and-tier-critical = Критический успех
and-defense-fortitude = Стойкость
and-defense-control = Контроль
and-defense-will = Воля
and-side-heroes = герои
and-side-enemies = противники
and-condition-vulnerable = Уязвим
and-condition-weakened = Ослаблен
and-condition-immobilized = Обездвижен
and-condition-grabbed = Схвачен
and-condition-hidden = Скрыт
and-condition-invisible = Невидим
and-condition-exhaustion = Истощение
and-duration-start-of-next-turn = до начала своего следующего хода
and-duration-end-of-next-turn = до конца своего следующего хода
and-duration-end-of-round = до конца раунда
and-duration-end-of-scene = до конца сцены
and-duration-until-removed = пока его не снимут
and-duration-while-grab = пока длится захват

## Навыки, которые движок бросает сам, и навыки демо.
and-skill-might = Мощь
and-skill-agility = Ловкость
and-skill-stealth = Сокрытие
and-skill-perception = Наблюдательность
and-skill-melee = Ближний бой
and-skill-shooting = Стрельба
and-skill-presence = Присутствие
and-skill-will = Воля

## Начало, раунды, ходы.
and-started-default = Бой начинается (по умолчанию): каждый раунд первыми ходят { $side }
and-started-ambush = Бой начинается (засада): каждый раунд первыми ходят { $side }
and-started-contested = Бой начинается (встречная проверка): каждый раунд первыми ходят { $side }
and-stress = { $id } ({ $side }): ячеек стресса — временных { $temp }, основных { $main }
and-stress-named = { $id } ({ $name }; { $side }): ячеек стресса — временных { $temp }, основных { $main }
and-round = — Раунд { $round } —
and-round-ended = Раунд { $round } окончен
and-turn = Ходит { $who } ({ $left ->
    [0] больше ходов в этом раунде нет
    [one] ещё { $left } ход в этом раунде
    [few] ещё { $left } хода в этом раунде
   *[many] ещё { $left } ходов в этом раунде
})
and-turn-ended = { $who } завершает ход

## Накал.
and-heat-gained = { $who } получает { $amount ->
    [one] { $amount } Накал
   *[other] { $amount } Накала
} ({ $why }): { $before } → { $after }
and-heat-turn-start = начало хода
and-heat-failed-check = провал проверки
and-heat-signature = архетипный момент
and-heat-accomplishment = Очко Свершения
and-heat-spent = { $who } тратит { $amount ->
    [one] { $amount } Накал
   *[other] { $amount } Накала
} на { $ability }: { $before } → { $after }
and-heat-burned = у { $who } сгорает неиспользованный Накал: { $amount }

## Перемещение.
and-moved = { $who } перемещается из { $from } в { $to }
and-stepped = { $who } делает Шаг из { $from } в { $to }
and-extra-move = { $who } совершает Доп. передвижение из { $from } в { $to }
and-dragged = захвативший тащит { $who } из { $from } в { $to }

## Проверки.
and-check = { $what }{ $how }: { $roll } = { $total } → { $base } ({ $range }); ранг { $rank } против { $against }: сдвиг { $shift } → { $result }
and-check-ability-on = { $who } применяет { $ability } к { $target }
and-check-ability = { $who } применяет { $ability }
and-check-improvised-on = { $who } импровизирует атаку навыком { $skill } по { $target }
and-check-improvised = { $who } импровизирует проверку навыка { $skill }
and-check-grab = { $who } пытается схватить { $target }
and-check-save = { $who } совершает спасбросок от состояния { $condition }
and-opposed = { $purpose }: { $initiator } { $initiator_roll } = { $initiator_total } против { $opponent } { $opponent_roll } = { $opponent_total } → { $decided }
and-opposed-opening = Встречная проверка за первый ход
and-opposed-hide = Встречная проверка, чтобы скрыться
and-opposed-seek = Встречная проверка, чтобы обнаружить скрытого
and-opposed-escape = Встречная проверка, чтобы вырваться
and-opposed-total = побеждает { $winner }, { $high } > { $low }
and-opposed-rank = ничья; побеждает { $winner } по рангу навыка { $high } > { $low }
and-opposed-status-quo = ничья и по сумме, и по рангу: { $initiator } проваливает проверку, сохраняется статус-кво (побеждает { $winner })

## Стресс и состояния.
and-damaged = { $who } получает урон { $amount }: временный стресс { $temp_before } → { $temp } из { $temp_max }, основной { $main_before } → { $main } из { $main_max }
and-damaged-full = { $who } получает урон { $amount }: временный стресс { $temp_before } → { $temp } из { $temp_max }, основной { $main_before } → { $main } из { $main_max } (ещё { $lost } — свободных ячеек нет)
and-condition = { $who } получает состояние { $condition } ({ $duration })
and-condition-from = { $who } получает состояние { $condition } ({ $duration }; источник — { $source })
and-condition-ended = с { $who } снято состояние { $condition } ({ $reason })
and-condition-ended-from = с { $who } снято состояние { $condition } от { $source } ({ $reason })
and-condition-ended-remains = у { $who } заканчивается состояние { $condition } ({ $reason }); от другого источника оно остаётся
and-condition-ended-from-remains = у { $who } заканчивается состояние { $condition } от { $source } ({ $reason }); от другого источника оно остаётся
and-reason-attacked = выдаёт себя атакой
and-reason-grabbed = выдаёт себя захватом
and-reason-revealed = выдаёт себя
and-reason-detected = невидимое обнаружено
and-reason-found = скрытый обнаружен
and-reason-critical = критический успех атаки по цели
and-reason-help = Помощь союзнику
and-reason-save = спасбросок
and-reason-shaken-off = Снятие продолжительного эффекта
and-reason-accomplishment = Очко Свершения
and-reason-grab-ended = захват закончился
and-reason-scene-ended = сцена закончилась
and-reason-start-of-turn = срок истёк в начале хода
and-reason-end-of-turn = срок истёк в конце хода
and-reason-end-of-round = срок истёк в конце раунда
and-reason-separated = их разделили силой
and-reason-released = захват отпущен
and-reason-broke-free = цель вырвалась
and-reason-grabber-held = захвативший сам Схвачен или Обездвижен
and-reason-grabber-out = захвативший выбыл из строя
and-reason-target-out = цель выбыла из строя
and-exhausted = { $who } получает Истощение { $amount } (всего { $total }): максимум основного стресса { $max }
and-stress-restored = { $who } восстанавливает основной стресс: { $before } → { $after } из { $max }
and-defeated-unconscious = { $who } падает без сознания: весь стресс заполнен
and-defeated-dead = { $who } умирает насовсем: весь стресс заполнен

## Захват.
and-grab-critical = { $grabber } хватает { $target }: у { $target } состояние Схвачен и, пока длится захват, Уязвим
and-grab-success = { $grabber } хватает { $target }: у { $target } состояние Схвачен
and-grab-cost = { $grabber } хватает { $target }: у { $target } состояние Схвачен, но захвативший увяз в борьбе и, пока держит захват, сам Уязвим
and-grab-failed = захват { $grabber } на { $target } не удался: захвативший открывается и до начала своего следующего хода Уязвим
and-grab-ended = захват { $grabber } на { $target } прекращается ({ $reason })

## Реакции, Подготовка и провоцированные атаки.
and-ready-moves = { $who } готовит { $ability } (Подготовка): сработает, когда противник войдёт в зону досягаемости
and-ready-attacks = { $who } готовит { $ability } (Подготовка): сработает, когда противник в зоне досягаемости атакует
and-ready-triggered = подготовленное действие { $who } срабатывает против { $target }
and-ready-lapsed = подготовленное действие { $who } пропадает неиспользованным
and-ready-held = { $who } придерживает подготовленное действие, хотя { $target } выполняет условие
and-provoked-ranged = { $against } провоцирует атаку со стороны { $by } (дальняя атака в ближнем бою)
and-provoked-leaving = { $against } провоцирует атаку со стороны { $by } (выход из предела досягаемости ближнего боя)
and-provoked-declined = { $by } отказывается от провоцированной атаки по { $against }
and-prompt-provoked-ranged = { $who } может совершить провоцированную атаку по { $whom } (дальняя атака в ближнем бою): атаковать (свободное действие) или отпустить
and-prompt-provoked-leaving = { $who } может совершить провоцированную атаку по { $whom } (выход из предела досягаемости): атаковать (свободное действие) или отпустить
and-prompt-ready-moves = { $who } может выполнить подготовленное действие { $ability } против { $whom } (противник вошёл в зону досягаемости): выполнить (тратит реакцию) или придержать
and-prompt-ready-attacks = { $who } может выполнить подготовленное действие { $ability } против { $whom } (противник атаковал): выполнить (тратит реакцию) или придержать

## Артефакты и Очки Свершения.
and-reloaded = { $who } перезаряжает { $artifact }: { $charges ->
    [one] { $charges } заряд
    [few] { $charges } заряда
   *[many] { $charges } зарядов
}
and-charge-used = { $who } тратит заряд { $artifact }: осталось { $charges } из { $max }
and-accomplishment-heat = { $who } тратит Очко Свершения на 2 Накала (осталось { $left })
and-accomplishment-remove = { $who } тратит Очко Свершения, чтобы снять с себя состояние (осталось { $left })
and-accomplishment-restore = { $who } тратит Очко Свершения, чтобы восстановить основной стресс (осталось { $left })

## Конец боя.
and-over-heroes = Бой окончен за { $rounds ->
    [one] { $rounds } раунд
    [few] { $rounds } раунда
   *[many] { $rounds } раундов
}: побеждают герои
and-over-enemies = Бой окончен за { $rounds ->
    [one] { $rounds } раунд
    [few] { $rounds } раунда
   *[many] { $rounds } раундов
}: побеждают противники
and-over-draw = Бой окончен за { $rounds ->
    [one] { $rounds } раунд
    [few] { $rounds } раунда
   *[many] { $rounds } раундов
} без победителя

## Итог.
state-active = в строю
state-unconscious = без сознания
state-dead = мёртв
track-main_stress = основной стресс
counter-heat_gained = получено Накала
counter-accomplishment_points = осталось Очков Свершения
counter-exhaustion = Истощение
counter-damage_dealt = нанесено урона
counter-damage_taken = получено урона

## Отказы.
and-refuse-no-grab = { $who } никого не держит в захвате
and-refuse-not-hidden = у { $who } нет состояния Скрыт
and-refuse-no-artifact = у { $who } нет артефакта «{ $artifact }»
and-refuse-not-ally = { $ally } — не другой союзник в строю
and-refuse-help-none = у { $ally } нет состояния { $condition ->
    [vulnerable] Уязвим
    [weakened] Ослаблен
    [immobilized] Обездвижен
    [grabbed] Схвачен
    [hidden] Скрыт
    [invisible] Невидим
   *[exhaustion] Истощение
}, которое эффект позволяет снять Помощью союзнику
and-refuse-save-none = у { $who } нет состояния { $condition ->
    [vulnerable] Уязвим
    [weakened] Ослаблен
    [immobilized] Обездвижен
    [grabbed] Схвачен
    [hidden] Скрыт
    [invisible] Невидим
   *[exhaustion] Истощение
}, которое эффект позволяет снять спасброском
and-refuse-shake-grab = захват — не путы: Снятия продолжительного эффекта здесь недостаточно, нужно вырваться (действие)
and-refuse-shake-none = у { $who } нет состояния { $condition ->
    [vulnerable] Уязвим
    [weakened] Ослаблен
    [immobilized] Обездвижен
    [grabbed] Схвачен
    [hidden] Скрыт
    [invisible] Невидим
   *[exhaustion] Истощение
}, которое можно снять маневром
and-refuse-not-readyable = { $ability } — не действие против противников (области нацеливают в точку), его нельзя подготовить
and-refuse-exhaustion-stays = Истощение снимается только по условию своего источника (длительный отдых, медпомощь), но не тратой Очка Свершения
and-refuse-not-bearing = у { $who } нет состояния { $condition ->
    [vulnerable] Уязвим
    [weakened] Ослаблен
    [immobilized] Обездвижен
    [grabbed] Схвачен
    [hidden] Скрыт
    [invisible] Невидим
   *[exhaustion] Истощение
}
and-refuse-over = бой окончен
and-refuse-not-your-turn = сейчас не ход { $who }
and-refuse-not-area = { $ability } — не способность по площади: она берёт цели, а не точку
and-refuse-loaded = { $artifact } уже заряжен
and-refuse-heat-once = Очко Свершения можно обменять на Накал только один раз за боевую сцену
and-refuse-no-main-stress = у { $who } нет основного стресса, который можно восстановить
and-refuse-heroes-only = Очки Свершения тратят только герои
and-refuse-no-points = у { $who } нет Очков Свершения
and-refuse-cannot-act = { $who }: { $status ->
    [active] в строю
    [dead] мёртв
   *[unconscious] без сознания
}, действовать нельзя
and-refuse-off-turn = сейчас не ход { $who }: действия и маневры совершают в свой ход
and-refuse-action-spent = у { $who } действие в этом ходу уже потрачено
and-refuse-maneuver-spent = у { $who } маневр в этом ходу уже потрачен
and-refuse-reaction-spent = у { $who } не осталось реакции: она обновляется в начале своего хода
and-refuse-not-enemy = { $target } — не противник для { $who }
and-refuse-out = { $target } выбыл из строя
and-refuse-hidden-target = у { $target } состояние Скрыт: противники не знают, где находится цель, и не могут её атаковать
and-refuse-turn-running = ход { $who } ещё идёт: сначала завершите его
and-refuse-wrong-side = сейчас очередь { $side ->
    [enemies] противников
   *[heroes] героев
}, а { $who } на стороне { $own ->
    [enemies] противников
   *[heroes] героев
}
and-refuse-cannot-turn = { $who }: { $status ->
    [active] в строю
    [dead] мёртв
   *[unconscious] без сознания
}, ходить нельзя
and-refuse-no-turns = у { $who } в этом раунде не осталось ходов
and-refuse-area-at = { $ability } — способность по площади: нацельте её в точку, а не на цели
and-refuse-heat-cost = { $ability } стоит Накала: { $cost }, а у { $who } его { $heat }
and-refuse-empty = { $artifact } разряжен: сначала Перезарядка (маневр)
and-refuse-two-hands = { $ability } требует обеих рук, а { $who } держит захват
and-refuse-self-only = { $ability } действует только на применяющего
and-refuse-target-count = { $ability }: целей от 1 до { $max } (названо { $got })
and-refuse-twice = одна и та же цель названа дважды
and-refuse-not-active-ally = { $target } — не союзник в строю
and-refuse-out-of-range = { $target } вне дальности: { $ability } достаёт на { $range } м
and-refuse-holds-already = { $who } уже держит захват: цель может быть только одна
and-refuse-already-held = { $target } уже кто-то держит
and-refuse-held-cannot-grab = Схваченный или Обездвиженный не может держать захват
and-refuse-grab-reach = { $target } вне досягаемости (захват достаёт на { $reach } м)
and-refuse-escape-skill = вырываются навыком «{ $might }» или «{ $agility }», а не «{ $skill }»
and-refuse-not-grabbed = у { $who } нет состояния Схвачен
and-refuse-improvised-defense = импровизированная атака называет защиту цели: Стойкость, Контроль или Воля
and-refuse-improvised-no-target = защита нужна для атаки: назовите цель или дайте ранг задачи для проверки
and-refuse-improvised-difficulty = защита цели заменяет ранг задачи: при цели ранг задачи не указывают
and-refuse-improvised-damage = проверка без цели — не атака: урон и дальний бой требуют цели
and-refuse-already-hidden = у { $who } уже есть состояние Скрыт
and-refuse-cannot-hide = { $who } не может получить состояние Скрыт: { $why ->
    [grabbed] его держит захвативший
   *[holding] он держит захват, и схваченный знает, где он
}
and-refuse-not-active-enemy = { $id } — не противник в строю
and-refuse-no-enemy = нет противника в строю, от которого можно скрыться
and-refuse-not-hidden-enemy = { $target } — не скрытый противник
and-refuse-not-area-ability = { $ability } — не способность по площади
and-refuse-at-bounds = точка: координаты в метрах, не дальше ±{ $max } по каждой оси
and-refuse-direction = { $ability }: линия или конус начинаются у применяющего; точка должна отличаться от позиции { $who }, чтобы задать направление
and-refuse-circle-range = точка вне дальности: { $ability } ставит круг не дальше { $range } м
and-refuse-area-needs-point = { $ability } — способность по площади: нацельте её в точку, действует на всех внутри
and-refuse-area-give-point = { $ability } — способность по площади: укажите точку, куда она нацелена
and-refuse-wait-provoked = сначала { $who } должен совершить провоцированную атаку по { $whom } или отказаться от неё
and-refuse-wait-ready = сначала { $who } должен выполнить или придержать подготовленное действие против { $whom }
and-refuse-no-ready-now = сейчас не срабатывает ни одно подготовленное действие { $who }
and-refuse-ready-gone = подготовленное действие больше не может сработать
and-refuse-no-provoked-now = сейчас { $who } не предложена провоцированная атака
and-refuse-provoked-ability = { $ability } не может быть провоцированной атакой { $who } по { $target }: нужна атака ближнего боя действием, без площади, достающая до { $target } и доступная сейчас
and-refuse-bounds = координаты в метрах, не дальше ±{ $max } по каждой оси
and-refuse-speed-zero = у { $who } состояние { $condition ->
    [vulnerable] Уязвим
    [weakened] Ослаблен
    [immobilized] Обездвижен
    [grabbed] Схвачен
    [hidden] Скрыт
    [invisible] Невидим
   *[exhaustion] Истощение
}: скорость равна 0
and-refuse-holding-step = держа захват, перемещаться можно только маневром Шаг, таща цель с собой
and-refuse-too-far = { $who } может пройти так не больше { $limit } м
and-refuse-no-ability = у { $who } нет способности «{ $id }»
and-refuse-no-participant = участника «{ $id }» нет
