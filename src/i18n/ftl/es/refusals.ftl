# Rechazos: el título (title-*) y el detalle (`detail`) de cada problema. El `code` que los
# acompaña es de la API y nunca se traduce; tampoco los nombres de la API (nombres de campos,
# cabeceras, rutas, valores como games:read), que se dejan tal cual.

## Títulos

title-invalid-request = Solicitud no válida
title-not-found = No encontrado
title-unauthorized = No autorizado
title-forbidden = Prohibido
title-conflict = Conflicto
title-version-conflict = Conflicto de versión
title-internal-error = Error interno del servidor
title-key-reused = Clave de idempotencia reutilizada
title-unavailable = Servicio no disponible
title-too-many-requests = Demasiadas solicitudes
title-game-over = Partida terminada
title-undo-would-hide-card = Deshacer ocultaría una carta
title-illegal-action = Acción no permitida
title-no-winnable-deal = No hay ningún reparto ganable listo
title-winnable-quota = Demasiadas partidas ganables
title-import-allowance = Demasiadas acciones importadas
title-invalid-link-code = Código de vinculación no válido

## El servicio y su base de datos

game-not-found = No hay ninguna partida con ese id entre tus partidas.
version-conflict = La partida ha cambiado: está en la versión { $version }. Vuelve a cargarla e inténtalo de nuevo.
internal-error = Algo ha fallado por nuestra parte; no se ha cambiado nada. Inténtalo de nuevo.
idempotency-key-reused = Esta Idempotency-Key ya se usó para una solicitud distinta.
writes-busy = Hay demasiadas acciones esperando a guardarse; no se ha cambiado nada. Vuelve a intentarlo.
database-lost-mid-write = Se perdió la conexión con la base de datos mientras se guardaba esto, así que puede que se haya guardado o no: vuelve a intentarlo con la misma Idempotency-Key, o consulta antes la partida.
database-unavailable = Ahora mismo no se puede acceder a la base de datos; no se ha cambiado nada. Vuelve a intentarlo.
bad-suit-count = suits debe ser 1, 2 o 4.

## Partidas

concurrent-update = Otras solicitudes estaban cambiando esta partida al mismo tiempo; no se ha aplicado nada. Vuelve a intentarlo.
daily-closed = Este desafío diario terminó a medianoche UTC: su intento puntuable ya no se puede jugar.
ranked-attempt-in-progress = Tu intento puntuable del desafío de hoy sigue en curso: termínalo o abandónalo antes de empezar un intento de práctica.
action-limit = Esta partida ha alcanzado el límite de { $limit } acciones: ahora solo puedes abandonarla. Empieza una partida nueva (o reinicia este reparto) para seguir jugando.
round-not-started = Esta ronda de la carrera aún no ha empezado: su partida se abre cuando termine la cuenta atrás.
race-game = Una partida de carrera no se puede reiniciar: todos los participantes de la carrera juegan una sola partida del reparto.
# $difficulty es easy, normal o hard (la palabra de la propia API).
winnable-proving = Todavía no hay listo ningún reparto de dificultad { $difficulty } de este tipo con solución comprobada; el servidor está comprobando algunos ahora mismo. Vuelve a intentarlo dentro de unos segundos.
winnable-none = No hay listo ningún reparto de dificultad { $difficulty } de este tipo con solución comprobada, y ahora no se está comprobando ninguno (este servidor comprueba repartos de unos pocos tipos a la vez, o de ninguno). Prueba con las reglas estándar, o vuelve a intentarlo más tarde.
winnable-quota = Has empezado { $limit } partidas con repartos ganables comprobados en la última hora, el máximo permitido por jugador: vuelve a intentarlo dentro de { $seconds ->
    [one] { $seconds } segundo
   *[other] { $seconds } segundos
    }, o mientras tanto empieza una partida normal.
too-many-games = Ya tienes { $most } partidas en curso, el máximo permitido por jugador: termina o abandona una (GET /v1/users/me/games las muestra) y luego empieza otra.
guest-cannot-import = Una cuenta de invitado no puede importar partidas: primero ponle un nombre de usuario y una contraseña (POST /v1/users/me/upgrade).
import-too-large = Esta exportación contiene { $asked } acciones, más de las { $allowance } que una cuenta puede importar en una hora: no se puede importar aquí.
import-allowance = Una cuenta puede importar { $allowance } acciones por hora, sumando todas sus importaciones, y las { $asked } de esta superarían ese límite: vuelve a intentarlo dentro de { $seconds ->
    [one] { $seconds } segundo
   *[other] { $seconds } segundos
    }.
hints-disabled = Las pistas están desactivadas en la sala de carrera de esta partida.
analysis-game-in-progress = La partida todavía se está jugando: su análisis mostraría las cartas ocultas. Termínala o abandónala primero.
analysis-daily-not-over = Esta partida es de un desafío diario: su análisis estará disponible cuando termine el día (UTC) del desafío, cuando ya nadie pueda jugar ese reparto ese día.
analysis-race-round = Esta partida forma parte de una ronda de carrera que todavía se está jugando: su análisis estará disponible cuando termine la ronda.

