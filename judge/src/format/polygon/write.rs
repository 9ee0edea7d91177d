//! A full Codeforces Polygon package (what Polygon's "full" download holds,
//! and what p2d and CMS's Polygon loader read): `problem.xml`; every test
//! written out as `tests/NN` with its answer `tests/NN.a` (importers need
//! the files, not the generators); the C++ checker and validator with
//! testlib.h under `files/` (Polygon compiles only C++ against testlib.h),
//! each one file with the kit's shared headers inlined
//! ([`self_contained_cpp`]: CMS's loader copies `check.cpp` alone); the
//! solutions tagged by verdict; the statements in both languages with
//! their samples; `contest.xml` for a contest.
//!
//! An interactive problem ships its C++ interactor (`cpp_interactor`) as
//! `files/interactor.cpp`, named by `<interactor>`. Polygon runs a checker
//! after an interactor that accepted, on what the interactor wrote; the
//! kit's interactors judge alone and end that record with a verdict line
//! when they accept, so the checker is `checkers/cpp/interactor-verdict.cpp`,
//! which accepts only a record ending in the answer's verdict line. A judge
//! that drops the interactor (CMS's Polygon loader) then rejects every run
//! instead of accepting it: the package fails closed.
//!
//! Tags: the reference is `main`, other accepted solutions `accepted`, then
//! `wrong-answer`, `presentation-error`, `time-limit-exceeded`,
//! `memory-limit-exceeded`, and `failed` for a run-time error. Brute forces
//! have no Polygon tag ("never wrong, may give up") and are left out.

use std::io::Cursor;
use std::path::{Path, PathBuf};

use anyhow::{Result, bail};
use quick_xml::Writer;
use quick_xml::events::{BytesDecl, BytesText, Event};

use crate::base::fsutil;
use crate::format::latex;
use crate::format::subject::{self, Subject, label, self_contained_cpp};
use crate::format::tree::Tree;
use crate::model::expect::Expect;
use crate::model::problem::CppChecker;
use crate::model::program::Protocol;
use crate::model::results::Warning;
use crate::model::verdict::{Verdict, Verdicts};

/// The Polygon format, with the testlib.h it ships.
pub struct Polygon {
    pub testlib_h: PathBuf,
}

/// Polygon's tag for a solution that promises `expect`, if it has one: a
/// partial score is a rejection there.
fn tag(expect: Expect) -> Option<&'static str> {
    let of = |v: Verdict| match v {
        Verdict::Ac => Some("accepted"),
        Verdict::Wa => Some("wrong-answer"),
        Verdict::Pe => Some("presentation-error"),
        Verdict::Tle => Some("time-limit-exceeded"),
        Verdict::Mle => Some("memory-limit-exceeded"),
        Verdict::Re => Some("failed"),
        _ => None,
    };
    let set = |verdicts: &[Verdict]| verdicts.iter().copied().collect::<Verdicts>();
    match expect {
        Expect::Verdict(v) => of(v),
        Expect::BruteForce => None,
        Expect::Partial => Some("rejected"),
        Expect::OneOf(s) if s == set(&[Verdict::Tle, Verdict::Ac]) => {
            Some("time-limit-exceeded-or-accepted")
        }
        Expect::OneOf(s) if s == set(&[Verdict::Tle, Verdict::Mle]) => {
            Some("time-limit-exceeded-or-memory-limit-exceeded")
        }
        Expect::OneOf(s) => match Verdicts::ALL
            .into_iter()
            .filter(|v| s.contains(*v))
            .collect::<Vec<_>>()[..]
        {
            [one] => of(one),
            _ if !s.contains(Verdict::Ac) => Some("rejected"),
            _ => None,
        },
    }
}

/// The file name Polygon's package gives a C or C++ program of the kit:
/// `stem` with C's extension or C++'s.
fn named(stem: &str, source: &Path) -> String {
    match source.extension().is_some_and(|e| e == "c") {
        true => format!("{stem}.c"),
        false => format!("{stem}.cpp"),
    }
}

/// Where a problem's jury programs go in its package.
struct Files {
    checker: String,
    validator: String,
    interactor: Option<String>,
}

impl Files {
    /// The checker's copy at the package's root, where CMS's Polygon
    /// loader looks for it: `check.cpp` (or `check.c`), whatever its name.
    fn root_checker(&self) -> String {
        named("check", Path::new(&self.checker))
    }
}

/// Polygon's source type for a file, by its extension.
fn source_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "c" => "c.gcc",
        "py" => "python.3",
        "rs" => "rust.2021",
        _ => "cpp.g++17",
    }
}

