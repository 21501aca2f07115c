//! The Practice page's strings, one table per language like [`super::Strings`]: kept in a
//! table of their own so the page's words live together.

use super::language::Language;
use serde::Serialize;

/// Every string of the Practice page in one language; templates name their placeholders.
#[derive(Debug, Serialize)]
pub struct PracticeStrings {
    pub menu_practice: &'static str,
    pub menu_practice_tip: &'static str,
    pub heading: &'static str,
    /// {rating}
    pub rating: &'static str,
    /// {streak}, {best}, {days}
    pub streaks: &'static str,
    pub graph_empty: &'static str,
    /// {due}, {waiting}
    pub queue_counts: &'static str,
    pub queue_heading: &'static str,
    pub queue_empty: &'static str,
    /// {when}: a queue entry's time until due.
    pub due_now: &'static str,
    /// {minutes}
    pub due_in_minutes: &'static str,
    /// {hours}
    pub due_in_hours: &'static str,
    /// {days}
    pub due_in_days: &'static str,
    /// {plies}
    pub mate_entry: &'static str,
    /// {ply}, {verdict}
    pub mistake_entry: &'static str,
    pub next: &'static str,
    pub next_tip: &'static str,
    pub help: &'static str,
    pub help_tip: &'static str,
    pub answer: &'static str,
    pub answer_tip: &'static str,
    pub import: &'static str,
    pub import_tip: &'static str,
    pub close: &'static str,
    pub close_tip: &'static str,
    pub nothing_left: &'static str,
    /// {side}, {moves}, {plies}: the task of a mate problem.
    pub task_mate: &'static str,
    /// A mate the player missed in a game: {side}, {plies}, {moves}.
    pub task_own_mate: &'static str,
    /// {side}, {ply}, {played}: the task of a mistake.
    pub task_mistake: &'static str,
    /// {rating}: the exercise's rating.
    pub task_rating: &'static str,
    pub judging: &'static str,
    /// {move}
    pub wrong_not_check: &'static str,
    /// {move}, {reply}
    pub wrong_escapes: &'static str,
    /// {move}
    pub wrong_unknown: &'static str,
    /// {move}, {reply}
    pub right_reply: &'static str,
    /// {move}
    pub solved_mate: &'static str,
    /// {move}
    pub solved_mistake: &'static str,
    /// {move}, {verdict}, {why}
    pub missed_mistake: &'static str,
    /// After a miss: {when}
    pub comes_back: &'static str,
    pub put_away: &'static str,
    /// {change}
    pub rating_moved: &'static str,
    /// {piece}, {square}
    pub help_piece: &'static str,
    /// {piece}
    pub help_drop: &'static str,
    /// {move}
    pub help_move: &'static str,
    /// {line}
    pub answer_line: &'static str,
    /// {name}, {done}, {total}
    pub importing: &'static str,
    /// {name}, {count}
    pub imported: &'static str,
    /// {count}
    pub broken_heading: &'static str,
    /// {place}, {why}
    pub broken_entry: &'static str,
    /// {line}
    pub place_line: &'static str,
    pub broken_no_mate: &'static str,
    pub broken_too_hard: &'static str,
    pub broken_in_check: &'static str,
    /// {first}, {second}
    pub broken_two_first: &'static str,
    /// {first}, {other}
    pub broken_unclear: &'static str,
    /// {why}
    pub broken_unreadable: &'static str,
    /// A problem of komadai's own set offered again.
    pub broken_duplicate_built_in: &'static str,
    /// {name}: the player's collection that has the problem already.
    pub broken_duplicate_collection: &'static str,
    /// {place}: where the same problem came earlier in the import.
    pub broken_duplicate_earlier: &'static str,
    /// {count}: mistakes of a reviewed game that joined the queue.
    pub added_mistakes: &'static str,
    /// {count}, {left}: collections shown on the page.
    pub collection_entry: &'static str,
    /// {left}: a collection of one problem.
    pub collection_entry_one: &'static str,
    pub sets_heading: &'static str,
    /// {count}
    pub built_in_entry: &'static str,
    pub built_in_entry_one: &'static str,
    /// {count}: mistakes of a game reviewed in the background that joined the queue.
    pub added_from_kept: &'static str,
    /// {count}: finished games waiting for the background review.
    pub kept_waiting: &'static str,
    pub kept_waiting_one: &'static str,
    pub keys_hint: &'static str,
    /// {path}, {why}
    pub file_unreadable: &'static str,
    /// {version}
    pub file_newer: &'static str,
    /// {why}, {aside}
    pub file_damaged: &'static str,
    /// {why}, {error}
    pub file_damaged_stuck: &'static str,
    /// {why}
    pub file_not_saved: &'static str,
}