## Cuentas, sesiones, perfiles, aplicaciones y tokens

unknown-user = La cuenta para la que se emitió este token no existe: vuelve a iniciar sesión.
bad-username = Un nombre de usuario tiene de 3 a 32 caracteres: letras, dígitos, '_', '-' y '.'.
bad-password-length = Una contraseña tiene de 10 a 128 caracteres.
bad-password-control = Una contraseña no puede contener caracteres de control (como tabulaciones o saltos de línea).
weak-password = Esa contraseña es demasiado fácil de adivinar (es una contraseña común o contiene el nombre de usuario): elige otra.
username-taken = Ese nombre de usuario ya está en uso: elige otro.
invalid-credentials = Ese nombre de usuario y esa contraseña no corresponden a ninguna cuenta.
wrong-password = La contraseña indicada no es la de esta cuenta.
guest-has-no-password = Una cuenta de invitado no tiene contraseña: primero ponle un nombre de usuario y una contraseña (POST /v1/users/me/upgrade).
password-required = Esto requiere la contraseña de tu cuenta (`password`): una sesión iniciada no basta por sí sola para dar acceso a una aplicación ni para vincular una identidad de chat.
guest-cannot-approve = Una cuenta de invitado no puede dar acceso a aplicaciones: primero ponle un nombre de usuario y una contraseña (POST /v1/users/me/upgrade).
not-a-guest = Esta cuenta ya tiene nombre de usuario y contraseña: solo se puede convertir una cuenta de invitado.
auth-busy = El servidor está ocupado comprobando otras contraseñas: vuelve a intentarlo en un momento.
session-ended = Esta sesión ha terminado (se cerró la sesión, se cerraron todas las sesiones o se cambió la contraseña): vuelve a iniciar sesión.
guest-has-no-profile = Una cuenta de invitado no tiene perfil público: regístrate (POST /v1/users/me/upgrade lo conserva todo) para tener uno.
profile-not-found = No hay ningún perfil público con ese nombre (los invitados no tienen, y cada jugador puede ocultar el suyo).
too-many-tokens = Ya tienes { $max } tokens activos: revoca uno primero.
token-not-found = No hay ningún token de acceso con ese id entre los tuyos.

## La solicitud de inicio de sesión de una aplicación (para su desarrollador)

oauth-client-id = client_id debe tener de 1 a 256 caracteres ASCII imprimibles que identifiquen la aplicación.
oauth-redirect-uri = redirect_uri debe ser https://…, http:// a la dirección de loopback de esta máquina (127.0.0.1, [::1] o localhost), o el esquema propio de una aplicación nativa en forma de dominio invertido (com.example.app:/done), sin parte de usuario, fragmento, barra invertida, espacios en blanco ni caracteres de control.
oauth-response-type = response_type debe ser code: este servidor solo admite el flujo de código de autorización.
oauth-challenge-method = code_challenge_method debe ser S256 (no se acepta plain).
oauth-pkce-required = Se requieren code_challenge_method=S256 y un code_challenge (PKCE).
oauth-challenge = code_challenge debe ser el desafío S256: 43 caracteres en base64url.
oauth-unknown-scope = Ámbito desconocido «{ $scope }»: usa games:read y/o games:write.
oauth-no-scope = scope debe indicar games:read y/o games:write.
oauth-state = state debe tener como máximo 1000 caracteres ASCII imprimibles.

## Carreras

race-not-found = No hay ninguna carrera con ese código.
race-full = Esta carrera ya está completa, con { $seats } jugadores.
not-host = Solo el anfitrión de la carrera puede empezar una ronda o quitar un puesto.
round-in-progress = La ronda actual sigue en marcha: empieza una nueva cuando todos los jugadores hayan terminado o se hayan retirado, o 60 minutos después de su inicio.
round-started-elsewhere = Otra solicitud de inicio de esta carrera llegó antes.
not-racing = No participas en ninguna ronda en curso de esta carrera (quien se une durante una ronda juega a partir de la siguiente).
seat-name-taken = Otro puesto de esta sala ya muestra ese nombre (sin contar mayúsculas ni espacios): únete con otro nombre.
seat-name-reserved = Los nombres como «CPU 1» son de los jugadores de la CPU de la sala: únete con otro nombre.
seat-not-found = No existe ese puesto en esta carrera.
host-seat = El puesto del anfitrión pertenece a la sala: el anfitrión no puede irse ni ser expulsado.
seat-in-round = Este puesto está jugando la ronda en curso: se podrá liberar cuando termine la ronda (antes, el jugador puede retirarse de ella).
not-seated = No tienes puesto en esta carrera: no hay nada que dejar.
already-done = Tu participación en esta ronda ya ha terminado (la acabaste o te retiraste): ya no puedes retirarte.
race-account-required = Las carreras puntuables son para jugadores registrados: regístrate (un invitado puede conservarlo todo con POST /v1/users/me/upgrade) y luego únete.

