# As palavras de conta da página web: a barra de conta, a tela da conta (senha, apps, vínculos
# de chat), entrar e sair, o perfil público de um jogador e a página de consentimento, onde um
# jogador permite que um app use a conta dele.
# Em pt-BR, 0 cai na categoria [one]: onde 0 é possível, há uma variante [0] no plural.

## A barra de conta no topo da página

# $name é o nome de usuário da conta.
account-bar-signed-in = Conectado como { $name }
account-bar-account = Conta
account-bar-guest = Jogando como convidado
account-bar-sign-in = Entrar

## A tela da conta

account-loading = Carregando…
# $name é o nome de usuário (em negrito); $since, a data e hora em que a conta foi criada.
account-profile-name = Conectado como { $name }, jogando desde { $since }.
account-sign-out = Sair
account-sign-out-everywhere = Sair de todos os dispositivos
account-sign-out-everywhere-note = Sair de todos os dispositivos também encerra o acesso de todos os apps e todos os vínculos de chat desta conta.
account-guest-note = Você está jogando como convidado. Crie uma conta para guardar seus recordes e seu rating e jogar de qualquer dispositivo: ao se cadastrar, você mantém os jogos, os recordes e o rating de convidado.

# O título do formulário (e o nome dele para leitores de tela).
account-password-heading = Alterar senha
account-password-current = Senha atual
account-password-new = Nova senha
# $min é o mínimo de caracteres de uma senha (10).
account-password-new-help = { $min } caracteres ou mais. Todos os outros dispositivos são desconectados, e todos os apps e vínculos de chat perdem o acesso, a menos que você os mantenha abaixo.
account-password-keep-apps = Manter meus apps e vínculos de chat
# O botão do formulário.
account-password-submit = Alterar senha
account-password-changed-kept = Senha alterada. Todos os outros dispositivos foram desconectados; seus apps e vínculos de chat mantêm o acesso.
account-password-changed = Senha alterada. Todos os outros dispositivos, apps e vínculos de chat foram desconectados.

account-hide-profile = Ocultar meu perfil público
account-see-profile = Ver meu perfil público
account-profile-now-hidden = Seu perfil está oculto.
account-profile-now-public = Seu perfil está público.

## Apps com acesso (OAuth)

account-apps-heading = Apps com acesso
account-apps-failed = Não foi possível carregar os apps.
account-apps-none = Nenhum app pode usar sua conta.
# $app é o nome que o app dá a si mesmo (em negrito); $scopes lista o que ele pode fazer, em
# códigos ("games:read, games:write"); $since e $used são datas e horas.
account-app-used = { $app } · { $scopes } · desde { $since } · último uso { $used }
# $app, $scopes e $since como acima, para um app que ainda não usou o acesso.
account-app-unused = { $app } · { $scopes } · desde { $since } · ainda não usado
account-app-revoke = Revogar
# $app é o nome que o app dá a si mesmo.
account-app-revoked = { $app } não pode mais usar sua conta.

## Vínculos de chat (Discord, Slack, Telegram)

account-chat-links-heading = Vínculos de chat
# $minutes é quanto tempo um código de vínculo vale (10).
account-chat-links-about = Jogue com esta conta pelo Discord, Slack ou Telegram: gere um código e envie-o ao bot em até { $minutes } minutos. O que você já jogou lá vem junto.
# O rótulo do campo de senha antes do botão "gerar código".
account-chat-link-password = Sua senha
# O botão (e o nome do formulário para leitores de tela).
account-chat-link-get-code = Gerar código de vínculo
account-chat-links-failed = Não foi possível carregar os vínculos de chat.
account-chat-links-none = Nenhuma identidade de chat joga como você.
# $name é o nome da identidade de chat (em negrito); $platform é Discord, Slack ou Telegram;
# $linked é a data e hora do vínculo.
account-chat-link-linked = { $name } no { $platform } · vinculado em { $linked }
# $name e $platform como acima, quando a data não é conhecida.
account-chat-link = { $name } no { $platform }
account-chat-link-remove = Remover
# $name e $platform como acima.
account-chat-link-removed = { $name } no { $platform } não joga mais como você.

## Entrar e sair

# $name é o nome de usuário da conta nas três mensagens seguintes.
account-signed-in = Você entrou como { $name }.
account-signed-up = Boas-vindas! Você se cadastrou como { $name }.
# Depois da caixa de sessão (uma sessão que o servidor recusou), conectado de novo.
account-signed-in-again = Você entrou novamente como { $name }.
account-signed-out = Você saiu. Agora está jogando como convidado.
account-signed-out-everywhere = Você saiu de todos os dispositivos, apps e vínculos de chat. Agora está jogando como convidado.
# A caixa de sessão, depois da frase da própria API dizendo por que a sessão terminou.
account-session-sign-in-again = Entre para continuar: o jogo na mesa continua como está.

