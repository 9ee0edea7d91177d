//! What a format's writer gets: one problem as a package ships it
//! ([`Subject`]: its built tests, solutions with their promises,
//! statements, and its checker and validator as the format ships them,
//! [`Shipped`]), and the [`Writer`] each format implements.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use anyhow::{Result, bail};

use crate::base::fsutil;
use crate::format::tree::Tree;
use crate::model::config::{About, Language};
use crate::model::expect::Expect;
use crate::model::lang::Lang;
use crate::model::problem::{CppChecker, Problem, ProgramSpec, TestSource};
use crate::model::program::Protocol;
use crate::model::results::{Test, Warning};
use crate::model::verdict::{AcceptRule, ErrorRule, GroupScoring};

/// A jury program as a package ships it.
#[derive(Clone, Debug)]
pub enum Shipped {
    /// A Rust program of the kit, built for the format's protocol.
    Built {
        /// The binary's name (`check-nim`).
        name: String,
        binary: PathBuf,
        /// Its source files: (name in the package, file of the kit).
        sources: Vec<(String, PathBuf)>,
    },
    /// A program as an imported problem keeps it, in the format's
    /// protocol already: one source file (with the headers it includes
    /// from beside it), or a program folder (every file, at its path in
    /// the folder).
    Kept {
        /// Its name: the source's stem, or the folder's name.
        name: String,
        /// (path in the program, file of the kit).
        files: Vec<(String, PathBuf)>,
        /// A single source, not a folder.
        single: bool,
        /// The source compiled by the kit, for a format whose judges run
        /// only compiled checkers ([`Writer::runs_compiled`]).
        compiled: Option<PathBuf>,
    },
    /// A compiled program a package shipped without its source, as it is.
    Executable { name: String, binary: PathBuf },
}

impl Shipped {
    pub fn name(&self) -> &str {
        match self {
            Shipped::Built { name, .. }
            | Shipped::Kept { name, .. }
            | Shipped::Executable { name, .. } => name,
        }
    }
}

/// A problem's C++ testlib checker, validator and interactor, where it has
/// them.
#[derive(Clone, Debug, Default)]
pub struct CppJury {
    pub checker: Option<CppChecker>,
    pub validator: Option<PathBuf>,
    pub interactor: Option<PathBuf>,
}

/// Files of an imported problem's package that an export ships as they
/// are: (path in the target package, file of the kit).
pub type KeptFiles = Vec<(String, PathBuf)>;

/// One problem, as a writer sees it.
pub struct Subject<'a> {
    pub problem: &'a Problem,
    /// The built tests, in order.
    pub tests: &'a [Test],
    /// Every solution with what it promises, in verify's order.
    pub solutions: Vec<(Expect, PathBuf)>,
    /// The statement in each language, English first; none when the
    /// problem keeps its package's statements ([`Subject::kept`]).
    pub statements: Vec<Statement>,
    /// An imported problem's own files the format keeps as they are, at
    /// their place there (written by [`export`] after the exporter's
    /// files): its statements, and in ICPC the input validators of its ICPC
    /// package that the kit does not run (left out with `--lossy`).
    pub kept: KeptFiles,
    /// The checker and the validators, built for the format's protocol.
    pub checker: Option<Shipped>,
    pub validators: Vec<Shipped>,
    /// The C++ testlib programs, for the judges that compile only those
    /// (Polygon, Hydro): the problem's own, or its programs of another
    /// protocol wrapped into testlib's (`format::wrap`).
    pub cpp: CppJury,
    /// Stable across exports: derived from the kit's and the problem's names.
    pub uuid: String,
    /// Its folder in a contest package.
    pub folder: String,
    /// An imported problem's statements the format could not carry: their
    /// files in its package (`statement/english.pdf`), said in warnings.
    pub uncarried: Vec<String>,
    /// The kit's root.
    pub kit_root: PathBuf,
    /// The generated tests whose input is not the one their generator
    /// makes here (the package's stored input stands in: it differs, or
    /// the generator does not compile here): a package ships them as
    /// stored tests, never as commands.
    pub stand_ins: BTreeSet<String>,
}

