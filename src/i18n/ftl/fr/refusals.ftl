# Refus : le `title` de chaque problème (title-*) et son `detail`. Le `code` qui les accompagne
# appartient à l'API et ne se traduit jamais ; les noms de l'API (champs, en-têtes, chemins,
# valeurs comme games:read) restent tels quels.

## Titres

title-invalid-request = Requête invalide
title-not-found = Introuvable
title-unauthorized = Non autorisé
title-forbidden = Interdit
title-conflict = Conflit
title-version-conflict = Conflit de version
title-internal-error = Erreur interne du serveur
title-key-reused = Clé d'idempotence réutilisée
title-unavailable = Service indisponible
title-too-many-requests = Trop de requêtes
title-game-over = Partie terminée
title-undo-would-hide-card = L'annulation cacherait une carte
title-illegal-action = Action interdite
title-no-winnable-deal = Aucune donne gagnable disponible
title-winnable-quota = Trop de parties gagnables
title-import-allowance = Trop d'actions importées
title-invalid-link-code = Code de liaison invalide

## Le service et sa base de données

game-not-found = Aucune de vos parties ne porte cet identifiant.
version-conflict = La partie a changé : elle en est à la version { $version }. Rechargez-la et réessayez.
internal-error = Une erreur s'est produite de notre côté ; rien n'a été modifié. Veuillez réessayer.
idempotency-key-reused = Cette Idempotency-Key a déjà été utilisée pour une autre requête.
writes-busy = Trop d'actions sont en attente d'écriture ; rien n'a été modifié. Veuillez réessayer.
database-lost-mid-write = La connexion à la base de données a été perdue pendant l'écriture : l'action a peut-être été enregistrée, peut-être pas. Réessayez avec la même Idempotency-Key, ou relisez d'abord la partie.
database-unavailable = La base de données est injoignable pour le moment ; rien n'a été modifié. Veuillez réessayer.
bad-suit-count = Le champ suits doit valoir 1, 2 ou 4.

## Parties

concurrent-update = D'autres requêtes modifiaient cette partie au même moment ; rien n'a été appliqué. Veuillez réessayer.
daily-closed = Ce défi du jour s'est terminé à minuit UTC : sa tentative classée ne peut plus être jouée.
ranked-attempt-in-progress = Votre tentative classée au défi du jour est toujours en cours : terminez-la ou abandonnez-la avant de commencer une tentative d'entraînement.
action-limit = Cette partie a atteint la limite de { $limit } actions : il ne reste plus qu'à l'abandonner. Commencez une nouvelle partie (ou recommencez cette donne) pour continuer à jouer.
round-not-started = Cette manche de la course n'a pas encore commencé : sa partie s'ouvre à la fin du compte à rebours.
race-game = Une partie de course ne peut pas être recommencée : tous les participants à la course jouent une seule partie sur cette donne.
# $difficulty vaut easy, normal ou hard (le mot de l'API).
winnable-proving = Aucune donne prouvée gagnable de ce type en difficulté { $difficulty } n'est encore prête ; le serveur est en train d'en prouver. Réessayez dans quelques secondes.
winnable-none = Aucune donne prouvée gagnable de ce type en difficulté { $difficulty } n'est prête, et aucune n'est en cours de preuve (ce serveur ne prouve des donnes que pour quelques types à la fois, voire aucun). Essayez les règles standard, ou réessayez plus tard.
winnable-quota = Vous avez commencé { $limit } parties sur des donnes prouvées gagnables au cours de la dernière heure, le maximum autorisé par joueur : réessayez dans { $seconds ->
    [one] { $seconds } seconde
   *[other] { $seconds } secondes
    }, ou commencez une partie ordinaire en attendant.
too-many-games = Vous avez déjà { $most } parties en cours, le maximum autorisé par joueur : terminez-en ou abandonnez-en une (GET /v1/users/me/games les liste), puis commencez-en une autre.
guest-cannot-import = Un compte invité ne peut pas importer de parties : donnez-lui d'abord un nom d'utilisateur et un mot de passe (POST /v1/users/me/upgrade).
import-too-large = Cet export contient { $asked } actions, plus que les { $allowance } qu'un compte peut importer en une heure : il ne peut pas être importé ici.
import-allowance = Un compte peut importer { $allowance } actions par heure, toutes importations confondues, et les { $asked } de celle-ci dépasseraient cette limite : réessayez dans { $seconds ->
    [one] { $seconds } seconde
   *[other] { $seconds } secondes
    }.
hints-disabled = Les indices sont désactivés dans le salon de course de cette partie.
analysis-game-in-progress = La partie est toujours en cours : son analyse révélerait les cartes cachées. Terminez-la ou abandonnez-la d'abord.
analysis-daily-not-over = Cette partie est un défi du jour : son analyse s'ouvre une fois la journée du défi (UTC) terminée, quand plus personne ne peut jouer cette donne pour ce jour-là.
analysis-race-round = Cette partie appartient à une manche de course toujours en cours : son analyse s'ouvre une fois la manche terminée.

