# ウェブページのテーブル（web/js: util.js、board.js、input.js、table.js、main.js、api.js）：
# スクリーンリーダーが読み上げる盤面、テーブルの上の1行、ゲーム終了時のバナー、プレイ中の
# メッセージ行、各画面で使う名前（ゲームの種類、元に戻すモード、状態、操作、言葉でのカード）。
# 列はテーブルと同じく1から数える。

## 他の画面でも使う名前（util.js）

# スクリーンリーダー用の、言葉でのカード。$rank は 1（エース）〜 13（キング）、$suit は
# "spades"、"hearts"、"diamonds"、"clubs" のいずれか。
table-card-name = { $suit ->
        [spades] スペード
        [hearts] ハート
        [diamonds] ダイヤ
        [clubs] クラブ
       *[other] { $suit }
    }の{ $rank ->
        [1] エース
        [11] ジャック
        [12] クイーン
        [13] キング
       *[other] { $rank }
    }

# ゲームの種類。$variant は "spider" か "spiderette"、$suits は 1、2、4 のいずれか。
table-kind = { $variant ->
        [spiderette] スパイダレット
       *[spider] スパイダー
    } { $suits }スート

# 元に戻すモード：短い名前と、そのモードでできること。
table-undo-full = 無制限
table-undo-full-about = 移動でも配った手でも、どの手も元に戻せます。
table-undo-no-reveal = 表向き確定
table-undo-no-reveal-about = 新しいカードが見えた手（配った手や、カードを表向きにした移動）以外は、どの手も元に戻せます。
table-undo-off = オフ
table-undo-off-about = 元に戻せません。すべての手が確定します。
# ルームの設定一覧での元に戻す設定。$mode は上の名前のいずれか。
table-undo-label = 元に戻す：{ $mode }

# ゲーム一覧でのゲームの状態。
table-status-playing = プレイ中
table-status-won = 勝利
table-status-resigned = 投了

# 言葉での操作（勝ち筋の1手、ゲームで最初に勝てなくなった操作）。
table-action-nothing = なし
table-action-move = { $count } 枚を { $from } 列目から { $to } 列目へ移動
table-action-deal = 山札から配る
table-action-undo = 元に戻す
table-action-resign = 投了

## スクリーンリーダーが読み上げる盤面（board.js）

# $down と $up は、その列の裏向きと表向きのカードの枚数。
table-column-label = { $column } 列目：裏向き { $down } 枚、表向き { $up } 枚
table-empty-column = { $column } 列目（空）
# 盤面の横の完成した組：$total 組中 $runs 組。
table-foundation-label = 完成した組：{ $total } 組中 { $runs } 組
# 山札のカードの下。$deals は山札で配れる残り回数。
table-stock-count = 残り { $deals } 回
# 山札は配るためのボタン。
table-stock-label = 山札：残り { $deals } 回。配る。
# スコアの横の完成数：完成した組／全体。
table-runs-stat = { $runs }/{ $total }

## テーブルの上の1行：ゲームの種類（board.js）。各部分は " · " でつなぐ

# デイリーチャレンジの挑戦。$date はチャレンジの日。
table-label-daily-ranked = デイリー { $date }（ランキング対象）
table-label-daily-practice = デイリー { $date }（練習）
table-label-race = レース
# $difficulty は "easy"、"normal"、"hard" のいずれか。
table-label-race-difficulty = レース（{ $difficulty ->
        [easy] やさしい
        [normal] ふつう
        [hard] むずかしい
       *[other] { $difficulty }
    }ディール）
table-label-winnable = 勝てるディール（{ $difficulty ->
        [easy] やさしい
        [normal] ふつう
        [hard] むずかしい
       *[other] { $difficulty }
    }）
table-label-replay = 再プレイ
# $deal はディールの番号。
table-label-deal = ディール #{ $deal }
table-label-no-undo = 元に戻すなし
table-label-undo-no-reveal = 元に戻す：表向き確定
table-label-no-hints = ヒントなし
# 空の列があるときに配れるか。$rule は "strict" か "allowed"。
table-label-deal-rule = 空き列で配る：{ $rule ->
        [strict] 常に不可
        [allowed] 可
       *[other] { $rule }
    }

## ボタン（board.js、table.js）

table-resign = 投了
table-quit-race = 棄権
# 1回クリックした後の投了（または棄権）ボタン：もう一度クリックで確定。
table-really-resign = 本当に投了しますか？
table-really-quit = 本当に棄権しますか？
table-standings = 順位
table-new-game-button = 新規ゲーム
table-play-again = 同じディールに再挑戦
table-where-did-i-go-wrong = どこで間違えた？

