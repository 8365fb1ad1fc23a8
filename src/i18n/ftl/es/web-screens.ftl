# Las pantallas de la página web: el panel del desafío diario, el análisis de una partida (y su
# línea ganadora jugada en la mesa), Mis partidas, Récords y las clasificaciones históricas.
# $kind es un tipo de partida en palabras, como "Spider, 1 palo".

## Compartidos por varias pantallas

screens-loading = Cargando…
# Tras el nombre de un jugador en una clasificación, solo para lectores de pantalla: la fila es mía.
# Empieza con un espacio (el nombre va justo delante).
screens-player-you = {" "}(tú)
# La última columna de una clasificación: por qué se ordena.
screens-measure-score = Puntuación
screens-measure-time = Tiempo
screens-measure-moves = Movimientos

## El panel del desafío diario (en la pantalla de juego)

# $error es la frase del propio servidor, tal cual.
screens-daily-unavailable = Desafío diario no disponible: { $error }
screens-daily-none = No hay desafío diario para esta configuración.
# $date es la fecha de hoy (el día en UTC), $players cuántos tienen un intento puntuable, $hours
# y $minutes el tiempo que falta para que termine el desafío.
screens-daily-info = { $date } (UTC) · { $kind } · { $players ->
        [one] { $players } jugador en la clasificación
       *[other] { $players } jugadores en la clasificación
    } · termina en { $hours } h { $minutes } min
# Uno de mis intentos del desafío de hoy. $type es "ranked" o "practice"; $status es el estado de
# la partida en palabras ("en juego", "ganada", "abandonada"); $runs es cuántas escaleras completó.
screens-daily-attempt = { $type ->
        [ranked] Puntuable
       *[practice] Práctica
    } · { $status } · { $score ->
        [one] { $score } punto
       *[other] { $score } puntos
    } · { $runs ->
        [one] { $runs } escalera
       *[other] { $runs } escaleras
    }
# En lugar de un botón, junto al intento que es ahora la partida en la mesa.
screens-daily-on-table = en la mesa
screens-daily-resume-attempt = Reanudar
screens-daily-view-attempt = Ver
# La etiqueta del botón del diario: hay un intento en curso, solo queda práctica, o ninguna de las dos.
screens-daily-button-resume = Reanudar el desafío
screens-daily-button-practice = Desafío diario (práctica)
screens-daily-button = Desafío diario
screens-leaderboard-title = Clasificación
# $date es el día de la clasificación.
screens-leaderboard-title-date = Clasificación del { $date }
screens-leaderboard-empty = Todavía no ha jugado nadie hoy.
# $type es "ranked" o "practice".
screens-daily-back = { $type ->
        [ranked] De vuelta al intento puntuable de hoy.
       *[practice] De vuelta al intento de práctica de hoy.
    }
# $error es la frase del servidor que dice que el intento puntuable sigue abierto; la página lo muestra.
screens-daily-back-open = { $error } Aquí lo tienes.
screens-daily-started-ranked = Desafío diario de hoy: este intento es puntuable. ¡Suerte!
# $reason es la frase del servidor que dice por qué este intento es de práctica (o screens-daily-practice).
screens-daily-started-practice = Desafío diario de hoy. { $reason }
screens-daily-practice = Este intento es de práctica.

## El análisis de una partida

screens-analysis-pick = Elige una partida terminada en Mis partidas.
screens-analysis-loading = Cargando la partida…
screens-analysis-won = Has ganado
screens-analysis-resigned = Abandonada
screens-analysis-in-progress = En curso
# Los datos de la partida: una lista de nombres y valores.
screens-analysis-fact-game = Partida
screens-analysis-fact-score = Puntuación
screens-analysis-fact-runs = Escaleras
screens-analysis-fact-actions = Acciones
screens-analysis-fact-time = Tiempo
# $deal es el número del reparto.
screens-analysis-game-deal = { $kind }, reparto n.º { $deal }
# $done escaleras completadas de las $total de la partida.
screens-analysis-runs = { $done } de { $total }
# $actions son todas las acciones de la partida; luego, cuántas fueron movimientos, repartos y deshacer.
screens-analysis-actions = { $actions } ({ $moves ->
        [one] { $moves } movimiento
       *[other] { $moves } movimientos
    }, { $deals ->
        [one] { $deals } reparto
       *[other] { $deals } repartos
    }, { $undos ->
        [one] { $undos } uso de deshacer
       *[other] { $undos } usos de deshacer
    })
