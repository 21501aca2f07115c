//! The languages the app speaks, and the names in them that come from the
//! rules (pieces, squares, sides, levels, handicaps).

use super::en;
use super::ja;
use super::strings::Strings;
use crate::rules::notation::{japanese_piece_name, japanese_square};
use crate::rules::{Color, Handicap, PieceKind, Square};
use serde::{Deserialize, Serialize};

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
    #[cfg(feature = "gui")]
    pub fn of_system() -> Language {
        Language::of_locale(&system_locale().unwrap_or_default())
    }

    /// The language's name in itself: English, 日本語.
    pub fn own_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Japanese => "日本語",
        }
    }

    /// A piece's name in messages: "silver", 銀. Japanese prose says 飛車 and と金 where
    /// a record writes 飛 and と.
    pub fn piece(self, kind: PieceKind) -> &'static str {
        match (self, kind) {
            (Language::English, _) => kind.name(),
            (Language::Japanese, PieceKind::Rook) => "飛車",
            (Language::Japanese, PieceKind::Tokin) => "と金",
            (Language::Japanese, _) => japanese_piece_name(kind),
        }
    }

    /// A square's name in messages: "7f", ７六.
    pub fn square(self, sq: Square) -> String {
        match self {
            Language::English => sq.to_string(),
            Language::Japanese => japanese_square(sq),
        }
    }

    /// What a player calls a side: 上手/下手 in a handicap game, Sente/Gote (先手/後手)
    /// otherwise.
    pub fn seat(self, color: Color, handicap: bool) -> &'static str {
        let t = self.strings();
        match (handicap, color) {
            (true, Color::Gote) => t.giver,
            (true, Color::Sente) => t.receiver,
            (false, color) => self.side(color),
        }
    }

    /// A level's name: Easy, 弱い.
    pub fn level(self, level: crate::engine::Level) -> &'static str {
        let t = self.strings();
        match level {
            crate::engine::Level::Easy => t.level_easy,
            crate::engine::Level::Normal => t.level_normal,
            crate::engine::Level::Hard => t.level_hard,
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

#[cfg(all(feature = "gui", unix, not(target_os = "macos")))]
fn system_locale() -> Option<String> {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .into_iter()
        .filter_map(|name| std::env::var(name).ok())
        .find(|value| !value.is_empty())
}

#[cfg(all(feature = "gui", any(windows, target_os = "macos")))]
fn system_locale() -> Option<String> {
    sys_locale::get_locale()
}

#[cfg(all(feature = "gui", not(any(unix, windows))))]
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
    fn pieces_and_squares_are_named_in_the_language() {
        let sq = Square::parse("7f").expect("a square");
        assert_eq!(Language::English.square(sq), "7f");
        assert_eq!(Language::Japanese.square(sq), "７六");
        assert_eq!(Language::Japanese.piece(PieceKind::Silver), "銀");
        assert_eq!(Language::Japanese.piece(PieceKind::Rook), "飛車");
        assert_eq!(Language::Japanese.piece(PieceKind::Tokin), "と金");
        assert_eq!(Language::Japanese.side(Color::Gote), "後手");
    }
}
