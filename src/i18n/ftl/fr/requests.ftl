# Refus liés à la forme d'une requête : son chemin, sa méthode, ses en-têtes, sa requête et son
# corps. $error est le message de l'analyseur lui-même (en anglais), affiché tel quel.

title-method-not-allowed = Méthode non autorisée
title-payload-too-large = Corps de requête trop volumineux
title-unsupported-media-type = Type de média non pris en charge

no-endpoint = Il n'existe pas de point d'accès { $method } { $path }. L'API est décrite sur /docs et /openapi.json.
method-not-allowed = { $method } n'est pas autorisé sur { $path } : utilisez { $allowed }.
payload-too-large = Le corps de la requête dépasse les { $limit } octets acceptés.
json-media-type = Envoyez le corps en JSON avec `Content-Type: application/json`.
json-does-not-fit = Le corps JSON ne correspond pas à cette opération : { $error }.
json-invalid = Le corps n'est pas du JSON valide : { $error }.
body-unreadable-because = Le corps de la requête n'a pas pu être lu : { $error }.
query-invalid = La chaîne de requête n'est pas valide : { $error }.
# Le refus d'un analyseur, en mots (dans json-does-not-fit, json-invalid, query-invalid) :
# $field et $value tels qu'envoyés, $expected les noms que l'opération accepte.
parse-unknown-field = champ inconnu `{ $field }` (elle accepte { $expected })
parse-unknown-field-none = champ inconnu `{ $field }` (elle n'en accepte aucun)
parse-unknown-variant = `{ $value }` n'est aucune des valeurs { $expected }
parse-missing-field = le champ `{ $field }` manque
parse-duplicate-field = le champ `{ $field }` est donné deux fois
parse-syntax = une erreur de syntaxe ligne { $line }, colonne { $column }
parse-ends-early = il s'arrête trop tôt (ligne { $line }, colonne { $column })
path-invalid = Le chemin n'est pas valide : { $error }.
path-control-character = Il n'y a rien à cette adresse : son chemin contient un caractère de contrôle (comme %00), et aucun identifiant ni code de cette API n'en contient.
body-unreadable = Le corps de la requête n'a pas pu être lu.
# $what est l'un des noms body-* ci-dessous.
body-too-large = { $what } ne peut pas dépasser { $limit } octets.
body-export = Un export
body-chat-request = La requête d'une plateforme de chat
body-command = Une commande
body-form = Le formulaire
if-match-shape = If-Match doit être l'ETag de la partie, un numéro de version entre guillemets comme "3" (ou `*`).
if-match-version = If-Match doit être l'ETag de la partie, un numéro de version entre guillemets comme "3".
if-match-disagrees = If-Match et expected_version désignent des versions différentes.
idempotency-key-shape = Idempotency-Key doit compter de 1 à 255 caractères ASCII visibles (des espaces uniquement entre eux).
difficulty-without-winnable = difficulty ne s'applique qu'aux donnes gagnables : retirez-le ou mettez winnable à true.
deal-number-and-winnable = Demandez un numéro de donne ou une donne gagnable, pas les deux.
bad-cursor = cursor n'est pas un curseur fourni par ce serveur.
bad-limit = limit doit être compris entre 1 et 100.
token-name-shape = name doit compter de 1 à 100 caractères imprimables (sans compter les blancs qui les entourent) : aucun caractère de contrôle (comme NUL ou un saut de ligne) ni caractère de formatage invisible (caractère de largeur nulle ou marque de direction).
token-no-scopes = scopes doit indiquer au moins l'une des valeurs games:read, games:write.
token-expiry = expires_in_days doit être compris entre 1 et { $max }.
race-time-limit = time_limit_seconds doit être compris entre 60 et 3600.
race-cpu-players = cpu_players doit être compris entre 0 et { $most } (une course compte { $seats } places en tout).
race-idle-takeover = idle_takeover_seconds doit être compris entre 30 et 3600.
race-no-round = Cette course n'a encore lancé aucune manche : son classement commence avec la première manche.
race-name-shape = name doit compter de 1 à 32 caractères imprimables (sans compter les blancs qui les entourent) : aucun caractère de contrôle (comme NUL ou un saut de ligne) ni caractère de formatage invisible (caractère de largeur nulle ou marque de direction).
race-seat-number = seat doit être le numéro d'une place : un nombre entier, 1 ou plus.
bad-date = date doit être un jour, comme 2026-11-29.
daily-not-begun = Le défi de ce jour n'a pas encore commencé.
last-event-id-shape = Last-Event-ID doit être un numéro de version (l'identifiant d'un événement).
last-event-id-version = Last-Event-ID doit être un numéro de version.
no-web-module = Il n'existe pas de module de client web /js/{ $name }.
# $levels liste les noms de niveaux de l'API ("easy, normal, hard") : gardez-les tels quels.
unknown-hint-level = Il n'existe pas de niveau d'indice « { $level } » : utilisez l'un de ceux-ci : { $levels }.
database-not-ready = La base de données est injoignable pour le moment.
metrics-token-required = Les métriques de ce serveur sont privées : envoyez son jeton de métriques sous la forme Authorization: Bearer <token>.

## Jetons et sessions

insufficient-scope = Ce jeton d'accès n'a pas le scope `{ $scope }` nécessaire à cette opération.
session-required = Les jetons d'accès personnels ne peuvent pas gérer le compte ni ses jetons : connectez-vous (login, register ou guest) et utilisez ce jeton de session.
bearer-token-missing = Cette opération nécessite un jeton bearer : envoyez `Authorization: Bearer <token>` (obtenez-en un via /v1/auth/register, /v1/auth/login ou /v1/auth/guest).
access-token-invalid = Ce jeton d'accès n'est pas valide : il est inconnu, a été révoqué ou est mal formé.
session-token-expired = Votre jeton a expiré : reconnectez-vous pour en obtenir un nouveau.
session-token-invalid = Le jeton bearer n'est pas valide (signature, émetteur, audience ou algorithme incorrect).
access-token-expired = Ce jeton d'accès a expiré : créez-en un nouveau.

## Limites

title-too-many-attempts = Trop de tentatives
title-too-many-streams = Trop de flux
rate-limited = Trop de requêtes : ralentissez et réessayez dans { $seconds ->
    [one] { $seconds } seconde
   *[other] { $seconds } secondes
    }.
# $what est l'un des attempts-* ci-dessous (il suit « Trop de » : pas de voyelle initiale).
too-many-attempts = Trop de { $what } : réessayez dans { $seconds ->
    [one] { $seconds } seconde
   *[other] { $seconds } secondes
    }.
attempts-password = tentatives de mot de passe pour ce compte
attempts-bulk-exports = demandes d'export groupé depuis cette adresse
attempts-chat-commands = commandes de votre part
attempts-link-codes = tentatives de code de liaison de votre part
attempts-app-approvals = validations d'applications
attempts-code-trades = demandes d'échange de code
too-many-streams-user = Vous avez déjà { $count } flux en direct ouverts : fermez-en un avant d'en ouvrir un autre.
too-many-streams-address = { $count } flux en direct sont déjà ouverts depuis votre adresse : fermez-en un avant d'en ouvrir un autre.

## Numéros des parties

bad-deal-number = deal_number doit être un nombre entier de 0 à 18446744073709551615 (sous forme de texte : uniquement des chiffres, sans signe).
no-column-zero = Il n'y a pas de colonne 0 : les colonnes sont numérotées à partir de 1.
column-past-most = Il n'y a pas de colonne { $column } : une partie compte au plus { $most } colonnes.
count-past-most = { $count } cartes ne peuvent pas être déplacées ensemble : une suite ordonnée compte au plus { $most } cartes (du roi à l'as).

## Exports et imports

export-line = Ligne { $line } : { $reason }
export-action = Action { $number } : { $reason }
export-refused-line = Ligne { $line } (`{ $text }`) : { $reason }
export-unknown-field = `{ $field }` n'est pas un champ d'export.
export-missing-field = L'export n'indique pas de champ { $field } (`{ $field }: …` avant la ligne vide).
export-not-an-action = `{ $text }` n'est pas une action (`3 7 2`, `d`, `u` ou `resign`).
export-bad-origin = origin `{ $origin }` n'est pas un type de partie (random, chosen, daily, winnable, restart, race, imported).
export-bad-deal-number = deal_number doit être un nombre entier écrit en chaîne décimale.
export-not-json = Ce n'est pas un export JSON : { $error }.
export-not-utf8 = Un export est un texte UTF-8.
export-bad-window = since et until s'expriment en millisecondes depuis l'époque Unix.
export-bad-max = max doit être compris entre 1 et 1000.
attempts-new-guests = nouveaux comptes invités depuis cette adresse
attempts-new-accounts = nouveaux comptes depuis cette adresse
attempts-imports-address = actions importées depuis cette adresse
attempts-winnable-address = parties sur des donnes prouvées gagnables depuis cette adresse
attempts-races-address = nouveaux salons de course depuis cette adresse
attempts-arenas-address = nouvelles arènes depuis cette adresse
attempts-app-approvals-address = validations d'applications depuis cette adresse

## Profil

# $languages liste les codes de langue de ce serveur ("en, de, fr, es, pt-BR, ja").
unknown-language = Ce serveur ne parle pas « { $language } » : utilisez l'un de ces codes : { $languages }.

## Requêtes des plateformes de chat

integration-off = L'intégration { $platform } est désactivée sur ce serveur : son opérateur l'active en définissant { $variable }.
no-valid-timestamp = La requête n'a pas d'horodatage valide.
stale-request = L'horodatage de la requête s'écarte de plus de { $minutes } minutes de l'horloge du serveur : elle est refusée, car il pourrait s'agir d'un rejeu.
invalid-signature = La signature de la requête n'est pas valide.
telegram-bad-secret = L'en-tête X-Telegram-Bot-Api-Secret-Token est absent ou incorrect.
discord-not-interaction = Le corps n'est pas une interaction Discord : { $error }.
discord-bad-ids = Le corps n'est pas une interaction Discord : ses identifiants ne sont pas des identifiants Discord.
slack-not-command = Le corps n'est pas une commande slash Slack : { $error }.
telegram-not-update = Le corps n'est pas une mise à jour (update) Telegram : { $error }.
attempts-password-address = tentatives de mot de passe pour ce compte depuis votre adresse
export-expected-header = `key: value` attendu avant la ligne vide et les actions.
export-bad-variant = variant doit valoir spider ou spiderette.
export-bad-undo = undo doit valoir full, no_reveal ou off.
export-bad-empty-column-deal = empty_column_deal doit valoir standard, strict ou allowed.
export-bad-deal = deal doit être un nombre entier de 0 à 18446744073709551615.
no-page-messages = Il n'existe pas de textes de page web /l10n/{ $name } : demandez en.ftl, de.ftl, fr.ftl, es.ftl, pt-BR.ftl ou ja.ftl.

## Ce qu'une application peut faire (la page de consentement)

scope-games-read = Voir vos parties, plateaux, indices, événements et records.
scope-games-write = Commencer des parties et y jouer pour vous (coups, distributions, annulations, abandons).
