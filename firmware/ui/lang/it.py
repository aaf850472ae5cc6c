"""Italian. One string per id in text.py, same order."""
T = (
    "Menu",  # MENU
    "Segna mano",  # RECORD
    "Segna con carte",  # RECORD_CARDS
    "Storico",  # HISTORY
    "Annulla ultima",  # UNDO
    "Nuova partita",  # NEW_MATCH
    "Gioco seguente",  # NEXT_GAME
    "Statistiche",  # STATS
    "Impostazioni",  # SETTINGS
    "a %d",  # TO_TARGET
    "vinte %d",  # WON_N
    "Chi ha chiuso?",  # WHO_OUT
    "Mano nulla",  # VOID
    "Bussata",  # KNOCK
    "Gin",  # GIN
    "Big Gin",  # BIG_GIN
    "Carta scoperta",  # UPCARD
    "Era di picche?",  # SPADE_Q
    "No",  # NO
    "Sì",  # YES
    "%s: punti",  # DEADWOOD_OF
    "dopo gli attacchi",  # AFTER_LAYOFF
    "limite %d",  # LIMIT_N
    "Vince %s!",  # RES_WINS
    "%s sottotaglia!",  # RES_UNDERCUT
    "%s fa gin!",  # RES_GIN
    "%s: Big Gin!",  # RES_BIG_GIN
    "Nessun punto",  # RES_VOID
    "picche: doppio",  # DOUBLED
    "OK salva",  # OK_SAVE
    "Back correggi",  # BACK_FIX
    "Salvato",  # SAVED
    "Non salvato!",  # NOT_SAVED
    "Bussata oltre limite",  # ERR_LIMIT
    "%d è più di %d",  # ERR_LIMIT2
    "Nessuna mano da 10",  # ERR_DW
    "fa %d punti",  # ERR_DW2
    "Carta ripetuta",  # ERR_DUP
    "Non possibile",  # ERR_TITLE
    "Nessuna mano",  # NO_HANDS
    "Mano %d",  # HAND_N
    "Modifica",  # EDIT
    "Elimina",  # DELETE
    "Annullato",  # UNDONE
    "Eliminato",  # DELETED
    "Fine gioco",  # GAME_OVER
    "Vince %s",  # WINS
    "Gioco",  # B_GAME
    "Mani vinte",  # B_BOXES
    "Cappotto",  # B_SHUTOUT
    "Cappotto x2",  # B_DOUBLE
    "Finale",  # FINAL
    "Giocatore %d",  # PLAYER_N
    "Nuovo nome",  # NEW_NAME
    "OK fatto",  # NAME_DONE
    "Regole",  # RULES
    "Traguardo",  # TARGET
    "Hollywood",  # HOLLYWOOD
    "Sì",  # ON
    "No",  # OFF
    "Primo mazziere",  # FIRST_DEALER
    "Finlandese",  # P_FINNISH
    "Italiana",  # P_ITALIAN
    "Brasiliana",  # P_BRAZILIAN
    "Oklahoma",  # P_OKLAHOMA
    "Moderna",  # P_MODERN
    "Lingua",  # LANGUAGE
    "Contrasto",  # CONTRAST
    "Attenua dopo",  # DIM_AFTER
    "Spegni dopo",  # SLEEP_AFTER
    "%d s",  # SECONDS
    "%d min",  # MINUTES
    "Prova tasti",  # BUTTON_TEST
    "Tempo mossa",  # MOVE_TIMER
    "Versione",  # VERSION
    "Valori regole",  # RULE_SETTINGS
    "Tieni OK 2 s",  # HOLD_OK
    "Tieni Up 2 s",  # HOLD_UP
    "Annulla dal menu",  # CAN_UNDO
    "Annulla modifica",  # UNDO_CHANGE
    "Batteria scarica",  # BATTERY_LOW
    "Premi i tasti",  # PRESS_KEYS
    "Limite da carta",  # F_LIMIT_MODE
    "Limite bussata",  # F_KNOCK_LIMIT
    "Asso: solo gin",  # F_ACE_GIN
    "Picche raddoppia",  # F_SPADE
    "...anche bonus",  # F_SPADE_BOX
    "Bonus gin",  # F_GIN
    "Big Gin valido",  # F_BIG_GIN
    "Bonus Big Gin",  # F_BIG_GIN_BONUS
    "Attacchi su gin",  # F_LAYOFF_GIN
    "Pari: sottotaglio",  # F_TIE
    "Sottot. con punti",  # F_UNDER_DW
    "Bonus sottotaglio",  # F_UNDERCUT
    "Sottot. 0 = gin",  # F_UNDER_ZERO
    "Bonus bussata",  # F_KNOCK_BONUS
    "Traguardo",  # F_TARGET
    "Bonus gioco",  # F_GAME_BONUS
    "Bonus mano",  # F_BOX
    "Bonus mani a fine",  # F_BOX_END
    "Cappotto",  # F_SHUTOUT
    "Bonus cappotto",  # F_SHUTOUT_BONUS
    "Dà chi vince",  # F_WINNER_DEALS
    "Hollywood",  # F_HOLLYWOOD
    "No",  # SH_NONE
    "Bonus",  # SH_FLAT
    "Doppio",  # SH_DOUBLE
    "Giochi %d/%d",  # ST_GAMES
    "Mani vinte %d",  # ST_HANDS
    "Bussate %d",  # ST_KNOCKS
    "Gin %d",  # ST_GINS
    "Big Gin %d",  # ST_BIG_GINS
    "Sottotagli %d",  # ST_UNDER_GIVEN
    "Sottotagliato %d",  # ST_UNDER_GOT
    "Media vinta %d",  # ST_AVERAGE
    "Nessun gioco",  # NO_STATS
    "Combinazioni",  # MELDS
    "Attacchi",  # LAYOFFS
    "no",  # OFF_SHORT
    "Sottotaglio",  # UNDERCUT_N
    "Mani",  # HAND_SHORT
    "Eliminare mano %d?",  # DELETE_Q
    "Memoria piena",  # MEMORY_FULL
    "Nulla è cambiato",  # NOT_SAVED_WHY
    "Nuova partita?",  # NEW_MATCH_Q
    "Si può annullare",  # OLD_KEPT
    "Azzera statistiche",  # CLEAR_STATS
    "Azzerare tutto?",  # CLEAR_STATS_Q
    "Azzerato",  # CLEARED
    "premuto",  # K_PRESS
    "lungo",  # K_LONG
    "ripete",  # K_REPEAT
    "rilascio",  # K_RELEASE
    "Nota",  # NOTE
    "Inserisci prima",  # INSERT
    "Esporta le partite",  # FREE_UP
    "Dal prossimo gioco",  # RULES_NEXT_GAME
    "questo continua",  # GAME_GOES_ON
    "Mostra carte",  # SHOW_CARDS
    "Non tutte le 11 legano",  # NOT_BIG_GIN
    "Due nomi diversi",  # SAME_NAME
    "Una mano dopo non va",  # ERR_LATER
    "Il gin non ha punti",  # ERR_GIN_DW
    "qui ne ha %d",  # ERR_HAS_N
    "Big Gin non si gioca",  # ERR_NO_BIG_GIN
    "meglio: %d punti",  # ERR_BEST_DW
    "Manca carta scoperta",  # ERR_NEED_UPCARD
    "%d carte, non %d",  # ERR_COUNT
    "Non è una carta",  # ERR_CARD
    "Errore di lettura %s: partite forse perse",  # PR_READ
    "Partita salvata da firmware più nuovo: messa da parte",  # PR_MATCH_NEWER
    "Partita salvata rovinata: messa da parte, iniziane una nuova",  # PR_MATCH_DAMAGED
    "Mani salvate da firmware più nuovo: messe da parte",  # PR_HANDS_NEWER
    "Mani salvate rovinate: messe da parte; partita dall'ultimo salvataggio",  # PR_HANDS_DAMAGED
    "Mani senza partita messe da parte",  # PR_ORPHANS
    "Ultimo salvataggio interrotto: %d mano recuperata|Ultimo salvataggio interrotto: %d mani recuperate",  # PR_CUT_OFF
    "Mani rovinate messe da parte: %d mano recuperata|Mani rovinate messe da parte: %d mani recuperate",  # PR_SOME_DAMAGED
    "Vecchia partita %d da firmware più nuovo: da parte",  # PR_OLD_NEWER
    "Vecchia partita %d rovinata: da parte",  # PR_OLD_DAMAGED
    "Statistiche da firmware più nuovo: da parte",  # PR_STATS_NEWER
    "Statistiche rovinate: ripartono da zero",  # PR_STATS_DAMAGED
    "Problema nei dati salvati",  # PR_OTHER
    "Errore di memoria",  # MEM_ERROR
    "Mani dopo la mano %d mancanti: la partita riprende da lì",  # PR_JOURNAL_MISSING
    "Memoria piena: esporta su un PC, poi elimina le vecchie partite nelle Impostazioni",  # PR_FULL
    "La partita %d è finita e salvata: iniziane una nuova",  # PR_CLOSED
    "Memoria illeggibile: nulla viene salvato fino al riavvio. Esportala con un PC.",  # LOCK_READ_W
    "Questa partita è finita e salvata. Iniziane una nuova dal menu.",  # LOCK_CLOSED_W
    "Memoria piena o guasta: la partita non può essere salvata. Esporta, poi elimina le vecchie partite.",  # LOCK_UNSAVED_W
    "Niente spazio per altre mani con le carte: inserisci questa con i numeri.",  # CARDS_FULL
    "Mano salvata. Le nuove regole non sono ancora salvate: lo saranno con la prossima mano.",  # LATER_RULES_W
    "Elimina vecchie",  # DELETE_OLD
    "Va via %d partita finita. Esportala prima!|Vanno via %d partite finite. Esportale prima!",  # DELETE_OLD_Q
    "%d eliminata|%d eliminate",  # DELETED_N
    "poi eliminale",  # FREE_UP2
    "Nessuna partita vecchia",  # NONE_TO_DELETE
    "Rimetti la mano",  # REDO
    "Si può rimettere",  # CAN_REDO
    "Rimessa",  # REDONE
    "Gioco %d",  # GAME_N
    "Giro %d",  # ROUND_N
    "Giochi %d-%d, %d-%d",  # STANDING
    "M",  # DEALER_MARK
    'Torneo del club',  # CLUB_NIGHT
    'Chiudi il torneo',  # END_CLUB
    'Chiudere ora il torneo?',  # END_CLUB_Q
    'Resta salvato così',  # CLUB_KEPT
    'Sconfitta a tempo',  # FORFEIT
    'Tempo scaduto a chi?',  # WHO_RAN_OUT
    '%s: tempo scaduto',  # RAN_OUT
    'Giocatori',  # PLAYERS
    'Fatto: %d giocatori',  # PLAYERS_DONE
    'Un torneo del club vuole da 3 a 16 giocatori.',  # PLAYERS_RANGE
    'Formula',  # FORMAT
    "Girone all'italiana",  # FMT_ROUND_ROBIN
    'Eliminazione diretta',  # FMT_KNOCKOUT
    'Sistema svizzero',  # FMT_SWISS
    'Ogni incontro',  # PAIRING_GAMES
    '1 gioco',  # ONE_GAME
    'Al meglio di %d',  # BEST_OF
    'Montepremi',  # POT
    '0: nessuno',  # NO_POT
    'Turno %d/%d',  # ROUND_OF
    'Finale',  # R_FINAL
    'Semifinali',  # R_SEMI
    'Quarti',  # R_QUARTER
    '%d aperti',  # N_OPEN
    'in gioco',  # PLAYING
    '%s: riposa',  # BYE_ROW
    'tav.',  # WO_SHORT
    'tempo',  # FF_SHORT
    'A tavolino...',  # WALKOVER_ROW
    'A tavolino',  # WALKOVER
    'Chi non è venuto?',  # WHO_ABSENT
    '%s non è venuto',  # ABSENT
    'è in corso: finitelo, o chiudetelo con una sconfitta a tempo.',  # UNDER_WAY
    'Classifica',  # STANDINGS
    'vinti +/-',  # ST_COLS
    'Campione: %s',  # CHAMPION
    'Montepremi %s',  # POT_OF
    'OK: chiudi il torneo',  # CLOSE_EVENING
    'Questo incontro è finito e contato. Il prossimo: Torneo del club nel menu.',  # LOCK_PAIRED_W
    'Torneo del club da firmware più nuovo: messo da parte',  # PR_CLUB_NEWER
    'Torneo del club rovinato: messo da parte',  # PR_CLUB_DAMAGED
    'Vecchio torneo %d da firmware più nuovo: da parte',  # PR_OLD_CLUB_NEWER
    'Vecchio torneo %d rovinato: da parte',  # PR_OLD_CLUB_DAMAGED
    'Inizia la serata',  # START_EVENING
    'Teste serie',  # SEEDS
    'come scelte',  # SEED_TICKED
    'statistiche',  # SEED_STATS
    'Parità',  # TIEBREAKS
    'diretti',  # TB_H2H
    'diff.',  # TB_NET
    'mani',  # TB_HANDS
    'teste serie',  # TB_NONE
    'Montepremi',  # SPLIT
    'Forfait',  # WO_POINTS
    'punti meta',  # AW_TARGET
    'solo partite',  # AW_GAME
    'come giocato',  # AW_SHEET
    'Turni',  # ROUNDS
    'Annulla un risultato',  # TAKE_BACK
    'Torna da giocare',  # TAKE_BACK_Q
    '%d vecchia eliminata|%d vecchie eliminate',  # OLD_GONE_N
    'Partita salvata non trovata: ne inizia una nuova',  # PR_MATCH_MISSING
    'Partita salvata rovinata: messa da parte, riprende dopo la mano %d',  # PR_MATCH_EARLIER
    'Tieni OK: fatto',  # NAME_HINT
    'Fatto: tieni Down, OK',  # NAME_HINT3
    'Gioco %d: vince %s',  # GAME_WON
    'Brasiliana: 11 a %s',  # BR_DEAL
    "Fatto: 1 giocatore",  # PLAYERS_DONE_1
    "Non è il testo italiano",  # NOT_TEXT
    "Sotto gli 8 giocatori il testo italiano dà tutto il montepremi al primo.",  # NOT_TEXT_W
    "Risultato da un tavolo...",  # TABLE_ROW
    "Vincitore > perdente",  # WIN_LOSE
    "Partite vinte",  # GAMES_WON
    "Punti: %s",  # PTS_OF
    "inserito",  # ENTERED_SHORT
    "inserito (senza foglio)",  # ENTERED_LONG
    "%d inseriti (senza foglio)",  # ENTERED_N
    "Tavoli",  # TABLES
    "0: questo",  # THIS_DEVICE
    "Tavolo %d",  # TABLE_N
    "Incontro %s",  # REF_IS
    "Tavoli liberi: %s",  # FREE_TABLES
    "Nessun tavolo libero",  # NO_FREE
    "T%d",  # T_SHORT
    "Incontro del club",  # CLUB_PAIRING
    "Serata",  # EVENING_NO
    "Incontro",  # PAIRING_NO
    "Lettera di controllo",  # CHECK_LETTER
    "La lettera non corrisponde: controlla i numeri.",  # MISTYPED
    "Foglio risultato",  # RESULT_SLIP
    "%s (ha perso) conferma",  # LOSER_OK
    "Confermato: avvisa l'organizzatore",  # SLIP_DONE
    "forf.?",  # WO_DUE
    "Telefoni",  # PHONES
    "Telefoni spenti",  # PHONES_OFF
    "Entra nel Wi-Fi",  # JOIN_WIFI
    "Apri la pagina",  # OPEN_PAGE
    "Connessione al Wi-Fi",  # JOINING
    "Wi-Fi non raggiunto",  # NOT_JOINED
    "Telefoni non avviati",  # PHONES_FAILED
    "Password",  # PASSWORD
    "Troppo lungo per lo schermo",  # TOO_LONG_QR
    "nessun disp.",  # TBL_NONE
    "chiede, codice %s",  # TBL_ASKS
    "non risponde",  # TBL_QUIET
    "in ritardo",  # TBL_LATE
    "Accettare il disp.?",  # ACCEPT_Q
    "Liberare il tavolo?",  # RELEASE_Q
    "Entra nella serata",  # JOIN_CLUB
    "Numero del tavolo",  # TABLE_NO
    "Codice %s: OK organizz.",  # JOIN_CODE
    "Tavolo già occupato",  # TBL_HELD
    "Collegato",  # TBL_JOINED
    "Risultato ricevuto",  # RES_SENT
    "Muove %s",  # CLOCK
    "Tocca: via",  # CLOCK+1
    "Tocca: passa",  # CLOCK+2
    "Tieni OK: registra",  # CLOCK+3
    "%s perde la partita",  # CLOCK+4
    "%s perde l'incontro",  # CLOCK+5
    "serate club",  # CLOCK+6
    "sempre",  # CLOCK+7
    "Secondi a mossa",  # CLOCK+8
    "Tempo scaduto",  # CLOCK+9
    "partita",  # CLOCK+10
    "incontro",  # CLOCK+11
    "Esci dalla serata",  # LEAVE
    "Smettere di inviare?",  # LEAVE+1
    "Il risultato non è ancora inviato",  # LEAVE+2
    "Connessi: %d",  # LEAVE+3
    "Manca chiave club",  # LEAVE+4
    "Chiave altro club",  # LEAVE+5
    "Resta %d partita del torneo.|Restano le %d partite del torneo.",  # TONIGHT
    "Wi-Fi proprio: 6 tavoli",  # TONIGHT+1
    "Il suo Wi-Fi prende 8 dispositivi: fino a 6 tavoli e 2 telefoni.",  # TONIGHT+2
    "Di più: un Wi-Fi del club (gin deploy --wifi).",  # TONIGHT+3
    "OK: avanti, tieni: fine",  # DIGITS
    "OK: cifra dopo",  # DIGITS+1
    "OK: fatto",  # DIGITS+2
    "▲▼ 1, tieni 10. OK: fatto",  # DIGITS+3
    "▲▼ 1, tieni 10",  # DIGITS+4
    "▲▼ 1, tieni 4. OK: prendi",  # DIGITS+5
    "OK: prendi la carta",  # DIGITS+6
    "Statistiche illeggibili e memoria piena: nessuna copia, ripartono da zero",  # PR_STATS_KEPT
    "%d mano salvata persa|%d mani salvate perse",  # PR_HANDS_LOST
    "Salvataggio...",  # SAVING
    "Batteria",  # BATT
    "Dura",  # BATT+1
    "circa %d ora|circa %d ore",  # BATT+2
    "circa %d minuto|circa %d minuti",  # BATT+3
    "La partita è salvata.",  # BATT+4
    "Ricaricala o cambiala.",  # BATT+5
    "Conferma ciò che stai inserendo per tenerlo.",  # BATT+6
    "su USB",  # BATT+7
    "non ancora nota",  # BATT+8
    "circa %d giorno|circa %d giorni",  # BATT+9
)
