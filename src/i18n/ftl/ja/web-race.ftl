# レース画面（web/js/race.js）：ルームの主催、席、カウントダウン、ライブの順位、結果。

## ルームを見ている間のメッセージ行。

race-stream-stopped = レースの更新が止まりました。
# $error は、ルームに接続できなかった理由を述べるサービス自身の文（すでにページの言語）。
race-still-trying = { $error }ルームへの接続を試み続けています…
race-go-message = スタート！ほかの人より先に場を片付けましょう。

## プレイヤーがクリアまたは棄権したときのメッセージ行。$name はプレイヤーの名前、$time は
## かかった時間（4:05 のような長さ）、$place はラウンドでの順位（1 位なら 1）。

race-news-you-quit = 棄権しました。
race-news-quit = { $name } さんが棄権しました。
race-news-you-finished = { $time } でクリア、{ $place } 位です。
race-news-finished = { $name } さんが { $time } でクリア、{ $place } 位です。
race-news-you-finished-untimed = クリアしました。{ $place } 位です。
race-news-finished-untimed = { $name } さんがクリア、{ $place } 位です。

## ラウンドの時計。$elapsed と $limit は 4:05 や 10:00 のような長さ。

race-clock = { $elapsed } / { $limit }
race-clock-past-limit = { $elapsed } / { $limit }（時間切れ）

## ルームのルール：" · " でつないで1行に並べる短いラベル。

# $difficulty はディールの難易度："easy"、"normal"、"hard" のいずれか。
race-rule-difficulty = { $difficulty ->
        [easy] やさしいディール
        [normal] ふつうのディール
        [hard] むずかしいディール
       *[other] { $difficulty }ディール
    }
# $minutes はラウンドの制限時間（分）。
race-rule-minutes = { $minutes } 分
race-rule-hints-on = ヒントあり
race-rule-no-hints = ヒントなし
race-rule-handicap = ハンデあり
race-rule-ranked = ランキング対象
race-rule-unranked = ランキング対象外
# $level は CPU プレイヤーの速さ："easy"、"normal"、"hard" のいずれか。
race-rule-cpu-speed = CPU の速さ：{ $level ->
        [easy] やさしい
        [normal] ふつう
        [hard] むずかしい
       *[other] { $level }
    }
# $seconds：何秒操作がないと、放置中のプレイヤーの代わりに CPU がプレイするか。
race-rule-stand-in = { $seconds } 秒放置で代打ち

# ルーム主催フォームの「元に戻す」の下の注記。ランキング対象にチェックを入れ、元に戻すで
# 「無制限」を選んだとき：ランキング対象のルームは最大で「めくり以外」（フォームと同じモード名）。
race-undo-ranked = ランキング対象のルームでは、元に戻すは「表向き確定」になります。新しいカードが見えた手（配った手や、カードを表向きにした移動）以外は、どの手も元に戻せます。

## ルームの席。

race-tag-host = ホスト
race-tag-cpu = CPU
race-tag-you = あなた
race-remove = 外す
# スクリーンリーダー用の削除ボタンのラベル。$name は席にいるプレイヤーの名前。
race-remove-label = { $name } を外す

## ルームのボタンと状態の行。

race-start = 開始
race-play-again = もう一度
race-opening = ルームを開いています…
# 最初のラウンドの前のホスト。$code はルームのコード、$count はルームにいるプレイヤーの数。
race-status-host-waiting = リンクかコード { $code } を共有し、全員がそろったら開始してください（現在 { $count } 人）。
# 最初のラウンドの前のほかのプレイヤー。$host はホストの名前、$count はルームにいるプレイヤーの数。
race-status-guest-waiting = { $host } さんが開始するのを待っています（ルームに { $count } 人）。
# race-status-guest-waiting と同じく、ホストの名前がわからないとき。
race-status-guest-waiting-no-host = ホストが開始するのを待っています（ルームに { $count } 人）。
# $round はラウンドの番号、$seconds は開始までの残り秒数。
race-status-countdown = ラウンド { $round } 開始まで { $seconds }…
race-status-go = スタート！
# $round はラウンドの番号。
race-status-running = ラウンド { $round } 進行中です。
race-status-running-waiting = ラウンド { $round } 進行中です。ほかの人が終わるのを待っています。
# ラウンド中に参加したプレイヤーへ、race-status-running の後に続く。
race-status-next-round = 次のラウンドから参加します。
race-status-over = ラウンド { $round } が終了しました。
# race-status-over の後に続く。$name は1位のプレイヤーの名前：場を片付けたときは "won"、
# 誰も片付けないうちにラウンドが終わったときは "came first"。
race-status-winner = { $name } さんの勝ちです。
race-status-first = { $name } さんが1位でした。
# その後に続く：ホスト向けと、ほかのプレイヤー向け。
race-status-again = 同じメンバーでもう一度プレイしますか？
race-status-wait-next = ホストが次のラウンドを開始するのを待っています。

## 順位表。

# プレイヤーの結果。$standing は "finished"、"finished_late"（制限時間後）、"playing"、"quit"、
# "unfinished"（まだプレイ中にラウンドが終わった）のいずれか。
race-result = { $standing ->
        [finished] クリア
        [finished_late] 時間外クリア
        [playing] プレイ中
        [quit] 棄権
        [unfinished] 未完了
       *[other] { $standing }
    }
# race-result と同じく、かかった時間付き：$time は 4:05 のような長さ。
race-result-timed = { $standing ->
        [finished] { $time } でクリア
        [finished_late] { $time } で時間外クリア
        [playing] プレイ中（{ $time }）
        [quit] { $time } で棄権
        [unfinished] 未完了（{ $time }）
       *[other] { $standing }（{ $time }）
    }
race-tag-stand-in = 代打ち
# 「代打ち」タグのタイトル（ツールチップ）。
race-stand-in-title = 放置中のプレイヤーの代わりに CPU がプレイしています
# プレイヤー自身の名前の後。スクリーンリーダー専用。
race-standing-you = （あなた）
# スクリーンリーダー用の進捗バーのラベル。$name はプレイヤーの名前、$total 組中 $done 組が完成。
race-progress-label = { $name }：{ $total } 組中 { $done } 組完成

## プレイヤー自身の操作の後のメッセージ行。

# $code はルームのコード。
race-room-open = ルーム { $code } を開きました。友だちにリンクを送りましょう。
race-joined = ルーム { $code } に参加しました。
# $error はサービス自身の文（勝てるディールがまだ用意できていない）、$seconds は待ち時間。
race-retrying = { $error }（{ $seconds } 秒後に再試行します。）
race-you-quit-round = このラウンドを棄権しました。
# $name は、ホストが席を空けたプレイヤーの名前。
race-seat-freed = { $name } さんの席が空きました。
race-link-copied = リンクをコピーしました。友だちに送りましょう。
race-copy-by-hand = リンクを選択してコピーしてください。
