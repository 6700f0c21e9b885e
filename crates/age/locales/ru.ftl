# AGE (The Expanse / Modern AGE): строки журнала боя, итог, отказы. Термины — из памятки.

## Части броска.
age-dice = { $a } + { $b } + Куб Драмы { $drama }
age-plus = + { $what } { $value }
age-minus = − { $what } { $value }
age-focus = фокус
age-hit = попадание
age-miss = промах
age-success = успех
age-failure = провал
age-reaches = { $total } ≥ { $against } { $value }: { $result }
age-falls-short = { $total } < { $against } { $value }: { $result }
age-defense = Защита
age-tn = СЛ
age-sp = ; дубль: { $sp } ОП
age-sp-stunt-attack = ; { $sp } ОП (атака приёмом)

## Навыки.
age-ability-accuracy = Точность
age-ability-communication = Общение
age-ability-constitution = Телосложение
age-ability-dexterity = Ловкость
age-ability-fighting = Ближний бой
age-ability-intelligence = Интеллект
age-ability-perception = Восприятие
age-ability-strength = Сила
age-ability-willpower = Сила воли

## Модификаторы.
age-term-circumstance = обстоятельства
age-term-conditions = состояния
age-term-armour = штраф брони
age-term-guarded-stance = Осторожная стойка
age-term-aim = Прицеливание
age-term-charge = Натиск
age-term-prone-target = цель лежит
age-term-range = дальше дальности

## Состояния.
age-condition-fatigued = Устал
age-condition-exhausted = Обессилен
age-condition-injured = Потрёпан
age-condition-wounded = Ранен
age-condition-dying = Умирает
age-condition-prone = Лёжа
age-condition-unconscious = Без сознания
age-condition-helpless = Беспомощен
age-condition-restrained = Скован
age-condition-slowed = Замедлен
age-condition-blinded = Ослеплён
age-condition-deafened = Оглушён

## Приёмы.
age-stunt-skirmish = Стычка
age-stunt-duck_and_weave = Уклонение
age-stunt-take_cover = В укрытие
age-stunt-momentum = Инерция
age-stunt-knock_prone = Сбить с ног
age-stunt-lightning_attack = Молниеносная атака
age-stunt-vicious_blow = Жестокий удар
age-stunt-lethal_blow = Смертельный удар
age-stunt-short_burst = Короткая очередь
age-stunt-long_burst = Длинная очередь
age-stunt-defend = Оборона
age-stunt-guarded_stance = Осторожная стойка

## Стороны и причины.
age-side-party = отряд
age-side-opponents = противники
age-reason-dead = мёртв
age-reason-taken-out = выведен из строя
age-reason-helpless = Беспомощен
age-unarmed = голые руки

