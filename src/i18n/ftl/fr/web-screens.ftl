# Les écrans de la page web : le panneau du défi du jour, l'analyse d'une partie (et sa séquence
# gagnante jouée sur la table), Mes parties, Records et les classements de tous les temps.
# $kind est un type de partie en toutes lettres, comme "Spider, 1 couleur".

## Commun à plusieurs écrans

screens-loading = Chargement…
# Après le nom d'un joueur dans un classement, pour les lecteurs d'écran uniquement : c'est ma ligne.
# Commence par une espace (le nom vient juste avant).
screens-player-you = {" "}(vous)
# La dernière colonne d'un classement : le critère de classement.
screens-measure-score = Score
screens-measure-time = Temps
screens-measure-moves = Coups

## Le panneau du défi du jour (sur l'écran de jeu)

# $error est la phrase du serveur, affichée telle quelle.
screens-daily-unavailable = Défi du jour indisponible : { $error }
screens-daily-none = Pas de défi du jour pour ce réglage.
# $date est la date du jour (le jour en UTC), $players le nombre de joueurs ayant une tentative
# classée, $hours et $minutes le temps restant avant la fin du défi.
screens-daily-info = { $date } (UTC) · { $kind } · { $players ->
        [one] { $players } joueur classé
       *[other] { $players } joueurs classés
    } · fin dans { $hours } h { $minutes } min
# Une de mes tentatives au défi du jour. $type vaut "ranked" ou "practice" ; $status est l'état
# de la partie en toutes lettres ("en cours", "gagnée", "abandonnée") ; $runs le nombre de suites complétées.
screens-daily-attempt = { $type ->
        [ranked] Classée
       *[practice] Entraînement
    } · { $status } · { $score ->
        [one] { $score } point
       *[other] { $score } points
    } · { $runs ->
        [one] { $runs } suite
       *[other] { $runs } suites
    }
# À la place d'un bouton, à côté de la tentative qui est la partie actuellement sur la table.
screens-daily-on-table = sur la table
screens-daily-resume-attempt = Reprendre
screens-daily-view-attempt = Voir
# Le libellé du bouton du défi : une tentative est en cours, seul l'entraînement reste, ou ni l'un ni l'autre.
screens-daily-button-resume = Reprendre le défi
screens-daily-button-practice = Défi (entraînement)
screens-daily-button = Défi du jour
screens-leaderboard-title = Classement
# $date est le jour du classement.
screens-leaderboard-title-date = Classement du { $date }
screens-leaderboard-empty = Personne n'a encore joué aujourd'hui.
# $type vaut "ranked" ou "practice".
screens-daily-back = { $type ->
        [ranked] Retour à votre tentative classée du jour.
       *[practice] Retour à votre tentative d'entraînement du jour.
    }
# $error est la phrase du serveur disant que la tentative classée est toujours en cours ; la page l'affiche alors.
screens-daily-back-open = { $error } La voici.
screens-daily-started-ranked = Défi du jour : cette tentative est classée. Bonne chance !
# $reason est la phrase du serveur expliquant pourquoi cette tentative est un entraînement (ou screens-daily-practice).
screens-daily-started-practice = Défi du jour. { $reason }
screens-daily-practice = Cette tentative est un entraînement.

## L'analyse d'une partie

screens-analysis-pick = Choisissez une partie terminée dans Mes parties.
screens-analysis-loading = Chargement de la partie…
screens-analysis-won = Vous avez gagné
screens-analysis-resigned = Abandonnée
screens-analysis-in-progress = En cours
# Les données de la partie : une liste de noms et de valeurs.
screens-analysis-fact-game = Partie
screens-analysis-fact-score = Score
screens-analysis-fact-runs = Suites
screens-analysis-fact-actions = Actions
screens-analysis-fact-time = Temps
# $deal est le numéro de la donne.
screens-analysis-game-deal = { $kind }, donne n° { $deal }
# $done suites complétées sur les $total de la partie.
screens-analysis-runs = { $done } sur { $total }
# $actions compte toutes les actions de la partie ; puis combien étaient des coups, des distributions et des annulations.
screens-analysis-actions = { $actions } ({ $moves ->
        [one] { $moves } coup
       *[other] { $moves } coups
    }, { $deals ->
        [one] { $deals } distribution
       *[other] { $deals } distributions
    }, { $undos ->
        [one] { $undos } annulation
       *[other] { $undos } annulations
    })
