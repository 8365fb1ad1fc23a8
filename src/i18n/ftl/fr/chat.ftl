# Chat : les commandes de POST /v1/games/{id}/commands et des bots Discord, Slack et Telegram,
# et leurs réponses. Les commandes elles-mêmes (`3 7`, `d`, `new`, `link CODE yes`…) se tapent
# telles qu'écrites ici dans toutes les langues : gardez-les, avec leurs accents graves.

command-grammar = Commandes : `3 7` déplace de la colonne 3 vers la 7, `3 7 2` déplace deux cartes, `3` joue le meilleur coup depuis la colonne 3, `d` distribue, `u` annule, `h` donne un indice, `b` affiche le plateau, `resign` abandonne la partie.
# $grammar est command-grammar.
command-too-long = Une commande compte au plus { $max } caractères. { $grammar }
command-empty = La commande est vide. { $grammar }
command-unknown = Je n'ai pas compris « { $text } ». { $grammar }
command-body = Envoyez {"{"}"command": "3 7"{"}"} en JSON, ou la commande en text/plain : { $error }.
command-not-utf8 = La commande n'est pas un texte UTF-8 valide.

## Les bots

chat-help =
    Spider Solitaire. Commandes :
    • `new [1|2|4] [spider|spiderette]` : une nouvelle partie (1 couleur, Spider sauf indication contraire)
    • `daily [1|2|4]` : le défi du jour ; votre première tentative est classée
    • `puzzle [1|2|4]` : le problème du jour, `puzzle next` un problème proche de votre cote ; vos coups s'y appliquent jusqu'à ce qu'il soit terminé, `puzzle stop` revient à votre partie
    • `3 7` déplace de la colonne 3 vers la 7, `3 7 2` déplace deux cartes, `3` joue le meilleur coup depuis la colonne 3
    • `d` distribue une rangée, `u` annule, `h` donne un indice, `b` affiche le plateau, `resign` abandonne la partie
    • `arena` affiche les arènes d'ici, `arena join` vous fait jouer dans l'une d'elles (chaque donne est une partie : `arena next` pour la suivante, `arena next berserk` sans annulation pour un point de plus), `arena standings` affiche le classement, `arena new [1|2|4] [minutes]` en lance une ici
    • `games` liste vos parties en cours, `resume N` reprend l'une d'elles
    • `records` affiche vos records, `share` montre à tout le monde ici le résultat d'une partie terminée
    • `link CODE` vous fait jouer avec votre propre compte (créez le code dans votre compte sur la page web ; `link CODE yes` confirme), `unlink` met fin à la liaison et vous rend vos parties
    • `lang de` pour que je vous parle allemand (en, de, fr, es, pt-BR, ja ; `lang auto` : la langue de votre application)
chat-not-understood = Je n'ai pas compris { $text }.
    { chat-help }
chat-private-daily = Le défi du jour se joue en message privé avec le bot : ici, tout le monde verrait ses cartes. Envoyez `daily` directement au bot.
chat-code-burned = Ce code a été saisi là où d'autres peuvent le lire, il ne fonctionne donc plus : créez-en un nouveau dans votre compte et envoyez `link CODE` au bot en message privé.
attempts-chat-commands-server = commandes depuis ce serveur
attempts-link-codes-server = tentatives de code de liaison depuis ce serveur
# $platform vaut Discord, Slack ou Telegram ; $games est le nombre de parties transférées ;
# $practice le nombre de tentatives classées au défi du jour devenues des entraînements.
chat-linked = Liaison effectuée : votre compte { $platform } joue désormais en tant que { $username }.{ $games ->
        [0] {""}
        [one] {" "}La partie que vous aviez ici y a été transférée.
       *[other] {" "}Les { $games } parties que vous aviez ici y ont été transférées.
    }{ $practice ->
        [0] {""}
        [one] {" "}1 tentative classée au défi du jour est devenue un entraînement : une tentative classée ne compte que dans le compte où elle a été jouée.
       *[other] {" "}{ $practice } tentatives classées au défi du jour sont devenues des entraînements : une tentative classée ne compte que dans le compte où elle a été jouée.
    } `unlink` annule la liaison et vous les rend.
chat-unlinked = Liaison supprimée : votre compte { $platform } ne joue plus en tant que { $username } ; { $games ->
        [0] aucune de vos parties n'avait été transférée
        [one] la partie transférée par la liaison vous est rendue
       *[other] les { $games } parties transférées par la liaison vous sont rendues
    }. Les parties jouées pendant la liaison restent sur ce compte.
