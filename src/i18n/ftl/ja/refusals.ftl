# 拒否応答：各問題の `title`（title-*）と `detail`。横にある `code` は API の一部で翻訳しない。
# API の名前（フィールド名、ヘッダー、パス、games:read などの値）もここに書かれたとおりに残す。

## Titles

title-invalid-request = 不正なリクエスト
title-not-found = 見つかりません
title-unauthorized = 認証されていません
title-forbidden = 許可されていません
title-conflict = 競合
title-version-conflict = バージョンの競合
title-internal-error = サーバー内部エラー
title-key-reused = Idempotency-Key の再利用
title-unavailable = サービスを利用できません
title-too-many-requests = リクエストが多すぎます
title-game-over = ゲーム終了
title-undo-would-hide-card = 元に戻すとカードが隠れます
title-illegal-action = 無効な手
title-no-winnable-deal = 勝てるディールの準備ができていません
title-winnable-quota = 勝てるディールでのゲーム開始が多すぎます
title-import-allowance = インポートする手が多すぎます
title-invalid-link-code = 無効な連携コード

## The service and its database

game-not-found = あなたのゲームの中に、その ID のゲームはありません。
version-conflict = ゲームが変更されています（現在のバージョンは { $version } です）。再読み込みしてから、もう一度お試しください。
internal-error = サーバー側で問題が発生しました。変更は行われていません。もう一度お試しください。
idempotency-key-reused = この Idempotency-Key は、別のリクエストですでに使われています。
writes-busy = 書き込み待ちの手が多すぎます。変更は行われていません。もう一度お試しください。
database-lost-mid-write = 書き込み中にデータベースとの接続が切れたため、保存されたかどうかわかりません。同じ Idempotency-Key で再試行するか、先にゲームを読み込んでください。
database-unavailable = 現在データベースに接続できません。変更は行われていません。もう一度お試しください。
bad-suit-count = スート数（suits）は 1、2、4 のいずれかにしてください。

## Games

concurrent-update = 同時に届いた他のリクエストがこのゲームを変更し続けたため、何も適用されませんでした。もう一度お試しください。
daily-closed = このデイリーチャレンジは UTC の午前0時に終了しました。ランキング対象の挑戦はもうプレイできません。
ranked-attempt-in-progress = 今日のチャレンジのランキング対象の挑戦がまだ進行中です。練習の挑戦を始める前に、最後までプレイするか投了してください。
action-limit = このゲームは手数の上限（{ $limit } 手）に達したため、あとは投了しかできません。続けて遊ぶには、新しいゲームを始めるか、このディールを最初からやり直してください。
round-not-started = このレースのラウンドはまだ始まっていません。カウントダウンが終わるとゲームが始まります。
race-game = レースのゲームはやり直せません。レースの参加者全員が、同じディールを1回ずつプレイします。
# $difficulty は easy、normal、hard のいずれか（API の語のまま）。
winnable-proving = この種類で勝てることが証明済みの { $difficulty } のディールは、まだ用意できていません。サーバーが現在いくつか証明しています。数秒後にもう一度お試しください。
winnable-none = この種類で勝てることが証明済みの { $difficulty } のディールは用意されておらず、現在証明中のものもありません（このサーバーは一度に数種類のディールしか証明しないか、まったく証明しません）。標準ルールで遊ぶか、後でもう一度お試しください。
winnable-quota = 過去1時間に、勝てることが証明済みのディールで { $limit } ゲームを開始しました。これは1人のプレイヤーの上限です。{ $seconds } 秒後にもう一度お試しいただくか、それまでは通常のゲームを始めてください。
too-many-games = 進行中のゲームがすでに { $most } 個あり、1人のプレイヤーの上限に達しています。どれかを最後までプレイするか投了してから（一覧は GET /v1/users/me/games で取得できます）、新しいゲームを始めてください。
guest-cannot-import = ゲストアカウントではゲームをインポートできません。先にユーザー名とパスワードを設定してください（POST /v1/users/me/upgrade）。
import-too-large = このエクスポートには { $asked } 手が含まれており、1つのアカウントが1時間にインポートできる { $allowance } 手を超えているため、ここではインポートできません。
import-allowance = 1つのアカウントがインポートできるのは、すべてのインポートを合わせて1時間に { $allowance } 手までです。今回の { $asked } 手を加えると上限を超えてしまいます。{ $seconds } 秒後にもう一度お試しください。
hints-disabled = このゲームのレースルームでは、ヒントがオフになっています。
analysis-game-in-progress = このゲームはまだプレイ中です。分析すると裏向きのカードが見えてしまいます。先に最後までプレイするか投了してください。
analysis-daily-not-over = このゲームはデイリーチャレンジです。分析はチャレンジの日（UTC）が終わり、その日にこのディールを誰もプレイできなくなってから見られるようになります。
analysis-race-round = このゲームは、まだ進行中のレースラウンドの一部です。分析はラウンドが終わってから見られるようになります。

