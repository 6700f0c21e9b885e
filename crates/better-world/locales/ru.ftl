# «Лучший Мир»: строки журнала боя, итог, отказы. Термины — из текста правил.

## Счёт.
bw-ones = { $n ->
    [one] { $n } единица
    [few] { $n } единицы
   *[many] { $n } единиц
}
bw-bonus-units = { $n ->
    [one] { $n } бонусная единица
    [few] { $n } бонусные единицы
   *[many] { $n } бонусных единиц
}
bw-rounds-of-ammo = { $n ->
    [one] { $n } патрон
    [few] { $n } патрона
   *[many] { $n } патронов
}

## Пулы и их слагаемые.
bw-term = { $what } { $value }
bw-pool = { $terms } = { $k }К → { $ones }
bw-capped = { " " }(не больше { $max }К)
bw-defence-of = Сложности Защиты
bw-no-terms = ничего
bw-aspect-reflexes = Рефлексы
bw-aspect-training = Тренировка
bw-aspect-constitution = Телосложение
bw-aspect-coordination = Координация
bw-aspect-sleight_of_hand = Ловкость рук
bw-aspect-perception = Восприятие
bw-aspect-concentration = Концентрация
bw-aspect-muscle_memory = Мышечная Память
bw-term-weapon = оружие
bw-term-outnumbering = численное превосходство
bw-term-first-strike = Первый Удар
bw-term-bonus = ситуативный бонус
bw-term-armour = броня
bw-term-stance = Защитная стойка
bw-term-full-defense = Глухая оборона
bw-term-range = сверх комфортной дальности
bw-term-reaction = Реакция
bw-term-extra = ситуативный модификатор
bw-term-wounds = своё ранение ({ $state })
bw-distance-near = Ближняя Дистанция
bw-distance-medium = Средняя Дистанция
bw-distance-far = Дальняя Дистанция
bw-distance-extreme = Сверхдальняя Дистанция
bw-cover-light = Легкое Укрытие
bw-cover-normal = Обычное Укрытие
bw-cover-heavy = Сильное Укрытие
bw-cover-none = без Укрытия

## Действия.
bw-action-attack-melee = Атака
bw-action-attack-ranged = Выстрел
bw-action-quick_strike = Быстрый удар
bw-action-feint_strike = Удар с финтом
bw-action-quick_shot = Быстрый выстрел
bw-action-aimed_shot = Прицеливание
bw-action-short_burst = Короткая очередь
bw-action-long_burst = Длинная очередь
bw-action-opportunity = Атака по возможности
bw-action-disarm = Разоружение
bw-action-grapple = Захват
bw-action-break_free = Освобождение

## Итог проверки.
bw-hit = попадание
bw-miss = промах
bw-success = успех
bw-failure = неудача
bw-verdict-above = { $ones } > { $against }: { $result }, { $bonus }
bw-verdict-tie-won = { $ones } = { $against }: { $result } (при равенстве успех за действующим), { $bonus }
bw-verdict-tie-lost = { $ones } = { $against }: { $result } (при равенстве успех за Сложностью), дефицит 0
bw-verdict-below = { $ones } < { $against }: { $result }, дефицит { $deficit }
bw-verdict-automatic = { $ones } против { $against }: автоматический успех (цель в Захвате или без сознания), { $bonus }
bw-deficit-hurts = ; { $actor } получает урон, равный дефициту

## Здоровье.
bw-state-healthy = Здоров
bw-state-lightly_wounded = Легко Ранен
bw-state-wounded = Ранен
bw-state-badly_wounded = Тяжело Ранен
bw-state-dying = При Смерти
bw-state-dead = Мёртв

