//! Japanese (KI2) notation against hand-checked examples, following the
//! Japan Shogi Association's rules for 同, 成/不成, 打 and the relative
//! words 上 寄 引 左 右 直.

use komadai::rules::notation::{japanese, japanese_square};
use komadai::rules::{Move, Position, Square};

fn sfen(text: &str) -> Position {
    match Position::from_sfen(text) {
        Ok(pos) => pos,
        Err(err) => panic!("test SFEN {text} is invalid: {err}"),
    }
}

fn usi(text: &str) -> Move {
    match Move::from_usi(text) {
        Ok(mv) => mv,
        Err(err) => panic!("test move {text} is not USI: {err}"),
    }
}

/// The KI2 spellings of `moves` played in turn from `start`.
fn ki2_line(start: &Position, moves: &str) -> Vec<String> {
    let mut pos = *start;
    let mut previous_to = None;
    let mut out = Vec::new();
    for text in moves.split_whitespace() {
        let mv = usi(text);
        out.push(japanese(&pos, mv, previous_to));
        if let Err(err) = pos.try_play(mv) {
            panic!("{text}: {err}");
        }
        previous_to = Some(mv.to());
    }
    out
}

/// The spelling of the single move `mv` from `pos` (no previous move).
fn j(pos: &Position, mv: &str) -> String {
    let mv = usi(mv);
    assert!(pos.is_legal(mv), "{mv} must be legal in {}", pos.to_sfen());
    japanese(pos, mv, None)
}

#[test]
fn squares_are_full_width_file_and_kanji_rank() {
    let sq = Square::parse("7f").unwrap_or_else(|| panic!("7f"));
    assert_eq!(japanese_square(sq), "７六");
    let corner = Square::parse("1a").unwrap_or_else(|| panic!("1a"));
    assert_eq!(japanese_square(corner), "１一");
}

#[test]
fn opening_moves_and_a_recapture_with_dou() {
    let line = ki2_line(&Position::startpos(), "7g7f 3c3d 8h2b+ 3a2b");
    assert_eq!(line, ["▲７六歩", "△３四歩", "▲２二角成", "△同　銀"]);
}

#[test]
fn declined_promotion_is_funari() {
    let line = ki2_line(&Position::startpos(), "7g7f 3c3d 8h2b");
    assert_eq!(line[2], "▲２二角不成");
}

#[test]
fn dou_takes_no_space_before_a_two_character_rest() {
    // A promoted silver recaptures on 5d: 同成銀, written without the pad.
    let pos = sfen("4k4/9/4p4/9/5+S3/9/9/9/4K4 w - 1");
    assert_eq!(ki2_line(&pos, "5c5d 4e5d"), ["△５四歩", "▲同成銀"]);
    // A gote rook recaptures: 同　飛 keeps the pad.
    let line = ki2_line(&Position::startpos(), "7g7f 3c3d 8h2b+ 8b2b");
    assert_eq!(line[3], "△同　飛");
}

#[test]
fn forced_promotion_says_nari_and_moves_outside_the_zone_say_nothing() {
    let pos = sfen("4k4/P8/9/9/9/9/9/9/4K4 b - 1");
    assert_eq!(j(&pos, "9b9a+"), "▲９一歩成");
    let silver = sfen("8k/9/9/4S4/9/9/9/9/4K4 b - 1");
    assert_eq!(j(&silver, "5d4c"), "▲４三銀不成");
    assert_eq!(j(&silver, "5d4c+"), "▲４三銀成");
    assert_eq!(j(&silver, "5d4e"), "▲４五銀");
}

#[test]
fn drop_says_uchi_only_when_a_board_piece_could_go_there() {
    // The silver on 5d could step to 6c, so the drop must say 打.
    let pos = sfen("ln1g4l/1ks6/1pp3n1p/p2pS4/9/P1P3P1P/1P1P2N2/2K1p4/LN1GP2+rL b RB2SPb2g4p 1");
    assert_eq!(j(&pos, "S*6c"), "▲６三銀打");
    assert_eq!(j(&pos, "5d6c"), "▲６三銀不成");
    // No gold on the board: the gold drop is plain.
    let bare = sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    assert_eq!(j(&bare, "G*5b"), "▲５二金");
}

