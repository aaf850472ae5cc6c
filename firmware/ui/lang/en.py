"""English. One string per id in text.py, same order."""
T = (
    'Menu',  # MENU
    'Record hand',  # RECORD
    'Record by cards',  # RECORD_CARDS
    'History',  # HISTORY
    'Undo last hand',  # UNDO
    'New match',  # NEW_MATCH
    'Next game',  # NEXT_GAME
    'Statistics',  # STATS
    'Settings',  # SETTINGS
    'to %d',  # TO_TARGET
    'won %d',  # WON_N
    'Who went out?',  # WHO_OUT
    'Void hand',  # VOID
    'Knock',  # KNOCK
    'Gin',  # GIN
    'Big Gin',  # BIG_GIN
    'Upcard',  # UPCARD
    'Upcard a spade?',  # SPADE_Q
    'No',  # NO
    'Yes',  # YES
    '%s deadwood',  # DEADWOOD_OF
    'after lay-offs',  # AFTER_LAYOFF
    'limit %d',  # LIMIT_N
    '%s wins!',  # RES_WINS
    '%s undercut!',  # RES_UNDERCUT
    '%s gin!',  # RES_GIN
    '%s Big Gin!',  # RES_BIG_GIN
    'Nobody scores',  # RES_VOID
    'spade: doubled',  # DOUBLED
    'OK save',  # OK_SAVE
    'Back fix',  # BACK_FIX
    'Saved',  # SAVED
    'Not saved!',  # NOT_SAVED
    'Knock above limit',  # ERR_LIMIT
    '%d is more than %d',  # ERR_LIMIT2
    'No 10 cards have',  # ERR_DW
    '%d deadwood',  # ERR_DW2
    'Card used twice',  # ERR_DUP
    'Not possible',  # ERR_TITLE
    'No hands yet',  # NO_HANDS
    'Hand %d',  # HAND_N
    'Edit',  # EDIT
    'Delete',  # DELETE
    'Undone',  # UNDONE
    'Deleted',  # DELETED
    'Game over',  # GAME_OVER
    '%s wins',  # WINS
    'Game',  # B_GAME
    'Hands won',  # B_BOXES
    'Shutout',  # B_SHUTOUT
    'Shutout x2',  # B_DOUBLE
    'Final',  # FINAL
    'Player %d',  # PLAYER_N
    'New name',  # NEW_NAME
    'OK done',  # NAME_DONE
    'Rules',  # RULES
    'Target',  # TARGET
    'Hollywood',  # HOLLYWOOD
    'On',  # ON
    'Off',  # OFF
    'First dealer',  # FIRST_DEALER
    'Finnish',  # P_FINNISH
    'Italian',  # P_ITALIAN
    'Brazilian',  # P_BRAZILIAN
    'Oklahoma',  # P_OKLAHOMA
    'Modern',  # P_MODERN
    'Language',  # LANGUAGE
    'Contrast',  # CONTRAST
    'Dim after',  # DIM_AFTER
    'Sleep after',  # SLEEP_AFTER
    '%d s',  # SECONDS
    '%d min',  # MINUTES
    'Button test',  # BUTTON_TEST
    'Move clock',  # MOVE_TIMER
    'Version',  # VERSION
    'Rule amounts',  # RULE_SETTINGS
    'Hold OK 2 s',  # HOLD_OK
    'Hold Up 2 s',  # HOLD_UP
    'Undo from menu',  # CAN_UNDO
    'Undo change',  # UNDO_CHANGE
    'Battery low',  # BATTERY_LOW
    'Press the keys',  # PRESS_KEYS
    'Limit by upcard',  # F_LIMIT_MODE
    'Knock limit',  # F_KNOCK_LIMIT
    'Ace: gin only',  # F_ACE_GIN
    'Spade doubles',  # F_SPADE
    '...and boxes',  # F_SPADE_BOX
    'Gin bonus',  # F_GIN
    'Big Gin played',  # F_BIG_GIN
    'Big Gin bonus',  # F_BIG_GIN_BONUS
    'Lay off on gin',  # F_LAYOFF_GIN
    'Tie is undercut',  # F_TIE
    'Undercut needs dw',  # F_UNDER_DW
    'Undercut bonus',  # F_UNDERCUT
    'Undercut 0 = gin',  # F_UNDER_ZERO
    'Knock bonus',  # F_KNOCK_BONUS
    'Target',  # F_TARGET
    'Game bonus',  # F_GAME_BONUS
    'Box bonus',  # F_BOX
    'Boxes at end',  # F_BOX_END
    'Shutout',  # F_SHUTOUT
    'Shutout bonus',  # F_SHUTOUT_BONUS
    'Winner deals',  # F_WINNER_DEALS
    'Hollywood',  # F_HOLLYWOOD
    'None',  # SH_NONE
    'Bonus',  # SH_FLAT
    'Double',  # SH_DOUBLE
    'Games %d/%d',  # ST_GAMES
    'Hands won %d',  # ST_HANDS
    'Knocks %d',  # ST_KNOCKS
    'Gins %d',  # ST_GINS
    'Big Gins %d',  # ST_BIG_GINS
    'Undercuts %d',  # ST_UNDER_GIVEN
    'Undercut by %d',  # ST_UNDER_GOT
    'Avg win %d',  # ST_AVERAGE
    'No games yet',  # NO_STATS
    'Melds',  # MELDS
    'Lay-offs',  # LAYOFFS
    'off',  # OFF_SHORT
    "Undercut",  # UNDERCUT_N
    "Hands",  # HAND_SHORT
    "Delete hand %d?",  # DELETE_Q
    "Memory full",  # MEMORY_FULL
    "Nothing was changed",  # NOT_SAVED_WHY
    "Start a new match?",  # NEW_MATCH_Q
    "Old one can be undone",  # OLD_KEPT
    "Clear statistics",  # CLEAR_STATS
    "Clear all statistics?",  # CLEAR_STATS_Q
    "Cleared",  # CLEARED
    "press",  # K_PRESS
    "long",  # K_LONG
    "repeat",  # K_REPEAT
    "release",  # K_RELEASE
    "Note",  # NOTE
    "Insert before",  # INSERT
    "Export old matches",  # FREE_UP
    "From the next game",  # RULES_NEXT_GAME
    "this game goes on",  # GAME_GOES_ON
    "Show cards",  # SHOW_CARDS
    "Not all 11 cards meld",  # NOT_BIG_GIN
    "Two different names",  # SAME_NAME
    "A later hand would break",  # ERR_LATER
    "A gin has no deadwood",  # ERR_GIN_DW
    "this one has %d",  # ERR_HAS_N
    "Big Gin not played",  # ERR_NO_BIG_GIN
    "best: %d deadwood",  # ERR_BEST_DW
    "Give the upcard",  # ERR_NEED_UPCARD
    "%d cards, not %d",  # ERR_COUNT
    "Not a card",  # ERR_CARD
    "Memory read error %s: games may be missing",  # PR_READ
    "Saved match is from newer firmware: set aside",  # PR_MATCH_NEWER
    "Saved match damaged: set aside, start a new one",  # PR_MATCH_DAMAGED
    "Saved hands are from newer firmware: set aside",  # PR_HANDS_NEWER
    "Saved hands damaged: set aside; match back to last checkpoint",  # PR_HANDS_DAMAGED
    "Hands without their match set aside",  # PR_ORPHANS
    "Last save cut off: %d hand recovered|Last save cut off: %d hands recovered",  # PR_CUT_OFF
    "Damaged hands set aside: %d hand recovered|Damaged hands set aside: %d hands recovered",  # PR_SOME_DAMAGED
    "Old match %d is from newer firmware: set aside",  # PR_OLD_NEWER
    "Old match %d damaged: set aside",  # PR_OLD_DAMAGED
    "Statistics from newer firmware: set aside",  # PR_STATS_NEWER
    "Statistics damaged: they start again",  # PR_STATS_DAMAGED
    "Saved data had a problem",  # PR_OTHER
    "Memory error",  # MEM_ERROR
    "Hands after hand %d are missing: the match resumes there",  # PR_JOURNAL_MISSING
    "Memory full: export to a PC, then delete old matches in Settings",  # PR_FULL
    "Match %d is over and kept: start a new match",  # PR_CLOSED
    "The memory cannot be read: nothing is saved until a restart. Export it with a PC.",  # LOCK_READ_W
    "This match is over and kept. Start a new match in the menu.",  # LOCK_CLOSED_W
    "Memory full or failing: this match cannot be saved. Export, then delete old matches.",  # LOCK_UNSAVED_W
    "No room for more hands by cards: enter this one by numbers.",  # CARDS_FULL
    "The hand is saved. The new rules are not saved yet: they will be with the next hand.",  # LATER_RULES_W
    "Delete old matches",  # DELETE_OLD
    "%d finished match goes. Export it first!|%d finished matches go. Export them first!",  # DELETE_OLD_Q
    "%d deleted|%d deleted",  # DELETED_N
    "then delete them",  # FREE_UP2
    "No old matches",  # NONE_TO_DELETE
    "Put the hand back",  # REDO
    "It can be put back",  # CAN_REDO
    "Put back",  # REDONE
    "Game %d",  # GAME_N
    "Round %d",  # ROUND_N
    "Games %d-%d, %d-%d",  # STANDING
    "D",  # DEALER_MARK
    'Club night',  # CLUB_NIGHT
    'End club night',  # END_CLUB
    'End the evening now?',  # END_CLUB_Q
    'It is kept as it is',  # CLUB_KEPT
    'Forfeit on the clock',  # FORFEIT
    'Who ran out of time?',  # WHO_RAN_OUT
    '%s ran out of time',  # RAN_OUT
    'Players',  # PLAYERS
    'Done: %d players',  # PLAYERS_DONE
    'A club night takes 3 to 16 players.',  # PLAYERS_RANGE
    'Format',  # FORMAT
    'Round robin',  # FMT_ROUND_ROBIN
    'Knockout',  # FMT_KNOCKOUT
    'Swiss',  # FMT_SWISS
    'Each pairing',  # PAIRING_GAMES
    '1 game',  # ONE_GAME
    'Best of %d',  # BEST_OF
    'Pot',  # POT
    '0: no pot',  # NO_POT
    'Round %d/%d',  # ROUND_OF
    'Final',  # R_FINAL
    'Semi-finals',  # R_SEMI
    'Quarter-finals',  # R_QUARTER
    '%d open',  # N_OPEN
    'playing',  # PLAYING
    '%s: bye',  # BYE_ROW
    'w/o',  # WO_SHORT
    'clock',  # FF_SHORT
    'Walkover...',  # WALKOVER_ROW
    'Walkover',  # WALKOVER
    'Who did not come?',  # WHO_ABSENT
    '%s did not come',  # ABSENT
    'is under way: finish it, or forfeit it on the clock.',  # UNDER_WAY
    'Standings',  # STANDINGS
    'won +/-',  # ST_COLS
    'Champion: %s',  # CHAMPION
    'Pot %s',  # POT_OF
    'OK: close the evening',  # CLOSE_EVENING
    'This pairing is over and counted. The next one: Club night in the menu.',  # LOCK_PAIRED_W
    'Club night is from newer firmware: set aside',  # PR_CLUB_NEWER
    'Club night damaged: set aside',  # PR_CLUB_DAMAGED
    'Old club night %d is from newer firmware: set aside',  # PR_OLD_CLUB_NEWER
    'Old club night %d damaged: set aside',  # PR_OLD_CLUB_DAMAGED
    'Start the evening',  # START_EVENING
    'Seeds',  # SEEDS
    'as ticked',  # SEED_TICKED
    'by statistics',  # SEED_STATS
    'Ties',  # TIEBREAKS
    'H2H',  # TB_H2H
    'net',  # TB_NET
    'hands',  # TB_HANDS
    'seed order',  # TB_NONE
    'Pot split',  # SPLIT
    'Walkover',  # WO_POINTS
    'target pts',  # AW_TARGET
    'games only',  # AW_GAME
    'as played',  # AW_SHEET
    'Rounds',  # ROUNDS
    'Take back a result',  # TAKE_BACK
    'It is open again',  # TAKE_BACK_Q
    '%d old match deleted|%d old matches deleted',  # OLD_GONE_N
    'Saved match not found: a new match is started',  # PR_MATCH_MISSING
    'Saved match damaged: set aside, it resumes after hand %d',  # PR_MATCH_EARLIER
    'Hold OK: done',  # NAME_HINT
    'Done: hold Down, OK',  # NAME_HINT3
    'Game %d: %s won',  # GAME_WON
    'Brazilian: 11 to %s',  # BR_DEAL
    'Done: 1 player',  # PLAYERS_DONE_1
    'Not the Italian text',  # NOT_TEXT
    'Below 8 players the Italian text gives the whole pot to the first place.',  # NOT_TEXT_W
    'Result from a table...',  # TABLE_ROW
    'Winner > loser',  # WIN_LOSE
    'Games won',  # GAMES_WON
    'Points: %s',  # PTS_OF
    'entered',  # ENTERED_SHORT
    'entered (no sheet)',  # ENTERED_LONG
    '%d entered (no sheet)',  # ENTERED_N
    'Tables',  # TABLES
    '0: this device',  # THIS_DEVICE
    'Table %d',  # TABLE_N
    'Pairing %s',  # REF_IS
    'Free tables: %s',  # FREE_TABLES
    'No table is free',  # NO_FREE
    'T%d',  # T_SHORT
    'Club pairing',  # CLUB_PAIRING
    'Evening',  # EVENING_NO
    'Pairing',  # PAIRING_NO
    'Check letter',  # CHECK_LETTER
    'The letter does not match: check the numbers.',  # MISTYPED
    'Result slip',  # RESULT_SLIP
    '%s (lost) confirms',  # LOSER_OK
    'Confirmed: tell the organiser',  # SLIP_DONE
    'w/o?',  # WO_DUE
    'Phones',  # PHONES
    'Phones off',  # PHONES_OFF
    'Join the Wi-Fi',  # JOIN_WIFI
    'Open the page',  # OPEN_PAGE
    'Joining Wi-Fi',  # JOINING
    'Wi-Fi not joined',  # NOT_JOINED
    'Phones could not start',  # PHONES_FAILED
    'Password',  # PASSWORD
    'Too long for this screen',  # TOO_LONG_QR
    'no device',  # TBL_NONE
    'asks, code %s',  # TBL_ASKS
    'not heard',  # TBL_QUIET
    'late',  # TBL_LATE
    'Accept this device?',  # ACCEPT_Q
    'Release the table?',  # RELEASE_Q
    'Join club night',  # JOIN_CLUB
    'Table number',  # TABLE_NO
    'Code %s: organiser OK',  # JOIN_CODE
    'Table held elsewhere',  # TBL_HELD
    'Joined',  # TBL_JOINED
    'Result received',  # RES_SENT
    '%s to move',  # CLOCK
    'Tap: start',  # CLOCK+1
    'Tap: pass',  # CLOCK+2
    'Hold OK: enter the hand',  # CLOCK+3
    '%s loses the game',  # CLOCK+4
    '%s loses the pairing',  # CLOCK+5
    'club nights',  # CLOCK+6
    'every match',  # CLOCK+7
    'Seconds a move',  # CLOCK+8
    'Out of time',  # CLOCK+9
    'game',  # CLOCK+10
    'pairing',  # CLOCK+11
    'Leave club night',  # LEAVE
    'Stop reporting?',  # LEAVE+1
    'Its result is not sent yet',  # LEAVE+2
    'Joined: %d',  # LEAVE+3
    'No club key here',  # LEAVE+4
    "Another club's key",  # LEAVE+5
    "The club night's %d match stays.|The club night's %d matches stay.",  # TONIGHT
    "Own Wi-Fi: 6 tables",  # TONIGHT+1
    "Its own Wi-Fi takes 8 devices: up to 6 tables and 2 phones.",  # TONIGHT+2
    "More: save a club Wi-Fi (gin deploy --wifi).",  # TONIGHT+3
    'OK: next, hold: done',  # DIGITS
    'OK: next digit',  # DIGITS+1
    'OK: done',  # DIGITS+2
    '▲▼ 1, held 10. OK: done',  # DIGITS+3
    '▲▼ 1, held 10',  # DIGITS+4
    '▲▼ 1, held 4. OK: take',  # DIGITS+5
    'OK: take the card',  # DIGITS+6
    "Statistics unreadable and memory full: no copy kept, they start again",  # PR_STATS_KEPT
    "%d saved hand lost|%d saved hands lost",  # PR_HANDS_LOST
    'Saving...',  # SAVING
    'Battery',  # BATT
    'Left',  # BATT+1
    'about %d hour|about %d hours',  # BATT+2
    'about %d minute|about %d minutes',  # BATT+3
    'The match is saved.',  # BATT+4
    'Charge or change it.',  # BATT+5
    'Finish what you are entering to keep it.',  # BATT+6
    'on USB',  # BATT+7
    'not known yet',  # BATT+8
    'about %d day|about %d days',  # BATT+9
)
