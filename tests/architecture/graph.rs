//! The file-level import graph and its cycles.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// One file's use of another: where it is written, and the path written there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edge {
    pub from: String,
    pub to: String,
    pub line: usize,
    pub path: String,
}

/// The edges between files, the first one written for each pair of files kept.
#[derive(Default, Debug)]
pub struct Graph {
    edges: BTreeMap<(String, String), Edge>,
}

/// A set of files each of which imports, through the others, every other one.
#[derive(Debug)]
pub struct Cycle {
    pub files: BTreeSet<String>,
}

impl Graph {
    pub fn extend(&mut self, edges: impl IntoIterator<Item = Edge>) {
        for edge in edges {
            let key = (edge.from.clone(), edge.to.clone());
            let kept = self.edges.entry(key).or_insert_with(|| edge.clone());
            if (edge.line, &edge.path) < (kept.line, &kept.path) {
                *kept = edge;
            }
        }
    }

    pub fn edges(&self) -> impl Iterator<Item = &Edge> {
        self.edges.values()
    }

    fn successors(&self, file: &str) -> impl Iterator<Item = &str> {
        self.edges
            .range((file.to_string(), String::new())..)
            .take_while(move |((from, _), _)| from == file)
            .map(|((_, to), _)| to.as_str())
    }

    /// The strongly connected sets of more than one file (Tarjan's algorithm, iterative).
    pub fn cycles(&self) -> Vec<Cycle> {
        let nodes: BTreeSet<&str> = self
            .edges
            .keys()
            .flat_map(|(a, b)| [a.as_str(), b.as_str()])
            .collect();
        let mut walk = Tarjan::default();
        let mut found = Vec::new();
        for &start in &nodes {
            if walk.index.contains_key(start) {
                continue;
            }
            // Each frame: a node and its successors still to visit.
            let mut frames = vec![walk.enter(start, self)];
            while let Some((node, pending)) = frames.last_mut() {
                let node = *node;
                if let Some(succ) = pending.pop() {
                    match walk.index.get(succ) {
                        None => frames.push(walk.enter(succ, self)),
                        Some(&at) if walk.on_stack.contains(succ) => walk.lower(node, at),
                        Some(_) => {}
                    }
                    continue;
                }
                frames.pop();
                if let Some((parent, _)) = frames.last() {
                    walk.lower(parent, walk.low[node]);
                }
                if walk.low[node] == walk.index[node] {
                    found.extend(walk.close(node));
                }
            }
        }
        found
    }

    /// The shortest round from `start` back to it within `files`, as the edges taken.
    fn round(&self, start: &str, files: &BTreeSet<String>) -> Vec<&Edge> {
        let mut came_from: BTreeMap<&str, &Edge> = BTreeMap::new();
        let mut queue = VecDeque::from([start]);
        while let Some(node) = queue.pop_front() {
            for succ in self.successors(node) {
                if !files.contains(succ) || came_from.contains_key(succ) {
                    continue;
                }
                came_from.insert(succ, &self.edges[&(node.to_string(), succ.to_string())]);
                if succ == start {
                    let mut round = Vec::new();
                    let mut at = start;
                    while let Some(edge) = came_from.get(at) {
                        round.push(*edge);
                        at = &edge.from;
                        if at == start {
                            break;
                        }
                    }
                    round.reverse();
                    return round;
                }
                queue.push_back(succ);
            }
        }
        Vec::new()
    }

    /// The cycle as a reader fixes it: its files, then one round through them with the
    /// line of each import, then every other import between its files.
    pub fn describe_cycle(&self, cycle: &Cycle) -> String {
        let mut out = format!("import cycle between {} files:\n", cycle.files.len());
        for file in &cycle.files {
            out += &format!("    {file}\n");
        }
        let Some(start) = cycle.files.first() else {
            return out;
        };
        let round = self.round(start, &cycle.files);
        out += "  one way round:\n";
        for edge in &round {
            out += &format!(
                "    {}:{} uses `{}` of {}\n",
                edge.from, edge.line, edge.path, edge.to
            );
        }
        let others: Vec<&Edge> = self
            .edges
            .values()
            .filter(|e| cycle.files.contains(&e.from) && cycle.files.contains(&e.to))
            .filter(|e| !round.contains(e))
            .collect();
        if !others.is_empty() {
            out += "  the other imports between them:\n";
            for edge in others {
                out += &format!(
                    "    {}:{} uses `{}` of {}\n",
                    edge.from, edge.line, edge.path, edge.to
                );
            }
        }
        out += "  (move what they share into the lower file or a file of its own)\n\n";
        out
    }
}

/// The state of Tarjan's walk: each node's visit number and lowest reachable one, and the
/// nodes visited whose set is still open.
#[derive(Default)]
struct Tarjan<'g> {
    index: BTreeMap<&'g str, usize>,
    low: BTreeMap<&'g str, usize>,
    on_stack: BTreeSet<&'g str>,
    stack: Vec<&'g str>,
}

impl<'g> Tarjan<'g> {
    /// Numbers `node` and returns its frame: the node and its successors.
    fn enter(&mut self, node: &'g str, graph: &'g Graph) -> (&'g str, Vec<&'g str>) {
        let next = self.index.len();
        self.index.insert(node, next);
        self.low.insert(node, next);
        self.stack.push(node);
        self.on_stack.insert(node);
        (node, graph.successors(node).collect())
    }

    fn lower(&mut self, node: &'g str, to: usize) {
        if let Some(low) = self.low.get_mut(node) {
            *low = (*low).min(to);
        }
    }

    /// Closes the set whose first node is `root`: a cycle if it holds more than one file.
    fn close(&mut self, root: &str) -> Option<Cycle> {
        let mut files = BTreeSet::new();
        while let Some(top) = self.stack.pop() {
            self.on_stack.remove(top);
            files.insert(top.to_string());
            if top == root {
                break;
            }
        }
        (files.len() > 1).then_some(Cycle { files })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edge(from: &str, to: &str) -> Edge {
        Edge {
            from: from.to_string(),
            to: to.to_string(),
            line: 1,
            path: format!("crate::{to}"),
        }
    }

    #[test]
    fn a_round_of_three_files_is_one_cycle_and_a_tail_is_none() {
        let mut graph = Graph::default();
        graph.extend([
            edge("a", "b"),
            edge("b", "c"),
            edge("c", "a"),
            edge("c", "d"),
            edge("d", "e"),
        ]);
        let cycles = graph.cycles();
        assert_eq!(cycles.len(), 1);
        let files: Vec<&str> = cycles[0].files.iter().map(String::as_str).collect();
        assert_eq!(files, ["a", "b", "c"]);
        let text = graph.describe_cycle(&cycles[0]);
        assert!(text.contains("a:1 uses `crate::b` of b"), "{text}");
        assert!(text.contains("c:1 uses `crate::a` of a"), "{text}");
    }

    #[test]
    fn a_graph_without_a_round_has_no_cycle() {
        let mut graph = Graph::default();
        graph.extend([edge("a", "b"), edge("a", "c"), edge("b", "c")]);
        assert!(graph.cycles().is_empty());
    }
}