/// A generator as a package ships it: its name (the source's stem, or a
/// program's name) and its files, (name in the package, file of the
/// kit), the one run first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratorFiles {
    pub name: String,
    pub files: Vec<(String, PathBuf)>,
}

/// The generator of `spec` as a package ships it, when a judge can build
/// it from its sources: a source file (with the headers it includes from
/// beside it), or several sources built together. The kit's cargo
/// generators (a crate and its library) and executables are not.
pub fn generator_files(spec: &ProgramSpec) -> Result<Option<GeneratorFiles>> {
    Ok(match spec {
        ProgramSpec::Source(path) => Some(GeneratorFiles {
            name: (path.file_stem().unwrap_or_default())
                .to_string_lossy()
                .into_owned(),
            files: with_headers(path)?,
        }),
        ProgramSpec::Sources {
            name,
            entry,
            beside,
            ..
        } => Some(GeneratorFiles {
            name: name.rsplit('/').next().unwrap_or(name).to_string(),
            files: (std::iter::once(entry).chain(beside))
                .map(|f| (fsutil::file_name(f), f.clone()))
                .collect(),
        }),
        ProgramSpec::Cargo(_) | ProgramSpec::Folder(_) | ProgramSpec::Executable(_) => None,
    })
}

/// The generator and arguments that make `test` as its package may say
/// it: a generated test whose input is the generator's here (not a stand
/// in), whose arguments are plain words (none empty, none holding white
/// space, a quote or a character of `refused`, which the format's command
/// lines give a meaning).
pub fn command_of<'a>(
    s: &'a Subject,
    test: &Test,
    refused: &str,
) -> Option<(&'a ProgramSpec, &'a [String])> {
    let spec = s.problem.tests.iter().find(|t| t.name == test.name)?;
    let TestSource::Generated { generator, args } = &spec.source else {
        return None;
    };
    let plain = |a: &String| {
        !a.is_empty()
            && !(a.chars()).any(|c| c.is_whitespace() || "\"'".contains(c) || refused.contains(c))
    };
    (!s.stand_ins.contains(&test.name) && args.iter().all(plain))
        .then_some((generator, args.as_slice()))
}

/// A source file with the headers it includes from beside it, directly
/// or through each other: (name, file), the source first.
pub fn with_headers(source: &Path) -> Result<Vec<(String, PathBuf)>> {
    let dir = source.parent().unwrap_or(Path::new("."));
    let name = |f: &Path| f.file_name().map(|n| n.to_string_lossy().into_owned());
    let mut files = vec![(name(source).unwrap_or_default(), source.to_path_buf())];
    let mut next = 0;
    while next < files.len() {
        let text = std::fs::read(&files[next].1).map_err(|e| fsutil::naming(&files[next].1, e))?;
        next += 1;
        for line in String::from_utf8_lossy(&text).lines() {
            let included = quoted_include(line).map(str::to_string);
            if let Some(header) = included.filter(|n| !n.contains('/')) {
                let file = dir.join(&header);
                if file.is_file() && !files.iter().any(|(n, _)| *n == header) {
                    files.push((header, file));
                }
            }
        }
    }
    Ok(files)
}

/// The folder of an imported package's `generators/` that `source` sits
/// in (BAPCtools's program folder, which its commands name), if it sits in
/// one there.
pub fn program_folder_of<'a>(s: &Subject, source: &'a Path) -> Option<&'a Path> {
    let generators = s.problem.dir.join("package/generators");
    source
        .parent()
        .filter(|dir| dir.parent() == Some(&generators))
}

/// What a format with one title for every language (`format`) loses of a
/// problem titled otherwise in its languages: `written` is the one it
/// writes, which an import gives each language.
pub fn one_title(s: &Subject, format: &str, written: &str) -> Option<String> {
    let titles = &s.problem.config.value.title;
    if titles.distinct().len() < 2 {
        return None;
    }
    let each: Vec<String> = (titles.each())
        .map(|(code, title)| format!("{code} `{title}`"))
        .collect();
    Some(format!(
        "{format} gives a problem one title: the titles ({}) go as `{written}`, which an import \
         of the package gives each language",
        each.join(", ")
    ))
}

