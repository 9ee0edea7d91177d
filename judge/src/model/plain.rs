//! What serde says of a configuration file, said in the setter's words: a
//! misspelt key or value gets the closest known one, and a value of the
//! wrong type is named by its key and said as `a whole number ≥ 0`, not
//! `u64`.

use std::ops::Range;

use toml_edit::{Document, Item, Table, Value};

use crate::base::suggest;

/// `message`, serde's error at `span` of the TOML `text`, in plain words.
/// `probe` parses a text as the file's type, to learn what the items of a
/// list must be (serde names only `a sequence`).
pub fn plain(
    text: &str,
    span: Option<Range<usize>>,
    message: &str,
    probe: impl Fn(&str) -> Option<(Option<Range<usize>>, String)>,
) -> String {
    for (prefix, what) in [("unknown field `", "key"), ("unknown variant `", "value")] {
        if let Some(rest) = message.strip_prefix(prefix)
            && let Some((name, expected)) = rest.split_once('`')
        {
            return unknown(what, name, expected);
        }
    }
    if let Some(name) = (message.strip_prefix("missing field `")).and_then(|r| r.strip_suffix('`'))
    {
        return format!("missing key `{name}`");
    }
    let wrong = (message.strip_prefix("invalid type: "))
        .or_else(|| message.strip_prefix("invalid value: "))
        .and_then(|rest| rest.rsplit_once(", expected "));
    let (Some((found, expected)), Some(span)) = (wrong, span) else {
        return message.to_string();
    };
    let Some(words) = Kind::of(expected) else {
        return message.to_string();
    };
    let (key, item) = key_at(text, span.start).unwrap_or_default();
    let mut must = words.singular(found);
    let mut hint = String::new();
    let given = text.get(span.clone()).filter(|_| words == Kind::List);
    if let Some(given) = given {
        let wrapped = format!("{}[{given}]{}", &text[..span.start], &text[span.end..]);
        match probe(&wrapped) {
            // The value in brackets is right: a list of such values.
            None => {
                must = format!("a list of {}", Kind::of_found(found).plural());
                hint = format!(" (in brackets: `[{given}]`)");
            }
            Some((Some(at), inner)) if at.start > span.start && at.end <= span.end + 2 => {
                if let Some(items) =
                    (inner.rsplit_once(", expected ")).and_then(|(_, e)| Kind::of(e))
                {
                    must = format!("a list of {}", items.plural());
                }
            }
            Some(_) => {}
        }
    }
    let whose = match (key.is_empty(), item) {
        (true, _) => "the value".to_string(),
        (false, false) => format!("`{key}`"),
        (false, true) => format!("an item of `{key}`"),
    };
    format!(
        "{whose} must be {must}, not {}{hint}",
        found_in_words(found)
    )
}

/// An unknown key or value, with the closest known one when there is one,
/// else the known ones as serde lists them (`expected one of `a`, `b``).
fn unknown(what: &str, name: &str, expected: &str) -> String {
    let known: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
    match suggest::did_you_mean(name, known.iter().copied()) {
        Some(hint) => format!("unknown {what} `{name}`: {hint}"),
        None => format!("unknown {what} `{name}`{expected}"),
    }
}

/// What a value must be, as serde names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Unsigned, with the largest value it holds.
    Natural(u64),
    Whole,
    Number,
    Boolean,
    Text,
    List,
    Table,
}

impl Kind {
    fn of(expected: &str) -> Option<Kind> {
        Some(match expected {
            "u8" => Kind::Natural(u8::MAX.into()),
            "u16" => Kind::Natural(u16::MAX.into()),
            "u32" => Kind::Natural(u32::MAX.into()),
            "u64" | "usize" | "u128" => Kind::Natural(u64::MAX),
            "i8" | "i16" | "i32" | "i64" | "isize" | "i128" => Kind::Whole,
            "f32" | "f64" => Kind::Number,
            "a boolean" => Kind::Boolean,
            "a string" | "a character" => Kind::Text,
            "a sequence" => Kind::List,
            "a map" => Kind::Table,
            e if e.starts_with("struct ") => Kind::Table,
            _ => return None,
        })
    }

    /// The kind of a value serde found (`string "500"`, `integer `-3``).
    fn of_found(found: &str) -> Kind {
        match found.split([' ', '`']).next().unwrap_or_default() {
            "string" => Kind::Text,
            "integer" => Kind::Whole,
            "floating" => Kind::Number,
            "boolean" => Kind::Boolean,
            "sequence" => Kind::List,
            _ => Kind::Table,
        }
    }

    /// In words, for a value that is `found`: a natural number too large
    /// for its type is told the largest it may be.
    fn singular(self, found: &str) -> String {
        match self {
            Kind::Natural(max) => {
                let positive = found
                    .strip_prefix("integer `")
                    .is_some_and(|n| !n.starts_with('-'));
                match positive && max < u64::MAX {
                    true => format!("a whole number from 0 to {max}"),
                    false => "a whole number ≥ 0".to_string(),
                }
            }
            Kind::Whole => "a whole number".to_string(),
            Kind::Number => "a number".to_string(),
            Kind::Boolean => "true or false".to_string(),
            Kind::Text => "a text (in quotes)".to_string(),
            Kind::List => "a list".to_string(),
            Kind::Table => "a table".to_string(),
        }
    }

