//! Rust source as the few tokens the import graph needs: names, `::`, punctuation, each
//! with its line; comments, strings and character literals are dropped, so that a path in
//! a doc comment or a message is no import.

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A name or keyword (`r#` of a raw name taken off).
    Name(String),
    /// `::`
    PathSep,
    /// Any other punctuation character.
    Punct(char),
    /// A string, character or number literal (its text is of no use here).
    Literal,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: Kind,
    pub line: usize,
}

impl Token {
    pub fn is_name(&self, name: &str) -> bool {
        matches!(&self.kind, Kind::Name(n) if n == name)
    }

    pub fn name(&self) -> Option<&str> {
        match &self.kind {
            Kind::Name(n) => Some(n),
            _ => None,
        }
    }

    pub fn is_punct(&self, c: char) -> bool {
        self.kind == Kind::Punct(c)
    }
}

/// The tokens of `text`. Unterminated comments and strings end the text quietly: the
/// compiler is the judge of such a file, and what was read before still counts.
pub fn tokens(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            i = skip_block_comment(&chars, i, &mut line);
        } else if let Some(end) = raw_string_end(&chars, i, &mut line) {
            out.push(Token {
                kind: Kind::Literal,
                line,
            });
            i = end;
        } else if c == '"' || ((c == 'b' || c == 'c') && at(i + 1) == '"') {
            let start_line = line;
            i = skip_quoted(&chars, if c == '"' { i } else { i + 1 }, &mut line);
            out.push(Token {
                kind: Kind::Literal,
                line: start_line,
            });
        } else if c == '\'' || (c == 'b' && at(i + 1) == '\'') {
            let quote = if c == '\'' { i } else { i + 1 };
            match char_literal_end(&chars, quote) {
                Some(end) => {
                    out.push(Token {
                        kind: Kind::Literal,
                        line,
                    });
                    i = end;
                }
                // A lifetime or label: the quote and the name after it are dropped.
                None => {
                    i = quote + 1;
                    while i < chars.len() && is_name_char(chars[i]) {
                        i += 1;
                    }
                }
            }
        } else if c.is_ascii_digit() {
            while i < chars.len() && (is_name_char(chars[i]) || chars[i] == '.') {
                // `1..n`: the range's dots are not the number's.
                if chars[i] == '.' && at(i + 1) == '.' {
                    break;
                }
                i += 1;
            }
            out.push(Token {
                kind: Kind::Literal,
                line,
            });
        } else if is_name_start(c) {
            let mut start = i;
            if c == 'r' && at(i + 1) == '#' && is_name_start(at(i + 2)) {
                start = i + 2;
            }
            i = start;
            while i < chars.len() && is_name_char(chars[i]) {
                i += 1;
            }
            out.push(Token {
                kind: Kind::Name(chars[start..i].iter().collect()),
                line,
            });
        } else if c == ':' && at(i + 1) == ':' {
            out.push(Token {
                kind: Kind::PathSep,
                line,
            });
            i += 2;
        } else {
            out.push(Token {
                kind: Kind::Punct(c),
                line,
            });
            i += 1;
        }
    }
    out
}

fn is_name_start(c: char) -> bool {
    c == '_' || c.is_alphabetic()
}

fn is_name_char(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

/// The index after a block comment starting at `i` (they nest in Rust).
fn skip_block_comment(chars: &[char], mut i: usize, line: &mut usize) -> usize {
    let mut depth = 0;
    while i < chars.len() {
        if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
            depth += 1;
            i += 2;
        } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            if chars[i] == '\n' {
                *line += 1;
            }
            i += 1;
        }
    }
    i
}

/// The index after a quoted string whose opening quote is at `i`.
fn skip_quoted(chars: &[char], mut i: usize, line: &mut usize) -> usize {
    i += 1;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            '"' => return i + 1,
            c => {
                if c == '\n' {
                    *line += 1;
                }
                i += 1;
            }
        }
    }
    i
}

/// The index after a raw string (`r"…"`, `r#"…"#`, `br…`, `cr…`) starting at `i`, if one does.
fn raw_string_end(chars: &[char], i: usize, line: &mut usize) -> Option<usize> {
    let mut j = i;
    if matches!(chars.get(j), Some('b' | 'c')) {
        j += 1;
    }
    if chars.get(j) != Some(&'r') {
        return None;
    }
    // A name ending in `b`, `c` or `r` (`attr"`) is no raw string: only a token's start is.
    j += 1;
    let mut hashes = 0;
    while chars.get(j) == Some(&'#') {
        hashes += 1;
        j += 1;
    }
    if chars.get(j) != Some(&'"') {
        return None;
    }
    j += 1;
    while j < chars.len() {
        if chars[j] == '"' && (1..=hashes).all(|k| chars.get(j + k) == Some(&'#')) {
            return Some(j + 1 + hashes);
        }
        if chars[j] == '\n' {
            *line += 1;
        }
        j += 1;
    }
    Some(j)
}

/// The index after a character literal whose quote is at `quote`, or `None` for a lifetime.
fn char_literal_end(chars: &[char], quote: usize) -> Option<usize> {
    match chars.get(quote + 1) {
        Some('\\') => {
            // The escaped character may itself be a quote (`'\''`).
            let mut j = quote + 3;
            while j < chars.len() && chars[j] != '\'' {
                j += 1;
            }
            Some(j + 1)
        }
        Some(_) if chars.get(quote + 2) == Some(&'\'') => Some(quote + 3),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(text: &str) -> Vec<String> {
        tokens(text)
            .into_iter()
            .filter_map(|t| t.name().map(str::to_string))
            .collect()
    }

    #[test]
    fn comments_strings_and_characters_are_no_names() {
        let text = "// use crate::a;\n/* use /* nested */ crate::b; */ let s = \"crate::c\";\n\
                    let r = r#\"crate::\"d\"#; let q = '\"'; let e = b'\\''; fn f<'a>() {}";
        assert_eq!(
            names(text),
            ["let", "s", "let", "r", "let", "q", "let", "e", "fn", "f"]
        );
    }

    #[test]
    fn lines_are_counted_through_comments_and_strings() {
        let text = "/* one\ntwo */\nlet s = \"a\nb\";\nuse x;";
        let use_token = tokens(text).into_iter().find(|t| t.is_name("use"));
        assert_eq!(use_token.map(|t| t.line), Some(5));
    }

    #[test]
    fn an_escaped_quote_ends_no_character_literal() {
        let chars: Vec<char> = "'\\'' '\\n' '\\u{41}' 'a' 'b".chars().collect();
        let ends: Vec<Option<usize>> = [0, 5, 10, 19, 23]
            .iter()
            .map(|&q| char_literal_end(&chars, q))
            .collect();
        assert_eq!(ends, [Some(4), Some(9), Some(18), Some(22), None]);
    }

    #[test]
    fn a_name_ending_in_r_before_a_string_is_still_a_name() {
        assert_eq!(names("attr\"x\" br\"y\" r#type"), ["attr", "type"]);
    }
}
