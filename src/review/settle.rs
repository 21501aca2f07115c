//! Lines made fit to count material on: an engine line often stops in the
//! middle of an exchange (a capture that is taken back at once), so it is
//! first extended until no profitable capture is pending, and a piece is
//! followed by where it goes, not by the square it stood on.

use super::line::Line;
use crate::engine::eval::capture_value;
use crate::engine::see::see;
use crate::rules::{Color, Move, Piece, PieceKind, Position, Square};

/// The most captures a line is extended by: an exchange on one square
/// rarely runs longer, and a longer tail would be a search, not a count.
const MAX_SETTLING_PLIES: usize = 8;

/// The line extended by the captures still pending at its end, best by
/// static exchange first: a recapture on the square just taken on while it
/// loses nothing, else a capture that wins material. The side to move may
/// always decline, so a capture that loses is never added.
pub fn settled(line: &Line) -> Line {
    let mut settled = line.clone();
    let mut pos = end_of(line);
    let mut last_to = line.moves.last().map(|mv| mv.to());
    let mut took = ends_with_capture(line);
    for _ in 0..MAX_SETTLING_PLIES {
        let Some(mv) = pending_capture(&pos, last_to, took) else {
            break;
        };
        took = !promotes_major(&pos, mv);
        pos.play_unchecked(mv);
        last_to = Some(mv.to());
        settled.moves.push(mv);
    }
    settled
}

/// Whether the line ends with no profitable capture pending.
pub fn is_settled(line: &Line) -> bool {
    let end = end_of(line);
    pending_capture(
        &end,
        line.moves.last().map(|mv| mv.to()),
        ends_with_capture(line),
    )
    .is_none()
}

/// Whether the line's last move takes a piece, its rook or bishop not
/// promoting as it does: the horse or dragon it becomes is counted, taken
/// back, at more than the piece it was, so such a check is left to the
/// search, as any check is.
fn ends_with_capture(line: &Line) -> bool {
    line.steps().last().is_some_and(|step| {
        !step.mv.is_drop()
            && step.before.piece_at(step.mv.to()).is_some()
            && !promotes_major(&step.before, step.mv)
    })
}

/// `mv` promotes a rook or a bishop.
fn promotes_major(pos: &Position, mv: Move) -> bool {
    mv.is_promotion()
        && mv
            .from()
            .and_then(|from| pos.piece_at(from))
            .is_some_and(|p| matches!(p.kind, PieceKind::Rook | PieceKind::Bishop))
}

/// The position at the end of the line.
pub fn end_of(line: &Line) -> Position {
    let mut pos = line.start;
    for &mv in &line.moves {
        pos.play_unchecked(mv);
    }
    pos
}

/// The capture the side to move would make at once, if any (`took`: the
/// last move, landing on `last_to`, was a capture). In check, only taking
/// the checker back where it just took, losing nothing by it: a capture
/// that gives check is still an exchange, and other ways out of check (of
/// a check by a drop or a quiet move) are a search's to choose.
fn pending_capture(pos: &Position, last_to: Option<Square>, took: bool) -> Option<Move> {
    let moves = pos.legal_moves();
    if pos.in_check() {
        let square = last_to.filter(|_| took)?;
        return moves
            .iter()
            .copied()
            .filter(|mv| mv.to() == square && !mv.is_drop())
            .map(|mv| (see(pos, mv), mv))
            .filter(|&(gain, _)| gain >= 0)
            .max_by_key(|&(gain, mv)| (gain, mv.is_promotion()))
            .map(|(_, mv)| mv);
    }
    let captures = moves
        .iter()
        .copied()
        .filter(|mv| !mv.is_drop() && pos.piece_at(mv.to()).is_some());
    let scored = captures.map(|mv| (see(pos, mv), Some(mv.to()) == last_to, mv));
    scored
        .filter(|&(gain, recapture, _)| gain > 0 || (recapture && gain == 0))
        .max_by_key(|&(gain, recapture, mv)| (gain, recapture, mv.is_promotion()))
        .map(|(_, _, mv)| mv)
}