## Строки.
bw-started = Начинается бой: { $characters }.
bw-started-first-strike = Начинается бой: { $characters }. Первый Удар до Инициативы: { $strikers }.
bw-initiative = { $actor }: Инициатива — { $aspect } { $stat } + { $k }К { $why } → { $ones } = Уровень Инициативы { $level }.
bw-initiative-flat = { $actor }: Инициатива — { $aspect } { $stat }, без модификатора = Уровень Инициативы { $level }.
bw-why-first-strike = (после Первого Удара)
bw-why-initiates = (инициирует активные действия)
bw-why-ambush = (из засады)
bw-why-exceptional = (исключительные обстоятельства)
bw-why-none = {""}
bw-placed = { $actor } на Уровне Инициативы { $level }: { $k }К (по числу уже выложенных) → { $ones } = сдвиг на { $places ->
    [one] { $places } позицию
    [few] { $places } позиции
   *[many] { $places } позиций
} с конца очереди.
bw-shuffled = Уровень Инициативы { $level } перетасован картами: { $order }.
bw-order = Порядок ходов: { $order }.
bw-joined-dice = { $actors } { $count ->
    [one] вступает
   *[other] вступают
} в бой (с помощью кубов).
bw-joined-cards = { $actors } { $count ->
    [one] вступает
   *[other] вступают
} в бой (уровни перетасованы картами).
bw-round-started = — Раунд { $round } —
bw-round-ended = Раунд { $round } окончен.
bw-turn = Ход: { $actor }.
bw-skipped-dead = { $actor } не совершает хода: персонаж убит ранее в этом раунде.
bw-skipped-unconscious = { $actor } не совершает хода: При Смерти, без сознания.
bw-skipped-concussion = { $actor } пропускает ход: Контузия.
bw-main-lost = { $actor } теряет Основное Действие этого хода: Болевой Шок.
bw-grapple-held = { $actor } тратит Дополнительное Действие, удерживая { $target }.
bw-bleeding = { $actor } При Смерти и теряет хит: { $before } → { $hits }.
bw-moved = { $actor }: Перемещение с { $from } м на { $to } м.
bw-sprinted = { $actor }: Спринт с { $from } м на { $to } м.
bw-cover-now-none = { $actor } теперь на открытой местности.
bw-cover-now = { $actor } теперь в укрытии: { $cover }, +{ $k }К к Сложности Защиты в Дальнем Бою.
bw-picked-up = { $actor } подбирает оружие: { $weapon }.
bw-engaged = { $actor } вступает в ближний бой с { $target } (сектор { $sector } из 4).
bw-disengaged = { $actor } выходит из ближнего боя с { $target }.
bw-opportunity-declined = { $actor } отпускает { $target } без Атаки по возможности.
bw-first-strike = Первый Удар! {""}
bw-attacked = { $first }{ $actor } — { $action } по { $target }: { $pool } против { $defence }: { $difficulty }; { $verdict }.
bw-contested = { $actor } — { $action }: { $pool } против { $defence }: { $difficulty }; { $verdict }.
bw-damaged = { $target }: Тривиальный Урон { $trivial } + Эффективность Оружия { $weapon } − Эффективность Брони { $armour } = Эффективный Урон { $effective }{ $floor }{ $restrained }; хиты { $before } → { $hits } из { $max }; { $health }.
bw-damaged-deficit = { $target }: урон, равный дефициту, { $effective } (броня не учитывается); хиты { $before } → { $hits } из { $max }; { $health }.
bw-floor = { " " }(не ниже 0)
bw-restrained = , Сдерживание: { $dealt }
bw-health-same = { $state }
bw-health-change = { $was } → { $state }
bw-pain-shock = { $target }: Болевой Шок — потеря Основного Действия в следующем ходу.
bw-concussion = { $target }: Контузия — полный пропуск следующего хода.
bw-dying-fainted = { $actor } При Смерти и теряет сознание.
bw-dying-conscious = { $actor } При Смерти, но сохраняет сознание: Основное Действие недоступно, +3К на все действия, по хиту в начале каждого своего хода.
bw-fainted = { $actor } ослабляет контроль и теряет сознание.
bw-died = { $actor } безвозвратно умирает.
bw-disarmed = { $actor } выбивает у { $target } оружие { $weapon }: оно падает в паре метров (d8 = { $direction }, по часовой стрелке от севера).
bw-grappled = { $actor } захватывает { $target }: цель зафиксирована и может только освобождаться.
bw-released = { $target } освобождается из Захвата ({ $actor }).
bw-defence-stance = { $actor }: Защитная стойка — +1К к защите от следующей рукопашной атаки.
bw-defence-full = { $actor }: Глухая оборона — +1К к защите от рукопашных атак до следующего хода.
bw-defence-reaction = { $actor }: Реакция — +1К к защите от дальних атак до следующего хода.
bw-reaction-lost = { $actor } в ближнем бою и лишается бонуса Реакции.
bw-ammo = { $actor } тратит { $rounds } ({ $weapon }, осталось { $left }).
bw-reloaded = { $actor } перезаряжает { $weapon } ({ $ammo }).
bw-withdrawing = { $actor } выходит из боя: раунд «вне боя».
bw-withdrawal-broken = { $actor } под атакой и пока не может выйти из боя.
bw-left = { $actor } покидает бой.
bw-passed = { $actor } отказывается от Первого Удара.
bw-turn-ended = { $actor } завершает ход.
bw-won = Бой окончен после { $rounds ->
    [one] { $rounds } раунда
   *[other] { $rounds } раундов
}: побеждают { $side }.
bw-draw = Бой окончен после { $rounds ->
    [one] { $rounds } раунда
   *[other] { $rounds } раундов
}: победителя нет.
bw-side-attackers = атакующие
bw-side-defenders = обороняющиеся

