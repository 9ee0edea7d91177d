//! The programs a language of judge.toml runs (its compiler, its
//! interpreter), whether this machine has them, and how to get the ones
//! it lacks: said by `judge doctor`, by `judge import` for the languages
//! of a package, and as the compile error of a submission whose
//! toolchain is missing.

use std::path::PathBuf;

use crate::model::config::Language;

/// Debian's package of each program the kit may look for.
const DEBIAN: [(&str, &str); 9] = [
    ("gcc", "gcc"),
    ("g++", "g++"),
    ("python3", "python3"),
    ("pypy3", "pypy3"),
    ("javac", "openjdk-17-jdk-headless"),
    ("java", "openjdk-17-jdk-headless"),
    ("bash", "bash"),
    ("pdftotext", "poppler-utils"),
    ("fc-list", "fontconfig"),
];

/// How to install the program `name`.
pub fn install(name: &str) -> String {
    match DEBIAN.iter().find(|(program, _)| *program == name) {
        Some((_, package)) => format!("apt-get install {package}"),
        None if name == "rustc" || name == "cargo" => "https://rustup.rs".to_string(),
        // Debian's is 1.3; the judges run 2.x.
        None if name == "kotlinc" => {
            "scripts/setup.sh --slow (JetBrains' kotlin-compiler from the npm registry)".to_string()
        }
        // PyPI's checktestdata; the tools venv has it.
        None if name == "pyctd" => {
            "pip install checktestdata (scripts/setup-tools.sh puts it in target/tools/venv/bin)"
                .to_string()
        }
        None => format!("install {name} and put it on PATH"),
    }
}

/// The absolute path of an executable found on `PATH`.
pub fn which(name: &str) -> Option<PathBuf> {
    if name.contains('/') {
        return Some(PathBuf::from(name));
    }
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// The programs `language` starts to compile and run a source, the
/// compiler first (not the program it builds: `{binary}`).
pub fn programs(language: &Language) -> Vec<&str> {
    let commands = language.compile.iter().chain([&language.run]);
    let mut programs: Vec<&str> = (commands.filter_map(|c| c.first()))
        .map(String::as_str)
        .filter(|p| !p.starts_with('{'))
        .collect();
    programs.dedup();
    programs
}

/// The first program `language` needs that this machine lacks, said with
/// how to get it.
pub fn missing(name: &str, language: &Language) -> Option<String> {
    let program = programs(language)
        .into_iter()
        .find(|p| which(p).is_none())?;
    let extensions = language.extensions.join(", .");
    Some(format!(
        "{program} is not installed on this machine (judge.toml's `{name}` runs it for .{extensions} \
         files): {}",
        install(program)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_program_is_named_with_its_package() {
        let language = Language {
            extensions: vec!["kt".into()],
            compile: Some(vec!["kotlinc-absent".into(), "{source}".into()]),
            run: vec!["sh".into(), "{binary}".into()],
            version: None,
            keep_name: false,
            other: None,
        };
        assert_eq!(programs(&language), ["kotlinc-absent", "sh"]);
        let said = missing("kotlin", &language).unwrap();
        assert!(
            said.starts_with("kotlinc-absent is not installed"),
            "{said}"
        );
        assert!(
            said.ends_with("install kotlinc-absent and put it on PATH"),
            "{said}"
        );
        assert_eq!(install("javac"), "apt-get install openjdk-17-jdk-headless");
    }
}
