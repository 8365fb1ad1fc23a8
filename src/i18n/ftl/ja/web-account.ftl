# ウェブページのアカウントの文言：アカウントバー、アカウント画面（パスワード、アプリ、チャット
# 連携）、ログインとログアウト、プレイヤーの公開プロフィール、プレイヤーがアプリにアカウントの
# 使用を許可する同意ページ。

## ページ上部のアカウントバー

# $name はアカウントのユーザー名。
account-bar-signed-in = { $name } でログイン中
account-bar-account = アカウント
account-bar-guest = ゲストでプレイ中
account-bar-sign-in = ログイン

## アカウント画面

account-loading = 読み込み中…
# $name はユーザー名（太字で表示）、$since はアカウントを作成した日時。
account-profile-name = { $name } でログイン中。{ $since } からプレイしています。
account-sign-out = ログアウト
account-sign-out-everywhere = すべての端末でログアウト
account-sign-out-everywhere-note = すべての端末でログアウトすると、このアカウントのすべてのアプリのアクセスとチャット連携も終了します。
account-guest-note = ゲストとしてプレイしています。アカウントを作成すると、記録とレーティングを残し、どの端末からでもプレイできます。登録しても、ゲストでのゲーム、記録、レーティングはそのまま引き継がれます。

# フォームの見出し（とスクリーンリーダー用の名前）。
account-password-heading = パスワードの変更
account-password-current = 現在のパスワード
account-password-new = 新しいパスワード
# $min はパスワードの最小文字数（10）。
account-password-new-help = { $min } 文字以上。ほかの端末はすべてログアウトされます。下で残すことを選ばない限り、すべてのアプリとチャット連携もアクセスを失います。
account-password-keep-apps = アプリとチャット連携を残す
# フォームのボタン。
account-password-submit = 変更する
account-password-changed-kept = パスワードを変更しました。ほかの端末はすべてログアウトされました。アプリとチャット連携のアクセスはそのままです。
account-password-changed = パスワードを変更しました。ほかの端末、アプリ、チャット連携はすべてログアウトされました。

account-hide-profile = プロフィールを非公開にする
account-see-profile = 公開プロフィールを見る
account-profile-now-hidden = プロフィールは非公開です。
account-profile-now-public = プロフィールは公開中です。

## アクセスできるアプリ（OAuth）

account-apps-heading = アクセスできるアプリ
account-apps-failed = アプリを読み込めませんでした。
account-apps-none = あなたのアカウントを使えるアプリはありません。
# $app はアプリ自身が名乗る名前（太字で表示）、$scopes はできることのコード一覧
# （"games:read, games:write"）、$since と $used は日時。
account-app-used = { $app } · { $scopes } · { $since } から · 最終使用 { $used }
# $app、$scopes、$since は上と同じ。まだアクセスを使っていないアプリ。
account-app-unused = { $app } · { $scopes } · { $since } から · 未使用
account-app-revoke = 取り消す
# $app はアプリ自身が名乗る名前。
account-app-revoked = { $app } は、もうあなたのアカウントを使えません。

## チャット連携（Discord、Slack、Telegram）

account-chat-links-heading = チャット連携
# $minutes は連携コードの有効時間（10）。
account-chat-links-about = Discord、Slack、Telegram から、このアカウントとしてプレイできます。コードを取得し、{ $minutes } 分以内にボットに入力してください。そこで以前にプレイしたゲームも引き継がれます。
# 「コードを取得」ボタンの前のパスワード欄のラベル。
account-chat-link-password = パスワード
# ボタン（とスクリーンリーダー用のフォームの名前）。
account-chat-link-get-code = 連携コードを取得
account-chat-links-failed = チャット連携を読み込めませんでした。
account-chat-links-none = あなたとしてプレイしているチャット ID はありません。
# $name はチャット ID の名前（太字で表示）、$platform は Discord、Slack、Telegram のいずれか、
# $linked は連携した日時。
account-chat-link-linked = { $platform } の { $name } · { $linked } に連携
# $name と $platform は上と同じ。日時がわからないとき。
account-chat-link = { $platform } の { $name }
account-chat-link-remove = 解除
# $name と $platform は上と同じ。
account-chat-link-removed = { $platform } の { $name } は、もうあなたとしてプレイしません。

## ログインとログアウト

