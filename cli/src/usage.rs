//! The command line read into [`Cli`], or the one `error:` line that says what is wrong
//! with it.
//!
//! clap writes its errors over several lines (the message, the usage, tips); `grundy` prints
//! one line: the message, folded. An argument is named in that line as it was given, except
//! that a character that would break the line or hide in it (a control character such as a
//! newline or a tab, or whitespace other than a space) is written escaped, `'5\n6'`, as
//! [`shown`] writes it. The arguments themselves are parsed as given.

use std::ffi::OsString;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, Parser};

use crate::args::Cli;

/// What a command line asks for.
#[derive(Debug)]
pub(crate) enum Parsed {
    /// A game and its position, to answer.
    Run(Cli),
    /// `--help` (or `help`): clap's text, for standard output.
    Help(clap::Error),
    /// A usage error: the message of the one `error:` line (exit status 2).
    Usage(String),
}

/// Reads the command line `arguments`, the program's name first; they need not be Unicode.
pub(crate) fn parse(arguments: Vec<OsString>) -> Parsed {
    match Cli::try_parse_from(&arguments) {
        Ok(cli) => Parsed::Run(cli),
        Err(err)
            if matches!(
                err.kind(),
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
            ) =>
        {
            Parsed::Help(err)
        }
        Err(err) if helps_the_help(&err, &arguments) => {
            // clap's `help` takes no flags: `grundy help --help` is `grundy help`.
            let help_flag = |arg: &OsString| arg == "--help" || arg == "-h";
            parse(
                arguments
                    .into_iter()
                    .filter(|arg| !help_flag(arg))
                    .collect(),
            )
        }
        Err(err) => Parsed::Usage(message(&err, &arguments)),
    }
}

/// Whether clap's error `err` is `--help` or `-h` given to the `help` command (`grundy help
/// --help`, `grundy table help -h`), which clap reads as the name of a game.
fn helps_the_help(err: &clap::Error, arguments: &[OsString]) -> bool {
    let flag = match err.get(ContextKind::InvalidSubcommand) {
        Some(ContextValue::String(name)) => name == "--help" || name == "-h",
        _ => false,
    };
    err.kind() == ErrorKind::InvalidSubcommand && flag && arguments.iter().any(|a| a == "help")
}

/// Whether the command line asks for JSON: `--json` before any `--`, read from the raw
/// arguments so that an error clap finds in them is written as JSON too.
pub(crate) fn wants_json(arguments: &[OsString]) -> bool {
    arguments
        .iter()
        .skip(1)
        .take_while(|arg| *arg != "--")
        .any(|arg| arg == "--json")
}

/// Whether `c` is written escaped in an error line.
fn hidden(c: char) -> bool {
    c.is_control() || (c.is_whitespace() && c != ' ')
}

