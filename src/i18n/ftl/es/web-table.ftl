# La mesa de la página web (web/js: util.js, board.js, input.js, table.js, main.js, api.js): el
# tablero leído por los lectores de pantalla, la línea sobre la mesa, el aviso de fin de partida,
# la línea de mensajes durante el juego y los nombres que usan todas las pantallas (tipos de
# partida, modos de deshacer, estados, acciones, cartas en palabras). Las columnas se numeran
# desde 1, como en la mesa.

## Nombres que usan también otras pantallas (util.js)

# Una carta en palabras, para lectores de pantalla. $rank va de 1 (as) a 13 (rey); $suit es
# "spades", "hearts", "diamonds" o "clubs".
table-card-name = { $rank ->
        [1] As
        [11] Jota
        [12] Reina
        [13] Rey
       *[other] { $rank }
    } de { $suit ->
        [spades] picas
        [hearts] corazones
        [diamonds] diamantes
        [clubs] tréboles
       *[other] { $suit }
    }

# Un tipo de partida. $variant es "spider" o "spiderette"; $suits es 1, 2 o 4.
table-kind = { $variant ->
        [spiderette] Spiderette
       *[spider] Spider
    }, { $suits ->
        [one] { $suits } palo
       *[other] { $suits } palos
    }

# Modos de deshacer: un nombre corto y lo que permite el modo.
table-undo-full = completo
table-undo-full-about = Deshacer anula cualquier movimiento o reparto.
table-undo-no-reveal = sin volver a tapar
table-undo-no-reveal-about = Deshacer anula cualquier movimiento salvo uno que haya mostrado una carta nueva (un reparto, o un movimiento que haya dado la vuelta a una carta).
table-undo-off = desactivado
table-undo-off-about = Sin deshacer: todos los movimientos son definitivos.
# El ajuste de deshacer de una sala en la lista de sus ajustes. $mode es uno de los nombres de arriba.
table-undo-label = deshacer: { $mode }

# El estado de una partida en una lista de partidas.
table-status-playing = en juego
table-status-won = ganada
table-status-resigned = abandonada

# Una acción en palabras (un paso de una línea ganadora, la primera acción perdedora de una partida).
table-action-nothing = nada
table-action-move = Mover { $count ->
        [one] { $count } carta
       *[other] { $count } cartas
    } de la columna { $from } a la columna { $to }
table-action-deal = Repartir una fila del mazo
table-action-undo = Deshacer
table-action-resign = Abandonar

## El tablero, leído por los lectores de pantalla (board.js)

# $down y $up cuentan las cartas boca abajo y boca arriba de la columna.
table-column-label = Columna { $column }: { $down } boca abajo, { $up ->
        [one] { $up } carta boca arriba
       *[other] { $up } cartas boca arriba
    }
table-empty-column = Columna { $column } vacía
# Las escaleras completadas junto al tablero: $runs de $total.
table-foundation-label = Escaleras completadas: { $runs } de { $total }
# Bajo las cartas del mazo; $deals es cuántos repartos le quedan al mazo.
table-stock-count = { $deals ->
        [one] queda { $deals } reparto
       *[other] quedan { $deals } repartos
    }
# El mazo es un botón que reparte.
table-stock-label = Mazo: { $deals ->
        [one] queda { $deals } reparto
       *[other] quedan { $deals } repartos
    }. Repartir.
# El contador de escaleras junto a la puntuación: completadas de todas.
table-runs-stat = { $runs }/{ $total }

## La línea sobre la mesa: qué tipo de partida es (board.js), con sus partes unidas por " · "

# Un intento del desafío diario. $date es el día del desafío.
table-label-daily-ranked = desafío diario { $date } (puntuable)
table-label-daily-practice = desafío diario { $date } (práctica)
table-label-race = carrera
# $difficulty es "easy", "normal" o "hard".
table-label-race-difficulty = carrera (reparto { $difficulty ->
        [easy] fácil
        [normal] normal
        [hard] difícil
       *[other] { $difficulty }
    })
table-label-winnable = reparto ganable ({ $difficulty ->
        [easy] fácil
        [normal] normal
        [hard] difícil
       *[other] { $difficulty }
    })
table-label-replay = repetición
# $deal es el número del reparto.
table-label-deal = reparto n.º { $deal }
table-label-no-undo = sin deshacer
table-label-undo-no-reveal = deshacer: sin volver a tapar
table-label-no-hints = sin pistas
# Si se puede repartir con una columna vacía. $rule es "strict" o "allowed".
table-label-deal-rule = repartir con columna vacía: { $rule ->
        [strict] no
        [allowed] sí
       *[other] { $rule }
    }

## Botones (board.js, table.js)

table-resign = Abandonar
table-quit-race = Retirarse
# El botón de abandonar (o retirarse) tras un clic: un segundo clic lo confirma.
table-really-resign = ¿Seguro que abandonas?
table-really-quit = ¿Seguro que te retiras?
table-standings = Clasificación
table-new-game-button = Nueva partida
table-play-again = Repetir reparto
table-where-did-i-go-wrong = ¿En qué me he equivocado?

