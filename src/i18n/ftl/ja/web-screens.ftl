# ウェブページの画面：デイリーチャレンジのパネル、ゲームの分析（とその勝ち筋をテーブルで再現）、
# マイゲーム、記録、歴代ランキング。
# $kind は言葉でのゲームの種類（"スパイダー 1スート" など）。

## 複数の画面で共通

screens-loading = 読み込み中…
# ランキングのプレイヤー名の後。スクリーンリーダー専用：自分の行であることを示す。
# 英語ではスペースで始まる（直前に名前がある）。日本語ではスペース不要。
screens-player-you = （あなた）
# ランキングの最後の列：並び順の基準。
screens-measure-score = スコア
screens-measure-time = 時間
screens-measure-moves = 手数

## デイリーチャレンジのパネル（プレイ画面）

# $error はサーバー自身の文（そのまま表示）。
screens-daily-unavailable = デイリーチャレンジを利用できません：{ $error }
screens-daily-none = この設定のデイリーチャレンジはありません。
# $date は今日の日付（UTC の日）、$players はランキング対象の挑戦をしたプレイヤーの数、$hours と
# $minutes はチャレンジ終了までの残り時間。
screens-daily-info = { $date }（UTC）· { $kind } · ランキング参加 { $players } 人 · 残り { $hours } 時間 { $minutes } 分
# 今日のチャレンジへの自分の挑戦の1つ。$type は "ranked" か "practice"、$status はゲームの状態
# （"プレイ中"、"勝利"、"投了"）、$runs は完成した組の数。
screens-daily-attempt = { $type ->
        [ranked] ランキング対象
       *[practice] 練習
    } · { $status } · { $score } 点 · 完成 { $runs } 組
# ボタンの代わりに、現在テーブルにあるゲームの挑戦の横に表示。
screens-daily-on-table = 表示中
screens-daily-resume-attempt = 再開
screens-daily-view-attempt = 見る
# デイリーボタンのラベル：挑戦が進行中、練習だけが残っている、そのどちらでもない。
screens-daily-button-resume = デイリー再開
screens-daily-button-practice = デイリー（練習）
screens-daily-button = デイリーチャレンジ
screens-leaderboard-title = ランキング
# $date はランキングの日。
screens-leaderboard-title-date = ランキング { $date }
screens-leaderboard-empty = 今日はまだ誰もプレイしていません。
# $type は "ranked" か "practice"。
screens-daily-back = { $type ->
        [ranked] 今日のランキング対象の挑戦に戻りました。
       *[practice] 今日の練習の挑戦に戻りました。
    }
# $error は、ランキング対象の挑戦がまだ進行中であることを述べるサーバーの文。ページはその挑戦を表示する。
screens-daily-back-open = { $error }その挑戦を表示します。
screens-daily-started-ranked = 今日のデイリーチャレンジです。この挑戦はランキング対象です。がんばってください！
# $reason は、この挑戦が練習扱いである理由を述べるサーバーの文（または screens-daily-practice）。
screens-daily-started-practice = 今日のデイリーチャレンジです。{ $reason }
screens-daily-practice = この挑戦は練習扱いです。

## ゲームの分析