/// What a format loses of the generators of `s`'s tests, where it keeps
/// none (or only those `kept` says): each generator's tests, which go as
/// their stored inputs.
pub fn generators_dropped(
    s: &Subject,
    kept: &dyn Fn(&ProgramSpec, &[String]) -> bool,
) -> Vec<String> {
    let mut by: std::collections::BTreeMap<String, Vec<&str>> = Default::default();
    for spec in &s.problem.tests {
        if let TestSource::Generated { generator, args } = &spec.source
            && !kept(generator, args)
        {
            let shown = s.problem.program_shown(generator);
            by.entry(shown).or_default().push(&spec.name);
        }
    }
    (by.into_iter())
        .map(|(generator, tests)| {
            let mut named = tests.iter().take(5).copied().collect::<Vec<_>>().join(", ");
            if tests.len() > 5 {
                named.push_str(", ...");
            }
            format!(
                "{} tests ({named}) made by {generator} go as their stored inputs: the format \
                 keeps no generator of theirs",
                tests.len()
            )
        })
        .collect()
}

/// What a format that shares a group's points equally among its tests
/// loses: the groups whose tests earn points of their own that differ
/// (where a group scored all or nothing puts its points does not score).
pub fn unequal_points(s: &Subject) -> Vec<String> {
    let unequal = |g: &&crate::model::verdict::Group| {
        if !g.shared() {
            return false;
        }
        let own = (s.tests.iter())
            .filter(|t| t.group.as_ref() == Some(&g.name))
            .filter_map(|t| t.points);
        let own: Vec<f64> = own.collect();
        own.windows(2).any(|w| w[0] != w[1])
    };
    (s.problem.groups.iter().filter(unequal))
        .map(|g| {
            format!(
                "group `{}`'s tests have points of their own: each becomes an equal share of \
                 its {} points",
                g.name, g.points
            )
        })
        .chain(placed_points(s))
        .collect()
}

/// The groups scored all or nothing whose package put their points on
/// some tests (Polygon's do): where they sit, which does not score, has
/// no place in a format without points per test.
pub fn placed_points(s: &Subject) -> Option<String> {
    let placed: Vec<&str> = (s.problem.groups.iter())
        .filter(|g| !g.shared())
        .filter(|g| {
            (s.tests.iter()).any(|t| t.group.as_ref() == Some(&g.name) && t.points.is_some())
        })
        .map(|g| g.name.as_str())
        .collect();
    (!placed.is_empty()).then(|| {
        format!(
            "the tests of {} say where the package put their group's points: the format has \
             no place for that (the groups keep their points)",
            placed.join(", ")
        )
    })
}

/// What a format whose groups score only some ways (`held`) loses: each
/// group scored another way, with what it becomes (`instead`).
pub fn unheld_scorings(s: &Subject, held: &[GroupScoring], instead: &str) -> Vec<String> {
    (s.problem.groups.iter())
        .filter(|g| !held.contains(&g.scoring))
        .map(|g| {
            format!(
                "group `{}` {}: it becomes {instead}",
                g.name,
                g.scoring.describe()
            )
        })
        .collect()
}

/// What a format whose verdict is "every test passes, else the first
/// failure's" loses of problem.toml's `[verdict]`, if anything.
pub fn unheld_verdict_rules(p: &Problem) -> Option<String> {
    let v = p.verdicting;
    let mut rules = Vec::new();
    if v.ignore_samples {
        rules.push("the samples do not count");
    }
    if v.error == ErrorRule::Worst {
        rules.push("a rejection is the worst error");
    }
    match v.accept {
        AcceptRule::All => {}
        AcceptRule::AnyGroup => rules.push("a solution passing one group is accepted"),
        AcceptRule::Always => rules.push("every solution is accepted"),
    }
    (!rules.is_empty()).then(|| {
        format!(
            "[verdict] ({}) is dropped: every test counts, and the first failure is the verdict",
            rules.join("; ")
        )
    })
}

/// What of problem.toml's `[about]` a format has no place for (`held`: the
/// keys it keeps), if anything.
pub fn unheld_about(p: &Problem, held: &[&str]) -> Option<String> {
    let about = &p.config.value.about;
    let lost: Vec<&str> = (about.keys().into_iter())
        .filter(|key| !held.contains(key))
        .collect();
    (!lost.is_empty()).then(|| {
        format!(
            "[about] {}: the format has no place for {}, left behind",
            lost.join(", "),
            match lost.len() {
                1 => "it",
                _ => "them",
            }
        )
    })
}

