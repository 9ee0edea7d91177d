//! `judge diff`: what differs between two problems, as a judge would see
//! them: titles, limits, the kind of problem, the files its solutions read
//! and write, groups and points, each built
//! test (input and answer bytes, sample, group, the generator and
//! arguments that make it), the inputs that must be
//! invalid (by content, with their reasons), the jury programs (by
//! content) and the solutions in each verdict folder (by content). A round
//! trip (import, package, import again) must come back with none.

use std::collections::BTreeMap;
use std::path::PathBuf;

use anyhow::Result;

use crate::base::fsutil;
use crate::format::subject::with_headers;
use crate::model::config::About;
use crate::model::problem::{Problem, ProgramSpec, TestSource, TestSpec};
use crate::model::results::Test;
use crate::model::results::report::Difference;
use crate::model::verdict::GroupScoring;

/// The differences between `a` and `b`, whose tests are built.
pub fn compare(
    (a, a_tests): (&Problem, &[Test]),
    (b, b_tests): (&Problem, &[Test]),
) -> Result<Vec<Difference>> {
    let mut d = Differences(Vec::new());
    let renamed = renaming(a_tests, b_tests);
    if let Some(names) = &renamed {
        let pairs = |side: fn(&(String, String)) -> &String| {
            let names: Vec<&str> = names.iter().map(|p| side(p).as_str()).collect();
            names.join(", ")
        };
        d.differ("group names".into(), pairs(|p| &p.0), pairs(|p| &p.1));
    }
    let names: BTreeMap<String, String> = renamed.into_iter().flatten().collect();
    let name = |g: &str| names.get(g).cloned().unwrap_or_else(|| g.to_string());
    d.settings(a, b, &name)?;
    d.jury(a, b)?;
    d.tests(a_tests, b_tests, &name)?;
    d.generators(a, b)?;
    d.statements(a, b)?;
    let (sa, sb) = (solutions(a)?, solutions(b)?);
    let none = || "absent".to_string();
    for name in sa.keys().chain(sb.keys().filter(|k| !sa.contains_key(*k))) {
        d.differ(
            format!("solution {name}"),
            sa.get(name).cloned().unwrap_or_else(none),
            sb.get(name).cloned().unwrap_or_else(none),
        );
    }
    Ok(d.0)
}

/// The groups `a`'s tests are in, renamed in `b` and nothing more: each of
/// a's groups becomes one of b's, each test staying with its fellows.
/// `None` when the names are the same, or the groups differ otherwise
/// (the tests then say how).
fn renaming(a: &[Test], b: &[Test]) -> Option<Vec<(String, String)>> {
    if a.len() != b.len() {
        return None;
    }
    let mut names: Vec<(String, String)> = Vec::new();
    for (x, y) in a.iter().zip(b) {
        let (Some(x), Some(y)) = (&x.group, &y.group) else {
            match x.group == y.group {
                true => continue,
                false => return None,
            }
        };
        let known = names.iter().find(|(from, to)| from == x || to == y);
        match known {
            Some((from, to)) if from == x && to == y => {}
            Some(_) => return None,
            None => names.push((x.clone(), y.clone())),
        }
    }
    names.iter().any(|(x, y)| x != y).then_some(names)
}

/// The differences found so far.
struct Differences(Vec<Difference>);

impl Differences {
    /// Notes `what` where `x` (a's) and `y` (b's) differ.
    fn differ(&mut self, what: String, x: String, y: String) {
        if x != y {
            self.0.push(Difference { what, a: x, b: y });
        }
    }

    /// Each of `a` and `b`'s as `of` says it.
    fn each(&mut self, what: &str, a: &Problem, b: &Problem, of: impl Fn(&Problem) -> String) {
        self.differ(what.into(), of(a), of(b));
    }

    /// What each says of where it comes from (`[about]`), key by key; not
    /// the uuid, which an export makes from the name where none is given.
    fn about(&mut self, a: &Problem, b: &Problem) {
        let text = |v: &Option<String>| v.clone().unwrap_or_default();
        let keys = |x: &About| {
            [
                ("source", text(&x.source)),
                ("source url", text(&x.source_url)),
                ("authors", x.authors.join(", ")),
                ("license", text(&x.license)),
                ("rights owner", text(&x.rights_owner)),
                ("tags", x.tags.join(", ")),
            ]
        };
        let (x, y) = (&a.config.value.about, &b.config.value.about);
        for ((what, x), (_, y)) in keys(x).into_iter().zip(keys(y)) {
            self.differ(what.into(), x, y);
        }
    }

