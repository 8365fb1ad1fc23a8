# Die Kontoseiten der Webseite: die Kontoleiste, die Kontoansicht (Passwort, Apps,
# Chat-Verknüpfungen), An- und Abmelden, das öffentliche Profil eines Spielers und die
# Zustimmungsseite, auf der ein Spieler einer App die Nutzung seines Kontos erlaubt.

## Die Kontoleiste oben auf der Seite

# $name ist der Benutzername des Kontos.
account-bar-signed-in = Angemeldet als { $name }
account-bar-account = Konto
account-bar-guest = Du spielst als Gast
account-bar-sign-in = Anmelden

## Die Kontoansicht

account-loading = Wird geladen…
# $name ist der Benutzername (fett); $since ist Datum und Uhrzeit, zu der das Konto erstellt wurde.
account-profile-name = Angemeldet als { $name }, dabei seit { $since }.
account-sign-out = Abmelden
account-sign-out-everywhere = Überall abmelden
account-sign-out-everywhere-note = Überall abmelden beendet auch den Zugang aller Apps und alle Chat-Verknüpfungen dieses Kontos.
account-guest-note = Du spielst als Gast. Erstelle ein Konto, um deine Statistik und Wertung zu behalten und von jedem Gerät aus zu spielen: Bei der Registrierung bleiben deine Gastspiele, deine Statistik und deine Wertung erhalten.

# Die Überschrift des Formulars (und sein Name für Screenreader).
account-password-heading = Passwort ändern
account-password-current = Aktuelles Passwort
account-password-new = Neues Passwort
# $min ist die Mindestzahl der Zeichen eines Passworts (10).
account-password-new-help = Mindestens { $min } Zeichen. Alle anderen Geräte werden abgemeldet, und alle Apps und Chat-Verknüpfungen verlieren ihren Zugang, außer du behältst sie unten bei.
account-password-keep-apps = Meine Apps und Chat-Verknüpfungen behalten
# Die Schaltfläche des Formulars.
account-password-submit = Passwort ändern
account-password-changed-kept = Passwort geändert. Alle anderen Geräte wurden abgemeldet; deine Apps und Chat-Verknüpfungen behalten ihren Zugang.
account-password-changed = Passwort geändert. Alle anderen Geräte, Apps und Chat-Verknüpfungen wurden abgemeldet.

account-hide-profile = Mein öffentliches Profil verbergen
account-see-profile = Mein öffentliches Profil ansehen
account-profile-now-hidden = Dein Profil ist jetzt verborgen.
account-profile-now-public = Dein Profil ist jetzt öffentlich.

## Apps mit Zugang (OAuth)

account-apps-heading = Apps mit Zugang
account-apps-failed = Die Apps konnten nicht geladen werden.
account-apps-none = Keine App kann dein Konto nutzen.
# $app ist der Name, den sich die App selbst gibt (fett); $scopes zählt auf, was sie darf, als
# Codes ("games:read, games:write"); $since und $used sind Datum und Uhrzeit.
account-app-used = { $app } · { $scopes } · seit { $since } · zuletzt genutzt { $used }
# $app, $scopes und $since wie oben, für eine App, die ihren Zugang noch nicht genutzt hat.
account-app-unused = { $app } · { $scopes } · seit { $since } · noch nicht genutzt
account-app-revoke = Widerrufen
# $app ist der Name, den sich die App selbst gibt.
account-app-revoked = { $app } kann dein Konto nicht mehr nutzen.

## Chat-Verknüpfungen (Discord, Slack, Telegram)

account-chat-links-heading = Chat-Verknüpfungen
# $minutes ist, wie lange ein Verknüpfungscode gilt (10).
account-chat-links-about = Spiele mit diesem Konto über Discord, Slack oder Telegram: Hol dir einen Code und schick ihn innerhalb von { $minutes } Minuten an den Bot. Was du dort vorher gespielt hast, kommt mit.
# Die Beschriftung des Passwortfelds vor der Schaltfläche „Verknüpfungscode holen“.
account-chat-link-password = Dein Passwort
# Die Schaltfläche (und der Name des Formulars für Screenreader).
account-chat-link-get-code = Verknüpfungscode holen
account-chat-links-failed = Die Chat-Verknüpfungen konnten nicht geladen werden.
account-chat-links-none = Keine Chat-Identität spielt mit deinem Konto.
# $name ist der Name der Chat-Identität (fett); $platform ist Discord, Slack oder Telegram;
# $linked ist Datum und Uhrzeit der Verknüpfung.
account-chat-link-linked = { $name } auf { $platform } · verknüpft { $linked }
# $name und $platform wie oben, wenn das Datum nicht bekannt ist.
account-chat-link = { $name } auf { $platform }
account-chat-link-remove = Entfernen
# $name und $platform wie oben.
account-chat-link-removed = { $name } auf { $platform } spielt nicht mehr mit deinem Konto.

## An- und Abmelden

# $name ist in den nächsten drei der Benutzername des Kontos.
account-signed-in = Angemeldet als { $name }.
account-signed-up = Willkommen! Registriert als { $name }.
# Nach dem Sitzungsdialog (eine Sitzung, die der Server abgelehnt hat) erneut angemeldet.
account-signed-in-again = Wieder angemeldet als { $name }.
account-signed-out = Abgemeldet. Du spielst als Gast.
account-signed-out-everywhere = Überall abgemeldet: auf allen Geräten, in allen Apps und Chat-Verknüpfungen. Du spielst als Gast.
# Der Sitzungsdialog, nach dem eigenen Satz der API, warum die Sitzung endete.
account-session-sign-in-again = Melde dich an, um weiterzuspielen: Das Spiel auf dem Spielfeld bleibt, wie es ist.

