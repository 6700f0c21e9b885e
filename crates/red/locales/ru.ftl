# RED (в духе Cyberpunk RED): строки журнала боя, итог, отказы. Термины — из текста правил
# («Бой»: Реакция, Скорость, раунд, ход, перемещение, действие, очередь, броня, смертельное
# ранение, Отложить действие …), где он молчит — устоявшиеся русские термины Cyberpunk RED.

## Части броска.
red-first = { $what } { $value }
red-plus = + { $what } { $value }
red-minus = − { $what } { $value }
red-plus-die = + { $die }
red-d10 = d10 { $n }
red-d10-up = d10 { $n } + критический d10 { $extra }
red-d10-down = d10 { $n } − критический d10 { $extra }
red-term-armor = штраф брони
red-term-wound = раны
red-term-injury = травмы
red-term-aimed = прицельный выстрел
red-term-modifier = модификатор
red-tie = { $result } (ничья — в пользу защищающегося)
red-hit = попадание
red-miss = промах
red-success = успех
red-failure = провал
red-stabilized = кровь остановлена
red-holds = выдерживает
red-pinned = не выдерживает

## Характеристики.
red-stat-ref = Реакция
red-stat-dex = Ловкость
red-stat-body = Телосложение
red-stat-will = Воля
red-stat-move = Скорость
red-stat-tech = Техника
red-stat-int = Интеллект
red-stat-cool = Хладнокровие

## Навыки.
red-skill-accounting = Бухгалтерия
red-skill-acting = Актёрское мастерство
red-skill-air_vehicle_tech = Ремонт авиатехники
red-skill-animal_handling = Обращение с животными
red-skill-archery = Стрельба из лука
red-skill-athletics = Атлетика
red-skill-autofire = Автоматический огонь
red-skill-basic_tech = Базовая техника
red-skill-brawling = Драка
red-skill-bribery = Подкуп
red-skill-bureaucracy = Бюрократия
red-skill-business = Бизнес
red-skill-composition = Сочинительство
red-skill-conceal_reveal_object = Спрятать или найти предмет
red-skill-concentration = Концентрация
red-skill-contortionist = Гибкость
red-skill-conversation = Беседа
red-skill-criminology = Криминология
red-skill-cryptography = Криптография
red-skill-cybertech = Кибертехника
red-skill-dance = Танцы
red-skill-deduction = Дедукция
red-skill-demolitions = Взрывное дело
red-skill-drive_land_vehicle = Вождение
red-skill-education = Образование
red-skill-electronics_security_tech = Электроника и системы безопасности
red-skill-endurance = Выносливость
red-skill-evasion = Уклонение
red-skill-first_aid = Первая помощь
red-skill-forgery = Подделка
red-skill-gamble = Азартные игры
red-skill-handgun = Пистолеты
red-skill-heavy_weapons = Тяжёлое оружие
red-skill-human_perception = Понимание людей
red-skill-interrogation = Допрос
red-skill-land_vehicle_tech = Ремонт наземного транспорта
red-skill-language = Язык
red-skill-leadership = Лидерство
red-skill-library_search = Поиск информации
red-skill-lip_reading = Чтение по губам
red-skill-local_expert = Знание района
red-skill-martial_arts = Боевые искусства
red-skill-melee_weapon = Холодное оружие
red-skill-paint_draw_sculpt = Изобразительное искусство
red-skill-paramedic = Парамедицина
red-skill-perception = Внимательность
red-skill-personal_grooming = Уход за собой
red-skill-persuasion = Убеждение
red-skill-photography_film = Фото и видео
red-skill-pick_lock = Вскрытие замков
red-skill-pick_pocket = Карманная кража
red-skill-pilot_air_vehicle = Пилотирование авиатехники
red-skill-pilot_sea_vehicle = Управление судном
red-skill-play_instrument = Игра на инструменте
red-skill-resist_torture_drugs = Стойкость к пыткам и наркотикам
red-skill-riding = Верховая езда
red-skill-science = Наука
red-skill-sea_vehicle_tech = Ремонт судов
red-skill-shoulder_arms = Винтовки
red-skill-stealth = Скрытность
red-skill-streetwise = Знание улиц
red-skill-tactics = Тактика
red-skill-tracking = Выслеживание
red-skill-trading = Торговля
red-skill-wardrobe_and_style = Гардероб и стиль
red-skill-weaponstech = Оружейник
red-skill-wilderness_survival = Выживание в дикой природе

