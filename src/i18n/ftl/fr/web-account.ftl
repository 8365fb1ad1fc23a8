# Les mots du compte sur la page web : la barre du compte, l'écran du compte (mot de passe,
# applications, liaisons de chat), la connexion et la déconnexion, le profil public d'un joueur,
# et la page de consentement où un joueur autorise une application à utiliser son compte.

## La barre du compte en haut de la page

# $name est le nom d'utilisateur du compte.
account-bar-signed-in = Connecté en tant que { $name }
account-bar-account = Compte
account-bar-guest = Vous jouez en invité
account-bar-sign-in = Connexion

## L'écran du compte

account-loading = Chargement…
# $name est le nom d'utilisateur (en gras) ; $since la date et l'heure de création du compte.
account-profile-name = Connecté en tant que { $name }, membre depuis le { $since }.
account-sign-out = Déconnexion
account-sign-out-everywhere = Se déconnecter partout
account-sign-out-everywhere-note = Se déconnecter partout met aussi fin à l'accès de toutes les applications et à toutes les liaisons de chat de ce compte.
account-guest-note = Vous jouez en invité. Créez un compte pour garder vos records et votre cote, et pour jouer depuis n'importe quel appareil : l'inscription conserve vos parties, records et cote d'invité.

# Le titre du formulaire (et son nom pour les lecteurs d'écran).
account-password-heading = Changer de mot de passe
account-password-current = Mot de passe actuel
account-password-new = Nouveau mot de passe
# $min est le nombre minimal de caractères d'un mot de passe (10).
account-password-new-help = { $min } caractères ou plus. Tous vos autres appareils seront déconnectés, et toutes les applications et liaisons de chat perdront leur accès, sauf si vous les conservez ci-dessous.
account-password-keep-apps = Garder mes applications et liaisons de chat
# Le bouton du formulaire.
account-password-submit = Changer le mot de passe
account-password-changed-kept = Mot de passe changé. Tous vos autres appareils ont été déconnectés ; vos applications et liaisons de chat gardent leur accès.
account-password-changed = Mot de passe changé. Tous vos autres appareils, applications et liaisons de chat ont été déconnectés.

account-hide-profile = Masquer mon profil public
account-see-profile = Voir mon profil public
account-profile-now-hidden = Votre profil est masqué.
account-profile-now-public = Votre profil est public.

## Applications ayant accès (OAuth)

account-apps-heading = Applications autorisées
account-apps-failed = Impossible de charger les applications.
account-apps-none = Aucune application ne peut utiliser votre compte.
# $app est le nom que l'application se donne (en gras) ; $scopes liste ce qu'elle peut faire, sous
# forme de codes ("games:read, games:write") ; $since et $used sont des dates et heures.
account-app-used = { $app } · { $scopes } · depuis le { $since } · dernière utilisation le { $used }
# $app, $scopes et $since comme ci-dessus, pour une application qui n'a pas encore utilisé son accès.
account-app-unused = { $app } · { $scopes } · depuis le { $since } · pas encore utilisée
account-app-revoke = Révoquer
# $app est le nom que l'application se donne.
account-app-revoked = { $app } ne peut plus utiliser votre compte.

## Liaisons de chat (Discord, Slack, Telegram)

account-chat-links-heading = Liaisons de chat
# $minutes est la durée de validité d'un code de liaison (10).
account-chat-links-about = Jouez avec ce compte depuis Discord, Slack ou Telegram : obtenez un code, puis envoyez-le au bot dans les { $minutes } minutes. Ce que vous y aviez déjà joué vous suit.
# Le libellé du champ de mot de passe devant le bouton « obtenir un code ».
account-chat-link-password = Votre mot de passe
# Le bouton (et le nom du formulaire pour les lecteurs d'écran).
account-chat-link-get-code = Obtenir un code de liaison
account-chat-links-failed = Impossible de charger les liaisons de chat.
account-chat-links-none = Aucune identité de chat ne joue en votre nom.
# $name est le nom de l'identité de chat (en gras) ; $platform vaut Discord, Slack ou Telegram ;
# $linked est la date et l'heure de la liaison.
account-chat-link-linked = { $name } sur { $platform } · liée le { $linked }
# $name et $platform comme ci-dessus, quand la date n'est pas connue.
account-chat-link = { $name } sur { $platform }
account-chat-link-remove = Retirer
# $name et $platform comme ci-dessus.
account-chat-link-removed = { $name } sur { $platform } ne joue plus en votre nom.

## Connexion et déconnexion

# $name est le nom d'utilisateur du compte dans les trois messages suivants.
account-signed-in = Connecté en tant que { $name }.
account-signed-up = Bienvenue ! Votre compte { $name } est créé.
# Après la fenêtre de session (une session refusée par le serveur), reconnecté.
account-signed-in-again = Reconnecté en tant que { $name }.
account-signed-out = Déconnecté. Vous jouez en invité.
account-signed-out-everywhere = Déconnecté de tous les appareils, applications et liaisons de chat. Vous jouez en invité.
# La fenêtre de session, après la phrase de l'API expliquant pourquoi la session a pris fin.
account-session-sign-in-again = Connectez-vous pour continuer : la partie sur la table reste telle quelle.

