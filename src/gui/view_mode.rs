//! What the board shows: the game in play, an earlier position of it, or a step of an opened
//! record being replayed.

/// What the player is looking at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ViewMode {
    /// The game in play, at its latest position.
    #[default]
    Live,
    /// The position after this many plies, read-only; the game goes on behind it.
    LookingBack(usize),
    /// An opened record at the position after this many plies. The board is read-only and
    /// the AI waits until the player plays on from a move.
    Replaying(usize),
}

impl ViewMode {
    /// The plies shown, in a game of `last` plies.
    pub fn shown(self, last: usize) -> usize {
        match self {
            ViewMode::Live => last,
            ViewMode::LookingBack(ply) | ViewMode::Replaying(ply) => ply.min(last),
        }
    }

    /// The plies shown when that is not the latest position of a game of `last` plies.
    pub fn earlier(self, last: usize) -> Option<usize> {
        let shown = self.shown(last);
        (shown < last).then_some(shown)
    }

    /// The same mode at `ply`: a replay stays a replay (also at its end); looking back at the
    /// latest position is the game itself.
    pub fn at(self, ply: usize, last: usize) -> ViewMode {
        let ply = ply.min(last);
        match self {
            ViewMode::Replaying(_) => ViewMode::Replaying(ply),
            _ if ply < last => ViewMode::LookingBack(ply),
            _ => ViewMode::Live,
        }
    }

    /// The same mode at the latest position.
    pub fn latest(self, last: usize) -> ViewMode {
        self.at(last, last)
    }

    pub fn is_replaying(self) -> bool {
        matches!(self, ViewMode::Replaying(_))
    }
}

#[cfg(test)]
mod tests {
    use super::ViewMode;

    #[test]
    fn looking_back_at_the_last_move_is_the_game_itself() {
        assert_eq!(ViewMode::Live.at(3, 5), ViewMode::LookingBack(3));
        assert_eq!(ViewMode::LookingBack(3).at(5, 5), ViewMode::Live);
        assert_eq!(ViewMode::LookingBack(3).at(9, 5), ViewMode::Live);
        assert_eq!(ViewMode::LookingBack(3).latest(5), ViewMode::Live);
    }

    #[test]
    fn a_replay_stays_a_replay_at_its_end() {
        assert_eq!(ViewMode::Replaying(0).at(5, 5), ViewMode::Replaying(5));
        assert_eq!(ViewMode::Replaying(2).latest(4), ViewMode::Replaying(4));
        assert_eq!(ViewMode::Replaying(5).earlier(5), None);
        assert_eq!(ViewMode::Replaying(2).earlier(5), Some(2));
    }

    #[test]
    fn a_replay_cut_short_by_undo_shows_its_new_end() {
        assert_eq!(ViewMode::Replaying(5).shown(3), 3);
        assert_eq!(ViewMode::Live.shown(3), 3);
    }
}