## Строки.
age-initiative = { $name }: инициатива { $roll } = { $total }
age-round = — раунд { $round }: { $order }
age-turn = ход: { $name }
age-turn-skipped = { $name } не может действовать ({ $reason })
age-turn-ended = { $name } заканчивает ход
age-dying-tick = { $name } умирает: Телосложение падает до { $constitution }
age-died = { $name } погибает
age-ready-lost = подготовленная атака { $name } потеряна
age-moved-move = { $name }: Движение с { $from } м на { $to } м
age-moved-run = { $name }: Бег с { $from } м на { $to } м
age-moved-charge = { $name }: Натиск с { $from } м на { $to } м
age-moved-pursue = { $name }: Наступление с { $from } м на { $to } м
age-moved-skirmish = { $name }: Стычка переносит с { $from } м на { $to } м
age-moved-push = { $name } отталкивается: с { $from } м на { $to } м
age-moved-drift = { $name } дрейфует с { $from } м на { $to } м
age-attack-melee = { $attacker }: атака в ближнем бою по { $target } ({ $weapon }): { $roll } = { $check }{ $sp }
age-attack-ranged = { $attacker }: дистанционная атака по { $target } ({ $weapon }): { $roll } = { $check }{ $sp }
age-attack-heavy = { $attacker }: сильная атака по { $target } ({ $weapon }): { $roll } = { $check }{ $sp }
age-attack-stunt = { $attacker }: атака приёмом по { $target } ({ $weapon }): { $roll } = { $check }{ $sp }
age-attack-charge = { $attacker }: Натиск на { $target } ({ $weapon }): { $roll } = { $check }{ $sp }
age-attack-lightning = { $attacker }: Молниеносная атака по { $target } ({ $weapon }): { $roll } = { $check }{ $sp }
age-attack-readied = { $attacker }: подготовленная атака по { $target } ({ $weapon }): { $roll } = { $check }{ $sp }
age-jammed = у { $name } заклинило оружие { $weapon } или кончились патроны (промах и 6 на Кубе Драмы)
age-high-capacity = оружие { $weapon } у { $name } заклинило бы, но «Высокая ёмкость» игнорирует первый раз
age-decompression = выстрел попадает в стенку: 1d6 = { $die }, { $decompressed ->
    [yes] 1–2: разгерметизация отсека
   *[no] 3–6: стенка держит
}
age-stunts-forgone = { $attacker } не тратит { $earned } ОП
age-stunts-spent = { $attacker } тратит { $spent } из { $earned } ОП: { $list }
age-stunt-bought = { $stunt } ({ $points } ОП)
age-stand-firm = Устоять против приёма «{ $stunt }»: встречная Сила (Мощь) { $first } против Силы (Мощь) или Ловкости (Акробатика) цели { $second }{ $decided } — { $held ->
    [yes] устоял
   *[no] не устоял
}
age-opposed-side = { $dice } { $sign } { $bonus } = { $total }
age-decided-drama-die = ; суммы равны: выше Куб Драмы
age-decided-ability = ; суммы и Кубы Драмы равны: выше навык
age-decided-tie = ; ничья
age-damage-roll = урон по { $target }: { $dice } ({ $faces }){ $extra }{ $bonus } = { $total }
age-damage-roll-grenade = урон гранаты всем в радиусе: { $dice } ({ $faces }){ $extra }{ $bonus } = { $total }
age-damage-extra = { " " }+ кубы приёмов ({ $faces })
age-damage-bonus = { " " }{ $sign } { $value } бонус урона
age-damage = { $target } получает { $raw } урона − Выносливость { $toughness }: { $lost } из Удачи { $before } → { $after }{ $absorbed }
age-absorbed = , { $condition } поглощает до 1d6 = { $amount }
age-condition-gained = { $name }: теперь { $condition }
age-condition-chain = { $name }: { $condition } → { $reached }
age-condition-removed = { $name }: больше не { $condition }
age-taken-out = { $name } выведен из строя
age-defense-bonus = { $name }: +{ $bonus } к Защите{ $ranged ->
    [yes] { " " }против дистанционных атак
   *[no] {""}
} ({ $source })
age-momentum = инициатива { $name } растёт до { $initiative } (Инерция)
age-minor-aim = { $name }: Прицеливание, +1, если следующее действие — атака
age-minor-activate = { $name }: Активация — { $detail }
age-minor-ready = { $name }: Подготовка атаки по { $detail }
age-minor-take_up = { $name }: Взять в руки — { $detail }
age-minor-reload = { $name }: перезарядка — { $detail }
age-minor-stand_firm = { $name }: Устоять до следующего хода
age-grenade = { $thrower } бросает гранату: { $roll } = { $check }; взрыв на { $detonation } м{ $deviation ->
    [0] {""}
   *[other] { " " }(отклонение { $deviation } м)
}, задеты: { $caught }
age-nobody = никто
age-lightning-lost = Молниеносной атаке { $attacker } некого достать
age-first-aid = { $medic } оказывает первую помощь { $target }: { $roll } = { $check }
age-test = { $name }: проверка ({ $ability }): { $roll } = { $check }
age-test-free = { $name }: проверка ({ $ability }): { $roll } = { $total }
age-won = побеждают { $side } за { $rounds ->
    [one] { $rounds } раунд
    [few] { $rounds } раунда
   *[many] { $rounds } раундов
}
age-draw = нет победителя за { $rounds ->
    [one] { $rounds } раунд
    [few] { $rounds } раунда
   *[many] { $rounds } раундов
}

## Итог.
state-standing = в строю
state-taken-out = выведен из строя
state-dying = Умирает
state-dead = мёртв
track-fortune = Удача
counter-stunt-points = потрачено ОП