## Le profil public d'un joueur

# Le titre de l'écran quand aucun nom n'est donné.
account-profile-player = Joueur
account-profile-hidden = (un joueur au profil masqué)
# $since est la date et l'heure d'inscription du joueur ; $streak le nombre de jours d'affilée
# où il a joué la donne du jour.
account-profile-joined = Membre depuis le { $since } · série de défis du jour : { $streak ->
        [one] { $streak } jour
       *[other] { $streak } jours
    }
account-profile-col-game = Partie
account-profile-col-played = Jouées
account-profile-col-won = Gagnées
account-profile-col-best-score = Meilleur score
account-profile-col-fastest-win = Meilleur temps
account-profile-col-streak = Série
# $current est le nombre de victoires d'affilée en cours ; $longest le record.
account-profile-streak = { $current } (record { $longest })
account-profile-no-records = Aucune partie comptée pour l'instant.
account-profile-ratings = Cotes de course
# $kind est le type de partie ("Spider, 2 couleurs") ; $rating la cote de course ; $rounds le
# nombre de manches classées dont elle provient.
account-profile-rating = { $kind } : { $rating } après { $rounds ->
        [one] { $rounds } manche classée
       *[other] { $rounds } manches classées
    }
account-profile-no-ratings = Aucune course classée pour l'instant.
account-profile-arenas = Arènes : { $won } gagnées sur { $played } terminées.
account-profile-latest = Dernières parties
# L'origine d'une partie ($origin, un code de l'API), entre parenthèses après son type dans les
# deux messages suivants.
account-profile-origin = { $origin ->
        [random] au hasard
        [chosen] choisie
        [daily] défi du jour
        [winnable] gagnable
        [restart] recommencée
        [race] course
        [arena] arène
        [imported] importée
       *[other] { $origin }
    }
# Une partie terminée. $kind est le type de partie ("Spider, 2 couleurs") ; $origin son origine
# (account-profile-origin, ci-dessus) ; $status sa fin ("gagnée", "abandonnée"), déjà en
# toutes lettres ; $score son score ; $finished la date et l'heure de sa fin.
account-profile-game = { $kind } ({ $origin }) · { $status } · { $score ->
        [one] { $score } point
       *[other] { $score } points
    } · { $finished }
# La même, avec $duration, la durée de la partie ("4:05").
account-profile-game-timed = { $kind } ({ $origin }) · { $status } · { $score ->
        [one] { $score } point
       *[other] { $score } points
    } · { $duration } · { $finished }
account-profile-no-games = Aucune partie terminée pour l'instant.

## La page de consentement : une application demande à utiliser le compte du joueur

account-consent-reading = Lecture de la demande de l'application…
# $why est la phrase du service expliquant ce qui ne va pas dans la demande.
account-consent-refused = Cette demande de connexion ne peut pas être approuvée : { $why }
account-consent-nothing-shared = Rien n'a été partagé. Retournez dans l'application et réessayez, ou prévenez ses développeurs.
# $app est le nom que l'application se donne (en gras).
account-consent-asks = L'application { $app } demande à utiliser votre compte.
account-consent-name-note = Ce nom est celui que l'application se donne : ce service ne l'a ni choisi ni vérifié.
# $origin est l'adresse vers laquelle le joueur est renvoyé (affichée comme du code), par exemple https://example.com.
account-consent-return = Vous retournerez ensuite sur { $origin }.
# Avant la liste de ce que l'application pourrait faire.
account-consent-could = Elle pourrait :
# $days est la durée de l'accès de l'application, en jours. « Compte → Applications autorisées »
# indique où le joueur le révoque : la section « Applications autorisées » de l'écran du compte.
account-consent-lasts = { $days ->
        [one] Son accès dure { $days } jour, sauf si vous le révoquez avant (Compte → Applications autorisées).
       *[other] Son accès dure { $days } jours, sauf si vous le révoquez avant (Compte → Applications autorisées).
    }
account-consent-insecure = Attention : l'application reçoit son code en http non chiffré, sur une autre machine, et d'autres personnes sur le réseau pourraient le lire. N'approuvez que si vous faites confiance à ce réseau.
account-consent-sign-in-first = Connectez-vous, ou créez un compte, pour autoriser une application : un compte invité ne peut pas être retrouvé depuis ailleurs.
account-consent-sign-in = Se connecter ou s'inscrire
# Le libellé du champ de mot de passe devant le bouton Approuver.
account-consent-password = Votre mot de passe, pour approuver :
account-consent-approve = Approuver
account-consent-deny = Refuser
