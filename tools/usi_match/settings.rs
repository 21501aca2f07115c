//! The command line: engines, time control, openings, judging and outputs.

use komadai::rules::game::MAX_PLIES;
use komadai::usi::client::Launch;
use komadai::usi::matches::{self, DeclarationRule, GameRules, TimeControl};
use std::time::Duration;

/// One engine as the command line gives it.
#[derive(Clone, Debug, Default)]
pub struct EngineSpec {
    pub argv: Vec<String>,
    pub name: Option<String>,
    /// `(name, value)`; no value for a button.
    pub options: Vec<(String, Option<String>)>,
    /// Its own `go` line, instead of the match's time control.
    pub go: Option<String>,
}

#[derive(Clone, Debug)]
pub struct Settings {
    pub a: EngineSpec,
    pub b: EngineSpec,
    pub games: usize,
    pub time: TimeControl,
    pub timeout_margin: Duration,
    pub move_timeout: Duration,
    pub init_timeout: Duration,
    pub openings: Option<String>,
    pub random_plies: usize,
    pub shuffle: bool,
    pub seed: u64,
    pub max_plies: usize,
    pub declaration: DeclarationRule,
    pub concurrency: usize,
    pub log: Option<String>,
    pub csa: Option<String>,
    pub traffic_log: Option<String>,
    pub quiet: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            a: EngineSpec::default(),
            b: EngineSpec::default(),
            games: 10,
            time: TimeControl::Byoyomi(100),
            timeout_margin: Duration::from_millis(1000),
            move_timeout: Duration::from_millis(60_000),
            init_timeout: Duration::from_secs(60),
            openings: None,
            random_plies: 8,
            shuffle: false,
            seed: 1,
            max_plies: MAX_PLIES,
            declaration: DeclarationRule::Csa27,
            concurrency: 1,
            log: None,
            csa: None,
            traffic_log: None,
            quiet: false,
        }
    }
}

impl EngineSpec {
    /// The engine as the match plays it: the program started with its arguments.
    pub fn to_match(&self) -> matches::EngineSpec {
        matches::EngineSpec {
            launch: Launch::Program(self.argv.clone()),
            options: self.options.clone(),
            go: self.go.clone(),
        }
    }
}

impl Settings {
    /// What every game is played and judged by.
    pub fn rules(&self) -> GameRules {
        GameRules {
            time: self.time.clone(),
            timeout_margin: self.timeout_margin,
            move_timeout: self.move_timeout,
            max_plies: self.max_plies,
            declaration: self.declaration,
        }
    }

    pub fn parse(args: &[String]) -> Result<Settings, String> {
        let mut s = Settings::default();
        let (mut byoyomi, mut movetime, mut nodes, mut depth) = (None, None, None, None);
        let (mut main_time, mut inc) = (None, None);
        let mut words = args.iter();
        while let Some(flag) = words.next() {
            let mut value = || {
                words
                    .next()
                    .cloned()
                    .ok_or_else(|| format!("{flag} needs a value"))
            };
            match flag.as_str() {
                "-a" | "--engine-a" => s.a.argv = split_command(&value()?)?,
                "-b" | "--engine-b" => s.b.argv = split_command(&value()?)?,
                "--name-a" => s.a.name = Some(value()?),
                "--name-b" => s.b.name = Some(value()?),
                "--opt-a" => s.a.options.push(parse_option(&value()?)),
                "--opt-b" => s.b.options.push(parse_option(&value()?)),
                "--go-a" => s.a.go = Some(go_line(&value()?)),
                "--go-b" => s.b.go = Some(go_line(&value()?)),
                "-n" | "--games" => s.games = number(flag, &value()?)?,
                "--byoyomi" => byoyomi = Some(number(flag, &value()?)?),
                "--movetime" => movetime = Some(number(flag, &value()?)?),
                "--nodes" => nodes = Some(number(flag, &value()?)?),
                "--depth" => depth = Some(number(flag, &value()?)?),
                "--time" => main_time = Some(number(flag, &value()?)?),
                "--inc" => inc = Some(number(flag, &value()?)?),
                "--timeout-margin" => s.timeout_margin = millis(flag, &value()?)?,
                "--move-timeout" => s.move_timeout = millis(flag, &value()?)?,
                "--init-timeout" => {
                    let secs: f64 = number(flag, &value()?)?;
                    s.init_timeout = Duration::try_from_secs_f64(secs)
                        .map_err(|_| format!("{flag}: {secs} is not a duration"))?;
                }
                "--openings" => s.openings = Some(value()?),
                "--random-plies" => s.random_plies = number(flag, &value()?)?,
                "--shuffle" => s.shuffle = true,
                "--seed" => s.seed = number(flag, &value()?)?,
                "--max-plies" => s.max_plies = number(flag, &value()?)?,
                "--declaration" => {
                    s.declaration = match value()?.as_str() {
                        "csa27" => DeclarationRule::Csa27,
                        "point24" => DeclarationRule::Point24,
                        other => {
                            return Err(format!(
                                "--declaration: '{other}' is not csa27 or point24"
                            ));
                        }
                    }
                }
                "-c" | "--concurrency" => s.concurrency = number(flag, &value()?)?,
                "--log" => s.log = Some(value()?),
                "--csa" => s.csa = Some(value()?),
                "--traffic-log" => s.traffic_log = Some(value()?),
                "-q" | "--quiet" => s.quiet = true,
                other => {
                    return Err(format!(
                        "unknown option '{other}' (see examples/usi_match/main.rs)"
                    ));
                }
            }
        }
        if s.a.argv.is_empty() || s.b.argv.is_empty() {
            return Err("both engines are needed: -a COMMAND -b COMMAND".to_string());
        }
        s.time = time_control(byoyomi, movetime, nodes, depth, main_time, inc)?;
        s.concurrency = s.concurrency.clamp(1, s.games.max(1));
        Ok(s)
    }
}