## Отказы.
age-refuse-not-your-turn = сейчас ход { $actor }, а не { $name }
age-refuse-nobody = нет участника по имени «{ $name }»
age-refuse-over = бой окончен
age-refuse-major-used = основное действие этого хода уже использовано (ход: 1 основное + 1 второстепенное или 2 второстепенных)
age-refuse-two-minors = совершено два второстепенных действия, основного в этом ходу не осталось
age-refuse-no-minor = второстепенного действия в этом ходу не осталось (ход: 1 основное + 1 второстепенное или 2 второстепенных)
age-refuse-ran = после Бега других действий в этот ход нет, даже второстепенного
age-refuse-out-of-reach = { $target } в { $distance } м; для ближнего боя цель должна быть в пределах { $reach } м
age-refuse-spend-first = { $attacker } должен сначала потратить (или не тратить) ОП последней атаки
age-refuse-self = нельзя атаковать самого себя
age-refuse-same-side = { $target } на той же стороне, что и { $attacker }
age-refuse-out-of-fight = { $target } уже выведен из строя
age-refuse-no-ranged = у { $name } в руках нет дистанционного оружия (сначала «Взять в руки»)
age-refuse-jammed = у { $name } оружие { $weapon } заклинило или пусто; сначала перезарядка (второстепенное действие)
age-refuse-run-whole-turn = Бег занимает весь ход: других действий до и после него нет
age-refuse-stance-late = Осторожную стойку объявляют до основного действия
age-refuse-pursue = Наступление возможно только после успешной ближней атаки в этот ход по цели, которая теперь вне досягаемости
age-refuse-no-item = у { $name } нет предмета «{ $item }»
age-refuse-take-up-grenade = { $name } должен сначала «Взять в руки» гранату (или держать гранатомёт)
age-refuse-none-left = у { $name } не осталось: { $item }
age-refuse-blinded = { $name }: Ослеплён; для дистанционной атаки нужна видимость
age-refuse-grenade-tn = ГМ может повысить СЛ броска гранаты выше { $tn }, но не понизить
age-refuse-defend-after-stance = в этот ход объявлена Осторожная стойка; Оборона вместе с ней невозможна
age-refuse-stance-with-defend = Осторожная стойка невозможна в ход с Обороной
age-refuse-stance-bonus = Осторожная стойка даёт +1 или +2, а не { $bonus }
age-refuse-no-run = { $name }: { $condition ->
    [Prone] Лёжа
    [Fatigued] Устал
    [Exhausted] Обессилен
    [Slowed] Замедлен
   *[Restrained] Скован
} — Бег невозможен
age-refuse-no-charge = { $name }: { $condition ->
    [Prone] Лёжа
    [Fatigued] Устал
    [Exhausted] Обессилен
    [Slowed] Замедлен
   *[Restrained] Скован
} — Натиск невозможен
age-refuse-run-too-far = Бег — до удвоенной Скорости, { $max } м, а не { $distance } м
age-refuse-move-too-far = { $name } может пройти этим Движением { $budget } м, а не { $distance } м
age-refuse-aid-not-dying = первая помощь здесь — для тех, кто Умирает; { $target } не Умирает
age-refuse-aid-reach = { $target } вне досягаемости для первой помощи
age-refuse-push-free-fall = толчок возможен только в свободном падении
age-refuse-free-fall = { $name } в свободном падении без точек опоры (поручни, магбутсы) и маневрового ранца; возможен только толчок
age-refuse-not-prone = { $name } не Лёжа
age-refuse-already-prone = { $name } уже Лёжа
age-refuse-unconscious = { $name }: Без сознания
age-refuse-cannot-act = { $name } не может действовать
age-refuse-ready-same-side = { $target } на той же стороне
age-refuse-not-jammed = у { $name } оружие в руках не заклинило и не пусто
age-refuse-grenade-attack = гранату бросают или запускают в точку (бросок гранаты, а не атака по цели)
age-refuse-no-readied = у { $name } нет Подготовленного действия
age-refuse-interrupt-own = Подготовленное действие прерывает чужой ход, а не свой
age-refuse-absorb-first = { $name } должен сначала решить, принять ли состояние { $condition ->
    [Injured] Потрёпан
   *[Wounded] Ранен
}, чтобы поглотить урон
age-refuse-absorb-whose = решение о поглощении урона принимает { $name }
age-refuse-nothing-to-absorb = поглощать нечего: выбор предлагается после урона сверх Удачи
age-refuse-no-stunt-points = тратить нечего: ОП дают только успешная атака с дублем
age-refuse-stunt-owner = эти ОП принадлежат { $name }
age-refuse-stunt-attack-spend = атака приёмом должна потратить на приёмы хотя бы 1 ОП
age-refuse-lightning-chain = ОП Молниеносной атаки не покупают ещё одну Молниеносную атаку (в настройках правил цепочки Молниеносных атак выключены)
age-refuse-lightning-target = цель Молниеносной атаки — противник
age-refuse-stunt-no-target = приём «{ $stunt }» не выбирает цель
age-refuse-test-limits = модификатор и СЛ проверки должны лежать в пределах ±{ $limit }
age-refuse-position = позиция { $at } м дальше ±{ $max } м
age-refuse-out-of-range = цель в { $distance } м — дальше предельной дальности { $max } м
age-refuse-no-stunt = в таблице приёмов нет приёма «{ $stunt }»
age-refuse-stunt-once = приём «{ $stunt-ru }» покупают не больше одного раза за атаку
age-refuse-stunt-automatic = для приёма «{ $stunt-ru }» нужно автоматическое оружие
age-refuse-stunt-cost = приём «{ $stunt-ru }» стоит { $cost } ОП, а не { $points }
age-refuse-overspent = тратится { $spent } ОП, а получено только { $earned }
age-refuse-advanced-tn = продлённой проверке нужна СЛ для каждого броска
age-refuse-advanced-threshold = порог успеха — { $threshold }; допустимо от 1 до { $max }
age-refuse-advanced-rolls = наибольшее число бросков — { $rolls }; допустимо от 1 до { $max }
age-refuse-never-finishes = ни один бросок этой продлённой проверки не может быть удачным, так что она никогда не завершится
age-refuse-finish-within = вероятность завершения точна только до { $max } { $max ->
    [one] броска
   *[other] бросков
}, а не до { $rolls }
