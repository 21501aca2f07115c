//! A crate's module tree read from its files: which file each module is, what each module
//! defines and imports, and the file-to-file edges its paths make.

use crate::graph::Edge;
use crate::lexer::{Kind, Token, tokens};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path from the crate root (empty for the root).
type ModPath = Vec<String>;

/// What a `use` leaf brings into its module.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Bring {
    /// The item under a name (its own, or the one after `as`).
    Name(String),
    /// A trait for its methods (`as _`).
    Unnamed,
    /// Every name of a module (`*`).
    Glob,
}

/// A `use` leaf: what it brings in, and the path it names.
#[derive(Clone, Debug, PartialEq, Eq)]
struct UseLeaf {
    bring: Bring,
    path: Vec<String>,
}

/// One `use` declaration of a file.
#[derive(Clone, Debug)]
struct UseDecl {
    module: ModPath,
    public: bool,
    line: usize,
    leaves: Vec<UseLeaf>,
}

/// A path written in the code, with the module it is written in.
#[derive(Clone, Debug)]
struct CodePath {
    module: ModPath,
    line: usize,
    segments: Vec<String>,
}

#[derive(Default, Debug)]
struct Module {
    /// Index into `Tree::files`.
    file: usize,
    children: BTreeSet<String>,
    /// Names of the items defined here (functions, types, traits, constants…).
    items: BTreeSet<String>,
    /// Names brought in by `use`, public or not (a child sees its parent's private
    /// imports), to the absolute path each names.
    imports: BTreeMap<String, ModPath>,
    /// Modules glob-imported here, absolute.
    globs: Vec<ModPath>,
}

#[derive(Debug)]
struct File {
    /// Relative to the repository root, with `/` between its parts.
    name: String,
    uses: Vec<UseDecl>,
    paths: Vec<CodePath>,
    /// Every name written in the file outside its `use` declarations, fields left out.
    names: BTreeSet<String>,
}

/// A crate's modules and files.
#[derive(Debug)]
pub struct Tree {
    files: Vec<File>,
    modules: BTreeMap<ModPath, Module>,
}

/// Where a path leads.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Target {
    Module(ModPath),
    /// An item, in the file that defines it.
    Item(usize),
}

impl Tree {
    /// The tree of the crate whose root file is `crate_root`, its files named relative to `root`.
    pub fn read(root: &Path, crate_root: &Path) -> Result<Tree, String> {
        let mut tree = Tree {
            files: Vec::new(),
            modules: BTreeMap::new(),
        };
        tree.read_file(root, crate_root, Vec::new(), true)?;
        Ok(tree)
    }

