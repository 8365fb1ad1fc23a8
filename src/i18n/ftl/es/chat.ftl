# Chat: los comandos de POST /v1/games/{id}/commands y de los bots de Discord, Slack y Telegram,
# y lo que responden. Los comandos (`3 7`, `d`, `new`, `link CODE yes`…) se escriben igual en
# todos los idiomas: se dejan tal cual, con sus comillas invertidas.

command-grammar = Comandos: `3 7` mueve de la columna 3 a la 7, `3 7 2` mueve dos cartas, `3` hace el mejor movimiento desde la columna 3, `d` reparte, `u` deshace, `h` da una pista, `b` muestra el tablero, `resign` abandona la partida.
# $grammar es command-grammar.
command-too-long = Un comando tiene como máximo { $max } caracteres. { $grammar }
command-empty = El comando está vacío. { $grammar }
command-unknown = No he entendido «{ $text }». { $grammar }
command-body = Envía {"{"}"command": "3 7"{"}"} como JSON, o el comando como text/plain: { $error }.
command-not-utf8 = El comando no es texto UTF-8 válido.

## Los bots

chat-help = Solitario Spider. Comandos:
    • `new [1|2|4] [spider|spiderette]`: una partida nueva (de 1 palo y Spider si no dices otra cosa)
    • `daily [1|2|4]`: el desafío diario de hoy; tu primer intento es puntuable
    • `puzzle [1|2|4]`: el problema de hoy, `puzzle next`, uno cercano a tu valoración; tus movimientos van a él hasta que termine, `puzzle stop` vuelve a tu partida
    • `3 7` mueve de la columna 3 a la 7, `3 7 2` mueve dos cartas, `3` hace el mejor movimiento desde la columna 3
    • `d` reparte una fila, `u` deshace, `h` da una pista, `b` muestra el tablero, `resign` abandona la partida
    • `arena` muestra las arenas de aquí, `arena join` te hace jugar en una (cada reparto es una partida: `arena next` para el siguiente, `arena next berserk` sin deshacer por un punto más), `arena standings` muestra la clasificación, `arena new [1|2|4] [minutes]` crea una aquí
    • `games` muestra tus partidas en curso, `resume N` vuelve a una de ellas
    • `records` muestra tus récords, `share` enseña a todos los de aquí el resultado de una partida terminada
    • `link CODE` te hace jugar con tu propia cuenta (crea el código en tu cuenta en la página web; `link CODE yes` lo confirma), `unlink` lo deshace y te devuelve tus partidas
    • `lang de` hace que te hable en alemán (en, de, fr, es, pt-BR, ja; `lang auto`: el idioma de tu aplicación)
chat-not-understood = No he entendido { $text }.
    { chat-help }
chat-private-daily = El desafío diario se juega en un chat privado con el bot: aquí todos verían sus cartas. Envía `daily` directamente al bot.
chat-code-burned = Ese código se escribió donde otros pueden leerlo, así que ya no funciona: crea uno nuevo en tu cuenta y envía `link CODE` al bot en un chat privado.
attempts-chat-commands-server = comandos desde este servidor
attempts-link-codes-server = intentos con códigos de vinculación desde este servidor
# $platform es Discord, Slack o Telegram; $games, cuántas partidas se trasladaron; $practice,
# cuántos intentos puntuables del desafío diario pasaron a ser de práctica.
chat-linked = Vinculado: tu cuenta de { $platform } ahora juega como { $username }.{ $games ->
        [0] {""}
        [one] {" "}Tu partida de aquí se ha trasladado a esa cuenta.
       *[other] {" "}Tus { $games } partidas de aquí se han trasladado a esa cuenta.
    }{ $practice ->
        [0] {""}
        [one] {" "}Un intento puntuable del desafío diario ha pasado a ser de práctica: un intento puntuable solo vale en la cuenta con la que se jugó.
       *[other] {" "}{ $practice } intentos puntuables del desafío diario han pasado a ser de práctica: un intento puntuable solo vale en la cuenta con la que se jugó.
    } `unlink` lo deshace y te devuelve las partidas.
chat-unlinked = Desvinculado: tu cuenta de { $platform } ya no juega como { $username }; { $games ->
        [0] no se había trasladado ninguna de tus partidas
        [one] vuelves a tener la partida que el vínculo había trasladado
       *[other] vuelves a tener las { $games } partidas que el vínculo había trasladado
    }. Las partidas jugadas mientras estaba vinculada se quedan en esa cuenta.
