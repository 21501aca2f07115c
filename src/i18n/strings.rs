//! The table of strings a language fills in, and how its templates are filled.

use serde::Serialize;
use std::fmt::Display;

/// `template` with each `{name}` replaced by its value.
pub fn fill(template: &str, args: &[(&str, &dyn Display)]) -> String {
    let mut out = template.to_owned();
    for (name, value) in args {
        out = out.replace(&format!("{{{name}}}"), &value.to_string());
    }
    out
}

/// Every string of the interface in one language. Templates name their placeholders in the
/// field's doc comment.
#[derive(Debug, Serialize)]
pub struct Strings {
    pub sente: &'static str,
    pub gote: &'static str,
    /// The handicap stands: 上手 and 下手.
    pub giver: &'static str,
    pub receiver: &'static str,

    // The position editor.
    pub edit_position: &'static str,
    pub editor_hint: &'static str,
    pub editor_box: &'static str,
    pub editor_to_move: &'static str,
    pub editor_clear: &'static str,
    pub editor_reset: &'static str,
    pub editor_handicap: &'static str,
    pub editor_play_as_sente: &'static str,
    pub editor_play_as_gote: &'static str,
    pub editor_copy_sfen: &'static str,
    pub editor_save: &'static str,
    pub editor_close: &'static str,
    pub editor_playable: &'static str,
    pub editor_not_playable: &'static str,
    pub editor_refused: &'static str,
    pub editor_sfen_copied: &'static str,
    /// {side}: whose hand.
    pub editor_hand: &'static str,

    // Why a move is illegal. {square}, {attacker}: squares; {piece}: a piece's name;
    // {file}: a file's number.
    pub illegal_no_piece: &'static str,
    pub illegal_not_your_piece: &'static str,
    pub illegal_own_piece_there: &'static str,
    pub illegal_wrong_way: &'static str,
    pub illegal_path_blocked: &'static str,
    pub illegal_cannot_promote: &'static str,
    pub illegal_outside_zone: &'static str,
    pub illegal_must_promote: &'static str,
    pub illegal_not_in_hand: &'static str,
    pub illegal_square_occupied: &'static str,
    pub illegal_dead_drop: &'static str,
    pub illegal_nifu: &'static str,
    /// Nifu stops a pawn on every file.
    pub illegal_nifu_every_file: &'static str,
    /// {files}: the files where nifu stops a pawn, more than one.
    pub illegal_nifu_files: &'static str,
    pub illegal_uchifuzume: &'static str,
    pub illegal_king_attacked: &'static str,
    pub illegal_in_check: &'static str,
    pub illegal_exposes_king: &'static str,
    /// {why}: one of the reasons above.
    pub illegal_move: &'static str,
    pub game_finished: &'static str,
    pub cannot_declare: &'static str,
    /// {square}: a square.
    pub opponents_piece: &'static str,
    pub opponents_hand: &'static str,

    // The box under the board a move is typed in.
    pub move_box_label: &'static str,
    pub move_box_hint: &'static str,
    /// Between the moves an answer lists.
    pub move_box_or: &'static str,
    pub move_box_unreadable: &'static str,
    pub move_box_no_previous: &'static str,
    /// {piece}, {square}.
    pub move_box_none_can_go: &'static str,
    /// {moves}: the moves the piece has to the square, which the words typed fit none of.
    pub move_box_none_fits: &'static str,
    /// {moves}: the moves the text could be.
    pub move_box_ambiguous: &'static str,
    /// {piece}, then {why}: one of the reasons above.
    pub nowhere_to_drop: &'static str,

    // Why a setup is not playable. {count}, {max}: numbers; {side}: Sente or Gote.
    pub setup_too_many: &'static str,
    pub setup_king_count: &'static str,
    pub setup_dead_piece: &'static str,
    pub setup_nifu: &'static str,
    pub setup_opponent_in_check: &'static str,

