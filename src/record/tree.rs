//! A record's lines as a tree a player edits: which line is which, the moves
//! each makes from the start, the alternatives at a move, and the edits a
//! study board makes (a move that starts or follows a branch, a branch made
//! the main line, a branch deleted). Every edit keeps the record as its
//! readers build it, so what is written reads back the same.

use super::ending::{self, Ending};
use super::model::{Record, Variation};
use crate::rules::Move;
use crate::rules::game::{EndReason, Game, GameError};
use std::time::Duration;

/// One line of a record: the game itself (no indices) or a variation, by
/// its index among the variations of each line on the way to it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LineId(Vec<usize>);

impl LineId {
    /// The game itself.
    pub fn main() -> LineId {
        LineId(Vec::new())
    }

    pub fn is_main(&self) -> bool {
        self.0.is_empty()
    }

    /// The line this one branches off (`None` for the game itself).
    pub fn parent(&self) -> Option<LineId> {
        let (_, parent) = self.0.split_last()?;
        Some(LineId(parent.to_vec()))
    }

    fn child(&self, index: usize) -> LineId {
        let mut path = self.0.clone();
        path.push(index);
        LineId(path)
    }
}

/// A move at a branch point and the line it is played in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alternative {
    pub line: LineId,
    pub mv: Move,
}

impl Record {
    /// The variation `line` names (`None` for the game itself, or a line the
    /// record does not hold).
    pub fn variation(&self, line: &LineId) -> Option<&Variation> {
        let (&first, rest) = line.0.split_first()?;
        let mut found = self.variations.get(first)?;
        for &index in rest {
            found = found.variations.get(index)?;
        }
        Some(found)
    }

    fn variation_mut(&mut self, line: &LineId) -> Option<&mut Variation> {
        let (&first, rest) = line.0.split_first()?;
        let mut found = self.variations.get_mut(first)?;
        for &index in rest {
            found = found.variations.get_mut(index)?;
        }
        Some(found)
    }

    /// The variations branching off `line`.
    fn branches_mut(&mut self, line: &LineId) -> Option<&mut Vec<Variation>> {
        match line.is_main() {
            true => Some(&mut self.variations),
            false => self.variation_mut(line).map(|v| &mut v.variations),
        }
    }

    /// The comment on the position after `ply` moves of `line`: a variation's own after its
    /// moves, the line it branches off before them (where the two lines share the moves).
    pub fn comment_on(&self, line: &LineId, ply: usize) -> Option<&str> {
        match self.owner_of_ply(line, ply) {
            Some((owner, variation_ply)) => match self.variation(&owner) {
                Some(variation) => variation.comment(ply - variation_ply),
                None => self.comment(ply),
            },
            None => None,
        }
    }

    /// Sets the comment on the position after `ply` moves of `line`, in the line that owns
    /// that move (as [`Record::comment_on`] reads it); `false` when the record holds no such
    /// line or position.
    pub fn set_comment_on(&mut self, line: &LineId, ply: usize, text: String) -> bool {
        let Some((owner, variation_ply)) = self.owner_of_ply(line, ply) else {
            return false;
        };
        if owner.is_main() {
            self.set_comment(ply, text);
            return true;
        }
        match self.variation_mut(&owner) {
            Some(variation) => {
                variation.set_comment(ply - variation_ply, text);
                true
            }
            None => false,
        }
    }

    /// The line among `line` and those it branches off that made the `ply`-th move (the
    /// game itself for the start), with the ply its own moves begin after (0 for the game);
    /// `None` past the line's end or for a line the record does not hold.
    fn owner_of_ply(&self, line: &LineId, ply: usize) -> Option<(LineId, usize)> {
        if ply > self.line_moves(line)?.len() {
            return None;
        }
        let mut at = line.clone();
        while let Some(variation) = self.variation(&at) {
            if ply > variation.ply {
                return Some((at, variation.ply));
            }
            at = at.parent()?;
        }
        Some((LineId::main(), 0))
    }