pub const EN: PracticeStrings = PracticeStrings {
    menu_practice: "Practice…",
    menu_practice_tip: "Mate problems, and your own mistakes as exercises until you get them right (P)",
    heading: "Practice",
    rating: "Puzzle rating: {rating}",
    streaks: "Solved in a row: {streak} (best {best}) · days in a row: {days}",
    graph_empty: "The rating's graph starts with your first attempt.",
    queue_counts: "In your queue: {waiting} · due now: {due}",
    queue_heading: "Your exercises",
    queue_empty: "No exercises yet: a reviewed game's mistakes come here.",
    due_now: "now",
    due_in_minutes: "in {minutes} min",
    due_in_hours: "in {hours} h",
    due_in_days: "in {days} days",
    mate_entry: "Mate in {plies}",
    mistake_entry: "Move {ply} ({verdict})",
    next: "Next exercise",
    next_tip: "The exercise most overdue, else a new mate problem near your rating (N)",
    help: "Get a hint",
    help_tip: "First which piece, then the move (H)",
    answer: "Show the answer",
    answer_tip: "Counts as a miss: the exercise comes back soon (A)",
    import: "Import a collection…",
    import_tip: "Mate problems of your own: SFEN lines or KIF files, each checked by the solver",
    close: "Back to the game",
    close_tip: "Leave the Practice page; the game waits where it was (Esc)",
    nothing_left: "Nothing to practise right now: every problem is met and no exercise is due.",
    task_mate: "{side} to move: mate in {plies} ({moves} of your moves). Every move must give check.",
    task_own_mate: "From your game: {side} to move mates in {plies} ({moves} of your moves). Find it.",
    task_mistake: "From your game: {side} to move. You played {played} at move {ply}. Find a better move.",
    task_rating: "Exercise rating: {rating}",
    judging: "Judging your move…",
    wrong_not_check: "{move} gives no check: in a mate problem every move of yours must.",
    wrong_escapes: "{move} does not mate in time: after {reply} there is no mate within the stated length.",
    wrong_unknown: "{move} could not be judged in time; try another.",
    right_reply: "{move}: right. The defence holds out longest with {reply}.",
    solved_mate: "{move}: checkmate. Solved!",
    solved_mistake: "{move}: as good as the best move. Solved!",
    missed_mistake: "{move} is not as good: {verdict}. {why}",
    comes_back: "It comes back {when}.",
    put_away: "Learnt: it is put away.",
    rating_moved: "Rating {change}",
    help_piece: "Hint: move the {piece} on {square}.",
    help_drop: "Hint: drop a {piece}.",
    help_move: "Hint: {move}.",
    answer_line: "The answer: {line}",
    importing: "Checking “{name}”: {done} of {total}…",
    imported: "“{name}”: {count} verified and added.",
    broken_heading: "Not added ({count}):",
    broken_entry: "{place}: {why}",
    place_line: "line {line}",
    broken_no_mate: "there is no mate",
    broken_too_hard: "the solver could not settle it",
    broken_in_check: "the side to move is in check",
    broken_two_first: "two first moves mate ({first} and {second})",
    broken_unclear: "{first} mates, but {other} could not be ruled out",
    broken_unreadable: "not a position: {why}",
    broken_duplicate_built_in: "komadai's own problems have it already",
    broken_duplicate_collection: "your collection “{name}” has it already",
    broken_duplicate_earlier: "the same problem as {place}",
    added_mistakes: "{count} of your mistakes joined your practice.",
    collection_entry: "{name}: {count} problems, {left} not met yet",
    collection_entry_one: "{name}: 1 problem, {left} not met yet",
    sets_heading: "Problem sets",
    built_in_entry: "komadai's own: {count} problems",
    built_in_entry_one: "komadai's own: 1 problem",
    added_from_kept: "A finished game of yours was reviewed: {count} of your mistakes joined your practice.",
    kept_waiting: "{count} finished games of yours wait for their review (done in the background when the engine is free).",
    kept_waiting_one: "1 finished game of yours waits for its review (done in the background when the engine is free).",
    keys_hint: "Keys: N next · H hint · A answer · Esc back",
    file_unreadable: "could not read your practice ({path}): {why}",
    file_newer: "your practice was written by a newer komadai (format {version}); it is left as it is",
    file_damaged: "your practice file was damaged ({why}); starting afresh, the old file is {aside}",
    file_damaged_stuck: "your practice file was damaged ({why}) and could not be moved ({error})",
    file_not_saved: "your practice could not be saved: {why}",
};