    /// Reads the file of module `module`, and the files of the modules it declares.
    /// `owns_dir`: the file is a `mod.rs` or a crate root, whose children sit beside it.
    fn read_file(
        &mut self,
        root: &Path,
        path: &Path,
        module: ModPath,
        owns_dir: bool,
    ) -> Result<(), String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let name = path
            .strip_prefix(root)
            .unwrap_or(path)
            .to_string_lossy()
            .replace('\\', "/");
        let file_index = self.files.len();
        let parsed = parse(&tokens(&text), &module);
        self.files.push(File {
            name,
            uses: parsed.uses,
            paths: parsed.paths,
            names: parsed.names,
        });
        for inline in &parsed.inline_modules {
            self.module_mut(inline, file_index);
            if let Some((last, parent)) = inline.split_last() {
                self.module_mut(parent, file_index)
                    .children
                    .insert(last.clone());
            }
        }
        self.module_mut(&module, file_index);
        for (owner, item) in parsed.items {
            self.module_mut(&owner, file_index).items.insert(item);
        }
        // The children's directory: beside a mod.rs, else in a folder named after the file.
        let dir = match (owns_dir, path.parent()) {
            (true, Some(parent)) => parent.to_path_buf(),
            (false, Some(parent)) => match path.file_stem() {
                Some(stem) => parent.join(stem),
                None => parent.to_path_buf(),
            },
            (_, None) => PathBuf::new(),
        };
        for declared in parsed.declared {
            let mut child = declared.module.clone();
            child.push(declared.name.clone());
            self.module_mut(&declared.module, file_index)
                .children
                .insert(declared.name.clone());
            // Inline modules between the file and the declaration are folders too.
            let mut child_dir = dir.clone();
            for part in &declared.module[module.len()..] {
                child_dir.push(part);
            }
            let flat = child_dir.join(format!("{}.rs", declared.name));
            let (child_path, child_owns_dir) = if flat.is_file() {
                (flat, false)
            } else {
                (child_dir.join(&declared.name).join("mod.rs"), true)
            };
            self.read_file(root, &child_path, child, child_owns_dir)?;
        }
        Ok(())
    }

    fn module_mut(&mut self, path: &[String], file: usize) -> &mut Module {
        self.modules.entry(path.to_vec()).or_insert_with(|| Module {
            file,
            ..Module::default()
        })
    }

    /// Records every `use` of every file in the module it is written in.
    fn record_imports(&mut self) {
        // A use may start from a name another use brought in (`use eval::Weights;` after
        // `use crate::engine::eval;`): read them again until no new one resolves.
        for _ in 0..4 {
            let mut found: Vec<(ModPath, Bring, ModPath)> = Vec::new();
            for file in &self.files {
                for decl in &file.uses {
                    for leaf in &decl.leaves {
                        if let Some(absolute) = self.absolute(&decl.module, &leaf.path) {
                            found.push((decl.module.clone(), leaf.bring.clone(), absolute));
                        }
                    }
                }
            }
            let mut changed = false;
            for (module, bring, absolute) in found {
                let Some(m) = self.modules.get_mut(&module) else {
                    continue;
                };
                match bring {
                    Bring::Name(name) => {
                        if let std::collections::btree_map::Entry::Vacant(entry) =
                            m.imports.entry(name)
                        {
                            entry.insert(absolute);
                            changed = true;
                        }
                    }
                    Bring::Glob => {
                        if !m.globs.contains(&absolute) {
                            m.globs.push(absolute);
                            changed = true;
                        }
                    }
                    Bring::Unnamed => {}
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// `path` written in `module`, made absolute; `None` for a path out of the crate.
    fn absolute(&self, module: &[String], path: &[String]) -> Option<ModPath> {
        let first = path.first()?;
        let mut rest = &path[1..];
        let mut base: ModPath = match first.as_str() {
            "crate" | "$crate" => Vec::new(),
            "self" => module.to_vec(),
            "super" => {
                let mut up = module.to_vec();
                up.pop()?;
                while rest.first().is_some_and(|s| s == "super") {
                    up.pop()?;
                    rest = &rest[1..];
                }
                up
            }
            name => {
                let here = self.modules.get(module)?;
                if here.children.contains(name) {
                    let mut child = module.to_vec();
                    child.push(name.to_string());
                    child
                } else {
                    // A name imported here (`use crate::engine::eval;` then `eval::…`).
                    here.imports.get(name)?.clone()
                }
            }
        };
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// Where an absolute path leads, following re-exports; `None` when it leaves the crate.
    fn resolve(&self, path: &[String], depth: usize) -> Option<Target> {
        if depth > 32 {
            return None;
        }
        let mut module: ModPath = Vec::new();
        for (i, segment) in path.iter().enumerate() {
            let here = self.modules.get(&module)?;
            if here.children.contains(segment) {
                module.push(segment.clone());
                continue;
            }
            return self.resolve_name(&module, segment, &path[i + 1..], depth);
        }
        Some(Target::Module(module))
    }

    /// Where `name` of `module`, then `rest`, leads.
    fn resolve_name(
        &self,
        module: &[String],
        name: &str,
        rest: &[String],
        depth: usize,
    ) -> Option<Target> {
        let here = self.modules.get(module)?;
        if here.items.contains(name) {
            return Some(Target::Item(here.file));
        }
        if let Some(target) = here.imports.get(name) {
            let mut full = target.clone();
            full.extend(rest.iter().cloned());
            return self.resolve(&full, depth + 1);
        }
        for glob in &here.globs {
            if self.defines(glob, name, depth + 1) {
                let mut full = glob.clone();
                full.push(name.to_string());
                full.extend(rest.iter().cloned());
                return self.resolve(&full, depth + 1);
            }
        }
        // A name the reading missed (a macro's item, an enum's variant through a glob):
        // the module's own file is the best guess.
        Some(Target::Item(here.file))
    }

    /// Whether `module` has `name`, as its own item, a child, or an import.
    fn defines(&self, module: &[String], name: &str, depth: usize) -> bool {
        if depth > 32 {
            return false;
        }
        let Some(here) = self.modules.get(module) else {
            return false;
        };
        here.items.contains(name)
            || here.children.contains(name)
            || here.imports.contains_key(name)
            || here.globs.iter().any(|g| self.defines(g, name, depth + 1))
    }

    fn target_file(&self, target: &Target) -> Option<usize> {
        match target {
            Target::Item(file) => Some(*file),
            Target::Module(module) => self.modules.get(module).map(|m| m.file),
        }
    }

    /// Every file-to-file edge of the crate (a file's uses of itself left out).
    pub fn edges(mut self) -> Vec<Edge> {
        self.record_imports();
        let mut edges = Vec::new();
        for (index, file) in self.files.iter().enumerate() {
            let mut add = |to: Option<usize>, line: usize, path: &[String]| {
                if let Some(to) = to.filter(|&to| to != index) {
                    edges.push(Edge {
                        from: file.name.clone(),
                        to: self.files[to].name.clone(),
                        line,
                        path: path.join("::"),
                    });
                }
            };
            for decl in &file.uses {
                for leaf in &decl.leaves {
                    let Some(absolute) = self.absolute(&decl.module, &leaf.path) else {
                        continue;
                    };
                    let Some(target) = self.resolve(&absolute, 0) else {
                        continue;
                    };
                    match (&leaf.bring, &target) {
                        // A glob: each of its names the file writes.
                        (Bring::Glob, Target::Module(module)) => {
                            for name in &file.names {
                                // A child module's name is no item: a variable may share it.
                                let is_child = self
                                    .modules
                                    .get(module)
                                    .is_some_and(|m| m.children.contains(name));
                                if !is_child && self.defines(module, name, 0) {
                                    let mut full = module.clone();
                                    full.push(name.clone());
                                    let to = self.resolve(&full, 0);
                                    let to = to.and_then(|t| self.target_file(&t));
                                    let mut written = leaf.path.clone();
                                    written.push(format!("*` for `{name}"));
                                    add(to, decl.line, &written);
                                }
                            }
                        }
                        // A module brought in by name is used through its paths.
                        (_, Target::Module(_)) => {}
                        // A re-export is the file's own dependency only where it uses it.
                        (Bring::Name(name), Target::Item(to)) => {
                            if !decl.public || file.names.contains(name) {
                                add(Some(*to), decl.line, &leaf.path);
                            }
                        }
                        (_, Target::Item(to)) => add(Some(*to), decl.line, &leaf.path),
                    }
                }
            }
            for code in &file.paths {
                let Some(absolute) = self.absolute(&code.module, &code.segments) else {
                    continue;
                };
                let target = self.resolve(&absolute, 0);
                add(
                    target.and_then(|t| self.target_file(&t)),
                    code.line,
                    &code.segments,
                );
            }
        }
        edges
    }
}

/// A `mod name;` declaration.
#[derive(Debug)]
struct Declared {
    /// The module it is written in (the file's own or an inline one within it).
    module: ModPath,
    name: String,
}

#[derive(Default, Debug)]
struct Parsed {
    uses: Vec<UseDecl>,
    paths: Vec<CodePath>,
    names: BTreeSet<String>,
    declared: Vec<Declared>,
    inline_modules: Vec<ModPath>,
    /// (module, item name) for every item defined.
    items: Vec<(ModPath, String)>,
}

const ITEM_KEYWORDS: &[&str] = &[
    "fn", "struct", "enum", "trait", "type", "const", "static", "union",
];

/// Names after which a name followed by `::` starts no path of ours.
const NOT_PATH_STARTS: &[&str] = &["Self"];

/// Reads the declarations and paths of a file's tokens; `module` is the file's module.
fn parse(tokens: &[Token], module: &ModPath) -> Parsed {
    let mut parsed = Parsed::default();
    // The inline modules open at this point, each with the brace depth inside it.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let current = |inline: &[(String, usize)]| -> ModPath {
        let mut path = module.clone();
        path.extend(inline.iter().map(|(n, _)| n.clone()));
        path
    };
    let mut i = 0;
    while i < tokens.len() {
        let token = &tokens[i];
        match &token.kind {
            Kind::Punct('{') => depth += 1,
            Kind::Punct('}') => {
                depth = depth.saturating_sub(1);
                if inline.last().is_some_and(|&(_, d)| d > depth) {
                    inline.pop();
                }
            }
            Kind::Name(n) if n == "mod" => {
                if let (Some(name), Some(after)) =
                    (tokens.get(i + 1).and_then(Token::name), tokens.get(i + 2))
                {
                    if after.is_punct(';') {
                        parsed.declared.push(Declared {
                            module: current(&inline),
                            name: name.to_string(),
                        });
                        refuse_path_attribute(tokens, i);
                        i += 3;
                        continue;
                    }
                    if after.is_punct('{') {
                        depth += 1;
                        inline.push((name.to_string(), depth));
                        parsed.inline_modules.push(current(&inline));
                        i += 3;
                        continue;
                    }
                }
            }
            Kind::Name(n) if n == "use" && starts_use_declaration(tokens, i) => {
                let end = tokens[i..]
                    .iter()
                    .position(|t| t.is_punct(';'))
                    .map_or(tokens.len(), |p| i + p);
                let mut leaves = Vec::new();
                let mut at = i + 1;
                if tokens.get(at).map(|t| &t.kind) == Some(&Kind::PathSep) {
                    // `use ::name`: an outside crate.
                    i = end + 1;
                    continue;
                }
                use_tree(&tokens[..end], &mut at, &[], &mut leaves);
                parsed.uses.push(UseDecl {
                    module: current(&inline),
                    public: is_public(tokens, i),
                    line: token.line,
                    leaves,
                });
                i = end + 1;
                continue;
            }
            // `pub(in crate::a)`: a visibility, no use of the module it names.
            Kind::Name(n)
                if n == "in"
                    && i >= 2
                    && tokens[i - 1].is_punct('(')
                    && tokens[i - 2].is_name("pub") =>
            {
                while i < tokens.len() && !tokens[i].is_punct(')') {
                    i += 1;
                }
                continue;
            }
            Kind::Name(n) if ITEM_KEYWORDS.contains(&n.as_str()) => {
                if let Some(name) = tokens.get(i + 1).and_then(Token::name)
                    && !ITEM_KEYWORDS.contains(&name)
                    && name != "_"
                {
                    parsed.items.push((current(&inline), name.to_string()));
                }
            }
            Kind::Name(n) => {
                // A field (`x.name`, `name: value`, the first of `Reason::Fork { fork, .. }`)
                // is no use of an item of that name.
                let before = i.checked_sub(1).map(|b| &tokens[b]);
                let after = tokens.get(i + 1);
                let is_field = before.is_some_and(|t| t.is_punct('.'))
                    || after.is_some_and(|t| t.is_punct(':'))
                    || (before.is_some_and(|t| t.is_punct('{'))
                        && after.is_some_and(|t| t.is_punct(',') || t.is_punct('}')));
                if !is_field {
                    parsed.names.insert(n.clone());
                }
                let continues_a_path = i > 0 && tokens[i - 1].kind == Kind::PathSep;
                let starts_a_path = !continues_a_path
                    && !NOT_PATH_STARTS.contains(&n.as_str())
                    && tokens.get(i + 1).map(|t| &t.kind) == Some(&Kind::PathSep);
                if starts_a_path {
                    let mut segments = vec![n.clone()];
                    let mut j = i + 1;
                    while tokens.get(j).map(|t| &t.kind) == Some(&Kind::PathSep) {
                        match tokens.get(j + 1).and_then(Token::name) {
                            Some(next) => segments.push(next.to_string()),
                            None => break,
                        }
                        j += 2;
                    }
                    if n == "crate" && i > 0 && tokens[i - 1].is_punct('$') {
                        segments[0] = "$crate".to_string();
                    }
                    for name in &segments[1..] {
                        parsed.names.insert(name.clone());
                    }
                    parsed.paths.push(CodePath {
                        module: current(&inline),
                        line: token.line,
                        segments,
                    });
                    i = j;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    parsed
}

/// Whether the `use` at `i` begins a declaration (not `<T as Trait>::use`-like text, which
/// cannot occur, but a keyword used as a raw name could).
fn starts_use_declaration(tokens: &[Token], i: usize) -> bool {
    i == 0 || !matches!(tokens[i - 1].kind, Kind::PathSep)
}

/// Whether the declaration whose `use` is at `i` is public (`pub`, `pub(crate)`, …).
fn is_public(tokens: &[Token], i: usize) -> bool {
    match i.checked_sub(1).map(|p| &tokens[p]) {
        Some(t) if t.is_name("pub") => true,
        Some(t) if t.is_punct(')') => {
            let open = tokens[..i].iter().rposition(|t| t.is_punct('('));
            open.is_some_and(|o| o > 0 && tokens[o - 1].is_name("pub"))
        }
        _ => false,
    }
}

/// Stops at a `#[path = "…"]` attribute right before the `mod` at `i`: the lexer drops
/// strings, so such a module's file is not found here, and the test says so plainly.
fn refuse_path_attribute(tokens: &[Token], i: usize) {
    let mut j = i;
    if j > 0 && tokens[j - 1].is_name("pub") {
        j -= 1;
    }
    let before = &tokens[..j];
    let n = before.len();
    if n >= 6
        && before[n - 1].is_punct(']')
        && before[n - 2].kind == Kind::Literal
        && before[n - 3].is_punct('=')
        && before[n - 4].is_name("path")
    {
        panic!(
            "a `#[path]` module attribute (line {}) is not read by this test: \
             teach tests/architecture/modules.rs its string",
            tokens[i].line
        );
    }
}

/// Reads a use tree from `tokens[*at..]` into `leaves`, each path prefixed by `prefix`.
fn use_tree(tokens: &[Token], at: &mut usize, prefix: &[String], leaves: &mut Vec<UseLeaf>) {
    let mut path = prefix.to_vec();
    while let Some(token) = tokens.get(*at) {
        match &token.kind {
            Kind::Name(n) => {
                path.push(n.clone());
                *at += 1;
                match tokens.get(*at).map(|t| &t.kind) {
                    Some(Kind::PathSep) => *at += 1,
                    _ => {
                        let mut name = n.clone();
                        if tokens.get(*at).is_some_and(|t| t.is_name("as")) {
                            if let Some(alias) = tokens.get(*at + 1).and_then(Token::name) {
                                name = alias.to_string();
                            }
                            *at += 2;
                        }
                        // `a::{self}` brings in `a` itself.
                        if path.last().is_some_and(|l| l == "self") {
                            path.pop();
                            if name == "self" {
                                name = path.last().cloned().unwrap_or_default();
                            }
                        }
                        let bring = if name == "_" {
                            Bring::Unnamed
                        } else {
                            Bring::Name(name)
                        };
                        leaves.push(UseLeaf { bring, path });
                        return;
                    }
                }
            }
            Kind::Punct('*') => {
                *at += 1;
                leaves.push(UseLeaf {
                    bring: Bring::Glob,
                    path,
                });
                return;
            }
            Kind::Punct('{') => {
                *at += 1;
                loop {
                    match tokens.get(*at) {
                        None => return,
                        Some(t) if t.is_punct('}') => {
                            *at += 1;
                            return;
                        }
                        Some(t) if t.is_punct(',') => *at += 1,
                        Some(_) => {
                            let before = *at;
                            use_tree(tokens, at, &path, leaves);
                            if *at == before {
                                *at += 1;
                            }
                        }
                    }
                }
            }
            _ => {
                *at += 1;
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leaves(text: &str) -> Vec<(Bring, String)> {
        let toks = tokens(text);
        let mut at = 1;
        let mut out = Vec::new();
        let end = toks
            .iter()
            .position(|t| t.is_punct(';'))
            .unwrap_or(toks.len());
        use_tree(&toks[..end], &mut at, &[], &mut out);
        out.into_iter()
            .map(|l| (l.bring, l.path.join("::")))
            .collect()
    }

    fn leaf(name: &str, path: &str) -> (Bring, String) {
        (Bring::Name(name.to_string()), path.to_string())
    }

    #[test]
    fn a_nested_use_tree_gives_one_leaf_per_name() {
        let found = leaves("use crate::a::{self, b::{C, D as E}, f::*, G as _};");
        assert_eq!(
            found,
            vec![
                leaf("a", "crate::a"),
                leaf("C", "crate::a::b::C"),
                leaf("E", "crate::a::b::D"),
                (Bring::Glob, "crate::a::f".to_string()),
                (Bring::Unnamed, "crate::a::G".to_string()),
            ]
        );
    }

    #[test]
    fn a_path_in_code_is_read_with_the_module_it_is_written_in() {
        let text = "mod inner { fn f() { super::x::Y::new(); } }\nfn g() { crate::z::W; }";
        let parsed = parse(&tokens(text), &vec!["m".to_string()]);
        let paths: Vec<(String, String)> = parsed
            .paths
            .iter()
            .map(|p| (p.module.join("::"), p.segments.join("::")))
            .collect();
        assert_eq!(
            paths,
            [
                ("m::inner".to_string(), "super::x::Y::new".to_string()),
                ("m".to_string(), "crate::z::W".to_string()),
            ]
        );
    }

    #[test]
    fn a_public_use_is_told_from_a_private_one() {
        let text = "pub use a::B; pub(crate) use c::D; use e::F;";
        let parsed = parse(&tokens(text), &Vec::new());
        let public: Vec<bool> = parsed.uses.iter().map(|u| u.public).collect();
        assert_eq!(public, [true, true, false]);
    }
}
