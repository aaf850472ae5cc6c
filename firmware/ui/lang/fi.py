"""Finnish. One string per id in text.py, same order."""
T = (
    "Valikko",  # MENU
    "Kirjaa jako",  # RECORD
    "Kirjaa kortein",  # RECORD_CARDS
    "Historia",  # HISTORY
    "Peru viime jako",  # UNDO
    "Uusi ottelu",  # NEW_MATCH
    "Seuraava peli",  # NEXT_GAME
    "Tilastot",  # STATS
    "Asetukset",  # SETTINGS
    "%d asti",  # TO_TARGET
    "voitot %d",  # WON_N
    "Kuka meni ulos?",  # WHO_OUT
    "Mitätön jako",  # VOID
    "Koputus",  # KNOCK
    "Gin",  # GIN
    "Iso gin",  # BIG_GIN
    "Avokortti",  # UPCARD
    "Oliko pata?",  # SPADE_Q
    "Ei",  # NO
    "Kyllä",  # YES
    "%s: jäämät",  # DEADWOOD_OF
    "lisäysten jälkeen",  # AFTER_LAYOFF
    "raja %d",  # LIMIT_N
    "%s voittaa!",  # RES_WINS
    "%s alitti!",  # RES_UNDERCUT
    "%s: gin!",  # RES_GIN
    "%s: iso gin!",  # RES_BIG_GIN
    "Ei pisteitä",  # RES_VOID
    "pata: tuplat",  # DOUBLED
    "OK tallenna",  # OK_SAVE
    "Back korjaa",  # BACK_FIX
    "Tallennettu",  # SAVED
    "Ei tallennettu!",  # NOT_SAVED
    "Koputus yli rajan",  # ERR_LIMIT
    "%d on yli %d",  # ERR_LIMIT2
    "Ei 10 korttia, joissa",  # ERR_DW
    "%d jäämää",  # ERR_DW2
    "Kortti kahdesti",  # ERR_DUP
    "Ei mahdollista",  # ERR_TITLE
    "Ei vielä jakoja",  # NO_HANDS
    "Jako %d",  # HAND_N
    "Muokkaa",  # EDIT
    "Poista",  # DELETE
    "Peruttu",  # UNDONE
    "Poistettu",  # DELETED
    "Peli päättyi",  # GAME_OVER
    "%s voitti",  # WINS
    "Peli",  # B_GAME
    "Voitetut jaot",  # B_BOXES
    "Nollapeli",  # B_SHUTOUT
    "Nollapeli x2",  # B_DOUBLE
    "Lopputulos",  # FINAL
    "Pelaaja %d",  # PLAYER_N
    "Uusi nimi",  # NEW_NAME
    "OK valmis",  # NAME_DONE
    "Säännöt",  # RULES
    "Tavoite",  # TARGET
    "Hollywood",  # HOLLYWOOD
    "Päällä",  # ON
    "Pois",  # OFF
    "Ensin jakaa",  # FIRST_DEALER
    "Suomalainen",  # P_FINNISH
    "Italialainen",  # P_ITALIAN
    "Brasilialainen",  # P_BRAZILIAN
    "Oklahoma",  # P_OKLAHOMA
    "Moderni",  # P_MODERN
    "Kieli",  # LANGUAGE
    "Kontrasti",  # CONTRAST
    "Himmennys",  # DIM_AFTER
    "Sammutus",  # SLEEP_AFTER
    "%d s",  # SECONDS
    "%d min",  # MINUTES
    "Näppäintesti",  # BUTTON_TEST
    "Siirtoajastin",  # MOVE_TIMER
    "Versio",  # VERSION
    "Sääntöjen arvot",  # RULE_SETTINGS
    "Pidä OK 2 s",  # HOLD_OK
    "Pidä Up 2 s",  # HOLD_UP
    "Peru valikosta",  # CAN_UNDO
    "Peru muutos",  # UNDO_CHANGE
    "Akku vähissä",  # BATTERY_LOW
    "Paina näppäimiä",  # PRESS_KEYS
    "Raja avokortista",  # F_LIMIT_MODE
    "Koputusraja",  # F_KNOCK_LIMIT
    "Ässä: vain gin",  # F_ACE_GIN
    "Pata tuplaa",  # F_SPADE
    "...myös jaot",  # F_SPADE_BOX
    "Gin-bonus",  # F_GIN
    "Iso gin käytössä",  # F_BIG_GIN
    "Ison ginin bonus",  # F_BIG_GIN_BONUS
    "Lisäys giniin",  # F_LAYOFF_GIN
    "Tasan on alitus",  # F_TIE
    "Alitus vaatii jäämiä",  # F_UNDER_DW
    "Alitusbonus",  # F_UNDERCUT
    "Alitus 0 = gin",  # F_UNDER_ZERO
    "Koputusbonus",  # F_KNOCK_BONUS
    "Tavoite",  # F_TARGET
    "Pelibonus",  # F_GAME_BONUS
    "Jakobonus",  # F_BOX
    "Jakobonus lopuksi",  # F_BOX_END
    "Nollapeli",  # F_SHUTOUT
    "Nollapelibonus",  # F_SHUTOUT_BONUS
    "Voittaja jakaa",  # F_WINNER_DEALS
    "Hollywood",  # F_HOLLYWOOD
    "Ei",  # SH_NONE
    "Bonus",  # SH_FLAT
    "Tuplaus",  # SH_DOUBLE
    "Pelit %d/%d",  # ST_GAMES
    "Voitetut jaot %d",  # ST_HANDS
    "Koputukset %d",  # ST_KNOCKS
    "Ginit %d",  # ST_GINS
    "Isot ginit %d",  # ST_BIG_GINS
    "Alitukset %d",  # ST_UNDER_GIVEN
    "Alitettu %d",  # ST_UNDER_GOT
    "Ka. voitto %d",  # ST_AVERAGE
    "Ei pelejä vielä",  # NO_STATS
    "Yhdistelmät",  # MELDS
    "Lisäykset",  # LAYOFFS
    "pois",  # OFF_SHORT
    "Alitus",  # UNDERCUT_N
    "Jaot",  # HAND_SHORT
    "Poista jako %d?",  # DELETE_Q
    "Muisti täynnä",  # MEMORY_FULL
    "Mitään ei muutettu",  # NOT_SAVED_WHY
    "Aloita uusi ottelu?",  # NEW_MATCH_Q
    "Vanhan voi palauttaa",  # OLD_KEPT
    "Tyhjennä tilastot",  # CLEAR_STATS
    "Tyhjennä kaikki?",  # CLEAR_STATS_Q
    "Tyhjennetty",  # CLEARED
    "painallus",  # K_PRESS
    "pitkä",  # K_LONG
    "toisto",  # K_REPEAT
    "vapautus",  # K_RELEASE
    "Huomio",  # NOTE
    "Lisää ennen",  # INSERT
    "Vie vanhat ottelut",  # FREE_UP
    "Seuraavasta pelistä",  # RULES_NEXT_GAME
    "tämä peli jatkuu",  # GAME_GOES_ON
    "Näytä kortit",  # SHOW_CARDS
    "Kaikki 11 eivät sovi",  # NOT_BIG_GIN
    "Kaksi eri nimeä",  # SAME_NAME
    "Myöhempi jako ei sopisi",  # ERR_LATER
    "Ginissä ei ole jäämää",  # ERR_GIN_DW
    "tässä on %d",  # ERR_HAS_N
    "Big Gin ei käytössä",  # ERR_NO_BIG_GIN
    "paras: %d jäämää",  # ERR_BEST_DW
    "Anna avokortti",  # ERR_NEED_UPCARD
    "%d korttia, ei %d",  # ERR_COUNT
    "Ei kortti",  # ERR_CARD
    "Muistin lukuvirhe %s: pelejä voi puuttua",  # PR_READ
    "Tallennettu ottelu on uudemmasta ohjelmasta: siirretty sivuun",  # PR_MATCH_NEWER
    "Tallennettu ottelu vioittui: siirretty sivuun, aloita uusi",  # PR_MATCH_DAMAGED
    "Tallennetut jaot ovat uudemmasta ohjelmasta: siirretty sivuun",  # PR_HANDS_NEWER
    "Jaot vioittuivat: siirretty sivuun; ottelu jatkuu viime tallennuksesta",  # PR_HANDS_DAMAGED
    "Jaot ilman ottelua siirretty sivuun",  # PR_ORPHANS
    "Viime tallennus katkesi: %d jako palautettu|Viime tallennus katkesi: %d jakoa palautettu",  # PR_CUT_OFF
    "Vioittuneet jaot sivuun: %d jako palautettu|Vioittuneet jaot sivuun: %d jakoa palautettu",  # PR_SOME_DAMAGED
    "Vanha ottelu %d on uudemmasta ohjelmasta: sivuun",  # PR_OLD_NEWER
    "Vanha ottelu %d vioittui: sivuun",  # PR_OLD_DAMAGED
    "Tilastot uudemmasta ohjelmasta: sivuun",  # PR_STATS_NEWER
    "Tilastot vioittuivat: alkavat alusta",  # PR_STATS_DAMAGED
    "Tallennuksissa oli vika",  # PR_OTHER
    "Muistivirhe",  # MEM_ERROR
    "Kädet käden %d jälkeen puuttuvat: ottelu jatkuu siitä",  # PR_JOURNAL_MISSING
    "Muisti täynnä: vie tiedot PC:lle ja poista vanhat ottelut asetuksista",  # PR_FULL
    "Ottelu %d on päättynyt ja tallessa: aloita uusi ottelu",  # PR_CLOSED
    "Muistia ei voi lukea: mitään ei tallenneta ennen uudelleenkäynnistystä. Vie tiedot PC:lle.",  # LOCK_READ_W
    "Tämä ottelu on päättynyt ja tallessa. Aloita uusi ottelu valikosta.",  # LOCK_CLOSED_W
    "Muisti täynnä tai viallinen: ottelua ei voi tallentaa. Vie tiedot ja poista vanhat ottelut.",  # LOCK_UNSAVED_W
    "Korttikäsille ei ole tilaa: syötä tämä käsi numeroina.",  # CARDS_FULL
    "Käsi on tallennettu. Uusia sääntöjä ei vielä tallennettu: ne tallennetaan seuraavan käden kanssa.",  # LATER_RULES_W
    "Poista vanhat ottelut",  # DELETE_OLD
    "%d päättynyt ottelu poistuu. Vie se ensin!|%d päättynyttä ottelua poistuu. Vie ne ensin!",  # DELETE_OLD_Q
    "%d poistettu|%d poistettu",  # DELETED_N
    "ja poista ne",  # FREE_UP2
    "Ei vanhoja otteluita",  # NONE_TO_DELETE
    "Palauta jako",  # REDO
    "Sen voi palauttaa",  # CAN_REDO
    "Palautettu",  # REDONE
    "Peli %d,",  # GAME_N
    "Kierros %d,",  # ROUND_N
    "Pelit %d-%d, %d-%d",  # STANDING
    "J",  # DEALER_MARK
    'Kerhoturnaus',  # CLUB_NIGHT
    'Lopeta kerhoturnaus',  # END_CLUB
    'Lopetetaanko ilta nyt?',  # END_CLUB_Q
    'Se säilyy sellaisenaan',  # CLUB_KEPT
    'Aikatappio',  # FORFEIT
    'Kenen aika loppui?',  # WHO_RAN_OUT
    '%s: aika loppui',  # RAN_OUT
    'Pelaajat',  # PLAYERS
    'Valmis: %d pelaajaa',  # PLAYERS_DONE
    'Kerhoturnaukseen tarvitaan 3-16 pelaajaa.',  # PLAYERS_RANGE
    'Muoto',  # FORMAT
    'Sarja',  # FMT_ROUND_ROBIN
    'Pudotuspeli',  # FMT_KNOCKOUT
    'Sveitsiläinen',  # FMT_SWISS
    'Kukin ottelu',  # PAIRING_GAMES
    '1 peli',  # ONE_GAME
    'Paras %d:stä',  # BEST_OF
    'Potti',  # POT
    '0: ei pottia',  # NO_POT
    'Kierros %d/%d',  # ROUND_OF
    'Finaali',  # R_FINAL
    'Välierät',  # R_SEMI
    'Puolivälierät',  # R_QUARTER
    '%d auki',  # N_OPEN
    'pelissä',  # PLAYING
    '%s: vapaa',  # BYE_ROW
    'w.o.',  # WO_SHORT
    'aika',  # FF_SHORT
    'Luovutusvoitto...',  # WALKOVER_ROW
    'Luovutusvoitto',  # WALKOVER
    'Kuka ei tullut?',  # WHO_ABSENT
    '%s ei tullut',  # ABSENT
    'on kesken: pelatkaa se loppuun tai kirjatkaa aikatappio.',  # UNDER_WAY
    'Sarjataulukko',  # STANDINGS
    'voitot +/-',  # ST_COLS
    'Mestari: %s',  # CHAMPION
    'Potti %s',  # POT_OF
    'OK: päätä ilta',  # CLOSE_EVENING
    'Tämä ottelu on ohi ja laskettu. Seuraava: Kerhoturnaus valikosta.',  # LOCK_PAIRED_W
    'Kerhoturnaus on uudemmasta ohjelmasta: siirretty sivuun',  # PR_CLUB_NEWER
    'Kerhoturnaus vioittui: siirretty sivuun',  # PR_CLUB_DAMAGED
    'Vanha kerhoturnaus %d on uudemmasta ohjelmasta: sivuun',  # PR_OLD_CLUB_NEWER
    'Vanha kerhoturnaus %d vioittui: sivuun',  # PR_OLD_CLUB_DAMAGED
    'Aloita ilta',  # START_EVENING
    'Sijoitus',  # SEEDS
    'valintajärj.',  # SEED_TICKED
    'tilastoista',  # SEED_STATS
    'Tasan',  # TIEBREAKS
    'kesk.',  # TB_H2H
    'netto',  # TB_NET
    'kädet',  # TB_HANDS
    'sijoitus',  # TB_NONE
    'Potin jako',  # SPLIT
    'Luovutus',  # WO_POINTS
    'tavoitepist.',  # AW_TARGET
    'vain pelit',  # AW_GAME
    'kuten pelattu',  # AW_SHEET
    'Kierrokset',  # ROUNDS
    'Peru tulos',  # TAKE_BACK
    'Ottelu on taas auki',  # TAKE_BACK_Q
    '%d vanha poistettu|%d vanhaa poistettu',  # OLD_GONE_N
    'Tallennettua ottelua ei löytynyt: uusi ottelu aloitettu',  # PR_MATCH_MISSING
    'Tallennettu ottelu vioittui: siirretty sivuun, jatkuu käden %d jälkeen',  # PR_MATCH_EARLIER
    'Pidä OK: valmis',  # NAME_HINT
    'Valmis: pidä Down, OK',  # NAME_HINT3
    'Peli %d: %s voitti',  # GAME_WON
    'Brasilial.: %s saa 11',  # BR_DEAL
    "Valmis: 1 pelaaja",  # PLAYERS_DONE_1
    "Ei italialainen sääntö",  # NOT_TEXT
    "Alle 8 pelaajalla italialainen teksti antaa koko potin voittajalle.",  # NOT_TEXT_W
    "Toisen pöydän tulos...",  # TABLE_ROW
    "Voittaja > häviäjä",  # WIN_LOSE
    "Voitetut pelit",  # GAMES_WON
    "Pisteet: %s",  # PTS_OF
    "syötetty",  # ENTERED_SHORT
    "syötetty (ei pöytäkirjaa)",  # ENTERED_LONG
    "%d syötetty (ei pöytäkirjaa)",  # ENTERED_N
    "Pöydät",  # TABLES
    "0: tämä laite",  # THIS_DEVICE
    "Pöytä %d",  # TABLE_N
    "Pari %s",  # REF_IS
    "Vapaat pöydät: %s",  # FREE_TABLES
    "Ei vapaata pöytää",  # NO_FREE
    "P%d",  # T_SHORT
    "Kerhon ottelu",  # CLUB_PAIRING
    "Ilta",  # EVENING_NO
    "Pari",  # PAIRING_NO
    "Tarkistuskirjain",  # CHECK_LETTER
    "Kirjain ei täsmää: tarkista numerot.",  # MISTYPED
    "Tuloslappu",  # RESULT_SLIP
    "%s (hävisi) vahvistaa",  # LOSER_OK
    "Vahvistettu: kerro järjestäjälle",  # SLIP_DONE
    "luov.?",  # WO_DUE
    "Puhelimet",  # PHONES
    "Puhelimet pois",  # PHONES_OFF
    "Liity Wi-Fiin",  # JOIN_WIFI
    "Avaa sivu",  # OPEN_PAGE
    "Liitetään Wi-Fiin",  # JOINING
    "Wi-Fiin ei päästy",  # NOT_JOINED
    "Puhelimet eivät käynnisty",  # PHONES_FAILED
    "Salasana",  # PASSWORD
    "Liian pitkä tälle näytölle",  # TOO_LONG_QR
    "ei laitetta",  # TBL_NONE
    "pyytää, koodi %s",  # TBL_ASKS
    "ei kuulu",  # TBL_QUIET
    "myöhässä",  # TBL_LATE
    "Hyväksy laite?",  # ACCEPT_Q
    "Vapauta pöytä?",  # RELEASE_Q
    "Liity klubi-iltaan",  # JOIN_CLUB
    "Pöydän numero",  # TABLE_NO
    "Koodi %s: järjestäjä OK",  # JOIN_CODE
    "Pöytä on varattu",  # TBL_HELD
    "Liitytty",  # TBL_JOINED
    "Tulos vastaanotettu",  # RES_SENT
    "%s siirtää",  # CLOCK
    "Napauta: alkaa",  # CLOCK+1
    "Napauta: vuoro",  # CLOCK+2
    "Pidä OK: kirjaa jako",  # CLOCK+3
    "%s häviää pelin",  # CLOCK+4
    "%s häviää ottelun",  # CLOCK+5
    "kerhoillat",  # CLOCK+6
    "kaikki ottelut",  # CLOCK+7
    "Sekuntia siirtoon",  # CLOCK+8
    "Aika loppuu",  # CLOCK+9
    "peli",  # CLOCK+10
    "ottelu",  # CLOCK+11
    "Poistu klubi-illasta",  # LEAVE
    "Lopeta raportointi?",  # LEAVE+1
    "Tulosta ei ole vielä lähetetty",  # LEAVE+2
    "Verkossa: %d",  # LEAVE+3
    "Ei seuran avainta",  # LEAVE+4
    "Toisen seuran avain",  # LEAVE+5
    "Kerhoturnauksen %d ottelu jää.|Kerhoturnauksen %d ottelua jää.",  # TONIGHT
    "Oma Wi-Fi: 6 pöytää",  # TONIGHT+1
    "Oma Wi-Fi ottaa 8 laitetta: enintään 6 pöytää ja 2 puhelinta.",  # TONIGHT+2
    "Enemmälle: kerhon Wi-Fi (gin deploy --wifi).",  # TONIGHT+3
    "OK: seur. Pidä: valmis",  # DIGITS
    "OK: seuraava numero",  # DIGITS+1
    "OK: valmis",  # DIGITS+2
    "▲▼ 1, pidä 10. OK: valmis",  # DIGITS+3
    "▲▼ 1, pidä 10",  # DIGITS+4
    "▲▼ 1, pidä 4. OK: ota",  # DIGITS+5
    "OK: ota kortti",  # DIGITS+6
    "Tilastoja ei voi lukea ja muisti on täynnä: kopiota ei jäänyt, alkavat alusta",  # PR_STATS_KEPT
    "%d tallennettu jako menetettiin|%d tallennettua jakoa menetettiin",  # PR_HANDS_LOST
    "Tallennetaan...",  # SAVING
    "Akku",  # BATT
    "Kestää",  # BATT+1
    "noin %d tunnin|noin %d tuntia",  # BATT+2
    "noin %d minuutin|noin %d minuuttia",  # BATT+3
    "Ottelu on tallessa.",  # BATT+4
    "Lataa tai vaihda se.",  # BATT+5
    "Vahvista kesken oleva syöttö, niin se säilyy.",  # BATT+6
    "USB-virralla",  # BATT+7
    "ei vielä tiedossa",  # BATT+8
    "noin %d päivän|noin %d päivää",  # BATT+9
)