/// Refuses a multi-pass problem for `format`, which runs a solution once.
pub fn single_pass(p: &Problem, format: &str) -> Result<()> {
    if p.passes > 1 {
        bail!(
            "{}: a multi-pass problem (`validation_passes`), and {format} runs a solution once \
             a test: export --format icpc (2025-09)",
            p.name
        );
    }
    Ok(())
}

/// A problem's statement in one language, as written and as rendered.
pub struct Statement {
    pub lang: Lang,
    pub markdown: String,
    /// The LaTeX an imported problem's package wrote it in (a problemtools
    /// document), kept as LaTeX where the format takes LaTeX.
    pub latex: Option<String>,
    /// The standalone page (`judge statement`).
    pub html: String,
    /// The page printed to PDF, when the format ships PDF statements (and
    /// the export was not asked to leave them out).
    pub pdf: Option<Vec<u8>>,
}

impl Subject<'_> {
    /// The file name a package gives the program `source`: the name it
    /// had in the package an imported problem came from, else `usual`.
    pub fn program_name(&self, source: &Path, usual: String) -> String {
        let own = source.starts_with(self.problem.dir.join("package"));
        match (own, source.file_name()) {
            (true, Some(name)) => name.to_string_lossy().into_owned(),
            _ => usual,
        }
    }

    /// Where the problem's statement is that a package for `judge` does
    /// not get, as a statement standing in for it says.
    pub fn statement_elsewhere(&self, judge: &str) -> String {
        let origin = self.problem.imported_from.as_deref().unwrap_or("kit");
        match self.uncarried.as_slice() {
            [] => format!(
                "The statement was not carried to {judge}: the original {origin} package had \
                 none."
            ),
            files => format!(
                "The statement was not carried to {judge}: it is {} in the original {origin} \
                 package.",
                files
                    .iter()
                    .map(|f| format!("`{f}`"))
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
        }
    }

    /// The statement in `lang`, if the kit renders the problem's.
    pub fn statement(&self, lang: &Lang) -> Option<&Statement> {
        let found = self.statements.iter().find(|s| &s.lang == lang);
        found.or(self.statements.first())
    }
}

/// How a format's judges compile and run the languages whose settings
/// differ between judges, as they stand when nobody changes them: what
/// `judge package` holds against judge.toml's languages.
pub struct Toolchain {
    /// Who compiles (`BAPCtools`, `Hydro (its default C++, cc)`, ...).
    pub judge: &'static str,
    /// Rust's edition (`rustc --edition`; a rustc told none takes 2015).
    pub rust_edition: &'static str,
    /// C++'s `-std=`.
    pub cpp_standard: &'static str,
    /// The program that runs Python 3.
    pub python: &'static str,
}

impl Toolchain {
    /// Where the judges compile or run `s`'s solutions otherwise than the
    /// kit does with `languages` (judge.toml's): a warning per language of
    /// its solutions, naming them.
    pub fn differences(&self, languages: &[&Language], s: &Subject) -> Vec<Warning> {
        let mut found = Vec::new();
        for language in languages {
            let Some((name, how, here, there)) = self.of(language) else {
                continue;
            };
            let ext = &language.extensions;
            let written: Vec<String> = (s.solutions.iter())
                .map(|(_, path)| path)
                .filter(|path| ext.iter().any(|e| path.extension() == Some(e.as_ref())))
                .map(|path| path.strip_prefix(&s.problem.solutions).unwrap_or(path))
                .map(|path| path.display().to_string())
                .collect();
            if written.is_empty() || here == there {
                continue;
            }
            found.push(Warning {
                problem: s.problem.name.clone(),
                judge: self.judge,
                message: format!(
                    "{name} solutions ({}): {how}{here} in the kit, {how}{there} in {}; a \
                     solution may be judged differently there",
                    written.join(", "),
                    self.judge
                ),
            });
        }
        found
    }

