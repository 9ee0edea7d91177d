//! A Polygon package's files as types, each read and written here:
//! `problem.xml` ([`ProblemXml`]: the names, the statements, the judging
//! testset with its limits, path patterns, tests and groups, the files and
//! executables, the assets: checker, interactor, validators, solutions by
//! tag) and a contest's `contest.xml` ([`ContestXml`]).
//!
//! `problem.xml` is read through [`xml`]'s element tree; each element an
//! error may name keeps its line.

use std::io::Cursor;

use anyhow::{Context, Result, bail};
use quick_xml::Writer;
use quick_xml::events::{BytesDecl, BytesText, Event};

use crate::format::Package;
use crate::format::xml::{self, Element};

/// `problem.xml`: what the kit reads and writes of it.
#[derive(Debug, Default)]
pub struct ProblemXml {
    pub revision: Option<u32>,
    pub short_name: Option<String>,
    /// The title in each language (as Polygon names languages: `english`).
    pub names: Vec<Name>,
    pub statements: Vec<StatementXml>,
    pub judging: Judging,
    pub files: Files,
    pub assets: Assets,
    /// `<tags>`: each `<tag value=".."/>`.
    pub tags: Vec<String>,
}

/// A title (`<name language=".." value=".."/>`), or a contest's name.
#[derive(Debug, Default)]
pub struct Name {
    pub language: String,
    pub value: String,
}

/// A statement file of the package (`<statement>`): its language, its
/// path, its type (`application/x-tex`, `text/html`, `application/pdf`).
#[derive(Debug, Default)]
pub struct StatementXml {
    pub charset: Option<String>,
    pub language: String,
    pub mathjax: Option<bool>,
    pub path: String,
    pub kind: String,
}

/// `<judging>`: the files the solution reads and writes (none: standard
/// I/O), and the testsets.
#[derive(Debug, Default)]
pub struct Judging {
    pub line: usize,
    pub input_file: Option<String>,
    pub output_file: Option<String>,
    /// The testset `tests`, the one the kit judges.
    pub testset: Testset,
    /// The other testsets (pretests, ...), by name and line.
    pub others: Vec<(String, usize)>,
}

/// The testset the kit judges: its limits, where its files are, its tests
/// and groups.
#[derive(Debug, Default)]
pub struct Testset {
    pub line: usize,
    pub name: String,
    /// Milliseconds.
    pub time_limit: Option<u64>,
    /// Bytes.
    pub memory_limit: Option<u64>,
    pub test_count: Option<usize>,
    /// The input of test `i` (from 1), `%d` or `%0Nd` in place of `i`
    /// (Polygon's default, `tests/%02d`, when absent).
    pub input_path_pattern: Option<String>,
    /// Its answer (`tests/%02d.a` when absent).
    pub answer_path_pattern: Option<String>,
    pub tests: Vec<Test>,
    pub groups: Vec<Group>,
}

/// How a test is made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    /// Its input is a file of the package.
    #[default]
    Manual,
    /// A command of the package's generators makes it.
    Generated,
}

/// A test (`<test>`).
#[derive(Debug, Default)]
pub struct Test {
    pub line: usize,
    pub method: Method,
    /// A generated test's command (`gen 10 20`).
    pub cmd: Option<String>,
    pub description: Option<String>,
    pub sample: bool,
    pub group: Option<String>,
    pub points: Option<f64>,
}

/// How a group scores its tests' points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PointsPolicy {
    /// All or nothing.
    CompleteGroup,
    /// Each test its own points.
    EachTest,
    /// Another policy, by its name.
    Other(String),
}

/// A group of the testset (`<group>`).
#[derive(Debug, Default)]
pub struct Group {
    pub line: usize,
    pub name: String,
    pub feedback_policy: Option<String>,
    pub points: Option<f64>,
    /// Absent, Polygon scores the group all or nothing.
    pub points_policy: Option<PointsPolicy>,
    /// The groups it comes after.
    pub dependencies: Vec<Dependency>,
}