## Accounts, sessions, profiles, apps and tokens

unknown-user = このトークンの発行先のアカウントが存在しません。もう一度ログインしてください。
bad-username = ユーザー名は 3〜32 文字で、半角英数字と「_」「-」「.」が使えます。
bad-password-length = パスワードは 10〜128 文字にしてください。
bad-password-control = パスワードに制御文字（タブや改行など）は使えません。
weak-password = そのパスワードは推測されやすすぎます（よく使われるパスワードか、ユーザー名を含んでいます）。別のパスワードを選んでください。
username-taken = そのユーザー名はすでに使われています。別のユーザー名を選んでください。
invalid-credentials = そのユーザー名とパスワードに一致するアカウントはありません。
wrong-password = 入力されたパスワードが、このアカウントのパスワードと一致しません。
guest-has-no-password = ゲストアカウントにはパスワードがありません。先にユーザー名とパスワードを設定してください（POST /v1/users/me/upgrade）。
password-required = この操作にはアカウントのパスワード（`password`）が必要です。ログイン中のセッションだけでは、アプリを許可したりチャット ID を連携したりできません。
guest-cannot-approve = ゲストアカウントではアプリを許可できません。先にユーザー名とパスワードを設定してください（POST /v1/users/me/upgrade）。
not-a-guest = このアカウントにはすでにユーザー名とパスワードがあります。アップグレードできるのはゲストアカウントだけです。
auth-busy = サーバーが他のパスワードの確認で混み合っています。少し待ってから、もう一度お試しください。
session-ended = このセッションは終了しています（ログアウト、すべての端末からのログアウト、またはパスワードの変更のため）。もう一度ログインしてください。
guest-has-no-profile = ゲストアカウントには公開プロフィールがありません。プロフィールを持つには登録してください（POST /v1/users/me/upgrade なら、すべてを引き継げます）。
profile-not-found = その名前の公開プロフィールはありません（ゲストにはプロフィールがなく、プロフィールを非公開にしているプレイヤーもいます）。
too-many-tokens = 有効なトークンがすでに { $max } 個あります。先にどれかを取り消してください。
token-not-found = あなたのアクセストークンの中に、その ID のものはありません。

## An app's sign-in request (for its developer)

oauth-client-id = client_id は、アプリの名前を表す 1〜256 文字の印字可能な ASCII 文字でなければなりません。
oauth-redirect-uri = redirect_uri は、https://…、このマシンのループバックアドレス（127.0.0.1、[::1]、localhost）への http://、またはネイティブアプリ独自の逆ドメイン形式のスキーム（com.example.app:/done）のいずれかでなければならず、ユーザー部、フラグメント、バックスラッシュ、空白、制御文字を含むことはできません。
oauth-response-type = response_type は code でなければなりません。このサーバーは認可コードフローにのみ対応しています。
oauth-challenge-method = code_challenge_method は S256 でなければなりません（plain は受け付けません）。
oauth-pkce-required = code_challenge_method=S256 と code_challenge が必要です（PKCE）。
oauth-challenge = code_challenge は S256 のチャレンジ（base64url で 43 文字）でなければなりません。
oauth-unknown-scope = 不明なスコープ「{ $scope }」です。games:read と games:write のどちらか、または両方を使ってください。
oauth-no-scope = scope には games:read と games:write のどちらか、または両方を指定してください。
oauth-state = state は 1,000 文字以内の印字可能な ASCII 文字でなければなりません。

## Races

race-not-found = そのコードのレースはありません。
race-full = このレースはすでに満席です（{ $seats } 人）。
not-host = ラウンドを開始したり、席からプレイヤーを外したりできるのは、レースのホストだけです。
round-in-progress = 現在のラウンドはまだ続いています。新しいラウンドは、全プレイヤーがプレイを終えるか棄権した時点、または開始から 60 分後に始められます。
round-started-elsewhere = このレースを開始する別のリクエストが先に処理されました。
not-racing = あなたはこのレースの進行中のラウンドに参加していません（ラウンド中に参加したプレイヤーは、次のラウンドからプレイします）。
seat-name-taken = このルームの別の席がすでにその名前を使っています（大文字・小文字や空白の違いは区別しません）。別の名前で参加してください。
seat-name-reserved = 「CPU 1」のような名前は、ルームの CPU プレイヤー用です。別の名前で参加してください。
seat-not-found = このレースにそのような席はありません。
host-seat = ホストの席はルームと共にあります。ホストは退出することも、外されることもできません。
seat-in-round = この席は進行中のラウンドをプレイしています。ラウンドが終われば空けられます（プレイヤーが先に棄権することもできます）。
not-seated = このレースにあなたの席はないため、退出するものはありません。
already-done = このラウンドでのあなたのプレイはすでに終わっています（プレイを終えたか、棄権しました）。棄権するものはありません。
race-account-required = ランキング対象のレースは登録プレイヤー専用です。登録してから参加してください（ゲストは POST /v1/users/me/upgrade ですべてを引き継げます）。