    /// The moves of `line` from the record's start; `None` for a line the
    /// record does not hold.
    pub fn line_moves(&self, line: &LineId) -> Option<Vec<Move>> {
        let mut moves = self.game.moves().to_vec();
        let mut lines = &self.variations;
        for &index in &line.0 {
            let variation = lines.get(index)?;
            moves.truncate(variation.ply);
            moves.extend_from_slice(&variation.moves);
            lines = &variation.variations;
        }
        Some(moves)
    }

    /// `line` played out from the record's start (the game itself as it is,
    /// with its result).
    pub fn line_game(&self, line: &LineId) -> Option<Game> {
        if line.is_main() {
            return Some(self.game.clone());
        }
        let mut game = Game::from_position(*self.game.start());
        for mv in self.line_moves(line)? {
            game.play(mv).ok()?;
        }
        Some(game)
    }

    /// The moves played at the branch point after `ply` moves of `line`,
    /// each with its line: the move of the line that owns the branch point
    /// first (when it has one there), then its variations there in order.
    pub fn alternatives(&self, line: &LineId, ply: usize) -> Vec<Alternative> {
        let owner = self.branch_owner(line, ply);
        let mut found = Vec::new();
        if let Some(mv) = self.line_moves(&owner).and_then(|m| m.get(ply).copied()) {
            found.push(Alternative {
                line: owner.clone(),
                mv,
            });
        }
        let branches = match self.variation(&owner) {
            Some(variation) => &variation.variations,
            None if owner.is_main() => &self.variations,
            None => return found,
        };
        for (index, variation) in branches.iter().enumerate() {
            if variation.ply == ply
                && let Some(&mv) = variation.moves.first()
            {
                found.push(Alternative {
                    line: owner.child(index),
                    mv,
                });
            }
        }
        found
    }

    /// The line whose variations hold the branch point after `ply` moves of
    /// `line`: the line itself, or, at a variation's first move, the line it
    /// branches off.
    fn branch_owner(&self, line: &LineId, ply: usize) -> LineId {
        match (self.variation(line), line.parent()) {
            (Some(variation), Some(parent)) if variation.ply == ply => parent,
            _ => line.clone(),
        }
    }

    /// Plays `mv` after `ply` moves of `line`, the way a study board does:
    /// the line's own next move or an alternative making the same move is
    /// followed; at the end of a line the move extends it; anywhere else it
    /// starts a variation. Returns the line the move is in.
    pub fn play_in_line(
        &mut self,
        line: &LineId,
        ply: usize,
        mv: Move,
    ) -> Result<LineId, GameError> {
        let moves = self.line_moves(line).ok_or(GameError::Finished)?;
        let before = moves.get(..ply).ok_or(GameError::Finished)?;
        // Played again from the start: the game's own result (a resignation) is no reason
        // to refuse a move before it or in its place.
        let mut game = Game::from_position(*self.game.start());
        for &earlier in before {
            game.play(earlier)?;
        }
        if let Some(same) = self
            .alternatives(line, ply)
            .into_iter()
            .find(|alternative| alternative.mv == mv)
        {
            return Ok(same.line);
        }
        let at_end = ply == moves.len();
        game.play(mv)?;
        let ended_by_word = self
            .line_game(line)
            .and_then(|g| g.result().map(|r| r.reason))
            .is_some_and(|reason| !ended_by_moves(reason))
            || self.variation(line).is_some_and(|v| v.end_word.is_some())
            || (line.is_main() && self.other_ending.is_some());
        if at_end && !ended_by_word {
            self.extend(line, mv)?;
            return Ok(line.clone());
        }
        let owner = self.branch_owner(line, ply);
        // A record with times has one for every move of every line (as a reader finds it).
        let move_times = match self.move_times.is_empty() {
            true => Vec::new(),
            false => vec![Duration::ZERO],
        };
        let branches = self.branches_mut(&owner).ok_or(GameError::Finished)?;
        let index = branches.iter().take_while(|v| v.ply <= ply).count();
        branches.insert(
            index,
            Variation {
                ply,
                moves: vec![mv],
                move_times,
                ..Variation::default()
            },
        );
        Ok(owner.child(index))
    }