    /// A language's name, the setting that differs between judges, and its
    /// value in the kit and in these judges, if it is such a language.
    fn of(&self, language: &Language) -> Option<(&'static str, &'static str, String, String)> {
        let compile = language.compile.as_deref().unwrap_or_default();
        let program = |command: &[String]| {
            let first = command.first().map(String::as_str).unwrap_or_default();
            first.rsplit('/').next().unwrap_or_default().to_string()
        };
        let flag = |prefix: &str| {
            let mut args = compile.iter();
            let joined = args
                .clone()
                .find_map(|a| a.strip_prefix(&format!("{prefix}=")));
            let split = args
                .position(|a| a == prefix)
                .and_then(|at| compile.get(at + 1));
            joined.map(str::to_string).or(split.cloned())
        };
        match program(compile).as_str() {
            "rustc" => Some((
                "Rust",
                "edition ",
                flag("--edition").unwrap_or("2015".into()),
                self.rust_edition.into(),
            )),
            "g++" | "clang++" => Some((
                "C++",
                "-std=",
                flag("-std").unwrap_or("(the compiler's default)".into()),
                self.cpp_standard.into(),
            )),
            _ if ["python", "pypy"]
                .iter()
                .any(|p| program(&language.run).starts_with(p)) =>
            {
                Some(("Python", "", program(&language.run), self.python.into()))
            }
            _ => None,
        }
    }
}

/// A package format.
pub trait Writer {
    /// The protocol its judges speak to checkers and validators, when it
    /// runs the kit's Rust programs.
    fn protocol(&self) -> Option<Protocol>;

    /// How its judges compile and run solutions, where judges differ.
    fn toolchain(&self) -> Toolchain;

    /// Whether its judges show PDF statements (printed by a headless
    /// Chromium at export).
    fn wants_pdf(&self) -> bool {
        false
    }

    /// Whether the format can hold `problem`: an error naming what of it
    /// the format has no place for, before anything is shipped.
    fn holds(&self, _problem: &Problem) -> Result<()> {
        Ok(())
    }

    /// The files of one problem.
    fn problem(&self, subject: &Subject, out: &mut Tree) -> Result<()>;

    /// What the judges that read this format lose or change of a problem.
    fn warnings(&self, _subject: &Subject) -> Vec<Warning> {
        Vec::new()
    }

    /// Files of an imported problem's package the format keeps as they are
    /// beside its own (`KeptFiles`): none unless it says.
    fn kept(&self, _problem: &Problem) -> Result<KeptFiles> {
        Ok(Vec::new())
    }

    /// Whether its judges run a checker only compiled (CMS): a source
    /// kept as the package had it is compiled by the kit for it.
    fn runs_compiled(&self) -> bool {
        false
    }

    /// Whether it ships the problem's input validators (with
    /// [`Writer::protocol`]).
    fn ships_validator(&self) -> bool {
        true
    }

    /// The files of a contest beside its problems (each in its folder,
    /// [`Format::folder`]).
    fn contest(&self, subjects: &[Subject], out: &mut Tree) -> Result<()>;
}

/// Where `problem` comes from, as packages say it: an imported problem's
/// own `[about]`, else the kit as its source.
pub fn about(problem: &Problem) -> About {
    match &problem.imported_from {
        Some(_) => problem.config.value.about.clone(),
        None => About {
            source: Some(crate::model::kit::SOURCE.to_string()),
            ..About::default()
        },
    }
}

