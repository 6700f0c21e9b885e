# «Охота»: строки журнала боя, итог, отказы. Термины — из правил «Охоты».

## Количества и броски.
hunt-dice = { $n ->
    [one] { $n } куб
    [few] { $n } куба
   *[many] { $n } кубов
}
hunt-points = { $n ->
    [one] { $n } очко повреждений
    [few] { $n } очка повреждений
   *[many] { $n } очков повреждений
}
hunt-failed = { $n ->
    [one] { $n } провален
    [few] { $n } провалены
   *[many] { $n } провалено
}
hunt-turns = { $n ->
    [one] { $n } ход
    [few] { $n } хода
   *[many] { $n } ходов
}
hunt-term = { $sign } { $n } { $what }
hunt-term-experience = Опыт { $n }
hunt-below-zero = (меньше 0: { $over } — бонус для { $to }, HUNT-08)
hunt-blind-term = − 1 атака наугад

## Откуда кубы.
hunt-src-fall = падение
hunt-src-ambush = атака из засады
hunt-src-flee = Бегство
hunt-src-pursue = Преследование
hunt-src-both_pursue = оба преследуют
hunt-src-take_cover = Поиск укрытия
hunt-src-aimed_fire = Прицельный огонь
hunt-src-onslaught = Натиск
hunt-src-barrage_fire = Шквальный огонь
hunt-src-hidden = Затаиться
hunt-src-handed = бонус от { $from } (HUNT-08)

## Тактики.
hunt-tactic-flee = Бегство
hunt-tactic-pursue = Преследование
hunt-tactic-take_cover = Поиск укрытия
hunt-tactic-aimed_fire = Прицельный огонь
hunt-tactic-onslaught = Натиск
hunt-tactic-counterattack = Контратака
hunt-tactic-hide = Затаиться
hunt-tactic-barrage_fire = Шквальный огонь
hunt-tactic-search = поиск жертвы
hunt-tactic-ambush = Атака из засады

## Дистанции, стороны.
hunt-distance-near = ближняя
hunt-distance-medium = средняя
hunt-distance-far = дальняя
hunt-at-near = ближней
hunt-at-medium = средней
hunt-at-far = дальней
hunt-side-hunter = охотник
hunt-side-prey = жертва

## Тесты (HUNT-02): пройден, когда бросок не больше показателя.
hunt-test-passed = { $stat } { $value }: выпало { $roll } ≤ { $value }, тест пройден (на { $margin } меньше показателя)
hunt-test-failed = { $stat } { $value }: выпало { $roll } > { $value }, тест провален
hunt-stat-experience = Опыт
hunt-endurance = тесты на Выносливость (пройден при ≤ { $endurance }): { $rolls } → { $failed }
hunt-endurance-none = тестов на Выносливость нет (проваленных уже достаточно для смерти)

## Начало боя.
hunt-started = Охота начинается ({ $location }): { $fighters }
hunt-started-nowhere = Охота начинается: { $fighters }
hunt-started-trap = ; в локации установлена ловушка
hunt-fighter-side = { $name } ({ $side })
hunt-versus = { " " }против{ " " }
hunt-searched-surprised = Бросок на поиск { $search } > бросок на меры предосторожности { $precautions }: нападение застаёт жертву врасплох (HUNT-03)
hunt-searched-ready = Бросок на поиск { $search } ≤ бросок на меры предосторожности { $precautions }: нападение не застаёт жертву врасплох (HUNT-04)
hunt-ambush-passed = { $fighter }: атака из засады, { $test } — бьёт первым, +1 куб к атаке
hunt-ambush-failed = { $fighter }: атака из засады, { $test } — бой начинается на дистанции, определяемой случайно