## Оружие по умолчанию (по имени, которое дал ему персонаж) и строки таблицы СЛ.
red-weapon-medium-pistol = средний пистолет
red-weapon-heavy-pistol = тяжёлый пистолет
red-weapon-very-heavy-pistol = очень тяжёлый пистолет
red-weapon-smg = пистолет-пулемёт
red-weapon-heavy-smg = тяжёлый пистолет-пулемёт
red-weapon-shotgun = дробовик
red-weapon-assault-rifle = штурмовая винтовка
red-weapon-sniper-rifle = снайперская винтовка
red-weapon-bow = лук
red-weapon-grenade-launcher = гранатомёт
red-weapon-rocket-launcher = ракетомёт
red-weapon-grenade = граната
red-weapon-light-melee = лёгкое холодное оружие
red-weapon-medium-melee = среднее холодное оружие
red-weapon-heavy-melee = тяжёлое холодное оружие
red-weapon-very-heavy-melee = очень тяжёлое холодное оружие
red-row-pistol = пистолет
red-row-smg = пистолет-пулемёт
red-row-shotgun = дробовик
red-row-assault_rifle = штурмовая винтовка
red-row-sniper_rifle = снайперская винтовка
red-row-bow = лук или арбалет
red-row-grenade_launcher = гранатомёт
red-row-rocket_launcher = ракетомёт
red-row-thrown = метательное
red-row-smg_autofire = пистолет-пулемёт, очередь
red-row-assault_rifle_autofire = штурмовая винтовка, очередь
red-ammo-basic = обычные

## Инициатива, раунды, ходы.
red-initiative = { $who }: инициатива { $roll } = { $total }
red-tie-reroll = { $who } перебрасывает при равенстве: { $roll } = { $total }
red-order = Очередь: { $queue }
red-round = — Раунд { $round } —
red-round-ended = Конец раунда { $round }
red-turn = Ход: { $who }
red-turn-ended = { $who } заканчивает ход
red-joined = { $who } вступает в бой с инициативой { $initiative }: { $queue }

## Перемещение.
red-move-walk = идёт
red-move-swim = плывёт
red-move-climb = лезет
red-move-running-jump = прыгает с разбега
red-move-standing-jump = прыгает с места
red-moved = { $who } { $how }: { $from } м → { $to } м, перемещение { $cost } м, осталось { $left } м
red-moved-grid = { $who } { $how }: клетка { $from } → { $to }, перемещение { $cost } { $cost ->
    [one] клетка
    [few] клетки
   *[many] клеток
}, осталось { $left }
red-ran = { $who }: Бег — ещё { $metres } м перемещения
red-got-up = { $who } встаёт
red-prone = { $who } лежит

## Атаки.
red-evasion-asked = { $who } может уклониться от атаки { $attacker } (RED-33)
red-evades = { $who } уклоняется: Ловкость + Уклонение + d10 против атаки
red-no-evasion = { $who } не уклоняется: действует СЛ
red-how-autofire = , автоматический огонь
red-how-head = , прицельно в голову
red-how-item = , прицельно в предмет в руке
red-how-leg = , прицельно в ногу
red-attack = { $who } атакует { $target } ({ $weapon }{ $how }): { $roll } = { $total } против { $defense } → { $result }{ $ammo }
red-attack-unarmed = { $who } бьёт { $target } голыми руками{ $how }: { $roll } = { $total } против { $defense } → { $result }{ $ammo }
red-vs-dv = СЛ { $dv } ({ $row }, { $distance } м)
red-vs-evasion = Уклонения { $target }: { $roll } = { $total }
red-hit-autofire = попадание с запасом { $margin }: урон ×{ $multiplier } (не больше ×{ $cap })
red-ammo-left = ; в магазине { $left } { $left ->
    [one] патрон
    [few] патрона
   *[many] патронов
}
red-ammo-burst = ; очередь — { $spent } { $spent ->
    [one] патрон
    [few] патрона
   *[many] патронов
}, в магазине { $left }