    /// Adds `mv` at the end of `line` (checked by the caller).
    fn extend(&mut self, line: &LineId, mv: Move) -> Result<(), GameError> {
        if line.is_main() {
            self.game.play(mv)?;
            if !self.move_times.is_empty() {
                self.move_times.resize(self.game.ply(), Duration::ZERO);
            }
            return Ok(());
        }
        let timed = !self.move_times.is_empty();
        let variation = self.variation_mut(line).ok_or(GameError::Finished)?;
        variation.moves.push(mv);
        if timed || !variation.move_times.is_empty() {
            variation
                .move_times
                .resize(variation.moves.len(), Duration::ZERO);
        }
        Ok(())
    }

    /// Makes `line` the main line: at each level it takes the place of the
    /// line it branches off from its first move on, and that line's moves
    /// from there become a variation in its place. Returns whether it did.
    pub fn promote_to_main(&mut self, line: &LineId) -> bool {
        if self.variation(line).is_none() {
            return false;
        }
        let mut line = line.clone();
        let mut ok = true;
        while let Some(parent) = line.parent()
            && ok
        {
            ok = self.promote_once(&line);
            line = parent;
        }
        trim_comments(&mut self.comments);
        trim_all(&mut self.variations);
        ok
    }

    /// Swaps the variation `line` with the rest of the line it branches off.
    fn promote_once(&mut self, line: &LineId) -> bool {
        let (Some(parent), Some(&index)) = (line.parent(), line.0.last()) else {
            return false;
        };
        let Some(branches) = self.branches_mut(&parent) else {
            return false;
        };
        if index >= branches.len() {
            return false;
        }
        let ply = branches[index].ply;
        // Where the promoted line stands among the branches at its move: the demoted one
        // takes that place.
        let rank = branches[..index].iter().filter(|v| v.ply == ply).count();
        let promoted = branches.remove(index);
        // Branches of the parent after the branch point follow its moves into the variation
        // they become.
        let (later, kept): (Vec<Variation>, Vec<Variation>) = std::mem::take(branches)
            .into_iter()
            .partition(|v| v.ply > ply);
        *branches = kept;
        let mut demoted = match parent.is_main() {
            true => self.cut_game(ply),
            false => match self.variation_mut(&parent) {
                Some(variation) => cut_variation(variation, ply),
                None => return false,
            },
        };
        demoted.variations = later;
        let Variation {
            moves,
            mut comments,
            move_times,
            end_word,
            variations,
            ..
        } = promoted;
        // The comment before the promoted line's first move is about the branch point: the
        // parent keeps its own there, the demoted line takes the promoted one's.
        if comments.is_empty() {
            comments.push(String::new());
        }
        std::mem::swap(&mut comments[0], &mut demoted.comments[0]);
        let ok = match parent.is_main() {
            true => self.append_to_game(ply, moves, comments, move_times, end_word),
            false => match self.variation_mut(&parent) {
                Some(variation) => {
                    append_to_variation(variation, moves, comments, move_times, end_word);
                    true
                }
                None => false,
            },
        };
        let Some(branches) = self.branches_mut(&parent) else {
            return false;
        };
        let at = branches.iter().take_while(|v| v.ply < ply).count() + rank;
        branches.insert(at.min(branches.len()), demoted);
        branches.extend(variations);
        branches.sort_by_key(|v| v.ply);
        ok
    }

    /// Cuts the game back to `ply` moves; what it cut off, as a variation.
    fn cut_game(&mut self, ply: usize) -> Variation {
        let moves = self.game.moves().get(ply..).unwrap_or_default().to_vec();
        let end_word = match self.game.result() {
            Some(result) if !ended_by_moves(result.reason) => {
                Some(ending::kif_word(&ending::ending_of(result)))
            }
            _ => self.other_ending.take(),
        };
        self.other_ending = None;
        self.game.undo_to(ply);
        Variation {
            ply,
            moves,
            comments: split_comments(&mut self.comments, ply),
            move_times: split_times(&mut self.move_times, ply),
            end_word,
            variations: Vec::new(),
        }
    }

