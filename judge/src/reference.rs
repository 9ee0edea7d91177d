//! The guide's command reference (`book/src/reference/`), made from the
//! command line's definitions: a Markdown page per command, per `judge
//! lab` family too, with what `--help` says of it (the summary, the usage,
//! each argument and option under its heading, with its default, its
//! possible values and its variable), so that the help and the guide
//! cannot differ. `judge/tests/guide.rs` holds the committed pages to
//! these.

use clap::{Arg, Command};

use crate::cli::Cli;

/// The width the pages' prose is wrapped at.
const WIDTH: usize = 80;

/// The line each page starts with.
const GENERATED: &str = "<!-- Generated from the command line's definitions by \
judge/src/reference.rs: do not edit.\n     \
UPDATE_GUIDE=1 cargo test -p judge --test guide writes it anew. -->";

/// A page of the reference: its file name under `book/src/reference/`
/// and its Markdown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Page {
    pub file: String,
    pub text: String,
}

/// Every page of the reference, `judge` first, then each command in the
/// order of `judge --help`, each followed by its own subcommands.
pub fn pages() -> Vec<Page> {
    let mut root = Cli::command_with(games::lab::FAMILIES);
    root.build();
    let mut pages = Vec::new();
    walk(&[&root], &mut pages);
    pages
}

/// The page of the last command of `path` (its ancestors before it), and
/// those of its subcommands.
fn walk(path: &[&Command], pages: &mut Vec<Page>) {
    pages.push(Page {
        file: file_name(path),
        text: page(path),
    });
    let command = path[path.len() - 1];
    for sub in subcommands(command) {
        let mut longer = path.to_vec();
        longer.push(sub);
        walk(&longer, pages);
    }
}

/// A command's subcommands as its help lists them (not `help`).
fn subcommands(command: &Command) -> impl Iterator<Item = &Command> {
    (command.get_subcommands()).filter(|s| !s.is_hide_set() && s.get_name() != "help")
}

/// The command's name as typed: `judge lab octal`.
fn full_name(path: &[&Command]) -> String {
    let names: Vec<&str> = path.iter().map(|c| c.get_name()).collect();
    names.join(" ")
}

/// The page's file: `judge-lab-octal.md`.
fn file_name(path: &[&Command]) -> String {
    full_name(path).replace(' ', "-") + ".md"
}

/// The Markdown of the last command of `path`.
fn page(path: &[&Command]) -> String {
    let command = path[path.len() - 1];
    let mut out = vec![GENERATED.to_string(), format!("# {}", full_name(path))];
    let about = (command.get_long_about().or(command.get_about())).map(|a| a.to_string());
    if let Some(about) = about {
        out.push(prose(&about));
    }
    let usage = command.clone().render_usage().to_string();
    out.push(format!("```text\n{}\n```", usage.trim_end()));
    let subs: Vec<String> = subcommands(command)
        .map(|sub| {
            let mut longer = path.to_vec();
            longer.push(sub);
            let about = sub.get_about().map(|a| prose(&a.to_string()));
            let (name, file) = (full_name(&longer), file_name(&longer));
            let line = format!("- [`{name}`]({file}): {}", about.unwrap_or_default());
            wrap(&line, "  ")
        })
        .collect();
    if !subs.is_empty() {
        out.push("## Commands".to_string());
        out.push(subs.join("\n"));
    }
    for (heading, args) in groups(command) {
        out.push(format!("## {heading}"));
        out.extend(section(path, &args));
    }
    let after = (command.get_after_long_help()).or(command.get_after_help());
    if let Some(after) = after {
        out.push(format!("```text\n{}\n```", after.to_string().trim_end()));
    }
    out.join("\n\n") + "\n"
}

/// The command's arguments (hidden ones left out) by heading: the
/// positional ones, its options, then each other heading in the order its
/// first argument comes.
fn groups(command: &Command) -> Vec<(String, Vec<&Arg>)> {
    let mut groups: Vec<(String, Vec<&Arg>)> = vec![
        ("Arguments".to_string(), Vec::new()),
        ("Options".to_string(), Vec::new()),
    ];
    for arg in command.get_arguments().filter(|a| !a.is_hide_set()) {
        let heading = match (arg.get_help_heading(), arg.is_positional()) {
            (Some(heading), _) => heading,
            (None, true) => "Arguments",
            (None, false) => "Options",
        };
        match groups.iter_mut().find(|(h, _)| h == heading) {
            Some((_, args)) => args.push(arg),
            None => groups.push((heading.to_string(), vec![arg])),
        }
    }
    groups.retain(|(_, args)| !args.is_empty());
    groups
}