screens-analysis-continue = Continuer cette partie
screens-analysis-play-again = Rejouer cette donne
screens-analysis-after-game = L'analyse s'ouvre une fois la partie terminée.
screens-analysis-wait = Analyse de la partie avec toutes les cartes… (jusqu'à 20 secondes)
# $error est la phrase du serveur disant que la recherche est occupée ; $seconds l'attente avant de redemander.
screens-analysis-retry = { $error } Nouvel essai dans { $seconds } s…
# Le verdict : comment la partie s'est déroulée.
screens-verdict-won = Vous avez gagné cette partie.
screens-verdict-never-winnable = Cette donne ne pouvait pas être gagnée, quoi que vous jouiez.
screens-verdict-lost = La donne pouvait être gagnée, et une action l'a perdue.
screens-verdict-still-winnable = La partie pouvait encore être gagnée quand elle s'est terminée.
screens-verdict-unknown = La recherche n'a pas pu établir où cette partie a été perdue.
# Si la donne pouvait être gagnée ou non.
screens-deal-winnable = La donne était gagnable dès le départ.
screens-deal-not-winnable = La donne n'était pas gagnable dès le départ.
screens-deal-unknown = Le budget de recherche n'a pas suffi pour établir si la donne était gagnable.
# $step est screens-analysis-losing-step, affiché en gras.
screens-analysis-losing = La première action perdante : { $step }. Avant elle, la partie pouvait être gagnée ; après, plus du tout.
# $number est le numéro de l'action dans la partie, $action l'action en toutes lettres ("Distribuer une rangée depuis le talon").
screens-analysis-losing-step = action { $number } ({ $action })
# La recherche a prouvé la partie gagnable après les $after premières actions ($after peut valoir
# "?" : non prouvé), et (le second message) perdue après les $lost premières.
screens-analysis-bounds = Prouvé : gagnable après { $after ->
        [one] { $after } action
       *[other] { $after } actions
    } ; l'action perdante se situe entre les deux.
screens-analysis-bounds-lost = Prouvé : gagnable après { $after ->
        [one] { $after } action
       *[other] { $after } actions
    }, perdue après { $lost } ; l'action perdante se situe entre les deux.
screens-analysis-line-title = Une séquence gagnante
# $count est le nombre d'actions de la séquence gagnante ; elle part de la donne initiale.
screens-analysis-line-from-opening = Depuis la dernière position prouvée gagnable (après la donne initiale), { $count ->
        [one] cette action gagne.
       *[other] ces { $count } actions gagnent.
    }
# $count est le nombre d'actions de la séquence gagnante ; elle part d'après les $after premières actions du joueur.
screens-analysis-line-from-after = Depuis la dernière position prouvée gagnable (après { $after ->
        [one] votre première action
       *[other] vos { $after } premières actions
    }), { $count ->
        [one] cette action gagne.
       *[other] ces { $count } actions gagnent.
    }
screens-analysis-previous-step = Étape précédente
screens-analysis-next-step = Étape suivante
# $step est le numéro de l'étape dans la séquence, sur $total ; $action l'étape en toutes lettres.
screens-analysis-step = Étape { $step } sur { $total } : { $action }.
screens-analysis-play-line = La jouer sur la table
screens-analysis-play-line-note = La jouer lance une nouvelle partie sur cette donne (elle ne compte que pour vos records, comme donne connue), rejoue vos premières actions jusqu'au début de la séquence, puis montre chaque étape de la séquence sur la table.
screens-analysis-cleared = Rien à améliorer en chemin : vous avez vidé le tableau.
# $positions est le nombre de positions examinées par la recherche ; $seconds sa durée (une décimale).
screens-analysis-searched = { $positions ->
        [one] { $positions } position examinée en { $seconds } s.
       *[other] { $positions } positions examinées en { $seconds } s.
    }
# Pendant que la partie est rejouée jusqu'à la séquence gagnante : $done actions rejouées sur $total.
screens-line-replaying = Votre partie est rejouée : { $done } sur { $total ->
        [one] { $total } action…
       *[other] { $total } actions…
    }
screens-line-ready = Voici la dernière position qui pouvait encore être gagnée. Suivez les étapes mises en évidence.
# La barre au-dessus du plateau pendant qu'il guide à travers la séquence gagnante.
screens-guide-label = Séquence gagnante
screens-guide-off-line = Vous avez quitté la séquence gagnante : annulez pour y revenir, ou continuez à jouer.
screens-guide-done = C'était toute la séquence.
# $step est le numéro de l'étape dans la séquence, sur $total ; $action l'étape en toutes lettres.
screens-guide-step = Séquence gagnante, étape { $step } sur { $total } : { $action }.
screens-guide-play-step = Jouer cette étape
screens-guide-stop = Arrêter le guidage

## Mes parties

screens-games-empty = Aucune partie pour l'instant.
# $deal est le numéro de la donne.
screens-games-kind-deal = { $kind } · n° { $deal }
# Ce que fait le bouton d'une ligne, pour les lecteurs d'écran. $when est la date et l'heure du début de la partie.
screens-games-continue-label = Continuer la partie de { $kind } commencée le { $when }
screens-games-result-label = Résultat de la partie de { $kind } commencée le { $when }
screens-games-continue = Continuer
screens-games-result = Résultat

## Records et cotes de course

# $name est le nom d'utilisateur du compte.
screens-records-signed-in = Connecté en tant que { $name }.
screens-records-guest = Compte invité sur ce navigateur : inscrivez-vous pour retrouver vos records partout.
screens-records-empty = Aucune partie pour l'instant : lancez-vous !
# La série de victoires en cours, et la plus longue entre parenthèses.
screens-records-streak = { $current } ({ $longest })
# Une cote de course : $rating est la cote (en gras), $rounds le nombre de manches classées qui l'ont établie.
screens-records-rating = { $kind } : { $rating } après { $rounds ->
        [one] { $rounds } manche classée
       *[other] { $rounds } manches classées
    }
screens-records-no-rating = Aucune course classée pour l'instant : tout le monde commence à 1500.

## Les classements de tous les temps

screens-boards-empty = Personne ne figure encore dans ce classement : gagnez une partie pour y entrer en premier.
# Ma place dans le classement : $rank, et $value mon score, mon temps ou mon nombre de coups.
screens-boards-you = Votre place : n° { $rank } ({ $value }).
screens-boards-not-you = Vous ne figurez pas encore dans ce classement.

## Problèmes

screens-puzzle-goal =
    { $goal } en { $within ->
        [one] { $within } coup
       *[other] { $within } coups
    } au plus (cote { $rating })
screens-puzzle-goal-win = Gagner la partie
screens-puzzle-goal-remove-run = Retirer une suite
screens-puzzle-goal-empty-column = Vider une colonne
screens-puzzle-goal-turn-card = Retourner une carte
screens-puzzle-card = { $card }, colonne { $column }
screens-puzzle-column = Colonne { $column }
screens-puzzle-face-down =
    { $count ->
        [one] { $count } cachée
       *[other] { $count } cachées
    }
screens-puzzle-going =
    En bonne voie : { $left ->
        [one] il reste { $left } coup.
       *[other] il reste { $left } coups.
    }
screens-puzzle-solved = Résolu !
screens-puzzle-failed = Après le coup { $mistake }, l'objectif n'est plus atteignable. La solution : { $answer }.
screens-puzzle-rating = Votre cote aux problèmes : { $before } → { $after }.
screens-puzzle-streak = Série : { $score }
screens-puzzle-streak-over =
    Série terminée : { $score ->
        [one] { $score } problème résolu.
       *[other] { $score } problèmes résolus.
    }

## Arenas

screens-arenas-empty = Aucune arène n'est en cours ni à venir.
screens-arenas-mine-empty = Vous n'avez encore joué dans aucune arène.
# $state vaut running, upcoming ou over ; $start et $end sont des moments écrits comme la langue les écrit.
screens-arena-line = { $title } · { $kind } · { $state ->
        [running] jusqu'au { $end }
        [upcoming] du { $start } au { $end }
       *[over] terminée le { $end }
    } · { $players ->
        [one] { $players } joueur
       *[other] { $players } joueurs
    }
screens-arena-open = Ouvrir
screens-arena-open-label = Ouvrir { $title }
# $undo vaut full, no_reveal ou off ; $hints et $rated valent yes ou no.
screens-arena-rules = { $deals } donnes, annulation { $undo ->
        [full] autorisée
        [no_reveal] sauf cartes dévoilées
       *[off] désactivée
    }, indices { $hints ->
        [yes] autorisés
       *[no] désactivés
    }{ $rated ->
        [yes] , classée (joueurs inscrits uniquement)
       *[no] {""}
    }
screens-arena-you = Vous : rang { $place }, { $points ->
        [one] { $points } point
       *[other] { $points } points
    }, { $won } { $won ->
        [one] gagnée
       *[other] gagnées
    } sur { $played }{ $fire ->
        [yes] , en feu
       *[no] {""}
    }
screens-arena-final = Votre rang final : { $place }, { $points ->
        [one] { $points } point
       *[other] { $points } points
    }, { $won } { $won ->
        [one] gagnée
       *[other] gagnées
    } sur { $played }
screens-arena-nobody = Personne n'a encore rejoint l'arène.
screens-arena-won-of = { $won } sur { $played }
screens-arena-deal-started = Donne { $deal } de l'arène { $title } : elle est sur la table.