## Ход.
hunt-round = — Ход { $round }, дистанция { $distance } —
hunt-declared = { $fighter } отправляет мастеру распределение кубов и тактику
hunt-replaced = { $fighter } отправляет мастеру новое распределение кубов и тактику
hunt-window = { $fighter } контратакует и узнаёт: { $sees }
hunt-window-sees = { $opponent } тратит на Атаку { $dice }
hunt-resplit = { $fighter } меняет распределение кубов боевого потенциала
hunt-revealed = Распределение кубов { $fighter }{ $what }: Защита { $defense }, Атака { $attack }, Урон { $damage }{ $more }
hunt-revealed-weapon = , оружие { $weapon }
hunt-revealed-target = , цель { $target }
hunt-revealed-reload = , смена магазина
hunt-revealed-first-aid = , первая помощь
hunt-revealed-other = , постороннее действие
hunt-revealed-part = ; цель { $target }: Атака { $attack }, Урон { $damage }
hunt-revealed-tactic = ; тактика { $tactic }
hunt-revealed-lure = , заманивая в ловушку
hunt-revealed-give-up = , прекращая поиск
hunt-revealed-distance = , дистанция по выбору: { $distance }
hunt-revealed-initial = { " " }(перераспределение; первоначальное распределение: Защита { $defense }, Атака { $attack }, Урон { $damage })
hunt-test-hide = { $fighter } пытается затаиться: { $test }
hunt-test-hide-secret = { $fighter } пытается затаиться (бросок скрыт)
hunt-test-cover = { $fighter } ищет укрытие: { $test } → +{ $dice } { $dice ->
    [one] куб
    [few] куба
   *[many] кубов
} к Защите от стрельбы, −{ $dice } { $dice ->
    [one] куб
    [few] куба
   *[many] кубов
} к Атаке
hunt-test-cover-failed = { $fighter } ищет укрытие: { $test } → кубов укрытия нет
hunt-test-search = { $fighter } ищет жертву: { $test }
hunt-defense = Защита { $fighter }: { $count } → { $roll }{ $cover }
hunt-defense-cover = ; укрытие от стрельбы { $count } → { $roll }
hunt-defense-experience = { " " }+ Опыт { $n }

## Удары (HUNT-09 … HUNT-13).
hunt-strike = #{ $order } { $attacker } атакует { $target } ({ $weapon }): Атака { $count } → { $roll } { $check }{ $damage }
hunt-chase = #{ $order } { $attacker } преследует { $target } (оружие не достаёт): Атака { $count } → { $roll } { $check }
hunt-defense-total = Защита { $value }
hunt-defense-sum = Защита { $roll }{ $cover }{ $crossfire } = { $value }
hunt-plus-cover = { " " }+ укрытие { $n }
hunt-minus-crossfire = { " " }− перекрёстный огонь { $n }
hunt-check-hit = > { $defense }: попадание
hunt-check-miss = < { $defense }: промах
hunt-check-tie = = { $defense }: промах (для попадания Атака должна быть выше, HUNT-10)
hunt-check-reach = > { $defense }, но { $weapon } не достаёт на { $distance } дистанции
hunt-check-gone = > { $defense }, но цель убежала
hunt-check-late = > { $defense }: попадание, но { $attacker } погибает раньше
hunt-chase-gains = > { $defense }: дистанция сокращается
hunt-chase-fails = ≤ { $defense }: догнать не удаётся
hunt-damage = ; Урон { $count } → { $faces }, порог { $threshold }: { $points }{ $doubles }{ $endurance }
hunt-damage-none = ; кубов Урона нет: 0 очков повреждений{ $doubles }
hunt-doubles = ; { $count ->
    [one] дубль
   *[other] дубли
} { $values }: { $effects }
hunt-crit-fall = падение
hunt-crit-weapon_lost = потеря оружия
hunt-crit-stun = оглушение (боевой потенциал −{ $doubles } на следующем ходу)
hunt-crit-bleeding = кровотечение

