//! `judge test`'s standings: the files (given, or found under folders),
//! every one compiled first on the pool, then all judged on the one pool,
//! each program once, a row per file. The rows judged before are records
//! under `target/judge/standings/`, keyed by the program as built and what
//! it is judged on: an unchanged file is not judged again, and a batch that
//! was interrupted goes on where it stopped.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use crate::base::fsutil;
use crate::base::pool::Stop;
use crate::core::jury::{self, Arena, Entry, Jury};
use crate::model::event::{EventKind, Events};
use crate::model::kit::Kit;
use crate::model::problem::Problem;
use crate::model::program::{self, BuildError, Program};
use crate::model::results::{OtherJudging, SolutionRun, Standing, Test};

/// How the standings are judged (`judge test`'s flags).
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Stop judging a file at its first failure.
    pub fail_fast: bool,
    /// Judge each file again under its language's other interpreter.
    pub both_pythons: bool,
    /// Judge every file, even those judged before.
    pub rejudge: bool,
}

/// Where to stop judging a file: at its first failure with `--fail-fast`.
pub fn stop(fail_fast: bool, none: &BTreeSet<usize>) -> Stop<'_> {
    match fail_fast {
        true => Stop::AtFirstFailure { except: none },
        false => Stop::Never,
    }
}

/// Judges `files` on the problem's `arena`: a row per file, in order, each
/// told (`StandingRow`) as soon as it is known. A file that does not
/// compile, or cannot be, is a row saying why.
pub fn judge(
    kit: &Kit,
    jury: &Jury,
    problem: &Problem,
    arena: &Arena,
    files: &[PathBuf],
    options: Options,
    events: &mut Events,
) -> Result<Vec<Standing>> {
    let mut rows = judge_problems(kit, jury, &[(problem, arena, files)], options, events)?;
    Ok(rows.pop().unwrap_or_default())
}

/// [`judge`] for several problems at once (a contest's): each problem's
/// files are compiled, then every problem's files are judged on the one
/// pool; the rows of each problem, in its files' order.
pub fn judge_problems(
    kit: &Kit,
    jury: &Jury,
    problems: &[(&Problem, &Arena, &[PathBuf])],
    options: Options,
    events: &mut Events,
) -> Result<Vec<Vec<Standing>>> {
    let mut batches = Vec::new();
    let mut rows = Vec::new();
    for &(problem, arena, files) in problems {
        let built = build(kit, (jury, arena), files, options.both_pythons)?;
        let shown: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
        let judged = Judged {
            dir: kit.work_dir().join("standings"),
            tests: tests_key(problem, arena.tests, arena.checker, options.fail_fast)?,
        };
        let (known, pending) = known(&judged, &shown, arena, built, options.rejudge, events);
        let others = (pending.iter())
            .map(|p| {
                let (interpreter, _) = p.built.other.as_ref()?;
                Some(OtherJudging::shown(&shown[p.files[0]], interpreter))
            })
            .collect();
        batches.push(Batch {
            arena,
            judged,
            shown,
            pending,
            others,
        });
        rows.push(known);
    }
    judge_pending(jury, &batches, options.fail_fast, &mut rows, events)?;
    Ok(rows
        .into_iter()
        .map(|r| r.into_iter().flatten().collect())
        .collect())
}

/// One problem's files: its arena, its rows judged before, how each file
/// is shown, the programs left to judge and how each is shown under its
/// other interpreter.
struct Batch<'a> {
    arena: &'a Arena<'a>,
    judged: Judged,
    shown: Vec<String>,
    pending: Vec<Pending>,
    others: Vec<Option<String>>,
}

/// A program of the standings to judge, and the files (indices) that are
/// it.
struct Pending {
    key: String,
    built: Built,
    files: Vec<usize>,
}

/// What entry of the judging of the standings is which program: of batch
/// `b`, `pending[k]`'s program, or the same file under its language's
/// other interpreter.
enum Role<'a> {
    Program(usize, usize),
    Other(usize, usize, &'a str),
}