    // The review, and help during play.
    pub review_this_game: &'static str,
    pub review_tip: &'static str,
    pub review_heading: &'static str,
    pub review_cancel: &'static str,
    pub review_close: &'static str,
    /// {done}, {total}: positions analysed and in the game.
    pub review_progress: &'static str,
    /// {done}, {total}: mistakes whose explanation the deep pass has checked, and all.
    pub review_deep_progress: &'static str,
    /// Beside an explanation the deep pass is still to check.
    pub review_checking: &'static str,
    pub review_checking_tip: &'static str,
    pub review_graph: &'static str,
    pub review_graph_tip: &'static str,
    pub review_accuracy: &'static str,
    pub review_accuracy_tip: &'static str,
    pub review_inaccuracy_tip: &'static str,
    pub review_mistake_tip: &'static str,
    pub review_blunder_tip: &'static str,
    pub review_mates: &'static str,
    pub review_mates_tip: &'static str,
    pub review_you: &'static str,
    pub review_ai: &'static str,
    pub verdict_best: &'static str,
    pub verdict_good: &'static str,
    pub verdict_inaccuracy: &'static str,
    pub verdict_mistake: &'static str,
    pub verdict_blunder: &'static str,
    /// {ply}: the move's number; {move}: the move; {verdict}: its verdict.
    pub review_move_heading: &'static str,
    /// {loss}: points of win chance lost.
    pub review_move_loss: &'static str,
    /// {plies}: the mate's length.
    pub review_missed_mate: &'static str,
    /// {plies}: the mate's length.
    pub review_allowed_mate: &'static str,
    /// {move}: the engine's move.
    pub review_best: &'static str,
    /// {moves}: the engine's best moves in the position before, with their scores.
    pub review_best_moves: &'static str,
    /// {plies}: a score that mates / is mated, after a best move.
    pub review_score_mate: &'static str,
    pub review_score_mated: &'static str,
    pub review_try_again: &'static str,
    pub review_try_again_tip: &'static str,
    pub review_next_mistake: &'static str,
    pub review_previous_mistake: &'static str,
    pub review_show_answer: &'static str,
    pub review_stop_trying: &'static str,
    pub review_try_prompt: &'static str,
    pub review_judging: &'static str,
    /// {move}: the move tried.
    pub review_try_good: &'static str,
    /// {move}: the move tried; {verdict}: its verdict; {why}: the reasons.
    pub review_try_not_good: &'static str,
    /// {move}: the engine's move.
    pub review_answer: &'static str,
    /// {ply}: the move's number.
    pub review_trying: &'static str,
    pub review_no_mistakes: &'static str,
    pub review_click_a_move: &'static str,
    pub review_not_judged_yet: &'static str,
    pub review_not_in_game: &'static str,
    pub review_start_position: &'static str,
    pub menu_help: &'static str,
    pub menu_ai: &'static str,
    /// The View menu: the board's and the pieces' look.
    pub menu_view: &'static str,
    pub view_board: &'static str,
    pub board_wood: &'static str,
    pub board_green: &'static str,
    pub view_pieces: &'static str,
    pub pieces_classic: &'static str,
    pub pieces_bold: &'static str,
    pub pieces_bold_tip: &'static str,
    pub hard_threads: &'static str,
    pub hard_threads_tip: &'static str,
    pub eval_bar: &'static str,
    pub eval_bar_tip: &'static str,
    /// {percent}: the bottom side's chance to win.
    pub eval_bar_value_tip: &'static str,

    // Live analysis (検討).
    pub menu_analyse: &'static str,
    pub analysis_heading: &'static str,
    pub analysis_start: &'static str,
    pub analysis_start_tip: &'static str,
    pub analysis_stop: &'static str,
    pub analysis_stop_tip: &'static str,
    pub analysis_close: &'static str,
    pub analysis_close_tip: &'static str,
    pub analysis_lines: &'static str,
    pub analysis_lines_tip: &'static str,
    pub analysis_engine: &'static str,
    pub analysis_engine_built_in: &'static str,
    pub analysis_engine_choose: &'static str,
    pub analysis_engine_choose_tip: &'static str,
    pub analysis_engine_choose_title: &'static str,
    pub analysis_thinking: &'static str,
    /// {nodes}: positions searched so far.
    pub analysis_thinking_nodes: &'static str,
    pub analysis_held: &'static str,
    pub analysis_stopped: &'static str,
    pub analysis_score_side: &'static str,
    /// {depth}: the search depth in plies.
    pub analysis_depth: &'static str,
    /// {side}: the side that mates; {plies}: in how many plies.
    pub analysis_mate: &'static str,
    /// {side}: the side that mates (the engine did not say in how many plies).
    pub analysis_mate_unknown: &'static str,
    /// {name}, {why}: the engine and why it failed (`usi_error`), as the engines' other
    /// failures are told.
    pub analysis_engine_failed: &'static str,
    pub analysis_over_mate: &'static str,
    pub analysis_over_no_move: &'static str,
    pub analysis_play_line: &'static str,
    pub analysis_play_line_tip: &'static str,

    // Variations (a study of a record, or of a copy of the game).
    pub menu_study: &'static str,
    pub menu_study_tip: &'static str,
    /// The Study entry's tip while it is off (a replay or the editor is shown).
    pub menu_study_off_tip: &'static str,
    /// {shown}, {last}: as `bar_replaying`.
    pub bar_studying: &'static str,
    /// {shown}, {last}: as `replaying_move`.
    pub studying_move: &'static str,
    pub study_started: &'static str,
    pub study_read_only: &'static str,
    pub study_left_lines: &'static str,
    /// {number}: the move whose alternatives are listed.
    pub branches_heading: &'static str,
    /// After a move in the list that has alternatives.
    pub branch_mark: &'static str,
    /// {move}: the main line's move, written.
    pub branch_main_line: &'static str,
    pub branch_follow_tip: &'static str,
    pub branch_keys: &'static str,
    pub branch_promote: &'static str,
    pub branch_promote_tip: &'static str,
    pub branch_delete: &'static str,
    pub branch_delete_tip: &'static str,
    pub stepped_hints: &'static str,
    pub stepped_hints_tip: &'static str,
    /// {piece}: a piece's name; {square}: its square.
    pub hint_piece: &'static str,
    /// {piece}: a piece's name.
    pub hint_drop: &'static str,