/// The blocks of one heading's arguments: each in full where the command
/// defines it, and one line naming those an ancestor defines for all its
/// subcommands (`--jobs`), with a link to where they are described.
fn section(path: &[&Command], args: &[&Arg]) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut inherited: Vec<(usize, String)> = Vec::new();
    for arg in args {
        match owner(path, arg) {
            Some(owner) => inherited.push((owner, flag(arg))),
            None => blocks.push(described(arg)),
        }
    }
    let mut owners: Vec<usize> = inherited.iter().map(|(o, _)| *o).collect();
    owners.dedup();
    let heading = args[0].get_help_heading().unwrap_or("Options");
    let anchor = heading.to_lowercase().replace(' ', "-");
    for owner in owners {
        let flags: Vec<String> = (inherited.iter())
            .filter(|(o, _)| *o == owner)
            .map(|(_, f)| format!("`{f}`"))
            .collect();
        let (name, file) = (full_name(&path[..owner]), file_name(&path[..owner]));
        blocks.push(wrap(
            &format!(
                "{}: the options of [`{name}`]({file}#{anchor}), which every command under it takes.",
                flags.join(", ")
            ),
            "",
        ));
    }
    blocks
}

/// How many commands of `path` lead to the ancestor that defines `arg`
/// for all its subcommands, if one does: a global option the command
/// only inherits.
fn owner(path: &[&Command], arg: &Arg) -> Option<usize> {
    if !arg.is_global_set() || path.len() < 2 {
        return None;
    }
    let defines =
        |c: &Command| (c.get_arguments()).any(|a| a.get_id() == arg.get_id() && a.is_global_set());
    let first = path.iter().position(|c| defines(c))?;
    (first + 1 < path.len()).then_some(first + 1)
}

/// An argument as its help line starts: `-j, --jobs <JOBS>`, `<FILE|DIR>...`.
fn flag(arg: &Arg) -> String {
    let names: Vec<String> = match arg.get_value_names() {
        Some(names) => names.iter().map(|n| n.to_string()).collect(),
        None => vec![arg.get_id().as_str().to_uppercase()],
    };
    let many = arg.get_num_args().is_some_and(|n| n.max_values() > 1);
    let dots = if many { "..." } else { "" };
    if arg.is_positional() {
        let (open, close) = if arg.is_required_set() {
            ("<", ">")
        } else {
            ("[", "]")
        };
        return format!("{open}{}{close}{dots}", names.join(" "));
    }
    let mut spelled = Vec::new();
    if let Some(short) = arg.get_short() {
        spelled.push(format!("-{short}"));
    }
    if let Some(long) = arg.get_long() {
        spelled.push(format!("--{long}"));
    }
    let mut text = spelled.join(", ");
    if arg.get_action().takes_values() {
        let values: Vec<String> = names.iter().map(|n| format!("<{n}>")).collect();
        text = format!("{text} {}{dots}", values.join(" "));
    }
    text
}

/// An argument in full: its heading, its help, then what else `--help`
/// says of it (required, default, possible values, variable).
fn described(arg: &Arg) -> String {
    let mut out = vec![format!("### `{}`", flag(arg))];
    let help = (arg.get_long_help().or(arg.get_help())).map(|h| h.to_string());
    if let Some(help) = help {
        out.push(prose(&help));
    }
    let mut facts = Vec::new();
    if arg.is_required_set() && !arg.is_positional() {
        facts.push("Required.".to_string());
    }
    let defaults: Vec<String> = (arg.get_default_values().iter())
        .map(|d| format!("`{}`", d.to_string_lossy()))
        .collect();
    let shown = arg.get_action().takes_values() && !arg.is_hide_default_value_set();
    if !defaults.is_empty() && shown {
        facts.push(format!("Default: {}.", defaults.join(", ")));
    }
    let possible = possible_values(arg);
    if !possible.is_empty() {
        facts.push(format!("Possible values: {}.", possible.join(", ")));
    }
    if let Some(env) = arg.get_env().filter(|_| !arg.is_hide_env_set()) {
        facts.push(format!(
            "Environment variable: `{}`.",
            env.to_string_lossy()
        ));
    }
    if !facts.is_empty() {
        out.push(wrap(&facts.join(" "), ""));
    }
    out.join("\n\n")
}