pub fn time_control(
    byoyomi: Option<u64>,
    movetime: Option<u64>,
    nodes: Option<u64>,
    depth: Option<u32>,
    main: Option<u64>,
    inc: Option<u64>,
) -> Result<TimeControl, String> {
    if main.is_some() || inc.is_some() {
        if movetime.is_some() || nodes.is_some() || depth.is_some() {
            return Err(
                "--time/--inc keep a clock: not with --movetime, --nodes or --depth".into(),
            );
        }
        if byoyomi.is_some() && inc.is_some() {
            return Err("a clock has byoyomi or an increment, not both".into());
        }
        return Ok(TimeControl::Clock {
            main: main.unwrap_or(0),
            byoyomi: byoyomi.unwrap_or(0),
            inc: inc.unwrap_or(0),
        });
    }
    let limits = [
        byoyomi.map(TimeControl::Byoyomi),
        movetime.map(TimeControl::Movetime),
        nodes.map(TimeControl::Nodes),
        depth.map(TimeControl::Depth),
    ];
    let mut given = limits.into_iter().flatten();
    let time = given.next().unwrap_or(TimeControl::Byoyomi(100));
    if given.next().is_some() {
        return Err("give one of --byoyomi, --movetime, --nodes, --depth".into());
    }
    Ok(time)
}

pub fn number<T: std::str::FromStr>(flag: &str, text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{flag}: '{text}' is not a number"))
}

pub fn millis(flag: &str, text: &str) -> Result<Duration, String> {
    number(flag, text).map(Duration::from_millis)
}

/// `NAME=VALUE`, `NAME` (a button) or a whole `setoption name N value V`.
pub fn parse_option(text: &str) -> (String, Option<String>) {
    let text = text.trim();
    if let Some(rest) = text.strip_prefix("setoption name ") {
        return match rest.split_once(" value ") {
            Some((name, value)) => (name.trim().to_string(), Some(value.trim().to_string())),
            None => (rest.trim().to_string(), None),
        };
    }
    match text.split_once('=') {
        Some((name, value)) => (name.trim().to_string(), Some(value.trim().to_string())),
        None => (text.to_string(), None),
    }
}

pub fn go_line(text: &str) -> String {
    let text = text.trim();
    if text.starts_with("go") {
        text.to_string()
    } else {
        format!("go {text}")
    }
}

/// Splits a command line into words: spaces separate, single or double
/// quotes group, a backslash outside single quotes takes the next character.
pub fn split_command(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('\''), c) => word.get_or_insert_default().push(c),
            (_, '\\') => {
                let next = chars.next().ok_or("a command ends in a backslash")?;
                word.get_or_insert_default().push(next);
            }
            (Some(_), c) => word.get_or_insert_default().push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_default();
            }
            (None, c) if c.is_whitespace() => words.extend(word.take()),
            (None, c) => word.get_or_insert_default().push(c),
        }
    }
    if quote.is_some() {
        return Err(format!("unclosed quote in '{text}'"));
    }
    words.extend(word);
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_split_like_a_shell() {
        let words = split_command(r#"python3 "my tools/usi.py" --x 'a b' c\ d"#).expect("splits");
        assert_eq!(words, ["python3", "my tools/usi.py", "--x", "a b", "c d"]);
        assert!(split_command("engine 'open").is_err());
    }
}