## Урон.
red-to-head = в голову
red-to-body = в тело
red-damage = { $who } получает урон { $place }: { $chain }; { $hp }
red-damage-dice = { $count }d6 ({ $faces }) = { $rolled }
red-damage-autofire = { " " }× { $multiplier } за очередь = { $raw }
red-sp = броня { $sp }
red-sp-halved = броня { $sp } (половина от { $full }, ближний бой)
red-damage-through = { " " }− { $armour } = { $past }
red-damage-head = { " " }× { $multiplier } за голову = { $through }
red-damage-stopped = { " " }≤ { $armour }: броня держит удар
red-damage-critical = { " " }+ { $bonus } за критическую травму = { $loss }
red-damage-critical-past = , но + { $bonus } за критическую травму идёт в обход брони
red-hp = ПЗ { $before } → { $after } (максимум { $max })
red-hp-same = ПЗ без изменений: { $hp } (максимум { $max })
red-hp-dying = ПЗ { $before } → { $after } (максимум { $max }), по-прежнему смертельное ранение: спасбросок от смерти каждый ход (потеря ПЗ отменяет стабилизацию)
red-ablated-body = Броня на теле { $who } изнашивается: { $before } → { $sp }
red-ablated-head = Броня на голове { $who } изнашивается: { $before } → { $sp }
red-table-body = тела
red-table-head = головы
red-critical-injury = Критическая травма (таблица { $table }, 2d6 = { $roll }): { $who } — { $name }. { $effect }
red-critical-injury-leg = Критическая травма (прицельный выстрел в ногу): { $who } — { $name }. { $effect }
red-wounded = { $who }: { $state }{ $penalty ->
    [0] {""}
   *[other] { " " }(−{ $penalty } ко всем действиям)
}
red-wounded-mortally = { $who }: { $state } (−{ $penalty } ко всем действиям, спасбросок от смерти каждый ход)
red-death-save-survives = { $who }: спасбросок от смерти d10 { $roll } + штраф { $penalty } = { $total } < Телосложение { $body } → выживает
red-death-save-fails = { $who }: спасбросок от смерти d10 { $roll } + штраф { $penalty } = { $total }, не меньше Телосложения { $body } → провал
red-death-save-ten = { $who }: спасбросок от смерти d10 10 → провал (10 — всегда провал)
red-died = { $who } погибает
red-shield-hit = Щит { $who } принимает { $damage } урона: у щита осталось { $hp } ПЗ
red-shield-broken = Щит { $who } принимает { $damage } урона и ломается
red-shielded = { $by } принимает попадание, предназначенное { $who } (живой щит)
red-hurt-choke = { $by } душит { $who }: урон { $damage } (Телосложение) в обход брони; { $hp }
red-hurt-throw = Бросок { $by }: { $who } получает урон { $damage } (Телосложение) в обход брони; { $hp }
red-hurt-reopened = Критическая травма { $who } открывается после перемещения: урон { $damage }; { $hp }