/// The points of each test of a group: the group's points shared out, the
/// remainder on the first tests, so that they add up exactly.
fn shares(points: u32, tests: usize) -> Vec<u32> {
    let n = tests.max(1) as u32;
    (0..tests as u32)
        .map(|i| points / n + u32::from(i < points % n))
        .collect()
}

type Xml = Writer<Cursor<Vec<u8>>>;

/// An element with attributes and content written by `inner`.
fn element(
    w: &mut Xml,
    name: &str,
    attributes: &[(&str, &str)],
    inner: impl FnOnce(&mut Xml) -> std::io::Result<()>,
) -> std::io::Result<()> {
    w.create_element(name)
        .with_attributes(attributes.iter().copied())
        .write_inner_content(inner)
        .map(drop)
}

/// An empty element with attributes.
fn empty(w: &mut Xml, name: &str, attributes: &[(&str, &str)]) -> std::io::Result<()> {
    w.create_element(name)
        .with_attributes(attributes.iter().copied())
        .write_empty()
        .map(drop)
}

/// An element holding text.
fn text_element(w: &mut Xml, name: &str, text: &str) -> std::io::Result<()> {
    w.create_element(name)
        .write_text_content(BytesText::new(text))
        .map(drop)
}

/// An XML document written by `body`.
fn document(body: impl FnOnce(&mut Xml) -> std::io::Result<()>) -> Result<String> {
    let mut w = Writer::new_with_indent(Cursor::new(Vec::new()), b' ', 4);
    w.write_event(Event::Decl(BytesDecl::new(
        "1.0",
        Some("utf-8"),
        Some("no"),
    )))?;
    body(&mut w)?;
    let mut text = String::from_utf8(w.into_inner().into_inner())?;
    text.push('\n');
    Ok(text)
}

impl Polygon {
    /// The testlib.h the package of `s` holds: an imported Polygon
    /// package's own, else the export's.
    fn testlib_h(&self, s: &Subject) -> std::path::PathBuf {
        let own = s.problem.dir.join("package/files/testlib.h");
        match s.problem.imported_from.as_deref() == Some("polygon") && own.is_file() {
            true => own,
            false => self.testlib_h.clone(),
        }
    }

