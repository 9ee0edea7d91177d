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
use crate::format::subject::{self_contained_cpp, with_headers};
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
    let names = renaming(a_tests, b_tests).unwrap_or_default();
    if names.pairs.iter().any(|(x, y)| x != y) {
        let side = |of: fn(&(String, String)) -> &String| {
            let names: Vec<String> = names.pairs.iter().map(|p| shown(of(p))).collect();
            names.join(", ")
        };
        d.differ("group names".into(), side(|p| &p.0), side(|p| &p.1));
    }
    d.settings(a, b, &names)?;
    d.jury(a, b)?;
    d.tests(a_tests, b_tests, &names)?;
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

/// A group's name as the differences show it: `""` (no group on this
/// side, [`Renaming`]) as what it is.
fn shown(group: &str) -> String {
    match group.is_empty() {
        true => "none (samples without a group)".to_string(),
        false => group.to_string(),
    }
}

/// The groups `a`'s tests are in, renamed in `b` and nothing more: each of
/// a's groups becomes one of b's, each test staying with its fellows; a
/// group of samples only may be samples in no group on the other side (an
/// ICPC package's `data/sample`), the name `""` there, or its samples may
/// be in the group that needed them on the other side (ICPC's
/// `require_pass: sample`), which the tests then say. `None` when the
/// groups differ otherwise (the tests then say how).
fn renaming(a: &[Test], b: &[Test]) -> Option<Renaming> {
    if a.len() != b.len() {
        return None;
    }
    let only_samples = |tests: &[Test], group: &str| {
        let mut of = tests.iter().filter(|t| t.group.as_deref() == Some(group));
        of.all(|t| t.sample)
    };
    let mut pairs: Vec<(String, String)> = Vec::new();
    // The tests that are no samples first: they say which group is which.
    let mut both: Vec<(&Test, &Test)> = a.iter().zip(b).collect();
    both.sort_by_key(|(x, y)| x.sample && y.sample);
    for (x, y) in both {
        let samples = x.sample && y.sample;
        let (x, y) = match (&x.group, &y.group) {
            (None, None) => continue,
            (Some(x), Some(y)) => (x.clone(), y.clone()),
            (Some(x), None) if samples => (x.clone(), String::new()),
            (None, Some(y)) if samples => (String::new(), y.clone()),
            _ => return None,
        };
        let known = pairs.iter().find(|(from, to)| *from == x || *to == y);
        // Samples of a group of their own on one side, in another group
        // on the other: their own group is none there.
        let moved = match samples {
            true if only_samples(a, &x) => Some((x.clone(), String::new())),
            true if only_samples(b, &y) => Some((String::new(), y.clone())),
            _ => None,
        };
        match (known, moved) {
            (Some((from, to)), _) if *from == x && *to == y => {}
            (Some(_), Some(moved)) => {
                let clash = |(from, to): &(String, String)| {
                    (*from == moved.0 || *to == moved.1) && (from, to) != (&moved.0, &moved.1)
                };
                match pairs.iter().any(|p| p == &moved) {
                    true => {}
                    false if pairs.iter().any(clash) => return None,
                    false => pairs.push(moved),
                }
            }
            (Some(_), None) => return None,
            (None, _) => pairs.push((x, y)),
        }
    }
    // In the order of the tests.
    let at =
        |tests: &[Test], group: &str| tests.iter().position(|t| t.group.as_deref() == Some(group));
    pairs.sort_by_key(|(x, y)| at(a, x).or_else(|| at(b, y)));
    Some(Renaming { pairs })
}

/// Which of a's groups is which of b's ([`renaming`]).
#[derive(Default)]
struct Renaming {
    pairs: Vec<(String, String)>,
}

impl Renaming {
    /// a's group `g` by its name in b (`""`: samples in no group there).
    fn a(&self, g: &str) -> String {
        let pair = self.pairs.iter().find(|(x, _)| x == g);
        pair.map_or(g, |(_, y)| y.as_str()).to_string()
    }

