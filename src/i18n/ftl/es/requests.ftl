# Rechazos por la forma de una solicitud: su ruta, método, cabeceras, consulta y cuerpo. $error son
# las palabras del propio analizador (en inglés), que se muestran tal cual.

title-method-not-allowed = Método no permitido
title-payload-too-large = Cuerpo demasiado grande
title-unsupported-media-type = Tipo de contenido no admitido

no-endpoint = No existe el endpoint { $method } { $path }. La API está descrita en /docs y /openapi.json.
method-not-allowed = { $method } no está permitido en { $path }: usa { $allowed }.
payload-too-large = El cuerpo de la solicitud supera los { $limit } bytes admitidos.
json-media-type = Envía el cuerpo como JSON con `Content-Type: application/json`.
json-does-not-fit = El cuerpo JSON no se ajusta a esta operación: { $error }.
json-invalid = El cuerpo no es JSON válido: { $error }.
body-unreadable-because = No se ha podido leer el cuerpo de la solicitud: { $error }.
query-invalid = La cadena de consulta no es válida: { $error }.
# El rechazo de un analizador, en palabras (dentro de json-does-not-fit, json-invalid, query-invalid):
# $field y $value tal como se enviaron, $expected los nombres que acepta la operación.
parse-unknown-field = campo desconocido `{ $field }` (acepta { $expected })
parse-unknown-field-none = campo desconocido `{ $field }` (no acepta ninguno)
parse-unknown-variant = `{ $value }` no es ninguno de { $expected }
parse-missing-field = falta el campo `{ $field }`
parse-duplicate-field = el campo `{ $field }` aparece dos veces
parse-syntax = un error de sintaxis en la línea { $line }, columna { $column }
parse-ends-early = termina antes de tiempo (línea { $line }, columna { $column })
path-invalid = La ruta no es válida: { $error }.
path-control-character = No hay nada en esta dirección: su ruta contiene un carácter de control (como %00), y ningún id ni código de esta API contiene ninguno.
body-unreadable = No se ha podido leer el cuerpo de la solicitud.
# $what es uno de los nombres body-* de abajo.
body-too-large = { $what } puede tener como máximo { $limit } bytes.
body-export = Una exportación
body-chat-request = Una solicitud de una plataforma de chat
body-command = Un comando
body-form = El formulario
if-match-shape = If-Match debe ser el ETag de la partida, un número de versión entre comillas como "3" (o `*`).
if-match-version = If-Match debe ser el ETag de la partida, un número de versión entre comillas como "3".
if-match-disagrees = If-Match y expected_version indican versiones distintas.
idempotency-key-shape = Idempotency-Key debe tener de 1 a 255 caracteres ASCII visibles (con espacios solo entre ellos).
difficulty-without-winnable = difficulty solo se aplica a repartos ganables: quítalo o pon winnable a true.
deal-number-and-winnable = Pide un número de reparto o un reparto ganable, pero no ambos.
bad-cursor = cursor no es uno emitido por este servidor.
bad-limit = limit debe estar entre 1 y 100.
token-name-shape = name debe tener de 1 a 100 caracteres imprimibles (sin contar los espacios en blanco de alrededor): sin caracteres de control (como NUL o un salto de línea) ni caracteres de formato invisibles (de ancho cero o marcas de dirección).
token-no-scopes = scopes debe incluir al menos uno de estos: games:read, games:write.
token-expiry = expires_in_days debe estar entre 1 y { $max }.
race-time-limit = time_limit_seconds debe estar entre 60 y 3600.
race-cpu-players = cpu_players debe estar entre 0 y { $most } (una carrera tiene { $seats } puestos en total).
race-idle-takeover = idle_takeover_seconds debe estar entre 30 y 3600.
race-no-round = Esta carrera todavía no ha empezado ninguna ronda: su clasificación empieza con la primera ronda.
race-name-shape = name debe tener de 1 a 32 caracteres imprimibles (sin contar los espacios en blanco de alrededor): sin caracteres de control (como NUL o un salto de línea) ni caracteres de formato invisibles (de ancho cero o marcas de dirección).
race-seat-number = seat debe ser el número de un puesto: un número entero, 1 o mayor.
bad-date = date debe ser un día como 2026-11-29.
daily-not-begun = El desafío de ese día todavía no ha empezado.
last-event-id-shape = Last-Event-ID debe ser un número de versión (el id de un evento).
last-event-id-version = Last-Event-ID debe ser un número de versión.
no-web-module = No existe el módulo del cliente web /js/{ $name }.
# $levels enumera los nombres de nivel de la API ("easy, normal, hard"): se dejan tal cual.
unknown-hint-level = No existe el nivel de pista «{ $level }»; usa uno de estos: { $levels }.
database-not-ready = Ahora mismo no se puede acceder a la base de datos.
metrics-token-required = Las métricas de este servidor son privadas: envía su token de métricas como Authorization: Bearer <token>.

## Tokens y sesiones

insufficient-scope = Este token de acceso no tiene el ámbito `{ $scope }` que necesita esta operación.
session-required = Los tokens de acceso personal no pueden gestionar la cuenta ni sus tokens: inicia sesión (login, register o guest) y usa ese token de sesión.
bearer-token-missing = Esta operación necesita un token bearer: envía `Authorization: Bearer <token>` (puedes obtener uno en /v1/auth/register, /v1/auth/login o /v1/auth/guest).
access-token-invalid = Este token de acceso no es válido: es desconocido, se ha revocado o está mal formado.
session-token-expired = Tu token ha caducado: vuelve a iniciar sesión para obtener uno nuevo.
session-token-invalid = El token bearer no es válido (firma, emisor, audiencia o algoritmo incorrectos).
access-token-expired = Este token de acceso ha caducado: crea uno nuevo.