## Chat identities and links

guest-cannot-link = ゲストアカウントではチャット ID を連携できません。先にユーザー名とパスワードを設定してください（POST /v1/users/me/upgrade）。
replayed-request = この署名付きリクエストにはすでに応答しています。同じリクエストが受け付けられるのは1回だけです。
invalid-link-code = その連携コードは不明か、使用済みか、期限切れです。アカウントで新しいコードを作成してください（有効期限は 10 分で、1回だけ使えます）。
chat-link-not-found = あなたのチャット連携の中に、その ID のものはありません。
already-linked = このチャット ID はすでに { $username } としてプレイしています。別のアカウントと連携するには、先に連携を解除してください。
not-linked = このチャット ID は、そのために作成されたアカウントでプレイしています。解除する連携はありません。
too-many-chat-links = あなたのアカウントには、すでに { $max } 個のチャット ID が連携されています。先にどれかを解除してください。

## Searches (hints and analyses)

search-busy = このサーバーの検索枠はすべてヒントと分析で使われているため、何も計算されませんでした。1秒ほどしてから、もう一度お試しください。
search-running = あなたのヒントまたは分析がすでに検索中です。全員に結果が届くよう、検索は1アカウントにつき同時に1つまでです。結果が出てから、もう一度リクエストしてください。
address-searches-busy = あなたのネットワークアドレスからのヒントと分析が、すでに { $share } 個の検索枠を使っています。これは1つのアドレスが同時に使える上限です。どれかの結果が出てから、もう一度リクエストしてください。

## Puzzles

puzzle-activity-bad-limit = limit は 1 から 100 までの整数で指定してください。
puzzle-activity-bad-cursor = このカーソルは、パズル履歴のページが返したものではありません。カーソルなしでやり直してください。
puzzle-no-moves = 解答には少なくとも1手が必要です。パズルの局面からの手を、最新の手を最後にして送ってください。
puzzle-export-bad-max = max は 1 から 10000 までの整数で指定してください。

title-puzzle-move = このパズルの手ではありません
puzzle-not-found = その ID のパズルはありません。
puzzle-none-left = この種類のパズルはまだありません。別のスート数を試すか、パズルが追加されてからもう一度お試しください。
puzzle-too-many-moves = このパズルは { $within } 手以内で解けます。この解答はそれより手数が多くなっています。
puzzle-illegal-move = 解答の { $number } 手目は、その局面ではルール上できない手です（パズルで使えるのはカードの移動だけで、配ることも元に戻すこともできません）。
puzzle-streak-not-found = あなたのストリークの中に、その ID のものはありません。
puzzle-streak-over = このストリークは終了しました。新しく始めてください。
puzzle-streak-moved-on = 同時に届いた別のリクエストがこのストリークを進めました。もう一度読み込んで、そこから続けてください。

## Arenas

arena-game = アリーナのディールはやり直せません。どのディールも、プレイしたとおりの結果で1回だけ数えられます。
arena-running = このゲームは、まだ開催中のアリーナのディールです。分析はアリーナが終わってから見られるようになります。
arena-not-found = その ID のアリーナはありません。
arena-account-required = ランキング対象のアリーナへの参加とアリーナの作成には、登録済みのアカウントが必要です。登録するか、このゲストアカウントをアップグレードしてください。
arena-not-started = アリーナはまだ始まっていません。最初のディールは開始時刻にプレイできるようになります。
arena-over = アリーナは終了しました。結果は確定しています。
arena-not-joined = あなたはこのアリーナに参加していません。先に参加してください（退出した場合は、もう一度参加してください）。
arena-deal-in-play = このアリーナでの現在のディールはまだプレイ中です。次のディールに進む前に、勝つか投了してください。
arena-no-more-deals = このアリーナのディールをすべてプレイしました。あなたの得点は順位表に反映されています。
arena-deal-not-ready = 次のディールはまだ準備中です。数秒後にもう一度お試しください。
arena-too-many = 終了していないアリーナがすでに { $most } 個あり、1つのアカウントが作成できる上限に達しています。そのうち最初のアリーナが終わる { $seconds } 秒後に、もう一度お試しください。
arena-none-allowed = このサーバーでは、アカウントがアリーナを作成することはできません。予定されているアリーナに参加してください。
arena-bad-length = アリーナの長さは { $shortest }〜{ $longest } 分です。
arena-bad-start = アリーナの開始は、今から1週間以内（最大 { $most } 分先まで）にしてください。
arena-bad-title = タイトルは 1〜{ $most } 文字にしてください。
arena-history-bad-limit = limit は 1 から 100 までの整数で指定してください。
arena-standings-bad-page = offset は 0 以上、limit は 1 から 100 までの整数で指定してください。
