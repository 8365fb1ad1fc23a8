# La pantalla de carreras (web/js/race.js): crear una sala, sus puestos, la cuenta atrás, la
# clasificación en directo y los resultados.

## La línea de mensajes mientras se sigue una sala.

race-stream-stopped = Se ha cortado la conexión con la carrera.
# $error es la frase del propio servicio (ya en el idioma de la página) sobre por qué no se
# pudo conectar con la sala.
race-still-trying = { $error } Seguimos intentando conectar con la sala…
race-go-message = ¡Ya! Despeja la mesa antes que los demás.

## La línea de mensajes cuando un jugador termina o se retira. $name es el nombre del jugador, $time
## lo que ha tardado (una duración como 4:05), $place su posición en la ronda (1 para el primero).

race-news-you-quit = Te has retirado.
race-news-quit = { $name } se ha retirado.
race-news-you-finished = Has terminado en { $time }, posición { $place }.
race-news-finished = { $name } ha terminado en { $time }, posición { $place }.
race-news-you-finished-untimed = Has terminado en la posición { $place }.
race-news-finished-untimed = { $name } ha terminado en la posición { $place }.

## El reloj de la ronda. $elapsed y $limit son duraciones como 4:05 y 10:00.

race-clock = { $elapsed } de { $limit }
race-clock-past-limit = { $elapsed } de { $limit } (fuera de tiempo)

## Las reglas de la sala: etiquetas cortas en una sola línea, unidas por " · ".

# $difficulty es la dificultad del reparto: "easy", "normal" o "hard".
race-rule-difficulty = { $difficulty ->
        [easy] reparto fácil
        [normal] reparto normal
        [hard] reparto difícil
       *[other] reparto { $difficulty }
    }
# $minutes es el tiempo límite de la ronda en minutos.
race-rule-minutes = { $minutes } min
race-rule-hints-on = con pistas
race-rule-no-hints = sin pistas
race-rule-handicap = hándicap
race-rule-ranked = puntuable
race-rule-unranked = no puntuable
# $level es lo rápido que juegan los jugadores de la CPU: "easy", "normal" o "hard".
race-rule-cpu-speed = velocidad de la CPU: { $level ->
        [easy] fácil
        [normal] normal
        [hard] difícil
       *[other] { $level }
    }
# $seconds: tras cuántos segundos sin mover una CPU juega por un jugador inactivo.
race-rule-stand-in = relevo tras { $seconds } s de inactividad

# La nota bajo Deshacer en el formulario para crear una sala cuando se marca Puntuable y se
# elige deshacer "completo": una sala puntuable permite como mucho "sin volver a tapar" (el
# nombre de un modo de deshacer, como en el formulario).
race-undo-ranked = Una sala puntuable juega con deshacer «sin volver a tapar»: anula cualquier movimiento salvo uno que haya mostrado una carta nueva (un reparto, o un movimiento que haya dado la vuelta a una carta).

## Los puestos de la sala.

race-tag-host = anfitrión
race-tag-cpu = CPU
race-tag-you = tú
race-remove = Quitar
# La etiqueta del botón Quitar para lectores de pantalla. $name es el nombre del jugador sentado.
race-remove-label = Quitar a { $name }

## Los botones y la línea de estado de la sala.

race-start = Empezar
race-play-again = Otra ronda
race-opening = Abriendo la sala…
# El anfitrión, antes de la primera ronda. $code es el código de la sala; $count, el número de jugadores en ella.
race-status-host-waiting = Comparte el enlace o el código { $code }; empieza cuando estén todos ({ $count ->
        [one] { $count } jugador
       *[other] { $count } jugadores
    }).
# Los demás, antes de la primera ronda. $host es el nombre del anfitrión; $count, el número de jugadores en la sala.
race-status-guest-waiting = Esperando a que { $host } empiece ({ $count ->
        [one] { $count } jugador
       *[other] { $count } jugadores
    } en la sala).
# Como race-status-guest-waiting, cuando no se conoce el nombre del anfitrión.
race-status-guest-waiting-no-host = Esperando a que el anfitrión empiece ({ $count ->
        [one] { $count } jugador
       *[other] { $count } jugadores
    } en la sala).
# $round es el número de la ronda; $seconds, los segundos que faltan para que empiece.
race-status-countdown = La ronda { $round } empieza en { $seconds }…
race-status-go = ¡Ya!
# $round es el número de la ronda.
race-status-running = Ronda { $round } en juego.
race-status-running-waiting = Ronda { $round } en juego: esperando a que terminen los demás.
# Sigue a race-status-running para un jugador que se ha unido durante la ronda.
race-status-next-round = Juegas a partir de la próxima ronda.
race-status-over = La ronda { $round } ha terminado.
# Siguen a race-status-over. $name es el nombre del jugador en primer lugar: "ha ganado" si
# despejó la mesa, "ha quedado en primer lugar" si la ronda terminó antes de que nadie lo hiciera.
race-status-winner = { $name } ha ganado.
race-status-first = { $name } ha quedado en primer lugar.
# Siguen a esas, para el anfitrión y para los demás jugadores.
race-status-again = ¿Otra ronda con el mismo grupo?
race-status-wait-next = Esperando a que el anfitrión empiece la siguiente ronda.

## La tabla de clasificación.

# El resultado de un jugador. $standing es "finished", "finished_late" (tras el tiempo límite),
# "playing", "quit" o "unfinished" (la ronda terminó mientras todavía jugaba).
race-result = { $standing ->
        [finished] terminó
        [finished_late] terminó tarde
        [playing] jugando
        [quit] se retiró
        [unfinished] no terminó
       *[other] { $standing }
    }
# Como race-result, con lo que ha tardado: $time es una duración como 4:05.
race-result-timed = { $standing ->
        [finished] terminó en { $time }
        [finished_late] terminó tarde, en { $time }
        [playing] jugando, { $time }
        [quit] se retiró tras { $time }
        [unfinished] no terminó en { $time }
       *[other] { $standing }, { $time }
    }
race-tag-stand-in = relevo
# El título (información emergente) de la etiqueta "relevo".
race-stand-in-title = La CPU juega por este jugador inactivo
# Tras el nombre del propio jugador, solo para lectores de pantalla.
race-standing-you = (tú)
# La etiqueta de la barra de progreso para lectores de pantalla. $name es el nombre del jugador;
# ha completado $done de $total escaleras.
race-progress-label = { $name }: { $done } de { $total } { $total ->
        [one] escalera
       *[other] escaleras
    }

## La línea de mensajes tras las acciones del propio jugador.

# $code es el código de la sala.
race-room-open = La sala { $code } está abierta. Envía el enlace a tus amigos.
race-joined = Te has unido a la sala { $code }.
# $error es la frase del propio servicio (todavía no hay listo ningún reparto ganable); $seconds, la espera.
race-retrying = { $error } (Nuevo intento en { $seconds } s.)
race-you-quit-round = Te has retirado de esta ronda.
# $name es el nombre del jugador cuyo puesto ha liberado el anfitrión.
race-seat-freed = El puesto de { $name } vuelve a estar libre.
race-link-copied = Enlace copiado: envíaselo a tus amigos.
race-copy-by-hand = Selecciona el enlace y cópialo.