    // The toolbar.
    pub new_game: &'static str,
    pub new_game_tip: &'static str,
    pub undo: &'static str,
    pub undo_tip: &'static str,
    pub hint: &'static str,
    pub hint_tip: &'static str,
    pub resign: &'static str,
    pub declare: &'static str,
    pub flip: &'static str,
    pub flip_tip: &'static str,
    pub kanji: &'static str,
    pub kanji_tip: &'static str,
    pub letters: &'static str,
    pub letters_tip: &'static str,
    pub move_dots: &'static str,
    pub western: &'static str,
    pub western_tip: &'static str,
    pub japanese: &'static str,
    pub japanese_tip: &'static str,
    pub language_tip: &'static str,
    pub sound: &'static str,
    pub sound_tip: &'static str,

    // The Game menu.
    pub menu_game: &'static str,
    pub menu_new_game: &'static str,
    pub menu_edit_position: &'static str,
    /// {format}: a record format's name.
    pub menu_save_as: &'static str,
    pub format_usi: &'static str,
    pub menu_open: &'static str,
    pub menu_recent: &'static str,
    pub menu_copy_sfen: &'static str,
    pub menu_copy_kif: &'static str,
    pub menu_paste: &'static str,
    pub menu_paste_tip: &'static str,
    pub menu_results: &'static str,
    pub menu_quit: &'static str,
    pub menu_quit_tip: &'static str,

    // The status lines, the seats and the move list.
    /// {sente}, {gote}: the record's players.
    pub replay_of: &'static str,
    pub replay_unnamed: &'static str,
    /// {mark}: ☗ or ☖; {side}: the player's side; {level}: the AI's level.
    pub you_vs_ai: &'static str,
    /// {result}: how the game ended.
    pub record_ends: &'static str,
    /// {shown}, {last}: move numbers.
    pub replaying_move: &'static str,
    /// {ply}: a move number.
    pub looking_back_status: &'static str,
    /// A retried move's consequence: {line}, the engine's moves after it; {loss}: win
    /// chance lost, in percentage points.
    pub try_what_follows: &'static str,
    /// A move's loss of exactly one point of win chance (the plural has its own string).
    pub move_loss_one_point: &'static str,
    /// The same, once the game has ended.
    pub looking_back_over_status: &'static str,
    pub your_move: &'static str,
    pub ai_to_move: &'static str,
    pub check: &'static str,
    pub looking_for_hint: &'static str,
    /// {hint}: a move.
    pub hint_is: &'static str,
    pub ai_thinking: &'static str,
    /// {depth}: the search depth.
    pub ai_thinking_depth: &'static str,
    pub you_won: &'static str,
    pub you_lost: &'static str,
    pub draw: &'static str,
    /// {verdict}: won, lost or draw; {result}: how the game ended.
    pub game_over: &'static str,
    pub level_easy: &'static str,
    pub level_normal: &'static str,
    pub level_hard: &'static str,
    pub you: &'static str,
    /// {level}: the AI's level.
    pub ai_at_level: &'static str,
    pub moves_heading: &'static str,
    pub no_moves_yet: &'static str,
    pub show_position_after: &'static str,

    // Results.
    /// How a game ended. {winner}, {loser}: sides.
    pub wins: &'static str,
    pub result_checkmate: &'static str,
    pub result_no_legal_move: &'static str,
    pub result_resignation: &'static str,
    pub result_time_up: &'static str,
    pub result_perpetual_check: &'static str,
    pub result_sennichite: &'static str,
    /// {sente}, {gote}: points; {sente_side}, {gote_side}: the sides' names (下手 and 上手 in
    /// a handicap game); {verdict}: who wins, or a draw ([`Strings::result_jishogi`]).
    pub result_impasse: &'static str,
    pub result_draw: &'static str,
    /// The verdict of a count of points that draws: 持将棋.
    pub result_jishogi: &'static str,
    /// {limit}: the number of moves.
    pub result_move_limit: &'static str,
    /// {limit}, and the placeholders of [`Strings::result_impasse`].
    pub result_move_limit_points: &'static str,
    /// The move list's last line. {mark}: ☗ or ☖.
    pub end_resigns: &'static str,
    pub end_checkmate: &'static str,
    pub end_no_legal_move: &'static str,
    pub end_sennichite: &'static str,
    pub end_perpetual_check: &'static str,
    pub end_declares: &'static str,
    pub end_move_limit: &'static str,
    pub end_time_up: &'static str,

