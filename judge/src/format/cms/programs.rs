//! A CMS task's jury programs of `gen/` as the kit builds them
//! ([`JuryProgram`]): a source, with the Python modules of its folder it
//! imports (`from limiti import *`), which task-maker puts beside it too.

use std::collections::BTreeSet;

use anyhow::Result;

use crate::format::Package;
use crate::format::imported::kept;

/// The source files a program may be, by extension.
pub const SOURCES: [&str; 9] = ["c", "cpp", "cc", "cxx", "py", "rs", "java", "kt", "sh"];

/// The source of the program `stems` names in `dir`, if the task has one.
pub fn source(package: &Package, dir: &str, stems: &[&str]) -> Option<String> {
    package
        .under(dir)
        .find(|f| {
            let name = &f[dir.len() + 1..];
            let (stem, ext) = name.rsplit_once('.').unwrap_or((name, ""));
            stems.contains(&stem) && SOURCES.contains(&ext)
        })
        .map(str::to_string)
}

/// A jury program: its source, and the files beside it that it imports.
#[derive(Clone, Debug)]
pub struct JuryProgram {
    pub entry: String,
    pub beside: Vec<String>,
}

impl JuryProgram {
    /// The program whose source is `entry` (a file of the package).
    pub fn of(package: &Package, entry: &str) -> Result<JuryProgram> {
        let beside = match entry.ends_with(".py") {
            true => python_modules(package, entry)?,
            false => Vec::new(),
        };
        Ok(JuryProgram {
            entry: entry.to_string(),
            beside,
        })
    }

    /// How problem.toml names it: its source, or for a program of several
    /// files the name `[programs]` gives them (its path without extension).
    pub fn reference(&self) -> String {
        match self.beside.is_empty() {
            true => kept(&self.entry),
            false => self.name(),
        }
    }

    /// Its `[programs]` entry, if it has files beside its source.
    pub fn programs_entry(&self) -> Option<(String, Vec<String>)> {
        (!self.beside.is_empty()).then(|| {
            let files = std::iter::once(&self.entry).chain(&self.beside);
            (self.name(), files.map(|f| kept(f)).collect())
        })
    }

    fn name(&self) -> String {
        let stem = self.entry.rsplit_once('.').map_or(&*self.entry, |(s, _)| s);
        kept(stem)
    }

    /// Why the kit cannot run it, if it cannot: a Python program whose
    /// first line asks for Python 2 (`python2`, or PyPy's `pypy`; a bare
    /// `python`, of either version, where the code holds Python 2's
    /// statements), which judge.toml's `python` (Python 3) does not run.
    pub fn unrunnable(&self, package: &Package) -> Result<Option<String>> {
        if !self.entry.ends_with(".py") {
            return Ok(None);
        }
        let text = package.text(&self.entry)?;
        let first = text.lines().next().unwrap_or_default();
        let Some(command) = first.strip_prefix("#!") else {
            return Ok(None);
        };
        let interpreter = (command.split_whitespace())
            .map(|w| w.rsplit('/').next().unwrap_or(w))
            .find(|w| *w != "env")
            .unwrap_or_default();
        let python2 = interpreter.starts_with("python2")
            || interpreter == "pypy"
            || interpreter == "python" && speaks_python2(&text);
        Ok(python2.then(|| {
            format!(
                "{}: a Python 2 program (its first line is `{first}`); the kit runs `.py` files \
                 with Python 3, as task-maker does",
                package.shown(&self.entry)
            )
        }))
    }
}

/// Whether Python source holds what only Python 2 runs: a `print`
/// statement, `xrange`, `raw_input`.
fn speaks_python2(text: &str) -> bool {
    text.lines().map(str::trim).any(|line| {
        let print = line
            .strip_prefix("print")
            .is_some_and(|rest| rest.starts_with(' ') && !rest.trim_start().starts_with('('));
        print || line.contains("xrange(") || line.contains("raw_input(")
    })
}

/// The Python modules of `entry`'s folder that it imports, and those they
/// import, in name order.
fn python_modules(package: &Package, entry: &str) -> Result<Vec<String>> {
    let dir = entry.rsplit_once('/').map_or("", |(d, _)| d);
    let mut found = BTreeSet::new();
    let mut pending = vec![entry.to_string()];
    while let Some(file) = pending.pop() {
        for module in imported(&package.text(&file)?) {
            let path = match dir {
                "" => format!("{module}.py"),
                dir => format!("{dir}/{module}.py"),
            };
            if path != entry && package.has(&path) && found.insert(path.clone()) {
                pending.push(path);
            }
        }
    }
    Ok(found.into_iter().collect())
}

/// The modules a Python source imports at the top of a statement: `import
/// a, b as c` and `from a import x` (the package's own modules are plain
/// names).
fn imported(text: &str) -> Vec<String> {
    let mut modules = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(list) = line.strip_prefix("import ") {
            let names = list.split(',').filter_map(|n| n.split_whitespace().next());
            modules.extend(names.map(str::to_string));
        } else if let Some(rest) = line.strip_prefix("from ")
            && let Some((module, _)) = rest.split_once(" import")
        {
            modules.push(module.trim().to_string());
        }
    }
    modules
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python2_is_told_by_its_statements() {
        assert!(speaks_python2("import sys\nprint >> sys.stderr, 'usage'\n"));
        assert!(speaks_python2("for i in xrange(3):\n    pass\n"));
        assert!(!speaks_python2("print('a', 1)\nprint (2)\nprinted = 1\n"));
    }

    #[test]
    fn imports_are_found_in_both_forms() {
        let text = "#!/usr/bin/env python3\nfrom limiti import *\nimport sys, graph as g\n  \
                    import os.path\nfrom random import randint\n";
        assert_eq!(
            imported(text),
            ["limiti", "sys", "graph", "os.path", "random"]
        );
    }
}