chat-link-question = Ce code lie votre compte { $platform } au compte { $username } : vous jouerez désormais ici en tant que ce compte{ $games ->
        [0] .
        [one] , et la partie que vous avez ici y sera transférée.
       *[other] , et les { $games } parties que vous avez ici y seront transférées.
    }{ $practice ->
        [0] {""}
        [one] {" "}1 tentative classée au défi du jour deviendra un entraînement.
       *[other] {" "}{ $practice } tentatives classées au défi du jour deviendront des entraînements.
    } Si ce compte est le vôtre, envoyez `link { $code } yes` ; `unlink` annulera la liaison plus tard et vous rendra vos parties. Si quelqu'un d'autre vous a donné ce code, ignorez-le : rien n'a changé.
# Un type de partie : $variant vaut spider ou spiderette, $suits 1, 2 ou 4.
chat-kind = { $variant ->
        [spiderette] spiderette
       *[spider] spider
    } { $suits } { $suits ->
        [one] couleur
       *[other] couleurs
    }
# $kind est chat-kind.
chat-new-game = Nouvelle partie : { $kind }. Tapez `3 7` pour déplacer de la colonne 3 vers la 7, `d` pour distribuer, `h` pour un indice.
chat-daily-ranked = Défi du jour, { $kind } : c'est votre tentative classée. L'annulation ne revient jamais sur un coup qui a retourné une carte.
chat-daily-practice = Défi du jour, { $kind } : cette tentative est un entraînement (votre tentative classée a déjà été jouée), elle n'entre donc pas au classement.
chat-daily-resumed = Votre tentative classée au défi du jour ({ $kind }) est en cours : elle redevient votre partie actuelle.
chat-no-games = Vous n'avez aucune partie en cours : tapez `new` pour en commencer une, ou `daily`.
chat-games-title = Vos parties en cours :
# $daily vaut none, ranked ou practice (et $date est alors le jour) ; $current vaut yes pour la
# partie à laquelle vont les commandes.
chat-games-line = { $number }. { $kind }{ $daily ->
        [ranked] , défi du jour du { $date } (classé)
        [practice] , défi du jour du { $date } (entraînement)
       *[none] {""}
    } · score { $score } · { $moves } { $moves ->
        [one] coup
       *[other] coups
    } · suites { $runs }{ $current ->
        [yes] {" "}(actuelle)
       *[no] {""}
    }
chat-games-resume = Tapez `resume N` pour reprendre l'une d'elles.
chat-no-such-game = Il n'y a pas de partie numéro { $number } parmi vos parties en cours ({ $listed } dans la liste) : tapez `games` pour les voir numérotées.
chat-resumed = Retour à la partie { $number } : { $kind }.
chat-no-records = Pas encore de records pour { $username } : terminez une partie (`new`) et elle comptera.
chat-records-title = Records de { $username } :
# $best est chat-records-best ou rien, $fastest chat-records-fastest ou rien.
chat-records-line = { $kind } : { $played } { $played ->
        [one] jouée
       *[other] jouées
    }, { $won } { $won ->
        [one] gagnée
       *[other] gagnées
    }{ $best }{ $fastest }, série en cours { $streak } (plus longue : { $longest })