/// The values an option takes, as `--help` lists them, each with its own
/// help where it has one: `` `full` ``, `` `none` (…) ``.
fn possible_values(arg: &Arg) -> Vec<String> {
    if !arg.get_action().takes_values() || arg.is_hide_possible_values_set() {
        return Vec::new();
    }
    (arg.get_possible_values().iter())
        .filter(|v| !v.is_hide_set())
        .map(|v| match v.get_help() {
            Some(help) => format!("`{}` ({})", v.get_name(), escape(&help.to_string())),
            None => format!("`{}`", v.get_name()),
        })
        .collect()
}

/// Help text as Markdown paragraphs: escaped, wrapped, and each ended
/// with a full stop (clap leaves out a one-line help's).
fn prose(text: &str) -> String {
    let paragraphs: Vec<String> = (text.split("\n\n"))
        .map(|p| {
            let p = p.trim();
            let stop = if p.ends_with(['.', '!', '?', ':']) {
                ""
            } else {
                "."
            };
            wrap(&escape(&format!("{p}{stop}")), "")
        })
        .collect();
    paragraphs.join("\n\n")
}

/// `text` with the characters Markdown would take for markup escaped,
/// outside its code spans (between backticks, which the help texts use
/// for code).
pub fn escape(text: &str) -> String {
    let mut out = String::new();
    for (i, part) in text.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        if i % 2 == 1 {
            out.push_str(part);
            continue;
        }
        for c in part.chars() {
            if matches!(c, '\\' | '*' | '_' | '<' | '>' | '[' | ']' | '|') {
                out.push('\\');
            }
            out.push(c);
        }
    }
    out
}

/// `text` wrapped at [`WIDTH`], each line after the first starting with
/// `indent`. A line never starts with a word Markdown would read as the
/// start of a list, a heading, a quote or a table (such a word stays on
/// the line before, even if that makes it longer), nor does a break fall
/// in a code span where that would matter.
pub fn wrap(text: &str, indent: &str) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    let mut in_code = false;
    for word in text.split_whitespace() {
        let fits = line.chars().count() + 1 + word.chars().count() <= WIDTH;
        if line.is_empty() || fits || (!in_code && starts_a_block(word)) {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        } else {
            lines.push(std::mem::replace(&mut line, format!("{indent}{word}")));
        }
        let ticks = word.split('`').count() - 1;
        in_code ^= ticks % 2 == 1;
    }
    lines.push(line);
    lines.join("\n")
}

/// Whether `word`, first on a line, would start a Markdown block.
fn starts_a_block(word: &str) -> bool {
    let numbered = |w: &str| {
        let digits = w.trim_end_matches(['.', ')']);
        digits.len() + 1 == w.len()
            && !digits.is_empty()
            && digits.chars().all(|c| c.is_ascii_digit())
    };
    matches!(word, "-" | "+" | "*")
        || word.chars().all(|c| c == '#')
        || word.starts_with(['>', '|', '=', '<'])
        || word.starts_with("```")
        || numbered(word)
}

#[cfg(test)]
mod tests {
    use super::{escape, wrap};

    #[test]
    fn markup_is_escaped_outside_code_spans_only() {
        assert_eq!(
            escape("solutions/<problem>/ and `a <b>` *x*"),
            "solutions/\\<problem\\>/ and `a <b>` \\*x\\*"
        );
    }

    #[test]
    fn no_line_starts_a_block() {
        let text = format!("{} - a", "word ".repeat(15).trim_end());
        let wrapped = wrap(&text, "");
        assert!(wrapped.lines().all(|l| !l.starts_with("- ")), "{wrapped}");
        assert!(
            wrapped.lines().all(|l| l.chars().count() <= 82),
            "{wrapped}"
        );
    }
}