/// The material `side` wins (positive) or loses along a line, by the
/// engine's capture values. A pawn, lance or knight that promotes on the
/// line and is taken later on it counts as the piece it was before: a pawn
/// that takes a knight as it promotes and is taken back as a tokin gave a
/// pawn for the knight, not a tokin (a promotion that stands at the line's
/// end is no material won). A silver, rook or bishop, whose promotion adds
/// less to its worth, keeps its promoted value, as the review's claims
/// about them weigh it.
pub fn material_balance(line: &Line, side: Color) -> i32 {
    // Where the pieces promoted on the line stand now.
    let mut promoted: Vec<Square> = Vec::new();
    line.steps()
        .iter()
        .filter_map(|step| {
            let (from, to) = (step.mv.from(), step.mv.to());
            let taken = step.before.piece_at(to).filter(|_| !step.mv.is_drop());
            let was_promoted = promoted.contains(&to);
            let moves_one = from.is_some_and(|from| promoted.contains(&from));
            promoted.retain(|&square| square != to && Some(square) != from);
            let small = step.before.piece_at(from.unwrap_or(to)).is_some_and(|p| {
                matches!(
                    p.kind,
                    PieceKind::Pawn | PieceKind::Lance | PieceKind::Knight
                )
            });
            if (step.mv.is_promotion() && small) || moves_one {
                promoted.push(to);
            }
            let taken = taken?;
            let value = if was_promoted {
                capture_value(taken.kind.unpromoted())
            } else {
                capture_value(taken.kind)
            };
            Some(if step.before.side_to_move() == side {
                value
            } else {
                -value
            })
        })
        .sum()
}

/// Whether `side`, after the line's first move, walks a piece that stood
/// safe (or one from its hand) into a capture that wins material at once,
/// while not in check: a weak reply of its own or a sacrifice the count
/// would take for a loss, so what the line wins from it is not the first
/// move's doing. A piece already lost where it stood (attacked with no
/// square to go to without loss) is not given away by moving it; one that
/// could have stepped aside is.
pub fn gives_away(line: &Line, side: Color) -> bool {
    !given_away(line, side).is_empty()
}

/// The pieces [`gives_away`] finds `side` walking into a capture on `line`,
/// as they are taken.
pub fn given_away(line: &Line, side: Color) -> Vec<Piece> {
    let steps = line.steps();
    steps
        .windows(2)
        .skip(1)
        .filter(|pair| {
            let (own, next) = (&pair[0], &pair[1]);
            own.before.side_to_move() == side
                && !own.before.in_check()
                && next.mv.to() == own.mv.to()
                && !next.mv.is_drop()
                && see(&next.before, next.mv) > 0
                && own
                    .mv
                    .from()
                    .is_none_or(|from| !lost_where_it_stands(&own.before, from))
        })
        .filter_map(|pair| pair[1].before.piece_at(pair[1].mv.to()))
        .collect()
}

/// Whether `side`, on its first answer after the line's first move and the
/// reply (ply 2), before ply `taken` where its piece is captured, left that
/// piece where
/// it could be won at once though it had a square to go to without loss,
/// (and did not guard it instead), or left it shut in (attacked, no square
/// to go to, not yet to be won) though a move of another piece would have
/// opened a square for it: not in check, and its move there neither moving
/// another piece out of an attack, nor taking as much as the piece is
/// worth, nor itself opening a square for it. The loss is then a defence the line declined, not one
/// the first move forced.
pub fn left_to_fall(line: &Line, side: Color, taken: usize) -> bool {
    let steps = line.steps();
    let Some(capture) = steps.get(taken) else {
        return false;
    };
    let Some(mut at) = origin(line, taken, capture.mv.to()) else {
        return false;
    };
    let worth = line.start.piece_at(at).map_or(0, |p| capture_value(p.kind));
    for (ply, step) in steps.iter().enumerate().take(taken) {
        let pos = &step.before;
        if pos.side_to_move() != side {
            continue;
        }
        let moves_it = step.mv.from() == Some(at);
        if ply == 2 && !moves_it && !pos.in_check() && could_be_saved(pos, at, step.mv) {
            let saves_another = step.mv.from().is_some_and(|from| en_prise(pos, from));
            let takes_as_much = !step.mv.is_drop()
                && pos
                    .piece_at(step.mv.to())
                    .is_some_and(|p| capture_value(p.kind) >= worth);
            if !saves_another && !takes_as_much {
                return true;
            }
        }
        if moves_it {
            at = step.mv.to();
        }
    }
    false
}

