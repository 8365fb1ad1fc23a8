# Recusas do formato de uma requisição: caminho, método, cabeçalhos, query e corpo. $error são
# as palavras do próprio parser (em inglês), mostradas como estão.

title-method-not-allowed = Método não permitido
title-payload-too-large = Corpo grande demais
title-unsupported-media-type = Tipo de mídia não suportado

no-endpoint = Não existe o endpoint { $method } { $path }. A API está descrita em /docs e /openapi.json.
method-not-allowed = { $method } não é permitido em { $path }: use { $allowed }.
payload-too-large = O corpo da requisição é maior que os { $limit } bytes aceitos.
json-media-type = Envie o corpo como JSON, com `Content-Type: application/json`.
json-does-not-fit = O corpo JSON não corresponde a esta operação: { $error }.
json-invalid = O corpo não é um JSON válido: { $error }.
body-unreadable-because = Não foi possível ler o corpo da requisição: { $error }.
query-invalid = A query string não é válida: { $error }.
# A recusa de um analisador, em palavras (dentro de json-does-not-fit, json-invalid, query-invalid):
# $field e $value como enviados, $expected os nomes que a operação aceita.
parse-unknown-field = campo desconhecido `{ $field }` (ela aceita { $expected })
parse-unknown-field-none = campo desconhecido `{ $field }` (ela não aceita nenhum)
parse-unknown-variant = `{ $value }` não é nenhum de { $expected }
parse-missing-field = falta o campo `{ $field }`
parse-duplicate-field = o campo `{ $field }` aparece duas vezes
parse-syntax = um erro de sintaxe na linha { $line }, coluna { $column }
parse-ends-early = termina cedo demais (linha { $line }, coluna { $column })
path-invalid = O caminho não é válido: { $error }.
path-control-character = Não há nada neste endereço: o caminho contém um caractere de controle (como %00), e nenhum id ou código desta API contém um.
body-unreadable = Não foi possível ler o corpo da requisição.
# $what é um dos nomes body-* abaixo.
body-too-large = { $what } pode ter no máximo { $limit } bytes.
body-export = Uma exportação
body-chat-request = Uma requisição de plataforma de chat
body-command = Um comando
body-form = O formulário
if-match-shape = If-Match deve ser o ETag do jogo, um número de versão entre aspas, como "3" (ou `*`).
if-match-version = If-Match deve ser o ETag do jogo, um número de versão entre aspas, como "3".
if-match-disagrees = If-Match e expected_version indicam versões diferentes.
idempotency-key-shape = Idempotency-Key deve ter de 1 a 255 caracteres ASCII visíveis (espaços só entre eles).
difficulty-without-winnable = difficulty só se aplica a distribuições com vitória comprovada: remova-o ou defina winnable como true.
deal-number-and-winnable = Peça um número de distribuição ou uma distribuição com vitória comprovada, não os dois.
bad-cursor = cursor não foi fornecido por este servidor.
bad-limit = limit deve ser de 1 a 100.
token-name-shape = name deve ter de 1 a 100 caracteres imprimíveis (sem contar os espaços em branco ao redor): nenhum caractere de controle (como NUL ou uma quebra de linha) e nenhum caractere de formatação invisível (de largura zero ou marcas de direção).
token-no-scopes = scopes deve indicar pelo menos um entre games:read e games:write.
token-expiry = expires_in_days deve ser de 1 a { $max }.
race-time-limit = time_limit_seconds deve ser de 60 a 3600.
race-cpu-players = cpu_players deve ser de 0 a { $most } (uma corrida tem { $seats } lugares no total).
race-idle-takeover = idle_takeover_seconds deve ser de 30 a 3600.
race-no-round = Esta corrida ainda não começou nenhuma rodada: a classificação começa com a primeira rodada.
race-name-shape = name deve ter de 1 a 32 caracteres imprimíveis (sem contar os espaços em branco ao redor): nenhum caractere de controle (como NUL ou uma quebra de linha) e nenhum caractere de formatação invisível (de largura zero ou marcas de direção).
race-seat-number = seat deve ser o número de um lugar: um número inteiro, 1 ou maior.
bad-date = date deve ser um dia, como 2026-11-29.
daily-not-begun = O desafio desse dia ainda não começou.
last-event-id-shape = Last-Event-ID deve ser um número de versão (o id de um evento).
last-event-id-version = Last-Event-ID deve ser um número de versão.
no-web-module = Não existe o módulo do cliente web /js/{ $name }.
# $levels lista os nomes de nível da API ("easy, normal, hard"): mantenha-os como estão.
unknown-hint-level = Não existe o nível de dica “{ $level }”: use um destes: { $levels }.
database-not-ready = O banco de dados não está acessível no momento.
metrics-token-required = As métricas deste servidor são privadas: envie o token de métricas dele como Authorization: Bearer <token>.

## Tokens e sessões

insufficient-scope = Este token de acesso não tem o escopo `{ $scope }` que esta operação exige.
session-required = Tokens de acesso pessoal não podem gerenciar a conta nem os tokens dela: entre (login, register ou guest) e use esse token de sessão.
bearer-token-missing = Esta operação precisa de um token bearer: envie `Authorization: Bearer <token>` (obtenha um em /v1/auth/register, /v1/auth/login ou /v1/auth/guest).
access-token-invalid = Este token de acesso não é válido: é desconhecido, foi revogado ou está malformado.
session-token-expired = Seu token expirou: entre novamente para obter um novo.
session-token-invalid = O token bearer não é válido (assinatura, emissor, audiência ou algoritmo incorretos).
access-token-expired = Este token de acesso expirou: crie um novo.

