# El juego en palabras: cartas, el tablero como texto, los rechazos de las reglas, qué hizo una acción.
# Una carta es su valor seguido del símbolo de su palo (♠ ♥ ♦ ♣): $rank va de 1 (as) a 13 (rey).

card = { $rank ->
    [1] A
    [11] J
    [12] Q
    [13] K
   *[other] { $rank }
    }{ $suit }

# La línea sobre la cuadrícula del tablero. $variant es "spider" o "spiderette"; $status es
# "playing", "won" o "resigned".
board-header = { $variant ->
    [spiderette] spiderette
   *[spider] spider
    } { $suits } { $suits ->
    [one] palo
   *[other] palos
    } · puntuación { $score } · mazo { $deals } { $deals ->
    [one] reparto restante
   *[other] repartos restantes
    } · escaleras { $runs }/{ $total }{ $status ->
    [won] {" · GANADA"}
    [resigned] {" · abandonada"}
   *[playing] {""}
    }

illegal-game-over = La partida ha terminado: no admite más acciones.
illegal-no-such-column = No existe la columna { $column }.
illegal-same-column = Una carta no se puede mover a su propia columna.
illegal-empty-group = Un movimiento tiene que llevar al menos una carta.
illegal-not-enough-face-up = La columna { $column } solo tiene { $face_up } { $face_up ->
    [one] carta boca arriba
   *[other] cartas boca arriba
    }, así que no se pueden mover { $count }.
illegal-group-not-same-suit = Esas cartas no son todas del mismo palo: una secuencia de palos mezclados se mueve carta a carta.
illegal-group-not-in-sequence = Esas cartas no están en secuencia: cada una debe tener exactamente un valor menos que la carta que tiene encima.
illegal-landing-rank-mismatch = { $card } no puede ir sobre { $onto }: solo puede ir una carta de un valor menos.
illegal-deal-with-empty-column = No puedes repartir mientras haya una columna vacía: primero pon una carta en cada columna vacía.
illegal-stock-empty = El mazo está vacío: no queda nada por repartir.
illegal-nothing-to-undo = No hay nada que deshacer.
illegal-undo-disabled = Deshacer está desactivado en esta partida.
illegal-undo-would-hide-card = Deshacer eso ocultaría una carta que ya has visto: en esta partida no se puede deshacer un reparto ni un movimiento que haya dado la vuelta a una carta.
illegal-no-destination = Ninguna columna puede recibir las cartas del final de la columna { $column }.

# Qué hizo una acción. $cards es una carta o una secuencia como "9♠–6♠".
did-move = Has movido { $cards } de la columna { $from } a la columna { $to }.
did-deal = Has repartido una nueva fila del mazo.
did-undo = Se ha deshecho el último movimiento.
did-resign = Has abandonado la partida.
did-remove-run = Se ha completado una escalera y se ha retirado de la columna { $column }.
# $columns enumera las columnas ("3, 7"); $count es cuántas son.
did-turn-card = { $count ->
    [one] Se ha dado la vuelta a una carta en la columna { $columns }.
   *[other] Se ha dado la vuelta a una carta en cada una de las columnas { $columns }.
    }
did-win = ¡Has ganado con una puntuación de { $score }!
# Lo que va entre dos frases (un espacio en español; nada en japonés).
sentence-gap = {" "}

# Cartas nombradas juntas: una secuencia de su primera carta a la última ("9♠–6♠").
card-group = { $first }–{ $last }
# Ninguna carta (una pista que no nombra ninguna).
card-group-empty = {""}

# Por qué una pista sugiere su acción. $cards es una carta o una secuencia, $onto una carta; columnas desde 1.
hint-game-over = La partida ha terminado.
hint-try-undo = No queda ningún movimiento útil: prueba a deshacer tus últimos movimientos.
hint-resign = No queda ningún movimiento ni reparto útil: puedes abandonar la partida.
hint-deal = Reparte una nueva fila del mazo: no se ve ningún movimiento mejor.
hint-deal-plain = Reparte una nueva fila del mazo.
hint-deal-quiet = Reparte una nueva fila del mazo: tus últimos { $actions } movimientos no han dado la vuelta a ninguna carta ni han completado ninguna escalera.
hint-into-empty = Mueve { $cards } de la columna { $from } a la columna vacía { $to }.
hint-fill-to-deal = Mueve { $cards } de la columna { $from } a la columna vacía { $to } para poder repartir.
# $frees es la carta sobre la que estaban las cartas movidas.
hint-into-empty-frees = Mueve { $cards } de la columna { $from } a la columna vacía { $to }: así queda libre { $frees } para seguir construyendo.
# $suit es el símbolo del palo (♠ ♥ ♦ ♣).
hint-completes-run = Mueve { $cards } sobre { $onto } en la columna { $to }: así completas una escalera de { $suit }.
hint-turns-card = Mueve { $cards } de la columna { $from } a la columna { $to }: así das la vuelta a una carta de la columna { $from }.
hint-empties-column = Mueve { $cards } de la columna { $from } a la columna { $to }: así vacías la columna { $from }.
hint-builds-in-suit = Mueve { $cards } sobre { $onto } en la columna { $to }: así construyes en el mismo palo.
hint-build = Mueve { $cards } sobre { $onto } en la columna { $to }.
hint-move-cards = Mueve { $count } { $count ->
        [one] carta
       *[other] cartas
    } de la columna { $from } a la columna { $to }.
# $first es la frase de otra pista.
hint-fill-every-hole = { $first } Tus últimos { $actions } movimientos no han dado la vuelta a ninguna carta: llena todas las columnas vacías para poder repartir la siguiente fila.

# Por qué un intento del desafío diario es de práctica.
daily-practice = Práctica: no cuenta para nada. Solo el primer intento de una cuenta registrada en el desafío de un día es puntuable (los invitados juegan el desafío diario como práctica).
daily-practice-guest = Los invitados juegan el desafío diario como práctica: solo el primer intento de una cuenta registrada es puntuable. Regístrate (tus partidas vienen contigo) para que tu intento de mañana sea puntuable.
daily-practice-ranked-made = Ya has hecho tu intento puntuable en este desafío: los siguientes intentos son de práctica.
daily-practice-seen-as-guest = Jugaste este desafío antes de registrar tu cuenta: ya conoces sus cartas, así que los intentos de hoy son de práctica.
# Los jugadores de la CPU de una carrera. $percent: en qué porcentaje de la mediana del tiempo de las personas
# quieren terminar; $level es easy, normal o hard (la palabra de la API).
race-cpu-note = Los jugadores de la CPU conocen todo el reparto: cada uno sigue una línea ganadora, con algunos rodeos en los niveles más fáciles, a un ritmo con el que termina en torno al { $percent } % de la mediana del tiempo que tardan las personas en ganar este tipo de partida (nivel { $level }).