/// The piece on `square` (of the side to move), attacked, could be saved
/// and `played` does not save it: it could be won at once were it the
/// other side's turn and has a square to go to without loss, which
/// `played` neither takes nor answers by guarding it, or it is shut
/// in, not yet to be won, and a move of another piece would open a square
/// for it that `played` does not.
fn could_be_saved(pos: &Position, square: Square, played: Move) -> bool {
    if en_prise(pos, square) {
        // An answer that guards it chose to hold it there: whether stepping
        // aside was better is a search's to say.
        return safe_squares(pos, square) > 0 && !guards(pos, square, played);
    }
    let shut_in = pos.is_attacked(square, !pos.side_to_move(), pos.occupied())
        && safe_squares(pos, square) == 0;
    shut_in && !frees(pos, square, played) && can_be_freed(pos, square)
}

/// `mv` adds a guard of the side to move's piece on `square`.
fn guards(pos: &Position, square: Square, mv: Move) -> bool {
    let side = pos.side_to_move();
    let after = pos.after(mv);
    let count = |p: &Position| p.attackers_to(square, side, p.occupied()).count();
    count(&after) > count(pos)
}

/// The side to move has a move, not of its piece on `square` nor a capture
/// nor a drop, after which (were the other side to pass) that piece has a
/// square to go to without loss: a pawn or a piece stepping out of its way.
pub fn can_be_freed(pos: &Position, square: Square) -> bool {
    pos.legal_moves().iter().any(|&mv| {
        mv.from() != Some(square)
            && !mv.is_drop()
            && pos.piece_at(mv.to()).is_none()
            && frees(pos, square, mv)
    })
}

/// After `mv` (were the other side to pass), the piece on `square` has a
/// square to go to without loss.
fn frees(pos: &Position, square: Square, mv: Move) -> bool {
    let mut then = pos.after(mv);
    if then.in_check() || then.piece_at(square) != pos.piece_at(square) {
        return false;
    }
    then.play_null();
    safe_squares(&then, square) > 0
}

/// The piece on `square` (of the side to move) could be won at once were
/// it the other side's turn, and has no square to go to without loss.
fn lost_where_it_stands(pos: &Position, square: Square) -> bool {
    en_prise(pos, square) && safe_squares(pos, square) == 0
}

/// How many squares the piece on `square` can move to without losing
/// material by the exchange there.
pub fn safe_squares(pos: &Position, square: Square) -> usize {
    let mut to: Vec<Square> = pos
        .legal_moves()
        .iter()
        .filter(|&&mv| mv.from() == Some(square) && see(pos, mv) >= 0)
        .map(|mv| mv.to())
        .collect();
    to.sort_unstable();
    to.dedup();
    to.len()
}

/// The piece on `square` (of the side to move) could be won at once were
/// it the other side's turn: attacked and not held.
pub fn en_prise(pos: &Position, square: Square) -> bool {
    if pos.in_check() {
        return false;
    }
    let mut passed = *pos;
    passed.play_null();
    en_prise_after(&passed, square)
}

/// The side to move in `pos` could win the other side's piece on `square`
/// at once.
pub fn en_prise_after(pos: &Position, square: Square) -> bool {
    capture_gain(pos, square).is_some_and(|gain| gain > 0)
}

/// What the side to move in `pos` gains at best, by static exchange, by
/// taking the piece on `square` at once; `None` when it cannot take it.
pub fn capture_gain(pos: &Position, square: Square) -> Option<i32> {
    pos.legal_moves()
        .iter()
        .filter(|mv| mv.to() == square && !mv.is_drop())
        .map(|&mv| see(pos, mv))
        .max()
}

/// Whether `side` ends the line with fewer pieces of `kind` (promoted or
/// not, on the board and in hand) than it started with: a piece lost, and
/// not won back in kind.
pub fn loses_kind(line: &Line, side: Color, kind: PieceKind) -> bool {
    count_kind(&end_of(line), side, kind) < count_kind(&line.start, side, kind)
}

