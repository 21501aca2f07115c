//! JKF (JSON kifu format, as ShogiHome and json-kifu-format read and
//! write it): a `header` of Japanese keys, the `initial` position (a preset
//! name or a board), and `moves`, each with its `comments`, `time` and the
//! alternatives to it (`forks`), which are the record's variations.

mod read;
mod write;

pub use read::read;
pub use write::write;

use crate::rules::handicap::Handicap;

/// JKF's preset names for the handicaps komadai knows (歩三兵 and 裸玉 have none: they are
/// written as an `OTHER` board).
const PRESETS: [(&str, Handicap); 15] = [
    ("KY", Handicap::Lance),
    ("KY_R", Handicap::RightLance),
    ("KA", Handicap::Bishop),
    ("HI", Handicap::Rook),
    ("HIKY", Handicap::RookLance),
    ("2", Handicap::TwoPieces),
    ("3", Handicap::ThreePieces),
    ("4", Handicap::FourPieces),
    ("5", Handicap::FivePieces),
    ("5_L", Handicap::LeftFivePieces),
    ("6", Handicap::SixPieces),
    ("7_L", Handicap::LeftSevenPieces),
    ("7_R", Handicap::RightSevenPieces),
    ("8", Handicap::EightPieces),
    ("10", Handicap::TenPieces),
];

/// The header keys that have a place of their own in the record.
const SENTE: [&str; 2] = ["先手", "下手"];
const GOTE: [&str; 2] = ["後手", "上手"];
const EVENT: &str = "棋戦";
const SITE: &str = "場所";
const START_TIME: &str = "開始日時";
