//! The strings of the Engines dialog and of what happens to an added USI engine, one table
//! per language like [`super::Strings`], and why an engine failed in the player's words.

use super::language::Language;
use super::strings::fill;
use crate::usi::client::{UsiError, UsiErrorKind};
use serde::Serialize;

/// Every string about added engines in one language; templates name their placeholders.
#[derive(Debug, Serialize)]
pub struct EngineStrings {
    pub menu_engines: &'static str,
    pub menu_engines_tip: &'static str,
    pub heading: &'static str,
    pub intro: &'static str,
    pub program: &'static str,
    pub program_hint: &'static str,
    pub browse: &'static str,
    pub browse_title: &'static str,
    /// {name}: the option whose file is chosen.
    pub browse_option_title: &'static str,
    pub add: &'static str,
    pub add_tip: &'static str,
    /// {program}
    pub adding: &'static str,
    /// {name}
    pub added: &'static str,
    /// {program}, {why}
    pub add_failed: &'static str,
    pub none_yet: &'static str,
    /// {author}
    pub by_author: &'static str,
    pub options: &'static str,
    pub remove: &'static str,
    /// {name}
    pub options_heading: &'static str,
    pub no_options: &'static str,
    pub press_at_start: &'static str,
    pub default_value: &'static str,
    pub default_value_tip: &'static str,
    /// {name}, {min}, {max}, {value}: a number typed that the option does not take.
    pub spin_refused: &'static str,
    /// {name}, {value}: any other value the option does not take.
    pub value_refused: &'static str,
    /// {seconds}: how far past its time an added engine's move still counts.
    pub margin_note: &'static str,
    pub roles_heading: &'static str,
    pub role_opponent: &'static str,
    pub role_hints: &'static str,
    pub role_analysis: &'static str,
    pub role_review: &'static str,
    pub built_in: &'static str,
    pub close: &'static str,
    /// The new-game dialog's line above the added engines.
    pub opponent_engine: &'static str,
    pub opponent_engine_tip: &'static str,
    /// {name}, {why}, {level}
    pub failed_opponent: &'static str,
    /// {name}, {why}, {level}: the engine's move was refused by the game (a wrong declaration).
    pub refused_opponent: &'static str,
    /// {name}, {why}
    pub failed_hint: &'static str,
    /// {name}, {why}
    pub failed_review: &'static str,
    /// {name}: the Hint button's tip when an added engine gives the hints.
    pub hint_tip: &'static str,
    /// {name}, {level}: a saved game resumed without the engine it was played against.
    pub resumed_without_engine: &'static str,
    /// {name}: the status line while an added engine thinks on its move.
    pub engine_thinking: &'static str,
    // Why an engine failed: a clause after "{name} stopped:".
    pub error_start: &'static str,
    pub error_no_usiok: &'static str,
    pub error_not_ready: &'static str,
    pub error_timeout: &'static str,
    pub error_crash: &'static str,
    pub error_unreadable: &'static str,
    pub error_illegal: &'static str,
    pub error_bad_option: &'static str,
    pub error_no_score: &'static str,
    /// {what}, {detail}: the clause and the engine's own words.
    pub error_detail: &'static str,
}

pub const EN: EngineStrings = EngineStrings {
    menu_engines: "Engines…",
    menu_engines_tip: "Add USI engines and choose which plays, hints, analyses and reviews",
    heading: "USI engines",
    intro: "Add any USI engine by its program file: komadai starts it, reads its name and options, and ends it again.",
    program: "Program file:",
    program_hint: "the engine's program file",
    browse: "Browse…",
    browse_title: "Choose a USI engine program",
    browse_option_title: "Choose the file for {name}",
    add: "Add",
    add_tip: "Start the program and read its name and options",
    adding: "Starting {program}…",
    added: "Added {name}.",
    add_failed: "{program} could not be added: {why}.",
    none_yet: "No engine added yet: komadai's own engine plays every role.",
    by_author: "by {author}",
    options: "Options",
    remove: "Remove",
    options_heading: "Options of {name}",
    no_options: "It declares no options.",
    press_at_start: "press when started",
    default_value: "Default",
    default_value_tip: "Back to the engine's own default",
    spin_refused: "{name} takes a whole number from {min} to {max}: {value} was not set.",
    value_refused: "{name} does not take {value}: it was not set.",
    margin_note: "An added engine is started and ready before its clock runs, and its move may come up to {seconds} s past its time before it loses on time, for the time the move takes to reach the window (other shogi GUIs give such a margin too).",
    roles_heading: "Which engine plays each role",
    role_opponent: "AI opponent",
    role_hints: "Hints",
    role_analysis: "Analysis",
    role_review: "Review",
    built_in: "Built-in (komadai)",
    close: "Close",
    opponent_engine: "Played by (if an engine fails, the built-in AI at the level above takes over):",
    opponent_engine_tip: "Add engines with AI > Engines…",
    failed_opponent: "{name} stopped: {why}. The built-in AI ({level}) plays on in its place.",
    refused_opponent: "{name} stopped: its move was refused ({why}). The built-in AI ({level}) plays on in its place.",
    failed_hint: "{name} stopped: {why}. The built-in engine gives the hint instead.",
    failed_review: "{name} stopped: {why}. The built-in engine reviews the game instead.",
    hint_tip: "Show the move {name} would play",
    resumed_without_engine: "The saved game was played against {name}, which is no longer in the engine list: the built-in AI ({level}) plays on in its place, and the game does not count in your results.",
    engine_thinking: "{name} thinking…",
    error_start: "it could not be started",
    error_no_usiok: "it did not answer 'usi' with 'usiok' in time",
    error_not_ready: "it did not answer 'isready' with 'readyok' in time",
    error_timeout: "it gave no move in time",
    error_crash: "it stopped running",
    error_unreadable: "it answered something that is not a move",
    error_illegal: "it played an illegal move",
    error_bad_option: "it does not take that option value",
    error_no_score: "it gives its moves without a score, and a review needs one",
    error_detail: "{what} ({detail})",
};