screens-analysis-continue = Continuar la partida
screens-analysis-play-again = Repetir reparto
screens-analysis-after-game = El análisis estará disponible cuando termine la partida.
screens-analysis-wait = Analizando la partida con todas las cartas a la vista… (hasta 20 segundos)
# $error es la frase del servidor que dice que la búsqueda está ocupada; $seconds, la espera antes de volver a pedirla.
screens-analysis-retry = { $error } Nuevo intento en { $seconds } s…
# El veredicto: cómo fue la partida.
screens-verdict-won = Has ganado esta partida.
screens-verdict-never-winnable = Este reparto no se podía ganar, jugaras como jugaras.
screens-verdict-lost = El reparto se podía ganar, pero una acción hizo que se perdiera.
screens-verdict-still-winnable = La partida todavía se podía ganar cuando terminó.
screens-verdict-unknown = La búsqueda no ha podido determinar dónde se perdió esta partida.
# Si el reparto se podía ganar en absoluto.
screens-deal-winnable = El reparto se podía ganar desde el principio.
screens-deal-not-winnable = El reparto no se podía ganar desde el principio.
screens-deal-unknown = No se ha podido determinar si el reparto se podía ganar dentro del límite de la búsqueda.
# $step es screens-analysis-losing-step, en negrita.
screens-analysis-losing = La primera acción perdedora: { $step }. Antes de ella la partida se podía ganar; después, ya no.
# $number es el número de la acción en la partida, $action la acción en palabras ("Repartir una fila del mazo").
screens-analysis-losing-step = acción { $number } ({ $action })
# La búsqueda comprobó que la partida se podía ganar tras las primeras $after acciones ($after puede
# ser "?": no comprobado) y (el segundo) que estaba perdida tras las primeras $lost.
screens-analysis-bounds = Comprobado: se podía ganar tras { $after ->
        [one] { $after } acción
       *[other] { $after } acciones
    }; la acción perdedora viene después.
screens-analysis-bounds-lost = Comprobado: se podía ganar tras { $after ->
        [one] { $after } acción
       *[other] { $after } acciones
    } y estaba perdida tras { $lost }; la acción perdedora está entre ambos puntos.
screens-analysis-line-title = Una línea ganadora
# $count es cuántas acciones tiene la línea ganadora; empieza desde el reparto inicial.
screens-analysis-line-from-opening = Desde la última posición que se sabe ganable (tras el reparto inicial), { $count ->
        [one] esta acción gana.
       *[other] estas { $count } acciones ganan.
    }
# $count es cuántas acciones tiene la línea ganadora; empieza tras las primeras $after acciones del jugador.
screens-analysis-line-from-after = Desde la última posición que se sabe ganable (tras { $after ->
        [one] tu primera acción
       *[other] tus primeras { $after } acciones
    }), { $count ->
        [one] esta acción gana.
       *[other] estas { $count } acciones ganan.
    }
screens-analysis-previous-step = Paso anterior
screens-analysis-next-step = Paso siguiente
# $step es el número del paso en la línea, de $total; $action, el paso en palabras.
screens-analysis-step = Paso { $step } de { $total }: { $action }.
screens-analysis-play-line = Jugarla en la mesa
screens-analysis-play-line-note = Al jugarla empieza una repetición de este reparto (solo cuenta para tus récords, como reparto conocido), se rehacen tus primeras acciones hasta el comienzo de la línea y después se muestra cada paso de la línea en la mesa.
screens-analysis-cleared = No hay nada que mejorar: despejaste la mesa.
# $positions es cuántas posiciones examinó la búsqueda; $seconds, cuánto tardó (un decimal).
screens-analysis-searched = { $positions ->
        [one] { $positions } posición analizada en { $seconds } s.
       *[other] { $positions } posiciones analizadas en { $seconds } s.
    }
# Mientras se rehace la partida hasta la línea ganadora: $done de $total acciones rehechas hasta ahora.
screens-line-replaying = Rehaciendo tu partida: { $done } de { $total ->
        [one] { $total } acción…
       *[other] { $total } acciones…
    }
screens-line-ready = Esta es la última posición que todavía se podía ganar. Sigue los pasos resaltados.
# La barra sobre el tablero mientras guía por la línea ganadora.
screens-guide-label = Línea ganadora
screens-guide-off-line = Te has salido de la línea ganadora: deshaz para volver, o sigue jugando.
screens-guide-done = Esa era la línea completa.
# $step es el número del paso en la línea, de $total; $action, el paso en palabras.
screens-guide-step = Línea ganadora, paso { $step } de { $total }: { $action }.
screens-guide-play-step = Jugar este paso
screens-guide-stop = Dejar de guiar

## Mis partidas

