//! The review beside the board: the panel of verdicts and the evaluation graph.

pub mod eval_graph;
pub mod panel;