/// The rows known without judging (files not compiled, and those judged
/// before), and the programs left to judge, each once (two files of the
/// same content share a judging).
fn known(
    judged: &Judged,
    shown: &[String],
    arena: &Arena,
    built: Vec<Result<Built, String>>,
    rejudge: bool,
    events: &mut Events,
) -> (Vec<Option<Standing>>, Vec<Pending>) {
    let (tests, unjudged) = (arena.tests.len(), jury::unjudged_scores(arena));
    let mut rows: Vec<Option<Standing>> = vec![None; built.len()];
    let mut pending: Vec<Pending> = Vec::new();
    for (i, built) in built.into_iter().enumerate() {
        let built = match built {
            Ok(built) => built,
            Err(reason) => {
                let row = Standing::refused(shown[i].clone(), reason, tests, unjudged);
                events.emit(EventKind::StandingRow { row: &row });
                rows[i] = Some(row);
                continue;
            }
        };
        let key = judged.key(&built);
        if let Some(row) = judged.load(&key).filter(|_| !rejudge) {
            let row = Standing {
                solution: shown[i].clone(),
                cached: true,
                ..row
            };
            events.emit(EventKind::StandingRow { row: &row });
            rows[i] = Some(row);
        } else if let Some(same) = pending.iter_mut().find(|p| p.key == key) {
            same.files.push(i);
        } else {
            pending.push(Pending {
                key,
                built,
                files: vec![i],
            });
        }
    }
    (rows, pending)
}

/// Judges the programs left of every batch, all on the one pool: each,
/// and right after it the same file under its other interpreter where
/// asked. Each row is kept, and told, as soon as it is complete.
fn judge_pending(
    jury: &Jury,
    batches: &[Batch],
    fail_fast: bool,
    rows: &mut [Vec<Option<Standing>>],
    events: &mut Events,
) -> Result<()> {
    let none = BTreeSet::new();
    let mut entries = Vec::new();
    let mut roles = Vec::new();
    for (b, batch) in batches.iter().enumerate() {
        for (k, p) in batch.pending.iter().enumerate() {
            let (program, other) = (&p.built.program, &p.built.other);
            entries.push(Entry {
                arena: batch.arena,
                solution: program,
                shown: &batch.shown[p.files[0]],
                stop: stop(fail_fast, &none),
            });
            roles.push(Role::Program(b, k));
            if let (Some((interpreter, program)), Some(shown)) = (other, &batch.others[k]) {
                entries.push(Entry {
                    arena: batch.arena,
                    solution: program,
                    shown,
                    stop: stop(fail_fast, &none),
                });
                roles.push(Role::Other(b, k, interpreter));
            }
        }
    }
    let mut firsts: Vec<Vec<Option<SolutionRun>>> = (batches.iter())
        .map(|b| vec![None; b.pending.len()])
        .collect();
    jury.judge_all(&entries, events, |e, run, events| {
        let (b, k, row) = match roles[e] {
            Role::Program(b, k) if batches[b].pending[k].built.other.is_some() => {
                firsts[b][k] = Some(run);
                return Ok(());
            }
            Role::Program(b, k) => (b, k, Standing::of(run, batches[b].arena.tests.len())),
            Role::Other(b, k, interpreter) => {
                let first = (firsts[b][k].take()).context("judged under the other first")?;
                let other = OtherJudging::of(interpreter.to_string(), run, first.verdict);
                let row = Standing {
                    other: Some(other),
                    ..Standing::of(first, batches[b].arena.tests.len())
                };
                (b, k, row)
            }
        };
        let batch = &batches[b];
        batch.judged.store(&batch.pending[k].key, &row)?;
        for &i in &batch.pending[k].files {
            let row = Standing {
                solution: batch.shown[i].clone(),
                ..row.clone()
            };
            events.emit(EventKind::StandingRow { row: &row });
            rows[b][i] = Some(row);
        }
        Ok(())
    })
}

/// A file of the batch, built: its program, and under its language's
/// other interpreter when asked.
struct Built {
    program: Program,
    other: Option<(String, Program)>,
}

/// Builds every file, on the pool: compiling is most of a class's work. A
/// file that does not compile, or cannot be, has the reason instead
/// (`Err`).
fn build(
    kit: &Kit,
    (jury, arena): (&Jury, &Arena),
    files: &[PathBuf],
    both_pythons: bool,
) -> Result<Vec<Result<Built, String>>> {
    let graders = arena.graders;
    let built = jury.pool().run(
        files,
        Stop::Never,
        |file| {
            if let Some(reason) = refusal(kit, file) {
                return Ok(Err(reason));
            }
            let built = jury.solution(graders, file, true).and_then(|program| {
                // A grader problem's submission runs only with its grader.
                let other = match both_pythons && graders.is_none() {
                    true => jury.compile_other(file)?,
                    false => None,
                };
                Ok(Built { program, other })
            });
            match built {
                Err(BuildError::Compile { output, .. }) => Ok(Err(output)),
                built => Ok(Ok(built?)),
            }
        },
        |_| false,
        |_, _| {},
    );
    built.into_iter().flatten().collect()
}

/// The rows judged before, by the solution as built and what it was
/// judged on.
struct Judged {
    dir: PathBuf,
    /// The tests (names, groups, the inputs' and answers' content), the
    /// checker, the limits and the groups' scoring, hashed.
    tests: String,
}