## Das öffentliche Profil eines Spielers

# Der Titel der Ansicht, wenn kein Name angegeben ist.
account-profile-player = Spieler
account-profile-hidden = (ein Spieler mit verborgenem Profil)
# $since ist Datum und Uhrzeit des Beitritts; $streak ist, an wie vielen Tagen in Folge der
# Spieler die Tägliche Herausforderung gespielt hat.
account-profile-joined = Dabei seit { $since } · Tagesserie: { $streak ->
        [one] { $streak } Tag
       *[other] { $streak } Tage
    }
account-profile-col-game = Spiel
account-profile-col-played = Gespielt
account-profile-col-won = Gewonnen
account-profile-col-best-score = Beste Punktzahl
account-profile-col-fastest-win = Schnellster Sieg
account-profile-col-streak = Serie
# $current sind die Siege in Folge jetzt; $longest die meisten überhaupt.
account-profile-streak = { $current } (längste { $longest })
account-profile-no-records = Noch keine gezählten Spiele.
account-profile-ratings = Rennwertungen
# $kind ist die Spielart ("Spider, 2 Farben"); $rating die Rennwertung; $rounds, aus wie vielen
# gewerteten Runden sie stammt.
account-profile-rating = { $kind }: { $rating } nach { $rounds ->
        [one] { $rounds } gewerteten Runde
       *[other] { $rounds } gewerteten Runden
    }
account-profile-no-ratings = Noch kein gewertetes Rennen.
account-profile-arenas = Arenen: { $won } von { $played } beendeten gewonnen.
account-profile-latest = Letzte Spiele
# Wie ein Spiel entstanden ist ($origin, ein Code der API), in Klammern nach seiner Art in den
# nächsten beiden Meldungen.
account-profile-origin = { $origin ->
        [random] zufällig
        [chosen] gewählt
        [daily] Tägliche Herausforderung
        [winnable] gewinnbar
        [restart] Neustart
        [race] Rennen
        [arena] Arena
        [imported] importiert
       *[other] { $origin }
    }
# Ein beendetes Spiel. $kind ist die Spielart ("Spider, 2 Farben"); $origin, wie es entstand
# (account-profile-origin, oben); $status, wie es endete ("gewonnen", "aufgegeben"), schon in
# Worten; $score seine Punktzahl; $finished Datum und Uhrzeit seines Endes.
account-profile-game = { $kind } ({ $origin }) · { $status } · { $score ->
        [one] { $score } Punkt
       *[other] { $score } Punkte
    } · { $finished }
# Dasselbe, mit $duration, der Dauer des Spiels ("4:05").
account-profile-game-timed = { $kind } ({ $origin }) · { $status } · { $score ->
        [one] { $score } Punkt
       *[other] { $score } Punkte
    } · { $duration } · { $finished }
account-profile-no-games = Noch kein beendetes Spiel.

## Die Zustimmungsseite: Eine App bittet darum, das Konto des Spielers zu nutzen

account-consent-reading = Die Anfrage der App wird gelesen…
# $why ist der eigene Satz des Dienstes, was an der Anfrage nicht stimmt.
account-consent-refused = Diese Anmeldeanfrage kann nicht genehmigt werden: { $why }
account-consent-nothing-shared = Es wurde nichts freigegeben. Geh zurück zur App und versuche es erneut, oder gib ihren Entwicklern Bescheid.
# $app ist der Name, den sich die App selbst gibt (fett).
account-consent-asks = Die App { $app } möchte dein Konto nutzen.
account-consent-name-note = Diesen Namen hat sich die App selbst gegeben: Dieser Dienst hat ihn weder vergeben noch geprüft.
# $origin ist die Adresse, zu der der Spieler danach zurückgeschickt wird (als Code), etwa https://example.com.
account-consent-return = Danach kehrst du zu { $origin } zurück.
# Vor der Liste dessen, was die App tun dürfte.
account-consent-could = Die App dürfte dann:
# $days ist, wie viele Tage der Zugang der App gilt. „Konto → Apps mit Zugang“ nennt, wo der
# Spieler ihn widerruft: die Liste „Apps mit Zugang“ in der Kontoansicht.
account-consent-lasts = { $days ->
        [one] Der Zugang der App gilt { $days } Tag, sofern du ihn nicht vorher widerrufst (Konto → Apps mit Zugang).
       *[other] Der Zugang der App gilt { $days } Tage, sofern du ihn nicht vorher widerrufst (Konto → Apps mit Zugang).
    }
account-consent-insecure = Achtung: Die App bekommt ihren Code über unverschlüsseltes HTTP an einen anderen Rechner, sodass andere im Netzwerk ihn mitlesen könnten. Stimme nur zu, wenn du diesem Netzwerk vertraust.
account-consent-sign-in-first = Melde dich an oder erstelle ein Konto, um einer App Zugang zu geben: Ein Gastkonto ist von anderswo nicht wieder erreichbar.
account-consent-sign-in = Anmelden oder registrieren
# Die Beschriftung des Passwortfelds vor der Schaltfläche „Zulassen“.
account-consent-password = Dein Passwort zur Bestätigung:
account-consent-approve = Zulassen
account-consent-deny = Ablehnen