    /// The titles, limits, kind, the files solutions read and write, the
    /// inputs that must be invalid and groups (a's groups by the names
    /// `renamed` gives them in b).
    fn settings(
        &mut self,
        a: &Problem,
        b: &Problem,
        renamed: &dyn Fn(&str) -> String,
    ) -> Result<()> {
        self.each("title", a, b, |p| {
            let t = &p.config.value.title;
            format!("{} / {}", t.en, t.zh)
        });
        self.about(a, b);
        self.each("time limit", a, b, |p| {
            format!("{} ms", p.limits.time.as_millis())
        });
        self.each("memory limit", a, b, |p| {
            format!("{} MiB", p.limits.memory_bytes >> 20)
        });
        self.each("output limit", a, b, |p| {
            format!("{} MiB", p.limits.output_bytes >> 20)
        });
        self.each("kind", a, b, |p| match p.interactive {
            true => "interactive".into(),
            false => "batch".into(),
        });
        self.each("files", a, b, |p| {
            let name = |f: &Option<String>, standard: &str| f.clone().unwrap_or(standard.into());
            let (input, output) = (
                name(&p.files.input, "stdin"),
                name(&p.files.output, "stdout"),
            );
            format!("{input}, {output}")
        });
        // The inputs that must be invalid, by content and reason.
        let invalid = |p: &Problem| -> Result<String> {
            let mut all = Vec::new();
            for i in &p.invalid {
                let hash = fsutil::hash_file(&i.input)?;
                all.push(format!("{} ({})", &hash[..12], i.reason));
            }
            all.sort();
            Ok(all.join(", "))
        };
        self.differ("invalid inputs".into(), invalid(a)?, invalid(b)?);
        // Each language's grader by its files' content; the submission's name.
        let graders = |p: &Problem| -> Result<String> {
            let Some(g) = &p.graders else {
                return Ok("none".into());
            };
            let named = g.submission.as_deref().unwrap_or("its own name");
            let mut all = vec![format!("submission named {named}")];
            for (language, files) in &g.files {
                let hashes: Vec<String> = (files.iter())
                    .map(|f| Ok(fsutil::hash_file(f)?[..12].to_string()))
                    .collect::<Result<_>>()?;
                all.push(format!("{language}: {}", hashes.join(" ")));
            }
            Ok(all.join("; "))
        };
        self.differ("graders".into(), graders(a)?, graders(b)?);
        let groups = |p: &Problem, name: &dyn Fn(&str) -> String| {
            let list: Vec<String> = (p.groups.iter())
                .map(|g| {
                    let each = match g.scoring {
                        GroupScoring::All => String::new(),
                        scoring => format!(", {}", scoring.describe()),
                    };
                    let after = match g.depends.is_empty() {
                        true => String::new(),
                        false => {
                            let on: Vec<String> = g.depends.iter().map(|d| name(d)).collect();
                            format!(", after {}", on.join(" "))
                        }
                    };
                    format!("{} ({} points{each}{after})", name(&g.name), g.points)
                })
                .collect();
            list.join(", ")
        };
        let same = |g: &str| g.to_string();
        self.differ("groups".into(), groups(a, renamed), groups(b, &same));
        Ok(())
    }