#[test]
fn movement_words_when_movement_tells_the_golds_apart() {
    // Golds on 9c and 7b can both go to 8b: one steps up, one sideways.
    let pos = sfen("8k/2G6/G8/9/9/9/9/9/8K b - 1");
    assert_eq!(j(&pos, "9c8b"), "▲８二金上");
    assert_eq!(j(&pos, "7b8b"), "▲８二金寄");
}

#[test]
fn movement_words_for_silvers_up_and_back() {
    // 8i steps straight up (上, not 直: the movement alone suffices).
    let pos = sfen("8k/9/9/9/9/9/2S6/9/1S5K1 b - 1");
    assert_eq!(j(&pos, "8i8h"), "▲８八銀上");
    assert_eq!(j(&pos, "7g8h"), "▲８八銀引");
}

#[test]
fn three_golds_in_a_row_are_left_straight_and_right() {
    let pos = sfen("8k/9/3GGG3/9/9/9/9/9/8K b - 1");
    assert_eq!(j(&pos, "6c5b"), "▲５二金左");
    assert_eq!(j(&pos, "5c5b"), "▲５二金直");
    assert_eq!(j(&pos, "4c5b"), "▲５二金右");
}

#[test]
fn gote_sees_left_and_right_from_its_own_side() {
    // For Gote, file 4 is on the left of file 5.
    let pos = sfen("4k4/9/9/9/9/9/3ggg3/9/K8 w - 1");
    assert_eq!(j(&pos, "4g5h"), "△５八金左");
    assert_eq!(j(&pos, "5g5h"), "△５八金直");
    assert_eq!(j(&pos, "6g5h"), "△５八金右");
}

#[test]
fn five_tokins_and_four_silvers_need_side_and_movement_together() {
    let pos = sfen("4k4/9/9/9/4K4/9/1+P4S1S/+P8/+P+P+P3SS1 b - 1");
    assert_eq!(j(&pos, "7i8h"), "▲８八と右");
    assert_eq!(j(&pos, "8i8h"), "▲８八と直");
    assert_eq!(j(&pos, "9i8h"), "▲８八と左上");
    assert_eq!(j(&pos, "9h8h"), "▲８八と寄");
    assert_eq!(j(&pos, "8g8h"), "▲８八と引");
    assert_eq!(j(&pos, "2i2h"), "▲２八銀直");
    assert_eq!(j(&pos, "1g2h"), "▲２八銀右");
    assert_eq!(j(&pos, "3i2h"), "▲２八銀左上");
    assert_eq!(j(&pos, "3g2h"), "▲２八銀左引");
}

#[test]
fn recapture_with_relative_word_drops_the_pad() {
    let pos = sfen("ln1gk3l/1r4g2/p1ppssnpp/4p1p2/1p3P3/2P1SgPRP/PPBPP1N2/2SK5/LN1G4L b B2P 1");
    assert_eq!(ki2_line(&pos, "4e4d 5c4d"), ["▲４四歩", "△同銀右"]);
    assert_eq!(ki2_line(&pos, "4e4d 4c4d"), ["▲４四歩", "△同銀直"]);
}

#[test]
fn knights_are_only_left_or_right() {
    let pos = sfen("4k4/9/9/9/9/9/9/9/2N1N3K b - 1");
    assert_eq!(j(&pos, "7i6g"), "▲６七桂左");
    assert_eq!(j(&pos, "5i6g"), "▲６七桂右");
}

#[test]
fn dragons_never_use_straight_and_are_placed_against_each_other() {
    // Both go up to 1g; the one on 1i moves straight but is 右, not 直.
    let pos = sfen("k8/9/9/9/9/9/9/7+R1/K7+R b - 1");
    assert_eq!(j(&pos, "2h1g"), "▲１七竜左");
    assert_eq!(j(&pos, "1i1g"), "▲１七竜右");
    // Both pull back to 4f; the one on 4d is left of the one on 3e.
    let pulled = sfen("k8/9/9/5+R3/6+R2/9/9/9/K8 b - 1");
    assert_eq!(j(&pulled, "4d4f"), "▲４六竜左");
    assert_eq!(j(&pulled, "3e4f"), "▲４六竜右");
}

