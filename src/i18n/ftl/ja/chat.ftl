# チャット：POST /v1/games/{id}/commands と、Discord・Slack・Telegram のボットのコマンドと、その応答。
# コマンド自体（`3 7`、`d`、`new`、`link CODE yes`…）はどの言語でもここに書かれたとおりに
# 入力する：バッククォートごとそのまま残す。

command-grammar = コマンド：`3 7` で 3 列目から 7 列目へ移動、`3 7 2` で 2 枚移動、`3` で 3 列目から最善の移動、`d` で配る、`u` で元に戻す、`h` でヒント、`b` で盤面を表示、`resign` で投了します。
# $grammar は command-grammar。
command-too-long = コマンドは { $max } 文字までです。{ $grammar }
command-empty = コマンドが空です。{ $grammar }
command-unknown = 「{ $text }」を理解できませんでした。{ $grammar }
command-body = {"{"}"command": "3 7"{"}"} を JSON で送るか、コマンドを text/plain で送ってください：{ $error }。
command-not-utf8 = コマンドが有効な UTF-8 テキストではありません。

## The bots

chat-help = スパイダーソリティア。コマンド：
    • `new [1|2|4] [spider|spiderette]`：新しいゲーム（指定しなければ 1 スートのスパイダー）
    • `daily [1|2|4]`：今日のデイリーチャレンジ。最初の挑戦がランキング対象です
    • `puzzle [1|2|4]`：今日のパズル、`puzzle next`：あなたのレーティングに近いパズル。パズルが終わるまで、入力した手はパズルに使われます。`puzzle stop` でゲームに戻ります
    • `3 7` で 3 列目から 7 列目へ移動、`3 7 2` で 2 枚移動、`3` で 3 列目から最善の移動
    • `d` で山札から配る、`u` で元に戻す、`h` でヒント、`b` で盤面を表示、`resign` で投了
    • `arena` でここのアリーナを表示、`arena join` でアリーナに参加（ディールごとに 1 ゲーム。`arena next` で次のディール、`arena next berserk` なら元に戻せない代わりに勝てば 1 点多く）、`arena standings` で順位表、`arena new [1|2|4] [minutes]` でここにアリーナを作成
    • `games` で進行中のゲームの一覧、`resume N` でそのゲームに戻る
    • `records` で自分の記録を表示、`share` で終わったゲームの結果をここにいる全員に表示
    • `link CODE` で自分のアカウントとしてプレイ（コードは Web ページのアカウント画面で作成。`link CODE yes` で確定）、`unlink` で連携を解除（ゲームも戻ります）
    • `lang de` でドイツ語に切り替え（en、de、fr、es、pt-BR、ja。`lang auto` でアプリの言語）
chat-not-understood = { $text } を理解できませんでした。
    { chat-help }
chat-private-daily = デイリーチャレンジはボットとの個別チャットでプレイします。ここではカードが全員に見えてしまいます。ボットに直接 `daily` を送ってください。
chat-code-burned = そのコードは他の人が読める場所に入力されたため、もう使えません。アカウントで新しいコードを作成し、ボットとの個別チャットで `link CODE` を送ってください。
attempts-chat-commands-server = このサーバーからのコマンド
attempts-link-codes-server = このサーバーからの連携コードの試行
# $platform は Discord、Slack、Telegram のいずれか。$games は移動したゲームの数、$practice は
# 練習扱いになったランキング対象のデイリーの挑戦の数。
chat-linked = 連携しました。あなたの { $platform } アカウントは、今後 { $username } としてプレイします。{ $games ->
        [0] {""}
       *[other] ここでのゲーム { $games } 件はそのアカウントに移りました。
    }{ $practice ->
        [0] {""}
       *[other] ランキング対象のデイリーの挑戦 { $practice } 件が練習扱いになりました。ランキング対象の挑戦は、プレイしたアカウントでのみ有効です。
    }`unlink` で連携を解除すると、ゲームも戻ります。
chat-unlinked = 連携を解除しました。あなたの { $platform } アカウントは、もう { $username } としてはプレイしません。{ $games ->
        [0] 移動していたゲームはありません
       *[other] 連携で移動したゲーム { $games } 件はあなたの元に戻りました
    }。連携中にプレイしたゲームは、そのアカウントに残ります。