## После ударов.
hunt-trap = { $fleer } заманивает { $victim } в ловушку: { $test } → { $count } → { $roll } { $check }
hunt-trap-caught = > Защита { $defense }: попадает в ловушку; { $test }{ $then }
hunt-trap-missed = ≤ Защита { $defense }: в ловушку не попадает
hunt-trap-free = : больше не будет попадаться в эту ловушку
hunt-trap-hurt = { " " }→ { $points }; { $endurance }
hunt-bled = { $fighter }: кровотечение, { $points }; { $endurance }
hunt-wounded = { $fighter }: { $failures } { $failures ->
    [one] проваленный тест
    [few] проваленных теста
   *[many] проваленных тестов
} на Выносливость за ход → { $level } (HUNT-13){ $changes }
hunt-wound-changes = : с начала следующего хода { $changes }
hunt-stat-change = { $stat } { $before } → { $after }
hunt-endurance-track = Выносливость { $before } → { $after } (максимум { $max })
hunt-stat-strength = Сила
hunt-stat-agility = Ловкость
hunt-stat-marksmanship = Меткость
hunt-level-light = легкое ранение
hunt-level-heavy = тяжелое ранение
hunt-level-maimed = увечье
hunt-level-dead = смерть
hunt-died = { $fighter } умирает
hunt-died-no-endurance = { $fighter } умирает: Выносливости не осталось (HUNT-13)
hunt-distance-changed = Дистанция меняется: { $from } → { $to }
hunt-escaped = { $fighter } убегает: Бегство с дальней дистанции удалось (HUNT-14)
hunt-hid = { $fighter } затаивается; у противника { $turns } на поиск
hunt-hid-bleeding = { $fighter } затаивается, но истекает кровью: искать можно какое угодно количество ходов
hunt-found = { $by } находит { $fighter }; бой продолжается на { $distance } дистанции
hunt-trail-lost = След { $fighter } потерян
hunt-picks-up = { $fighter } поднимает { $weapon }
hunt-drops = { $fighter } роняет { $weapon }
hunt-loses = { $fighter } теряет { $weapon } навсегда
hunt-ammo-fired = { $weapon } ({ $fighter }): боеприпасов { $before } → { $left } (в запасе { $spare })
hunt-ammo-reloaded = { $fighter }: смена магазина ({ $weapon }), боеприпасов { $before } → { $left } (в запасе { $spare })
hunt-bandaged = { $fighter } останавливает кровотечение (первая помощь)
hunt-ended-winner = Бой окончен: { $reason }; побеждает { $side }
hunt-ended = Бой окончен: { $reason }
hunt-reason-round-limit = достигнут предел ходов
hunt-reason-prey-got-away = жертва ушла
hunt-reason-prey-dead = жертва мертва
hunt-reason-hunter-gave-up = охотник прекратил поиск
hunt-reason-hunter-dead = охотник мёртв
hunt-reason-nobody = не осталось никого

## Итог.
state-unhurt = без ранений
state-light-wound = легкое ранение
state-heavy-wound = тяжелое ранение
state-maimed = увечье
state-dead = смерть
state-escaped = бегство удалось
state-trail-lost = след потерян
track-endurance = Выносливость
counter-wounds = ранений
counter-bleeding = кровотечений
counter-ammo_spent = израсходовано боеприпасов
counter-damage_dealt = нанесено очков повреждений
counter-damage_taken = получено очков повреждений