/// `text` with every [hidden] character escaped as Rust writes it (`\n`, `\t`, `\u{2028}`),
/// and every other character as it is.
pub(crate) fn shown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if hidden(c) {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

/// The message of the `error:` line for clap's error `err` about `arguments`.
fn message(err: &clap::Error, arguments: &[OsString]) -> String {
    // After `table`, `genus` or `quotient` the games are the heap games of that subcommand.
    let command = Cli::command();
    let first = arguments
        .iter()
        .skip(1)
        .map(|arg| arg.to_string_lossy())
        .find(|arg| !arg.starts_with('-'));
    let heap_command =
        first.filter(|first| ["table", "genus", "quotient"].contains(&first.as_ref()));
    let games = || {
        let command = match heap_command
            .as_deref()
            .and_then(|c| command.find_subcommand(c))
        {
            Some(heap_games) => heap_games,
            None => &command,
        };
        command
            .get_subcommands()
            .map(|game| game.get_name().to_owned())
            .filter(|name| name != "help")
            .collect::<Vec<_>>()
    };
    let text = match err.kind() {
        ErrorKind::InvalidSubcommand => {
            let name = match err.get(ContextKind::InvalidSubcommand) {
                Some(ContextValue::String(name)) => name.clone(),
                _ => String::new(),
            };
            let games = games();
            let near = match known_as(&name) {
                Some((game, asked)) if games.iter().any(|g| asked.starts_with(g.as_str())) => {
                    format!("{game} is '{asked}'; ")
                }
                _ => nearest(&name, games.iter().map(String::as_str))
                    .map(|near| format!("did you mean '{near}'? "))
                    .unwrap_or_default(),
            };
            format!(
                "unknown game '{}' ({near}games: {})",
                shown(&name),
                games.join(", ")
            )
        }
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            format!("no game given (games: {})", games().join(", "))
        }
        // The two errors that quote an argument are written here, in clap's words, with the
        // argument shown escaped (clap's own rendering drops some control characters).
        ErrorKind::ValueValidation => match (
            err.get(ContextKind::InvalidValue),
            err.get(ContextKind::InvalidArg),
        ) {
            (Some(ContextValue::String(value)), Some(ContextValue::String(arg))) => {
                let why = std::error::Error::source(err)
                    .map(|source| format!(": {}", shown(&source.to_string())))
                    .unwrap_or_default();
                // A heap where the code goes: the arguments were likely swapped.
                let swapped = arg == "<CODE>"
                    && !value.is_empty()
                    && value.chars().all(|c| c.is_ascii_digit());
                let hint = if swapped {
                    " (the code comes before the heaps and has a point: Kayles is 'octal 0.77 N')"
                } else {
                    ""
                };
                format!("invalid value '{}' for '{arg}'{why}{hint}", shown(value))
            }
            _ => folded(err),
        },
        ErrorKind::UnknownArgument => match err.get(ContextKind::InvalidArg) {
            Some(ContextValue::String(arg)) => {
                let near = match err.get(ContextKind::SuggestedArg) {
                    Some(ContextValue::String(near)) => format!(" (did you mean '{near}'?)"),
                    _ => String::new(),
                };
                format!("unexpected argument '{}' found{near}", shown(arg))
            }
            _ => folded(err),
        },
        _ => folded(err),
    };
    // An argument missing, or one too many: the game's usage says what it takes.
    let usage = matches!(
        err.kind(),
        ErrorKind::MissingRequiredArgument
            | ErrorKind::UnknownArgument
            | ErrorKind::TooManyValues
            | ErrorKind::TooFewValues
            | ErrorKind::WrongNumberOfValues
    )
    .then(|| usage_of(arguments));
    match usage {
        Some(usage) => format!("{text}; usage: {}", shown(&usage)),
        None => text,
    }
}

/// The one name of `names` nearest to `word`: equal but for case, or within one edit (a
/// letter added, dropped, changed, or two neighbours swapped), if exactly one is.
fn nearest<'n>(word: &str, names: impl Iterator<Item = &'n str>) -> Option<&'n str> {
    let word: Vec<char> = word.to_lowercase().chars().collect();
    let mut near = names.filter(|name| {
        let name: Vec<char> = name.chars().collect();
        within_one_edit(&word, &name)
    });
    let first = near.next()?;
    near.next().is_none().then_some(first)
}

/// Whether `a` becomes `b` by at most one edit: a character inserted, deleted or replaced,
/// or two neighbours swapped.
fn within_one_edit(a: &[char], b: &[char]) -> bool {
    let common = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (a, b) = (&a[common..], &b[common..]);
    match (a.len(), b.len()) {
        (0, 0) => true,
        (x, y) if x == y => {
            a[1..] == b[1..] || (x >= 2 && a[0] == b[1] && a[1] == b[0] && a[2..] == b[2..])
        }
        (x, y) if x + 1 == y => a == &b[1..],
        (x, y) if y + 1 == x => &a[1..] == b,
        _ => false,
    }
}