    /// The checker and the validators (by content), their protocols and
    /// the checker's arguments.
    fn jury(&mut self, a: &Problem, b: &Problem) -> Result<()> {
        // An interactive problem's checker is its interactor.
        let role = |p: &Problem| match p.interactive {
            true => "interactor",
            false => "checker",
        };
        let checker =
            |p: &Problem| -> Result<String> { Ok(format!("{} {}", role(p), program(&p.checker)?)) };
        self.differ("checker".into(), checker(a)?, checker(b)?);
        let validators = |p: &Problem| -> Result<String> {
            let each: Vec<String> = (p.validators.iter())
                .map(|v| program(&v.program))
                .collect::<Result<_>>()?;
            Ok(match each.is_empty() {
                true => "none".to_string(),
                false => each.join(", "),
            })
        };
        self.differ("validator".into(), validators(a)?, validators(b)?);
        self.each("protocols", a, b, |p| {
            let named = |spec: &ProgramSpec| match spec {
                ProgramSpec::Cargo(name) => name.clone(),
                ProgramSpec::Sources { entry: path, .. }
                | ProgramSpec::Source(path)
                | ProgramSpec::Folder(path)
                | ProgramSpec::Executable(path) => fsutil::file_name(path),
            };
            let mut each = vec![format!(
                "{} {}: {}",
                role(p),
                named(&p.checker),
                p.checker_protocol.name()
            )];
            for v in &p.validators {
                let (name, protocol) = (named(&v.program), v.protocol.name());
                each.push(format!("validator {name}: {protocol}"));
            }
            each.join(", ")
        });
        self.each("checker arguments", a, b, |p| p.checker_args.join(" "));
        Ok(())
    }

    /// How many tests, and each test's input and answer (by content),
    /// sample, group (a's by the name `renamed` gives it in b) and points.
    fn tests(
        &mut self,
        a_tests: &[Test],
        b_tests: &[Test],
        renamed: &dyn Fn(&str) -> String,
    ) -> Result<()> {
        let count = |tests: &[Test]| tests.len().to_string();
        self.differ("tests".into(), count(a_tests), count(b_tests));
        for (x, y) in a_tests.iter().zip(b_tests) {
            let name = &x.name;
            let (ix, iy) = (fsutil::hash_file(&x.input)?, fsutil::hash_file(&y.input)?);
            self.differ(format!("test {name} input"), ix, iy);
            let (ax, ay) = (fsutil::hash_file(&x.answer)?, fsutil::hash_file(&y.answer)?);
            self.differ(format!("test {name} answer"), ax, ay);
            let sample = |t: &Test| t.sample.to_string();
            self.differ(format!("test {name} sample"), sample(x), sample(y));
            let (gx, gy) = (x.group.as_deref(), y.group.as_deref());
            let (gx, gy) = (gx.map(renamed), gy.map(str::to_string));
            self.differ(
                format!("test {name} group"),
                gx.unwrap_or_default(),
                gy.unwrap_or_default(),
            );
            let own = |t: &Test| t.points.map(|p| format!("{p} points")).unwrap_or_default();
            self.differ(format!("test {name} points"), own(x), own(y));
        }
        Ok(())
    }
}

impl Differences {
    /// How each test is made, in plan order: by which generator (by
    /// content) with which arguments, or stored.
    fn generators(&mut self, a: &Problem, b: &Problem) -> Result<()> {
        let command = |t: &TestSpec| -> Result<String> {
            Ok(match &t.source {
                TestSource::File(_) => "none (a stored input)".to_string(),
                TestSource::Generated { generator, args } => {
                    format!("`{}` of {}", args.join(" "), program(generator)?)
                }
            })
        };
        for (x, y) in a.tests.iter().zip(&b.tests) {
            let what = format!("test {} generator", x.name);
            self.differ(what, command(x)?, command(y)?);
        }
        Ok(())
    }
}

/// A program as compared: the kit's by name; sources (one file with the
/// headers it includes from beside it, or several built together: a
/// package may ship a source's headers beside it as sources of their own)
/// by their names and content; a program folder or an executable by its
/// name and content.
fn program(spec: &ProgramSpec) -> Result<String> {
    let (kind, path) = match spec {
        ProgramSpec::Cargo(name) => return Ok(format!("the kit's {name}")),
        ProgramSpec::Source(path) => ("sources", path),
        ProgramSpec::Folder(path) => ("a program folder", path),
        ProgramSpec::Executable(path) => ("an executable", path),
        ProgramSpec::Sources { entry, .. } => ("sources", entry),
    };
    let mut files: Vec<(String, PathBuf)> = match spec {
        ProgramSpec::Source(path) => with_headers(path)?,
        ProgramSpec::Sources { entry, beside, .. } => (std::iter::once(entry).chain(beside))
            .map(|f| (fsutil::file_name(f), f.clone()))
            .collect(),
        _ if path.is_dir() => (fsutil::files_under(path)?.into_iter())
            .map(|f| {
                (
                    f.strip_prefix(path)
                        .unwrap_or(&f)
                        .to_string_lossy()
                        .into_owned(),
                    f,
                )
            })
            .collect(),
        _ => vec![(String::new(), path.clone())],
    };
    files.sort();
    let mut hasher = blake3::Hasher::new();
    for (rel, file) in &files {
        hasher.update(format!("{rel}\0{}\0", fsutil::hash_file(file)?).as_bytes());
    }
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    Ok(format!(
        "{kind} {name} (content {})",
        &hasher.finalize().to_hex()[..12]
    ))
}

