//! Writing YAML (problem.yaml, test_group.yaml, ...) with `yaml-rust2`:
//! documents are built from these few helpers, keys in the order given.

use anyhow::Result;
use yaml_rust2::{Yaml, YamlEmitter, yaml::Hash};

/// A mapping with its keys in the given order.
pub fn map<'a>(pairs: impl IntoIterator<Item = (&'a str, Yaml)>) -> Yaml {
    let mut hash = Hash::new();
    for (key, value) in pairs {
        hash.insert(Yaml::String(key.to_string()), value);
    }
    Yaml::Hash(hash)
}

/// A string.
pub fn string(text: impl Into<String>) -> Yaml {
    Yaml::String(text.into())
}

/// An integer.
pub fn int(n: i64) -> Yaml {
    Yaml::Integer(n)
}

/// A floating-point number, written the shortest way that reads back the same.
pub fn real(x: f64) -> Yaml {
    Yaml::Real(format!("{x:?}"))
}

/// A sequence of strings.
pub fn strings<'a>(items: impl IntoIterator<Item = &'a str>) -> Yaml {
    Yaml::Array(items.into_iter().map(string).collect())
}

/// The text of a document (no `---` line, a final newline).
pub fn text(doc: &Yaml) -> Result<String> {
    let mut out = String::new();
    YamlEmitter::new(&mut out).dump(doc)?;
    let body = out.strip_prefix("---\n").unwrap_or(&out);
    Ok(format!("{body}\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documents_read_back() {
        let doc = map([
            ("problem_format_version", string("2025-09")),
            (
                "name",
                map([("en", string("Bash: Game")), ("zh", string("巴什博弈"))]),
            ),
            (
                "limits",
                map([("time_limit", real(1.0)), ("memory", int(256))]),
            ),
            ("args", strings(["--group", "1"])),
        ]);
        let text = text(&doc).unwrap();
        assert!(
            text.starts_with("problem_format_version: 2025-09\n"),
            "{text}"
        );
        let back = &yaml_rust2::YamlLoader::load_from_str(&text).unwrap()[0];
        assert_eq!(back["name"]["en"].as_str(), Some("Bash: Game"));
        assert_eq!(back["name"]["zh"].as_str(), Some("巴什博弈"));
        assert_eq!(back["limits"]["time_limit"].as_f64(), Some(1.0));
        assert_eq!(back["args"][1].as_str(), Some("1"));
    }
}