/// A group a group depends on (`<dependency group=".."/>`).
#[derive(Debug, Default)]
pub struct Dependency {
    pub line: usize,
    pub group: Option<String>,
}

/// `<files>`: the resources (testlib.h) and the executables (generators,
/// and whatever else a test's command may run).
#[derive(Debug, Default)]
pub struct Files {
    pub resources: Vec<Source>,
    pub executables: Vec<Program>,
}

/// A file and its type (`<source path=".." type="cpp.g++17"/>`).
#[derive(Debug, Default)]
pub struct Source {
    pub path: String,
    pub kind: Option<String>,
    /// A resource compiled with the solutions of these types (a grader or
    /// its header: `for-types="cpp.*"`, stage `compile`, asset
    /// `solution`).
    pub for_types: Option<String>,
}

/// A program: an executable, the interactor, a validator.
#[derive(Debug, Default)]
pub struct Program {
    pub line: usize,
    /// Its source, if it names one.
    pub source: Option<Source>,
}

/// The checker: one of testlib's standard ones by name
/// (`std::wcmp.cpp`), or a program of the package.
#[derive(Debug, Default)]
pub struct Checker {
    pub name: Option<String>,
    pub kind: Option<String>,
    pub program: Program,
    /// Where a copy of its source is (`check.cpp`).
    pub copy: Option<String>,
}

/// A solution, with the tag that says what it gets (`main`, `accepted`,
/// `wrong-answer`, ...).
#[derive(Debug, Default)]
pub struct Solution {
    pub tag: Option<String>,
    pub program: Program,
}

/// `<assets>`: the jury's programs and the solutions.
#[derive(Debug, Default)]
pub struct Assets {
    pub checker: Option<Checker>,
    pub interactor: Option<Program>,
    pub validators: Vec<Program>,
    pub solutions: Vec<Solution>,
}

/// `file:line`, where an element of `problem.xml` is.
fn at(shown: &str, line: usize) -> String {
    format!("{shown}:{line}")
}

/// The children named `name` of the element at `path` under `e`.
fn all_at<'a>(e: &'a Element, path: &[&str], name: &'a str) -> Vec<&'a Element> {
    (e.at(path).into_iter())
        .flat_map(|list| list.all(name))
        .collect()
}

impl ProblemXml {
    /// The package's `problem.xml`.
    pub fn read(package: &Package) -> Result<ProblemXml> {
        let shown = package.shown("problem.xml");
        ProblemXml::parse(&package.text("problem.xml")?, &shown)
    }

    /// A `problem.xml` of text `text`, shown as `shown`: without
    /// `<judging>`, a testset `tests` or `<assets>`, or with a limit or
    /// points that are not a number, an error.
    pub fn parse(text: &str, shown: &str) -> Result<ProblemXml> {
        let root = xml::parse(text, shown)?;
        let names = all_at(&root, &["names"], "name").into_iter();
        let names = names.filter_map(|e| {
            Some(Name {
                language: e.attr("language")?.to_string(),
                value: e.attr("value")?.to_string(),
            })
        });
        let statements = all_at(&root, &["statements"], "statement").into_iter();
        let statements = statements.filter_map(|e| {
            Some(StatementXml {
                charset: e.attr("charset").map(str::to_string),
                language: e.attr("language")?.to_string(),
                mathjax: e.attr("mathjax").map(|m| m == "true"),
                path: e.attr("path")?.to_string(),
                kind: e.attr("type")?.to_string(),
            })
        });
        let judging = root
            .child("judging")
            .with_context(|| format!("{shown}: no <judging>"))?;
        let judging = Judging::parse(judging, shown)?;
        let assets = root
            .child("assets")
            .with_context(|| format!("{shown}: no <assets>"))?;
        Ok(ProblemXml {
            revision: root.attr("revision").and_then(|r| r.parse().ok()),
            short_name: root.attr("short-name").map(str::to_string),
            names: names.collect(),
            statements: statements.collect(),
            judging,
            files: Files {
                resources: all_at(&root, &["files", "resources"], "file")
                    .into_iter()
                    .filter_map(Source::of_file)
                    .collect(),
                executables: all_at(&root, &["files", "executables"], "executable")
                    .into_iter()
                    .map(Program::parse)
                    .collect(),
            },
            assets: Assets::parse(assets),
            tags: (all_at(&root, &["tags"], "tag").into_iter())
                .filter_map(|t| Some(t.attr("value")?.to_string()))
                .collect(),
        })
    }
}