screens-games-empty = Todavía no hay partidas.
# $deal es el número del reparto.
screens-games-kind-deal = { $kind } · n.º { $deal }
# Lo que hace el botón de una fila, para lectores de pantalla. $when es la fecha y hora en que empezó la partida.
screens-games-continue-label = Continuar la partida de { $kind } del { $when }
screens-games-result-label = Resultado de la partida de { $kind } del { $when }
screens-games-continue = Continuar
screens-games-result = Resultado

## Récords y valoraciones en carreras

# $name es el nombre de usuario de la cuenta.
screens-records-signed-in = Has iniciado sesión como { $name }.
screens-records-guest = Cuenta de invitado en este navegador: regístrate para tener tus récords en cualquier sitio.
screens-records-empty = Todavía no hay partidas: ¡juega una!
# La racha de victorias actual y, entre paréntesis, la más larga.
screens-records-streak = { $current } ({ $longest })
# Una valoración en carreras: $rating es la valoración (en negrita), $rounds de cuántas rondas puntuables sale.
screens-records-rating = { $kind }: { $rating } tras { $rounds ->
        [one] { $rounds } ronda puntuable
       *[other] { $rounds } rondas puntuables
    }
screens-records-no-rating = Todavía no has jugado ninguna carrera puntuable: todo el mundo empieza con 1500.

## Las clasificaciones históricas

screens-boards-empty = Todavía no hay nadie en esta clasificación: gana una partida para ser el primero.
# Mi posición en la clasificación: $rank, y $value mi puntuación, tiempo o movimientos.
screens-boards-you = Tu posición: n.º { $rank } ({ $value }).
screens-boards-not-you = Todavía no estás en esta clasificación.

## Problemas

screens-puzzle-goal = { $goal } en { $within ->
        [one] { $within } movimiento
       *[other] { $within } movimientos
    } como máximo (valoración: { $rating })
screens-puzzle-goal-win = Gana la partida
screens-puzzle-goal-remove-run = Retira una escalera
screens-puzzle-goal-empty-column = Vacía una columna
screens-puzzle-goal-turn-card = Da la vuelta a una carta
screens-puzzle-card = { $card }, columna { $column }
screens-puzzle-column = Columna { $column }
screens-puzzle-face-down = { $count } boca abajo
screens-puzzle-going = Vas bien: { $left ->
        [one] queda { $left } movimiento.
       *[other] quedan { $left } movimientos.
    }
screens-puzzle-solved = ¡Resuelto!
screens-puzzle-failed = Tras el movimiento { $mistake }, el objetivo queda fuera de tu alcance. La solución: { $answer }.
screens-puzzle-rating = Tu valoración en problemas: { $before } → { $after }.
screens-puzzle-streak = Racha: { $score }
screens-puzzle-streak-over = Racha terminada: { $score ->
        [one] { $score } problema resuelto.
       *[other] { $score } problemas resueltos.
    }

## Arenas

screens-arenas-empty = No hay ninguna arena en curso ni prevista.
screens-arenas-mine-empty = Todavía no has jugado en ninguna arena.
# $state es running, upcoming u over; $start y $end son momentos escritos como los escribe el idioma.
screens-arena-line = { $title } · { $kind } · { $state ->
        [running] hasta el { $end }
        [upcoming] del { $start } al { $end }
       *[over] terminó el { $end }
    } · { $players ->
        [one] { $players } jugador
       *[other] { $players } jugadores
    }
screens-arena-open = Abrir
screens-arena-open-label = Abrir { $title }
# $undo es full, no_reveal u off; $hints y $rated son yes o no.
screens-arena-rules = { $deals } repartos, deshacer { $undo ->
        [full] permitido
        [no_reveal] sin volver a tapar
       *[off] desactivado
    }, pistas { $hints ->
        [yes] permitidas
       *[no] desactivadas
    }{ $rated ->
        [yes] , puntuable (solo jugadores registrados)
       *[no] {""}
    }
screens-arena-you = Tú: puesto { $place }, { $points ->
        [one] { $points } punto
       *[other] { $points } puntos
    }, { $won } { $won ->
        [one] ganado
       *[other] ganados
    } de { $played }{ $fire ->
        [yes] , en racha
       *[no] {""}
    }
screens-arena-final = Tu puesto final: { $place }, { $points ->
        [one] { $points } punto
       *[other] { $points } puntos
    }, { $won } { $won ->
        [one] ganado
       *[other] ganados
    } de { $played }
screens-arena-nobody = Todavía no se ha unido nadie.
screens-arena-won-of = { $won } de { $played }
screens-arena-deal-started = Reparto n.º { $deal } de la arena { $title }: ya está en la mesa.
