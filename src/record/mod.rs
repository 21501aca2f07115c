//! Game records other shogi software reads and writes: KIF and CSA (issue 3).