impl Judging {
    fn parse(judging: &Element, shown: &str) -> Result<Judging> {
        let mut testsets = judging.all("testset");
        let Some(testset) = testsets.find(|t| t.attr("name") == Some("tests")) else {
            bail!("{}: no testset named `tests`", at(shown, judging.line));
        };
        let others = (judging.all("testset"))
            .filter(|t| t.attr("name") != Some("tests"))
            .map(|t| (t.attr("name").unwrap_or("").to_string(), t.line));
        Ok(Judging {
            line: judging.line,
            input_file: judging.attr("input-file").map(str::to_string),
            output_file: judging.attr("output-file").map(str::to_string),
            testset: Testset::parse(testset, shown)?,
            others: others.collect(),
        })
    }
}

impl Testset {
    fn parse(testset: &Element, shown: &str) -> Result<Testset> {
        let number = |key: &str| -> Result<Option<u64>> {
            match testset.child(key) {
                None => Ok(None),
                Some(e) => (e.text().parse().map(Some))
                    .with_context(|| format!("{}: <{key}> is not a number", at(shown, e.line))),
            }
        };
        let time_limit = number("time-limit")?;
        let memory_limit = number("memory-limit")?;
        let leaf = |key: &str| testset.child(key).map(|e| e.text().to_string());
        let tests = all_at(testset, &["tests"], "test").into_iter();
        let tests = tests.map(|t| Test::parse(t, shown));
        Ok(Testset {
            line: testset.line,
            name: testset.attr("name").unwrap_or("").to_string(),
            time_limit,
            memory_limit,
            test_count: leaf("test-count").and_then(|n| n.parse().ok()),
            input_path_pattern: leaf("input-path-pattern"),
            answer_path_pattern: leaf("answer-path-pattern"),
            tests: tests.collect::<Result<_>>()?,
            groups: (all_at(testset, &["groups"], "group").into_iter())
                .map(Group::parse)
                .collect(),
        })
    }

    /// The input of test `index` (from 1).
    pub fn input(&self, index: usize) -> Result<String> {
        let pattern = self.input_path_pattern.as_deref();
        path_of(pattern.unwrap_or("tests/%02d"), index)
    }

    /// The answer of test `index` (from 1).
    pub fn answer(&self, index: usize) -> Result<String> {
        let pattern = self.answer_path_pattern.as_deref();
        path_of(pattern.unwrap_or("tests/%02d.a"), index)
    }
}

impl Test {
    fn parse(t: &Element, shown: &str) -> Result<Test> {
        let points = match t.attr("points") {
            Some(p) => Some(
                p.parse()
                    .with_context(|| format!("{}: points `{p}`", at(shown, t.line)))?,
            ),
            None => None,
        };
        Ok(Test {
            line: t.line,
            method: match t.attr("method") {
                Some("generated") => Method::Generated,
                _ => Method::Manual,
            },
            cmd: t.attr("cmd").map(str::to_string),
            description: t.attr("description").map(str::to_string),
            sample: t.attr("sample") == Some("true"),
            group: t.attr("group").map(str::to_string),
            points,
        })
    }

    /// Its command's words (none without a command).
    pub fn words(&self) -> Vec<String> {
        words(self.cmd.as_deref().unwrap_or(""))
    }
}

impl PointsPolicy {
    fn named(name: &str) -> PointsPolicy {
        match name {
            "complete-group" => PointsPolicy::CompleteGroup,
            "each-test" => PointsPolicy::EachTest,
            other => PointsPolicy::Other(other.to_string()),
        }
    }