    fn problem_xml(&self, s: &Subject, checker: &CppChecker, files: &Files) -> Result<String> {
        let p = s.problem;
        let title = &p.config.value.title;
        let count = s.tests.len();
        let width = count.to_string().len().max(2);
        let time = p.limits.time.as_millis().to_string();
        let memory = p.limits.memory_bytes.to_string();
        // Each test's points: its own, or its share of its group's.
        let mut points: Vec<Option<String>> = vec![None; count];
        for group in &p.groups {
            let members: Vec<usize> = (0..count)
                .filter(|&i| s.tests[i].group.as_deref() == Some(&group.name))
                .collect();
            for (i, share) in members.iter().zip(shares(group.points, members.len())) {
                points[*i] = Some(match s.tests[*i].points {
                    Some(own) => own.to_string(),
                    None => share.to_string(),
                });
            }
        }
        document(|w| {
            element(
                w,
                "problem",
                &[("revision", "1"), ("short-name", &p.name)],
                |w| {
                    element(w, "names", &[], |w| {
                        empty(w, "name", &[("language", "english"), ("value", &title.en)])?;
                        empty(w, "name", &[("language", "chinese"), ("value", &title.zh)])
                    })?;
                    element(w, "statements", &[], |w| {
                        for (language, path, kind) in statement_entries(s) {
                            empty(
                                w,
                                "statement",
                                &[
                                    ("charset", "UTF-8"),
                                    ("language", &language),
                                    ("mathjax", "true"),
                                    ("path", &path),
                                    ("type", kind),
                                ],
                            )?;
                        }
                        Ok(())
                    })?;
                    element(
                        w,
                        "judging",
                        &[("input-file", ""), ("output-file", "")],
                        |w| {
                            element(w, "testset", &[("name", "tests")], |w| {
                                text_element(w, "time-limit", &time)?;
                                text_element(w, "memory-limit", &memory)?;
                                text_element(w, "test-count", &count.to_string())?;
                                text_element(
                                    w,
                                    "input-path-pattern",
                                    &format!("tests/%0{width}d"),
                                )?;
                                text_element(
                                    w,
                                    "answer-path-pattern",
                                    &format!("tests/%0{width}d.a"),
                                )?;
                                element(w, "tests", &[], |w| {
                                    for (i, test) in s.tests.iter().enumerate() {
                                        let spec = p.tests.iter().find(|t| t.name == test.name);
                                        let description = spec
                                            .map(|t| {
                                                t.comment.clone().unwrap_or_else(|| p.recipe(t))
                                            })
                                            .unwrap_or_default();
                                        let share = points[i].clone();
                                        let mut attributes = vec![
                                            ("method", "manual"),
                                            ("description", description.as_str()),
                                        ];
                                        // p2d 0.4 takes any `sample` value as true:
                                        // the attribute is only on samples.
                                        if test.sample {
                                            attributes.push(("sample", "true"));
                                        }
                                        if let (Some(group), Some(share)) = (&test.group, &share) {
                                            attributes.push(("group", group));
                                            attributes.push(("points", share));
                                        }
                                        empty(w, "test", &attributes)?;
                                    }
                                    Ok(())
                                })?;
                                if !p.groups.is_empty() {
                                    element(w, "groups", &[], |w| {
                                        for group in &p.groups {
                                            let points = group.points.to_string();
                                            let policy = match group.each {
                                                true => "each-test",
                                                false => "complete-group",
                                            };
                                            let attributes = [
                                                ("feedback-policy", "complete"),
                                                ("name", group.name.as_str()),
                                                ("points", &points),
                                                ("points-policy", policy),
                                            ];
                                            if group.depends.is_empty() {
                                                empty(w, "group", &attributes)?;
                                                continue;
                                            }
                                            element(w, "group", &attributes, |w| {
                                                element(w, "dependencies", &[], |w| {
                                                    for on in &group.depends {
                                                        empty(w, "dependency", &[("group", on)])?;
                                                    }
                                                    Ok(())
                                                })
                                            })?;
                                        }
                                        Ok(())
                                    })?;
                                }
                                Ok(())
                            })
                        },
                    )?;
                    element(w, "files", &[], |w| {
                        element(w, "resources", &[], |w| {
                            empty(w, "file", &[("path", "files/testlib.h"), ("type", "h.g++")])
                        })?;
                        element(w, "executables", &[], |w| {
                            element(w, "executable", &[], |w| {
                                empty(
                                    w,
                                    "source",
                                    &[
                                        ("path", &files.validator),
                                        ("type", source_type(Path::new(&files.validator))),
                                    ],
                                )
                            })
                        })
                    })?;
                    element(w, "assets", &[], |w| {
                        let standard = match checker {
                            CppChecker::Standard(name) => Some(format!("std::{name}.cpp")),
                            CppChecker::Source(_) => None,
                        };
                        let mut attributes = vec![("type", "testlib")];
                        if let Some(name) = &standard {
                            attributes.insert(0, ("name", name.as_str()));
                        }
                        element(w, "checker", &attributes, |w| {
                            empty(
                                w,
                                "source",
                                &[
                                    ("path", &files.checker),
                                    ("type", source_type(Path::new(&files.checker))),
                                ],
                            )?;
                            empty(w, "copy", &[("path", &files.root_checker())])
                        })?;
                        if p.interactive {
                            element(w, "interactor", &[], |w| {
                                empty(
                                    w,
                                    "source",
                                    &[
                                        ("path", files.interactor.as_deref().unwrap_or_default()),
                                        (
                                            "type",
                                            source_type(Path::new(
                                                files.interactor.as_deref().unwrap_or_default(),
                                            )),
                                        ),
                                    ],
                                )
                            })?;
                        }
                        element(w, "validators", &[], |w| {
                            element(w, "validator", &[], |w| {
                                empty(
                                    w,
                                    "source",
                                    &[
                                        ("path", &files.validator),
                                        ("type", source_type(Path::new(&files.validator))),
                                    ],
                                )
                            })
                        })?;
                        element(w, "solutions", &[], |w| {
                            for (expect, path) in &s.solutions {
                                let tag = if p.reference.as_ref() == Some(path) {
                                    Some("main")
                                } else {
                                    tag(*expect)
                                };
                                let Some(tag) = tag else { continue };
                                let file = format!("solutions/{}", fsutil::file_name(path));
                                element(w, "solution", &[("tag", tag)], |w| {
                                    empty(
                                        w,
                                        "source",
                                        &[("path", &file), ("type", source_type(path))],
                                    )
                                })?;
                            }
                            Ok(())
                        })
                    })
                },
            )
        })
    }
}

/// What the kit's interactors write last to their record when they accept
/// (`checkers::read::won_session`), and what `interactor-verdict.cpp`
/// requires at the end of every accepted run's record.
const VERDICT_LINE: &str = "accepted: ";

