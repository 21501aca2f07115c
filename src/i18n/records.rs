//! The strings of a record as players keep it (the comment on each move, the game's
//! information, the player's own name), of the mate search on any position, of jumping to a
//! move number and of copying an analysis line: one table per language like
//! [`super::Strings`].

use super::language::Language;
use serde::Serialize;

/// Every string about records, the mate search and moving about them, in one language;
/// templates name their placeholders.
#[derive(Debug, Serialize)]
pub struct RecordStrings {
    // The comment beside the move list.
    /// {n}: the move the comment is on.
    pub comment_on_move: &'static str,
    pub comment_on_start: &'static str,
    pub comment_hint: &'static str,
    pub comment_tip: &'static str,

    // The game's information.
    pub menu_game_info: &'static str,
    pub menu_game_info_tip: &'static str,
    pub game_info_heading: &'static str,
    pub event: &'static str,
    pub start_time: &'static str,
    pub start_time_hint: &'static str,
    pub time_control: &'static str,
    pub time_control_hint: &'static str,
    /// Why the information of a game being played cannot be edited, and how to.
    pub game_info_live: &'static str,
    pub keep: &'static str,
    pub close: &'static str,

    // The player's own name.
    pub menu_player_name: &'static str,
    pub player_name_heading: &'static str,
    pub player_name_text: &'static str,
    pub player_name_hint: &'static str,

    // Jumping to a move.
    pub menu_jump: &'static str,
    pub jump_heading: &'static str,
    /// {last}: the last move there is.
    pub jump_label: &'static str,
    pub jump_go: &'static str,
    /// {last}
    pub jump_bad: &'static str,

    // The mate search.
    pub menu_mate: &'static str,
    pub menu_mate_tip: &'static str,
    pub mate_heading: &'static str,
    /// {side}: the side to move, the attacker.
    pub mate_searching: &'static str,
    /// {plies}: the length of the mate found, shown to be the shortest.
    pub mate_found: &'static str,
    /// {plies}: the length of the mate found, a shorter one not ruled out.
    pub mate_found_maybe_shorter: &'static str,
    /// {side}
    pub mate_none: &'static str,
    /// {nodes}: the positions searched.
    pub mate_out_of_budget: &'static str,
    pub mate_stopped: &'static str,
    pub mate_bad_setup: &'static str,
    pub mate_stop: &'static str,
    pub mate_copy: &'static str,

    // Copying an analysis line.
    pub copy_line: &'static str,
    pub copy_line_tip: &'static str,
    pub line_copied: &'static str,
}

pub const EN: RecordStrings = RecordStrings {
    comment_on_move: "Comment on move {n}",
    comment_on_start: "Comment on the start",
    comment_hint: "A note on this position, saved with the record",
    comment_tip: "Comments are saved in KIF, KI2, CSA and JKF records and read back from them.",
    menu_game_info: "Game information…",
    menu_game_info_tip: "The event, the start, the time control and the players of the record",
    game_info_heading: "Game information",
    event: "Event",
    start_time: "Started",
    start_time_hint: "2026/12/06 14:00:00",
    time_control: "Time control",
    time_control_hint: "10 minutes, then 30 seconds a move",
    game_info_live: "A game in progress is named when it is saved. To edit its information, study it (Game > Study this game) or open a record.",
    keep: "Keep",
    close: "Close",
    menu_player_name: "Your name…",
    player_name_heading: "Your name",
    player_name_text: "Shown in the player boxes, the review and the records you save. Leave it empty to be \"You\".",
    player_name_hint: "You",
    menu_jump: "Go to move…",
    jump_heading: "Go to move",
    jump_label: "Move number (0 to {last}):",
    jump_go: "Go",
    jump_bad: "Type a move number from 0 to {last}.",
    menu_mate: "Search for mate",
    menu_mate_tip: "Look for a forced mate for the side to move in the position shown",
    mate_heading: "Mate search",
    mate_searching: "Looking for a mate for {side}…",
    mate_found: "Mate in {plies}:",
    mate_found_maybe_shorter: "Mate in {plies} (a shorter mate was not ruled out):",
    mate_none: "No mate: no series of checks by {side} forces mate.",
    mate_out_of_budget: "No mate found within the search's limit ({nodes} positions); a longer or harder one may still exist.",
    mate_stopped: "Stopped before an answer.",
    mate_bad_setup: "This setup cannot be searched: the side to move's opponent needs a king, and the setup must be legal.",
    mate_stop: "Stop",
    mate_copy: "Copy the line",
    copy_line: "Copy",
    copy_line_tip: "Copy this line as text, in the move list's notation",
    line_copied: "The line is on the clipboard.",
};

pub const JA: RecordStrings = RecordStrings {
    comment_on_move: "{n}手目のコメント",
    comment_on_start: "開始局面のコメント",
    comment_hint: "この局面へのコメント（棋譜と一緒に保存）",
    comment_tip: "コメントはKIF・KI2・CSA・JKFの棋譜に保存され、読み込むと戻ります。",
    menu_game_info: "対局情報…",
    menu_game_info_tip: "棋譜の棋戦・開始日時・持ち時間・対局者",
    game_info_heading: "対局情報",
    event: "棋戦",
    start_time: "開始日時",
    start_time_hint: "2026/12/06 14:00:00",
    time_control: "持ち時間",
    time_control_hint: "10分・秒読み30秒",
    game_info_live: "対局中の棋譜の情報は保存するときに付きます。編集するには「対局」の「この対局を研究」で写しを出すか、棋譜を開いてください。",
    keep: "決定",
    close: "閉じる",
    menu_player_name: "対局者名…",
    player_name_heading: "あなたの名前",
    player_name_text: "対局者欄・棋譜解析・保存する棋譜に使われます。空欄なら「あなた」と表示します。",
    player_name_hint: "あなた",
    menu_jump: "指定手数へ移動…",
    jump_heading: "指定手数へ移動",
    jump_label: "手数（0〜{last}）：",
    jump_go: "移動",
    jump_bad: "0から{last}までの手数を入力してください。",
    menu_mate: "詰み探索",
    menu_mate_tip: "表示中の局面で手番側に詰みがあるかを調べます",
    mate_heading: "詰み探索",
    mate_searching: "{side}の詰みを探しています…",
    mate_found: "{plies}手詰：",
    mate_found_maybe_shorter: "{plies}手詰（これより短い詰みがないことは確かめられていません）：",
    mate_none: "不詰：{side}の王手の連続で詰む手順はありません。",
    mate_out_of_budget: "探索の上限（{nodes}局面）までに詰みは見つかりませんでした。より長い詰みや難しい詰みがある可能性は残ります。",
    mate_stopped: "結論が出る前に中止しました。",
    mate_bad_setup: "この配置は探索できません。手番でない側の玉が必要で、配置が正しくなければなりません。",
    mate_stop: "中止",
    mate_copy: "手順をコピー",
    copy_line: "コピー",
    copy_line_tip: "この読み筋を棋譜欄と同じ表記の文字でコピーします",
    line_copied: "読み筋をクリップボードにコピーしました。",
};

impl Language {
    /// The strings about records, the mate search and moving about them in this language.
    pub fn records(self) -> &'static RecordStrings {
        match self {
            Language::English => &EN,
            Language::Japanese => &JA,
        }
    }
}