    fn name(&self) -> &str {
        match self {
            PointsPolicy::CompleteGroup => "complete-group",
            PointsPolicy::EachTest => "each-test",
            PointsPolicy::Other(name) => name,
        }
    }
}

impl Group {
    fn parse(g: &Element) -> Group {
        let dependencies = all_at(g, &["dependencies"], "dependency").into_iter();
        let dependencies = dependencies.map(|d| Dependency {
            line: d.line,
            group: d.attr("group").map(str::to_string),
        });
        Group {
            line: g.line,
            name: g.attr("name").unwrap_or("").to_string(),
            feedback_policy: g.attr("feedback-policy").map(str::to_string),
            // The kit counts a group's points from its tests'.
            points: g.attr("points").and_then(|p| p.parse().ok()),
            points_policy: g.attr("points-policy").map(PointsPolicy::named),
            dependencies: dependencies.collect(),
        }
    }
}

impl Source {
    /// A resource (`<file path=".." type=".."/>`).
    fn of_file(e: &Element) -> Option<Source> {
        let assets = all_at(e, &["assets"], "asset");
        let graded = assets.iter().any(|a| a.attr("name") == Some("solution"));
        let types = e.attr("for-types").or(e.attr("for-type")).unwrap_or("*");
        Some(Source {
            path: e.attr("path")?.to_string(),
            kind: e.attr("type").map(str::to_string),
            for_types: graded.then(|| types.to_string()),
        })
    }
}

impl Program {
    fn parse(e: &Element) -> Program {
        Program {
            line: e.line,
            source: e.child("source").and_then(Source::of_file),
        }
    }
}

impl Assets {
    fn parse(assets: &Element) -> Assets {
        let checker = assets.child("checker").map(|c| Checker {
            name: c.attr("name").map(str::to_string),
            kind: c.attr("type").map(str::to_string),
            program: Program::parse(c),
            copy: (c.child("copy").and_then(|e| e.attr("path"))).map(str::to_string),
        });
        let solutions = all_at(assets, &["solutions"], "solution").into_iter();
        let solutions = solutions.map(|s| Solution {
            tag: s.attr("tag").map(str::to_string),
            program: Program::parse(s),
        });
        Assets {
            checker,
            interactor: assets.child("interactor").map(Program::parse),
            validators: (all_at(assets, &["validators"], "validator").into_iter())
                .map(Program::parse)
                .collect(),
            solutions: solutions.collect(),
        }
    }
}

/// `tests/%02d` with `index` in place of the `%d` pattern.
fn path_of(pattern: &str, index: usize) -> Result<String> {
    let Some(start) = pattern.find('%') else {
        bail!("`{pattern}` has no %d");
    };
    let rest = &pattern[start + 1..];
    let Some(end) = rest.find('d') else {
        bail!("`{pattern}` has no %d");
    };
    let width = &rest[..end];
    let number = match width.strip_prefix('0') {
        Some(w) => {
            let w: usize = w.parse().with_context(|| format!("`{pattern}`: a width"))?;
            format!("{index:0w$}")
        }
        None if width.is_empty() => index.to_string(),
        None => bail!("`{pattern}`: expected %d or %0Nd"),
    };
    Ok(format!("{}{number}{}", &pattern[..start], &rest[end + 1..]))
}

/// A command's words, split as Polygon's scripts split them (spaces, with
/// quotes for a word holding one).
fn words(cmd: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quote: Option<char> = None;
    let mut any = false;
    for c in cmd.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                any = true;
            }
            (None, c) if c.is_whitespace() => {
                if any || !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            (None, c) => word.push(c),
        }
    }
    if any || !word.is_empty() {
        out.push(word);
    }
    out
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

/// The attributes that are present, in order.
fn present<'a>(pairs: &[(&'a str, Option<&'a str>)]) -> Vec<(&'a str, &'a str)> {
    (pairs.iter())
        .filter_map(|(key, value)| value.map(|v| (*key, v)))
        .collect()
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