    fn plural(self) -> &'static str {
        match self {
            Kind::Natural(_) => "whole numbers ≥ 0",
            Kind::Whole => "whole numbers",
            Kind::Number => "numbers",
            Kind::Boolean => "true or false values",
            Kind::Text => "texts (in quotes)",
            Kind::List => "lists",
            Kind::Table => "tables",
        }
    }
}

/// A value serde found, as the file writes it (`string "500"`: the text
/// "500"; `integer `-3``: -3).
fn found_in_words(found: &str) -> String {
    if let Some(text) = found.strip_prefix("string ") {
        return format!("the text {text}");
    }
    for prefix in ["integer `", "floating point `", "boolean `"] {
        if let Some(value) = found.strip_prefix(prefix) {
            return value.trim_end_matches('`').to_string();
        }
    }
    match found {
        "sequence" => "a list".to_string(),
        "map" => "a table".to_string(),
        other => other.to_string(),
    }
}

/// The key whose value lies at `offset` of `text`, innermost, and whether
/// the value there is an item of its list.
fn key_at(text: &str, offset: usize) -> Option<(String, bool)> {
    let document = Document::parse(text).ok()?;
    let mut found = None;
    in_table(document.as_table(), offset, &mut found);
    found
}

fn in_table(table: &Table, offset: usize, found: &mut Option<(String, bool)>) {
    for (key, item) in table.iter() {
        match item {
            Item::Value(value) => in_value(key, value, offset, false, found),
            Item::Table(table) => in_table(table, offset, found),
            Item::ArrayOfTables(tables) => tables.iter().for_each(|t| in_table(t, offset, found)),
            Item::None => {}
        }
    }
}

fn in_value(
    key: &str,
    value: &Value,
    offset: usize,
    item: bool,
    found: &mut Option<(String, bool)>,
) {
    if !value.span().is_some_and(|s| s.contains(&offset)) {
        return;
    }
    *found = Some((key.to_string(), item));
    match value {
        Value::Array(items) => (items.iter()).for_each(|v| in_value(key, v, offset, true, found)),
        Value::InlineTable(table) => {
            (table.iter()).for_each(|(k, v)| in_value(k, v, offset, false, found));
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::plain;

    /// serde's message for `text` read as `T`, in plain words.
    fn said<T: serde::de::DeserializeOwned>(text: &str) -> String {
        let probe = |t: &str| {
            let e = toml::from_str::<T>(t).err()?;
            Some((e.span(), e.message().to_string()))
        };
        let e = toml::from_str::<T>(text).err().expect("an error");
        plain(text, e.span(), e.message().trim(), probe)
    }

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Config {
        count: Option<u32>,
        limit: Option<u64>,
        shift: Option<i64>,
        ratio: Option<f64>,
        sample: Option<bool>,
        name: Option<String>,
        args: Option<Vec<String>>,
        sizes: Option<Vec<u64>>,
        table: Option<std::collections::BTreeMap<String, String>>,
    }

    #[test]
    fn types_are_said_in_words_with_their_key() {
        for (text, says) in [
            (
                "limit = \"500\"",
                "`limit` must be a whole number ≥ 0, not the text \"500\"",
            ),
            (
                "limit = -500",
                "`limit` must be a whole number ≥ 0, not -500",
            ),
            (
                "count = 5000000000",
                "`count` must be a whole number from 0 to 4294967295, not 5000000000",
            ),
            ("shift = 1.5", "`shift` must be a whole number, not 1.5"),
            (
                "ratio = \"half\"",
                "`ratio` must be a number, not the text \"half\"",
            ),
            (
                "sample = \"yes\"",
                "`sample` must be true or false, not the text \"yes\"",
            ),
            ("name = 3", "`name` must be a text (in quotes), not 3"),
            (
                "args = \"40\"",
                "`args` must be a list of texts (in quotes), not the text \"40\" (in brackets: `[\"40\"]`)",
            ),
            (
                "args = [40]",
                "an item of `args` must be a text (in quotes), not 40",
            ),
            (
                "sizes = true",
                "`sizes` must be a list of whole numbers ≥ 0, not true",
            ),
            ("table = 1", "`table` must be a table, not 1"),
            ("table = { a = 1 }", "`a` must be a text (in quotes), not 1"),
        ] {
            assert_eq!(said::<Config>(text), says, "{text}");
        }
    }

    #[test]
    fn a_misspelt_key_gets_the_closest() {
        assert_eq!(
            said::<Config>("cuont = 3"),
            "unknown key `cuont`: did you mean `count`?"
        );
        let far = said::<Config>("zzz = 3");
        assert!(
            far.starts_with("unknown key `zzz`, expected one of `count`"),
            "{far}"
        );
    }
}
