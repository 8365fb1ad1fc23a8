# ゲームを言葉で：カード、テキストの盤面、ルールによる拒否、操作の結果。
# カードはランクの後にスートの記号（♠ ♥ ♦ ♣）：$rank は 1（エース）〜 13（キング）。

card = { $rank ->
    [1] A
    [11] J
    [12] Q
    [13] K
   *[other] { $rank }
    }{ $suit }

# 盤面の上の1行。$variant は "spider" か "spiderette"、$status は "playing"、"won"、"resigned"。
board-header = { $variant ->
    [spiderette] スパイダレット
   *[spider] スパイダー
    } { $suits }スート · スコア { $score } · 山札 残り { $deals } 回 · 完成 { $runs }/{ $total }{ $status ->
    [won] {" · 勝利"}
    [resigned] {" · 投了"}
   *[playing] {""}
    }

illegal-game-over = ゲームは終了しています。これ以上手を進めることはできません。
illegal-no-such-column = { $column } 列目はありません。
illegal-same-column = カードを同じ列の上には移動できません。
illegal-empty-group = 移動するカードを1枚以上選んでください。
illegal-not-enough-face-up = { $column } 列目の表向きのカードは { $face_up } 枚しかないため、{ $count } 枚は移動できません。
illegal-group-not-same-suit = それらのカードはすべて同じスートではありません。スートが混ざった並びは1枚ずつしか移動できません。
illegal-group-not-in-sequence = それらのカードは順番に並んでいません。各カードは、すぐ上のカードよりちょうど1つ小さいランクでなければなりません。
illegal-landing-rank-mismatch = { $card } は { $onto } の上に置けません。置けるのは1つ小さいランクのカードだけです。
illegal-deal-with-empty-column = 空の列があるときは配れません。先にすべての空の列にカードを移動してください。
illegal-stock-empty = 山札が空です。配るカードはもうありません。
illegal-nothing-to-undo = 元に戻せる手はありません。
illegal-undo-disabled = このゲームでは元に戻す機能がオフになっています。
illegal-undo-would-hide-card = その手を元に戻すと、すでに見たカードが再び隠れてしまいます。このゲームでは、カードを表向きにした移動や配った手は元に戻せません。
illegal-no-destination = { $column } 列目の末尾のカードを受け取れる列はありません。

# 操作の結果。$cards は1枚のカード、または "9♠–6♠" のような並び。
did-move = { $cards } を { $from } 列目から { $to } 列目に移動しました。
did-deal = 山札から各列に1枚ずつ配りました。
did-undo = 直前の手を元に戻しました。
did-resign = 投了しました。
did-remove-run = { $column } 列目で組が完成し、取り除かれました。
# $columns は列の一覧（"3, 7"）、$count はその数。
did-turn-card = { $count ->
   *[other] { $columns } 列目のカードが表向きになりました。
    }
did-win = クリアしました！スコアは { $score } です。
# 2つの文の間に入るもの（英語ではスペース、日本語では何もなし）。
sentence-gap = {""}

# まとめて示すカード：並びの最初のカードから最後のカードまで（"9♠–6♠"）。
card-group = { $first }–{ $last }
# カードなし（カードを示さないヒント）。
card-group-empty = {""}

# ヒントがその操作を勧める理由。$cards は1枚のカードまたは並び、$onto はカード。列は1から数える。
hint-game-over = ゲームは終了しています。
hint-try-undo = 有効な手が残っていません。直前の何手かを元に戻してみてください。
hint-resign = 有効な手も、配る手も残っていません。投了してもかまいません。
hint-deal = 山札から各列に1枚ずつ配りましょう。これより良い手は見当たりません。
hint-deal-plain = 山札から各列に1枚ずつ配りましょう。
hint-deal-quiet = 山札から各列に1枚ずつ配りましょう。直前の { $actions } 手では、表向きになったカードも完成した組もありません。
hint-into-empty = { $cards } を { $from } 列目から空いている { $to } 列目に移動しましょう。
hint-fill-to-deal = { $cards } を { $from } 列目から空いている { $to } 列目に移動しましょう。そうすれば配れるようになります。
# $frees は、移動するカードが乗っていたカード。
hint-into-empty-frees = { $cards } を { $from } 列目から空いている { $to } 列目に移動しましょう。{ $frees } の上にカードを重ねられるようになります。
# $suit はスートの記号（♠ ♥ ♦ ♣）。
hint-completes-run = { $cards } を { $to } 列目の { $onto } の上に移動しましょう。{ $suit } の組が完成します。
hint-turns-card = { $cards } を { $from } 列目から { $to } 列目に移動しましょう。{ $from } 列目のカードが表向きになります。
hint-empties-column = { $cards } を { $from } 列目から { $to } 列目に移動しましょう。{ $from } 列目が空になります。
hint-builds-in-suit = { $cards } を { $to } 列目の { $onto } の上に移動しましょう。同じスートで重ねられます。
hint-build = { $cards } を { $to } 列目の { $onto } の上に移動しましょう。
hint-move-cards = { $count } 枚のカードを { $from } 列目から { $to } 列目に移動しましょう。
# $first は別のヒントの文。
hint-fill-every-hole = { $first }直前の { $actions } 手ではカードが1枚も表向きになっていません。山札を配れるよう、空いている列をすべて埋めましょう。

# デイリーチャレンジの挑戦が練習になる理由。
daily-practice = 練習です。記録にもランキングにも数えられません。その日のチャレンジでランキング対象になるのは、登録アカウントの最初の挑戦だけです（ゲストのデイリーチャレンジはすべて練習です）。
daily-practice-guest = ゲストのデイリーチャレンジは練習になります。ランキング対象になるのは、登録アカウントの最初の挑戦だけです。登録すれば（ゲームはそのまま引き継がれます）、明日のチャレンジからランキング対象の挑戦ができます。
daily-practice-ranked-made = このチャレンジのランキング対象の挑戦は済んでいます。以降の挑戦は練習になります。
daily-practice-seen-as-guest = アカウントを登録する前にこのチャレンジをプレイしているため、カードがすでにわかっています。そのため、今日の挑戦は練習になります。
# レースの CPU プレイヤー。$percent は人のかかる時間の中央値に対してどれだけの時間で終えるか。$level は easy、normal、hard（API の語）。
race-cpu-note = CPU プレイヤーはディール全体を知っています。それぞれ勝ち筋に沿って（易しいレベルでは少し寄り道しながら）プレイし、この種類のゲームに人が勝つまでにかかる時間の中央値の約 { $percent }% で終わるペースで進めます（レベル { $level }）。