# 次の3つの $name はアカウントのユーザー名。
account-signed-in = { $name } でログインしました。
account-signed-up = ようこそ！{ $name } として登録しました。
# セッションのダイアログ（サーバーが拒否したセッション）の後、再びログインした。
account-signed-in-again = { $name } で再びログインしました。
account-signed-out = ログアウトしました。ゲストとしてプレイしています。
account-signed-out-everywhere = すべての端末、アプリ、チャット連携からログアウトしました。ゲストとしてプレイしています。
# セッションのダイアログ。セッションが終了した理由を述べる API 自身の文の後。
account-session-sign-in-again = 続けるにはログインしてください。場のゲームはそのまま残ります。

## プレイヤーの公開プロフィール

# 名前がないときの画面のタイトル。
account-profile-player = プレイヤー
account-profile-hidden = （プロフィール非公開のプレイヤー）
# $since はプレイヤーが参加した日時、$streak はデイリーのディールを続けてプレイした日数。
account-profile-joined = { $since } からプレイ · デイリー連続プレイ { $streak } 日
account-profile-col-game = ゲーム
account-profile-col-played = プレイ数
account-profile-col-won = 勝利数
account-profile-col-best-score = 最高スコア
account-profile-col-fastest-win = 最速勝利
account-profile-col-streak = 連勝
# $current は現在の連勝数、$longest はこれまでの最長。
account-profile-streak = { $current }（最長 { $longest }）
account-profile-no-records = 記録されたゲームはまだありません。
account-profile-ratings = レースのレーティング
# $kind はゲームの種類（"スパイダー 2スート"）、$rating はレースのレーティング、$rounds はその元に
# なったランキング対象のラウンドの数。
account-profile-rating = { $kind }：{ $rating }（ランキング対象 { $rounds } ラウンド）
account-profile-no-ratings = ランキング対象のレースはまだありません。
account-profile-arenas = 終了したアリーナ { $played } 回のうち { $won } 回優勝しました。
account-profile-latest = 最近のゲーム
# ゲームの始まり方（$origin、API のコード）。次の2つのメッセージで、種類の後の括弧内に表示。
account-profile-origin = { $origin ->
        [random] ランダム
        [chosen] 番号指定
        [daily] デイリー
        [winnable] 勝てるディール
        [restart] やり直し
        [race] レース
        [arena] アリーナ
        [imported] インポート
       *[other] { $origin }
    }
# 終わったゲーム。$kind はゲームの種類（"スパイダー 2スート"）、$origin は始まり方
# （上の account-profile-origin）、$status は終わり方（"勝利"、"投了"、すでに言葉）、$score は
# スコア、$finished は終わった日時。
account-profile-game = { $kind }（{ $origin }）· { $status } · { $score } 点 · { $finished }
# 同じく、ゲームにかかった時間 $duration（"4:05"）付き。
account-profile-game-timed = { $kind }（{ $origin }）· { $status } · { $score } 点 · { $duration } · { $finished }
account-profile-no-games = 終わったゲームはまだありません。

## 同意ページ：アプリがプレイヤーのアカウントの使用を求める

account-consent-reading = アプリのリクエストを読み込んでいます…
# $why は、リクエストの問題点を述べるサービス自身の文。
account-consent-refused = このログインリクエストは承認できません：{ $why }
account-consent-nothing-shared = 何も共有されていません。アプリに戻ってもう一度試すか、アプリの開発者に知らせてください。
# $app はアプリ自身が名乗る名前（太字で表示）。
account-consent-asks = アプリ { $app } が、あなたのアカウントの使用を求めています。
account-consent-name-note = この名前はアプリ自身が名乗っているもので、このサービスが付けたり確認したりしたものではありません。
# $origin は、プレイヤーが戻される先のアドレス（コードとして表示）。例：https://example.com。
account-consent-return = 完了後は { $origin } に戻ります。
# アプリにできることの一覧の前。
account-consent-could = このアプリにできること：
# $days はアプリのアクセスの有効日数。「アカウント → アクセスできるアプリ」は、プレイヤーが
# アクセスを取り消す場所：アカウント画面の「アクセスできるアプリ」。
account-consent-lasts = アクセスの有効期間は { $days } 日です。それまでにいつでも取り消せます（アカウント → アクセスできるアプリ）。
account-consent-insecure = 警告：このアプリへのコードは、暗号化されていない http で別のマシンに送られるため、同じネットワーク上のほかの人に読まれるおそれがあります。このネットワークを信頼できる場合にだけ承認してください。
account-consent-sign-in-first = アプリを許可するには、ログインするかアカウントを作成してください。ゲストアカウントには、ほかの場所から再びアクセスできません。
account-consent-sign-in = ログインまたは登録
# 承認ボタンの前のパスワード欄のラベル。
account-consent-password = 承認するにはパスワードを入力：
account-consent-approve = 承認
account-consent-deny = 拒否
