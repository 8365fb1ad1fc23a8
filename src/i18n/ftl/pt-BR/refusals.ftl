# Recusas: o `title` (title-*) e o `detail` de cada problema. O `code` ao lado é da API e nunca
# é traduzido; os nomes da API (campos, cabeçalhos, caminhos, valores como games:read) também
# ficam como estão aqui.

## Títulos

title-invalid-request = Requisição inválida
title-not-found = Não encontrado
title-unauthorized = Não autorizado
title-forbidden = Acesso negado
title-conflict = Conflito
title-version-conflict = Conflito de versão
title-internal-error = Erro interno do servidor
title-key-reused = Chave de idempotência reutilizada
title-unavailable = Serviço indisponível
title-too-many-requests = Requisições demais
title-game-over = Fim de jogo
title-undo-would-hide-card = Desfazer esconderia uma carta
title-illegal-action = Ação não permitida
title-no-winnable-deal = Nenhuma distribuição com vitória comprovada disponível
title-winnable-quota = Excesso de jogos com vitória comprovada
title-import-allowance = Ações importadas demais
title-invalid-link-code = Código de vinculação inválido

## O serviço e seu banco de dados

game-not-found = Não há nenhum jogo com esse id entre os seus jogos.
version-conflict = O jogo mudou: ele está na versão { $version }. Recarregue-o e tente novamente.
internal-error = Algo deu errado do nosso lado; nada foi alterado. Tente novamente.
idempotency-key-reused = Esta Idempotency-Key já foi usada em uma requisição diferente.
writes-busy = Há ações demais aguardando gravação; nada foi alterado. Tente novamente.
database-lost-mid-write = A conexão com o banco de dados caiu enquanto isto era gravado, então pode ter sido salvo ou não: tente novamente com a mesma Idempotency-Key ou consulte o jogo antes.
database-unavailable = O banco de dados não está acessível no momento; nada foi alterado. Tente novamente.
bad-suit-count = suits deve ser 1, 2 ou 4.

## Jogos

concurrent-update = Outras requisições alteraram este jogo ao mesmo tempo, repetidamente; nada foi aplicado. Tente novamente.
daily-closed = Este desafio diário terminou à meia-noite UTC: já não é possível jogar a tentativa ranqueada dele.
ranked-attempt-in-progress = Sua tentativa ranqueada no desafio de hoje ainda está em andamento: termine-a ou desista dela antes de começar uma tentativa de treino.
action-limit = Este jogo atingiu o limite de { $limit } ações: agora só é possível desistir dele. Comece um novo jogo (ou reinicie esta distribuição) para continuar jogando.
round-not-started = Esta rodada da corrida ainda não começou: o jogo dela abre quando a contagem regressiva terminar.
race-game = Um jogo de corrida não pode ser reiniciado: todos na corrida jogam a mesma distribuição, uma única vez.
# $difficulty é easy, normal ou hard (a palavra da própria API).
winnable-proving = Ainda não há nenhuma distribuição de nível { $difficulty } deste tipo com vitória comprovada; o servidor está comprovando algumas agora. Tente novamente em alguns segundos.
winnable-none = Não há nenhuma distribuição de nível { $difficulty } deste tipo com vitória comprovada, e nenhuma está sendo comprovada agora (este servidor comprova distribuições de poucos tipos por vez, ou de nenhum). Tente as regras padrão, ou tente de novo mais tarde.
winnable-quota =
    Você começou { $limit ->
        [one] { $limit } jogo
       *[other] { $limit } jogos
    } em distribuições com vitória comprovada na última hora, o máximo permitido por jogador: tente novamente em { $seconds ->
        [one] { $seconds } segundo
       *[other] { $seconds } segundos
    }, ou comece um jogo comum enquanto isso.
too-many-games =
    Você já tem { $most ->
        [one] { $most } jogo
       *[other] { $most } jogos
    } em andamento, o máximo permitido por jogador: termine ou desista de um deles (GET /v1/users/me/games lista todos) e depois comece outro.
guest-cannot-import = Uma conta de convidado não pode importar jogos: dê a ela um nome de usuário e uma senha antes (POST /v1/users/me/upgrade).
import-too-large = Esta exportação contém { $asked } ações, mais do que as { $allowance } que uma conta pode importar por hora: ela não pode ser importada aqui.
import-allowance = Uma conta pode importar { $allowance } ações por hora, somando todas as suas importações, e as { $asked } desta importação ultrapassariam esse limite: tente novamente em { $seconds ->
    [one] { $seconds } segundo
   *[other] { $seconds } segundos
    }.
hints-disabled = As dicas estão desativadas na sala de corrida deste jogo.
analysis-game-in-progress = O jogo ainda está em andamento: a análise dele mostraria as cartas ocultas. Termine-o ou desista dele antes.
analysis-daily-not-over = Este jogo é de um desafio diário: a análise dele fica disponível quando o dia do desafio (UTC) terminar, quando ninguém mais puder jogar essa distribuição naquele dia.
analysis-race-round = Este jogo faz parte de uma rodada de corrida que ainda está em andamento: a análise dele fica disponível quando a rodada terminar.