    // The step bar, the promotion prompt and the clocks.
    /// {last}, {shown}: move numbers.
    pub bar_move: &'static str,
    pub bar_looking_back: &'static str,
    pub bar_replaying: &'static str,
    pub bar_first: &'static str,
    pub bar_back: &'static str,
    pub bar_next: &'static str,
    pub bar_last: &'static str,
    pub bar_live_hint: &'static str,
    pub bar_back_to_game: &'static str,
    pub bar_play_on_as: &'static str,
    pub bar_play_sente: &'static str,
    pub bar_play_gote: &'static str,
    pub promote_question: &'static str,
    pub promote: &'static str,
    pub dont_promote: &'static str,
    /// The keys that answer the promotion prompt, shown under its question.
    pub promote_keys: &'static str,
    /// What a screen reader says of the board. A square: templates of {square}, {side}
    /// and {piece}, or {square} alone when it is empty.
    pub spoken_square: &'static str,
    pub spoken_empty_square: &'static str,
    /// A piece on a stand: {side}, {piece}, {count}.
    pub spoken_hand_piece: &'static str,
    /// A stand: {side} and {pieces} (the stand's pieces with their counts, joined by
    /// `review_list_comma`), or {side} alone when it is empty.
    pub spoken_stand: &'static str,
    pub spoken_empty_stand: &'static str,
    /// One kind on a stand in `spoken_stand`: {piece}, {count}.
    pub spoken_stand_entry: &'static str,
    /// The board as a whole, the group its squares belong to.
    pub spoken_board: &'static str,
    /// A move said aloud: {piece}, {from}, {to}; a drop: {piece}, {to}. `spoken_promotes`
    /// follows a promotion.
    pub spoken_move: &'static str,
    pub spoken_capture: &'static str,
    pub spoken_drop: &'static str,
    pub spoken_promotes: &'static str,
    /// The announcement of a move just played: {side}, {move}; `spoken_check` follows a check.
    pub spoken_played: &'static str,
    pub spoken_check: &'static str,
    /// A clock read out: {side}, {time}.
    pub spoken_clock: &'static str,
    /// A move of the list read out with the review's verdict on it: {move}, {verdict}.
    pub spoken_judged_move: &'static str,
    /// Under 成 in the kanji prompt; empty where 成 says it.
    pub promote_word: &'static str,
    pub dont_word: &'static str,
    /// {seconds}: seconds left.
    pub byoyomi_left: &'static str,
    pub time_up: &'static str,
    pub control_none: &'static str,
    pub control_byoyomi: &'static str,
    pub control_fischer: &'static str,
    pub control_sudden_death: &'static str,
    pub minutes_suffix: &'static str,
    pub byoyomi_suffix: &'static str,
    pub increment_suffix: &'static str,

    // Dialogs, the new game's odds and clocks, the ladder.
    pub new_game_heading: &'static str,
    pub you_play: &'static str,
    pub side_sente_first: &'static str,
    pub side_gote_second: &'static str,
    /// The seats of a handicap game: the receiver's (Sente) and the giver's (Gote).
    pub side_shitate_second: &'static str,
    pub side_uwate_first: &'static str,
    pub side_random: &'static str,
    pub ai_level: &'static str,
    pub start_sfen: &'static str,
    pub start: &'static str,
    pub cancel: &'static str,
    pub resign_heading: &'static str,
    pub analyse_off_ladder_heading: &'static str,
    pub analyse_off_ladder_text: &'static str,
    pub analyse_off_ladder_yes: &'static str,
    /// The same box before a review of the game.
    pub review_off_ladder_heading: &'static str,
    pub review_off_ladder_yes: &'static str,
    pub resign_text: &'static str,
    pub resign_yes: &'static str,
    pub declare_heading: &'static str,
    pub declare_text: &'static str,
    /// {points}: a number.
    pub sente_points: &'static str,
    pub gote_points: &'static str,
    pub you_would_win: &'static str,
    pub you_would_lose: &'static str,
    pub would_be_draw: &'static str,
    /// {verdict}: who wins, or a draw; {outcome}: the sentence above.
    pub declare_result: &'static str,
    pub declare_yes: &'static str,
    pub paste_heading: &'static str,
    pub paste_text: &'static str,
    pub paste_hint: &'static str,
    pub notice_heading: &'static str,
    pub ok: &'static str,
    pub handicap: &'static str,
    pub clock: &'static str,
    pub your_clock: &'static str,
    pub ai_clock: &'static str,
    pub odds_even: &'static str,
    pub receive_handicap: &'static str,
    pub give_handicap: &'static str,
    pub handicap_pieces: &'static str,
    pub ai_gives: &'static str,
    pub you_give: &'static str,
    pub even_game: &'static str,
    /// {handicap}: a handicap's name.
    pub you_receive: &'static str,
    pub you_give_label: &'static str,
    pub ladder_rule: &'static str,
    pub harder_heading: &'static str,
    pub easier_heading: &'static str,
    pub play_it: &'static str,
    pub not_now: &'static str,
    pub results_heading: &'static str,
    pub no_games_yet: &'static str,
    pub col_level: &'static str,
    pub col_handicap: &'static str,
    pub col_won: &'static str,
    pub col_lost: &'static str,
    pub col_drawn: &'static str,
    pub col_latest: &'static str,
    pub close: &'static str,
    /// The latest results: win, loss, draw, one letter each, space-separated.
    pub outcome_letters: &'static str,
    /// {level}: a level; {odds}: the odds.
    pub offer_wins: &'static str,
    pub offer_losses: &'static str,

