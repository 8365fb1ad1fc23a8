# O jogo em palavras: cartas, o tabuleiro como texto, as recusas das regras, o que uma ação fez.
# Uma carta é o seu valor seguido do símbolo do naipe (♠ ♥ ♦ ♣): $rank vai de 1 (ás) a 13 (rei).

card = { $rank ->
    [1] A
    [11] J
    [12] Q
    [13] K
   *[other] { $rank }
    }{ $suit }

# A linha acima da grade do tabuleiro. $variant é "spider" ou "spiderette"; $status é "playing",
# "won" ou "resigned".
board-header = { $variant ->
    [spiderette] spiderette
   *[spider] spider
    } { $suits } { $suits ->
    [one] naipe
   *[other] naipes
    } · pontuação { $score } · monte { $deals } { $deals ->
    [0] distribuições restantes
    [one] distribuição restante
   *[other] distribuições restantes
    } · sequências { $runs }/{ $total }{ $status ->
    [won] {" · VITÓRIA"}
    [resigned] {" · desistência"}
   *[playing] {""}
    }

illegal-game-over = O jogo terminou: ele não aceita mais nenhuma ação.
illegal-no-such-column = Não existe a coluna { $column }.
illegal-same-column = Uma carta não pode ser movida para a própria coluna.
illegal-empty-group = Um movimento precisa levar pelo menos uma carta.
illegal-not-enough-face-up = A coluna { $column } tem só { $face_up } { $face_up ->
    [0] cartas viradas para cima
    [one] carta virada para cima
   *[other] cartas viradas para cima
    }, então não é possível mover { $count }.
illegal-group-not-same-suit = Essas cartas não são todas do mesmo naipe: uma sequência de naipes misturados só se move uma carta por vez.
illegal-group-not-in-sequence = Essas cartas não estão em sequência: cada uma precisa ser exatamente um valor abaixo da carta acima dela.
illegal-landing-rank-mismatch = { $card } não pode ir sobre { $onto }: só uma carta de valor imediatamente inferior pode.
illegal-deal-with-empty-column = Não é possível distribuir com uma coluna vazia: coloque uma carta em cada coluna vazia antes.
illegal-stock-empty = O monte está vazio: não há mais nada para distribuir.
illegal-nothing-to-undo = Não há nada para desfazer.
illegal-undo-disabled = Desfazer está desativado neste jogo.
illegal-undo-would-hide-card = Desfazer isso esconderia uma carta que você já viu: neste jogo, um movimento que virou uma carta, ou uma distribuição, não pode ser desfeito.
illegal-no-destination = Nenhuma coluna pode receber as cartas do final da coluna { $column }.

# O que uma ação fez. $cards é uma carta ou uma sequência como "9♠–6♠".
did-move = Você moveu { $cards } da coluna { $from } para a coluna { $to }.
did-deal = Uma nova fileira foi distribuída do monte.
did-undo = O último movimento foi desfeito.
did-resign = Você desistiu.
did-remove-run = Uma sequência completa foi formada e removida da coluna { $column }.
# $columns lista as colunas ("3, 7"); $count é quantas são.
did-turn-card = { $count ->
    [one] Uma carta foi virada na coluna { $columns }.
   *[other] Uma carta foi virada em cada uma das colunas { $columns }.
    }
did-win = Você venceu, com pontuação de { $score }!
# O que fica entre duas frases (um espaço em português; nada em japonês).
sentence-gap = {" "}

# Cartas nomeadas juntas: uma sequência da primeira à última carta ("9♠–6♠").
card-group = { $first }–{ $last }
# Nenhuma carta (uma dica que não nomeia nenhuma).
card-group-empty = {""}

# Por que uma dica sugere a sua ação. $cards é uma carta ou uma sequência, $onto uma carta; colunas a partir de 1.
hint-game-over = O jogo terminou.
hint-try-undo = Não há mais nenhum movimento útil: tente desfazer seus últimos movimentos.
hint-resign = Não há mais nenhum movimento útil nem distribuição: você pode desistir.
hint-deal = Distribua uma nova fileira do monte: não há nenhum movimento melhor à vista.
hint-deal-plain = Distribua uma nova fileira do monte.
hint-deal-quiet =
    Distribua uma nova fileira do monte: { $actions ->
        [one] seu último movimento não virou nenhuma carta nem completou nenhuma sequência.
       *[other] seus últimos { $actions } movimentos não viraram nenhuma carta nem completaram nenhuma sequência.
    }
hint-into-empty = Mova { $cards } da coluna { $from } para a coluna vazia { $to }.
hint-fill-to-deal = Mova { $cards } da coluna { $from } para a coluna vazia { $to }, para poder distribuir.
# $frees é a carta sobre a qual as cartas movidas estavam.
hint-into-empty-frees = Mova { $cards } da coluna { $from } para a coluna vazia { $to }: assim { $frees } fica livre para receber cartas.
# $suit é o símbolo do naipe (♠ ♥ ♦ ♣).
hint-completes-run = Mova { $cards } para cima de { $onto } na coluna { $to }: isso completa uma sequência de { $suit }.
hint-turns-card = Mova { $cards } da coluna { $from } para a coluna { $to }: isso vira uma carta na coluna { $from }.
hint-empties-column = Mova { $cards } da coluna { $from } para a coluna { $to }: isso esvazia a coluna { $from }.
hint-builds-in-suit = Mova { $cards } para cima de { $onto } na coluna { $to }: isso monta uma sequência do mesmo naipe.
hint-build = Mova { $cards } para cima de { $onto } na coluna { $to }.
hint-move-cards = Mova { $count } { $count ->
    [one] carta
   *[other] cartas
    } da coluna { $from } para a coluna { $to }.
# $first é a frase de outra dica.
hint-fill-every-hole =
    { $first } { $actions ->
        [one] Seu último movimento não virou nenhuma carta
       *[other] Seus últimos { $actions } movimentos não viraram nenhuma carta
    }: preencha todas as colunas vazias para que a próxima fileira possa ser distribuída.

# Por que uma tentativa do desafio diário é treino.
daily-practice = Treino: não conta para nada. Só a primeira tentativa de uma conta cadastrada no desafio de cada dia é ranqueada (convidados jogam o desafio diário como treino).
daily-practice-guest = Convidados jogam o desafio diário como treino: só a primeira tentativa de uma conta cadastrada é ranqueada. Cadastre-se (seus jogos vão junto) para ter uma tentativa ranqueada no desafio de amanhã.
daily-practice-ranked-made = Sua tentativa ranqueada neste desafio já foi feita: as próximas tentativas são treino.
daily-practice-seen-as-guest = Você jogou este desafio antes de se cadastrar: você já conhece as cartas dele, então as tentativas de hoje são treino.
# Os jogadores de CPU de uma corrida. $percent: em quanto do tempo mediano das pessoas eles tentam terminar; $level é easy, normal ou hard (a palavra da API).
race-cpu-note = Os jogadores de CPU conhecem a distribuição inteira: cada um segue um caminho vencedor, com alguns desvios nos níveis mais fáceis, num ritmo que termina em cerca de { $percent }% do tempo mediano que as pessoas levam para vencer este tipo de jogo (nível { $level }).
