//! The judges' package formats, one folder each: `icpc/` (2025-09 and
//! legacy), `polygon/`, `cms/` and `hydro/`. Each holds a typed model of
//! its format's files, its reader (a package becomes a kit problem,
//! [`Imported`]) and its writer (a kit problem becomes the files of a
//! package, from a [`Subject`]), over the kit's own problem model; no
//! format uses another's files. Shared here: reading a package
//! ([`package`]), a package in memory ([`tree`]), what a reader gives
//! ([`imported`]) and a writer gets ([`subject`]), and the text formats
//! they speak ([`yaml`], [`xml`], [`latex`]).
//!
//! A new format is a new folder of the same shape and an arm in each match
//! of [`Format`].

pub mod accounting;
pub mod cms;
pub mod hydro;
pub mod icpc;
pub mod imported;
pub mod latex;
pub mod package;
pub mod polygon;
pub mod subject;
pub mod tree;
pub mod wrap;
pub mod written;
pub mod xml;
pub mod yaml;

use std::path::{Path, PathBuf};

use anyhow::{Result, bail};

pub use imported::{Imported, Lossy};
pub use package::Package;
pub use subject::{Subject, Writer};
pub use tree::Tree;

/// A package's own tool that a reader asks the kit to run in its sandbox
/// (Kodsport's `data/generator.sh`): `argv` run in `cwd`, reading and
/// writing only under `work`; its failure is an error naming `what`.
pub struct ToolRun<'a> {
    pub what: String,
    pub argv: Vec<String>,
    pub cwd: &'a Path,
    pub work: &'a Path,
}

/// The package formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// The ICPC problem package format 2025-09 (BAPCtools, Kattis, DOMjudge).
    Icpc,
    /// The legacy ICPC/Kattis format (problemtools, DOMjudge).
    IcpcLegacy,
    /// A full Codeforces Polygon package (p2d, CMS's Polygon loader).
    Polygon,
    /// CMS's italy_yaml task format.
    Cms,
    /// Hydro's problem import.
    Hydro,
}

/// What a writer needs besides the problems: how to find the kit's
/// testlib.h (Polygon ships it), judge.toml's languages' extensions (CMS
/// lists languages), Hydro's pid prefix.
pub struct Settings<'a> {
    pub testlib_h: &'a dyn Fn() -> Result<PathBuf>,
    pub extensions: Vec<Vec<String>>,
    pub pid_prefix: Option<&'a str>,
}

impl Format {
    /// Every format, in the order detection tries them.
    pub const ALL: [Format; 5] = [
        Format::Icpc,
        Format::IcpcLegacy,
        Format::Polygon,
        Format::Cms,
        Format::Hydro,
    ];

