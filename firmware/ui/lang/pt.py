"""Portuguese. One string per id in text.py, same order."""
T = (
    "Menu",  # MENU
    "Anotar mão",  # RECORD
    "Anotar cartas",  # RECORD_CARDS
    "Histórico",  # HISTORY
    "Desfazer mão",  # UNDO
    "Nova partida",  # NEW_MATCH
    "Próximo jogo",  # NEXT_GAME
    "Estatísticas",  # STATS
    "Ajustes",  # SETTINGS
    "até %d",  # TO_TARGET
    "ganhou %d",  # WON_N
    "Quem bateu?",  # WHO_OUT
    "Mão nula",  # VOID
    "Batida",  # KNOCK
    "Gin",  # GIN
    "Big Gin",  # BIG_GIN
    "Carta aberta",  # UPCARD
    "Era de espadas?",  # SPADE_Q
    "Não",  # NO
    "Sim",  # YES
    "%s: pontos",  # DEADWOOD_OF
    "após encaixes",  # AFTER_LAYOFF
    "limite %d",  # LIMIT_N
    "%s vence!",  # RES_WINS
    "%s rebateu!",  # RES_UNDERCUT
    "%s fez gin!",  # RES_GIN
    "%s: Big Gin!",  # RES_BIG_GIN
    "Sem pontos",  # RES_VOID
    "espadas: dobro",  # DOUBLED
    "OK salvar",  # OK_SAVE
    "Back corrigir",  # BACK_FIX
    "Salvo",  # SAVED
    "Não salvo!",  # NOT_SAVED
    "Limite excedido",  # ERR_LIMIT
    "%d é mais que %d",  # ERR_LIMIT2
    "Nenhuma mão de 10",  # ERR_DW
    "tem %d pontos",  # ERR_DW2
    "Carta repetida",  # ERR_DUP
    "Impossível",  # ERR_TITLE
    "Nenhuma mão",  # NO_HANDS
    "Mão %d",  # HAND_N
    "Editar",  # EDIT
    "Apagar",  # DELETE
    "Desfeito",  # UNDONE
    "Apagado",  # DELETED
    "Fim de jogo",  # GAME_OVER
    "%s venceu",  # WINS
    "Jogo",  # B_GAME
    "Mãos ganhas",  # B_BOXES
    "Capote",  # B_SHUTOUT
    "Capote x2",  # B_DOUBLE
    "Final",  # FINAL
    "Jogador %d",  # PLAYER_N
    "Novo nome",  # NEW_NAME
    "OK pronto",  # NAME_DONE
    "Regras",  # RULES
    "Meta",  # TARGET
    "Hollywood",  # HOLLYWOOD
    "Sim",  # ON
    "Não",  # OFF
    "Primeiro a dar",  # FIRST_DEALER
    "Finlandesa",  # P_FINNISH
    "Italiana",  # P_ITALIAN
    "Brasileira",  # P_BRAZILIAN
    "Oklahoma",  # P_OKLAHOMA
    "Moderna",  # P_MODERN
    "Idioma",  # LANGUAGE
    "Contraste",  # CONTRAST
    "Escurecer após",  # DIM_AFTER
    "Desligar após",  # SLEEP_AFTER
    "%d s",  # SECONDS
    "%d min",  # MINUTES
    "Testar botões",  # BUTTON_TEST
    "Tempo por jogada",  # MOVE_TIMER
    "Versão",  # VERSION
    "Valores das regras",  # RULE_SETTINGS
    "Segure OK 2 s",  # HOLD_OK
    "Segure Up 2 s",  # HOLD_UP
    "Desfazer no menu",  # CAN_UNDO
    "Desfazer ajuste",  # UNDO_CHANGE
    "Bateria fraca",  # BATTERY_LOW
    "Aperte os botões",  # PRESS_KEYS
    "Limite pela carta",  # F_LIMIT_MODE
    "Limite de batida",  # F_KNOCK_LIMIT
    "Ás: só gin",  # F_ACE_GIN
    "Espadas dobra",  # F_SPADE
    "...e os bônus",  # F_SPADE_BOX
    "Prêmio gin",  # F_GIN
    "Big Gin vale",  # F_BIG_GIN
    "Prêmio Big Gin",  # F_BIG_GIN_BONUS
    "Encaixe no gin",  # F_LAYOFF_GIN
    "Empate rebate",  # F_TIE
    "Rebatida c/ pontos",  # F_UNDER_DW
    "Prêmio rebatida",  # F_UNDERCUT
    "Rebatida 0 = gin",  # F_UNDER_ZERO
    "Prêmio batida",  # F_KNOCK_BONUS
    "Meta",  # F_TARGET
    "Prêmio do jogo",  # F_GAME_BONUS
    "Prêmio por mão",  # F_BOX
    "Mãos no fim",  # F_BOX_END
    "Capote",  # F_SHUTOUT
    "Prêmio capote",  # F_SHUTOUT_BONUS
    "Vencedor dá",  # F_WINNER_DEALS
    "Hollywood",  # F_HOLLYWOOD
    "Não",  # SH_NONE
    "Prêmio",  # SH_FLAT
    "Dobro",  # SH_DOUBLE
    "Jogos %d/%d",  # ST_GAMES
    "Mãos ganhas %d",  # ST_HANDS
    "Batidas %d",  # ST_KNOCKS
    "Gins %d",  # ST_GINS
    "Big Gins %d",  # ST_BIG_GINS
    "Rebatidas %d",  # ST_UNDER_GIVEN
    "Rebatido %d",  # ST_UNDER_GOT
    "Média %d",  # ST_AVERAGE
    "Nenhum jogo",  # NO_STATS
    "Jogos",  # MELDS
    "Encaixes",  # LAYOFFS
    "não",  # OFF_SHORT
    "Rebatida",  # UNDERCUT_N
    "Mãos",  # HAND_SHORT
    "Apagar mão %d?",  # DELETE_Q
    "Memória cheia",  # MEMORY_FULL
    "Nada foi alterado",  # NOT_SAVED_WHY
    "Começar nova partida?",  # NEW_MATCH_Q
    "Dá para desfazer",  # OLD_KEPT
    "Zerar estatísticas",  # CLEAR_STATS
    "Zerar tudo?",  # CLEAR_STATS_Q
    "Zerado",  # CLEARED
    "aperto",  # K_PRESS
    "longo",  # K_LONG
    "repete",  # K_REPEAT
    "solto",  # K_RELEASE
    "Aviso",  # NOTE
    "Inserir antes",  # INSERT
    "Exporte as partidas",  # FREE_UP
    "No próximo jogo",  # RULES_NEXT_GAME
    "este jogo segue",  # GAME_GOES_ON
    "Ver cartas",  # SHOW_CARDS
    "Nem todas as 11 casam",  # NOT_BIG_GIN
    "Dois nomes diferentes",  # SAME_NAME
    "Uma mão seguinte quebra",  # ERR_LATER
    "Gin não tem pontos",  # ERR_GIN_DW
    "aqui tem %d",  # ERR_HAS_N
    "Big Gin não vale",  # ERR_NO_BIG_GIN
    "melhor: %d pontos",  # ERR_BEST_DW
    "Falta a carta aberta",  # ERR_NEED_UPCARD
    "%d cartas, não %d",  # ERR_COUNT
    "Não é uma carta",  # ERR_CARD
    "Erro de leitura %s: jogos podem faltar",  # PR_READ
    "Partida salva por firmware mais novo: posta de lado",  # PR_MATCH_NEWER
    "Partida salva danificada: posta de lado, comece outra",  # PR_MATCH_DAMAGED
    "Mãos salvas por firmware mais novo: postas de lado",  # PR_HANDS_NEWER
    "Mãos salvas danificadas: postas de lado; partida do último ponto salvo",  # PR_HANDS_DAMAGED
    "Mãos sem partida postas de lado",  # PR_ORPHANS
    "Último salvamento cortado: %d mão recuperada|Último salvamento cortado: %d mãos recuperadas",  # PR_CUT_OFF
    "Mãos danificadas postas de lado: %d mão recuperada|Mãos danificadas postas de lado: %d mãos recuperadas",  # PR_SOME_DAMAGED
    "Partida antiga %d de firmware mais novo: de lado",  # PR_OLD_NEWER
    "Partida antiga %d danificada: de lado",  # PR_OLD_DAMAGED
    "Estatísticas de firmware mais novo: de lado",  # PR_STATS_NEWER
    "Estatísticas danificadas: começam de novo",  # PR_STATS_DAMAGED
    "Problema nos dados salvos",  # PR_OTHER
    "Erro de memória",  # MEM_ERROR
    "Faltam as mãos depois da mão %d: a partida continua dali",  # PR_JOURNAL_MISSING
    "Memória cheia: exporte para um PC e apague partidas antigas em Ajustes",  # PR_FULL
    "A partida %d acabou e está guardada: comece uma nova",  # PR_CLOSED
    "A memória não pode ser lida: nada é salvo até reiniciar. Exporte com um PC.",  # LOCK_READ_W
    "Esta partida acabou e está guardada. Comece uma nova no menu.",  # LOCK_CLOSED_W
    "Memória cheia ou com falha: a partida não pode ser salva. Exporte e apague partidas antigas.",  # LOCK_UNSAVED_W
    "Sem espaço para mais mãos por cartas: entre esta por números.",  # CARDS_FULL
    "A mão foi salva. As novas regras ainda não: serão salvas com a próxima mão.",  # LATER_RULES_W
    "Apagar antigas",  # DELETE_OLD
    "Sai %d partida terminada. Exporte antes!|Saem %d partidas terminadas. Exporte antes!",  # DELETE_OLD_Q
    "%d apagada|%d apagadas",  # DELETED_N
    "e depois apague-as",  # FREE_UP2
    "Nenhuma partida antiga",  # NONE_TO_DELETE
    "Repor a mão",  # REDO
    "Pode ser reposta",  # CAN_REDO
    "Reposta",  # REDONE
    "Jogo %d",  # GAME_N
    "Rodada %d",  # ROUND_N
    "Jogos %d-%d, %d-%d",  # STANDING
    "C",  # DEALER_MARK
    'Torneio do clube',  # CLUB_NIGHT
    'Encerrar o torneio',  # END_CLUB
    'Encerrar o torneio agora?',  # END_CLUB_Q
    'Ele fica guardado assim',  # CLUB_KEPT
    'Derrota por tempo',  # FORFEIT
    'Quem ficou sem tempo?',  # WHO_RAN_OUT
    '%s ficou sem tempo',  # RAN_OUT
    'Jogadores',  # PLAYERS
    'Pronto: %d jogadores',  # PLAYERS_DONE
    'Um torneio do clube pede de 3 a 16 jogadores.',  # PLAYERS_RANGE
    'Formato',  # FORMAT
    'Todos contra todos',  # FMT_ROUND_ROBIN
    'Mata-mata',  # FMT_KNOCKOUT
    'Sistema suíço',  # FMT_SWISS
    'Cada partida',  # PAIRING_GAMES
    '1 jogo',  # ONE_GAME
    'Melhor de %d',  # BEST_OF
    'Prêmio',  # POT
    '0: sem prêmio',  # NO_POT
    'Rodada %d/%d',  # ROUND_OF
    'Final',  # R_FINAL
    'Semifinais',  # R_SEMI
    'Quartas',  # R_QUARTER
    '%d abertas',  # N_OPEN
    'jogando',  # PLAYING
    '%s: folga',  # BYE_ROW
    'W.O.',  # WO_SHORT
    'tempo',  # FF_SHORT
    'Vitória por W.O....',  # WALKOVER_ROW
    'Vitória por W.O.',  # WALKOVER
    'Quem não veio?',  # WHO_ABSENT
    '%s não veio',  # ABSENT
    'está em andamento: terminem-na ou marquem derrota por tempo.',  # UNDER_WAY
    'Classificação',  # STANDINGS
    'vit. +/-',  # ST_COLS
    'Campeão: %s',  # CHAMPION
    'Prêmio %s',  # POT_OF
    'OK: encerrar o torneio',  # CLOSE_EVENING
    'Esta partida acabou e foi contada. A próxima: Torneio do clube no menu.',  # LOCK_PAIRED_W
    'Torneio do clube de firmware mais novo: posto de lado',  # PR_CLUB_NEWER
    'Torneio do clube danificado: posto de lado',  # PR_CLUB_DAMAGED
    'Torneio antigo %d de firmware mais novo: de lado',  # PR_OLD_CLUB_NEWER
    'Torneio antigo %d danificado: de lado',  # PR_OLD_CLUB_DAMAGED
    'Começar a noite',  # START_EVENING
    'Cabeças',  # SEEDS
    'como marcados',  # SEED_TICKED
    'estatísticas',  # SEED_STATS
    'Empate',  # TIEBREAKS
    'confr.',  # TB_H2H
    'saldo',  # TB_NET
    'mãos',  # TB_HANDS
    'cabeças',  # TB_NONE
    'Divisão',  # SPLIT
    'W.O.',  # WO_POINTS
    'pontos alvo',  # AW_TARGET
    'só partidas',  # AW_GAME
    'como jogado',  # AW_SHEET
    'Rodadas',  # ROUNDS
    'Desfazer um resultado',  # TAKE_BACK
    'Volta a ficar aberto',  # TAKE_BACK_Q
    '%d antiga apagada|%d antigas apagadas',  # OLD_GONE_N
    'Partida salva não encontrada: começa uma nova',  # PR_MATCH_MISSING
    'Partida salva danificada: posta de lado, continua após a mão %d',  # PR_MATCH_EARLIER
    'Segure OK: pronto',  # NAME_HINT
    'Pronto: segure Down, OK',  # NAME_HINT3
    'Jogo %d: %s venceu',  # GAME_WON
    'Brasileira: 11 p/ %s',  # BR_DEAL
    "Pronto: 1 jogador",  # PLAYERS_DONE_1
    "Não é o texto italiano",  # NOT_TEXT
    "Com menos de 8 jogadores o texto italiano dá todo o prêmio ao primeiro.",  # NOT_TEXT_W
    "Resultado de mesa...",  # TABLE_ROW
    "Vencedor > perdedor",  # WIN_LOSE
    "Jogos vencidos",  # GAMES_WON
    "Pontos: %s",  # PTS_OF
    "inserido",  # ENTERED_SHORT
    "inserido (sem súmula)",  # ENTERED_LONG
    "%d inseridos (sem súmula)",  # ENTERED_N
    "Mesas",  # TABLES
    "0: este",  # THIS_DEVICE
    "Mesa %d",  # TABLE_N
    "Partida %s",  # REF_IS
    "Mesas livres: %s",  # FREE_TABLES
    "Nenhuma mesa livre",  # NO_FREE
    "M%d",  # T_SHORT
    "Partida do clube",  # CLUB_PAIRING
    "Noite",  # EVENING_NO
    "Partida",  # PAIRING_NO
    "Letra de controle",  # CHECK_LETTER
    "A letra não confere: confira os números.",  # MISTYPED
    "Súmula",  # RESULT_SLIP
    "%s (perdeu) confirma",  # LOSER_OK
    "Confirmado: avise o organizador",  # SLIP_DONE
    "W.O.?",  # WO_DUE
    "Celulares",  # PHONES
    "Desligar celulares",  # PHONES_OFF
    "Entrar no Wi-Fi",  # JOIN_WIFI
    "Abrir a página",  # OPEN_PAGE
    "Conectando ao Wi-Fi",  # JOINING
    "Wi-Fi não conectado",  # NOT_JOINED
    "Celulares não iniciaram",  # PHONES_FAILED
    "Senha",  # PASSWORD
    "Longo demais para a tela",  # TOO_LONG_QR
    "sem aparelho",  # TBL_NONE
    "pede, código %s",  # TBL_ASKS
    "sem notícias",  # TBL_QUIET
    "atrasada",  # TBL_LATE
    "Aceitar o aparelho?",  # ACCEPT_Q
    "Liberar a mesa?",  # RELEASE_Q
    "Entrar na noite",  # JOIN_CLUB
    "Número da mesa",  # TABLE_NO
    "Código %s: OK organiz.",  # JOIN_CODE
    "Mesa já ocupada",  # TBL_HELD
    "Conectado",  # TBL_JOINED
    "Resultado recebido",  # RES_SENT
    "Vez de %s",  # CLOCK
    "Toque: começa",  # CLOCK+1
    "Toque: passa",  # CLOCK+2
    "Segure OK: anotar",  # CLOCK+3
    "%s perde a partida",  # CLOCK+4
    "%s perde o confronto",  # CLOCK+5
    "noites de clube",  # CLOCK+6
    "sempre",  # CLOCK+7
    "Segundos por jogada",  # CLOCK+8
    "Sem tempo",  # CLOCK+9
    "partida",  # CLOCK+10
    "confronto",  # CLOCK+11
    "Sair da noite",  # LEAVE
    "Parar de enviar?",  # LEAVE+1
    "O resultado ainda não foi enviado",  # LEAVE+2
    "Na rede: %d",  # LEAVE+3
    "Sem chave do clube",  # LEAVE+4
    "Chave de outro clube",  # LEAVE+5
    "Fica %d partida do torneio.|Ficam as %d partidas do torneio.",  # TONIGHT
    "Wi-Fi próprio: 6 mesas",  # TONIGHT+1
    "O seu Wi-Fi aceita 8 aparelhos: até 6 mesas e 2 telefones.",  # TONIGHT+2
    "Mais: um Wi-Fi do clube (gin deploy --wifi).",  # TONIGHT+3
    "OK: próx., segure: fim",  # DIGITS
    "OK: próximo dígito",  # DIGITS+1
    "OK: concluir",  # DIGITS+2
    "▲▼ 1, segure 10. OK: fim",  # DIGITS+3
    "▲▼ 1, segure 10",  # DIGITS+4
    "▲▼ 1, segure 4. OK: pegar",  # DIGITS+5
    "OK: pegar a carta",  # DIGITS+6
    "Estatísticas ilegíveis e memória cheia: sem cópia, começam de novo",  # PR_STATS_KEPT
    "%d mão salva perdida|%d mãos salvas perdidas",  # PR_HANDS_LOST
    "Salvando...",  # SAVING
    "Bateria",  # BATT
    "Resta",  # BATT+1
    "cerca de %d hora|umas %d horas",  # BATT+2
    "cerca de %d minuto|uns %d minutos",  # BATT+3
    "A partida está salva.",  # BATT+4
    "Carregue ou troque.",  # BATT+5
    "Confirme o que está digitando para guardar.",  # BATT+6
    "ligado no USB",  # BATT+7
    "ainda não se sabe",  # BATT+8
    "cerca de %d dia|uns %d dias",  # BATT+9
)
