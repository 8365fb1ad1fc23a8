# La table de jeu de la page web (web/js : util.js, board.js, input.js, table.js, main.js,
# api.js) : le plateau lu aux lecteurs d'écran, la ligne au-dessus de la table, le bandeau de fin
# de partie, la ligne de messages pendant la partie, et les noms que tous les écrans utilisent
# (types de partie, modes d'annulation, états, actions, cartes en toutes lettres). Les colonnes
# sont numérotées à partir de 1, comme sur la table.

## Noms que d'autres écrans utilisent aussi (util.js)

# Une carte en toutes lettres, pour les lecteurs d'écran. $rank va de 1 (as) à 13 (roi) ; $suit
# vaut "spades", "hearts", "diamonds" ou "clubs".
table-card-name = { $rank ->
        [1] As
        [11] Valet
        [12] Dame
        [13] Roi
       *[other] { $rank }
    } de { $suit ->
        [spades] pique
        [hearts] cœur
        [diamonds] carreau
        [clubs] trèfle
       *[other] { $suit }
    }

# Un type de partie. $variant vaut "spider" ou "spiderette" ; $suits vaut 1, 2 ou 4.
table-kind = { $variant ->
        [spiderette] Spiderette
       *[spider] Spider
    }, { $suits ->
        [one] { $suits } couleur
       *[other] { $suits } couleurs
    }

# Modes d'annulation : un nom court, et ce que le mode permet.
table-undo-full = complète
table-undo-full-about = L'annulation permet de revenir sur n'importe quel coup ou distribution.
table-undo-no-reveal = sauf cartes dévoilées
table-undo-no-reveal-about = L'annulation permet de revenir sur n'importe quelle action, sauf celle qui a dévoilé une nouvelle carte (une distribution, ou un coup qui a retourné une carte).
table-undo-off = désactivée
table-undo-off-about = Pas d'annulation : chaque coup est définitif.
# Le réglage d'annulation d'un salon, dans la liste de ses réglages. $mode est l'un des noms ci-dessus.
table-undo-label = annulation : { $mode }

# L'état d'une partie dans une liste de parties.
table-status-playing = en cours
table-status-won = gagnée
table-status-resigned = abandonnée

# Une action en toutes lettres (une étape d'une séquence gagnante, la première action perdante d'une partie).
table-action-nothing = rien
table-action-move = Déplacer { $count ->
        [one] { $count } carte
       *[other] { $count } cartes
    } de la colonne { $from } vers la colonne { $to }
table-action-deal = Distribuer une rangée depuis le talon
table-action-undo = Annuler
table-action-resign = Abandonner

## Le plateau, lu aux lecteurs d'écran (board.js)

# $down et $up comptent les cartes face cachée et face visible de la colonne.
table-column-label = Colonne { $column } : { $down } { $down ->
        [one] carte
       *[other] cartes
    } face cachée, { $up } face visible
table-empty-column = Colonne { $column } vide
# Les suites complètes à côté du plateau : $runs sur $total.
table-foundation-label = Suites complètes : { $runs } sur { $total }
# Sous les cartes du talon ; $deals est le nombre de distributions qu'il reste au talon.
table-stock-count =
    { $deals ->
        [one] { $deals } distribution restante
       *[other] { $deals } distributions restantes
    }
# Le talon est un bouton qui distribue.
table-stock-label = Talon : { $deals ->
        [one] { $deals } distribution restante
       *[other] { $deals } distributions restantes
    }. Distribuer.
# Le compteur de suites à côté du score : complètes sur total.
table-runs-stat = { $runs }/{ $total }

## La ligne au-dessus de la table : le type de partie (board.js), ses éléments joints par " · "

# Une tentative au défi du jour. $date est le jour du défi.
table-label-daily-ranked = défi du jour du { $date } (classé)
table-label-daily-practice = défi du jour du { $date } (entraînement)
table-label-race = course
# $difficulty vaut "easy", "normal" ou "hard".
table-label-race-difficulty = course (donne { $difficulty ->
        [easy] facile
        [normal] normale
        [hard] difficile
       *[other] { $difficulty }
    })
table-label-winnable = donne gagnable ({ $difficulty ->
        [easy] facile
        [normal] normale
        [hard] difficile
       *[other] { $difficulty }
    })
table-label-replay = donne rejouée
# $deal est le numéro de la donne.
table-label-deal = donne n° { $deal }
table-label-no-undo = sans annulation
table-label-undo-no-reveal = annulation sauf cartes dévoilées
table-label-no-hints = sans indices
# Si l'on peut distribuer avec une colonne vide. $rule vaut "strict" (non) ou "allowed" (oui).
table-label-deal-rule = distribution avec colonne vide : { $rule ->
        [strict] interdite
        [allowed] autorisée
       *[other] { $rule }
    }

## Boutons (board.js, table.js)

table-resign = Abandonner
table-quit-race = Quitter la course
# Le bouton d'abandon (ou pour quitter) après un clic : un second clic confirme.
table-really-resign = Vraiment abandonner ?
table-really-quit = Vraiment quitter ?
table-standings = Classement
table-new-game-button = Nouvelle partie
table-play-again = Rejouer cette donne
table-where-did-i-go-wrong = Où ai-je fait fausse route ?