screens-analysis-pick = マイゲームから終わったゲームを選んでください。
screens-analysis-loading = ゲームを読み込んでいます…
screens-analysis-won = 勝利
screens-analysis-resigned = 投了
screens-analysis-in-progress = プレイ中
# ゲームの情報：名前と値の一覧。
screens-analysis-fact-game = ゲーム
screens-analysis-fact-score = スコア
screens-analysis-fact-runs = 完成
screens-analysis-fact-actions = 手数
screens-analysis-fact-time = 時間
# $deal はディールの番号。
screens-analysis-game-deal = { $kind }、ディール #{ $deal }
# ゲームの $total 組中 $done 組が完成。
screens-analysis-runs = { $total } 組中 { $done } 組
# $actions はゲームの全操作の数。続いて、そのうちの移動、配る、元に戻すの数。
screens-analysis-actions = { $actions }（移動 { $moves }、配る { $deals }、元に戻す { $undos }）
screens-analysis-continue = このゲームを続ける
screens-analysis-play-again = 同じディールに再挑戦
screens-analysis-after-game = 分析はゲームが終わってから見られます。
screens-analysis-wait = すべてのカードを見てゲームを分析しています…（最大 20 秒）
# $error は検索が混み合っていることを述べるサーバーの文、$seconds は再度問い合わせるまでの待ち時間。
screens-analysis-retry = { $error }{ $seconds } 秒後に再試行します…
# 判定：ゲームの結果。
screens-verdict-won = このゲームに勝ちました。
screens-verdict-never-winnable = このディールは、どうプレイしても勝てませんでした。
screens-verdict-lost = このディールは勝てるものでしたが、ある1手で勝てなくなりました。
screens-verdict-still-winnable = 終了した時点では、まだ勝てる可能性がありました。
screens-verdict-unknown = このゲームがどこで勝てなくなったのか、検索では特定できませんでした。
# そもそもディールが勝てるものだったか。
screens-deal-winnable = このディールは最初から勝てるものでした。
screens-deal-not-winnable = このディールは最初から勝てないものでした。
screens-deal-unknown = このディールが勝てるものだったかどうかは、検索の上限内では判定できませんでした。
# $step は screens-analysis-losing-step（太字で表示）。
screens-analysis-losing = 勝てなくなった最初の手：{ $step }。それより前なら勝てましたが、その後はもう勝てません。
# $number はゲームでのその操作の番号、$action は言葉での操作（"山札から配る"）。
screens-analysis-losing-step = { $number } 手目（{ $action }）
# 検索により、最初の $after 手の後でも勝てること（$after が "?" なら未証明）、さらに（2つ目では）
# 最初の $lost 手の後には負けていることが証明された。
screens-analysis-bounds = 最初の { $after } 手の後はまだ勝てたことが証明されています。勝てなくなった手はそれより後にあります。
screens-analysis-bounds-lost = 最初の { $after } 手の後はまだ勝てたこと、{ $lost } 手の後には勝てなくなっていたことが証明されています。勝てなくなった手はその間にあります。
screens-analysis-line-title = 勝ち筋
# $count は勝ち筋の手数。最初の配りから始まる。
screens-analysis-line-from-opening = 勝てることが証明された最後の局面（最初に配られた直後）から、この { $count } 手で勝てます。
# $count は勝ち筋の手数。プレイヤーの最初の $after 手の後から始まる。
screens-analysis-line-from-after = 勝てることが証明された最後の局面（あなたの最初の { $after } 手の後）から、この { $count } 手で勝てます。
screens-analysis-previous-step = 前の手
screens-analysis-next-step = 次の手
# $step は勝ち筋でのその手の番号（全 $total 手）、$action は言葉でのその手。
screens-analysis-step = { $total } 手中 { $step } 手目：{ $action }。
screens-analysis-play-line = テーブルで再現
screens-analysis-play-line-note = 再現すると、このディールの再プレイが始まり（既知のディールとして、あなたの記録にだけ数えられます）、勝ち筋の手前まであなたの最初の手を再現してから、勝ち筋の各手をテーブルに示します。
screens-analysis-cleared = 改善すべき点はありません。場をすべて片付けました。
# $positions は検索した局面の数、$seconds はかかった時間（小数1桁）。
screens-analysis-searched = { $positions } 局面を { $seconds } 秒で検索しました。
# 勝ち筋までゲームを再現している間：$total 手中 $done 手を再現済み。
screens-line-replaying = ゲームを再現しています（{ $total } 手中 { $done } 手）…
screens-line-ready = ここが、まだ勝てた最後の局面です。強調表示された手順に従ってください。
# 勝ち筋を案内している間、盤面の上に出るバー。
screens-guide-label = 勝ち筋
screens-guide-off-line = 勝ち筋から外れました。元に戻して勝ち筋に戻るか、そのまま続けてください。
screens-guide-done = 勝ち筋はこれで全部です。
# $step は勝ち筋でのその手の番号（全 $total 手）、$action は言葉でのその手。
screens-guide-step = 勝ち筋 { $total } 手中 { $step } 手目：{ $action }。
screens-guide-play-step = この手を実行
screens-guide-stop = 案内を終了