pub const JA: EngineStrings = EngineStrings {
    menu_engines: "エンジン設定…",
    menu_engines_tip: "USIエンジンを追加し、対局・ヒント・検討・棋譜解析に使うエンジンを選びます",
    heading: "USIエンジン",
    intro: "USIエンジンをプログラムファイルで追加します。komadaiが起動して名前とオプションを読み取り、終了させます。",
    program: "プログラム：",
    program_hint: "エンジンのプログラムファイル",
    browse: "参照…",
    browse_title: "USIエンジンのプログラムを選ぶ",
    browse_option_title: "{name}のファイルを選ぶ",
    add: "追加",
    add_tip: "プログラムを起動し、名前とオプションを読み取ります",
    adding: "{program}を起動しています…",
    added: "{name}を追加しました。",
    add_failed: "{program}を追加できませんでした：{why}。",
    none_yet: "エンジンはまだありません。すべての役割を内蔵エンジンが務めます。",
    by_author: "作者：{author}",
    options: "オプション",
    remove: "削除",
    options_heading: "{name}のオプション",
    no_options: "オプションはありません。",
    press_at_start: "起動時に押す",
    default_value: "既定値",
    default_value_tip: "エンジン自身の既定値に戻します",
    spin_refused: "{name}には{min}から{max}までの整数を入れてください。{value}は設定していません。",
    value_refused: "{name}は{value}を受け付けません。設定していません。",
    margin_note: "追加したエンジンは、時計が動き出す前に起動と準備を済ませます。また指し手が盤に届くまでの遅れの分として、持ち時間を{seconds}秒過ぎるまでは時間切れにしません（ほかの将棋GUIにも同様の余裕があります）。",
    roles_heading: "役割ごとのエンジン",
    role_opponent: "対局相手",
    role_hints: "ヒント",
    role_analysis: "検討モード",
    role_review: "棋譜解析",
    built_in: "内蔵（komadai）",
    close: "閉じる",
    opponent_engine: "対局するエンジン（エンジンが止まったときは、上で選んだ強さの内蔵AIが代わりに指します）：",
    opponent_engine_tip: "エンジンは「AI設定」の「エンジン設定…」で追加します",
    failed_opponent: "{name}を停止しました：{why}。代わりに内蔵AI（{level}）が指し続けます。",
    refused_opponent: "{name}を停止しました：指し手が認められませんでした（{why}）。代わりに内蔵AI（{level}）が指し続けます。",
    failed_hint: "{name}を停止しました：{why}。代わりに内蔵エンジンがヒントを出します。",
    failed_review: "{name}を停止しました：{why}。代わりに内蔵エンジンが棋譜を解析します。",
    hint_tip: "{name}が指す手を示します",
    resumed_without_engine: "保存された対局の相手「{name}」はエンジン一覧にもうありません。代わりに内蔵AI（{level}）が指し続けます。この対局は成績に数えません。",
    engine_thinking: "{name}思考中…",
    error_start: "起動できませんでした",
    error_no_usiok: "usi に usiok を時間内に返しませんでした",
    error_not_ready: "isready に readyok を時間内に返しませんでした",
    error_timeout: "時間内に指し手を返しませんでした",
    error_crash: "プロセスが終了しました",
    error_unreadable: "指し手ではない応答を返しました",
    error_illegal: "反則手を指しました",
    error_bad_option: "そのオプションの値を受け付けません",
    error_no_score: "評価値を付けずに指し手を返すため、検討に使えません",
    error_detail: "{what}（{detail}）",
};

impl Language {
    /// The strings about added engines in this language.
    pub fn engines(self) -> &'static EngineStrings {
        match self {
            Language::English => &EN,
            Language::Japanese => &JA,
        }
    }
}

/// Why an engine failed, in `lang`, with the engine's own words (its exit status, its last
/// lines, the move it sent) kept as they came.
pub fn usi_error(lang: Language, error: &UsiError) -> String {
    let t = lang.engines();
    let what = match error.kind {
        UsiErrorKind::Start => t.error_start,
        UsiErrorKind::NoUsiOk => t.error_no_usiok,
        UsiErrorKind::NotReady => t.error_not_ready,
        UsiErrorKind::Timeout => t.error_timeout,
        UsiErrorKind::Crash => t.error_crash,
        UsiErrorKind::Unreadable => t.error_unreadable,
        UsiErrorKind::IllegalMove => t.error_illegal,
        UsiErrorKind::BadOption => t.error_bad_option,
        UsiErrorKind::NoScore => t.error_no_score,
    };
    if error.detail.is_empty() {
        what.to_owned()
    } else {
        fill(
            t.error_detail,
            &[("what", &what), ("detail", &error.detail)],
        )
    }
}