/// Refuses an interactive problem whose answers (the records of the
/// reference's plays) do not end with the verdict line: on Polygon its
/// checker would reject every run.
fn ends_with_verdicts(s: &Subject) -> Result<()> {
    for test in s.tests {
        let record = std::fs::read(&test.answer).map_err(|e| fsutil::naming(&test.answer, e))?;
        let record = String::from_utf8_lossy(&record);
        let last = record.lines().rfind(|l| !l.trim().is_empty());
        if !last.is_some_and(|l| l.trim_start().starts_with(VERDICT_LINE)) {
            bail!(
                "{}: the interactor's record of the reference's play does not end with a \
                 verdict line (`{VERDICT_LINE}...`), which the Polygon checker \
                 (checkers/cpp/interactor-verdict.cpp) requires: end an accepted session \
                 with checkers::read::won_session",
                test.answer.display()
            );
        }
    }
    Ok(())
}

/// The statements problem.xml lists, as Polygon lists them: the source,
/// the page, the PDF, in each language: (language, path, type). An
/// imported problem's are those of its package.
fn statement_entries(s: &Subject) -> Vec<(String, String, &'static str)> {
    let mut entries = Vec::new();
    for statement in &s.statements {
        let language = statement.lang.english_name();
        entries.push((
            language.to_string(),
            format!("statements/{language}/problem.tex"),
            "application/x-tex",
        ));
        let html = format!("statements/.html/{language}/problem.html");
        entries.push((language.to_string(), html, "text/html"));
        if statement.pdf.is_some() {
            let pdf = format!("statements/.pdf/{language}/problem.pdf");
            entries.push((language.to_string(), pdf, "application/pdf"));
        }
    }
    for (path, _) in &s.kept {
        let parts: Vec<&str> = path.split('/').collect();
        let entry = match parts.as_slice() {
            ["statements", language, "problem.tex"] => (language, "application/x-tex"),
            ["statements", ".html", language, "problem.html"] => (language, "text/html"),
            ["statements", ".pdf", language, "problem.pdf"] => (language, "application/pdf"),
            _ => continue,
        };
        entries.push((entry.0.to_string(), path.clone(), entry.1));
    }
    entries
}

impl subject::Writer for Polygon {
    fn protocol(&self) -> Option<Protocol> {
        None
    }

    fn wants_pdf(&self) -> bool {
        true
    }

    fn problem(&self, s: &Subject, out: &mut Tree) -> Result<()> {
        let p = s.problem;
        let path = p.config.path.display();
        let verdict = CppChecker::Source(s.kit_root.join("checkers/cpp/interactor-verdict.cpp"));
        // An imported problem's programs keep their names.
        let file = |stem: &str, source: &Path| {
            let name = s.program_name(source, named(stem, source));
            format!("files/{name}")
        };
        let checker = match (&p.cpp_checker, &p.cpp_interactor) {
            (Some(checker), _) => checker,
            (None, Some(interactor)) => {
                ends_with_verdicts(s)?;
                out.text(
                    &file("interactor", interactor),
                    self_contained_cpp(interactor)?,
                )?;
                &verdict
            }
            (None, None) if p.interactive => {
                bail!("{path}: Polygon compiles only C++ interactors: set `cpp_interactor`")
            }
            (None, None) => bail!("{path}: Polygon compiles only C++ checkers: set `cpp_checker`"),
        };
        let Some(validator) = &p.cpp_validator else {
            bail!("{path}: Polygon compiles only C++ validators: set `cpp_validator`");
        };
        let checker_source = match checker {
            CppChecker::Source(source) => source.clone(),
            // Polygon knows its standard checkers by name; the package still
            // carries a source: the kit's own C++ twin of it, or the one an
            // imported Polygon package carried.
            CppChecker::Standard(name) => {
                let twin = s.kit_root.join("checkers/cpp").join(format!("{name}.cpp"));
                let carried = p.dir.join("package/files/check.cpp");
                match (twin.is_file(), carried.is_file()) {
                    (false, true) => carried,
                    _ => twin,
                }
            }
        };
        let files = Files {
            checker: file("check", &checker_source),
            validator: file("val", validator),
            interactor: p.cpp_interactor.as_deref().map(|i| file("interactor", i)),
        };
        out.text("problem.xml", self.problem_xml(s, checker, &files)?)?;
        let width = s.tests.len().to_string().len().max(2);
        for (i, test) in s.tests.iter().enumerate() {
            let n = format!("{:0width$}", i + 1);
            out.file(&format!("tests/{n}"), &test.input)?;
            out.file(&format!("tests/{n}.a"), &test.answer)?;
        }
        out.file("files/testlib.h", &self.testlib_h(s))?;
        // Each C++ program one file: the loaders copy it alone.
        let checker_text = self_contained_cpp(&checker_source)?;
        out.text(&files.checker, checker_text.clone())?;
        out.text(&files.root_checker(), checker_text)?;
        out.text(&files.validator, self_contained_cpp(validator)?)?;
        for (expect, path) in &s.solutions {
            if p.reference.as_ref() == Some(path) || tag(*expect).is_some() {
                out.file(&format!("solutions/{}", fsutil::file_name(path)), path)?;
            }
        }
        for statement in &s.statements {
            let language = statement.lang.english_name();
            out.text(
                &format!("statements/{language}/problem.tex"),
                latex::statement(&statement.markdown),
            )?;
            out.text(
                &format!("statements/.html/{language}/problem.html"),
                statement.html.clone(),
            )?;
            if let Some(pdf) = &statement.pdf {
                out.bytes(
                    &format!("statements/.pdf/{language}/problem.pdf"),
                    pdf.clone(),
                )?;
            }
            let samples = s.tests.iter().filter(|t| t.sample);
            for (k, test) in samples.enumerate() {
                let n = format!("{:02}", k + 1);
                out.file(&format!("statements/{language}/example.{n}"), &test.input)?;
                out.file(
                    &format!("statements/{language}/example.{n}.a"),
                    &test.answer,
                )?;
            }
        }
        Ok(())
    }