    // Notes for the player.
    pub copied_sfen: &'static str,
    pub copied_kif: &'static str,
    /// {why}: the SFEN reader's reason.
    pub sfen_unusable: &'static str,
    pub clock_needs_time: &'static str,
    /// {ply}: a move number.
    pub looking_back_read_only: &'static str,
    pub game_is_over: &'static str,
    pub ai_is_to_move: &'static str,
    /// {why}: the system's reason.
    pub settings_not_saved: &'static str,
    pub replay_read_only: &'static str,
    /// {why}: a reason.
    pub ai_move_refused: &'static str,
    /// {name}: a file name.
    pub replaying_file: &'static str,
    /// {path}: where.
    pub saved_to: &'static str,
    /// {dir}: the games folder.
    pub no_file_dialog: &'static str,
    /// The app's own file dialog: its buttons, hover texts and labels.
    pub file_dialog_open: &'static str,
    pub file_dialog_save: &'static str,
    pub file_dialog_new_folder: &'static str,
    pub file_dialog_rename: &'static str,
    pub file_dialog_refresh: &'static str,
    pub file_dialog_parent: &'static str,
    pub file_dialog_file: &'static str,
    pub file_dialog_hidden: &'static str,
    /// The box that asks before the app's own file dialog saves over a file; {name}: the
    /// file's name.
    pub replace_heading: &'static str,
    pub replace_text: &'static str,
    pub replace_yes: &'static str,
    /// The box that asks before a game in progress is dropped.
    pub leave_game_heading: &'static str,
    pub leave_game_text: &'static str,
    pub leave_game_yes: &'static str,
    pub games_folder: &'static str,
    /// {why}: the system's reason.
    pub results_not_saved: &'static str,
    /// A record's player names.
    pub record_player_you: &'static str,
    /// {level}: the AI's level.
    pub record_player_ai: &'static str,

    // Records: files, pasted text, the file dialogs.
    /// {path}: a file; {why}: the system's or the reader's reason (in English).
    pub cannot_save: &'static str,
    /// {name}: a file name; {why}: the reason.
    pub cannot_open: &'static str,
    pub no_text: &'static str,
    /// {why}: the reason.
    pub sfen_cannot_be_used: &'static str,
    pub usi_cannot_be_used: &'static str,
    /// {line}: a line number; {format}: KIF, KI2 or CSA.
    pub record_line_problem: &'static str,
    pub record_cannot_be_used: &'static str,
    pub not_a_position_or_game: &'static str,
    /// An opened record kept up to move {last}: {name}, {why} (the problem, a sentence).
    pub record_read_up_to: &'static str,
    /// An opened record whose first move cannot be read: {name}, {why}.
    pub record_read_no_move: &'static str,
    pub save_dialog_title: &'static str,
    pub open_dialog_title: &'static str,
    pub kif_shift_jis_filter: &'static str,
    pub records_filter: &'static str,
    pub all_files_filter: &'static str,

    // The seats over the move list.
    /// Over the move list. {mark}: ☗ or ☖; {side}: the side; {who}: you or the AI.
    pub seat_line: &'static str,

    // Notes about komadai's own files.
    /// {path}: a file; {why}, {error}: the system's reason or what is wrong with the content
    /// (the JSON reader's own words stay in English); {aside}: where the old file is kept.
    pub settings_unreadable: &'static str,
    pub settings_damaged: &'static str,
    pub settings_damaged_stuck: &'static str,
    pub results_unreadable: &'static str,
    /// {version}: a format number.
    pub results_newer: &'static str,
    pub results_damaged: &'static str,
    pub results_damaged_stuck: &'static str,
    pub saved_game_unreadable: &'static str,
    pub saved_game_set_aside: &'static str,
    pub saved_game_stuck: &'static str,
    pub unusable_damaged: &'static str,
    /// {max}: the newest format this komadai reads.
    pub unusable_newer: &'static str,
    pub unusable_content: &'static str,
    /// What is wrong with a saved game: no format number; its start ({why}: the SFEN's
    /// problem); move {number}, written {text}, unreadable or unplayable ({why}: the USI
    /// reader's or the game's reason); its declaration ({why}: the game's reason).
    pub saved_no_version: &'static str,
    pub saved_bad_start: &'static str,
    pub saved_unreadable_move: &'static str,
    pub saved_unplayable_move: &'static str,
    pub saved_declaration_fails: &'static str,
    pub autosave_failed: &'static str,