/// The usage line of the deepest subcommand `arguments` name (`grundy table octal [OPTIONS]
/// <CODE> <COUNT>`), or of `grundy` itself, on one line.
fn usage_of(arguments: &[OsString]) -> String {
    let mut at = Cli::command();
    // Built, so that each subcommand's usage names the commands above it.
    at.build();
    for word in arguments.iter().skip(1) {
        let word = word.to_string_lossy();
        if word == "--" {
            break;
        }
        if let Some(sub) = at.find_subcommand(word.as_ref()) {
            at = sub.clone();
        }
    }
    let usage = at.render_usage().to_string();
    let usage = usage.split_whitespace().collect::<Vec<_>>().join(" ");
    usage.strip_prefix("Usage: ").unwrap_or(&usage).to_owned()
}

/// clap's message for `err`, its first paragraph (the rest is usage and tips), folded onto
/// one line, with anything hidden left in it escaped.
fn folded(err: &clap::Error) -> String {
    let rendered = err.render().to_string();
    let first = rendered.split("\n\n").next().unwrap_or_default();
    let folded = first.split_whitespace().collect::<Vec<_>>().join(" ");
    shown(folded.strip_prefix("error:").unwrap_or(&folded).trim())
}

/// Whether a usage message is one printable line: no control character, nothing that
/// breaks a line. Every message [`parse`] gives is.
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) fn is_one_line(message: &str) -> bool {
    !message.chars().any(hidden)
}

