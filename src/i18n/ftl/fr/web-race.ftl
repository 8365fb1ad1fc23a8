# L'écran des courses (web/js/race.js) : organiser un salon, ses places, le compte à rebours, le
# classement en direct, les résultats.

## La ligne de messages pendant qu'on suit un salon.

race-stream-stopped = Le flux de la course s'est arrêté.
# $error est la phrase du service lui-même (déjà dans la langue de la page) expliquant pourquoi
# le salon n'a pas pu être joint.
race-still-trying = { $error } Nouvelle tentative de connexion au salon…
race-go-message = Partez ! Videz le tableau avant les autres.

## La ligne de messages quand un joueur termine ou abandonne. $name est le nom du joueur, $time
## le temps qu'il a mis (une durée comme 4:05), $place son rang dans la manche (1 pour le premier).

race-news-you-quit = Vous avez abandonné.
race-news-quit = { $name } a abandonné.
race-news-you-finished = Vous avez terminé en { $time }, à la { $place ->
        [1] 1re
       *[other] { $place }e
    } place.
race-news-finished = { $name } a terminé en { $time }, à la { $place ->
        [1] 1re
       *[other] { $place }e
    } place.
race-news-you-finished-untimed = Vous avez terminé, à la { $place ->
        [1] 1re
       *[other] { $place }e
    } place.
race-news-finished-untimed = { $name } a terminé, à la { $place ->
        [1] 1re
       *[other] { $place }e
    } place.

## L'horloge de la manche. $elapsed et $limit sont des durées comme 4:05 et 10:00.

race-clock = { $elapsed } sur { $limit }
race-clock-past-limit = { $elapsed } sur { $limit } (limite de temps dépassée)

## Les règles du salon : libellés courts sur une ligne, joints par " · ".

# $difficulty est la difficulté de la donne : "easy", "normal" ou "hard".
race-rule-difficulty = { $difficulty ->
        [easy] donne facile
        [normal] donne normale
        [hard] donne difficile
       *[other] donne { $difficulty }
    }
# $minutes est la limite de temps de la manche, en minutes.
race-rule-minutes = { $minutes } min
race-rule-hints-on = indices autorisés
race-rule-no-hints = sans indices
race-rule-handicap = handicap
race-rule-ranked = classée
race-rule-unranked = non classée
# $level est la vitesse de jeu des joueurs CPU : "easy", "normal" ou "hard".
race-rule-cpu-speed = vitesse CPU { $level ->
        [easy] facile
        [normal] normale
        [hard] difficile
       *[other] { $level }
    }
# $seconds : après combien de secondes sans coup un CPU joue pour un joueur inactif.
race-rule-stand-in = relève CPU après { $seconds } s d'inactivité

# La note sous Annulation, dans le formulaire d'organisation d'un salon, quand Classée est cochée
# et l'annulation « complète » choisie : un salon classé permet au plus « sauf cartes dévoilées » (le nom
# d'un mode d'annulation, comme dans le formulaire).
race-undo-ranked = Un salon classé joue avec l'annulation « sauf cartes dévoilées » : elle permet de revenir sur n'importe quelle action, sauf celle qui a dévoilé une nouvelle carte (une distribution, ou un coup qui a retourné une carte).

## Les places du salon.

race-tag-host = hôte
race-tag-cpu = CPU
race-tag-you = vous
race-remove = Retirer
# Le libellé du bouton Retirer pour les lecteurs d'écran. $name est le nom du joueur à cette place.
race-remove-label = Retirer { $name }

## Les boutons du salon et sa ligne d'état.

race-start = Lancer
race-play-again = Rejouer
race-opening = Ouverture du salon…
# L'hôte, avant la première manche. $code est le code du salon ; $count le nombre de joueurs présents.
race-status-host-waiting = Partagez le lien ou le code { $code } ; lancez quand tout le monde est là ({ $count ->
        [one] { $count } joueur
       *[other] { $count } joueurs
    }).
# Les autres, avant la première manche. $host est le nom de l'hôte ; $count le nombre de joueurs dans le salon.
race-status-guest-waiting = En attente du lancement par { $host } ({ $count ->
        [one] { $count } joueur
       *[other] { $count } joueurs
    } dans le salon).
# Comme race-status-guest-waiting, quand le nom de l'hôte n'est pas connu.
race-status-guest-waiting-no-host = En attente du lancement par l'hôte ({ $count ->
        [one] { $count } joueur
       *[other] { $count } joueurs
    } dans le salon).
# $round est le numéro de la manche ; $seconds les secondes avant son début.
race-status-countdown = La manche { $round } commence dans { $seconds }…
race-status-go = Partez !
# $round est le numéro de la manche.
race-status-running = La manche { $round } est en cours.
race-status-running-waiting = La manche { $round } est en cours : en attente de la fin des autres.
# Suit race-status-running pour un joueur arrivé pendant la manche.
race-status-next-round = Vous jouerez à partir de la prochaine manche.
race-status-over = La manche { $round } est terminée.
# Suivent race-status-over. $name est le nom du joueur en tête : « a gagné » s'il a vidé le
# tableau, « termine en tête » si la manche a pris fin avant que quiconque y parvienne.
race-status-winner = { $name } a gagné.
race-status-first = { $name } termine en tête.
# Suivent celles-ci, pour l'hôte et pour les autres joueurs.
race-status-again = Rejouer avec le même groupe ?
race-status-wait-next = En attente du lancement de la manche suivante par l'hôte.

## Le tableau du classement.

# Le résultat d'un joueur. $standing vaut "finished", "finished_late" (après la limite de temps),
# "playing", "quit" ou "unfinished" (la manche a pris fin pendant qu'il jouait encore).
race-result = { $standing ->
        [finished] terminé
        [finished_late] terminé hors délai
        [playing] en jeu
        [quit] abandon
        [unfinished] non terminé
       *[other] { $standing }
    }
# Comme race-result, avec le temps mis : $time est une durée comme 4:05.
race-result-timed = { $standing ->
        [finished] terminé en { $time }
        [finished_late] terminé hors délai en { $time }
        [playing] en jeu depuis { $time }
        [quit] abandon après { $time }
        [unfinished] non terminé en { $time }
       *[other] { $standing } en { $time }
    }
race-tag-stand-in = remplacé
# Le titre (infobulle) de l'étiquette « remplacé ».
race-stand-in-title = Un CPU joue à la place de ce joueur inactif
# Après le nom du joueur lui-même, pour les lecteurs d'écran uniquement.
race-standing-you = (vous)
# Le libellé de la barre de progression pour les lecteurs d'écran. $name est le nom du joueur ;
# $done suites complétées sur $total.
race-progress-label = { $name } : { $done } sur { $total } { $total ->
        [one] suite
       *[other] suites
    }

## La ligne de messages après les actions du joueur lui-même.

# $code est le code du salon.
race-room-open = Le salon { $code } est ouvert. Envoyez le lien à vos amis.
race-joined = Vous avez rejoint le salon { $code }.
# $error est la phrase du service lui-même (aucune donne gagnable n'est encore prête) ; $seconds l'attente.
race-retrying = { $error } (Nouvel essai dans { $seconds } s.)
race-you-quit-round = Vous avez quitté cette manche.
# $name est le nom du joueur dont l'hôte a libéré la place.
race-seat-freed = La place de { $name } est de nouveau libre.
race-link-copied = Lien copié : envoyez-le à vos amis.
race-copy-by-hand = Sélectionnez le lien et copiez-le.
