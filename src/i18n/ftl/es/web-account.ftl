# Las palabras de la cuenta en la página web: la barra de cuenta, la pantalla de cuenta
# (contraseña, aplicaciones, vínculos de chat), iniciar y cerrar sesión, el perfil público de un
# jugador y la página de consentimiento donde un jugador deja que una aplicación use su cuenta.

## La barra de cuenta en la parte superior de la página

# $name es el nombre de usuario de la cuenta.
account-bar-signed-in = Sesión iniciada como { $name }
account-bar-account = Cuenta
account-bar-guest = Modo invitado
account-bar-sign-in = Iniciar sesión

## La pantalla de cuenta

account-loading = Cargando…
# $name es el nombre de usuario (en negrita); $since es la fecha y hora en que se creó la cuenta.
account-profile-name = Has iniciado sesión como { $name } (juegas desde el { $since }).
account-sign-out = Cerrar sesión
account-sign-out-everywhere = Cerrar todas las sesiones
account-sign-out-everywhere-note = Al cerrar todas las sesiones, también se retira el acceso a todas las aplicaciones y se anulan todos los vínculos de chat de esta cuenta.
account-guest-note = Estás jugando como invitado. Crea una cuenta para conservar tus récords y tu valoración y jugar desde cualquier dispositivo: al registrarte conservas las partidas, los récords y la valoración que tienes como invitado.

# El título del formulario (y su nombre para lectores de pantalla).
account-password-heading = Cambiar contraseña
account-password-current = Contraseña actual
account-password-new = Contraseña nueva
# $min es el mínimo de caracteres que puede tener una contraseña (10).
account-password-new-help = { $min } caracteres o más. Se cerrará la sesión en todos tus otros dispositivos, y todas las aplicaciones y vínculos de chat perderán el acceso, salvo que los conserves aquí abajo.
account-password-keep-apps = Conservar mis aplicaciones y vínculos de chat
# El botón del formulario.
account-password-submit = Cambiar contraseña
account-password-changed-kept = Contraseña cambiada. Se ha cerrado la sesión en todos los demás dispositivos; tus aplicaciones y vínculos de chat conservan el acceso.
account-password-changed = Contraseña cambiada. Se ha cerrado la sesión en todos los demás dispositivos, aplicaciones y vínculos de chat.

account-hide-profile = Ocultar mi perfil público
account-see-profile = Ver mi perfil público
account-profile-now-hidden = Tu perfil está oculto.
account-profile-now-public = Tu perfil es público.

## Aplicaciones con acceso (OAuth)

account-apps-heading = Aplicaciones con acceso
account-apps-failed = No se han podido cargar las aplicaciones.
account-apps-none = Ninguna aplicación puede usar tu cuenta.
# $app es el nombre que la aplicación se da a sí misma (en negrita); $scopes enumera lo que puede
# hacer, como códigos ("games:read, games:write"); $since y $used son fechas y horas.
account-app-used = { $app } · { $scopes } · desde el { $since } · último uso: { $used }
# $app, $scopes y $since como arriba, para una aplicación que aún no ha usado su acceso.
account-app-unused = { $app } · { $scopes } · desde el { $since } · aún sin usar
account-app-revoke = Revocar
# $app es el nombre que la aplicación se da a sí misma.
account-app-revoked = { $app } ya no puede usar tu cuenta.

## Vínculos de chat (Discord, Slack, Telegram)

account-chat-links-heading = Vínculos de chat
# $minutes es lo que dura un código de vinculación (10).
account-chat-links-about = Juega con esta cuenta desde Discord, Slack o Telegram: obtén un código y escríbeselo al bot en menos de { $minutes } minutos. Lo que hayas jugado allí antes pasa también a esta cuenta.
# La etiqueta del campo de contraseña antes del botón "obtener código".
account-chat-link-password = Tu contraseña
# El botón (y el nombre del formulario para lectores de pantalla).
account-chat-link-get-code = Obtener código
account-chat-links-failed = No se han podido cargar los vínculos de chat.
account-chat-links-none = Ninguna identidad de chat juega como tú.
# $name es el nombre de la identidad de chat (en negrita); $platform es Discord, Slack o Telegram;
# $linked es la fecha y hora en que se vinculó.
account-chat-link-linked = { $name } en { $platform } · vinculado el { $linked }
# $name y $platform como arriba, cuando no se conoce la fecha.
account-chat-link = { $name } en { $platform }
account-chat-link-remove = Quitar
# $name y $platform como arriba.
account-chat-link-removed = { $name } en { $platform } ya no juega como tú.

## Iniciar y cerrar sesión

# $name es el nombre de usuario de la cuenta en los tres siguientes.
account-signed-in = Has iniciado sesión como { $name }.
account-signed-up = ¡Te damos la bienvenida! Te has registrado como { $name }.
# Tras el diálogo de sesión (una sesión que el servidor rechazó), al volver a iniciar sesión.
account-signed-in-again = Has vuelto a iniciar sesión como { $name }.
account-signed-out = Has cerrado sesión. Estás jugando como invitado.
account-signed-out-everywhere = Se ha cerrado la sesión en todos los dispositivos, aplicaciones y vínculos de chat. Estás jugando como invitado.
# El diálogo de sesión, tras la frase de la propia API que explica por qué terminó la sesión.
account-session-sign-in-again = Inicia sesión para seguir: la partida que hay en la mesa se queda como está.