## O perfil público de um jogador

# O título da tela quando nenhum nome é dado.
account-profile-player = Jogador
account-profile-hidden = (um jogador com o perfil oculto)
# $since é a data e hora em que o jogador entrou; $streak, quantos dias seguidos ele jogou a
# distribuição diária.
account-profile-joined = Jogando desde { $since } · série diária: { $streak ->
        [0] { $streak } dias
        [one] { $streak } dia
       *[other] { $streak } dias
    }
account-profile-col-game = Jogo
account-profile-col-played = Jogados
account-profile-col-won = Vencidos
account-profile-col-best-score = Melhor pontuação
account-profile-col-fastest-win = Vitória mais rápida
account-profile-col-streak = Série
# $current é o número de vitórias seguidas agora; $longest, o maior de todos.
account-profile-streak = { $current } (melhor: { $longest })
account-profile-no-records = Nenhum jogo contado ainda.
account-profile-ratings = Ratings de corrida
# $kind é o tipo de jogo ("Spider, 2 naipes"); $rating, o rating de corrida; $rounds, de quantas
# rodadas ranqueadas ele vem.
account-profile-rating = { $kind }: { $rating } após { $rounds ->
        [one] { $rounds } rodada ranqueada
       *[other] { $rounds } rodadas ranqueadas
    }
account-profile-no-ratings = Nenhuma corrida ranqueada ainda.
account-profile-arenas = Arenas: { $won } vencidas de { $played } concluídas.
account-profile-latest = Últimos jogos
# Como um jogo surgiu ($origin, um código da API), mostrado entre parênteses depois do tipo nas
# duas mensagens seguintes.
account-profile-origin = { $origin ->
        [random] aleatório
        [chosen] escolhido
        [daily] diário
        [winnable] vitória comprovada
        [restart] reinício
        [race] corrida
        [arena] arena
        [imported] importado
       *[other] { $origin }
    }
# Um jogo terminado. $kind é o tipo de jogo ("Spider, 2 naipes"); $origin, como ele surgiu
# (account-profile-origin, acima); $status, como terminou ("vitória", "desistência"), já por
# extenso; $score, a pontuação; $finished, a data e hora em que terminou.
account-profile-game = { $kind } ({ $origin }) · { $status } · { $score ->
        [0] { $score } pontos
        [one] { $score } ponto
       *[other] { $score } pontos
    } · { $finished }
# O mesmo, com $duration, o tempo que o jogo levou ("4:05").
account-profile-game-timed = { $kind } ({ $origin }) · { $status } · { $score ->
        [0] { $score } pontos
        [one] { $score } ponto
       *[other] { $score } pontos
    } · { $duration } · { $finished }
account-profile-no-games = Nenhum jogo terminado ainda.

## A página de consentimento: um app pede para usar a conta do jogador

account-consent-reading = Lendo o pedido do app…
# $why é a frase do próprio serviço dizendo o que há de errado com o pedido.
account-consent-refused = Este pedido de acesso à sua conta não pode ser aprovado: { $why }
account-consent-nothing-shared = Nada foi compartilhado. Volte ao app e tente novamente, ou avise quem o desenvolve.
# $app é o nome que o app dá a si mesmo (em negrito).
account-consent-asks = O app { $app } pede para usar sua conta.
account-consent-name-note = Este nome foi dado pelo próprio app: ele não foi criado nem verificado por este serviço.
# $origin é o endereço para onde o jogador volta (mostrado como código), como https://example.com.
account-consent-return = Depois, você volta para { $origin }.
# Antes da lista do que o app poderia fazer.
account-consent-could = Ele poderia:
# $days é quantos dias dura o acesso do app. "Conta → apps com acesso" indica onde o jogador o
# revoga: o título "Apps com acesso" da tela da conta.
account-consent-lasts = { $days ->
        [one] O acesso dele vale por { $days } dia, a menos que você o revogue antes (Conta → Apps com acesso).
       *[other] O acesso dele vale por { $days } dias, a menos que você o revogue antes (Conta → Apps com acesso).
    }
account-consent-insecure = Atenção: o app recebe o código por http simples em outra máquina, onde outras pessoas na rede poderiam lê-lo. Aprove só se você confia nesta rede.
account-consent-sign-in-first = Entre, ou crie uma conta, para dar acesso a um app: uma conta de convidado não pode ser acessada de nenhum outro lugar.
account-consent-sign-in = Entrar ou cadastrar-se
# O rótulo do campo de senha antes do botão Aprovar.
account-consent-password = Sua senha, para aprovar:
account-consent-approve = Aprovar
account-consent-deny = Recusar