## Le bandeau de fin de partie (board.js)

table-banner-you-won = Vous avez gagné !
table-banner-resigned = Partie abandonnée
table-banner-quit-round = Vous avez quitté cette manche
# $actions compte les actions du joueur ; $time est la durée de la partie ("4:07").
table-banner-won = Score { $score } · { $actions ->
        [one] { $actions } coup
       *[other] { $actions } coups
    } · { $time }.
# Une partie non gagnée : $runs suites complétées sur $total.
table-banner-over = { $runs } { $runs ->
        [one] suite complétée
       *[other] suites complétées
    } sur { $total }, score { $score }.
# Suit la phrase ci-dessus quand la donne a un numéro. $deal est ce numéro.
table-banner-deal = Donne n° { $deal }.

## La ligne de messages (table.js, input.js, main.js)

table-welcome = Bienvenue ! Touchez une carte, puis une colonne, pour l'y déplacer, ou faites-la glisser.
# $error est ce qui n'a pas marché, tel que le navigateur le dit.
table-error-unexpected = Une erreur s'est produite : { $error }
# $detail est le refus du serveur (un autre onglet ou appareil a joué avant).
table-version-conflict = { $detail } (Le plateau montre maintenant la partie telle qu'elle est.)
table-you-won-points = { $score ->
        [one] Vous avez gagné avec { $score } point !
       *[other] Vous avez gagné avec { $score } points !
    }
table-deal-number-invalid = Un numéro de donne est un nombre entier (laissez vide pour une donne au hasard).
# Une nouvelle partie a été distribuée. $kind est le type de partie ("Spider, 2 couleurs", voir table-kind).
table-new-game = Nouvelle partie : { $kind }. Bonne chance !
# La même, avec le numéro de donne demandé par le joueur : $deal.
table-new-game-deal = Nouvelle partie : { $kind }, donne n° { $deal }. Bonne chance !
table-stuck-undo-or-resign = Plus aucun coup ni aucune distribution possible : annulez, ou abandonnez.
table-stuck-resign = Plus aucun coup ni aucune distribution possible : abandonnez pour terminer la partie.
table-you-resigned = Vous avez abandonné cette partie.
table-restarted = La même donne, depuis le début.
table-column-empty = La colonne { $column } est vide.
# Les touches 1–9 et 0 prennent les cartes déplaçables d'une colonne. $cards les liste
# ("9♠ 8♠ 7♠"), $count est leur nombre ; le joueur tape ensuite le numéro d'une autre colonne pour les y poser.
table-picked-up = { $count ->
        [one] Colonne { $column } : { $cards } prise. Tapez le numéro de la colonne où la poser ({ $column } à nouveau : sa meilleure place ; Échap : désélectionner).
       *[other] Colonne { $column } : { $cards } prises. Tapez le numéro de la colonne où les poser ({ $column } à nouveau : leur meilleure place ; Échap : désélectionner).
    }

## Ce que dit la page quand elle ne peut pas joindre le serveur (api.js)

table-session-ended = Votre session a pris fin : reconnectez-vous pour continuer.
table-server-unreachable = Impossible de joindre le serveur de jeu. Vérifiez votre connexion et réessayez.
# Le serveur a échoué sans dire pourquoi. $status est le code d'état HTTP (503), $text ses
# mots tels que le serveur les a envoyés ("Service Unavailable"), souvent vides.
table-server-answered = Le serveur a répondu { $status } { $text }.
# Une erreur sans aucun mot : $status est le code d'état HTTP.
table-http-status = HTTP { $status }
# Une carte face visible, par son nom et sa place : $position compte depuis le haut de la colonne, cartes cachées comprises, sur $count.
table-card-place = { $card }, colonne { $column }, carte { $position } sur { $count }
# Une carte face cachée (jamais nommée), par sa place.
table-card-face-down = Carte face cachée, colonne { $column }, carte { $position } sur { $count }
# Après un coup : $card est la première carte déplacée, $count combien.
announce-moved = { $count ->
        [one] { $card } déplacé de la colonne { $from } à la colonne { $to }.
       *[other] { $count } cartes à partir de { $card } déplacées de la colonne { $from } à la colonne { $to }.
    }
announce-turned = { $card } retourné dans la colonne { $column }.
announce-run = La suite à partir de { $card } est complète : { $runs } sur { $total }.
announce-dealt = { $deals ->
        [0] Une rangée distribuée ; le talon est vide.
        [one] Une rangée distribuée ; encore une distribution.
       *[other] Une rangée distribuée ; encore { $deals } distributions.
    }
announce-undone = La dernière action est annulée.
table-read-column = Colonne { $column } : { $down ->
        [0] {""}
        [one] une carte face cachée, puis
       *[other] { $down } cartes face cachée, puis
    } { $cards }.
table-read-empty = Colonne { $column } : vide.
table-read-rest = { $deals ->
        [0] Le talon est vide ;
        [one] encore une distribution ;
       *[other] encore { $deals } distributions ;
    } { $runs } suites complètes sur { $total }.