## Contas, sessões, perfis, apps e tokens

unknown-user = A conta para a qual este token foi emitido não existe: entre novamente.
bad-username = Um nome de usuário tem de 3 a 32 caracteres: letras, dígitos, '_', '-' e '.'.
bad-password-length = Uma senha tem de 10 a 128 caracteres.
bad-password-control = Uma senha não pode conter caracteres de controle (como tabulações ou quebras de linha).
weak-password = Essa senha é fácil demais de adivinhar (é uma senha comum ou contém o nome de usuário): escolha outra.
username-taken = Esse nome de usuário já está em uso: escolha outro.
invalid-credentials = Esse nome de usuário e essa senha não correspondem a nenhuma conta.
wrong-password = A senha informada não é a senha desta conta.
guest-has-no-password = Uma conta de convidado não tem senha: dê a ela um nome de usuário e uma senha antes (POST /v1/users/me/upgrade).
password-required = Isto exige a senha da sua conta (`password`): estar conectado não basta para autorizar um app nem para vincular uma identidade de chat.
guest-cannot-approve = Uma conta de convidado não pode autorizar apps: dê a ela um nome de usuário e uma senha antes (POST /v1/users/me/upgrade).
not-a-guest = Esta conta já tem nome de usuário e senha: só uma conta de convidado pode ser convertida.
auth-busy = O servidor está ocupado verificando outras senhas: tente novamente em instantes.
session-ended = Esta sessão terminou (você saiu, saiu de todos os dispositivos ou a senha foi trocada): entre novamente.
guest-has-no-profile = Uma conta de convidado não tem perfil público: cadastre-se (POST /v1/users/me/upgrade mantém tudo) para ter um.
profile-not-found = Não há nenhum perfil público com esse nome (convidados não têm perfil, e um jogador pode ocultar o seu).
too-many-tokens =
    Você já tem { $max ->
        [one] { $max } token ativo
       *[other] { $max } tokens ativos
    }: revogue um antes.
token-not-found = Não há nenhum token de acesso com esse id entre os seus.

## O pedido de login de um app (para quem o desenvolve)

oauth-client-id = client_id deve ter de 1 a 256 caracteres ASCII imprimíveis que identifiquem o app.
oauth-redirect-uri = redirect_uri deve ser https://…, http:// para o endereço de loopback desta máquina (127.0.0.1, [::1] ou localhost) ou o esquema próprio de um app nativo em forma de domínio invertido (com.example.app:/done), sem parte de usuário, fragmento, barra invertida, espaços em branco ou caracteres de controle.
oauth-response-type = response_type deve ser code: este servidor atende apenas ao fluxo de código de autorização.
oauth-challenge-method = code_challenge_method deve ser S256 (plain não é aceito).
oauth-pkce-required = code_challenge_method=S256 e um code_challenge são obrigatórios (PKCE).
oauth-challenge = code_challenge deve ser o desafio S256: 43 caracteres em base64url.
oauth-unknown-scope = Escopo desconhecido “{ $scope }”: use games:read e/ou games:write.
oauth-no-scope = scope deve indicar games:read e/ou games:write.
oauth-state = state deve ter no máximo 1.000 caracteres ASCII imprimíveis.

## Corridas

race-not-found = Não há nenhuma corrida com esse código.
race-full = Esta corrida já está cheia, com { $seats } jogadores.
not-host = Só o anfitrião da corrida pode iniciar uma rodada ou remover um lugar.
round-in-progress = A rodada atual ainda está em andamento: uma nova começa quando todos os jogadores terminarem ou abandonarem, ou 60 minutos após o início dela.
round-started-elsewhere = Outro pedido para iniciar esta corrida chegou primeiro.
not-racing = Você não participa de nenhuma rodada em andamento desta corrida (quem entra durante uma rodada joga a partir da próxima).
seat-name-taken = Outro lugar nesta sala já usa esse nome (sem contar maiúsculas/minúsculas e espaços): entre com outro nome.
seat-name-reserved = Nomes como “CPU 1” são dos jogadores de CPU da sala: entre com outro nome.
seat-not-found = Esse lugar não existe nesta corrida.
host-seat = O lugar do anfitrião pertence à sala: o anfitrião não pode sair nem ser removido.
seat-in-round = Este lugar está jogando a rodada em andamento: ele pode ser liberado quando a rodada terminar (antes disso, o jogador pode abandoná-la).
not-seated = Você não tem lugar nesta corrida: não há do que sair.
already-done = Sua participação nesta rodada acabou (você terminou ou abandonou): não há nada para abandonar.
race-account-required = Corridas ranqueadas são para jogadores cadastrados: cadastre-se (um convidado pode manter tudo com POST /v1/users/me/upgrade) e depois entre.

