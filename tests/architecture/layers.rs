//! The layer order, as `docs/architecture.md` states it in its one `layers` block: one line
//! per layer, the lowest first, the modules of a line separated by commas. A module may
//! import the modules of earlier lines only; modules on the same line are independent and
//! import neither each other nor anything on a later line. `src/lib.rs`, `src/main.rs` and
//! `src/bin/` sit above every line.

use crate::lexer::tokens;
use std::collections::BTreeSet;
use std::path::Path;

/// The info string that opens the block the test reads: ```` ```layers ````.
const BLOCK: &str = "layers";

#[derive(Debug, PartialEq, Eq)]
pub struct Order {
    /// The lines, lowest first.
    lines: Vec<Vec<String>>,
}

impl Order {
    pub fn read(path: &Path) -> Result<Order, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read it: {e}"))?;
        Order::parse(&text)
    }

    pub fn parse(text: &str) -> Result<Order, String> {
        let mut blocks = Vec::new();
        let mut open: Option<(usize, Vec<(usize, &str)>)> = None;
        for (number, line) in text.lines().enumerate().map(|(i, l)| (i + 1, l)) {
            let trimmed = line.trim();
            match &mut open {
                None => {
                    if trimmed
                        .strip_prefix("```")
                        .is_some_and(|info| info.trim() == BLOCK)
                    {
                        open = Some((number, Vec::new()));
                    }
                }
                Some((start, body)) => {
                    if trimmed.starts_with("```") {
                        blocks.push((*start, std::mem::take(body)));
                        open = None;
                    } else {
                        body.push((number, trimmed));
                    }
                }
            }
        }
        if let Some((start, _)) = open {
            return Err(format!(
                "the ```{BLOCK} block of line {start} is never closed"
            ));
        }
        let body = match blocks.as_slice() {
            [] => {
                return Err(format!(
                    "no ```{BLOCK} block: the layer order is stated in one, \
                     one line per layer, the lowest first"
                ));
            }
            [(_, body)] => body,
            [(first, _), (second, _), ..] => {
                return Err(format!(
                    "two ```{BLOCK} blocks (lines {first} and {second}): state the order once"
                ));
            }
        };
        let mut lines = Vec::new();
        let mut seen = BTreeSet::new();
        for &(number, line) in body {
            if line.is_empty() {
                continue;
            }
            let mut modules = Vec::new();
            for module in line.split(',').map(str::trim) {
                let is_name = !module.is_empty()
                    && module
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
                if !is_name {
                    return Err(format!(
                        "line {number} of the ```{BLOCK} block, `{line}`: each line names \
                         modules of src/ separated by commas, nothing else"
                    ));
                }
                if !seen.insert(module.to_string()) {
                    return Err(format!(
                        "line {number} of the ```{BLOCK} block names `{module}` a second time"
                    ));
                }
                modules.push(module.to_string());
            }
            lines.push(modules);
        }
        if lines.is_empty() {
            return Err(format!("the ```{BLOCK} block names no module"));
        }
        Ok(Order { lines })
    }

    /// Every module, lowest first.
    pub fn flattened(&self) -> Vec<String> {
        self.lines.iter().flatten().cloned().collect()
    }

    /// The line of `module`, counted from 1 at the lowest.
    fn rank(&self, module: &str) -> Option<usize> {
        self.lines
            .iter()
            .position(|line| line.iter().any(|m| m == module))
            .map(|i| i + 1)
    }

    /// Whether the order names exactly the modules `declared`.
    pub fn covers(&self, declared: &BTreeSet<String>) -> Result<(), String> {
        let listed: BTreeSet<String> = self.flattened().into_iter().collect();
        let missing: Vec<&String> = declared.difference(&listed).collect();
        let extra: Vec<&String> = listed.difference(declared).collect();
        if missing.is_empty() && extra.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "modules in no layer: {missing:?}; layers that are no module: {extra:?}"
            ))
        }
    }

    /// Why the file `from` may not import the file `to`, if it may not.
    pub fn forbids(&self, from: &str, to: &str) -> Option<String> {
        let from_place = place(from)?;
        let to_place = place(to)?;
        let Place::Layer(from_module) = from_place else {
            return None;
        };
        let Place::Layer(to_module) = to_place else {
            return Some(format!(
                "{to} sits above every layer, and `{from_module}` is one"
            ));
        };
        if from_module == to_module {
            return None;
        }
        let (Some(from_rank), Some(to_rank)) = (self.rank(from_module), self.rank(to_module))
        else {
            return Some(format!(
                "`{from_module}` or `{to_module}` is in no line of the ```{BLOCK} block"
            ));
        };
        if to_rank > from_rank {
            Some(format!(
                "`{to_module}` is on line {to_rank} of the order, after `{from_module}` \
                 (line {from_rank})"
            ))
        } else if to_rank == from_rank {
            Some(format!(
                "`{to_module}` and `{from_module}` share line {to_rank}, \
                 and modules on one line import neither each other"
            ))
        } else {
            None
        }
    }
}