fn count_kind(pos: &Position, side: Color, kind: PieceKind) -> u32 {
    let on_board = pos.pieces_of(side, kind).count();
    let promoted = kind
        .promoted()
        .map_or(0, |p| pos.pieces_of(side, p).count());
    on_board + promoted + u32::from(pos.hand(side).count(kind))
}

/// The ply of the line at which the piece standing on `square` at its
/// start is captured, following the piece as it moves; `None` when it
/// survives the line (or there is no piece there).
pub fn captured_at(line: &Line, square: Square) -> Option<usize> {
    let owner = line.start.piece_at(square)?.color;
    let mut at = square;
    for (ply, step) in line.steps().iter().enumerate() {
        let mover = step.before.side_to_move();
        if mover == owner && step.mv.from() == Some(at) {
            at = step.mv.to();
        } else if mover != owner && step.mv.to() == at && !step.mv.is_drop() {
            return Some(ply);
        }
    }
    None
}

/// Where the piece on `square` before ply `ply` of `line` stood at the
/// line's start, following its moves back; `None` when it was dropped on
/// the way (or no piece stands there).
pub fn origin(line: &Line, ply: usize, square: Square) -> Option<Square> {
    let steps = line.steps();
    let owner = steps
        .get(ply)
        .map_or(line.start, |s| s.before)
        .piece_at(square)?
        .color;
    let mut at = square;
    for step in steps.iter().take(ply).rev() {
        if step.before.side_to_move() == owner && step.mv.to() == at {
            at = step.mv.from()?;
        }
    }
    Some(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(sfen: &str, usi: &[&str]) -> Line {
        let start = Position::from_sfen(sfen).expect("test SFEN");
        let moves: Vec<Move> = usi.iter().filter_map(|m| Move::from_usi(m).ok()).collect();
        Line::legal(&start, None, &moves)
    }

    #[test]
    fn a_piece_is_followed_back_to_where_it_stood() {
        // The rook goes 2h-2f, the opponent's king steps, the rook 2f-4f.
        let l = line(
            "4k4/9/9/9/9/9/9/7R1/4K4 b P 1",
            &["2h2f", "5a4a", "2f4f", "4a5a"],
        );
        let at = |sq: &str| Square::parse(sq).expect("sq");
        assert_eq!(origin(&l, 3, at("4f")), Some(at("2h")));
        assert_eq!(origin(&l, 1, at("2f")), Some(at("2h")));
        assert_eq!(origin(&l, 0, at("2h")), Some(at("2h")));
        // A dropped pawn stood nowhere.
        let l = line("4k4/9/9/9/9/9/9/7R1/4K4 b P 1", &["P*5e", "5a4a"]);
        assert_eq!(origin(&l, 1, at("5e")), None);
    }

    #[test]
    fn a_line_that_stops_on_a_capture_is_extended_by_the_recapture() {
        // Sente takes the bishop with its bishop; Gote's silver takes back.
        let cut = line(
            "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1",
            &["8h2b"],
        );
        assert!(!is_settled(&cut));
        let whole = settled(&cut);
        assert_eq!(whole.moves.len(), 2);
        assert_eq!(material_balance(&whole, Color::Sente), 0);
        assert!(is_settled(&whole));
    }

    #[test]
    fn a_piece_promoted_on_the_line_and_taken_counts_as_what_it_was() {
        // Sente's pawn takes the knight on 7c as it promotes; the silver
        // takes the tokin back: a knight won for a pawn, not for a tokin.
        let l = line("4k4/2s6/2n6/2P6/9/9/9/9/4K4 b - 1", &["7d7c+", "7b7c"]);
        assert_eq!(l.moves.len(), 2);
        let knight_for_pawn = capture_value(PieceKind::Knight) - capture_value(PieceKind::Pawn);
        assert_eq!(material_balance(&l, Color::Sente), knight_for_pawn);
        // Where it promotes without taking and is taken after a move of its
        // own, it is still the pawn it was.
        let l = line(
            "g3k4/1s7/9/2P6/9/9/9/9/4K4 b - 1",
            &["7d7c+", "5a4a", "7c8b", "9a8b"],
        );
        assert_eq!(l.moves.len(), 4);
        assert_eq!(
            material_balance(&l, Color::Sente),
            capture_value(PieceKind::Silver) - capture_value(PieceKind::Pawn)
        );
    }

    #[test]
    fn a_capture_that_gives_check_is_taken_back() {
        // Sente's silver takes the gold on 5b, promoting, with check; the
        // silver on 6a (or the king) takes it back: a gold for a silver,
        // not a gold won.
        let checking = line("3s1k3/4g4/4S4/9/9/9/9/9/4K4 b - 1", &["5c5b+"]);
        assert!(end_of(&checking).in_check());
        assert!(!is_settled(&checking));
        let whole = settled(&checking);
        assert_eq!(whole.moves.len(), 2);
        assert_eq!(whole.moves[1].to(), Square::parse("5b").expect("sq"));
        // A check by a drop is no exchange: how the king gets out of it is
        // the search's to choose.
        let dropped = line("3s1k3/9/9/9/9/9/9/9/4K4 b G 1", &["G*4b"]);
        assert!(end_of(&dropped).in_check());
        assert!(is_settled(&dropped));
    }

    #[test]
    fn a_losing_capture_is_never_added() {
        // The rook could take the pawn on 2c, but the pawn is guarded.
        let quiet = line(
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL w - 1",
            &["3c3d"],
        );
        assert_eq!(settled(&quiet).moves.len(), 1);
    }

    #[test]
    fn a_piece_walked_into_a_capture_inside_the_line_is_given_away() {
        // After the first move, Sente's silver steps to 4e where the rook
        // takes it for nothing: Sente's own weak reply.
        let weak = line("4k4/9/9/5r3/9/9/5S3/4K4/9 w - 1", &["5a5b", "4g4f", "4d4f"]);
        assert!(gives_away(&weak, Color::Sente));
        assert!(!gives_away(&weak, Color::Gote));
        // The line's first move itself is what is judged, never given away.
        let first = line("4k4/9/9/5r3/9/9/5S3/9/4K4 b - 1", &["4g4f", "4d4f"]);
        assert!(!gives_away(&first, Color::Sente));
    }

    #[test]
    fn an_attacked_piece_gives_itself_away_only_when_it_could_have_stepped_aside() {
        // The pawn drop attacks the bishop on 5e; it takes the silver on 7c,
        // which the gold guards, where 4d, 6d and more were free.
        let free = line(
            "4k4/3g5/2s6/9/4B4/9/9/9/4K4 w p 1",
            &["P*5d", "5e7c+", "6b7c"],
        );
        assert!(gives_away(&free, Color::Sente));
        // Hemmed in by its own pieces and the gold on 5c, the same bishop
        // had nowhere to go: it was lost where it stood, and taking the
        // silver gives nothing away.
        let boxed = line(
            "4k4/3g5/2s1g4/5P3/4B4/3G1G3/9/9/4K4 w p 1",
            &["P*5d", "5e7c+", "6b7c"],
        );
        assert!(!gives_away(&boxed, Color::Sente));
    }

    #[test]
    fn a_piece_left_attacked_with_a_square_to_go_to_is_a_defence_declined() {
        // After Sente's first move, Gote's pawn drop attacks the gold on
        // 2d, which could step to 1d or 3d; Sente moves its silver instead
        // and the pawn takes the gold.
        let declined = line(
            "4k4/7g1/9/7G1/9/9/9/9/4K1S2 b p 1",
            &["5i5h", "P*2c", "3i3h", "2c2d"],
        );
        assert!(left_to_fall(&declined, Color::Sente, 3));
        // Hemmed in by its own knights and pawn and the gold on 2b, it had
        // nowhere to go: its loss is forced.
        let boxed = line(
            "4k4/7g1/9/6NGN/7P1/9/9/9/4K1S2 b p 1",
            &["5i5h", "P*2c", "3i3h", "2c2d"],
        );
        assert!(!left_to_fall(&boxed, Color::Sente, 3));
    }

    #[test]
    fn a_piece_is_followed_from_square_to_square() {
        // The silver goes 4g-4f and is taken there; the square it left is not
        // where it was lost.
        let walk = line("4k4/9/9/5r3/9/9/5S3/9/4K4 b - 1", &["4g4f", "4d4f"]);
        assert_eq!(
            captured_at(&walk, Square::parse("4g").expect("sq")),
            Some(1)
        );
        assert_eq!(captured_at(&walk, Square::parse("5i").expect("sq")), None);
    }
}