/// `<names>`.
fn write_names(w: &mut Xml, names: &[Name]) -> std::io::Result<()> {
    element(w, "names", &[], |w| {
        for name in names {
            let attributes = [
                ("language", name.language.as_str()),
                ("value", name.value.as_str()),
            ];
            empty(w, "name", &attributes)?;
        }
        Ok(())
    })
}

impl ProblemXml {
    /// Its text.
    pub fn text(&self) -> Result<String> {
        let revision = self.revision.map(|r| r.to_string());
        let attributes = present(&[
            ("revision", revision.as_deref()),
            ("short-name", self.short_name.as_deref()),
        ]);
        document(|w| {
            element(w, "problem", &attributes, |w| {
                write_names(w, &self.names)?;
                element(w, "statements", &[], |w| {
                    self.statements.iter().try_for_each(|s| s.write(w))
                })?;
                self.judging.write(w)?;
                self.files.write(w)?;
                self.assets.write(w)?;
                if self.tags.is_empty() {
                    return Ok(());
                }
                element(w, "tags", &[], |w| {
                    (self.tags.iter()).try_for_each(|t| empty(w, "tag", &[("value", t)]))
                })
            })
        })
    }
}

impl StatementXml {
    fn write(&self, w: &mut Xml) -> std::io::Result<()> {
        let mathjax = self.mathjax.map(|m| m.to_string());
        let attributes = present(&[
            ("charset", self.charset.as_deref()),
            ("language", Some(self.language.as_str())),
            ("mathjax", mathjax.as_deref()),
            ("path", Some(self.path.as_str())),
            ("type", Some(self.kind.as_str())),
        ]);
        empty(w, "statement", &attributes)
    }
}

impl Judging {
    /// `<judging>` with its testset `tests` (the kit writes no other).
    fn write(&self, w: &mut Xml) -> std::io::Result<()> {
        let attributes = present(&[
            ("input-file", self.input_file.as_deref()),
            ("output-file", self.output_file.as_deref()),
        ]);
        element(w, "judging", &attributes, |w| self.testset.write(w))
    }
}

impl Testset {
    fn write(&self, w: &mut Xml) -> std::io::Result<()> {
        element(w, "testset", &[("name", self.name.as_str())], |w| {
            let leaves = [
                ("time-limit", self.time_limit.map(|t| t.to_string())),
                ("memory-limit", self.memory_limit.map(|m| m.to_string())),
                ("test-count", self.test_count.map(|n| n.to_string())),
                ("input-path-pattern", self.input_path_pattern.clone()),
                ("answer-path-pattern", self.answer_path_pattern.clone()),
            ];
            for (name, value) in leaves {
                if let Some(value) = value {
                    text_element(w, name, &value)?;
                }
            }
            element(w, "tests", &[], |w| {
                self.tests.iter().try_for_each(|t| t.write(w))
            })?;
            if !self.groups.is_empty() {
                element(w, "groups", &[], |w| {
                    self.groups.iter().try_for_each(|g| g.write(w))
                })?;
            }
            Ok(())
        })
    }
}

impl Test {
    fn write(&self, w: &mut Xml) -> std::io::Result<()> {
        let method = match self.method {
            Method::Manual => "manual",
            Method::Generated => "generated",
        };
        let points = self.points.map(|p| p.to_string());
        // p2d 0.4 takes any `sample` value as true: the attribute is only
        // on samples.
        let attributes = present(&[
            ("method", Some(method)),
            ("cmd", self.cmd.as_deref()),
            ("description", self.description.as_deref()),
            ("sample", self.sample.then_some("true")),
            ("group", self.group.as_deref()),
            ("points", points.as_deref()),
        ]);
        empty(w, "test", &attributes)
    }
}

impl Group {
    fn write(&self, w: &mut Xml) -> std::io::Result<()> {
        let points = self.points.map(|p| p.to_string());
        let attributes = present(&[
            ("feedback-policy", self.feedback_policy.as_deref()),
            ("name", Some(self.name.as_str())),
            ("points", points.as_deref()),
            (
                "points-policy",
                self.points_policy.as_ref().map(|p| p.name()),
            ),
        ]);
        if self.dependencies.is_empty() {
            return empty(w, "group", &attributes);
        }
        element(w, "group", &attributes, |w| {
            element(w, "dependencies", &[], |w| {
                for d in &self.dependencies {
                    empty(w, "dependency", &present(&[("group", d.group.as_deref())]))?;
                }
                Ok(())
            })
        })
    }
}