chat-link-question = Este código vincula tu cuenta de { $platform } a la cuenta { $username }: a partir de entonces juegas aquí con ella{ $games ->
        [0] .
        [one] , y tu partida de aquí se traslada a ella.
       *[other] , y tus { $games } partidas de aquí se trasladan a ella.
    }{ $practice ->
        [0] {""}
        [one] {" "}Un intento puntuable del desafío diario pasaría a ser de práctica.
       *[other] {" "}{ $practice } intentos puntuables del desafío diario pasarían a ser de práctica.
    } Si esa cuenta es tuya, envía `link { $code } yes`; `unlink` lo deshace más adelante y te devuelve tus partidas. Si te ha dado este código otra persona, ignóralo: no ha cambiado nada.
# Un tipo de partida: $variant es spider o spiderette; $suits, 1, 2 o 4.
chat-kind = { $variant ->
        [spiderette] spiderette
       *[spider] spider
    } de { $suits } { $suits ->
        [one] palo
       *[other] palos
    }
# $kind es chat-kind.
chat-new-game = Nueva partida: { $kind }. Escribe `3 7` para mover de la columna 3 a la 7, `d` para repartir, `h` para pedir una pista.
chat-daily-ranked = Desafío diario de hoy, { $kind }: este es tu intento puntuable. Deshacer nunca anula un movimiento que haya dado la vuelta a una carta.
chat-daily-practice = Desafío diario de hoy, { $kind }: este intento es de práctica (ya has hecho tu intento puntuable), así que no entra en la clasificación.
chat-daily-resumed = Tu intento puntuable del desafío diario de hoy ({ $kind }) está en curso: vuelve a ser tu partida actual.
chat-no-games = No tienes ninguna partida en curso: escribe `new` para empezar una, o `daily`.
chat-games-title = Tus partidas en curso:
# $daily es none, ranked o practice (y entonces $date es el día); $current es yes para la
# partida a la que van los comandos.
chat-games-line = { $number }. { $kind }{ $daily ->
        [ranked] , desafío diario puntuable del { $date }
        [practice] , desafío diario de práctica del { $date }
       *[none] {""}
    } · puntuación { $score } · { $moves ->
        [one] { $moves } movimiento
       *[other] { $moves } movimientos
    } · escaleras { $runs }{ $current ->
        [yes] {" "}(actual)
       *[no] {""}
    }
chat-games-resume = Escribe `resume N` para jugar una.
chat-no-such-game = No hay ninguna partida número { $number }: tu lista de partidas en curso tiene { $listed }. Escribe `games` para verlas numeradas.
chat-resumed = De vuelta a la partida { $number }: { $kind }.
chat-no-records = Todavía no hay récords de { $username }: termina una partida (`new`) y contará.
chat-records-title = Récords de { $username }:
# $best es chat-records-best o nada; $fastest, chat-records-fastest o nada.
chat-records-line = { $kind }: { $played ->
        [one] { $played } partida jugada
       *[other] { $played } partidas jugadas
    }, { $won ->
        [one] { $won } ganada
       *[other] { $won } ganadas
    }{ $best }{ $fastest }, racha actual { $streak } (la más larga: { $longest })
chat-records-best = , mejor puntuación { $score }
# $time es minutos:segundos.
chat-records-fastest = , victoria más rápida { $time }
chat-no-game = Todavía no tienes ninguna partida aquí: escribe `new` para empezar una, o `daily` para el desafío de hoy.
chat-share-unfinished = Tu partida todavía está en juego: termínala (o usa `resign`) y `share` mostrará aquí su resultado.
# $time es chat-share-time, o nada cuando no se conoce el tiempo.
chat-share-won = { $username } ha ganado una partida de { $kind }{ $daily ->
        [ranked] {" "}(el desafío diario puntuable del { $date })
        [practice] {" "}(un desafío diario de práctica del { $date })
       *[none] {""}
    } con una puntuación de { $score } en { $moves ->
        [one] { $moves } movimiento
       *[other] { $moves } movimientos
    }{ $time }.
# $time es minutos:segundos.
chat-share-time = , con un tiempo de { $time }
chat-share-resigned = { $username } ha abandonado una partida de { $kind }{ $daily ->
        [ranked] {" "}(el desafío diario puntuable del { $date })
        [practice] {" "}(un desafío diario de práctica del { $date })
       *[none] {""}
    } tras { $moves ->
        [one] { $moves } movimiento
       *[other] { $moves } movimientos
    }, con { $runs } de { $total } escaleras y una puntuación de { $score }.
# `lang`: $language es el nombre del idioma en ese idioma (Deutsch, 日本語…).
chat-language-now = Aquí te hablo en { $language }. `lang de` (o en, fr, es, pt-BR, ja) lo cambia; `lang auto` vuelve al idioma de tu aplicación.
chat-language-set = A partir de ahora te hablo aquí en { $language }.
chat-language-auto = A partir de ahora te hablo aquí en el idioma de tu aplicación (ahora, { $language }).
chat-language-unknown = No hablo { $language }: prueba con en, de, fr, es, pt-BR o ja (o `lang auto`).
language-name = { $tag ->
        [de] Deutsch
        [fr] français
        [es] español
        [pt-BR] português (Brasil)
        [ja] 日本語
       *[en] English
    }

