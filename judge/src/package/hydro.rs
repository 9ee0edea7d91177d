//! Hydro's problem import: one folder per problem with `problem.yaml`
//! (`pid`, `title`, `tag`), the statements as `problem_en.md` and
//! `problem_zh.md`, and `testdata/` holding every test flat plus
//! `config.yaml`: limits, the checker (`checker_type: testlib`: a C++
//! testlib checker Hydro compiles with its own testlib.h, or one of its
//! built-in standard checkers by name), and the groups as subtasks that
//! score their points only when every case passes (`type: min`). Without
//! groups the 100 points are shared by the tests. An interactive problem is
//! `type: interactive` with its C++ interactor (`cpp_interactor`), which
//! Hydro compiles with its testlib.h and starts as testlib does
//! (`interactor input tout answer`), its verdict read from its stderr.

use anyhow::{Result, bail};
use yaml_rust2::Yaml;

use super::yaml::{int, map, string, strings, text};
use super::{Exporter, Subject, Tree};
use crate::problem::CppChecker;
use crate::program::Protocol;
use crate::testset::Test;

/// Hydro's format.
#[derive(Clone, Copy, Debug)]
pub struct Hydro;

/// A test as a case of `config.yaml`.
fn case(test: &Test) -> Yaml {
    map([
        ("input", string(format!("{}.in", test.name))),
        ("output", string(format!("{}.ans", test.name))),
    ])
}

/// Hydro's problem ids are lowercase letters and digits, with at most one
/// dash after a prefix of at most ten characters (`anti-nim`).
pub fn pid(name: &str) -> String {
    let clean: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect::<String>()
        .to_ascii_lowercase();
    match clean.split_once('-') {
        Some((prefix, rest)) if prefix.len() <= 10 && !rest.contains('-') => clean,
        _ => clean.replace('-', ""),
    }
}

impl Exporter for Hydro {
    fn protocol(&self) -> Option<Protocol> {
        None
    }

    fn problem(&self, s: &Subject, out: &mut Tree) -> Result<()> {
        let p = s.problem;
        let title = &p.config.value.title;
        out.text(
            "problem.yaml",
            text(&map([
                ("pid", string(pid(&p.name))),
                ("title", string(format!("{} {}", title.en, title.zh))),
                ("tag", strings([crate::package::SOURCE])),
            ]))?,
        )?;
        // Hydro renders the Markdown itself (with its math).
        for statement in &s.statements {
            let path = format!("problem_{}.md", statement.lang.code());
            out.text(&path, statement.markdown.clone())?;
        }

        let mut pairs = vec![
            (
                "type",
                string(if p.interactive {
                    "interactive"
                } else {
                    "default"
                }),
            ),
            ("time", string(format!("{}ms", p.limits.time.as_millis()))),
            (
                "memory",
                string(format!("{}m", p.limits.memory_bytes >> 20)),
            ),
        ];
        let path = p.config.path.display();
        match (&p.cpp_checker, &p.cpp_interactor) {
            (_, Some(interactor)) => {
                out.file("testdata/interactor.cc", interactor)?;
                pairs.push(("interactor", string("interactor.cc")));
            }
            (Some(CppChecker::Standard(name)), None) => {
                pairs.push(("checker_type", string("testlib")));
                pairs.push(("checker", string(name)));
            }
            (Some(CppChecker::Source(source)), None) => {
                out.file("testdata/checker.cc", source)?;
                pairs.push(("checker_type", string("testlib")));
                pairs.push(("checker", string("checker.cc")));
            }
            (None, None) if p.interactive => {
                bail!("{path}: Hydro compiles only C++ interactors: set `cpp_interactor`")
            }
            (None, None) => bail!(
                "{path}: Hydro compiles only C++ checkers: set `cpp_checker` (a standard \
                 checker such as `wcmp` where the answer is unique, or a C++ source)"
            ),
        }
        if p.groups.is_empty() {
            pairs.push(("cases", Yaml::Array(s.tests.iter().map(case).collect())));
        } else {
            let subtasks = p
                .groups
                .iter()
                .enumerate()
                .map(|(i, g)| {
                    let cases = s
                        .tests
                        .iter()
                        .filter(|t| t.group.as_deref() == Some(&g.name));
                    map([
                        ("id", int(i as i64 + 1)),
                        ("score", int(i64::from(g.points))),
                        ("type", string("min")),
                        ("cases", Yaml::Array(cases.map(case).collect())),
                    ])
                })
                .collect();
            pairs.push(("subtasks", Yaml::Array(subtasks)));
        }
        out.text("testdata/config.yaml", text(&map(pairs))?)?;
        for test in s.tests {
            out.file(&format!("testdata/{}.in", test.name), &test.input)?;
            out.file(&format!("testdata/{}.ans", test.name), &test.answer)?;
        }
        Ok(())
    }

    /// Hydro imports a zip of problem folders: nothing more for a contest.
    fn contest(&self, _: &[Subject], _: &mut Tree) -> Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_follow_hydros_pattern() {
        assert_eq!(pid("nim"), "nim");
        assert_eq!(pid("anti-nim"), "anti-nim");
        assert_eq!(pid("merge-piles"), "merge-piles");
        assert_eq!(pid("a-b-c"), "abc");
        assert_eq!(pid("Wythoff"), "wythoff");
    }
}