    // Why a record, an SFEN, a USI position line or a file could not be read (read_errors.rs).
    /// The system's errors, by kind; {os}: the system's own words.
    pub io_not_found: &'static str,
    pub io_permission_denied: &'static str,
    pub io_already_exists: &'static str,
    pub io_invalid_data: &'static str,
    pub io_is_a_directory: &'static str,
    pub io_not_a_directory: &'static str,
    pub io_read_only: &'static str,
    pub io_storage_full: &'static str,
    /// A record reader's problems; {number}: the move's number, {text}: its text as written.
    pub record_not_text: &'static str,
    pub record_empty: &'static str,
    pub record_unexpected_line: &'static str,
    pub record_bad_move_text: &'static str,
    /// {piece}: the piece on the origin {square}.
    pub record_wrong_piece: &'static str,
    /// {square}: the empty origin square.
    pub record_origin_empty: &'static str,
    /// {marked}: the side the move is marked for; {to_move}: the side to move.
    pub record_wrong_side: &'static str,
    pub record_no_matching_move: &'static str,
    pub record_ambiguous_move: &'static str,
    /// {why}: the illegal move's reason.
    pub record_illegal_move: &'static str,
    pub record_move_number: &'static str,
    pub record_move_after_end: &'static str,
    /// {why}: the board's problem; {text}: the CSA position line as written.
    pub record_bad_board: &'static str,
    pub record_bad_position_line: &'static str,
    pub record_unknown_handicap: &'static str,
    pub record_bad_variation: &'static str,
    /// {why}: what the JSON reader found, in English.
    pub record_bad_jkf: &'static str,
    pub record_variation_start: &'static str,
    /// {why}: the setup's problem.
    pub record_bad_position: &'static str,
    /// A board diagram's or position line's problems; {item}, {cell}, {text}: the user's
    /// text; {square}, {piece}: a square and a piece kind; {rank}: a rank's kanji (一..九).
    pub board_not_ascii: &'static str,
    pub board_unknown_line: &'static str,
    /// {size}: the width of an item in characters.
    pub board_item_length: &'static str,
    pub board_no_square: &'static str,
    pub board_no_piece: &'static str,
    pub board_nothing_to_remove: &'static str,
    /// {squares}: the squares counted on the rank.
    pub board_rank_length: &'static str,
    pub board_no_color: &'static str,
    pub board_not_in_hand: &'static str,
    pub board_hand_item: &'static str,
    pub board_hand_count: &'static str,
    pub board_too_many_ranks: &'static str,
    /// {chars}: the characters counted between the bars.
    pub board_row_width: &'static str,
    pub board_unknown_kanji: &'static str,
    pub board_missing_ranks: &'static str,
    /// An SFEN's problems; {field}: a field's name, {example}: the start position's SFEN.
    pub sfen_missing_field: &'static str,
    pub sfen_field_board: &'static str,
    pub sfen_field_side: &'static str,
    pub sfen_field_hands: &'static str,
    pub sfen_rank_count: &'static str,
    /// {rank_letter}: the rank's letter (a–i), {rank}: its number; {found}: the squares counted.
    pub sfen_rank_length: &'static str,
    pub sfen_unknown_piece: &'static str,
    pub sfen_bad_promotion: &'static str,
    pub sfen_side_to_move: &'static str,
    pub sfen_hand_syntax: &'static str,
    pub sfen_hand_piece: &'static str,
    pub sfen_move_number: &'static str,
    /// {found}: the text, which does not start with a board.
    pub sfen_not_sfen: &'static str,
    pub sfen_trailing_text: &'static str,
    /// A USI position line's problems; {number}: the move's number in the list.
    pub usi_missing_start: &'static str,
    pub usi_bad_sfen: &'static str,
    pub usi_unexpected_token: &'static str,
    /// {why}: the move's problem, below.
    pub usi_bad_move: &'static str,
    /// {text}: text that is not a USI move.
    pub usi_not_a_move: &'static str,
    pub usi_illegal_move: &'static str,
    /// Ends a sentence that lacks an end: ".", 。.
    pub full_stop: &'static str,

