//! The alpha-beta engine (issue 4). Knows the rules core only.
