//! Turning clicks on squares into moves: what is picked up, where it may go, and why not.

use crate::gui::intent::{Intent, Refusal};
use crate::i18n::{self, Language, fill};
use crate::rules::{BitBoard, IllegalMove, Move, PieceKind, Position, Square};

/// What the player has picked up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Selection {
    #[default]
    None,
    Square(Square),
    Hand(PieceKind),
}

/// The squares a picked-up piece may go to, for the highlights.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Targets {
    pub moves: BitBoard,
    pub captures: BitBoard,
    pub drops: BitBoard,
}

impl Selection {
    pub fn targets(self, pos: &Position) -> Targets {
        let mut targets = Targets::default();
        for &mv in pos.legal_moves().iter() {
            match (self, mv) {
                (Selection::Square(sq), Move::Board { from, to, .. }) if from == sq => {
                    if pos.piece_at(to).is_some() {
                        targets.captures = targets.captures.with(to);
                    } else {
                        targets.moves = targets.moves.with(to);
                    }
                }
                (Selection::Hand(kind), Move::Drop { kind: k, to }) if k == kind => {
                    targets.drops = targets.drops.with(to);
                }
                _ => {}
            }
        }
        targets
    }

    /// What a click on `to` means with this selection, for the side to move.
    pub fn click(self, pos: &Position, to: Square) -> Intent {
        let own = pos
            .piece_at(to)
            .is_some_and(|p| p.color == pos.side_to_move());
        match self {
            Selection::Square(from) if from == to => Intent::Deselect,
            _ if own => Intent::Select(to),
            Selection::Square(from) => board_move(pos, from, to),
            Selection::Hand(kind) => {
                let mv = Move::Drop { kind, to };
                match pos.explain(mv) {
                    Ok(()) => Intent::Move(mv),
                    Err(why) => Intent::Refuse(Refusal::Illegal(why)),
                }
            }
            Selection::None if pos.piece_at(to).is_some() => {
                Intent::Refuse(Refusal::OpponentsPiece(to))
            }
            Selection::None => Intent::Deselect,
        }
    }
}

/// Why a piece of `kind` from the hand can be dropped nowhere, if so: the reason most empty
/// squares give (nifu on every file, say, rather than the last rank's dead drop). Nifu on
/// several files names them all, or says every file, rather than the first one found.
pub fn nowhere_to_drop(pos: &Position, kind: PieceKind, lang: Language) -> Option<String> {
    if !Selection::Hand(kind).targets(pos).drops.is_empty() {
        return None;
    }
    let mut reasons: Vec<(IllegalMove, usize)> = Vec::new();
    let mut nifu_files: Vec<u8> = Vec::new();
    for to in Square::all().filter(|&sq| pos.piece_at(sq).is_none()) {
        let Err(why) = pos.explain(Move::Drop { kind, to }) else {
            continue;
        };
        if let IllegalMove::Nifu { file } = why
            && !nifu_files.contains(&file)
        {
            nifu_files.push(file);
        }
        match reasons
            .iter_mut()
            .find(|(seen, _)| std::mem::discriminant(seen) == std::mem::discriminant(&why))
        {
            Some((_, count)) => *count += 1,
            None => reasons.push((why, 1)),
        }
    }
    let (why, _) = reasons.into_iter().max_by_key(|&(_, count)| count)?;
    let t = lang.strings();
    nifu_files.sort_unstable();
    let why = match (&why, nifu_files.len()) {
        (IllegalMove::Nifu { .. }, 9..) => t.illegal_nifu_every_file.to_owned(),
        (IllegalMove::Nifu { .. }, 2..) => {
            let files: Vec<String> = nifu_files.iter().map(u8::to_string).collect();
            let files = files.join(match lang {
                Language::English => ", ",
                Language::Japanese => "・",
            });
            fill(t.illegal_nifu_files, &[("files", &files)])
        }
        _ => i18n::illegal_move(lang, &why),
    };
    Some(fill(
        t.nowhere_to_drop,
        &[("piece", &lang.piece(kind)), ("why", &why)],
    ))
}

