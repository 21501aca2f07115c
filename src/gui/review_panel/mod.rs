//! The review beside the board: the review open (`state`), its workings (`reviewing`: the
//! analysis followed, a mistake tried again), the panel of verdicts and the evaluation graph.

pub mod eval_graph;
pub mod panel;
pub(in crate::gui) mod reviewing;
pub(in crate::gui) mod state;