impl Source {
    /// The element `name` (`source`, `file`) naming it.
    fn write(&self, w: &mut Xml, name: &str) -> std::io::Result<()> {
        let attributes = present(&[
            ("for-types", self.for_types.as_deref()),
            ("path", Some(self.path.as_str())),
            ("type", self.kind.as_deref()),
        ]);
        if self.for_types.is_none() {
            return empty(w, name, &attributes);
        }
        element(w, name, &attributes, |w| {
            element(w, "stages", &[], |w| {
                empty(w, "stage", &[("name", "compile")])
            })?;
            element(w, "assets", &[], |w| {
                empty(w, "asset", &[("name", "solution")])
            })
        })
    }
}

impl Program {
    /// The element `name` (`executable`, `validator`, ...) with its source.
    fn write(&self, w: &mut Xml, name: &str, attributes: &[(&str, &str)]) -> std::io::Result<()> {
        element(w, name, attributes, |w| match &self.source {
            Some(source) => source.write(w, "source"),
            None => Ok(()),
        })
    }
}

impl Files {
    fn write(&self, w: &mut Xml) -> std::io::Result<()> {
        element(w, "files", &[], |w| {
            element(w, "resources", &[], |w| {
                self.resources.iter().try_for_each(|f| f.write(w, "file"))
            })?;
            element(w, "executables", &[], |w| {
                (self.executables.iter()).try_for_each(|e| e.write(w, "executable", &[]))
            })
        })
    }
}

impl Assets {
    fn write(&self, w: &mut Xml) -> std::io::Result<()> {
        element(w, "assets", &[], |w| {
            if let Some(checker) = &self.checker {
                let attributes = present(&[
                    ("name", checker.name.as_deref()),
                    ("type", checker.kind.as_deref()),
                ]);
                element(w, "checker", &attributes, |w| {
                    if let Some(source) = &checker.program.source {
                        source.write(w, "source")?;
                    }
                    match &checker.copy {
                        Some(copy) => empty(w, "copy", &[("path", copy.as_str())]),
                        None => Ok(()),
                    }
                })?;
            }
            if let Some(interactor) = &self.interactor {
                interactor.write(w, "interactor", &[])?;
            }
            element(w, "validators", &[], |w| {
                (self.validators.iter()).try_for_each(|v| v.write(w, "validator", &[]))
            })?;
            element(w, "solutions", &[], |w| {
                for s in &self.solutions {
                    let attributes = present(&[("tag", s.tag.as_deref())]);
                    s.program.write(w, "solution", &attributes)?;
                }
                Ok(())
            })
        })
    }
}

/// A contest's `contest.xml`: its name, and its problems by label and
/// folder.
#[derive(Debug, Default)]
pub struct ContestXml {
    pub names: Vec<Name>,
    /// (index: `A`, url: `problems/<name>`).
    pub problems: Vec<(String, String)>,
}

impl ContestXml {
    /// Its text.
    pub fn text(&self) -> Result<String> {
        document(|w| {
            element(w, "contest", &[], |w| {
                write_names(w, &self.names)?;
                element(w, "problems", &[], |w| {
                    for (index, url) in &self.problems {
                        empty(
                            w,
                            "problem",
                            &[("index", index.as_str()), ("url", url.as_str())],
                        )?;
                    }
                    Ok(())
                })
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_and_commands() {
        assert_eq!(path_of("tests/%02d", 3).unwrap(), "tests/03");
        assert_eq!(path_of("tests/%d.a", 12).unwrap(), "tests/12.a");
        assert_eq!(path_of("t/%03d.in", 7).unwrap(), "t/007.in");
        assert_eq!(words("gen  10 \"a b\" ''"), ["gen", "10", "a b", ""]);
    }
}