## Другие действия.
red-drew = { $who } берёт в руку: { $weapon }
red-dropped = { $who } бросает на пол: { $weapon }
red-dropped-forced = { $who } роняет: { $weapon }
red-holstered = { $who } убирает в кобуру: { $weapon }
red-used-object = { $who } использует предмет: { $note }
red-reloaded = { $who } перезаряжает оружие ({ $weapon }): { $rounds } { $rounds ->
    [one] патрон
    [few] патрона
   *[many] патронов
} ({ $ammo })
red-skill-check = { $who }: проверка навыка «{ $skill }» { $roll } = { $total } против СЛ { $dv } → { $result }
red-resists = { $who } сопротивляется огню на подавление: { $roll } = { $total } против { $dv } → { $result }
red-task = { $who } выполняет долгое дело («{ $skill }»): ход { $done } из { $turns }
red-stabilize = { $who } стабилизирует { $target }: { $roll } = { $total } против СЛ { $dv } → { $result }
red-grab = { $who } пытается схватить { $target }: { $roll } = { $total } против { $defense_roll } = { $defense } → { $result }
red-break-free = { $who } пытается вырваться из захвата { $target }: { $roll } = { $total } против { $defense_roll } = { $defense } → { $result }
red-grab-item = , забирает: { $item }
red-thrown = { $who } швыряет { $target } на землю
red-human-shield = { $who } прикрывается { $target } как живым щитом
red-shield-taken = { $who } берёт щит
red-shield-stowed = { $who } убирает щит
red-suppress = { $who } ведёт огонь на подавление ({ $weapon }): { $roll } = { $total }{ $ammo }
red-suppressed = { $who } под подавлением: следующее перемещение уходит на поиск укрытия
red-action-target = { $action }: { $target }
red-action-attack = Атака
red-action-reload = Перезарядка
red-action-use_skill = Применить навык
red-action-stabilize = Стабилизировать
red-action-grab = Захват
red-action-choke = Удушение
red-action-throw = Бросок
red-action-human_shield = Живой щит
red-action-get_up = Встать
red-action-use_object = Использовать предмет
red-action-suppress = огонь на подавление
red-action-shield = Взять или убрать щит
red-action-maneuver = манёвр
red-action-net_action = действие в Сети
red-action-board = Сесть в транспорт
red-action-start_vehicle = завести транспорт
red-action-leave_vehicle = выйти из машины
red-action-draw = взять оружие
red-action-drop = бросить оружие
red-delay-after-turn = { $who } откладывает действие: «{ $what }» после хода { $watching }
red-delay-moves = { $who } откладывает действие: «{ $what }», как только { $watching } переместится
red-delay-triggered = Отложенное действие { $who } срабатывает
red-delay-lost = Отложенное действие { $who } пропадает: { $reason }
red-delay-lost-out = Отложенное действие { $who } пропадает: участник выбыл из боя
red-delay-lost-rule = Отложенное действие { $who } пропадает: оно больше невозможно ({ $rule })
red-delay-lapsed = Отложенное действие { $who } пропадает: условие не наступило до конца раунда
red-boarded = { $who } садится в транспорт: { $vehicle }
red-boarded-driver = { $who } садится за руль: { $vehicle }
red-vehicle-started = { $who } заводит транспорт ({ $vehicle }) и встаёт в начало очереди: { $queue }
red-left-vehicle = { $who } выходит из транспорта: { $vehicle }
red-net-action = { $who }: действие в Сети — { $what } (осталось { $left })
red-fled = { $who } сбегает
red-surrendered = { $who } сдаётся
red-over-won = Бой окончен за { $rounds } { $rounds ->
    [one] раунд
    [few] раунда
   *[many] раундов
}: { $count ->
    [one] побеждает
   *[other] побеждают
} { $winners } (у другой стороны не осталось никого, кто может сражаться)
red-over-draw = Бой окончен за { $rounds } { $rounds ->
    [one] раунд
    [few] раунда
   *[many] раундов
}: ни на одной стороне не осталось никого, кто может сражаться
red-over-limit = Бой остановлен на пределе раундов ({ $rounds }): победителя нет

## Критические травмы таблиц по умолчанию (RED-42).
red-injury-dismembered-arm = Оторванная рука
red-injury-dismembered-arm-effect = Руки больше нет: всё, что было в кисти, падает, и она больше ничего не держит. Штраф к спасброску от смерти +1.
red-injury-dismembered-hand = Оторванная кисть
red-injury-dismembered-hand-effect = Кисти больше нет: всё, что было в ней, падает, и она больше ничего не держит. Штраф к спасброску от смерти +1.
red-injury-collapsed-lung = Пробитое лёгкое
red-injury-collapsed-lung-effect = −2 к Скорости (не ниже 1). Штраф к спасброску от смерти +1.
red-injury-broken-ribs = Сломанные рёбра
red-injury-broken-ribs-effect = Перемещение больше чем на 4 м за ход снова наносит дополнительный урон критической травмы.
red-injury-broken-arm = Сломанная рука
red-injury-broken-arm-effect = Рукой нельзя пользоваться; всё, что было в кисти, падает.
red-injury-foreign-object = Инородный предмет
red-injury-foreign-object-effect = Перемещение больше чем на 4 м за ход снова наносит дополнительный урон критической травмы.
red-injury-broken-leg = Сломанная нога
red-injury-broken-leg-effect = −4 к Скорости (не ниже 1).
red-injury-torn-muscle = Порванная мышца
red-injury-torn-muscle-effect = −2 к атакам в ближнем бою.
red-injury-spinal-injury = Травма позвоночника
red-injury-spinal-injury-effect = В следующий ход нет действия (перемещение остаётся). Штраф к спасброску от смерти +1.
red-injury-crushed-fingers = Раздробленные пальцы
red-injury-crushed-fingers-effect = −4 к атакам этой рукой.
red-injury-dismembered-leg = Оторванная нога
red-injury-dismembered-leg-effect = Ноги больше нет: −6 к Скорости (не ниже 1), уклоняться нельзя. Штраф к спасброску от смерти +1.
red-injury-lost-eye = Потерянный глаз
red-injury-lost-eye-effect = −4 к дистанционным атакам и Внимательности. Штраф к спасброску от смерти +1.
red-injury-brain-injury = Травма мозга
red-injury-brain-injury-effect = −2 ко всем действиям. Штраф к спасброску от смерти +1.
red-injury-damaged-eye = Повреждённый глаз
red-injury-damaged-eye-effect = −2 к дистанционным атакам и Внимательности.
red-injury-concussion = Сотрясение мозга
red-injury-concussion-effect = −2 ко всем действиям.
red-injury-broken-jaw = Сломанная челюсть
red-injury-broken-jaw-effect = −4 к проверкам навыков, где нужна речь.
red-injury-whiplash = Хлыстовая травма
red-injury-whiplash-effect = Штраф к спасброску от смерти +1.
red-injury-cracked-skull = Трещина в черепе
red-injury-cracked-skull-effect = Урон прицельных выстрелов в голову, прошедший броню, умножается на 3. Штраф к спасброску от смерти +1.
red-injury-damaged-ear = Повреждённое ухо
red-injury-damaged-ear-effect = −2 к Внимательности; перемещение больше чем на 4 м за ход отнимает перемещение следующего хода.
red-injury-crushed-windpipe = Раздавленная трахея
red-injury-crushed-windpipe-effect = Говорить нельзя: никаких проверок навыков, где нужна речь. Штраф к спасброску от смерти +1.
red-injury-lost-ear = Потерянное ухо
red-injury-lost-ear-effect = −4 к Внимательности; перемещение больше чем на 4 м за ход отнимает перемещение следующего хода. Штраф к спасброску от смерти +1.