## Итог боя.
state-healthy = Здоров
state-lightly_wounded = Легко Ранен
state-wounded = Ранен
state-badly_wounded = Тяжело Ранен
state-dying = При Смерти
state-dead = Мёртв
state-left = вне боя
state-reserve = в резерве
track-health = хиты
counter-ammo_spent = потрачено патронов
counter-damage_dealt = нанесено урона
counter-damage_taken = получено урона
bw-down-since = из строя с раунда { $round }

## Отказы: какое правило нарушает команда и что было бы можно.
bw-refuse-over = бой окончен
bw-refuse-no-character = нет персонажа №{ $index }
bw-refuse-no-turn = сейчас ничей ход не идёт
bw-refuse-between-rounds = сейчас ничей ход не идёт: раунд окончен (сначала в бой вступают новые персонажи, затем начинается следующий раунд)
bw-refuse-round-running = раунд ещё идёт
bw-refuse-not-your-turn = сейчас ход { $actor }; до тех пор { $name } не действует
bw-refuse-no-first-strike = у { $name } нет Первого Удара; до Инициативы могут действовать только: { $strikers }
bw-refuse-first-strike-only = до Инициативы возможна только атака Первого Удара
bw-refuse-quick-first-strike = Первый Удар — полноценная атака, а не быстрая
bw-refuse-pass = отказаться от Первого Удара может только тот, кому он ещё предстоит
bw-refuse-held = { $name } в Захвате ({ $holder }) и может только освобождаться (Освобождение)
bw-refuse-leaving = { $name } выходит из боя: никаких боевых действий
bw-refuse-leaving-engage = выходящий из боя персонаж не может вступить в ближний бой
bw-refuse-leave-engaged = чтобы выйти из боя, сначала выйдите из ближнего боя: персонаж в ближнем бою — в зоне внимания противника
bw-refuse-not-enemy = атаки и особые действия направлены только на противника
bw-refuse-not-in-fight = { $name } не участвует в бою
bw-refuse-dying-main = { $name } При Смерти: Основное Действие недоступно (а значит, и Полное Действие)
bw-refuse-let-go = ослабить контроль и потерять сознание может только персонаж При Смерти, сохраняющий сознание
bw-refuse-main-spent = Основное Действие (ОД) этого хода уже потрачено (или потеряно из-за Болевого Шока)
bw-refuse-additional-spent = Дополнительное Действие (ДД) этого хода уже потрачено
bw-refuse-full-needs-both = для Полного Действия (ПД) нужны непотраченные Основное и Дополнительное Действия
bw-refuse-minor-spent = за ход — не больше { $max } { $max ->
    [one] Незначительного Действия
   *[other] Незначительных Действий
} (НД)
bw-refuse-situational = ситуативный бонус и дополнительная сложность — не больше 10К
bw-refuse-pool-too-large = { $what ->
    [difficulty] Сложность
   *[pool] пул
} { $n }К — слишком много: не больше { $max }К на пул
bw-refuse-no-weapon = у { $name } нет оружия №{ $weapon } (всего оружия: { $count })
bw-refuse-weapon-dropped = оружие { $name } лежит на полу после Разоружения: { $weapon }
bw-refuse-no-ranged = этим оружием нельзя атаковать в Дальнем Бою
bw-refuse-aspect = Аспект «{ $aspect-ru }» не подходит для этого оружия; подходят: { $allowed-ru }
bw-refuse-firearm-in-melee = в ближнем бою огнестрельное оружие атакует по правилам рукопашного боя: Атака, а не выстрел или очередь
bw-refuse-engage-first = для рукопашной атаки сначала нужно вступить в ближний бой с целью ({ $target }): Перемещение с вовлечением в бой
bw-refuse-not-engaged = сначала нужно вступить в ближний бой: { $actor } и { $target } не в ближнем бою друг с другом
bw-refuse-too-close = Дальний Бой — на дистанции от { $metres } м; ближе — только ближний бой
bw-refuse-empty = в оружии нет патронов: сначала перезарядка (ДД) — { $weapon }
bw-refuse-quick-after-burst = Быстрый выстрел невозможен после стрельбы очередью в том же ходу
bw-refuse-no-short-burst = у оружия нет Короткой очереди: { $weapon }
bw-refuse-short-burst-ammo = для Короткой очереди { $rounds ->
    [one] нужен { $rounds } патрон
    [few] нужно { $rounds } патрона
   *[many] нужно { $rounds } патронов
}; в оружии ({ $weapon }) осталось { $ammo }
bw-refuse-no-long-burst = у оружия нет Длинной очереди: { $weapon }
bw-refuse-long-burst-ammo = для Длинной очереди { $rounds ->
    [one] нужен { $rounds } патрон
    [few] нужно { $rounds } патрона
   *[many] нужно { $rounds } патронов
}; в оружии ({ $weapon }) осталось { $ammo }
bw-refuse-long-burst-targets = Длинная очередь поражает от 1 до { $max } { $max ->
    [one] цели
   *[other] целей
} в своём конусе
bw-refuse-each-target-once = каждая цель — только один раз
bw-refuse-burst-in-melee = нельзя стрелять очередью по тому, с кем вы в ближнем бою
bw-refuse-cone = все цели Длинной очереди должны быть в одном узком конусе (в одном направлении)
bw-refuse-no-preview-long-burst = для Длинной очереди нет предпросмотра: один бросок Атаки против нескольких Защит
bw-refuse-already-engaged = уже в ближнем бою с этой целью
bw-refuse-engage-reach = чтобы вступить в ближний бой, закончите перемещение ближе { $metres } м от цели
bw-refuse-crowded = { $name }: в ближнем бою вокруг уже { $around }; не больше { $cap } (по одному на сектор в 90°{ $cramped ->
    [yes] , в стеснённых обстоятельствах меньше
   *[no] {""}
})
bw-refuse-sector-range = секторы: 0 (спереди), 1, 2 (сзади), 3
bw-refuse-sector-taken = сектор { $sector } вокруг цели занят
bw-refuse-no-free-sector = нет свободного сектора
bw-refuse-mover-crowded = вокруг перемещающегося нет свободного сектора
bw-refuse-sector-without-engage = сектор выбирается только при перемещении с вовлечением в ближний бой (укажите, с кем)
bw-refuse-move-too-far = { $mode ->
    [sprint] Спринт
   *[move] Перемещение
} — не больше { $metres } м; запрошено { $asked } м
bw-refuse-position-range = позиции — в пределах ±100000 м
bw-refuse-opportunity-waiting = сначала { $enemy } решает, проводить ли Атаку по возможности по { $mover }
bw-refuse-no-opportunity = сейчас Атака по возможности не предлагается: её даёт только перемещение противника из зоны ближнего боя или мимо неё
bw-refuse-nothing-to-disarm = у цели в руках нет оружия, которое можно выбить
bw-refuse-not-dropped = { $name }: оружие №{ $weapon } не лежит на полу
bw-refuse-nothing-dropped = { $name }: на полу нет выбитого оружия
bw-refuse-dropped-far = оружие { $weapon } лежит на отметке { $at } м, в { $distance } м; сначала подойдите к нему ближе { $reach } м
bw-refuse-one-hold = только один Захват за раз: цель уже в Захвате или действующий уже кого-то держит
bw-refuse-not-held = Освобождение возможно только для персонажа в Захвате
bw-refuse-holds-nobody = этот персонаж никого не держит в Захвате
bw-refuse-reaction-cover = Реакция возможна только при наличии укрытия
bw-refuse-reaction-melee = в ближнем бою Реакция невозможна
bw-refuse-nothing-to-reload = в руках нет оружия для перезарядки
bw-refuse-cannot-reload = оружие нельзя перезарядить (магазин полон, нет запасного магазина или оно без патронов): { $weapon }
bw-refuse-join-mid-round = новые персонажи вступают в бой только в начале нового раунда, а не во время раунда
bw-refuse-join-nobody = укажите хотя бы одного нового персонажа
bw-refuse-not-waiting = { $name } не ждёт вступления в бой
bw-refuse-join-due = { $name } вступает в бой в раунде { $round }: сначала введите в бой новых персонажей, затем — следующий раунд
bw-refuse-dice-order-newcomer = для метода кубов нужен новый персонаж после уже выложенных
bw-refuse-order-odds = точные шансы порядка — для 1–{ $max } персонажей на одном уровне