## Limites

title-too-many-attempts = Tentativas demais
title-too-many-streams = Streams demais
rate-limited = Requisições demais: diminua o ritmo e tente novamente em { $seconds ->
    [one] { $seconds } segundo
   *[other] { $seconds } segundos
    }.
# $what é um dos attempts-* abaixo.
too-many-attempts = Excesso de { $what }: tente novamente em { $seconds ->
    [one] { $seconds } segundo
   *[other] { $seconds } segundos
    }.
attempts-password = tentativas de senha nesta conta
attempts-bulk-exports = exportações em massa deste endereço
attempts-chat-commands = comandos enviados por você
attempts-link-codes = tentativas de código de vinculação feitas por você
attempts-app-approvals = autorizações de apps
attempts-code-trades = trocas de código
too-many-streams-user =
    Você já tem { $count ->
        [one] { $count } stream ao vivo aberto
       *[other] { $count } streams ao vivo abertos
    }: feche um antes de abrir outro.
too-many-streams-address =
    { $count ->
        [one] Já há { $count } stream ao vivo aberto
       *[other] Já há { $count } streams ao vivo abertos
    } a partir do seu endereço: feche um antes de abrir outro.

## Números dos jogos

bad-deal-number = deal_number deve ser um número inteiro de 0 a 18446744073709551615 (como texto: só dígitos, sem sinal).
no-column-zero = Não existe a coluna 0: as colunas são numeradas a partir de 1.
column-past-most = Não existe a coluna { $column }: um jogo tem no máximo { $most } colunas.
count-past-most = Não é possível mover { $count } cartas juntas: uma sequência em ordem tem no máximo { $most } (de um Rei até um Ás).

## Exportações e importações

export-line = Linha { $line }: { $reason }
export-action = Ação { $number }: { $reason }
export-refused-line = Linha { $line } (`{ $text }`): { $reason }
export-unknown-field = `{ $field }` não é um campo de exportação.
export-missing-field = A exportação não traz o campo { $field } (`{ $field }: …` antes da linha em branco).
export-not-an-action = `{ $text }` não é uma ação (`3 7 2`, `d`, `u` ou `resign`).
export-bad-origin = origin `{ $origin }` não é um tipo de jogo (random, chosen, daily, winnable, restart, race, imported).
export-bad-deal-number = deal_number deve ser um número inteiro, como string decimal.
export-not-json = Não é uma exportação JSON: { $error }.
export-not-utf8 = Uma exportação deve ser texto UTF-8.
export-bad-window = since e until são milissegundos desde a época Unix.
export-bad-max = max deve ser de 1 a 1000.
attempts-new-guests = novas contas de convidado deste endereço
attempts-new-accounts = novas contas deste endereço
attempts-imports-address = ações importadas deste endereço
attempts-winnable-address = jogos em distribuições com vitória comprovada deste endereço
attempts-races-address = novas salas de corrida deste endereço
attempts-arenas-address = novas arenas deste endereço
attempts-app-approvals-address = autorizações de apps deste endereço

## Perfil

# $languages lista as tags que este servidor fala ("en, de, fr, es, pt-BR, ja").
unknown-language = Este servidor não fala “{ $language }”: use um destes: { $languages }.

## Requisições das plataformas de chat

integration-off = A integração com o { $platform } está desativada neste servidor: o operador a ativa definindo { $variable }.
no-valid-timestamp = A requisição não tem um timestamp válido.
stale-request = O timestamp da requisição difere em mais de { $minutes } minutos do relógio do servidor: ela é recusada como uma possível repetição (replay).
invalid-signature = A assinatura da requisição não é válida.
telegram-bad-secret = O cabeçalho X-Telegram-Bot-Api-Secret-Token está ausente ou incorreto.
discord-not-interaction = O corpo não é uma interação do Discord: { $error }.
discord-bad-ids = O corpo não é uma interação do Discord: os ids dele não são ids do Discord.
slack-not-command = O corpo não é um slash command do Slack: { $error }.
telegram-not-update = O corpo não é um update do Telegram: { $error }.
attempts-password-address = tentativas de senha nesta conta a partir do seu endereço
export-expected-header = esperava-se `key: value` antes da linha em branco e das ações.
export-bad-variant = variant deve ser spider ou spiderette.
export-bad-undo = undo deve ser full, no_reveal ou off.
export-bad-empty-column-deal = empty_column_deal deve ser standard, strict ou allowed.
export-bad-deal = deal deve ser um número inteiro de 0 a 18446744073709551615.
no-page-messages = Não há textos da página web em /l10n/{ $name }: peça en.ftl, de.ftl, fr.ftl, es.ftl, pt-BR.ftl ou ja.ftl.

## O que um app pode fazer (a página de consentimento)

scope-games-read = Ver seus jogos, tabuleiros, dicas, eventos e recordes.
scope-games-write = Começar jogos e jogá-los por você (mover cartas, distribuir, desfazer, desistir).