pub const JA: PracticeStrings = PracticeStrings {
    menu_practice: "練習…",
    menu_practice_tip: "詰将棋と、自分の悪手を正解できるまで出題する練習（P）",
    heading: "練習",
    rating: "レーティング：{rating}",
    streaks: "連続正解：{streak}（最高{best}）・連続日数：{days}",
    graph_empty: "最初の解答からレーティングのグラフが始まります。",
    queue_counts: "練習中：{waiting}問・出題待ち：{due}問",
    queue_heading: "あなたの問題",
    queue_empty: "まだ問題はありません。解析した対局の悪手がここに入ります。",
    due_now: "今",
    due_in_minutes: "{minutes}分後",
    due_in_hours: "{hours}時間後",
    due_in_days: "{days}日後",
    mate_entry: "{plies}手詰",
    mistake_entry: "{ply}手目（{verdict}）",
    next: "次の問題",
    next_tip: "出題時期の来た問題を、なければレーティングに近い新しい詰将棋を出します（N）",
    help: "ヒント",
    help_tip: "まず動かす駒を、次に指し手を示します（H）",
    answer: "答えを見る",
    answer_tip: "不正解として数え、すぐにまた出題します（A）",
    import: "問題集を読み込む…",
    import_tip: "自分の詰将棋を読み込みます：SFENの行かKIFファイル。一問ずつ解いて確かめます",
    close: "対局に戻る",
    close_tip: "練習を終えます。対局はそのまま待っています（Esc）",
    nothing_left: "今は練習する問題がありません。どの問題も出題済みで、期限の来た問題もありません。",
    task_mate: "{side}番：{plies}手詰（あなたの手は{moves}手）。攻め方の手はすべて王手です。",
    task_own_mate: "あなたの対局から：{side}番で{plies}手詰があります（あなたの手は{moves}手）。見つけてください。",
    task_mistake: "あなたの対局から：{side}番。{ply}手目に{played}と指しました。より良い手を探してください。",
    task_rating: "問題のレーティング：{rating}",
    judging: "判定中…",
    wrong_not_check: "{move}は王手ではありません。詰将棋では攻め方の手はすべて王手でなければなりません。",
    wrong_escapes: "{move}では詰みません。{reply}と応じられると、問題の手数では詰みません。",
    wrong_unknown: "{move}は時間内に判定できませんでした。別の手を試してください。",
    right_reply: "{move}：正解です。最も長く粘る応手は{reply}です。",
    solved_mate: "{move}：詰みました。正解です！",
    solved_mistake: "{move}：最善手と同じくらい良い手です。正解です！",
    missed_mistake: "{move}は{verdict}です。{why}",
    comes_back: "{when}にまた出題します。",
    put_away: "覚えました。この問題は終わりです。",
    rating_moved: "レーティング {change}",
    help_piece: "ヒント：{square}の{piece}を動かします。",
    help_drop: "ヒント：{piece}を打ちます。",
    help_move: "ヒント：{move}です。",
    answer_line: "答え：{line}",
    importing: "「{name}」を確認中：{done}／{total}…",
    imported: "「{name}」：{count}問を確かめて追加しました。",
    broken_heading: "追加しなかった問題（{count}問）：",
    broken_entry: "{place}：{why}",
    place_line: "{line}行目",
    broken_no_mate: "詰みがありません",
    broken_too_hard: "時間内に解けませんでした",
    broken_in_check: "手番の側が王手されています",
    broken_two_first: "初手が二通りあります（{first}と{second}）",
    broken_unclear: "{first}で詰みますが、{other}で詰まないことを確かめられませんでした",
    broken_unreadable: "局面ではありません：{why}",
    broken_duplicate_built_in: "komadaiの問題集にすでにあります",
    broken_duplicate_collection: "問題集「{name}」にすでにあります",
    broken_duplicate_earlier: "{place}と同じ問題です",
    added_mistakes: "あなたの悪手{count}問を練習に加えました。",
    collection_entry: "{name}：{count}問、未出題{left}問",
    collection_entry_one: "{name}：1問、未出題{left}問",
    sets_heading: "問題集",
    built_in_entry: "komadai自作：{count}問",
    built_in_entry_one: "komadai自作：1問",
    added_from_kept: "終わった対局を解析しました。あなたの悪手{count}問を練習に加えました。",
    kept_waiting: "終わった対局{count}局が解析待ちです（エンジンが空いているときに裏で解析します）。",
    kept_waiting_one: "終わった対局1局が解析待ちです（エンジンが空いているときに裏で解析します）。",
    keys_hint: "キー：N 次の問題・H ヒント・A 答え・Esc 戻る",
    file_unreadable: "練習のファイル（{path}）を読めません：{why}",
    file_newer: "練習のファイルは新しいkomadai（形式{version}）で書かれています。そのままにしておきます",
    file_damaged: "練習のファイルが壊れていました（{why}）。新しく始めます。元のファイルは{aside}です",
    file_damaged_stuck: "練習のファイルが壊れていて（{why}）、移動もできませんでした（{error}）",
    file_not_saved: "練習を保存できませんでした：{why}",
};

/// `one` for a count of one, else `many`: English names one problem and two problems;
/// Japanese counts both alike, and its two templates are the same.
pub fn by_count(count: usize, one: &'static str, many: &'static str) -> &'static str {
    if count == 1 { one } else { many }
}

impl Language {
    /// The Practice page's strings in this language.
    pub fn practice(self) -> &'static PracticeStrings {
        match self {
            Language::English => &EN,
            Language::Japanese => &JA,
        }
    }
}