/// A UUID (version 8, RFC 9562) derived from `name`: the same name gives
/// the same UUID on every machine and every export.
pub fn stable_uuid(name: &str) -> String {
    let hash = blake3::hash(format!("qushizi-kit problem {name}").as_bytes());
    let mut b: [u8; 16] = hash.as_bytes()[..16].try_into().unwrap_or_default();
    b[6] = (b[6] & 0x0f) | 0x80;
    b[8] = (b[8] & 0x3f) | 0x80;
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

/// The file a C or C++ line `#include "name"` names.
pub fn quoted_include(line: &str) -> Option<&str> {
    let rest = line.trim().strip_prefix('#')?.trim_start();
    let rest = rest
        .strip_prefix("include")?
        .trim_start()
        .strip_prefix('"')?;
    rest.split_once('"').map(|(name, _)| name)
}

/// A C++ program of the kit as one file, for judges that compile it alone
/// (Polygon's and Hydro's, CMS's Polygon loader): the text of `source` with
/// each line `#include "<name>"` whose file sits beside it (the headers the
/// kit's C++ twins share, such as `checkers/cpp/kit-twins.h`) replaced by
/// that file's text, inlined the same way, between two comments naming it.
/// testlib.h stays included: the judge brings its own.
pub fn self_contained_cpp(source: &Path) -> Result<String> {
    inline_includes(source, &mut Vec::new())
}

/// [`self_contained_cpp`] of `source`, inside the files in `outer` (a
/// header that includes itself, directly or not, is an error).
fn inline_includes(source: &Path, outer: &mut Vec<PathBuf>) -> Result<String> {
    let text = std::fs::read_to_string(source).map_err(|e| fsutil::naming(source, e))?;
    let dir = source.parent().unwrap_or(Path::new("."));
    outer.push(source.to_path_buf());
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let name = quoted_include(line).filter(|name| *name != "testlib.h");
        let Some((name, header)) = name
            .map(|n| (n, dir.join(n)))
            .filter(|(_, header)| header.is_file())
        else {
            out.push_str(line);
            continue;
        };
        if outer.contains(&header) {
            bail!(
                "{}: `#include \"{name}\"` includes itself",
                source.display()
            );
        }
        let inlined = inline_includes(&header, outer)?;
        out.push_str(&format!("// \"{name}\", inlined by `judge package`:\n"));
        out.push_str(&inlined);
        if !inlined.ends_with('\n') {
            out.push('\n');
        }
        out.push_str(&format!("// end of \"{name}\"\n"));
    }
    outer.pop();
    Ok(out)
}

/// A problem's label in a contest: A, B, ..., Z, AA, AB, ...
pub fn label(index: usize) -> String {
    let letters = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    if index < 26 {
        (letters[index] as char).to_string()
    } else {
        format!("{}{}", label(index / 26 - 1), letters[index % 26] as char)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpp_sources_get_the_headers_beside_them_inlined() {
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, text: &str| std::fs::write(dir.path().join(name), text).unwrap();
        write(
            "check.cpp",
            "#include \"testlib.h\"\n#include \"twins.h\"\n\n#include <string>\n\
             # include \"missing.h\"\nint main() { return answer(); }\n",
        );
        write(
            "twins.h",
            "#include \"deeper.h\"\nint answer() { return deeper(); }",
        );
        write("deeper.h", "static int deeper() { return 0; }\n");
        // A testlib.h beside the source is the judge's: never inlined.
        write("testlib.h", "#error the judge's own\n");
        let source = dir.path().join("check.cpp");
        let inlined = self_contained_cpp(&source).unwrap();
        assert_eq!(
            inlined,
            "#include \"testlib.h\"\n\
             // \"twins.h\", inlined by `judge package`:\n\
             // \"deeper.h\", inlined by `judge package`:\n\
             static int deeper() { return 0; }\n\
             // end of \"deeper.h\"\n\
             int answer() { return deeper(); }\n\
             // end of \"twins.h\"\n\
             \n#include <string>\n# include \"missing.h\"\n\
             int main() { return answer(); }\n"
        );
        // The same every time; a source without such includes is as it is.
        assert_eq!(self_contained_cpp(&source).unwrap(), inlined);
        let plain = dir.path().join("deeper.h");
        assert_eq!(
            self_contained_cpp(&plain).unwrap(),
            std::fs::read_to_string(&plain).unwrap()
        );
        // A header that includes itself is an error, not a loop.
        write("loop.h", "#include \"loop.h\"\n");
        let err = self_contained_cpp(&dir.path().join("loop.h")).unwrap_err();
        assert!(err.to_string().contains("includes itself"), "{err}");
    }

    #[test]
    fn uuids_are_stable_and_well_formed() {
        let a = stable_uuid("nim");
        assert_eq!(a, stable_uuid("nim"));
        assert_ne!(a, stable_uuid("bash"));
        assert_eq!(a.len(), 36);
        assert_eq!(&a[14..15], "8");
        assert!("89ab".contains(&a[19..20]));
    }

    #[test]
    fn labels_go_on_past_z() {
        assert_eq!(label(0), "A");
        assert_eq!(label(25), "Z");
        assert_eq!(label(26), "AA");
        assert_eq!(label(27), "AB");
    }
}