## Frases de las respuestas de la API

# Un código de vinculación nuevo: dónde escribirlo. $code es el código, tal cual.
chat-link-instructions = Escribe `/spider link { $code }` en Discord o Slack, o envía `link { $code }` al bot de Telegram, en los próximos { $minutes } minutos.

## Problemas en el chat

# $kind es chat-kind; $goal, uno de los mensajes puzzle-goal-*.
chat-puzzle-daily = El problema de hoy ({ $kind }): { $goal } en { $within ->
        [one] { $within } movimiento
       *[other] { $within } movimientos
    } como máximo (valoración: { $rating }). Escribe tus movimientos (`3 7`, `3 7 2`); `puzzle stop` vuelve a tu partida.
chat-puzzle-next = Un problema ({ $kind }): { $goal } en { $within ->
        [one] { $within } movimiento
       *[other] { $within } movimientos
    } como máximo (valoración: { $rating }). Escribe tus movimientos (`3 7`, `3 7 2`); `puzzle stop` vuelve a tu partida.
puzzle-goal-win = gana la partida
puzzle-goal-remove-run = retira una escalera
puzzle-goal-empty-column = vacía una columna
puzzle-goal-turn-card = da la vuelta a una carta
chat-puzzle-going = Vas bien: el objetivo sigue a tu alcance, { $left ->
        [one] queda { $left } movimiento
       *[other] quedan { $left } movimientos
    }.
chat-puzzle-solved = ¡Resuelto!
chat-puzzle-failed = Tras el movimiento { $mistake }, el objetivo queda fuera de tu alcance, sean cuales sean las cartas boca abajo. La solución: { $answer }.
chat-puzzle-rating = Tu valoración en problemas: { $before } → { $after }.
chat-puzzle-moves-only = Un problema solo admite movimientos de cartas (`3 7`, `3 7 2`): ni repartir, ni deshacer, ni pistas. `puzzle stop` vuelve a tu partida.
chat-puzzle-stopped = Has dejado el problema: tus movimientos vuelven a ir a tu partida.
chat-puzzle-none = No tienes ningún problema en curso: `puzzle` muestra el de hoy.

## Arenas ($title es el título de la arena en un code span, $kind los palos y la variante,
## $code el código de ocho caracteres de la arena, $time una hora del día en UTC)

chat-arena-none = Aquí no hay ninguna arena en curso ni prevista: `arena new [1|2|4] [minutes]` crea una.
chat-arena-running = Ahora: { $title } ({ $kind }), { $left ->
    [one] queda { $left } minuto
   *[other] quedan { $left } minutos
    }, { $players ->
    [one] { $players } jugador
   *[other] { $players } jugadores
    }: `arena join { $code }`
chat-arena-upcoming = Próxima: { $title } ({ $kind }) a las { $time } UTC durante { $minutes } minutos: `arena join { $code }`
chat-arena-you = Tú: puesto { $place }, { $points ->
    [one] { $points } punto
   *[other] { $points } puntos
    }.
chat-arena-last = La última arena de aquí fue { $title }: `arena standings` muestra sus resultados.
chat-arena-waiting = Te has unido a la arena { $title }. Empieza a las { $time } UTC: escribe entonces `arena next` para tu primer reparto.
chat-arena-deal = { $title }, tu reparto n.º { $deal }{ $berserk ->
    [yes] {" "}(berserk: sin deshacer, un punto más si lo ganas)
   *[no] {""}
    }. Juégalo como cualquier partida; cuando termine, `arena next` te da el siguiente (`arena next berserk`: sin deshacer, por un punto más).
chat-arena-deal-in-play = { $title }: tu reparto n.º { $deal } sigue en juego. Gánalo, o abandónalo con `resign`, y luego escribe `arena next`.
chat-arena-standings-title = { $title }, { $players ->
    [one] { $players } jugador
   *[other] { $players } jugadores
    }{ $done ->
    [yes] {" "}(resultados finales)
   *[no] {""}
    }:
chat-arena-standings-line = { $place }. { $name }: { $points ->
    [one] { $points } punto
   *[other] { $points } puntos
    }, { $won } { $won ->
    [one] ganado
   *[other] ganados
    } de { $played }{ $fire ->
    [yes] {" "}(en racha)
   *[no] {""}
    }
chat-arena-made = { $username } ha creado la arena { $title } ({ $kind }): { $minutes } minutos, hasta las { $time } UTC. Escribe `arena join { $code }` para jugar.
chat-arena-results-here = Sus resultados se publicarán aquí cuando termine.
chat-arena-private = Los repartos de arena se juegan en un chat privado con el bot, para que nadie de aquí vea tus cartas: envía `arena join { $code }` directamente al bot.