## El perfil público de un jugador

# El título de la pantalla cuando no se indica ningún nombre.
account-profile-player = Jugador
account-profile-hidden = (un jugador con el perfil oculto)
# $since es la fecha y hora en que el jugador se unió; $streak es cuántos días seguidos ha
# jugado el reparto diario.
account-profile-joined = Juega desde el { $since } · racha diaria: { $streak ->
        [one] { $streak } día
       *[other] { $streak } días
    }
account-profile-col-game = Modalidad
account-profile-col-played = Jugadas
account-profile-col-won = Ganadas
account-profile-col-best-score = Mejor puntuación
account-profile-col-fastest-win = Mejor tiempo
account-profile-col-streak = Racha
# $current es las victorias seguidas actuales; $longest, el máximo de siempre.
account-profile-streak = { $current } (máxima: { $longest })
account-profile-no-records = Todavía no cuenta ninguna partida.
account-profile-ratings = Valoraciones en carreras
# $kind es el tipo de partida ("Spider, 2 palos"); $rating, la valoración en carreras; $rounds,
# de cuántas rondas puntuables sale.
account-profile-rating = { $kind }: { $rating } tras { $rounds ->
        [one] { $rounds } ronda puntuable
       *[other] { $rounds } rondas puntuables
    }
account-profile-no-ratings = Todavía no ha jugado ninguna carrera puntuable.
account-profile-arenas = Arenas: { $won } ganadas de { $played } terminadas.
account-profile-latest = Últimas partidas
# Cómo surgió una partida ($origin, un código de la API), entre paréntesis tras su tipo en los
# dos mensajes siguientes.
account-profile-origin = { $origin ->
        [random] aleatoria
        [chosen] elegida
        [daily] diaria
        [winnable] ganable
        [restart] repetida
        [race] carrera
        [arena] arena
        [imported] importada
       *[other] { $origin }
    }
# Una partida terminada. $kind es el tipo de partida ("Spider, 2 palos"); $origin, cómo surgió
# (account-profile-origin, arriba); $status, cómo terminó ("ganada", "abandonada"), ya en
# palabras; $score, su puntuación; $finished, la fecha y hora en que terminó.
account-profile-game = { $kind } ({ $origin }) · { $status } · { $score ->
        [one] { $score } punto
       *[other] { $score } puntos
    } · { $finished }
# Lo mismo, con $duration, lo que duró la partida ("4:05").
account-profile-game-timed = { $kind } ({ $origin }) · { $status } · { $score ->
        [one] { $score } punto
       *[other] { $score } puntos
    } · { $duration } · { $finished }
account-profile-no-games = Todavía no hay ninguna partida terminada.

## La página de consentimiento: una aplicación pide usar la cuenta del jugador

account-consent-reading = Leyendo la solicitud de la aplicación…
# $why es la frase del propio servicio que dice qué falla en la solicitud.
account-consent-refused = Esta solicitud de inicio de sesión no se puede aprobar: { $why }
account-consent-nothing-shared = No se ha compartido nada. Vuelve a la aplicación e inténtalo de nuevo, o avisa a quienes la han creado.
# $app es el nombre que la aplicación se da a sí misma (en negrita).
account-consent-asks = La aplicación { $app } pide usar tu cuenta.
account-consent-name-note = Este nombre lo ha puesto la propia aplicación: este servicio no lo ha elegido ni comprobado.
# $origin es la dirección a la que vuelve el jugador (como código), por ejemplo https://example.com.
account-consent-return = Después volverás a { $origin }.
# Antes de la lista de lo que podría hacer la aplicación.
account-consent-could = Podría:
# $days es cuántos días dura el acceso de la aplicación. "Cuenta → aplicaciones con acceso" indica
# dónde lo revoca el jugador: "Aplicaciones con acceso" en la pantalla de cuenta.
account-consent-lasts = { $days ->
        [one] Su acceso dura { $days } día, salvo que lo revoques antes (Cuenta → aplicaciones con acceso).
       *[other] Su acceso dura { $days } días, salvo que lo revoques antes (Cuenta → aplicaciones con acceso).
    }
account-consent-insecure = Atención: la aplicación recibe su código por http sin cifrar en otra máquina, donde otros usuarios de la red podrían leerlo. Apruébalo solo si confías en esta red.
account-consent-sign-in-first = Inicia sesión o crea una cuenta para dar acceso a una aplicación: a una cuenta de invitado no se puede volver a acceder desde otro sitio.
account-consent-sign-in = Iniciar sesión o registrarse
# La etiqueta del campo de contraseña antes del botón Aprobar.
account-consent-password = Tu contraseña, para aprobar:
account-consent-approve = Aprobar
account-consent-deny = Denegar