chat-records-best = , meilleur score { $score }
# $time est minutes:secondes.
chat-records-fastest = , victoire la plus rapide en { $time }
chat-no-game = Vous n'avez pas encore de partie ici : tapez `new` pour en commencer une, ou `daily` pour le défi du jour.
chat-share-unfinished = Votre partie est toujours en cours : terminez-la (ou `resign`) et `share` affichera son résultat ici.
# $time est chat-share-time, ou rien quand la durée n'est pas connue.
chat-share-won = { $username } a gagné une partie de { $kind }{ $daily ->
        [ranked] {" "}(le défi du jour classé du { $date })
        [practice] {" "}(un défi du jour d'entraînement du { $date })
       *[none] {""}
    } avec un score de { $score } en { $moves } { $moves ->
        [one] coup
       *[other] coups
    }{ $time }.
# $time est minutes:secondes.
chat-share-time = , en { $time }
chat-share-resigned = { $username } a abandonné une partie de { $kind }{ $daily ->
        [ranked] {" "}(le défi du jour classé du { $date })
        [practice] {" "}(un défi du jour d'entraînement du { $date })
       *[none] {""}
    } après { $moves } { $moves ->
        [one] coup
       *[other] coups
    }, avec { $runs } { $runs ->
        [one] suite complète
       *[other] suites complètes
    } sur { $total } et un score de { $score }.
# `lang` : $language est le nom de la langue dans cette langue (Deutsch, 日本語…).
chat-language-now = Ici, je vous parle en { $language }. `lang de` (ou en, fr, es, pt-BR, ja) la change ; `lang auto` revient à la langue de votre application.
chat-language-set = Désormais, je vous parle ici en { $language }.
chat-language-auto = Désormais, je vous parle ici dans la langue de votre application ({ $language } pour le moment).
chat-language-unknown = Je ne parle pas { $language } : essayez en, de, fr, es, pt-BR ou ja (ou `lang auto`).
language-name = { $tag ->
        [de] Deutsch
        [fr] français
        [es] español
        [pt-BR] português (Brasil)
        [ja] 日本語
       *[en] English
    }

## Phrases des réponses de l'API

# Un nouveau code de liaison : où le saisir. $code est le code, à taper tel quel.
chat-link-instructions = Tapez `/spider link { $code }` dans Discord ou Slack, ou envoyez `link { $code }` au bot Telegram, dans les { $minutes } minutes.

## Problèmes dans le chat

chat-puzzle-daily =
    Le problème du jour ({ $kind }) : { $goal } en { $within ->
        [one] { $within } coup
       *[other] { $within } coups
    } au plus (cote { $rating }). Tapez vos coups (`3 7`, `3 7 2`) ; `puzzle stop` revient à votre partie.
chat-puzzle-next =
    Un problème ({ $kind }) : { $goal } en { $within ->
        [one] { $within } coup
       *[other] { $within } coups
    } au plus (cote { $rating }). Tapez vos coups (`3 7`, `3 7 2`) ; `puzzle stop` revient à votre partie.
puzzle-goal-win = gagner la partie
puzzle-goal-remove-run = retirer une suite
puzzle-goal-empty-column = vider une colonne
puzzle-goal-turn-card = retourner une carte
chat-puzzle-going =
    En bonne voie : l'objectif est toujours atteignable, { $left ->
        [one] il reste { $left } coup
       *[other] il reste { $left } coups
    }.
chat-puzzle-solved = Résolu !
chat-puzzle-failed = Après le coup { $mistake }, l'objectif n'est plus atteignable, quelles que soient les cartes cachées. La solution : { $answer }.
chat-puzzle-rating = Votre cote aux problèmes : { $before } → { $after }.
chat-puzzle-moves-only = Un problème n'accepte que des coups (`3 7`, `3 7 2`) : ni distribution, ni annulation, ni indice. `puzzle stop` revient à votre partie.
chat-puzzle-stopped = Problème quitté : vos coups s'appliquent de nouveau à votre partie.
chat-puzzle-none = Vous n'avez pas de problème en cours : `puzzle` affiche celui du jour.

## Arènes ($title est le titre de l'arène dans un code span, $kind les couleurs et la variante,
## $code le code de l'arène, de huit caractères, $time une heure de la journée en UTC)

chat-arena-none = Aucune arène n'est en cours ni prévue ici : `arena new [1|2|4] [minutes]` en lance une.
chat-arena-running = En cours : { $title } ({ $kind }), { $left ->
    [one] { $left } minute restante
   *[other] { $left } minutes restantes
    }, { $players ->
    [one] { $players } joueur
   *[other] { $players } joueurs
    } : `arena join { $code }`
chat-arena-upcoming = À venir : { $title } ({ $kind }) à { $time } UTC, pendant { $minutes } minutes : `arena join { $code }`
chat-arena-you = Vous : rang { $place }, { $points ->
    [one] { $points } point
   *[other] { $points } points
    }.
chat-arena-last = La dernière arène d'ici était { $title } : `arena standings` affiche ses résultats.
chat-arena-waiting = Vous avez rejoint l'arène { $title }. Elle commence à { $time } UTC : tapez alors `arena next` pour votre première donne.
chat-arena-deal = { $title }, votre donne { $deal }{ $berserk ->
    [yes] {" "}(berserk : sans annulation, un point de plus si vous la gagnez)
   *[no] {""}
    }. Jouez-la comme n'importe quelle partie ; une fois qu'elle est terminée, `arena next` vous donne la suivante (`arena next berserk` : sans annulation, pour un point de plus).
chat-arena-deal-in-play = { $title } : votre donne { $deal } est toujours en cours. Gagnez-la, ou abandonnez-la avec `resign`, puis tapez `arena next`.
chat-arena-standings-title = { $title }, { $players ->
    [one] { $players } joueur
   *[other] { $players } joueurs
    }{ $done ->
    [yes] {" "}(résultats définitifs)
   *[no] {""}
    } :
chat-arena-standings-line = { $place }. { $name } : { $points ->
    [one] { $points } point
   *[other] { $points } points
    }, { $won } { $won ->
    [one] gagnée
   *[other] gagnées
    } sur { $played }{ $fire ->
    [yes] {" "}(en feu)
   *[no] {""}
    }
chat-arena-made = { $username } a lancé l'arène { $title } ({ $kind }) : { $minutes } minutes, jusqu'à { $time } UTC. Tapez `arena join { $code }` pour jouer.
chat-arena-results-here = Ses résultats seront publiés ici à la fin.
chat-arena-private = Les donnes d'arène se jouent en message privé avec le bot, pour que personne ici ne voie vos cartes : envoyez `arena join { $code }` directement au bot.
