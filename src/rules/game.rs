//! A game from its start position to its end: history, endings, undo (issue 3).