## Identidades de chat y vínculos

guest-cannot-link = Una cuenta de invitado no puede vincular identidades de chat: primero ponle un nombre de usuario y una contraseña (POST /v1/users/me/upgrade).
replayed-request = Esta solicitud firmada ya se respondió: cada solicitud se acepta una sola vez.
invalid-link-code = Ese código de vinculación no existe, ya se usó o ha caducado: crea uno nuevo en tu cuenta (dura 10 minutos y solo funciona una vez).
chat-link-not-found = No hay ningún vínculo de chat con ese id entre los tuyos.
already-linked = Esta identidad de chat ya juega como { $username }: desvincúlala primero para vincular otra cuenta.
not-linked = Esta identidad de chat juega con la cuenta creada para ella: no hay ningún vínculo que deshacer.
too-many-chat-links = Tu cuenta ya tiene { $max } identidades de chat vinculadas: quita una primero.

## Búsquedas (pistas y análisis)

search-busy = Todos los espacios de búsqueda de este servidor están ocupados con pistas y análisis; no se ha calculado nada. Vuelve a intentarlo en un segundo.
search-running = Ya se está buscando una pista o un análisis tuyo: una búsqueda a la vez por cuenta, para que todos reciban la suya. Vuelve a pedirlo cuando haya terminado.
address-searches-busy = Las pistas y análisis desde tu dirección de red ya ocupan { $share ->
    [one] { $share } espacio de búsqueda
   *[other] { $share } espacios de búsqueda
    }, el máximo que puede ocupar una dirección a la vez: vuelve a pedirlo cuando termine alguno.

## Problemas

puzzle-activity-bad-limit = limit debe ser un número entero de 1 a 100.
puzzle-activity-bad-cursor = Este cursor no procede de ninguna página de tu actividad en problemas: empieza de nuevo sin él.
puzzle-no-moves = Un intento debe tener al menos un movimiento: envía los movimientos desde la posición del problema, del primero al último.
puzzle-export-bad-max = max debe ser un número entero de 1 a 10000.

title-puzzle-move = No es un movimiento de este problema
puzzle-not-found = No hay ningún problema con ese id.
puzzle-none-left = Todavía no hay ningún problema de este tipo para ti: prueba con otro número de palos o vuelve cuando se hayan encontrado más.
puzzle-too-many-moves = Este problema se resuelve en un máximo de { $within ->
    [one] { $within } movimiento
   *[other] { $within } movimientos
    }: el intento tiene más.
puzzle-illegal-move = El movimiento { $number } del intento no está permitido por las reglas en esa posición (un problema solo admite movimientos de cartas: ni repartir ni deshacer).
puzzle-streak-not-found = No hay ninguna racha con ese id entre las tuyas.
puzzle-streak-over = Esta racha ha terminado: empieza una nueva.
puzzle-streak-moved-on = Otra solicitud hizo avanzar esta racha en ese mismo momento: vuelve a consultarla y sigue desde ahí.

## Arenas

arena-game = Una partida de arena no se puede reiniciar: cada reparto cuenta una sola vez, tal como se jugó.
arena-running = Esta partida es un reparto de una arena que todavía está en curso: su análisis estará disponible cuando termine la arena.
arena-not-found = No hay ninguna arena con ese id.
arena-account-required = Las arenas puntuables, y crear una arena, requieren una cuenta registrada: regístrate, o convierte esta cuenta de invitado.
arena-not-started = La arena todavía no ha empezado: su primer reparto se abre cuando empiece.
arena-over = La arena ha terminado: sus resultados son definitivos.
arena-not-joined = No estás jugando en esta arena: únete primero (o de nuevo, si la dejaste).
arena-deal-in-play = Tu reparto actual de esta arena sigue en juego: gánalo o abandónalo antes del siguiente.
arena-no-more-deals = Has jugado todos los repartos de esta arena: tus puntos ya están en la clasificación.
arena-deal-not-ready = Tu próximo reparto todavía se está preparando: vuelve a intentarlo dentro de unos segundos.
arena-too-many = Ya tienes { $most ->
    [one] { $most } arena sin terminar
   *[other] { $most } arenas sin terminar
    }, el máximo que puede crear una cuenta: vuelve a intentarlo dentro de { $seconds ->
    [one] { $seconds } segundo
   *[other] { $seconds } segundos
    }, cuando termine la primera de ellas.
arena-none-allowed = Este servidor no permite que las cuentas creen arenas: juega en las programadas.
arena-bad-length = Una arena dura de { $shortest } a { $longest } minutos.
arena-bad-start = Una arena empieza dentro de una semana como mucho (con un máximo de { $most } minutos de antelación).
arena-bad-title = Un título tiene de 1 a { $most } caracteres.
arena-history-bad-limit = limit debe ser un número entero de 1 a 100.
arena-standings-bad-page = offset debe ser 0 o mayor, y limit un número entero de 1 a 100.