## Límites

title-too-many-attempts = Demasiados intentos
title-too-many-streams = Demasiados flujos en directo
rate-limited = Demasiadas solicitudes: ve más despacio y vuelve a intentarlo dentro de { $seconds ->
    [one] { $seconds } segundo
   *[other] { $seconds } segundos
    }.
# $what es uno de los attempts-* de abajo.
too-many-attempts = Se ha superado el límite de { $what }: vuelve a intentarlo dentro de { $seconds ->
    [one] { $seconds } segundo
   *[other] { $seconds } segundos
    }.
attempts-password = intentos de contraseña para esta cuenta
attempts-bulk-exports = exportaciones masivas desde esta dirección
attempts-chat-commands = comandos enviados por ti
attempts-link-codes = intentos con códigos de vinculación por tu parte
attempts-app-approvals = aprobaciones de aplicaciones
attempts-code-trades = canjes de código
too-many-streams-user = Ya tienes { $count } flujos en directo abiertos: cierra uno antes de abrir otro.
too-many-streams-address = Ya hay { $count } flujos en directo abiertos desde tu dirección: cierra uno antes de abrir otro.

## Números de las partidas

bad-deal-number = deal_number debe ser un número entero de 0 a 18446744073709551615 (como texto: solo dígitos, sin signo).
no-column-zero = No existe la columna 0: las columnas se numeran a partir de 1.
column-past-most = No existe la columna { $column }: una partida tiene como máximo { $most } columnas.
count-past-most = No se pueden mover { $count } cartas juntas: una secuencia ordenada tiene como máximo { $most } (de un rey a un as).

## Exportaciones e importaciones

export-line = Línea { $line }: { $reason }
export-action = Acción { $number }: { $reason }
export-refused-line = Línea { $line } (`{ $text }`): { $reason }
export-unknown-field = `{ $field }` no es un campo de una exportación.
export-missing-field = La exportación no indica { $field } (`{ $field }: …` antes de la línea en blanco).
export-not-an-action = `{ $text }` no es una acción (`3 7 2`, `d`, `u` o `resign`).
export-bad-origin = origin `{ $origin }` no es un tipo de partida (random, chosen, daily, winnable, restart, race, imported).
export-bad-deal-number = deal_number debe ser un número entero escrito como cadena decimal.
export-not-json = No es una exportación JSON: { $error }.
export-not-utf8 = Una exportación debe ser texto UTF-8.
export-bad-window = since y until son milisegundos desde la época Unix.
export-bad-max = max debe estar entre 1 y 1000.
attempts-new-guests = cuentas de invitado nuevas desde esta dirección
attempts-new-accounts = cuentas nuevas desde esta dirección
attempts-imports-address = acciones importadas desde esta dirección
attempts-winnable-address = partidas con repartos ganables comprobados desde esta dirección
attempts-races-address = salas de carrera nuevas desde esta dirección
attempts-arenas-address = arenas nuevas desde esta dirección
attempts-app-approvals-address = aprobaciones de aplicaciones desde esta dirección

## Perfil

# $languages enumera las etiquetas que habla este servidor ("en, de, fr, es, pt-BR, ja").
unknown-language = Este servidor no habla «{ $language }»; usa uno de estos: { $languages }.

## Solicitudes de las plataformas de chat

integration-off = La integración con { $platform } está desactivada en este servidor: su operador la activa configurando { $variable }.
no-valid-timestamp = La solicitud no tiene una marca de tiempo válida.
stale-request = La marca de tiempo de la solicitud se aleja más de { $minutes } minutos del reloj del servidor: se rechaza por ser una posible repetición.
invalid-signature = La firma de la solicitud no es válida.
telegram-bad-secret = Falta la cabecera X-Telegram-Bot-Api-Secret-Token o es incorrecta.
discord-not-interaction = El cuerpo no es una interacción de Discord: { $error }.
discord-bad-ids = El cuerpo no es una interacción de Discord: sus ids no son ids de Discord.
slack-not-command = El cuerpo no es un comando de barra (slash command) de Slack: { $error }.
telegram-not-update = El cuerpo no es una actualización (update) de Telegram: { $error }.
attempts-password-address = intentos de contraseña para esta cuenta desde tu dirección
export-expected-header = se esperaba `clave: valor` antes de la línea en blanco y las acciones.
export-bad-variant = variant debe ser spider o spiderette.
export-bad-undo = undo debe ser full, no_reveal u off.
export-bad-empty-column-deal = empty_column_deal debe ser standard, strict o allowed.
export-bad-deal = deal debe ser un número entero de 0 a 18446744073709551615.
no-page-messages = No hay textos de la página web en /l10n/{ $name }: pide en.ftl, de.ftl, fr.ftl, es.ftl, pt-BR.ftl o ja.ftl.

## Lo que puede hacer una aplicación (la página de consentimiento)

scope-games-read = Ver tus partidas, tableros, pistas, eventos y récords.
scope-games-write = Empezar partidas y jugarlas por ti (movimientos, repartos, deshacer, abandonar).