## El aviso al final de una partida (board.js)

table-banner-you-won = ¡Has ganado!
table-banner-resigned = Partida abandonada
table-banner-quit-round = Te has retirado de esta ronda
# $actions cuenta las acciones del jugador; $time es lo que duró la partida ("4:07").
table-banner-won = Puntuación { $score } · { $actions ->
        [one] { $actions } movimiento
       *[other] { $actions } movimientos
    } · { $time }.
# Una partida no ganada: $runs de $total escaleras completadas.
table-banner-over = { $runs } de { $total } escaleras completadas, puntuación { $score }.
# Sigue a la frase anterior cuando el reparto tiene número. $deal es ese número.
table-banner-deal = Reparto n.º { $deal }.

## La línea de mensajes (table.js, input.js, main.js)

table-welcome = ¡Te damos la bienvenida! Toca una carta y luego una columna para moverla, o arrástrala hasta allí.
# $error es lo que ha fallado, tal como lo dice el navegador.
table-error-unexpected = Algo ha fallado: { $error }
# $detail es el rechazo del servidor (otra pestaña u otro dispositivo jugó antes).
table-version-conflict = { $detail } (El tablero muestra ahora la partida tal como está.)
table-you-won-points = { $score ->
        [one] ¡Has ganado con { $score } punto!
       *[other] ¡Has ganado con { $score } puntos!
    }
table-deal-number-invalid = El número de reparto debe ser un número entero (déjalo vacío para un reparto aleatorio).
# Se ha repartido una partida nueva. $kind es el tipo de partida ("Spider, 2 palos", ver table-kind).
table-new-game = Nueva partida de { $kind }. ¡Suerte!
# Lo mismo con el número de reparto que pidió el jugador: $deal.
table-new-game-deal = Nueva partida de { $kind }, reparto n.º { $deal }. ¡Suerte!
table-stuck-undo-or-resign = No queda ningún movimiento ni reparto: deshaz o abandona la partida.
table-stuck-resign = No queda ningún movimiento ni reparto: abandona para terminar la partida.
table-you-resigned = Has abandonado esta partida.
table-restarted = El mismo reparto otra vez, desde el principio.
table-column-empty = La columna { $column } está vacía.
# Las teclas 1–9 y 0 seleccionan las cartas movibles de una columna. $cards las enumera ("9♠ 8♠ 7♠"),
# $count es cuántas son; luego el jugador pulsa el número de otra columna para dejarlas allí.
table-picked-up = { $count ->
        [one] Columna { $column }: has seleccionado { $cards }. Pulsa el número de la columna donde quieres ponerla ({ $column } otra vez: en su mejor sitio; Esc: cancelar).
       *[other] Columna { $column }: has seleccionado { $cards }. Pulsa el número de la columna donde quieres ponerlas ({ $column } otra vez: en su mejor sitio; Esc: cancelar).
    }

## Lo que dice la página cuando no puede comunicarse con el servidor (api.js)

table-session-ended = Tu sesión ha terminado: vuelve a iniciar sesión para seguir.
table-server-unreachable = No se puede conectar con el servidor del juego. Comprueba tu conexión y vuelve a intentarlo.
# El servidor falló sin decir por qué. $status es el código de estado HTTP (503), $text sus
# palabras tal como las envió el servidor ("Service Unavailable"), a menudo vacías.
table-server-answered = El servidor ha respondido { $status } { $text }.
# Un error sin ninguna palabra: $status es el código de estado HTTP.
table-http-status = HTTP { $status }
# Una carta boca arriba, por su nombre y su lugar: $position cuenta desde arriba, con las cartas boca abajo, de $count.
table-card-place = { $card }, columna { $column }, carta { $position } de { $count }
# Una carta boca abajo (nunca se nombra), por su lugar.
table-card-face-down = Carta boca abajo, columna { $column }, carta { $position } de { $count }
# Tras un movimiento: $card es la primera carta movida, $count cuántas.
announce-moved = { $count ->
        [one] { $card } movida de la columna { $from } a la columna { $to }.
       *[other] { $count } cartas desde { $card } movidas de la columna { $from } a la columna { $to }.
    }
announce-turned = { $card } se ha dado la vuelta en la columna { $column }.
announce-run = La escalera desde { $card } está completa: { $runs } de { $total }.
announce-dealt = { $deals ->
        [0] Se ha repartido una fila; el mazo está vacío.
        [one] Se ha repartido una fila; queda un reparto.
       *[other] Se ha repartido una fila; quedan { $deals } repartos.
    }
announce-undone = Se ha deshecho la última acción.
table-read-column = Columna { $column }: { $down ->
        [0] {""}
        [one] una carta boca abajo, luego
       *[other] { $down } cartas boca abajo, luego
    } { $cards }.
table-read-empty = Columna { $column }: vacía.
table-read-rest = { $deals ->
        [0] El mazo está vacío;
        [one] queda un reparto;
       *[other] quedan { $deals } repartos;
    } { $runs } de { $total } escaleras completas.