    /// The name on the command line (problem.toml's `imported_from`).
    pub fn name(self) -> &'static str {
        match self {
            Format::Icpc => "icpc",
            Format::IcpcLegacy => "icpc-legacy",
            Format::Polygon => "polygon",
            Format::Cms => "cms",
            Format::Hydro => "hydro",
        }
    }

    /// The protocol its judges call jury programs in (Polygon's and
    /// Hydro's: testlib's, compiled with their own testlib.h).
    pub fn protocol(self) -> crate::model::program::Protocol {
        use crate::model::program::Protocol;
        match self {
            Format::Icpc | Format::IcpcLegacy => Protocol::Kattis,
            Format::Polygon | Format::Hydro => Protocol::Testlib,
            Format::Cms => Protocol::Cms,
        }
    }

    /// The format named `name` (problem.toml's `imported_from`).
    pub fn named(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }

    /// Whether the two formats are versions of one (ICPC's).
    pub fn same_family(self, other: Format) -> bool {
        let family = |f: Format| match f {
            Format::IcpcLegacy => Format::Icpc,
            f => f,
        };
        family(self) == family(other)
    }

    /// The folder of each problem in a contest package (for ICPC, the
    /// problem's short name).
    pub fn folder(self, problem: &str) -> String {
        match self {
            Format::Icpc | Format::IcpcLegacy => icpc::short_name(problem),
            Format::Polygon => format!("problems/{problem}"),
            Format::Cms | Format::Hydro => problem.to_string(),
        }
    }

    /// Whether even a single problem goes in a folder of its own: Hydro 4
    /// imports only the folders of a package and skips a `problem.yaml` at
    /// its root (Hydro 5 takes both).
    pub fn nests_every_problem(self) -> bool {
        self == Format::Hydro
    }

    /// Refuses an `--out` the format's judges would refuse (`single`: one
    /// problem, not a contest).
    pub fn check_out(self, out: &Path, single: bool) -> Result<()> {
        match self {
            Format::Icpc | Format::IcpcLegacy if single => icpc::check_out(out),
            _ => Ok(()),
        }
    }

    /// Where the format keeps a problem's statements (folders end in `/`).
    pub fn statement_paths(self) -> &'static [&'static str] {
        match self {
            Format::Icpc => icpc::STATEMENTS,
            Format::IcpcLegacy => icpc::LEGACY_STATEMENTS,
            Format::Polygon => polygon::STATEMENTS,
            Format::Cms => cms::STATEMENTS,
            Format::Hydro => hydro::STATEMENTS,
        }
    }

    /// The statements of a package of this format kept in `dir` (an
    /// imported problem's `package/`), as it wrote them.
    pub fn statements(self, dir: &Path) -> Result<Vec<written::Written>> {
        match self {
            Format::Icpc | Format::IcpcLegacy => icpc::statements(dir),
            Format::Polygon => polygon::statements(dir),
            Format::Cms => cms::statements(dir),
            Format::Hydro => hydro::statements(dir),
        }
    }

    /// Where the format keeps a statement printed to PDF in the language
    /// `lang` (a code), if it keeps one.
    pub fn pdf_statement(self, lang: &str) -> Option<String> {
        let name = crate::model::lang::name_of(lang);
        match self {
            Format::Icpc => Some(format!("statement/problem.{lang}.pdf")),
            Format::IcpcLegacy => Some(format!("problem_statement/problem.{lang}.pdf")),
            Format::Polygon => Some(format!("statements/.pdf/{name}/problem.pdf")),
            Format::Cms => Some(format!("statement/{name}.pdf")),
            Format::Hydro => None,
        }
    }

    /// Whether its packages hold a statement's LaTeX source (the others
    /// hold Markdown, Hydro, or a PDF printed from the page, CMS).
    pub fn keeps_latex(self) -> bool {
        matches!(self, Format::Icpc | Format::IcpcLegacy | Format::Polygon)
    }

    /// Whether `package` is in this format, by the files it holds.
    fn recognises(self, package: &Package) -> Result<bool> {
        match self {
            Format::Icpc => icpc::recognises(package, icpc::Version::Current),
            Format::IcpcLegacy => icpc::recognises(package, icpc::Version::Legacy),
            Format::Polygon => Ok(polygon::recognises(package)),
            Format::Cms => Ok(cms::recognises(package)),
            Format::Hydro => Ok(hydro::recognises(package)),
        }
    }

    /// The name the package gives its problem, if the format has one.
    pub fn own_name(self, package: &Package) -> Result<Option<String>> {
        match self {
            Format::Icpc | Format::IcpcLegacy => Ok(None),
            Format::Polygon => polygon::own_name(package),
            Format::Cms => cms::own_name(package),
            Format::Hydro => hydro::own_name(package),
        }
    }

    /// Reads `package` as the problem `name`; `testlib_h` finds the kit's
    /// testlib.h, for a package that relies on its judge's; `run` runs a
    /// tool of the package's in the sandbox.
    pub fn read(
        self,
        package: &Package,
        name: &str,
        lossy: &mut Lossy,
        testlib_h: &dyn Fn() -> Result<PathBuf>,
        run: &dyn Fn(&ToolRun) -> Result<()>,
    ) -> Result<Imported> {
        match self {
            Format::Icpc => icpc::read::import(package, icpc::Version::Current, name, lossy, run),
            Format::IcpcLegacy => {
                icpc::read::import(package, icpc::Version::Legacy, name, lossy, run)
            }
            Format::Polygon => polygon::read::import(package, name, lossy),
            Format::Cms => cms::read::import(package, name, lossy),
            Format::Hydro => hydro::read::import(package, name, lossy, testlib_h),
        }
    }

    /// The format's writer.
    pub fn writer(self, settings: &Settings) -> Result<Box<dyn Writer>> {
        if settings.pid_prefix.is_some() && self != Format::Hydro {
            bail!("--pid-prefix names Hydro's problem ids: it applies to --format hydro only");
        }
        Ok(match self {
            Format::Icpc => Box::new(icpc::Version::Current),
            Format::IcpcLegacy => Box::new(icpc::Version::Legacy),
            // A problem whose package holds its own testlib.h needs none
            // of the kit's: a missing one is an error only where needed.
            Format::Polygon => Box::new(polygon::write::Polygon {
                testlib_h: (settings.testlib_h)().map_err(|e| format!("{e:#}")),
            }),
            Format::Cms => Box::new(cms::write::Cms::new(
                settings.extensions.iter().map(Vec::as_slice),
            )),
            Format::Hydro => Box::new(hydro::write::Hydro::new(settings.pid_prefix)?),
        })
    }
}

/// The format of `package`: `forced`, or found from its files.
pub fn detect(package: &Package, forced: Option<Format>) -> Result<Format> {
    if let Some(format) = forced {
        return Ok(format);
    }
    for format in Format::ALL {
        if format.recognises(package)? {
            return Ok(format);
        }
    }
    bail!(
        "{}: no format recognised (expected problem.yaml and data/ for ICPC, problem.xml for \
         Polygon, task.yaml for CMS, testdata/ for Hydro): name it with --format",
        package.shown.display()
    )
}