## Итог.
state-unhurt = без ран
state-lightly-wounded = лёгкое ранение
state-seriously-wounded = тяжёлое ранение
state-mortally-wounded = смертельное ранение
state-stabilized = смертельное ранение, кровь остановлена
state-dead = смерть
state-left = вне боя
track-hp = ПЗ
counter-ammo_spent = выпущено патронов
counter-damage_dealt = нанесено урона
counter-damage_taken = получено урона
counter-critical_injuries = критических травм

## Отказы.
red-refuse-action-spent = у { $name } действие этого хода уже потрачено (ход = 1 перемещение + 1 действие)
red-refuse-no-participant = нет участника №{ $target } (всего участников: { $count })
red-refuse-no-participant-bare = нет участника №{ $target }
red-refuse-reach-stabilize = чтобы стабилизировать { $target }, нужно быть в пределах { $reach } м; { $target } в { $distance } м
red-refuse-reach-grab = для захвата { $target } должен быть в пределах { $reach } м; { $target } в { $distance } м
red-refuse-no-evasion-waiting = ни одна дистанционная атака не ждёт решения об уклонении
red-refuse-evade-first = сначала { $defender } решает, уклоняться ли от атаки { $attacker } (команда уклонения, участник №{ $index })
red-refuse-fight-over = бой окончен; команд больше нет
red-refuse-not-your-turn = сейчас ход { $actor }, а не { $name }: очередь инициативы не меняется
red-refuse-no-shield = у { $name } нет щита
red-refuse-shield-in-hand = щит { $name } уже в руке
red-refuse-shield-stowed = щит { $name } уже убран
red-refuse-no-hand-shield = у { $name } нет свободной руки для щита
red-refuse-not-in-hand = у { $name } оружие не в руке: { $weapon }
red-refuse-delay-command = конец хода, выход из боя, вступление в бой и уклонение нельзя отложить
red-refuse-run-first = Бег — второе перемещение: он возможен только после перемещения в этот ход
red-refuse-two-attacks = у { $name } уже две атаки в этот ход: за ход — не больше двух атак
red-refuse-not-prone = { $name } не лежит
red-refuse-not-at-hand = у { $name } нет под рукой оружия, чтобы его взять: { $weapon }
red-refuse-no-hand-weapon = у { $name } нет свободной руки для оружия ({ $weapon }, нужно рук: { $need })
red-refuse-no-weapon = у { $name } нет оружия №{ $index } (всего оружия: { $count })
red-refuse-prone-move = { $name } лежит и не может перемещаться: сначала «Встать» (действие)
red-refuse-held = { $name } в захвате и не может перемещаться
red-refuse-aboard = { $name } в транспорте: сначала выйти из него
red-refuse-already-at = { $name } уже на отметке { $to } м
red-refuse-move-cost = { $distance } м { $mode ->
    [walk] шагом
    [swim] вплавь
    [climb] лазанием
    [running_jump] прыжком с разбега
   *[standing_jump] прыжком с места
} стоят { $cost } м перемещения; у { $name } в этот ход осталось { $left } м
red-refuse-no-ammo-needed = оружию не нужны патроны: { $weapon }
red-refuse-reload-in-hand = для перезарядки оружие { $name } должно быть в руке: { $weapon }
red-refuse-no-spare = у { $name } нет запасных патронов ({ $kind }, { $calibre }) для перезарядки: { $weapon }
red-refuse-full = оружие { $name } уже полностью заряжено: { $weapon }
red-refuse-no-stat = «{ $stat }» — не характеристика (ref, dex, body, will, move, tech, int, cool)
red-refuse-task-turns = дело занимает от 1 до 1000 ходов
red-refuse-mute = { $name } не может говорить (критическая травма): проверка «{ $skill }» невозможна
red-refuse-stabilize-target = { $name } — не живой персонаж со смертельным ранением, которого ещё не стабилизировали
red-refuse-grab-whom = схватить можно только другого участника, который ещё в бою
red-refuse-snatch-not-in-hand = у { $name } оружие не в руке, вырвать его нельзя: { $weapon }
red-refuse-holds-someone = { $name } уже держит кого-то в захвате
red-refuse-no-hand-grab = у { $name } нет свободной руки для захвата
red-refuse-holds-no-one = { $name } никого не держит: сначала «Захват»
red-refuse-delay-watch = условие отложенного действия должно следить за другим участником боя
red-refuse-delay-action = отложить можно действие (атаку, перезарядку, навык, стабилизацию, захват …), но не перемещение, Бег, запуск транспорта, другое отложенное действие или конец хода
red-refuse-delay-own = отложенное действие должно быть действием того, кто его откладывает
red-refuse-delay-one = одновременно может ждать только одно отложенное действие
red-refuse-self = { $name }: атаковать самого себя нельзя
red-refuse-gone = { $name } уже не участвует в бою
red-refuse-draw-first = у { $name } оружие не в руке: сначала взять его ({ $weapon })
red-refuse-weapon-or-style = атака называет либо оружие, либо стиль без оружия — не оба и не ни одного
red-refuse-aimed-autofire = прицельный выстрел — одиночная атака, а не автоматический огонь
red-refuse-no-autofire = { $weapon }: автоматический огонь невозможен
red-refuse-rounds = у { $name } в оружии ({ $weapon }) { $loaded } { $loaded ->
    [one] патрон
    [few] патрона
   *[many] патронов
}, а нужно { $rounds }: перезарядка
red-refuse-no-evade = { $name } не может уклоняться от дистанционных атак: нужна Реакция { $need } (сейчас { $has })
red-refuse-melee-autofire = в ближнем бою автоматического огня нет
red-refuse-melee-reach = { $name } в { $distance } м; ближний бой достаёт на { $reach } м
red-refuse-rof-one = действие { $name } ушло на атаку оружием со скорострельностью 1; вторая атака требует скорострельности 2 (из двух стволов со скорострельностью 1 за одно действие не выстрелить)
red-refuse-second-rof = вторая атака за одно действие требует оружия со скорострельностью 2 и одиночного выстрела; { $weapon } — нет
red-refuse-no-suppress = { $weapon }: огонь на подавление невозможен
red-refuse-suppress-rounds = в оружии ({ $weapon }) { $loaded } { $loaded ->
    [one] патрон
    [few] патрона
   *[many] патронов
}; для огня на подавление нужно { $need }
red-refuse-not-in-hand-bare = оружие не в руке: { $weapon }
red-refuse-two-characters = для боя нужно не меньше двух персонажей
red-refuse-no-vehicle = нет транспорта №{ $vehicle }
red-refuse-aboard-already = { $name } уже в транспорте
red-refuse-board-reach = { $name } в { $distance } м от транспорта ({ $vehicle }); сесть можно с { $reach } м
red-refuse-running = транспорт уже заведён
red-refuse-start-first = сначала завести транспорт, потом манёвр
red-refuse-not-aboard = { $name } не в транспорте
red-refuse-not-driving = { $name } не за рулём
red-refuse-not-netrunner = { $name } не Нетраннер: действий в Сети нет
red-refuse-net-spent = { $name }: все действия в Сети за этот ход потрачены ({ $count })
red-refuse-delay-dropped = оружие { $name } лежит на полу: отложенная атака им никогда бы не состоялась ({ $weapon })
red-refuse-out-of-range = { $distance } м — вне дальности строки СЛ «{ $row-ru }»