/// Every solution `verify` judges, by its path under the solutions folder,
/// with what it promises and the hash of its content.
fn solutions(p: &Problem) -> Result<BTreeMap<String, String>> {
    let mut all = BTreeMap::new();
    for (file, expect) in crate::model::expect::promises(p)? {
        let shown = file.strip_prefix(&p.solutions).unwrap_or(&file);
        let hash = fsutil::hash_file(&file)?;
        all.insert(
            shown.display().to_string(),
            format!("{}, content {}", expect.describe(), &hash[..12]),
        );
    }
    Ok(all)
}

impl Differences {
    /// The statements: the languages each has, and for a language both
    /// have, whether its text differs (the first line that does, with the
    /// form each is written in).
    fn statements(&mut self, a: &Problem, b: &Problem) -> Result<()> {
        let (x, y) = (statement_texts(a)?, statement_texts(b)?);
        let languages = |m: &BTreeMap<String, (&str, String)>| {
            let all: Vec<&str> = m.keys().map(String::as_str).collect();
            match all.is_empty() {
                true => "none".to_string(),
                false => all.join(", "),
            }
        };
        self.differ("statement languages".into(), languages(&x), languages(&y));
        for (lang, (form_x, text_x)) in &x {
            let Some((form_y, text_y)) = y.get(lang) else {
                continue;
            };
            if (form_x, text_x) == (form_y, text_y) {
                continue;
            }
            let (n, line_x, line_y) = first_other_line(text_x, text_y);
            self.0.push(Difference {
                what: format!("statement {lang}"),
                a: format!("{form_x}, line {n}: {line_x}"),
                b: format!("{form_y}, line {n}: {line_y}"),
            });
        }
        Ok(())
    }
}

/// A problem's statements by language: the form each is written in and its
/// text (its lines that are not blank, without white space at their end;
/// a PDF by its content's hash): the kit's `statement.<lang>.md`, else its
/// package's own.
fn statement_texts(p: &Problem) -> Result<BTreeMap<String, (&'static str, String)>> {
    use crate::format::written::Form;
    use crate::service::package_statements;
    let clean = |text: &str| {
        let lines = text.lines().map(str::trim_end).filter(|l| !l.is_empty());
        lines.collect::<Vec<_>>().join("\n")
    };
    let mut all = BTreeMap::new();
    if !package_statements::keeps_its_own(p) {
        for lang in crate::model::problem::Lang::ALL {
            if let Ok(text) = std::fs::read_to_string(lang.source(p)) {
                all.insert(lang.code().to_string(), ("Markdown", clean(&text)));
            }
        }
        return Ok(all);
    }
    for written in package_statements::written(p)? {
        let text = match &written.form {
            Form::Markdown(t) | Form::Latex(t) | Form::Html(t) => clean(t),
            Form::Pdf => format!("content {}", &fsutil::hash_file(&written.path)?[..12]),
        };
        all.insert(written.lang, (written.form.name(), text));
    }
    Ok(all)
}

/// The first line where `x` and `y` differ: its number and each side's
/// line, shortened.
fn first_other_line(x: &str, y: &str) -> (usize, String, String) {
    let shown = |line: Option<&str>| match line {
        None => "(the end)".to_string(),
        Some(l) if l.chars().count() > 60 => {
            format!("`{}...`", l.chars().take(60).collect::<String>())
        }
        Some(l) => format!("`{l}`"),
    };
    let (mut a, mut b) = (x.lines(), y.lines());
    let mut n = 1;
    loop {
        let (l, m) = (a.next(), b.next());
        if l != m || l.is_none() {
            return (n, shown(l), shown(m));
        }
        n += 1;
    }
}