    // The review's explanations and flags (the window's review and `komadai review`).
    // {mover}, {opponent}: who played the move and the other side, as named below; {movers}:
    // the mover's, as a possessive; {piece}: a piece's name; {square}: a square; {line}:
    // moves; {capture}, {fork}, {move}: a move; {plies}: a mate's length.
    pub review_who_you: &'static str,
    pub review_who_opponent: &'static str,
    pub review_who_ai: &'static str,
    pub review_whose_you: &'static str,
    pub review_whose_opponent: &'static str,
    pub review_whose_ai: &'static str,
    /// {side}: Sente or Gote.
    pub review_whose_side: &'static str,
    pub review_allows_mate: &'static str,
    /// A mate allowed by the side already behind, a mistake the curve
    /// alone would have let pass.
    pub review_allows_mate_behind: &'static str,
    /// The side already behind lost a silver's worth or more (said where
    /// nothing else is blamed on the move).
    pub review_behind: &'static str,
    pub review_had_mate: &'static str,
    /// {state}: one of the two states below.
    pub review_left_hanging_moved: &'static str,
    pub review_left_hanging: &'static str,
    pub review_undefended: &'static str,
    pub review_underdefended: &'static str,
    /// {forker}: the forking piece; {targets}: the pieces forked, as a list below.
    pub review_fork: &'static str,
    /// The same after `{lead}` (the opponent's exchange before the fork).
    pub review_fork_after: &'static str,
    /// `{trap}` (the reply) leaves `{piece}` on `{square}` with no safe move; `{line}` from it.
    pub review_trap: &'static str,
    /// `{trap}` (the reply) attacks `{piece}` on `{square}`, which is chased
    /// until taken; `{line}` from it.
    pub review_trap_chased: &'static str,
    /// {how}: one of the two below.
    pub review_loses_major: &'static str,
    pub review_lost_trapped: &'static str,
    pub review_lost: &'static str,
    /// The opponent's line wins `{piece}` taken on `{square}`, `{cost}`
    /// (the one below, or nothing), shown as `{line}`.
    pub review_opponent_wins: &'static str,
    /// What the opponent gives for it: about a `{piece}`.
    pub review_opponent_wins_for: &'static str,
    /// The reply wins `{piece}` on `{square}`, attacked before the move
    /// already; `{move}` (the better move) saves it.
    pub review_too_slow: &'static str,
    /// The same where the reply does not take it at once: the opponent's
    /// line up to the capture is `{line}`.
    pub review_too_slow_later: &'static str,
    /// The mover's king is weaker: `{attacked}` squares around it are attacked
    /// after the opponent's line, `{attacked_better}` after `{move}`'s.
    pub review_king_safety: &'static str,
    /// The opponent's (`{opponents}`) `{piece}` breaks in after the move
    /// played, `{played}`, `{where}` (one of the two below): `{line}` ends
    /// with its promotion; `{stop}` (one of the three below) says what the
    /// better move does there.
    pub review_break_in: &'static str,
    /// Where: up the file `{file}`.
    pub review_break_in_file: &'static str,
    /// Where: on `{square}`.
    pub review_break_in_square: &'static str,
    /// The better move `{move}` guards `{square}`, where it promotes.
    pub review_break_in_guards: &'static str,
    /// The better move `{move}` stands in the `{piece}`'s way.
    pub review_break_in_blocks: &'static str,
    /// After the better move `{move}` it does not get in.
    pub review_break_in_otherwise: &'static str,
    pub review_unguarded: &'static str,
    pub review_king_safety_after: &'static str,
    pub review_king_safety_bearing: &'static str,
    /// The initiative given up: `{move}` gives check.
    pub review_tempo: &'static str,
    /// The best reply `{reply}` attacks the mover's (`{movers}`) `{piece}` on
    /// `{square}`, which has to move (`{line}`: the reply and that move);
    /// after `{move}` it would not be attacked.
    pub review_driven_off: &'static str,
    /// The best reply `{reply}` threatens `{threat}`, a promotion or a
    /// fork its line (`{line}`) goes on to play; after `{move}` and the best reply there is
    /// no such threat.
    pub review_reply_threat: &'static str,
    /// The best reply `{reply}` attacks the mover's (`{movers}`)
    /// `{piece}` on `{square}`, and the line (`{line}`) leaves it there; after `{move}` and
    /// the best reply it would not be attacked.
    pub review_attacked: &'static str,
    /// The best reply `{reply}` threatens `{capture}`, which would win the mover's
    /// (`{movers}`) `{piece}` on `{square}` were the mover to pass; after `{move}` and
    /// the best reply there is no such threat.
    pub review_reply_threatens: &'static str,
    /// The same, the threat attacking the mover's (`{movers}`) `{pieces}` (one or two, each
    /// with its square).
    pub review_reply_threat_attack: &'static str,
    /// `{reply}` threatens mate in `{plies}` (`{threat}`,
    /// were the mover to pass); after `{move}` no mate is threatened.
    /// The race to mate lost by a move. {reply}: the opponent's reply;
    /// {plies}, {threat}: its mate threat; {move}: the better move;
    /// {our_plies}, {ours}: the mate it threatened.
    pub review_race: &'static str,
    /// A defender pulled away from the king. {piece}, {from}: the piece and
    /// where it stood; {square}: the square it no longer guards; {reply}:
    /// the opponent's reply; {move}: the better move.
    pub review_shelter: &'static str,
    /// A castle broken up in the opening. {castle}: its name (one of the
    /// `castle_*` strings); {piece}, {from}: the piece that left it and where
    /// it stood; {move}: the better move.
    pub review_castle_broken: &'static str,
    /// The opponent's rook-pawn exchange let through in the opening.
    /// {line}: its line, from the push to the rook taking on {square};
    /// {move}: the better move.
    pub review_rook_pawn: &'static str,
    /// The names of the castles, as a player says them.
    pub castle_mino: &'static str,
    pub castle_high_mino: &'static str,
    pub castle_silver_crown: &'static str,
    pub castle_anaguma: &'static str,
    pub castle_yagura: &'static str,
    pub castle_funagakoi: &'static str,
    pub review_threat_allowed: &'static str,
    /// The attack slowed: `{move}` would have threatened mate in
    /// `{plies}` (`{threat}`); the move played threatens none.
    pub review_missed_threat: &'static str,
    /// `{reply}` promotes the opponent's `{piece}` to a
    /// `{promoted}`; after `{move}` it cannot without loss.
    pub review_promotion_allowed: &'static str,
    /// `{reply}` brings the opponent's `{piece}` in
    /// and its promotion to a `{promoted}` cannot be stopped (`{line}`);
    /// after `{move}` it can.
    pub review_promotion_brought_in: &'static str,
    /// {what}: one of the two below.
    pub review_missed_capture: &'static str,
    pub review_capture_defended: &'static str,
    pub review_capture_undefended: &'static str,
    /// {gain}: one of the gains below, or nothing; {shown}: the line below, or nothing for a
    /// single move; {best}, {played}: win chances.
    pub review_better_move: &'static str,
    /// The same without the win chances, where both are a few percent from 0 or 100.
    pub review_better_move_plain: &'static str,
    pub review_gain_material: &'static str,
    pub review_gain_check: &'static str,
    /// The better move's line wins the opponent's `{piece}` on `{square}`
    /// (`{opponents}`: the opponent's, possessive).
    pub review_gain_wins: &'static str,
    /// The better move traps the opponent's `{piece}` on `{square}`
    /// (`{opponents}`: the opponent's, possessive).
    pub review_gain_trap: &'static str,
    pub review_gain_promotion: &'static str,
    /// The better move takes a `{piece}` and keeps it.
    pub review_gain_capture: &'static str,
    /// The better move attacks `{pieces}` of the opponent's (`{opponents}`):
    /// one or two of [`Self::review_piece_on`], joined by
    /// [`Self::review_two_pieces`].
    pub review_gain_attack: &'static str,
    pub review_gain_threat: &'static str,
    pub review_gain_break_in: &'static str,
    pub review_gain_threat_attack: &'static str,
    /// The better move completes the mover's (`{movers}`) `{castle}`.
    pub review_gain_castle: &'static str,
    /// The better move threatens `{capture}`, which would win the opponent's
    /// (`{opponents}`) `{piece}` on `{square}` were the opponent to pass.
    pub review_gain_threatens: &'static str,
    /// The better move takes the opponent's (`{opponents}`) `{piece}` on
    /// `{square}` (and promotes, in the second), whatever follows.
    pub review_gain_takes: &'static str,
    pub review_gain_takes_promoting: &'static str,
    /// The better move takes the opponent's (`{opponents}`) `{piece}` on
    /// `{square}` before it can make `{reply}`, its best reply to the move
    /// played.
    pub review_gain_forestall: &'static str,
    /// A `{piece}` on `{square}`.
    pub review_piece_on: &'static str,
    /// Two pieces named together: `{first}` and `{second}`.
    pub review_two_pieces: &'static str,
    pub review_line_shown: &'static str,
    /// {percent}: a win chance in whole percent.
    pub review_chance: &'static str,
    pub review_chance_under: &'static str,
    pub review_chance_over: &'static str,
    /// Between two sentences of an explanation.
    pub review_sentence_gap: &'static str,
    /// A list of pieces: between two of them, and before the last.
    pub review_list_comma: &'static str,
    pub review_list_and: &'static str,
    /// Two, and {count} more, pieces of one kind; empty in a language that names each in turn.
    pub review_pieces_two: &'static str,
    pub review_pieces_many: &'static str,
    /// The flags beside a verdict, and the engine's move named.
    pub review_mate_missed: &'static str,
    pub review_mate_allowed: &'static str,
    pub review_best_named: &'static str,
    /// A score of mate on the board.
    pub review_score_mate_now: &'static str,
    pub review_score_mated_now: &'static str,