## Comptes, sessions, profils, applications et jetons

unknown-user = Le compte pour lequel ce jeton a été émis n'existe pas : reconnectez-vous.
bad-username = Un nom d'utilisateur compte de 3 à 32 caractères : lettres, chiffres, « _ », « - » et « . ».
bad-password-length = Un mot de passe compte de 10 à 128 caractères.
bad-password-control = Un mot de passe ne peut pas contenir de caractères de contrôle (comme des tabulations ou des sauts de ligne).
weak-password = Ce mot de passe est trop facile à deviner (mot de passe courant, ou contenant le nom d'utilisateur) : choisissez-en un autre.
username-taken = Ce nom d'utilisateur est déjà pris : choisissez-en un autre.
invalid-credentials = Ce nom d'utilisateur et ce mot de passe ne correspondent à aucun compte.
wrong-password = Le mot de passe fourni n'est pas celui de ce compte.
guest-has-no-password = Un compte invité n'a pas de mot de passe : donnez-lui d'abord un nom d'utilisateur et un mot de passe (POST /v1/users/me/upgrade).
password-required = Le mot de passe de votre compte est requis (`password`) : une session connectée ne suffit pas pour autoriser une application ou lier une identité de chat.
guest-cannot-approve = Un compte invité ne peut pas autoriser d'applications : donnez-lui d'abord un nom d'utilisateur et un mot de passe (POST /v1/users/me/upgrade).
not-a-guest = Ce compte a déjà un nom d'utilisateur et un mot de passe : seul un compte invité peut être converti.
auth-busy = Le serveur est occupé à vérifier d'autres mots de passe : réessayez dans un instant.
session-ended = Cette session a pris fin (déconnexion, déconnexion de partout ou changement de mot de passe) : reconnectez-vous.
guest-has-no-profile = Un compte invité n'a pas de profil public : inscrivez-vous (POST /v1/users/me/upgrade conserve tout) pour en avoir un.
profile-not-found = Aucun profil public ne porte ce nom (les invités n'en ont pas, et un joueur peut masquer le sien).
too-many-tokens = Vous avez déjà { $max } jetons actifs : révoquez-en un d'abord.
token-not-found = Aucun de vos jetons d'accès ne porte cet identifiant.

## Demande de connexion d'une application (pour son développeur)

oauth-client-id = client_id doit compter de 1 à 256 caractères ASCII imprimables désignant l'application.
oauth-redirect-uri = redirect_uri doit être https://…, http:// vers l'adresse de bouclage de cette machine (127.0.0.1, [::1] ou localhost), ou le schéma propre d'une application native sous forme de domaine inversé (com.example.app:/done), sans partie utilisateur, fragment, barre oblique inverse, espace ni caractère de contrôle.
oauth-response-type = response_type doit valoir code : ce serveur ne gère que le flux par code d'autorisation.
oauth-challenge-method = code_challenge_method doit valoir S256 (plain n'est pas accepté).
oauth-pkce-required = code_challenge_method=S256 et un code_challenge sont requis (PKCE).
oauth-challenge = code_challenge doit être le challenge S256 : 43 caractères en base64url.
oauth-unknown-scope = Valeur de scope inconnue « { $scope } » : utilisez games:read et/ou games:write.
oauth-no-scope = scope doit indiquer games:read et/ou games:write.
oauth-state = state doit compter au plus 1 000 caractères ASCII imprimables.

## Courses

race-not-found = Aucune course ne correspond à ce code.
race-full = Cette course accueille déjà { $seats } joueurs, le maximum.
not-host = Seul l'hôte de la course peut lancer une manche ou retirer une place.
round-in-progress = La manche actuelle est toujours en cours : une nouvelle manche commence une fois que tous les joueurs ont terminé ou abandonné, ou 60 minutes après son début.
round-started-elsewhere = Un autre lancement de cette course est passé en premier.
not-racing = Vous ne participez à aucune manche en cours de cette course (un joueur qui rejoint la course pendant une manche joue à partir de la suivante).
seat-name-taken = Une autre place de ce salon affiche déjà ce nom (à la casse et aux espaces près) : rejoignez la course sous un autre nom.
seat-name-reserved = Les noms comme « CPU 1 » sont réservés aux joueurs CPU du salon : rejoignez la course sous un autre nom.
seat-not-found = Cette place n'existe pas dans cette course.
host-seat = La place de l'hôte reste attachée au salon : l'hôte ne peut ni partir ni être retiré.
seat-in-round = Cette place joue la manche en cours : elle pourra être libérée une fois la manche terminée (son joueur peut d'abord abandonner la manche).
not-seated = Vous n'avez pas de place dans cette course : il n'y a rien à quitter.
already-done = Votre participation à cette manche est terminée (vous avez fini ou abandonné) : il n'y a rien à abandonner.
race-account-required = Les courses classées sont réservées aux joueurs inscrits : inscrivez-vous (un invité peut tout conserver avec POST /v1/users/me/upgrade), puis rejoignez la course.

## Identités de chat et liaisons

guest-cannot-link = Un compte invité ne peut pas lier d'identités de chat : donnez-lui d'abord un nom d'utilisateur et un mot de passe (POST /v1/users/me/upgrade).
replayed-request = Cette requête signée a déjà reçu une réponse : une requête n'est acceptée qu'une seule fois.
invalid-link-code = Ce code de liaison est inconnu, déjà utilisé ou expiré : créez-en un nouveau depuis votre compte (il est valable 10 minutes et ne sert qu'une fois).
chat-link-not-found = Aucune de vos liaisons de chat ne porte cet identifiant.
already-linked = Cette identité de chat joue déjà en tant que { $username } : déliez-la d'abord pour lier un autre compte.
not-linked = Cette identité de chat joue avec le compte créé pour elle : il n'y a aucune liaison à défaire.
too-many-chat-links = Votre compte a déjà { $max } identités de chat liées : retirez-en une d'abord.

## Recherches (indices et analyses)

search-busy = Tous les emplacements de recherche de ce serveur sont occupés par des indices et des analyses ; rien n'a été calculé. Réessayez dans une seconde.
search-running = Vous avez déjà un indice ou une analyse en cours de recherche : une recherche à la fois par compte, pour que chacun obtienne la sienne. Redemandez une fois la réponse arrivée.
address-searches-busy = Les indices et analyses provenant de votre adresse réseau occupent déjà { $share ->
    [one] { $share } emplacement de recherche
   *[other] { $share } emplacements de recherche
    }, le maximum autorisé par adresse : redemandez quand l'une d'elles aura répondu.

## Puzzles

puzzle-activity-bad-limit = limit doit être un nombre entier de 1 à 100.
puzzle-activity-bad-cursor = Ce curseur ne vient pas d'une page de votre activité aux problèmes : recommencez sans lui.
puzzle-no-moves = Une tentative contient au moins un coup : envoyez les coups depuis la position du problème, dans l'ordre où ils sont joués.
puzzle-export-bad-max = max doit être un nombre entier de 1 à 10 000.

title-puzzle-move = Coup non valable dans ce problème
puzzle-not-found = Il n'existe pas de problème avec cet identifiant.
puzzle-none-left = Il n'y a pas encore de problème de ce type pour vous : essayez un autre nombre de couleurs, ou revenez quand d'autres problèmes auront été trouvés.
puzzle-too-many-moves = Ce problème se résout en { $within ->
    [one] { $within } coup
   *[other] { $within } coups
    } : la tentative en contient davantage.
puzzle-illegal-move = Le coup { $number } de la tentative n'est pas permis par les règles dans cette position (un problème n'accepte que des coups : ni distribution, ni annulation).
puzzle-streak-not-found = Aucune de vos séries n'a cet identifiant.
puzzle-streak-over = Cette série est terminée : commencez-en une nouvelle.
puzzle-streak-moved-on = Une autre requête a fait avancer cette série au même moment : relisez-la et continuez à partir de là.

## Arenas

arena-game = Une partie d'arène ne peut pas être recommencée : chaque donne compte une seule fois, telle qu'elle a été jouée.
arena-running = Cette partie est une donne d'une arène toujours en cours : son analyse s'ouvre une fois l'arène terminée.
arena-not-found = Il n'existe pas d'arène avec cet identifiant.
arena-account-required = Les arènes classées, comme la création d'une arène, demandent un compte inscrit : inscrivez-vous, ou convertissez ce compte invité.
arena-not-started = L'arène n'a pas encore commencé : sa première donne s'ouvre à son début.
arena-over = L'arène est terminée : ses résultats sont définitifs.
arena-not-joined = Vous ne jouez pas dans cette arène : rejoignez-la d'abord (ou de nouveau, si vous l'avez quittée).
arena-deal-in-play = Votre donne en cours dans cette arène n'est pas terminée : gagnez-la ou abandonnez-la avant de passer à la suivante.
arena-no-more-deals = Vous avez joué toutes les donnes de cette arène : vos points figurent au classement.
arena-deal-not-ready = Votre prochaine donne est encore en préparation : réessayez dans quelques secondes.
arena-too-many = Vous avez déjà { $most ->
    [one] { $most } arène non terminée
   *[other] { $most } arènes non terminées
    }, le maximum qu'un compte peut créer : réessayez dans { $seconds ->
    [one] { $seconds } seconde
   *[other] { $seconds } secondes
    }, quand la première d'entre elles se terminera.
arena-none-allowed = Ce serveur ne permet pas aux comptes de créer des arènes : jouez dans les arènes programmées.
arena-bad-length = Une arène dure de { $shortest } à { $longest } minutes.
arena-bad-start = Une arène commence d'ici une semaine au plus (au maximum { $most } minutes à l'avance).
arena-bad-title = Un titre compte de 1 à { $most } caractères.
arena-history-bad-limit = limit doit être un nombre entier de 1 à 100.
arena-standings-bad-page = offset doit valoir 0 ou plus, et limit être un nombre entier de 1 à 100.
