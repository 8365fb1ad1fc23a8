# リクエストの形（パス、メソッド、ヘッダー、クエリ、ボディ）に対する拒否。$error はパーサー自身の
# 言葉（英語）で、そのまま表示される。

title-method-not-allowed = 許可されていないメソッド
title-payload-too-large = ペイロードが大きすぎます
title-unsupported-media-type = サポートされていないメディアタイプ

no-endpoint = エンドポイント { $method } { $path } はありません。API の説明は /docs と /openapi.json にあります。
method-not-allowed = { $path } では { $method } は使えません。{ $allowed } を使ってください。
payload-too-large = リクエストボディが、受け付けられる上限の { $limit } バイトを超えています。
json-media-type = ボディは `Content-Type: application/json` を付けて JSON で送ってください。
json-does-not-fit = JSON ボディがこの操作に合いません：{ $error }。
json-invalid = ボディが有効な JSON ではありません：{ $error }。
body-unreadable-because = リクエストボディを読み取れませんでした：{ $error }。
query-invalid = クエリ文字列が正しくありません：{ $error }。
# パーサーの拒否を言葉で（json-does-not-fit、json-invalid、query-invalid の中）。
# $field と $value は送られたまま、$expected はこの操作が受け付ける名前。
parse-unknown-field = 不明なフィールド `{ $field }`（受け付けるのは { $expected }）
parse-unknown-field-none = 不明なフィールド `{ $field }`（フィールドは受け付けません）
parse-unknown-variant = `{ $value }` は { $expected } のいずれでもありません
parse-missing-field = フィールド `{ $field }` がありません
parse-duplicate-field = フィールド `{ $field }` が 2 回あります
parse-syntax = { $line } 行目 { $column } 文字目に構文エラーがあります
parse-ends-early = 途中で終わっています（{ $line } 行目 { $column } 文字目）
path-invalid = パスが正しくありません：{ $error }。
path-control-character = このアドレスには何もありません。パスに制御文字（%00 など）が含まれていますが、この API の ID やコードに制御文字を含むものはありません。
body-unreadable = リクエストボディを読み取れませんでした。
# $what は下の body-* のいずれか。
body-too-large = { $what }は { $limit } バイトまでです。
body-export = エクスポート
body-chat-request = チャットプラットフォームからのリクエスト
body-command = コマンド
body-form = フォーム
if-match-shape = If-Match には、ゲームの ETag（"3" のように引用符で囲んだバージョン番号）または `*` を指定してください。
if-match-version = If-Match には、ゲームの ETag（"3" のように引用符で囲んだバージョン番号）を指定してください。
if-match-disagrees = If-Match と expected_version が異なるバージョンを指しています。
idempotency-key-shape = Idempotency-Key は、表示可能な ASCII 文字 1〜255 文字にしてください（スペースは文字と文字の間にのみ使えます）。
difficulty-without-winnable = difficulty は勝てるディールにのみ適用されます。difficulty を外すか、winnable を true にしてください。
deal-number-and-winnable = ディール番号か勝てるディールのどちらか一方を指定してください。両方は指定できません。
bad-cursor = この cursor は、このサーバーが発行したものではありません。
bad-limit = limit は 1〜100 にしてください。
token-name-shape = name は、前後の空白を除いて 1〜100 文字の印字可能な文字にしてください。制御文字（NUL や改行など）や、見えない書式文字（ゼロ幅文字や方向マーク）は使えません。
token-no-scopes = scopes には games:read、games:write のうち少なくとも1つを指定してください。
token-expiry = expires_in_days は 1〜{ $max } にしてください。
race-time-limit = time_limit_seconds は 60〜3600 にしてください。
race-cpu-players = cpu_players は 0〜{ $most } にしてください（レースの席は全部で { $seats } 席です）。
race-idle-takeover = idle_takeover_seconds は 30〜3600 にしてください。
race-no-round = このレースはまだラウンドを開始していません。順位表は最初のラウンドから始まります。
race-name-shape = name は、前後の空白を除いて 1〜32 文字の印字可能な文字にしてください。制御文字（NUL や改行など）や、見えない書式文字（ゼロ幅文字や方向マーク）は使えません。
race-seat-number = seat には席の番号（1 以上の整数）を指定してください。
bad-date = date には 2026-11-29 のような日付を指定してください。
daily-not-begun = その日のチャレンジはまだ始まっていません。
last-event-id-shape = Last-Event-ID はバージョン番号（イベントの ID）にしてください。
last-event-id-version = Last-Event-ID はバージョン番号にしてください。
no-web-module = Web クライアントのモジュール /js/{ $name } はありません。
# $levels は API のレベル名の一覧（"easy, normal, hard"）：そのまま残す。
unknown-hint-level = ヒントレベル「{ $level }」はありません。{ $levels } のいずれかを使ってください。
database-not-ready = 現在データベースに接続できません。
metrics-token-required = このサーバーのメトリクスは非公開です。メトリクストークンを Authorization: Bearer <token> として送ってください。

## Tokens and sessions