    fn warnings(&self, s: &Subject) -> Vec<Warning> {
        let p = s.problem;
        let tests = s.tests.len();
        let mut cms = vec![format!(
            "all {tests} tests become public (the samples only are meant to be)"
        )];
        if !p.groups.is_empty() {
            let points: Vec<String> = p.groups.iter().map(|g| g.points.to_string()).collect();
            cms.push(format!(
                "the groups ({} points) become Sum, {:.3} points a test",
                points.join(" + "),
                100.0 / tests.max(1) as f64
            ));
        }
        if p.interactive {
            cms.push(
                "the interactor is dropped: the task becomes Batch, and its checker, which \
                 wants the interactor's verdict line, rejects every run"
                    .to_string(),
            );
        }
        let mut warnings = vec![Warning {
            problem: p.name.clone(),
            judge: "CMS (Polygon loader)",
            message: format!("{}; export --format cms for CMS", cms.join("; ")),
        }];
        if !p.groups.is_empty() {
            warnings.push(Warning {
                problem: p.name.clone(),
                judge: "p2d (DOMjudge)",
                message: "the groups and their points are dropped: the problem is pass-fail"
                    .to_string(),
            });
        }
        for (expect, path) in &s.solutions {
            let shown = path.strip_prefix(&p.solutions).unwrap_or(path).display();
            let message = match tag(*expect) {
                _ if p.reference.as_ref() == Some(path) => continue,
                None => format!(
                    "{shown} promises {}, which no tag says: it is left out",
                    expect.describe()
                ),
                Some(_) if *expect == Expect::Partial => {
                    format!("{shown} promises a partial score: its tag is `rejected`")
                }
                Some(_) => continue,
            };
            warnings.push(Warning {
                problem: p.name.clone(),
                judge: "Polygon",
                message,
            });
        }
        let shipped = self.testlib_h(s);
        let testlib = std::fs::read(&shipped).unwrap_or_default();
        if crate::model::program::domjudge_testlib(&testlib) {
            warnings.push(Warning {
                problem: p.name.clone(),
                judge: "Polygon",
                message: format!(
                    "files/testlib.h ({}) is a DOMjudge build: a judge that builds the \
                     checker and interactor against the package's own testlib.h gets Kattis's \
                     exit codes (42, 43) from them (p2d and CMS's Polygon loader bring their \
                     own); pass --testlib-h with testlib's own for such a judge",
                    shipped.display()
                ),
            });
        }
        warnings
    }

    fn contest(&self, subjects: &[Subject], out: &mut Tree) -> Result<()> {
        let xml = document(|w| {
            element(w, "contest", &[], |w| {
                element(w, "names", &[], |w| {
                    empty(
                        w,
                        "name",
                        &[
                            ("language", "english"),
                            ("value", crate::model::kit::SOURCE),
                        ],
                    )
                })?;
                element(w, "problems", &[], |w| {
                    for (i, s) in subjects.iter().enumerate() {
                        let index = label(i);
                        let url = format!("problems/{}", s.folder);
                        empty(w, "problem", &[("index", &index), ("url", &url)])?;
                    }
                    Ok(())
                })
            })
        })?;
        out.text("contest.xml", xml)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_shared_exactly() {
        assert_eq!(shares(30, 4), [8, 8, 7, 7]);
        assert_eq!(shares(70, 7).iter().sum::<u32>(), 70);
        assert_eq!(shares(5, 1), [5]);
    }
}