/// Where a file of the repository sits.
#[derive(Debug, PartialEq, Eq)]
enum Place<'a> {
    /// `src/lib.rs`, `src/main.rs`, `src/bin/…`: above every layer.
    Top,
    /// A file of the module `src/<name>`.
    Layer(&'a str),
}

/// The place of a file of `src/`; `None` for a tool's or an example's (their own crates,
/// above the library).
fn place(file: &str) -> Option<Place<'_>> {
    let inner = file.strip_prefix("src/")?;
    if inner == "lib.rs" || inner == "main.rs" || inner.starts_with("bin/") {
        return Some(Place::Top);
    }
    let module = match inner.split_once('/') {
        Some((dir, _)) => dir,
        None => inner.strip_suffix(".rs").unwrap_or(inner),
    };
    Some(Place::Layer(module))
}

/// The modules `src/lib.rs` declares.
pub fn library_modules(lib: &Path) -> Result<BTreeSet<String>, String> {
    let text = std::fs::read_to_string(lib).map_err(|e| format!("cannot read it: {e}"))?;
    let toks = tokens(&text);
    let mut modules = BTreeSet::new();
    for (i, token) in toks.iter().enumerate() {
        if let Some(name) = toks.get(i + 1).and_then(|t| t.name())
            && token.is_name("mod")
        {
            modules.insert(name.to_string());
        }
    }
    Ok(modules)
}

/// The modules the doc comment of `src/lib.rs` lists, in its order: each bullet that
/// starts with a module's name in backquotes (``//! - `rules`: …``).
pub fn doc_comment_list(lib: &Path) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(lib).map_err(|e| format!("cannot read it: {e}"))?;
    let listed: Vec<String> = text
        .lines()
        .filter_map(|line| line.trim().strip_prefix("//! - `"))
        .filter_map(|rest| rest.split_once('`').map(|(name, _)| name.to_string()))
        .collect();
    if listed.is_empty() {
        return Err("its doc comment lists no layer (bullets such as ``//! - `rules`: …``)".into());
    }
    Ok(listed)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = "# Layers\n\n```layers\nrules\nclock\nrecord, engine\ngui\n```\n";

    #[test]
    fn the_block_is_read_line_by_line_lowest_first() {
        let order = Order::parse(DOC).map(|o| o.lines);
        let expected: Vec<Vec<String>> =
            [&["rules"][..], &["clock"], &["record", "engine"], &["gui"]]
                .iter()
                .map(|line| line.iter().map(|m| m.to_string()).collect())
                .collect();
        assert_eq!(order, Ok(expected));
    }

    #[test]
    fn a_missing_a_doubled_or_a_garbled_block_is_refused_with_its_line() {
        assert!(Order::parse("no block here").is_err());
        let twice = format!("{DOC}\n{DOC}");
        assert!(Order::parse(&twice).is_err_and(|e| e.contains("lines 3 and 12")));
        let garbled = "```layers\nrules\nrecord -> engine\n```";
        assert!(Order::parse(garbled).is_err_and(|e| e.contains("line 3")));
        let repeated = "```layers\nrules\nengine, rules\n```";
        assert!(Order::parse(repeated).is_err_and(|e| e.contains("`rules` a second time")));
        assert!(Order::parse("```layers\nrules\n").is_err_and(|e| e.contains("never closed")));
    }

    #[test]
    fn upward_and_sideways_imports_are_forbidden_downward_ones_allowed() {
        let Ok(order) = Order::parse(DOC) else {
            panic!("the sample block is read");
        };
        assert_eq!(order.forbids("src/engine/a.rs", "src/rules/b.rs"), None);
        assert_eq!(order.forbids("src/engine/a.rs", "src/engine/c/d.rs"), None);
        assert_eq!(order.forbids("src/main.rs", "src/gui/x.rs"), None);
        assert_eq!(order.forbids("tools/t/main.rs", "tools/t/x.rs"), None);
        assert!(order.forbids("src/rules/a.rs", "src/clock/b.rs").is_some());
        assert!(
            order
                .forbids("src/engine/a.rs", "src/record/b.rs")
                .is_some()
        );
        assert!(order.forbids("src/rules/a.rs", "src/lib.rs").is_some());
    }
}
