//! What each feature of the kit needs on this machine, found (where, and
//! its version) or missing (what it breaks, and how to get it): `judge
//! doctor`'s second half. Probing starts programs (`--version`), through
//! `sandbox::host` like every process of the kit.

use std::path::Path;
use std::time::Duration;

use sandbox::host::{self, Tool};

use crate::core::browser::Browser;
use crate::core::jury::Jury;
use crate::core::pandoc::Pandoc;
use crate::core::toolchain::{install, programs, which};
use crate::model::kit::Kit;
use crate::model::results::Requirement;

/// Each requirement, in the order of the features.
pub fn requirements(kit: &Kit, jury: &Jury) -> Vec<Requirement> {
    let mut all = Vec::new();
    let mut need = |what: &str, needed_by: String, found: Option<String>, fix: String| {
        // A program two features need (pypy3: judge.toml's Python and the
        // package tests) is one line saying both.
        if let Some(known) = all.iter_mut().find(|r: &&mut Requirement| r.what == what) {
            known.needed_by = format!("{}; {needed_by}", known.needed_by);
            return;
        }
        all.push(Requirement {
            what: what.to_string(),
            needed_by,
            fix: found.is_none().then_some(fix),
            found,
        });
    };
    need(
        "cargo",
        "every command: it builds the kit's checkers, validators and generators".into(),
        program("cargo", &["--version"]),
        install("cargo"),
    );
    // The programs each language of judge.toml runs.
    for (name, language) in jury.compiler().languages() {
        let mut programs = programs(language);
        // The other interpreter (`--both-pythons`) last.
        let other = language.other.iter().filter_map(|o| o.run.first());
        programs.extend(other.map(String::as_str));
        programs.dedup();
        for (i, program) in programs.into_iter().enumerate() {
            // The version command asks the compiler (the first program).
            let found = which(program).map(|path| match jury.compiler().version(language) {
                version if i == 0 && !version.is_empty() => {
                    format!("{} ({version})", path.display())
                }
                _ => path.display().to_string(),
            });
            let extensions = language.extensions.join(", .");
            need(
                program,
                format!("judging and building .{extensions} files (judge.toml's `{name}`)"),
                found,
                install(program),
            );
        }
    }
    need(
        "testlib.h",
        "judge package --format polygon or hydro (the C++ twins), C++ jury programs of \
         imported packages"
            .into(),
        kit.testlib_h().ok().map(|p| p.display().to_string()),
        "scripts/setup-tools.sh (p2d's copy), or TESTLIB_H / `testlib_h` in judge.toml".into(),
    );
    need(
        "a headless Chromium",
        "PDF statements: judge statement --pdf, judge package (icpc, polygon, cms) without \
         --no-pdf; the page tests"
            .into(),
        Browser::find().ok().map(|b| b.path().display().to_string()),
        "apt-get install chromium-headless-shell, or JUDGE_CHROMIUM".into(),
    );
    need(
        "CJK fonts",
        "the Chinese statements in PDFs".into(),
        cjk_fonts(),
        "apt-get install fonts-noto-cjk".into(),
    );
    need(
        "pdftotext",
        "the statement tests (slow tier)".into(),
        program("pdftotext", &["-v"]),
        install("pdftotext"),
    );
    need(
        "pypy3",
        "the package tests (slow tier): BAPCtools and problemtools run Python under PyPy".into(),
        program("pypy3", &["--version"]),
        install("pypy3"),
    );
    let venv = kit.target.join("tools/venv/bin");
    for tool in ["bt", "verifyproblem", "p2d"] {
        need(
            tool,
            "the package tests (slow tier): the judges' own tools".into(),
            existing(&venv.join(tool)),
            "scripts/setup-tools.sh".into(),
        );
    }
    need(
        "hydrooj",
        "the package tests (slow tier): Hydro's import code".into(),
        existing(&kit.target.join("tools/hydro/node_modules/hydrooj")),
        "scripts/setup-tools.sh".into(),
    );
    all.push(pandoc());
    all
}

/// pandoc, which makes imported problems' LaTeX statements pages.
fn pandoc() -> Requirement {
    let found = Pandoc::find("").ok().map(|p| {
        let version = program(&p.path().display().to_string(), &["--version"]);
        version.unwrap_or_else(|| p.path().display().to_string())
    });
    Requirement {
        what: "pandoc".into(),
        needed_by: "imported problems' LaTeX statements: judge statement, judge package".into(),
        fix: found
            .is_none()
            .then(|| "apt-get install pandoc, or JUDGE_PANDOC".into()),
        found,
    }
}

/// `name`'s path on PATH and the first line it prints for `args`.
fn program(name: &str, args: &[&str]) -> Option<String> {
    let path = which(name).filter(|p| p.is_file())?;
    let mut tool = Tool::new(&path);
    tool.args(args);
    let out = host::output(&mut tool, Duration::from_secs(20)).ok();
    let text = out
        .map(|o| [o.stdout, o.stderr].concat())
        .unwrap_or_default();
    let first = String::from_utf8_lossy(&text)
        .lines()
        .next()
        .unwrap_or("")
        .to_string();
    Some(match first.is_empty() {
        true => path.display().to_string(),
        false => format!("{} ({first})", path.display()),
    })
}

fn existing(path: &Path) -> Option<String> {
    path.exists().then(|| path.display().to_string())
}

/// The fonts fontconfig has for Chinese, if any.
fn cjk_fonts() -> Option<String> {
    let mut tool = Tool::new("fc-list");
    tool.args([":lang=zh", "family"]);
    let out = host::output(&mut tool, Duration::from_secs(20)).ok()?;
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let count = text.lines().filter(|l| !l.trim().is_empty()).count();
    let first = text.lines().next()?.split(',').next()?.trim().to_string();
    (count > 0).then(|| format!("{count} families, {first} among them"))
}