impl Judged {
    /// The key of a file's judging (and under its language's other
    /// interpreter, when asked).
    fn key(&self, built: &Built) -> String {
        let other = (built.other.as_ref()).map_or("", |(_, o)| o.identity.as_str());
        let text = format!("{}\0{}\0{other}", self.tests, built.program.identity);
        blake3::hash(text.as_bytes()).to_hex()[..32].to_string()
    }

    fn load(&self, key: &str) -> Option<Standing> {
        let bytes = std::fs::read(self.dir.join(format!("{key}.json"))).ok()?;
        serde_json::from_slice(&bytes).ok()
    }

    fn store(&self, key: &str, row: &Standing) -> Result<()> {
        fsutil::create_dir_all(&self.dir)?;
        let path = self.dir.join(format!("{key}.json"));
        fsutil::write_atomic(&path, &serde_json::to_vec(row)?)?;
        Ok(())
    }
}

/// What a judging depends on besides the solution: the tests, the checker
/// (and its arguments), the limits, the groups, and `--fail-fast`.
fn tests_key(
    problem: &Problem,
    tests: &[Test],
    checker: &Program,
    fail_fast: bool,
) -> Result<String> {
    let mut hasher = blake3::Hasher::new();
    // The records' version: 2 scores problems without groups.
    let settings = format!(
        "standing 3\0{}\0{:?}\0{:?}\0{:?}\0{:?}\0{fail_fast}\0",
        checker.identity, checker.protocol, checker.trailing, problem.limits, problem.groups
    );
    hasher.update(settings.as_bytes());
    for test in tests {
        let about = format!("{}\0{:?}\0{:?}\0", test.name, test.group, test.points);
        hasher.update(about.as_bytes());
        hasher.update(fsutil::hash_file(&test.input)?.as_bytes());
        hasher.update(fsutil::hash_file(&test.answer)?.as_bytes());
    }
    Ok(hasher.finalize().to_hex().to_string())
}

/// The files to judge, in the order given (a folder's in name order,
/// each once; a source in no language too, judged not compiled), and the
/// other files under the folders that no language has.
pub fn files(kit: &Kit, given: &[PathBuf]) -> Result<(Vec<PathBuf>, Vec<String>)> {
    let mut files = Vec::new();
    let mut ignored = Vec::new();
    let mut seen = BTreeSet::new();
    let languages = kit.languages();
    for path in given {
        if !path.is_dir() {
            if seen.insert(std::fs::canonicalize(path).unwrap_or(path.clone())) {
                files.push(path.clone());
            }
            continue;
        }
        let walk = walkdir::WalkDir::new(path)
            .sort_by_file_name()
            .into_iter()
            .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'));
        for entry in walk {
            let entry = entry.map_err(fsutil::walk_error)?;
            if !entry.file_type().is_file() {
                continue;
            }
            let file = entry.into_path();
            if program::language_of(&languages, &file).is_err() && !looks_like_source(&file) {
                ignored.push(file.display().to_string());
            } else if seen.insert(std::fs::canonicalize(&file).unwrap_or(file.clone())) {
                files.push(file);
            }
        }
    }
    if files.is_empty() {
        let named: Vec<String> = given.iter().map(|p| p.display().to_string()).collect();
        bail!(
            "{}: no file in a language of judge.toml to judge{}",
            named.join(", "),
            match ignored.is_empty() {
                true => String::new(),
                false => format!(" (only {})", ignored.join(", ")),
            }
        );
    }
    Ok((files, ignored))
}

/// Whether a file in no language of judge.toml is still a submission, a
/// row of its own that says why it is not judged (`frank.pas`), and not
/// a note, a test or a build left beside them (no extension, or a data
/// or document one).
fn looks_like_source(file: &Path) -> bool {
    const NOT_SOURCE: [&str; 16] = [
        "in", "out", "ans", "err", "txt", "md", "pdf", "html", "htm", "json", "csv", "log", "zip",
        "png", "jpg", "o",
    ];
    let extension = file.extension().and_then(|e| e.to_str()).unwrap_or("");
    !extension.is_empty() && !NOT_SOURCE.contains(&extension.to_ascii_lowercase().as_str())
}

/// Why `file` cannot be compiled at all, if it cannot: a row of the
/// standings, not the end of the batch.
fn refusal(kit: &Kit, file: &Path) -> Option<String> {
    if let Err(e) = program::language_of(&kit.languages(), file) {
        return Some(e.to_string());
    }
    std::fs::File::open(file).err().map(|e| match e.kind() {
        std::io::ErrorKind::NotFound => BuildError::not_found(file).to_string(),
        _ => format!("cannot read {}: {e}", file.display()),
    })
}