## マイゲーム

screens-games-empty = まだゲームがありません。
# $deal はディールの番号。
screens-games-kind-deal = { $kind } · #{ $deal }
# スクリーンリーダー用の、行のボタンの働き。$when はゲームを始めた日時。
screens-games-continue-label = { $when } に始めた { $kind } のゲームを続ける
screens-games-result-label = { $when } に始めた { $kind } のゲームの結果
screens-games-continue = 続ける
screens-games-result = 結果

## 記録とレースのレーティング

# $name はアカウントのユーザー名。
screens-records-signed-in = { $name } でログイン中。
screens-records-guest = このブラウザーのゲストアカウントです。登録すると、どの端末でも記録を引き継げます。
screens-records-empty = まだゲームがありません。プレイしてみましょう！
# 現在の連勝数と、括弧内に最長の連勝数。
screens-records-streak = { $current }（{ $longest }）
# レースのレーティング：$rating はレーティング（太字で表示）、$rounds はその元になったランキング対象のラウンドの数。
screens-records-rating = { $kind }：{ $rating }（ランキング対象 { $rounds } ラウンド）
screens-records-no-rating = ランキング対象のレースはまだありません。全員 1500 から始まります。

## 歴代ランキング

screens-boards-empty = このランキングにはまだ誰もいません。ゲームに勝って最初の1人になりましょう。
# ランキングでの自分の順位：$rank と、自分のスコア、時間、手数の $value。
screens-boards-you = あなたの順位：{ $rank } 位（{ $value }）。
screens-boards-not-you = あなたはまだこのランキングに載っていません。

## パズル

screens-puzzle-goal = { $within } 手以内に{ $goal }（レーティング { $rating }）
screens-puzzle-goal-win = ゲームに勝つ
screens-puzzle-goal-remove-run = 組を1つ取り除く
screens-puzzle-goal-empty-column = 列を1つ空にする
screens-puzzle-goal-turn-card = カードを1枚表にする
screens-puzzle-card = { $card }、{ $column } 列目
screens-puzzle-column = { $column } 列目
screens-puzzle-face-down = 裏向き { $count } 枚
screens-puzzle-going = 順調です（残り { $left } 手）。
screens-puzzle-solved = 正解です！
screens-puzzle-failed = { $mistake } 手目のあと、目標に届かなくなりました。正解：{ $answer }。
screens-puzzle-rating = パズルのレーティング：{ $before } → { $after }。
screens-puzzle-streak = ストリーク：{ $score }
screens-puzzle-streak-over = ストリーク終了：{ $score } 問正解。

## Arenas

screens-arenas-empty = 開催中または開催予定のアリーナはありません。
screens-arenas-mine-empty = まだアリーナでプレイしたことがありません。
# $state は running、upcoming、over のいずれか。$start と $end はその言語で書いた日時。
screens-arena-line = { $title } · { $kind } · { $state ->
        [running] { $end } まで
        [upcoming] { $start } から { $end } まで
       *[over] { $end } に終了
    } · 参加者 { $players } 人
screens-arena-open = 開く
screens-arena-open-label = { $title } を開く
# $undo は full、no_reveal、off のいずれか。$hints と $rated は yes か no。
screens-arena-rules = 全 { $deals } ディール、元に戻す：{ $undo ->
        [full] 無制限
        [no_reveal] 表向き確定
       *[off] なし
    }、ヒント：{ $hints ->
        [yes] あり
       *[no] なし
    }{ $rated ->
        [yes] 、ランキング対象（登録プレイヤーのみ）
       *[no] {""}
    }
screens-arena-you = あなた：{ $place } 位、{ $points } 点、{ $played } 戦 { $won } 勝{ $fire ->
        [yes] （連勝中）
       *[no] {""}
    }
screens-arena-final = あなたの最終順位：{ $place } 位、{ $points } 点、{ $played } 戦 { $won } 勝
screens-arena-nobody = まだ誰も参加していません。
screens-arena-won-of = { $played } 戦 { $won } 勝
screens-arena-deal-started = { $title } のディール { $deal } がテーブルに用意されました。