## Отказы (перед ними ставится номер правила).
hunt-refuse-split-or-target = укажите либо Атаку, Урон и цель, либо распределение между целями, но не то и другое
hunt-refuse-name-target = противников несколько: назовите цель или распределите Атаку и Урон между ними
hunt-refuse-extraneous-no-attack = при постороннем действии атаковать нельзя
hunt-refuse-extraneous-no-tactic = при постороннем действии тактику использовать нельзя
hunt-refuse-no-reload = нет оружия в руках с запасом боеприпасов для смены магазина
hunt-refuse-chase-no-damage = это преследование не может нанести удар (оружие отсюда не достаёт): кубы Атаки только сокращают дистанцию, Урон должен быть 0
hunt-refuse-needs-weapon = для атаки нужно оружие: укажите, каким оружием атаковать
hunt-refuse-hidden-stays = затаившийся персонаж остаётся в укрытии (тактика Затаиться, без атаки, или постороннее действие) или нападает из засады (тактика Атака из засады)
hunt-refuse-lure = заманить в ловушку можно только тактикой Бегство и если в локации установлена ловушка
hunt-refuse-give-up-alone = прекращая поиск, нельзя атаковать, использовать тактику или выполнять постороннее действие
hunt-refuse-give-up-nobody = никто не затаился: прекращать нечего
hunt-refuse-onslaught-near = Натиск возможен только на ближней дистанции
hunt-refuse-onslaught-melee = для Натиска нужна рукопашная атака
hunt-refuse-counterattack-near = Контратака возможна только на ближней дистанции
hunt-refuse-hide-near = затаиться на ближней дистанции нельзя
hunt-refuse-aimed-ranged = для Прицельного огня нужна дистанционная атака
hunt-refuse-barrage-ranged = для Шквального огня нужна дистанционная атака
hunt-refuse-ambush-hidden = атаковать из засады может только затаившийся персонаж
hunt-refuse-ambush-attack = атака из засады — это атака: укажите оружие и кубы Атаки
hunt-refuse-search-nobody = никто не затаился: искать некого
hunt-refuse-locked = пока открыто окно контратаки, распределения закрыты; изменить распределение может только контратакующий
hunt-refuse-resplit-one = у распределения была одна цель: укажите Атаку и Урон
hunt-refuse-resplit-split = распределение было разделено между целями: перераспределите его по целям
hunt-refuse-resplit-weapon = для атаки нужно оружие: в распределении его нет
hunt-refuse-twice = цель { $target } указана дважды в разделении между целями
hunt-refuse-no-fighter = нет персонажа по имени { $name }
hunt-refuse-not-opponent = { $name } — не противник, оставшийся в бою
hunt-refuse-dead = { $name } вне боя: смерть
hunt-refuse-escaped = { $name } вне боя: бегство удалось
hunt-refuse-gone = { $name } вне боя: след потерян
hunt-refuse-no-weapon = у { $name } нет оружия { $weapon }
hunt-refuse-extraneous-defense = при постороннем действии на Защиту можно тратить не больше половины кубов боевого потенциала: { $half } из { $pool }, заявлено { $asked }
hunt-refuse-pursue-hidden = { $name } в укрытии: преследовать некого
hunt-refuse-weapon-down = { $weapon } { $status ->
    [dropped] на земле (потеря оружия)
   *[lost] потеряно навсегда
}: использовать его в этом ходу нельзя
hunt-refuse-melee-near = рукопашный бой возможен только на ближней дистанции, а дистанция { $distance ->
    [near] ближняя
    [medium] средняя
   *[far] дальняя
}
hunt-refuse-reach = { $weapon } не достаёт на { $distance ->
    [near] ближней
    [medium] средней
   *[far] дальней
} дистанции
hunt-refuse-empty = { $weapon } без боеприпасов: нужна смена магазина (постороннее действие)
hunt-refuse-hidden-ranged = { $name } в укрытии: достать можно только дистанционной атакой наугад
hunt-refuse-tactic-no-attack = { $tactic ->
    [hide] тактика Затаиться
   *[search] поиск жертвы
} не позволяет атаковать в этом ходу
hunt-refuse-defense-cap = Защита { $dice } больше Ловкости { $cap }
hunt-refuse-attack-cap = Атака { $dice } больше Ловкости { $cap }
hunt-refuse-damage-cap = Урон { $dice } больше { $ranged ->
    [yes] Меткости (дистанционная атака)
   *[no] Силы (рукопашный бой)
} { $cap }
hunt-refuse-pool = заявлено { $spent } { $spent ->
    [one] куб
    [few] куба
   *[many] кубов
}, а кубов боевого потенциала { $pool }{ $stunned ->
    [0] {""}
   *[other] { " " }(HUNT-12: оглушение, −{ $stunned })
}{ $crowded ->
    [yes] { " " }(HUNT-26: −1 куб за каждого противника в ближнем бою, начиная со второго)
   *[no] {""}
}
hunt-refuse-fell = у { $name } на прошлом ходу было падение: в этом ходу тактику использовать нельзя
hunt-refuse-stunned = у { $name } оглушение: в этом ходу тактику использовать нельзя
hunt-refuse-unaware = нападение застало { $name } врасплох: в первом раунде тактику выбирать нельзя
hunt-refuse-no-resplit = { $name } не может менять распределение: только контратакующий и только когда окно контратаки открыто
hunt-refuse-waiting = ждём распределения кубов от { $names }
hunt-refuse-over = бой окончен: { $reason ->
    [round-limit] достигнут предел ходов
    [prey-got-away] жертва ушла
    [prey-dead] жертва мертва
    [hunter-gave-up] охотник прекратил поиск
    [hunter-dead] охотник мёртв
   *[nobody] не осталось никого
}
hunt-refuse-weapon-kind = вид оружия «{ $kind }» — не melee, ranged или none
hunt-refuse-test-dice = кубов теста — от 1 до 4
hunt-refuse-hidden-prey-melee = жертву в укрытии можно атаковать только наугад, дистанционным оружием