    /// b's group `g`, `""` where its samples are in no group in a.
    fn b(&self, g: &str) -> String {
        match self.pairs.iter().any(|(x, y)| x.is_empty() && y == g) {
            true => String::new(),
            false => g.to_string(),
        }
    }
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
    /// inputs that must be invalid and groups (each side's by the names
    /// `renamed` gives them; a group of samples only that is none on the
    /// other side is left out unless it has points).
    fn settings(&mut self, a: &Problem, b: &Problem, renamed: &Renaming) -> Result<()> {
        self.each("title", a, b, |p| {
            let each = p.config.value.title.each();
            let titles: Vec<String> = each.map(|(code, t)| format!("{code}: {t}")).collect();
            titles.join(", ")
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
                .filter(|g| g.points > 0 || !name(&g.name).is_empty())
                .map(|g| {
                    let each = match g.scoring {
                        GroupScoring::All => String::new(),
                        scoring => format!(", {}", scoring.describe()),
                    };
                    let after = match g.depends.is_empty() {
                        true => String::new(),
                        false => {
                            let on: Vec<String> =
                                g.depends.iter().map(|d| shown(&name(d))).collect();
                            format!(", after {}", on.join(" "))
                        }
                    };
                    format!("{} ({} points{each}{after})", name(&g.name), g.points)
                })
                .collect();
            list.join(", ")
        };
        let (of_a, of_b) = (|g: &str| renamed.a(g), |g: &str| renamed.b(g));
        self.differ("groups".into(), groups(a, &of_a), groups(b, &of_b));
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
        let checker = |p: &Problem| -> Result<String> {
            Ok(format!("{} {}", role(p), Program::of(&p.checker)?))
        };
        self.differ("checker".into(), checker(a)?, checker(b)?);
        let validators = |p: &Problem| -> Result<String> {
            let each: Vec<String> = (p.validators.iter())
                .map(|v| Ok(Program::of(&v.program)?.to_string()))
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
    /// sample, group (each side's by the name `renamed` gives it) and
    /// points.
    fn tests(&mut self, a_tests: &[Test], b_tests: &[Test], renamed: &Renaming) -> Result<()> {
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
            let (gx, gy) = (gx.map(|g| renamed.a(g)), gy.map(|g| renamed.b(g)));
            let group = |g: Option<String>| shown(&g.unwrap_or_default());
            self.differ(format!("test {name} group"), group(gx), group(gy));
            let own = |t: &Test| t.points.map(|p| format!("{p} points")).unwrap_or_default();
            self.differ(format!("test {name} points"), own(x), own(y));
        }
        Ok(())
    }
}

impl Differences {
    /// How each test is made, in plan order: by which generator (by
    /// content: a generator renamed is one line, `generators`, not one a
    /// test) with which arguments, or stored.
    fn generators(&mut self, a: &Problem, b: &Problem) -> Result<()> {
        let command = |t: &TestSpec| -> Result<String> {
            Ok(match &t.source {
                TestSource::File(_) => "none (a stored input)".to_string(),
                TestSource::Generated { generator, args } => {
                    let made = Program::of(generator)?;
                    format!("`{}` of {}", args.join(" "), made.content)
                }
            })
        };
        let named = |p: &Problem| -> Result<String> {
            let mut names: Vec<String> = Vec::new();
            for t in &p.tests {
                if let TestSource::Generated { generator, .. } = &t.source {
                    let shown = Program::of(generator)?.to_string();
                    if !names.contains(&shown) {
                        names.push(shown);
                    }
                }
            }
            Ok(names.join(", "))
        };
        self.differ("generators".into(), named(a)?, named(b)?);
        for (x, y) in a.tests.iter().zip(&b.tests) {
            let what = format!("test {} generator", x.name);
            self.differ(what, command(x)?, command(y)?);
        }
        Ok(())
    }
}

/// A program as compared: the kit's by name; a source by its name and
/// content, a C or C++ one as one file with the headers it includes from
/// beside it inlined (the text a judge that compiles it alone gets:
/// Polygon's files, CMS's `check.cpp`; a package may also list those
/// headers as sources of their own, built with it), another with those
/// headers beside it; several sources built together and a program folder
/// or an executable by their names and content.
struct Program {
    /// What it is and its name: `sources gen.cpp`, `the kit's wcmp`.
    name: String,
    /// `content <hash>`, or the kit's program's name.
    content: String,
}

impl Program {
    fn of(spec: &ProgramSpec) -> Result<Program> {
        let (kind, path) = match spec {
            ProgramSpec::Cargo(name) => {
                return Ok(Program {
                    name: format!("the kit's {name}"),
                    content: format!("the kit's {name}"),
                });
            }
            ProgramSpec::Source(path) => ("sources", path),
            ProgramSpec::Folder(path) => ("a program folder", path),
            ProgramSpec::Executable(path) => ("an executable", path),
            ProgramSpec::Sources { entry, .. } => ("sources", entry),
        };
        let hashed = |files: Vec<(String, PathBuf)>| -> Result<Vec<(String, String)>> {
            (files.into_iter())
                .map(|(rel, file)| Ok((rel, fsutil::hash_file(&file)?)))
                .collect()
        };
        let mut files = match spec {
            ProgramSpec::Source(path) | ProgramSpec::Sources { entry: path, .. }
                if is_c_family(path) =>
            {
                let text = self_contained_cpp(path)?;
                let inlined = blake3::hash(text.as_bytes()).to_hex().to_string();
                // The headers beside the entry are in its text, if it
                // includes them; other files built with it count apart.
                let beside = match spec {
                    ProgramSpec::Sources { beside, .. } => beside.as_slice(),
                    _ => &[],
                };
                let apart = (beside.iter())
                    .filter(|f| !(is_header(f) && f.parent() == path.parent()))
                    .map(|f| (fsutil::file_name(f), f.clone()));
                let mut files = hashed(apart.collect())?;
                files.push((String::new(), inlined));
                files
            }
            // The entry by its content alone: a program renamed (CMS's
            // `gen/generator.py`) is the same program.
            ProgramSpec::Source(path) => {
                let mut files = with_headers(path)?;
                files[0].0 = String::new();
                hashed(files)?
            }
            ProgramSpec::Sources { entry, beside, .. } => hashed(
                (std::iter::once((String::new(), entry.clone())))
                    .chain(beside.iter().map(|f| (fsutil::file_name(f), f.clone())))
                    .collect(),
            )?,
            _ if path.is_dir() => hashed(
                (fsutil::files_under(path)?.into_iter())
                    .map(|f| {
                        let rel = f.strip_prefix(path).unwrap_or(&f);
                        (rel.to_string_lossy().into_owned(), f.clone())
                    })
                    .collect(),
            )?,
            _ => hashed(vec![(String::new(), path.clone())])?,
        };
        files.sort();
        let mut hasher = blake3::Hasher::new();
        for (rel, hash) in &files {
            hasher.update(format!("{rel}\0{hash}\0").as_bytes());
        }
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        Ok(Program {
            name: format!("{kind} {name}"),
            content: format!("content {}", &hasher.finalize().to_hex()[..12]),
        })
    }
}

impl std::fmt::Display for Program {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.name == self.content {
            true => write!(f, "{}", self.name),
            false => write!(f, "{} ({})", self.name, self.content),
        }
    }
}

/// A C or C++ source, whose quoted includes a judge compiling it alone
/// needs inlined.
fn is_c_family(path: &std::path::Path) -> bool {
    let extension = path.extension().map(|e| e.to_string_lossy().to_lowercase());
    extension.is_some_and(|e| ["c", "cpp", "cc", "cxx", "c++"].contains(&e.as_str()))
}

/// A C or C++ header.
fn is_header(path: &std::path::Path) -> bool {
    let extension = path.extension().map(|e| e.to_string_lossy().to_lowercase());
    extension.is_some_and(|e| ["h", "hpp", "hh", "hxx"].contains(&e.as_str()))
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
        for lang in crate::model::lang::Lang::KIT {
            if let Ok(text) = std::fs::read_to_string(p.statement_file(&lang)) {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Tests named 1, 2, ... in the groups given, the first `samples` of
    /// them samples.
    fn tests(groups: &[Option<&str>], samples: usize) -> Vec<Test> {
        (groups.iter().enumerate())
            .map(|(i, group)| Test {
                name: (i + 1).to_string(),
                input: PathBuf::new(),
                answer: PathBuf::new(),
                group: group.map(str::to_string),
                sample: i < samples,
                targets: Vec::new(),
                points: None,
            })
            .collect()
    }

    #[test]
    fn groups_renamed_are_one_renaming() {
        let a = tests(&[Some("a"), Some("a"), Some("b")], 0);
        let b = tests(&[Some("1"), Some("1"), Some("2")], 0);
        let names = renaming(&a, &b).unwrap();
        assert_eq!((names.a("a"), names.a("b")), ("1".into(), "2".into()));
        // A test that leaves its fellows is no renaming.
        let b = tests(&[Some("1"), Some("2"), Some("2")], 0);
        assert!(renaming(&a, &b).is_none());
    }

    /// A C++ source with the header it includes beside it is the same
    /// program as the one file with the header inlined, and as the source
    /// built with the header listed beside it; not with another header.
    #[test]
    fn a_source_is_compared_with_its_headers_inlined() {
        let dir = tempfile::tempdir().unwrap();
        let write = |rel: &str, text: &str| {
            let path = dir.path().join(rel);
            testkit::files::write(&path, text);
            path
        };
        let main = "#include \"v.h\"\nint main() { return V; }\n";
        let source = write("a/gen.cpp", main);
        write("a/v.h", "#define V 0\n");
        let inlined = write("b/gen.cpp", &self_contained_cpp(&source).unwrap());
        let listed = ProgramSpec::Sources {
            name: "gen".into(),
            entry: write("c/gen.cpp", main),
            beside: vec![write("c/v.h", "#define V 0\n")],
        };
        let other = write("d/gen.cpp", main);
        write("d/v.h", "#define V 1\n");
        let content = |spec: ProgramSpec| Program::of(&spec).unwrap().content;
        let one = content(ProgramSpec::Source(source));
        assert_eq!(one, content(ProgramSpec::Source(inlined)));
        assert_eq!(one, content(listed));
        assert_ne!(one, content(ProgramSpec::Source(other)));
    }

    /// A source renamed is the same program (CMS keeps a generator as
    /// `gen/generator.py`): its name is shown, its content compared.
    #[test]
    fn a_source_renamed_has_the_same_content() {
        let dir = tempfile::tempdir().unwrap();
        let write = |rel: &str| {
            let path = dir.path().join(rel);
            testkit::files::write(&path, "print(1)\n");
            ProgramSpec::Source(path)
        };
        let (mine, theirs) = (write("a/mygen.py"), write("b/generator.py"));
        let (mine, theirs) = (Program::of(&mine).unwrap(), Program::of(&theirs).unwrap());
        assert_eq!(mine.content, theirs.content);
        assert_ne!(mine.name, theirs.name);
    }

    /// A group of the samples only (a Polygon package's `0`) is samples in
    /// no group in an ICPC package's `data/sample`, either way round; a
    /// test that is no sample cannot leave its group so.
    #[test]
    fn a_group_of_samples_may_be_no_group_on_the_other_side() {
        let a = tests(&[Some("0"), Some("0"), Some("1")], 2);
        let b = tests(&[None, None, Some("secret")], 2);
        let names = renaming(&a, &b).unwrap();
        assert_eq!(names.a("0"), "");
        assert_eq!(names.a("1"), "secret");
        let back = renaming(&b, &a).unwrap();
        assert_eq!((back.b("0"), back.b("1")), (String::new(), "1".into()));
        let b = tests(&[None, None, None], 2);
        assert!(renaming(&a, &b).is_none());
        let b = tests(&[None, None, Some("secret")], 1);
        assert!(renaming(&a, &b).is_none());
    }

    /// The samples of a group of their own (Polygon's `0`, which group 1
    /// needs) may be in that group on the other side, as an ICPC import
    /// puts the samples a group requires: still one renaming, either way
    /// round (test 1's group is then a difference of its own).
    #[test]
    fn samples_may_join_the_group_that_needed_them() {
        let a = tests(&[Some("0"), Some("1"), Some("1"), Some("2")], 1);
        let b = tests(&[Some("g1"), Some("g1"), Some("g1"), Some("g2")], 1);
        let names = renaming(&a, &b).unwrap();
        assert_eq!(names.a("0"), "");
        assert_eq!((names.a("1"), names.a("2")), ("g1".into(), "g2".into()));
        let back = renaming(&b, &a).unwrap();
        assert_eq!((back.b("0"), back.b("1")), (String::new(), "1".into()));
        // Not a group that holds more than samples.
        let a = tests(&[Some("1"), Some("0"), Some("1"), Some("2")], 1);
        assert!(renaming(&a, &b).is_none());
    }
}