fn board_move(pos: &Position, from: Square, to: Square) -> Intent {
    let plain = Move::Board {
        from,
        to,
        promote: false,
    };
    let promoted = Move::Board {
        from,
        to,
        promote: true,
    };
    match (pos.explain(plain), pos.explain(promoted)) {
        (Ok(()), Ok(())) => Intent::AskPromotion { from, to },
        (Ok(()), Err(_)) => Intent::Move(plain),
        (Err(_), Ok(())) => Intent::Move(promoted),
        (Err(IllegalMove::MustPromote { .. }), Err(why)) | (Err(why), Err(_)) => {
            Intent::Refuse(Refusal::Illegal(why))
        }
    }
}

/// Why a click was refused, as a sentence in `lang`.
pub fn refusal_text(refusal: Refusal, lang: Language) -> String {
    let t = lang.strings();
    match refusal {
        Refusal::Illegal(why) => {
            let text = i18n::illegal_move(lang, &why);
            match lang {
                Language::English => {
                    format!("{}.", crate::gui::panels::message::capitalised(&text))
                }
                Language::Japanese => format!("{text}。"),
            }
        }
        Refusal::OpponentsPiece(sq) => fill(t.opponents_piece, &[("square", &lang.square(sq))]),
        Refusal::OpponentsHand => t.opponents_hand.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    #[test]
    fn pawn_push_from_start_is_a_plain_move() {
        let pos = Position::startpos();
        assert_eq!(
            Selection::Square(sq("7g")).click(&pos, sq("7f")),
            Intent::Move(Move::from_usi("7g7f").unwrap())
        );
    }

    #[test]
    fn pawn_two_squares_is_refused_with_a_reason() {
        let pos = Position::startpos();
        let Intent::Refuse(why) = Selection::Square(sq("7g")).click(&pos, sq("7e")) else {
            panic!("a pawn moving two squares must be refused");
        };
        let why = refusal_text(why, Language::English);
        assert!(why.contains("does not move that way"), "{why}");
    }

    #[test]
    fn optional_promotion_asks_and_forced_promotion_does_not() {
        let pos = Position::from_sfen("4k4/9/P8/9/9/9/9/9/4K4 b - 1").unwrap();
        let pos_optional = Position::from_sfen("4k4/9/9/P8/9/9/9/9/4K4 b - 1").unwrap();
        assert_eq!(
            Selection::Square(sq("9d")).click(&pos_optional, sq("9c")),
            Intent::AskPromotion {
                from: sq("9d"),
                to: sq("9c")
            }
        );
        assert_eq!(
            Selection::Square(sq("9c")).click(&pos, sq("9b")),
            Intent::AskPromotion {
                from: sq("9c"),
                to: sq("9b")
            }
        );
        let last = Position::from_sfen("4k4/P8/9/9/9/9/9/9/4K4 b - 1").unwrap();
        assert_eq!(
            Selection::Square(sq("9b")).click(&last, sq("9a")),
            Intent::Move(Move::from_usi("9b9a+").unwrap())
        );
    }

    #[test]
    fn nifu_drop_is_refused_naming_nifu() {
        let pos = Position::from_sfen("4k4/9/9/9/9/9/4P4/9/4K4 b P 1").unwrap();
        let Intent::Refuse(why) = Selection::Hand(PieceKind::Pawn).click(&pos, sq("5e")) else {
            panic!("a second pawn on file 5 must be refused");
        };
        let why = refusal_text(why, Language::English);
        assert!(why.starts_with("Nifu"), "{why}");
    }

    #[test]
    fn a_pawn_with_every_file_taken_says_nifu_at_once() {
        let pos = Position::from_sfen("4k4/9/9/9/9/9/PPPPPPPPP/9/4K4 b GP 1").unwrap();
        let why =
            nowhere_to_drop(&pos, PieceKind::Pawn, Language::English).expect("nowhere to drop");
        assert!(why.contains("nifu"), "{why}");
        assert!(why.contains("on every file"), "{why}");
        assert!(!why.contains("file 1"), "{why}");
        assert_eq!(
            nowhere_to_drop(&pos, PieceKind::Gold, Language::English),
            None
        );
    }

    #[test]
    fn clicking_another_own_piece_selects_it_instead() {
        let pos = Position::startpos();
        assert_eq!(
            Selection::Square(sq("7g")).click(&pos, sq("2g")),
            Intent::Select(sq("2g"))
        );
    }
}
