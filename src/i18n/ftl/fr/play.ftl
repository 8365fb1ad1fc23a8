# Le jeu en mots : cartes, plateau en texte, refus des règles, effet d'une action.
# Une carte s'écrit rang puis symbole de la couleur (♠ ♥ ♦ ♣) : $rank va de 1 (as) à 13 (roi).

card = { $rank ->
    [1] A
    [11] V
    [12] D
    [13] R
   *[other] { $rank }
    }{ $suit }

# La ligne au-dessus de la grille du plateau. $variant vaut "spider" ou "spiderette" ; $status
# vaut "playing", "won" ou "resigned".
board-header = { $variant ->
    [spiderette] spiderette
   *[spider] spider
    } { $suits } { $suits ->
    [one] couleur
   *[other] couleurs
    } · score { $score } · talon { $deals } { $deals ->
    [one] distribution restante
   *[other] distributions restantes
    } · suites { $runs }/{ $total }{ $status ->
    [won] {" · GAGNÉE"}
    [resigned] {" · abandonnée"}
   *[playing] {""}
    }

illegal-game-over = La partie est terminée : elle n'accepte plus aucune action.
illegal-no-such-column = Il n'y a pas de colonne { $column }.
illegal-same-column = Une carte ne peut pas être déplacée sur sa propre colonne.
illegal-empty-group = Un coup doit déplacer au moins une carte.
illegal-not-enough-face-up = La colonne { $column } n'a que { $face_up } { $face_up ->
    [one] carte face visible
   *[other] cartes face visible
    } : impossible d'en déplacer { $count }.
illegal-group-not-same-suit = Ces cartes ne sont pas toutes de la même couleur : une suite de couleurs mélangées se déplace carte par carte.
illegal-group-not-in-sequence = Ces cartes ne se suivent pas : chacune doit être exactement d'un rang inférieur à la carte au-dessus d'elle.
illegal-landing-rank-mismatch = { $card } ne peut pas aller sur { $onto } : seule une carte d'un rang inférieur le peut.
illegal-deal-with-empty-column = Vous ne pouvez pas distribuer tant qu'une colonne est vide : placez d'abord une carte dans chaque colonne vide.
illegal-stock-empty = Le talon est vide : il n'y a plus rien à distribuer.
illegal-nothing-to-undo = Il n'y a rien à annuler.
illegal-undo-disabled = L'annulation est désactivée pour cette partie.
illegal-undo-would-hide-card = Cette annulation cacherait une carte que vous avez déjà vue : dans cette partie, une distribution, ou un coup qui a retourné une carte, ne peut pas être annulé.
illegal-no-destination = Aucune colonne ne peut recevoir les cartes du bas de la colonne { $column }.

# Effet d'une action. $cards est une carte ou une suite comme "9♠–6♠".
did-move = Coup joué : { $cards } de la colonne { $from } vers la colonne { $to }.
did-deal = Nouvelle rangée distribuée depuis le talon.
did-undo = Dernier coup annulé.
did-resign = Vous avez abandonné.
did-remove-run = Une suite a été complétée et retirée de la colonne { $column }.
# $columns liste les colonnes ("3, 7") ; $count est leur nombre.
did-turn-card = { $count ->
    [one] Une carte a été retournée dans la colonne { $columns }.
   *[other] Une carte a été retournée dans chacune des colonnes { $columns }.
    }
did-win = Vous avez gagné, avec un score de { $score } !
# Ce qui sépare deux phrases (une espace en français ; rien en japonais).
sentence-gap = {" "}

# Cartes nommées ensemble : une suite de sa première à sa dernière carte ("9♠–6♠").
card-group = { $first }–{ $last }
# Aucune carte (un indice qui n'en nomme aucune).
card-group-empty = {""}

# Pourquoi un indice propose son action. $cards est une carte ou une suite, $onto une carte ; colonnes à partir de 1.
hint-game-over = La partie est terminée.
hint-try-undo = Plus aucun coup utile : essayez d'annuler vos derniers coups.
hint-resign = Plus aucun coup ni aucune distribution utile : vous pouvez abandonner.
hint-deal = Distribuez une nouvelle rangée depuis le talon : aucun meilleur coup en vue.
hint-deal-plain = Distribuez une nouvelle rangée depuis le talon.
hint-deal-quiet = Distribuez une nouvelle rangée depuis le talon : vos { $actions } derniers coups n'ont retourné aucune carte ni complété aucune suite.
hint-into-empty = Déplacez { $cards } de la colonne { $from } vers la colonne vide { $to }.
hint-fill-to-deal = Déplacez { $cards } de la colonne { $from } vers la colonne vide { $to }, pour pouvoir distribuer.
# $frees est la carte sur laquelle reposaient les cartes déplacées.
hint-into-empty-frees = Déplacez { $cards } de la colonne { $from } vers la colonne vide { $to } : cela libère { $frees } pour construire dessus.
# $suit est le symbole de la couleur (♠ ♥ ♦ ♣).
hint-completes-run = Déplacez { $cards } sur { $onto } dans la colonne { $to } : cela complète une suite en { $suit }.
hint-turns-card = Déplacez { $cards } de la colonne { $from } vers la colonne { $to } : cela retourne une carte dans la colonne { $from }.
hint-empties-column = Déplacez { $cards } de la colonne { $from } vers la colonne { $to } : cela vide la colonne { $from }.
hint-builds-in-suit = Déplacez { $cards } sur { $onto } dans la colonne { $to } : cela prolonge une suite de même couleur.
hint-build = Déplacez { $cards } sur { $onto } dans la colonne { $to }.
hint-move-cards = Déplacez { $count } { $count ->
        [one] carte
       *[other] cartes
    } de la colonne { $from } vers la colonne { $to }.
# $first est la phrase d'un autre indice.
hint-fill-every-hole = { $first } Vos { $actions } derniers coups n'ont retourné aucune carte : remplissez chaque colonne vide pour pouvoir distribuer la rangée suivante.

# Pourquoi une tentative au défi du jour est un entraînement.
daily-practice = Entraînement : cette tentative ne compte pas. Seule la première tentative d'un compte inscrit au défi du jour est classée (les invités jouent le défi du jour en entraînement).
daily-practice-guest = Les invités jouent le défi du jour en entraînement : seule la première tentative d'un compte inscrit est classée. Inscrivez-vous (vos parties sont conservées) pour jouer demain une tentative classée.
daily-practice-ranked-made = Vous avez déjà joué votre tentative classée à ce défi : les tentatives suivantes sont des entraînements.
daily-practice-seen-as-guest = Vous avez joué ce défi avant d'inscrire votre compte : vous en connaissez déjà les cartes, vos tentatives d'aujourd'hui sont donc des entraînements.
# Les joueurs CPU d'une course. $percent : en quelle part du temps médian des joueurs ils visent à finir ; $level est easy, normal ou hard (le mot de l'API).
race-cpu-note = Les joueurs CPU connaissent toute la donne : chacun suit une séquence gagnante, avec quelques détours aux niveaux plus faciles, à un rythme calculé pour finir en environ { $percent } % du temps médian que mettent les joueurs pour gagner ce type de partie (niveau { $level }).