chat-link-question = このコードは、あなたの { $platform } アカウントをアカウント { $username } に連携します。以後、ここではそのアカウントとしてプレイします{ $games ->
        [0] 。
       *[other] 。また、ここでのゲーム { $games } 件がそのアカウントに移ります。
    }{ $practice ->
        [0] {""}
       *[other] ランキング対象のデイリーの挑戦 { $practice } 件は練習扱いになります。
    }そのアカウントがあなたのものなら、`link { $code } yes` を送ってください。あとで `unlink` を送れば連携を解除でき、ゲームも戻ります。他の人からこのコードを渡された場合は無視してください。何も変わっていません。
# ゲームの種類：$variant は spider か spiderette、$suits は 1、2、4 のいずれか。
chat-kind = { $variant ->
        [spiderette] スパイダレット
       *[spider] スパイダー
    } { $suits }スート
# $kind は chat-kind。
chat-new-game = 新しいゲーム：{ $kind }。`3 7` で 3 列目から 7 列目へ移動、`d` で配る、`h` でヒントです。
chat-daily-ranked = 今日のデイリーチャレンジ（{ $kind }）、ランキング対象の挑戦です。カードを表向きにした移動は元に戻せません。
chat-daily-practice = 今日のデイリーチャレンジ（{ $kind }）です。ランキング対象の挑戦は済んでいるため、この挑戦は練習で、ランキングには載りません。
chat-daily-resumed = 今日のデイリーチャレンジ（{ $kind }）のランキング対象の挑戦が進行中です。再び現在のゲームになりました。
chat-no-games = 進行中のゲームはありません。`new` で新しいゲームを始めるか、`daily` と入力してください。
chat-games-title = 進行中のゲーム：
# $daily は none、ranked、practice のいずれか（ranked と practice では $date がその日）。$current は
# コマンドの送り先のゲームなら yes。
chat-games-line = { $number }. { $kind }{ $daily ->
        [ranked] 、ランキング対象のデイリー { $date }
        [practice] 、練習のデイリー { $date }
       *[none] {""}
    } · スコア { $score } · { $moves } 手 · 完成 { $runs }{ $current ->
        [yes] （現在のゲーム）
       *[no] {""}
    }
chat-games-resume = `resume N` と入力すると、そのゲームをプレイできます。
chat-no-such-game = 一覧にある進行中のゲーム { $listed } 件の中に、{ $number } 番のゲームはありません。`games` と入力すると、番号付きの一覧が表示されます。
chat-resumed = ゲーム { $number }（{ $kind }）に戻りました。
chat-no-records = { $username } の記録はまだありません。ゲーム（`new`）を最後までプレイすると記録されます。
chat-records-title = { $username } の記録：
# $best は chat-records-best または空、$fastest は chat-records-fastest または空。
chat-records-line = { $kind }：{ $played } 回プレイ、{ $won } 回勝利{ $best }{ $fastest }、連勝 { $streak }（最長 { $longest }）
chat-records-best = 、最高スコア { $score }
# $time は 分:秒。
chat-records-fastest = 、最速勝利 { $time }
chat-no-game = ここにはまだゲームがありません。`new` で新しいゲームを、`daily` で今日のチャレンジを始めてください。
chat-share-unfinished = ゲームはまだプレイ中です。最後までプレイする（または `resign` する）と、`share` で結果をここに表示できます。
# $time は chat-share-time、または時間が不明なときは空。
chat-share-won = { $username } さんが { $kind }{ $daily ->
        [ranked] （{ $date } のランキング対象のデイリー）
        [practice] （{ $date } の練習のデイリー）
       *[none] {""}
    }をスコア { $score }（{ $moves } 手{ $time }）でクリアしました。
# $time は 分:秒。
chat-share-time = 、{ $time }
chat-share-resigned = { $username } さんが { $kind }{ $daily ->
        [ranked] （{ $date } のランキング対象のデイリー）
        [practice] （{ $date } の練習のデイリー）
       *[none] {""}
    }を { $moves } 手で投了しました。完成した組は { $runs }/{ $total }、スコアは { $score } でした。
# `lang`：$language はその言語自身での名前（Deutsch、日本語…）。
chat-language-now = ここでの言語は { $language } です。`lang de`（または en、fr、es、pt-BR、ja）で変更でき、`lang auto` でアプリの言語に戻せます。
chat-language-set = ここでの言語を { $language } に変更しました。
chat-language-auto = ここでの言語を、アプリの言語（現在は { $language }）に合わせるようにしました。
chat-language-unknown = { $language } には対応していません。en、de、fr、es、pt-BR、ja のいずれか（または `lang auto`）を指定してください。
language-name = { $tag ->
        [de] Deutsch
        [fr] français
        [es] español
        [pt-BR] português (Brasil)
        [ja] 日本語
       *[en] English
    }