## ゲーム終了時のバナー（board.js）

table-banner-you-won = クリア！
table-banner-resigned = 投了しました
table-banner-quit-round = このラウンドを棄権しました
# $actions はプレイヤーの手数、$time はゲームにかかった時間（"4:07"）。
table-banner-won = スコア { $score } · { $actions } 手 · { $time }。
# 勝てなかったゲーム：$total 組中 $runs 組が完成。
table-banner-over = { $total } 組中 { $runs } 組が完成、スコア { $score }。
# ディールに番号があるとき、上の文の後に続く。$deal はその番号。
table-banner-deal = ディール #{ $deal }。

## メッセージ行（table.js、input.js、main.js）

table-welcome = ようこそ！カードをタップしてから列をタップすると移動します。ドラッグでも動かせます。
# $error は問題の内容（ブラウザーの言葉のまま）。
table-error-unexpected = 問題が発生しました：{ $error }
# $detail はサーバーの拒否理由（別のタブや端末が先に操作した）。
table-version-conflict = { $detail }（盤面を現在の状態に更新しました。）
table-you-won-points = { $score } 点でクリアしました！
table-deal-number-invalid = ディール番号は整数で入力してください（空欄ならランダムなディールになります）。
# 新しいゲームを配った。$kind はゲームの種類（"スパイダー 2スート"、table-kind を参照）。
table-new-game = 新しいゲーム：{ $kind }。がんばってください！
# 同じく、プレイヤーが指定したディールの番号 $deal 付き。
table-new-game-deal = 新しいゲーム：{ $kind }、ディール #{ $deal }。がんばってください！
table-stuck-undo-or-resign = 動かせる手も配る手も残っていません。元に戻すか、投了してください。
table-stuck-resign = 動かせる手も配る手も残っていません。投了してゲームを終えてください。
table-you-resigned = このゲームを投了しました。
table-restarted = 同じディールを最初からやり直します。
table-column-empty = { $column } 列目は空です。
# キー 1〜9 と 0 で列の動かせるカードを持ち上げる。$cards はそのカード（"9♠ 8♠ 7♠"）、$count は
# その枚数。続けて別の列の番号を押すと、そこに置く。
table-picked-up = { $count ->
       *[other] { $column } 列目の { $cards } を持ち上げました。置く列の番号を押してください（もう一度 { $column }：最適な場所、Esc：解除）。
    }

## サーバーと通信できないときの表示（api.js）

table-session-ended = セッションが終了しました。続けるにはもう一度ログインしてください。
table-server-unreachable = ゲームサーバーに接続できません。接続を確認して、もう一度お試しください。
# サーバーが理由なしに失敗した。$status は HTTP ステータスコード（503）、$text はサーバーが送った
# その説明（"Service Unavailable"）。空のことも多い。
table-server-answered = サーバーの応答：{ $status } { $text }
# 言葉のないエラー：$status は HTTP ステータスコード。
table-http-status = HTTP { $status }
# 表向きのカードの名前と位置。$position は列の上から（裏向きのカードも含めて）数えた順番、$count は列の枚数。
table-card-place = { $card }、{ $column } 列目、{ $count } 枚中 { $position } 枚目
# 裏向きのカード（名前は出さない）の位置。
table-card-face-down = 裏向きのカード、{ $column } 列目、{ $count } 枚中 { $position } 枚目
# 移動の後に読み上げる。$card は最初に動いたカード、$count は枚数。
announce-moved = { $count ->
       *[other] { $card } から { $count } 枚を { $from } 列目から { $to } 列目へ移動しました。
    }
announce-turned = { $column } 列目で { $card } が表向きになりました。
announce-run = { $card } からの組がそろいました（{ $total } 組中 { $runs } 組）。
announce-dealt = { $deals ->
        [0] 1 列配りました。山札は空です。
       *[other] 1 列配りました。残り { $deals } 回配れます。
    }
announce-undone = 最後の手を元に戻しました。
table-read-column = { $column } 列目：{ $down ->
        [0] {""}
       *[other] 裏向き { $down } 枚、続いて
    }{ $cards }。
table-read-empty = { $column } 列目：空。
table-read-rest = { $deals ->
        [0] 山札は空です。
       *[other] 残り { $deals } 回配れます。
    }{ $total } 組中 { $runs } 組完成。