## Identidades de chat e vínculos

guest-cannot-link = Uma conta de convidado não pode vincular identidades de chat: dê a ela um nome de usuário e uma senha antes (POST /v1/users/me/upgrade).
replayed-request = Esta requisição assinada já foi respondida: cada requisição só é aceita uma vez.
invalid-link-code = Esse código de vinculação é desconhecido, já foi usado ou expirou: gere um novo na sua conta (ele vale por 10 minutos e funciona uma única vez).
chat-link-not-found = Não há nenhum vínculo de chat com esse id entre os seus.
already-linked = Esta identidade de chat já joga como { $username }: desvincule-a antes de vincular outra conta.
not-linked = Esta identidade de chat joga com a conta criada para ela: não há vínculo para desfazer.
too-many-chat-links =
    Sua conta já tem { $max ->
        [one] { $max } identidade de chat vinculada
       *[other] { $max } identidades de chat vinculadas
    }: remova uma antes.

## Buscas (dicas e análises)

search-busy = Todos os espaços de busca deste servidor estão ocupados com dicas e análises; nada foi calculado. Tente novamente em um segundo.
search-running = Você já tem uma dica ou análise sendo buscada: é uma busca por vez por conta, para que todos recebam a sua. Peça de novo quando ela tiver sido respondida.
address-searches-busy = As dicas e análises do seu endereço de rede já ocupam { $share ->
    [one] { $share } espaço de busca
   *[other] { $share } espaços de busca
    }, o máximo que um endereço pode ocupar ao mesmo tempo: peça de novo quando uma delas tiver sido respondida.

## Puzzles

puzzle-activity-bad-limit = limit deve ser um número inteiro de 1 a 100.
puzzle-activity-bad-cursor = Este cursor não veio de uma página da sua atividade de problemas: comece de novo sem ele.
puzzle-no-moves = Uma tentativa tem pelo menos um movimento: envie os movimentos a partir da posição do problema, o mais recente por último.
puzzle-export-bad-max = max deve ser um número inteiro de 1 a 10000.

title-puzzle-move = Não é um movimento deste problema
puzzle-not-found = Não há nenhum problema com esse id.
puzzle-none-left = Ainda não há nenhum problema deste tipo para você: tente outro número de naipes ou volte quando mais problemas forem encontrados.
puzzle-too-many-moves = Este problema se resolve em { $within ->
    [one] { $within } movimento
   *[other] { $within } movimentos
    }: a tentativa tem mais.
puzzle-illegal-move = O movimento { $number } da tentativa não é permitido pelas regras nessa posição (um problema aceita só movimentos de cartas: nem distribuir, nem desfazer).
puzzle-streak-not-found = Não há nenhuma série com esse id entre as suas.
puzzle-streak-over = Esta série terminou: comece uma nova.
puzzle-streak-moved-on = Outra requisição avançou esta série no mesmo momento: consulte-a de novo e continue a partir daí.

## Arenas

arena-game = Um jogo de arena não pode ser reiniciado: cada distribuição conta uma única vez, com o resultado que teve.
arena-running = Este jogo é uma distribuição de uma arena que ainda está em andamento: a análise dele fica disponível quando a arena terminar.
arena-not-found = Não há nenhuma arena com esse id.
arena-account-required = Arenas ranqueadas, e criar uma arena, exigem uma conta cadastrada: cadastre-se, ou converta esta conta de convidado.
arena-not-started = A arena ainda não começou: a primeira distribuição dela abre quando ela começar.
arena-over = A arena terminou: os resultados dela são definitivos.
arena-not-joined = Você não está jogando nesta arena: entre nela antes (ou de novo, se tiver saído).
arena-deal-in-play = Sua distribuição atual nesta arena ainda está em andamento: vença-a ou desista dela antes da próxima.
arena-no-more-deals = Você jogou todas as distribuições desta arena: seus pontos estão na classificação.
arena-deal-not-ready = Sua próxima distribuição ainda está sendo preparada: tente novamente em alguns segundos.
arena-too-many =
    Você já tem { $most ->
        [one] { $most } arena em aberto
       *[other] { $most } arenas em aberto
    }, o máximo que uma conta pode criar: tente novamente em { $seconds ->
        [one] { $seconds } segundo
       *[other] { $seconds } segundos
    }, quando a primeira delas terminar.
arena-none-allowed = Este servidor não permite que contas criem arenas: jogue nas programadas.
arena-bad-length = Uma arena dura de { $shortest } a { $longest } minutos.
arena-bad-start = Uma arena começa dentro de uma semana a partir de agora (com no máximo { $most } minutos de antecedência).
arena-bad-title = Um título tem de 1 a { $most } caracteres.
arena-history-bad-limit = limit deve ser um número inteiro de 1 a 100.
arena-standings-bad-page = offset deve ser 0 ou maior, e limit um número inteiro de 1 a 100.