insufficient-scope = このアクセストークンには、この操作に必要なスコープ `{ $scope }` がありません。
session-required = 個人用アクセストークンでは、アカウントやそのトークンを管理できません。ログイン（login、register、guest のいずれか）して、そのセッショントークンを使ってください。
bearer-token-missing = この操作には Bearer トークンが必要です。`Authorization: Bearer <token>` を送ってください（トークンは /v1/auth/register、/v1/auth/login、/v1/auth/guest で取得できます）。
access-token-invalid = このアクセストークンは無効です（不明、取り消し済み、または形式が正しくありません）。
session-token-expired = トークンの有効期限が切れました。もう一度ログインして、新しいトークンを取得してください。
session-token-invalid = Bearer トークンが無効です（署名、発行者、対象者、またはアルゴリズムが正しくありません）。
access-token-expired = このアクセストークンは有効期限が切れています。新しいトークンを作成してください。

## Limits

title-too-many-attempts = 試行が多すぎます
title-too-many-streams = ストリームが多すぎます
rate-limited = リクエストが多すぎます。間隔をあけて、{ $seconds } 秒後にもう一度お試しください。
# $what は下の attempts-* のいずれか。
too-many-attempts = { $what }が多すぎます。{ $seconds } 秒後にもう一度お試しください。
attempts-password = このアカウントへのパスワードの試行
attempts-bulk-exports = このアドレスからの一括エクスポート
attempts-chat-commands = あなたからのコマンド
attempts-link-codes = あなたからの連携コードの試行
attempts-app-approvals = アプリの許可
attempts-code-trades = コードの交換
too-many-streams-user = ライブストリームがすでに { $count } 本開いています。新しく開く前に、どれかを閉じてください。
too-many-streams-address = あなたのアドレスから、すでに { $count } 本のライブストリームが開いています。新しく開く前に、どれかを閉じてください。

## Games' numbers

bad-deal-number = deal_number は 0〜18446744073709551615 の整数にしてください（文字列の場合は、符号を付けず数字だけで）。
no-column-zero = 0 列目はありません。列は 1 から数えます。
column-past-most = { $column } 列目はありません。ゲームの列は最大 { $most } 列です。
count-past-most = { $count } 枚のカードを一度に移動することはできません。順番に並んだカードは最大 { $most } 枚です（キングからエースまで）。

## Exports and imports

export-line = { $line } 行目：{ $reason }
export-action = { $number } 手目：{ $reason }
export-refused-line = { $line } 行目（`{ $text }`）：{ $reason }
export-unknown-field = `{ $field }` はエクスポートのフィールドではありません。
export-missing-field = エクスポートに { $field } がありません（空行の前に `{ $field }: …` を書いてください）。
export-not-an-action = `{ $text }` は手ではありません（手は `3 7 2`、`d`、`u`、`resign` のいずれかです）。
export-bad-origin = origin `{ $origin }` はゲームの種類ではありません（random、chosen、daily、winnable、restart、race、imported のいずれかです）。
export-bad-deal-number = deal_number は 10 進数の文字列で表した整数にしてください。
export-not-json = JSON 形式のエクスポートではありません：{ $error }。
export-not-utf8 = エクスポートは UTF-8 のテキストでなければなりません。
export-bad-window = since と until は Unix エポックからのミリ秒数です。
export-bad-max = max は 1〜1000 にしてください。
attempts-new-guests = このアドレスからの新しいゲストアカウントの作成
attempts-new-accounts = このアドレスからの新しいアカウントの作成
attempts-imports-address = このアドレスからインポートされた手
attempts-winnable-address = このアドレスからの勝てることが証明済みのディールでのゲーム
attempts-races-address = このアドレスからの新しいレースルームの作成
attempts-arenas-address = このアドレスからの新しいアリーナの作成
attempts-app-approvals-address = このアドレスからのアプリの許可

## Profile

# $languages はこのサーバーが対応する言語タグの一覧（"en, de, fr, es, pt-BR, ja"）。
unknown-language = このサーバーは「{ $language }」に対応していません。{ $languages } のいずれかを使ってください。

## Chat platforms' requests

integration-off = このサーバーでは { $platform } 連携がオフになっています。運用者が { $variable } を設定すると有効になります。
no-valid-timestamp = リクエストに有効なタイムスタンプがありません。
stale-request = リクエストのタイムスタンプがサーバーの時計と { $minutes } 分を超えてずれているため、リプレイの可能性があるとして拒否しました。
invalid-signature = リクエストの署名が無効です。
telegram-bad-secret = X-Telegram-Bot-Api-Secret-Token ヘッダーがないか、正しくありません。
discord-not-interaction = ボディが Discord のインタラクションではありません：{ $error }。
discord-bad-ids = ボディが Discord のインタラクションではありません（ID が Discord の ID ではありません）。
slack-not-command = ボディが Slack のスラッシュコマンドではありません：{ $error }。
telegram-not-update = ボディが Telegram の update ではありません：{ $error }。
attempts-password-address = あなたのアドレスからのこのアカウントへのパスワードの試行
export-expected-header = 空行と手の前には `key: value` の形の行が必要です。
export-bad-variant = variant は spider か spiderette にしてください。
export-bad-undo = undo は full、no_reveal、off のいずれかにしてください。
export-bad-empty-column-deal = empty_column_deal は standard、strict、allowed のいずれかにしてください。
export-bad-deal = deal は 0〜18446744073709551615 の整数にしてください。
no-page-messages = /l10n/{ $name } という Web ページの文言はありません。en.ftl、de.ftl、fr.ftl、es.ftl、pt-BR.ftl、ja.ftl のいずれかを指定してください。

## アプリにできること（同意ページ）

scope-games-read = あなたのゲーム、盤面、ヒント、イベント、記録を見る。
scope-games-write = あなたの代わりにゲームを始めてプレイする（移動、配る、元に戻す、投了）。
