//! Which page of the Help menu is open (the pages themselves are drawn by `help`).

use crate::i18n::Language;

/// Which page of help is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HelpPage {
    HowToPlay,
    Rules,
    Keys,
}

impl HelpPage {
    pub const ALL: [HelpPage; 3] = [HelpPage::HowToPlay, HelpPage::Rules, HelpPage::Keys];

    /// The menu entry, which is also the page's heading (without the dots).
    pub fn title(self, lang: Language) -> &'static str {
        let t = lang.strings();
        match self {
            HelpPage::HowToPlay => t.help_how_to_play,
            HelpPage::Rules => t.help_rules,
            HelpPage::Keys => t.help_keys,
        }
    }
}
