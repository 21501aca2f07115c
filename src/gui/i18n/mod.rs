//! The interface's languages: every string the window shows, one table per language.
//!
//! [`Strings`] has one field per string; `en.rs` and `ja.rs` each fill it in, so a third
//! language is one more file and the compiler names any string it forgets. Strings that
//! carry a number or a name are templates with `{name}` placeholders, filled by [`fill`].
//! Piece and square names follow the language too ([`Language::piece`],
//! [`Language::square`]).

mod en;
mod ja;
mod reasons;

use crate::rules::notation::{japanese_piece_name, japanese_square};
use crate::rules::{Color, Handicap, PieceKind, Square};
use serde::{Deserialize, Serialize};
use std::fmt::Display;

pub use reasons::{game_error, illegal_move, setup_problem};

/// A language of the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Language {
    English,
    Japanese,
}

impl Language {
    pub const ALL: [Language; 2] = [Language::English, Language::Japanese];

    /// Every string of the interface in this language.
    pub fn strings(self) -> &'static Strings {
        match self {
            Language::English => &en::STRINGS,
            Language::Japanese => &ja::STRINGS,
        }
    }

    /// The language a locale names (`ja_JP.UTF-8`, `ja-JP`, `en_GB`): Japanese for `ja`,
    /// English for everything else.
    pub fn of_locale(locale: &str) -> Language {
        let lang = locale.split(['_', '-', '.', '@']).next().unwrap_or("");
        if lang.eq_ignore_ascii_case("ja") {
            Language::Japanese
        } else {
            Language::English
        }
    }

    /// The language the user's system speaks, for the first start: on Linux and the other
    /// Unixes the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set (as gettext reads
    /// them); on Windows and macOS the user's locale as the system reports it (an app
    /// started from the Finder or the Start menu has no `LANG`).
    pub fn of_system() -> Language {
        Language::of_locale(&system_locale().unwrap_or_default())
    }

    /// A piece's name in messages: "silver", 銀.
    pub fn piece(self, kind: PieceKind) -> &'static str {
        match self {
            Language::English => kind.name(),
            Language::Japanese => japanese_piece_name(kind),
        }
    }

    /// A square's name in messages: "7f", ７六.
    pub fn square(self, sq: Square) -> String {
        match self {
            Language::English => sq.to_string(),
            Language::Japanese => japanese_square(sq),
        }
    }

    /// A side's name: Sente, 先手.
    pub fn side(self, color: Color) -> &'static str {
        let t = self.strings();
        match color {
            Color::Sente => t.sente,
            Color::Gote => t.gote,
        }
    }
}

#[cfg(all(unix, not(target_os = "macos")))]
fn system_locale() -> Option<String> {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .into_iter()
        .filter_map(|name| std::env::var(name).ok())
        .find(|value| !value.is_empty())
}

#[cfg(any(windows, target_os = "macos"))]
fn system_locale() -> Option<String> {
    sys_locale::get_locale()
}

#[cfg(not(any(unix, windows)))]
fn system_locale() -> Option<String> {
    None
}

/// A handicap's name: "Two pieces", 二枚落ち.
pub fn handicap_name(lang: Language, handicap: Handicap) -> &'static str {
    match lang {
        Language::English => handicap.english(),
        Language::Japanese => handicap.japanese(),
    }
}

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
    /// {piece}, then {why}: one of the reasons above.
    pub nowhere_to_drop: &'static str,

    // Why a setup is not playable. {count}, {max}: numbers; {side}: Sente or Gote.
    pub setup_too_many: &'static str,
    pub setup_king_count: &'static str,
    pub setup_dead_piece: &'static str,
    pub setup_nifu: &'static str,
    pub setup_opponent_in_check: &'static str,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_japanese_locale_in_any_spelling_means_japanese() {
        for locale in ["ja_JP.UTF-8", "ja-JP", "ja", "JA_jp.eucJP", "ja_JP@euro"] {
            assert_eq!(Language::of_locale(locale), Language::Japanese, "{locale}");
        }
        for locale in ["en_US.UTF-8", "C", "POSIX", "", "de_DE", "jam"] {
            assert_eq!(Language::of_locale(locale), Language::English, "{locale}");
        }
    }

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

    #[test]
    fn pieces_and_squares_are_named_in_the_language() {
        let sq = Square::parse("7f").expect("a square");
        assert_eq!(Language::English.square(sq), "7f");
        assert_eq!(Language::Japanese.square(sq), "７六");
        assert_eq!(Language::Japanese.piece(PieceKind::Silver), "銀");
        assert_eq!(Language::Japanese.side(Color::Gote), "後手");
    }
}
