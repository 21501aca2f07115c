//! The odds of a game against the AI: even, or a handicap the player receives or gives. Every
//! name the interface shows for a handicap setting comes from here.

use crate::i18n::{Language, fill, handicap_name};
use crate::rules::handicap::{self, Handicap};
use crate::rules::{Color, Position};
use serde::{Deserialize, Serialize};

/// Who gives which handicap, as the player sees it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Odds {
    #[default]
    Even,
    /// The AI is 上手 and takes these pieces off; the player is 下手 (Sente).
    Receive(Handicap),
    /// The player is 上手 (Gote) and takes these pieces off.
    Give(Handicap),
}

impl Odds {
    /// From the player's easiest game (receiving ten pieces) to the hardest (giving ten).
    pub fn scale() -> impl Iterator<Item = Odds> {
        let receive = Handicap::STANDARD.into_iter().rev().map(Odds::Receive);
        let give = Handicap::STANDARD.into_iter().map(Odds::Give);
        receive.chain([Odds::Even]).chain(give)
    }

    /// One step harder for the player, if there is one.
    pub fn harder(self) -> Option<Odds> {
        let at = self.on_scale();
        Odds::scale().skip_while(|&o| o != at).nth(1)
    }

    /// One step easier for the player, if there is one.
    pub fn easier(self) -> Option<Odds> {
        let at = self.on_scale();
        Odds::scale().take_while(|&o| o != at).last()
    }

    /// The step of the scale these odds stand on ([`Handicap::step`]): the right lance is the
    /// left lance's size, so a game at either steps to the same neighbours.
    pub fn on_scale(self) -> Odds {
        match self {
            Odds::Receive(h) => Odds::Receive(h.step()),
            Odds::Give(h) => Odds::Give(h.step()),
            Odds::Even => Odds::Even,
        }
    }

    pub fn handicap(self) -> Option<Handicap> {
        match self {
            Odds::Even => None,
            Odds::Receive(h) | Odds::Give(h) => Some(h),
        }
    }

    /// The start position (a handicap's, the giver to move).
    pub fn start(self) -> Position {
        self.handicap()
            .map_or_else(Position::startpos, Handicap::position)
    }

    /// The player's side, where the odds fix it (in a handicap game).
    pub fn player_side(self) -> Option<Color> {
        match self {
            Odds::Even => None,
            Odds::Receive(_) => Some(handicap::GIVER.flip()),
            Odds::Give(_) => Some(handicap::GIVER),
        }
    }

    /// The odds a game from `start` with the player on `player` is played at, if its start is
    /// the even one or a handicap.
    pub fn of_game(start: &Position, player: Color) -> Option<Odds> {
        if start.move_number() != 1 {
            return None;
        }
        if start.to_sfen() == Position::startpos().to_sfen() {
            return Some(Odds::Even);
        }
        let handicap = Handicap::of_start(start)?;
        Some(if player == handicap::GIVER {
            Odds::Give(handicap)
        } else {
            Odds::Receive(handicap)
        })
    }

    /// "Even", "You receive two pieces", "You give a bishop".
    pub fn label(self, lang: Language) -> String {
        let t = lang.strings();
        match self {
            Odds::Even => t.even_game.to_owned(),
            Odds::Receive(h) => fill(t.you_receive, &[("handicap", &handicap_name(lang, h))]),
            Odds::Give(h) => fill(t.you_give_label, &[("handicap", &handicap_name(lang, h))]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_runs_from_receiving_ten_pieces_to_giving_ten() {
        let scale: Vec<Odds> = Odds::scale().collect();
        assert_eq!(scale.len(), 21);
        assert_eq!(scale[0], Odds::Receive(Handicap::TenPieces));
        assert_eq!(scale[10], Odds::Even);
        assert_eq!(scale[20], Odds::Give(Handicap::TenPieces));
    }

    #[test]
    fn a_step_harder_receives_less_or_gives_more() {
        let two = Odds::Receive(Handicap::TwoPieces);
        assert_eq!(two.harder(), Some(Odds::Receive(Handicap::RookLance)));
        assert_eq!(two.easier(), Some(Odds::Receive(Handicap::ThreePieces)));
        assert_eq!(Odds::Receive(Handicap::Lance).harder(), Some(Odds::Even));
        assert_eq!(Odds::Even.harder(), Some(Odds::Give(Handicap::Lance)));
        assert_eq!(Odds::Give(Handicap::TenPieces).harder(), None);
        assert_eq!(Odds::Receive(Handicap::TenPieces).easier(), None);
        let right = Odds::Receive(Handicap::RightLance);
        assert_eq!(right.harder(), Some(Odds::Even));
        assert_eq!(right.easier(), Some(Odds::Receive(Handicap::Bishop)));
        assert_eq!(
            Odds::Give(Handicap::RightLance).harder(),
            Some(Odds::Give(Handicap::Bishop))
        );
    }

    #[test]
    fn the_odds_of_a_game_follow_its_start_and_the_players_side() {
        let start = Handicap::Rook.position();
        assert_eq!(
            Odds::of_game(&start, Color::Sente),
            Some(Odds::Receive(Handicap::Rook))
        );
        assert_eq!(
            Odds::of_game(&start, Color::Gote),
            Some(Odds::Give(Handicap::Rook))
        );
        assert_eq!(
            Odds::of_game(&Position::startpos(), Color::Gote),
            Some(Odds::Even)
        );
    }
}