#[test]
fn dragons_whose_movements_differ_take_the_movement_word() {
    let pos = sfen("k7K/9/6+R2/9/9/9/9/9/4+R4 b - 1");
    // Dragons on 3c and 5i can both reach 5c: one sideways, one up.
    assert_eq!(j(&pos, "3c5c"), "▲５三竜寄");
    assert_eq!(j(&pos, "5i5c"), "▲５三竜上");
}

#[test]
fn gote_dragons_left_and_right() {
    let pos = sfen("7+r+r/9/9/9/k8/9/9/9/4K4 w - 1");
    assert_eq!(j(&pos, "1a2b"), "△２二竜左");
    assert_eq!(j(&pos, "2a2b"), "△２二竜右");
}

#[test]
fn horses_pulling_back_together_are_left_and_right() {
    let pos = sfen("+B+B7/9/9/9/8k/9/9/9/4K4 b - 1");
    assert_eq!(j(&pos, "9a8b"), "▲８二馬左");
    assert_eq!(j(&pos, "8a8b"), "▲８二馬右");
}

#[test]
fn horses_side_by_side_moving_up() {
    let pos = sfen("k8/9/9/4+B+B3/9/9/9/9/K8 b - 1");
    assert_eq!(j(&pos, "5d5c"), "▲５三馬左");
    assert_eq!(j(&pos, "4d5c"), "▲５三馬右");
}

#[test]
fn rooks_on_one_rank_are_left_and_right() {
    let pos = sfen("4k4/9/9/9/1R5R1/9/9/9/4K4 b - 1");
    assert_eq!(j(&pos, "8e5e"), "▲５五飛左");
    assert_eq!(j(&pos, "2e5e"), "▲５五飛右");
    // In the zone the same move could promote.
    let high = sfen("4k4/1R5R1/9/9/9/9/9/9/4K4 b - 1");
    assert_eq!(j(&high, "8b5b"), "▲５二飛左不成");
    assert_eq!(j(&high, "2b5b+"), "▲５二飛右成");
}

#[test]
fn horses_take_the_movement_word_when_it_separates_them() {
    // Horses on 9e and 6c can both reach 8e: one sideways, one back.
    let pos = sfen("k8/9/3+B5/9/+B8/9/9/9/4K4 b - 1");
    assert_eq!(j(&pos, "9e8e"), "▲８五馬寄");
    assert_eq!(j(&pos, "6c8e"), "▲８五馬引");
}

#[test]
fn gote_dragons_sideways_and_back() {
    // Gote's dragons on 8g and 5h can both reach 6g; for Gote, h to g is back.
    let pos = sfen("4k4/9/9/9/9/9/1+r7/4+r4/K8 w - 1");
    assert_eq!(j(&pos, "8g6g"), "△６七竜寄");
    assert_eq!(j(&pos, "5h6g"), "△６七竜引");
}

#[test]
fn promoted_minor_pieces_keep_their_two_character_names() {
    let pos = sfen("4k4/9/9/4p4/3+N5/9/9/9/4K4 b - 1");
    assert_eq!(j(&pos, "6e6d"), "▲６四成桂");
    assert_eq!(ki2_line(&pos, "6e5e 5d5e"), ["▲５五成桂", "△同　歩"]);
    let line = ki2_line(&sfen("4k4/9/9/9/4p4/3+L5/9/9/4K4 w - 1"), "5e5f 6f5f");
    assert_eq!(line, ["△５六歩", "▲同成香"]);
}

#[test]
fn two_promoted_silvers_are_told_apart_like_golds() {
    let pos = sfen("4k4/9/9/9/9/3+S1+S3/9/9/4K4 b - 1");
    assert_eq!(j(&pos, "6f5e"), "▲５五成銀左");
    assert_eq!(j(&pos, "4f5e"), "▲５五成銀右");
}

#[test]
fn a_lance_that_declines_promotion_says_funari() {
    let pos = sfen("4k4/9/9/L8/9/9/9/9/4K4 b - 1");
    assert_eq!(j(&pos, "9d9c"), "▲９三香不成");
    assert_eq!(j(&pos, "9d9c+"), "▲９三香成");
    assert_eq!(j(&pos, "9d9b+"), "▲９二香成");
}