    /// Plays a promoted line's moves on from the game's `ply` moves.
    fn append_to_game(
        &mut self,
        ply: usize,
        moves: Vec<Move>,
        comments: Vec<String>,
        times: Vec<Duration>,
        end_word: Option<String>,
    ) -> bool {
        for mv in moves {
            if self.game.play(mv).is_err() {
                return false;
            }
        }
        join_comments(&mut self.comments, ply, comments);
        join_times(&mut self.move_times, ply, times, self.game.ply());
        if let Some(word) = end_word {
            let ending = Ending::from_kif(&word).unwrap_or(Ending::Other(word));
            ending::apply(self, ending, None);
        }
        true
    }

    /// Deletes the variation `line` and the lines branching off it; returns
    /// the line it branched off.
    pub fn delete_line(&mut self, line: &LineId) -> Option<LineId> {
        let parent = line.parent()?;
        let &index = line.0.last()?;
        let branches = self.branches_mut(&parent)?;
        (index < branches.len()).then(|| {
            branches.remove(index);
            parent
        })
    }
}

/// Comment lists as a reader builds them: no empty entries at the end.
fn trim_comments(comments: &mut Vec<String>) {
    while comments.last().is_some_and(String::is_empty) {
        comments.pop();
    }
}

fn trim_all(lines: &mut [Variation]) {
    for line in lines {
        trim_comments(&mut line.comments);
        trim_all(&mut line.variations);
    }
}

/// Endings the moves themselves bring about (a reader finds them again);
/// the others are words a file has to say.
fn ended_by_moves(reason: EndReason) -> bool {
    !matches!(
        reason,
        EndReason::Resignation | EndReason::TimeUp | EndReason::Impasse { .. }
    )
}

/// Cuts a variation back to the moves before `ply`; what it cut off, as a
/// variation of its own.
fn cut_variation(variation: &mut Variation, ply: usize) -> Variation {
    let keep = ply.saturating_sub(variation.ply);
    let moves = variation.moves.split_off(keep.min(variation.moves.len()));
    Variation {
        ply,
        moves,
        comments: split_comments(&mut variation.comments, keep),
        move_times: split_times(&mut variation.move_times, keep),
        end_word: variation.end_word.take(),
        variations: Vec::new(),
    }
}

fn append_to_variation(
    variation: &mut Variation,
    moves: Vec<Move>,
    comments: Vec<String>,
    times: Vec<Duration>,
    end_word: Option<String>,
) {
    let kept = variation.moves.len();
    variation.moves.extend(moves);
    join_comments(&mut variation.comments, kept, comments);
    let total = variation.moves.len();
    join_times(&mut variation.move_times, kept, times, total);
    variation.end_word = end_word;
}

/// Cuts comments (index n: after move n) to those up to move `kept`; the
/// rest as a cut line's comments (index 0 left for the branch point).
fn split_comments(comments: &mut Vec<String>, kept: usize) -> Vec<String> {
    if comments.len() <= kept + 1 {
        return vec![String::new()];
    }
    let mut rest = comments.split_off(kept + 1);
    rest.insert(0, String::new());
    rest
}

/// Adds a line's comments (index 0: the branch point) after move `kept`.
fn join_comments(comments: &mut Vec<String>, kept: usize, added: Vec<String>) {
    let mut added = added.into_iter();
    if let Some(first) = added.next().filter(|c| !c.is_empty()) {
        comments.resize(comments.len().max(kept + 1), String::new());
        if comments[kept].is_empty() {
            comments[kept] = first;
        }
    }
    let rest: Vec<String> = added.collect();
    if rest.iter().any(|c| !c.is_empty()) {
        comments.resize(kept + 1, String::new());
        comments.extend(rest);
    }
}

fn split_times(times: &mut Vec<Duration>, kept: usize) -> Vec<Duration> {
    if times.len() <= kept {
        return Vec::new();
    }
    times.split_off(kept)
}

/// Adds a line's times after move `kept`, so a line with times keeps one per move.
fn join_times(times: &mut Vec<Duration>, kept: usize, added: Vec<Duration>, total: usize) {
    if times.is_empty() && added.is_empty() {
        return;
    }
    times.resize(kept, Duration::ZERO);
    times.extend(added);
    times.resize(total, Duration::ZERO);
}