/// A game known by its name that the command line asks by its rules: its name and how to
/// ask it (Kayles is `octal 0.77`).
fn known_as(name: &str) -> Option<(&'static str, &'static str)> {
    let plain: String = name
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    Some(match plain.as_str() {
        "kayles" => ("Kayles", "octal 0.77"),
        "dawsonskayles" | "dawsonkayles" => ("Dawson's Kayles", "octal 0.07"),
        "dawsonschess" | "dawsonchess" => ("Dawson's chess", "octal 0.137"),
        "officers" => ("Officers", "octal 0.6"),
        "laskersnim" | "laskernim" => ("Lasker's Nim", "octal 4.[3]"),
        "grundy" | "grundysgame" | "grundygame" => ("Grundy's game", "grundys-game"),
        "turningturtles" => ("Turning Turtles", "coins turning-turtles"),
        "mockturtles" => ("Mock Turtles", "coins mock-turtles"),
        "turningcorners" => ("Turning Corners", "coins turning-corners"),
        "twins" => ("Twins", "coins twins"),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The program's name and `words`, as a command line.
    fn line(words: &[&str]) -> Vec<OsString> {
        std::iter::once("grundy")
            .chain(words.iter().copied())
            .map(OsString::from)
            .collect()
    }

    fn usage(words: &[&str]) -> String {
        match parse(line(words)) {
            Parsed::Usage(message) => message,
            other => panic!("{words:?} is not a usage error: {other:?}"),
        }
    }

    #[test]
    fn a_heap_where_the_code_goes_is_said_to_come_after_it() {
        let swapped = usage(&["octal", "7", "0.77"]);
        assert!(
            swapped.starts_with("invalid value '7' for '<CODE>': invalid take-and-break code")
                && swapped.contains(
                    " (the code comes before the heaps and has a point: Kayles is 'octal 0.77 N')"
                ),
            "{swapped}"
        );
        // A code that is wrong in another way gets no such hint.
        let other = usage(&["table", "octal", "0.7x", "20"]);
        assert!(!other.contains("comes before"), "{other}");
    }

    #[test]
    fn a_game_known_by_its_name_is_shown_how_to_ask() {
        let kayles = usage(&["kayles", "5"]);
        assert!(
            kayles.starts_with("unknown game 'kayles' (Kayles is 'octal 0.77'; games: nim, "),
            "{kayles}"
        );
        let table = usage(&["table", "Dawson's-Kayles", "20"]);
        assert!(
            table.starts_with(
                "unknown game 'Dawson's-Kayles' (Dawson's Kayles is 'octal 0.07'; games: \
                 subtraction, octal, grundys-game)"
            ),
            "{table}"
        );
        // Where the game's command is not among those asked, no hint.
        let coins = usage(&["table", "mock-turtles", "20"]);
        assert!(
            coins.starts_with("unknown game 'mock-turtles' (games: subtraction"),
            "{coins}"
        );
    }

    #[test]
    fn an_argument_holding_a_newline_is_named_escaped_on_one_line() {
        assert_eq!(
            usage(&["nim", "5\n6"]),
            "invalid value '5\\n6' for '<H>...': not a decimal number"
        );
        let game = usage(&["ni\nm", "5"]);
        assert!(
            game.starts_with("unknown game 'ni\\nm' (did you mean 'nim'? games: nim, "),
            "{game}"
        );
        let set = usage(&["subtraction", "1,\n2", "5"]);
        assert!(
            set.contains("element '\\n2': not a decimal number"),
            "{set}"
        );
        let code = usage(&["octal", "0.7\t7", "5"]);
        assert!(code.contains("'0.7\\t7' for '<CODE>'"), "{code}");
        assert!(code.contains("\"0.7\\t7\": '\\t' at 3"), "{code}");
        let bell = usage(&["nim", "\u{7}"]);
        assert_eq!(
            bell,
            "invalid value '\\u{7}' for '<H>...': not a decimal number"
        );
        let line_separator = usage(&["nim", "5\u{2028}6"]);
        assert!(line_separator.contains("'5\\u{2028}6'"), "{line_separator}");
        for message in [game, set, code, line_separator, bell] {
            assert!(is_one_line(&message), "{message:?}");
        }
    }

    #[test]
    fn a_near_game_is_suggested_when_it_is_the_only_one() {
        let names = ["nim", "misere-nim", "bash", "wythoff", "coins", "table"];
        let near = |word| nearest(word, names.iter().copied());
        assert_eq!(near("nmi"), Some("nim")); // two neighbours swapped
        assert_eq!(near("NIM"), Some("nim")); // case
        assert_eq!(near("nim5"), Some("nim")); // one added
        assert_eq!(near("wythof"), Some("wythoff")); // one dropped
        assert_eq!(near("bosh"), Some("bash")); // one changed
        assert_eq!(near("chess"), None);
        assert_eq!(near("nimm"), Some("nim"));
        assert_eq!(near(""), None);
        // Two names within one edit: neither is suggested.
        assert_eq!(nearest("ab", ["a", "b"].into_iter()), None);
        assert!(within_one_edit(&[], &['a']));
        assert!(!within_one_edit(&['a', 'b', 'c'], &['c', 'b', 'a']));
    }

    #[test]
    fn an_argument_missing_or_extra_comes_with_the_games_usage() {
        assert_eq!(
            usage(&["wythoff", "3"]),
            "the following required arguments were not provided: <B>; \
             usage: grundy wythoff [OPTIONS] <A> <B>"
        );
        assert_eq!(
            usage(&["table", "octal", "0.6", "5", "6"]),
            "unexpected argument '6' found; usage: grundy table octal [OPTIONS] <CODE> <COUNT>"
        );
        assert_eq!(
            usage(&["nim", "--jsno", "1"]),
            "unexpected argument '--jsno' found (did you mean '--json'?); \
             usage: grundy nim [OPTIONS] <H>..."
        );
        // A bad number names itself; the usage would add nothing.
        assert_eq!(
            usage(&["nim", "x"]),
            "invalid value 'x' for '<H>...': not a decimal number"
        );
    }

    #[test]
    fn json_is_asked_for_anywhere_before_a_double_dash() {
        assert!(wants_json(&line(&["--json", "nim", "x"])));
        assert!(wants_json(&line(&["nim", "x", "--json"])));
        assert!(!wants_json(&line(&["nim", "--", "--json"])));
        assert!(!wants_json(&line(&["--jsonx", "nim"])));
        assert!(!wants_json(&line(&["--json"])[..1]));
    }

    #[test]
    fn valid_arguments_are_untouched() {
        assert!(matches!(parse(line(&["nim", "5", "7"])), Parsed::Run(_)));
        assert!(matches!(parse(line(&["nim", "--help"])), Parsed::Help(_)));
        // A space is not escaped: it breaks no line.
        assert_eq!(
            usage(&["nim", "1 2"]),
            "invalid value '1 2' for '<H>...': not a decimal number"
        );
        assert_eq!(shown("0.77 \u{e9}"), "0.77 \u{e9}");
    }
}