## API の応答に含まれる文

# 新しい連携コード：どこに入力するか。$code はそのまま入力するコード。
chat-link-instructions = { $minutes } 分以内に、Discord または Slack で `/spider link { $code }` と入力するか、Telegram のボットに `link { $code }` を送ってください。

## チャットのパズル

chat-puzzle-daily = 今日のパズル（{ $kind }）：{ $within } 手以内に{ $goal }（レーティング { $rating }）。手を入力してください（`3 7`、`3 7 2`）。`puzzle stop` でゲームに戻ります。
chat-puzzle-next = パズル（{ $kind }）：{ $within } 手以内に{ $goal }（レーティング { $rating }）。手を入力してください（`3 7`、`3 7 2`）。`puzzle stop` でゲームに戻ります。
puzzle-goal-win = ゲームに勝つ
puzzle-goal-remove-run = 組を1つ取り除く
puzzle-goal-empty-column = 列を1つ空にする
puzzle-goal-turn-card = カードを1枚表にする
chat-puzzle-going = 順調です。目標にはまだ届きます（残り { $left } 手）。
chat-puzzle-solved = 正解です！
chat-puzzle-failed = { $mistake } 手目のあと、裏向きのカードが何であっても目標に届かなくなりました。正解：{ $answer }。
chat-puzzle-rating = パズルのレーティング：{ $before } → { $after }。
chat-puzzle-moves-only = パズルで使えるのはカードの移動だけです（`3 7`、`3 7 2`）。配る、元に戻す、ヒントは使えません。`puzzle stop` でゲームに戻ります。
chat-puzzle-stopped = パズルを終了しました。入力した手は再びゲームに使われます。
chat-puzzle-none = 進行中のパズルはありません。`puzzle` で今日のパズルを表示します。

## アリーナ（$title はコードスパンに入ったアリーナのタイトル、$kind はスート数とバリアント、
## $code はアリーナの 8 文字のコード、$time は UTC の時刻）

chat-arena-none = ここで開催中または予定されているアリーナはありません。`arena new [1|2|4] [minutes]` で作成できます。
chat-arena-running = 開催中：{ $title }（{ $kind }）、残り { $left } 分、参加者 { $players } 人。`arena join { $code }` で参加できます。
chat-arena-upcoming = 次回：{ $title }（{ $kind }）、{ $time } UTC から { $minutes } 分間。`arena join { $code }` で参加できます。
chat-arena-you = あなた：{ $place } 位、{ $points } 点。
chat-arena-last = ここで最後に開催されたアリーナは { $title } です。`arena standings` で結果を表示できます。
chat-arena-waiting = アリーナ { $title } に参加しました。開始は { $time } UTC です。開始したら `arena next` と入力すると、最初のディールが始まります。
chat-arena-deal = { $title }、あなたのディール { $deal }{ $berserk ->
    [yes] （バーサーク：元に戻せませんが、勝てば 1 点多くもらえます）
   *[no] {""}
    }です。通常のゲームと同じようにプレイしてください。終わったら `arena next` で次のディールに進みます（`arena next berserk` なら元に戻せない代わりに、勝てば 1 点多くもらえます）。
chat-arena-deal-in-play = { $title }：ディール { $deal } はまだプレイ中です。勝つか `resign` で投了してから、`arena next` と入力してください。
chat-arena-standings-title = { $title }、参加者 { $players } 人{ $done ->
    [yes] （最終結果）
   *[no] {""}
    }：
chat-arena-standings-line = { $place }. { $name }：{ $points } 点、{ $played } 回中 { $won } 回勝利{ $fire ->
    [yes] （連勝中）
   *[no] {""}
    }
chat-arena-made = { $username } さんがアリーナ { $title }（{ $kind }）を開始しました。{ $minutes } 分間、{ $time } UTC までです。`arena join { $code }` と入力するとプレイできます。
chat-arena-results-here = 終了すると、結果がここに投稿されます。
chat-arena-private = ここにいる人にカードが見えないよう、アリーナのディールはボットとの個別チャットでプレイします。ボットに直接 `arena join { $code }` を送ってください。