    /// The Help menu's pages and their texts (a line a paragraph; the keys' page a key and its action a line, split at a tab).
    pub help_how_to_play: &'static str,
    pub help_rules: &'static str,
    pub help_keys: &'static str,
    pub help_how_to_play_text: &'static str,
    pub help_rules_text: &'static str,
    pub help_keys_text: &'static str,
    /// The result box at the end of a game: a heading for the player's outcome, the move count.
    pub game_over_title: &'static str,
    pub game_over_won: &'static str,
    pub game_over_lost: &'static str,
    pub game_over_draw: &'static str,
    /// Template: {moves}.
    pub game_over_moves: &'static str,
    pub game_over_one_move: &'static str,
    pub game_over_no_moves: &'static str,
    pub game_over_review: &'static str,
    pub game_over_new_game: &'static str,
    /// The New game dialog's clock presets: both clocks at once.
    pub clock_presets: &'static str,
    pub preset_byoyomi_10_30: &'static str,
    pub preset_sudden_3: &'static str,
    pub preset_byoyomi_30: &'static str,
    pub preset_fischer_5_10: &'static str,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_are_filled_by_name() {
        assert_eq!(
            fill(
                "{side} has {count} king(s)",
                &[("count", &2), ("side", &"Sente")]
            ),
            "Sente has 2 king(s)"
        );
    }
}
