//! The kit's packages, proven by the judges' own tools: every problem of
//! the kit is exported in each format, and
//! * `icpc` (2025-09): BAPCtools' `bt validate` passes (every input valid,
//!   the invalid ones rejected, the output validator takes the answers),
//!   and for one problem of each kind (`JUDGED`) `bt run` gives every
//!   submission the verdict its folder names, judged with the exported
//!   output validator;
//! * `icpc-legacy`: problemtools' `verifyproblem` reports 0 errors on the
//!   configuration, data and validators, and on the submissions of `JUDGED`;
//! * `polygon`: p2d converts each package, and for `JUDGED` problemtools
//!   checks the data of p2d's output and gives every submission its verdict
//!   (judging with the exported C++ checker, built against p2d's
//!   testlib.h);
//! * `cms`, `hydro`: every file and key their importers need is there, the
//!   exported tests are the kit's, and the exported checker, in the exported
//!   protocol, gives every output of every solution the verdict and points
//!   the kit's checker gives it (an interactive problem's solutions play
//!   against the exported interactor and get the verdict and score they get
//!   in the kit);
//! * exporting twice gives the same bytes; bad requests are refused cleanly.
//!
//! The tools come from `scripts/setup-tools.sh` (`.ci/run` runs it).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use judge::base::pool::Stop;
use judge::core::jury::{Arena, Jury};
use judge::core::scratch::Place;
use judge::core::testset;
use judge::core::verify::{Promised, verify_solutions};
use judge::format::Format;
use judge::model::event::Events;
use judge::model::event::Silent;
use judge::model::expect::{Expect, FOLDERS};
use judge::model::kit::Kit;
use judge::model::problem::Problem;
use judge::model::program::{Program, Protocol};
use judge::model::results::Test;
use judge::model::results::VerifyRow;
use sandbox::linux::LinuxSandbox;
use yaml_rust2::{Yaml, YamlLoader};

use testkit::files::copy_folder;
use testkit::paths::{root, target};
use testkit::tools::{
    hydro_import, p2d_and_verifyproblem, pass_fail_view, run, tool, verifyproblem,
};

fn judge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// Exports `problems` (none: the whole kit) in `format` to `out`; returns
/// the report.
fn export_some(problems: &[&str], format: &str, out: &Path) -> serde_json::Value {
    let mut args = vec![
        "package",
        "--json",
        "--format",
        format,
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(problems);
    let output = judge(&args);
    assert!(
        output.status.success(),
        "judge {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

/// The warnings of an export's report for `problem` and `judge`.
fn warnings<'a>(report: &'a serde_json::Value, problem: &str, judge: &str) -> Vec<&'a str> {
    (report["warnings"].as_array().unwrap().iter())
        .filter(|w| w["problem"] == problem && w["judge"] == judge)
        .map(|w| w["message"].as_str().unwrap())
        .collect()
}

/// The whole kit exported in one format, once: the tests that read the
/// same format share it (they only read it; a test that changes a problem
/// copies it first).
struct Exported {
    contest: PathBuf,
    report: serde_json::Value,
}

/// The whole kit exported in `format`, by the first test that asks.
fn exported(format: Format) -> &'static Exported {
    static EXPORTS: [OnceLock<Exported>; 5] = [const { OnceLock::new() }; 5];
    EXPORTS[format as usize].get_or_init(|| {
        let contest = target().join("tmp/exports").join(format.name());
        if contest.exists() {
            std::fs::remove_dir_all(&contest).unwrap();
        }
        std::fs::create_dir_all(contest.parent().unwrap()).unwrap();
        let report = export_some(&[], format.name(), &contest);
        Exported { contest, report }
    })
}

/// A scratch folder under the target folder (packages are large).
fn scratch(name: &str) -> tempfile::TempDir {
    let parent = target().join("tmp");
    std::fs::create_dir_all(&parent).unwrap();
    tempfile::Builder::new()
        .prefix(name)
        .tempdir_in(parent)
        .unwrap()
}

fn yaml(path: &Path) -> Yaml {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    YamlLoader::load_from_str(&text)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .remove(0)
}

/// The problem folders of a contest package, from its problem list.
fn problem_folders(contest: &Path) -> Vec<String> {
    let list = yaml(&contest.join("problems.yaml"));
    let ids: Vec<String> = list
        .as_vec()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(ids.len(), kit().1.len(), "{ids:?}");
    ids
}

#[test]
#[ignore = "slow tier: the judges' own tools"]
fn icpc_packages_pass_bapctools() {
    let bt = tool("bt");
    let dir = scratch("icpc");
    let contest = &exported(Format::Icpc).contest;
    // nim's `[[invalid]]` inputs, which `bt validate` checks are rejected.
    let invalid = std::fs::read_dir(contest.join("nim/data/invalid_input")).unwrap();
    let inputs = invalid
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "in"));
    assert_eq!(inputs.count(), 5);
    for problem in problem_folders(contest) {
        let mut path = contest.join(&problem);
        if yaml(&path.join("problem.yaml"))["type"].as_str() == Some("scoring") {
            // The view is a copy: the other tests read the export.
            let copy = dir.path().join(&problem);
            copy_folder(&path, &copy);
            pass_fail_view(&copy);
            path = copy;
        }
        let home = dir.path().join(format!("home-{problem}"));
        std::fs::create_dir_all(&home).unwrap();
        // BAPCtools kills a run at a wall-clock timeout (its default 1.5
        // times the limit, plus 1 s), and relays each move of a dialogue
        // through a Python thread: a long game on a loaded machine met
        // that timeout. Its verdicts are by CPU time whatever the timeout.
        let actions: &[&[&str]] = match judged(&problem) {
            true => &[&["validate"], &["run", "--timeout", "10"]],
            false => &[&["validate"]],
        };
        for action in actions {
            let args = [*action, &["--no-bar"]].concat();
            let (ok, text) = run(&bt, &args, &path, &home);
            let action = action[0];
            assert!(ok, "bt {action} on {problem} failed:\n{text}");
            eprintln!("bt {action} {problem}: ok");
        }
    }
}

#[test]
#[ignore = "slow tier: the judges' own tools"]
fn scoring_problems_keep_their_points() {
    let out = exported(Format::Icpc).contest.join("mergepiles");
    let problem = yaml(&out.join("problem.yaml"));
    assert_eq!(problem["type"].as_str(), Some("scoring"));
    assert_eq!(problem["problem_format_version"].as_str(), Some("2025-09"));
    let mut points = BTreeMap::new();
    for group in ["group1", "group2"] {
        let config = yaml(&out.join(format!("data/secret/{group}/test_group.yaml")));
        points.insert(group, config["max_score"].as_i64().unwrap());
        assert_eq!(config["score_aggregation"].as_str(), Some("pass-fail"));
        let args = config["input_validator_args"].as_vec().unwrap();
        assert_eq!(args[0].as_str(), Some("--group"));
    }
    assert_eq!(points, BTreeMap::from([("group1", 30), ("group2", 70)]));
    // The sample belongs to group 1: group 1 scores only if it passes.
    let group1 = yaml(&out.join("data/secret/group1/test_group.yaml"));
    assert_eq!(group1["require_pass"].as_str(), Some("sample"));
}

#[test]
#[ignore = "slow tier: the judges' own tools"]
fn legacy_packages_pass_problemtools() {
    let verify = tool("verifyproblem");
    let dir = scratch("legacy");
    let contest = &exported(Format::IcpcLegacy).contest;
    for problem in problem_folders(contest) {
        let home = dir.path().join(format!("home-{problem}"));
        std::fs::create_dir_all(&home).unwrap();
        let parts = ["config", "data", "validators", "submissions"];
        let parts = &parts[..parts.len() - usize::from(!judged(&problem))];
        let args = [&[problem.as_str(), "-p"], parts].concat();
        let (ok, text) = verifyproblem(&verify, &args, contest, &home);
        assert!(
            ok && text.contains(&format!("{problem} tested: 0 errors")),
            "verifyproblem {problem}:\n{text}"
        );
        eprintln!("verifyproblem {problem}: 0 errors");
    }
}

#[test]
#[ignore = "slow tier: the judges' own tools"]
fn polygon_packages_pass_p2d_and_problemtools() {
    let dir = scratch("polygon");
    let Exported { contest, report } = exported(Format::Polygon);
    assert!(contest.join("contest.xml").is_file());
    // What CMS's Polygon loader and p2d lose, said for each problem.
    for (problem, tests) in &kit().1 {
        let cms = warnings(report, &problem.name, "CMS (Polygon loader)");
        let public = format!("all {} tests become public", tests.len());
        assert!(cms[0].starts_with(&public), "{}: {cms:?}", problem.name);
        assert_eq!(cms[0].contains("become Sum"), !problem.groups.is_empty());
        let p2d = warnings(report, &problem.name, "p2d (DOMjudge)");
        assert_eq!(p2d.len(), usize::from(!problem.groups.is_empty()));
    }
    for (i, entry) in std::fs::read_dir(contest.join("problems"))
        .unwrap()
        .enumerate()
    {
        let code = format!("{}", (b'A' + i as u8) as char);
        let path = entry.unwrap().path();
        let judged = judged(path.file_name().unwrap().to_str().unwrap());
        p2d_and_verifyproblem(&path, &code, dir.path(), judged);
    }
}

/// The problems whose submissions the judges' tools judge: one of each
/// kind of judging the packages carry (the standard `wcmp` twin alone, and
/// with groups and points; a problem's own checker, whose C++ twin is
/// its own too; an interactor). Every problem's checker and interactor
/// gives every solution's every output the kit's verdict in the CMS and
/// Hydro tests (the C++ source the Polygon package carries); the tools
/// check the other problems' configuration, data, validators and invalid
/// inputs. (Judging all ten's took bt and problemtools 7 minutes of 2
/// cores, against 4 for these four.)
const JUDGED: [&str; 4] = ["bash", "merge-piles", "nim", "nim-play"];

/// Whether `folder` (a problem's folder in a package: its name, or its
/// ICPC short name) is one of [`JUDGED`].
fn judged(folder: &str) -> bool {
    (JUDGED.iter()).any(|name| *name == folder || judge::format::icpc::short_name(name) == folder)
}

/// A judge that drops the interactor and checks each solution's own output
/// (CMS's Polygon loader makes an interactive Polygon problem a Batch task
/// with the checker alone) must accept no run: the exported checker
/// (`checkers/cpp/interactor-verdict.cpp`), which wants the verdict line an
/// interactor writes last when it accepts, rejects every solution on every
/// test (with the accept-all checker it replaced, the wrong ones scored 100
/// there), and accepts the record of a won play, the test's answer.
#[test]
#[ignore = "slow tier: the judges' own tools"]
fn polygon_interactive_checker_fails_closed() {
    let dir = scratch("polygon-closed");
    let (kit, problems) = kit();
    let jury = kit_jury();
    let mut reporter = Silent;
    let mut events = Events::new(&mut reporter);
    let Exported { contest, report } = exported(Format::Polygon);
    let interactive = problems.iter().filter(|(p, _)| p.interactive);
    for (problem, tests) in interactive {
        let name = problem.name.as_str();
        let package = contest.join("problems").join(name);
        let said = warnings(report, name, "CMS (Polygon loader)");
        assert!(said[0].contains("the interactor is dropped"), "{said:?}");
        let xml = std::fs::read_to_string(package.join("problem.xml")).unwrap();
        assert!(
            xml.contains("files/interactor.cpp"),
            "{name}: no interactor"
        );
        let checker = testlib_cpp(kit, &package.join("files/check.cpp"));
        let width = tests.len().to_string().len().max(2);
        let exported: Vec<Test> = (tests.iter().enumerate())
            .map(|(i, t)| Test {
                input: package.join(format!("tests/{:0width$}", i + 1)),
                answer: package.join(format!("tests/{:0width$}.a", i + 1)),
                ..t.clone()
            })
            .collect();
        let scratch = dir.path().join(format!("{name}-checks"));
        std::fs::create_dir_all(&scratch).unwrap();
        for test in &exported {
            let won = jury.check(
                &checker,
                &test.input,
                &test.answer,
                &test.answer,
                &scratch,
                &test.name,
            );
            assert!(won.verdict.is_accepted(), "{name} {}: {won:?}", test.name);
            // The same record without its verdict line: not accepted.
            let record = std::fs::read_to_string(&test.answer).unwrap();
            let (games, _) = record.trim_end().rsplit_once('\n').unwrap();
            let cut = scratch.join(format!("{}.cut", test.name));
            std::fs::write(&cut, format!("{games}\n")).unwrap();
            let cut = jury.check(&checker, &test.input, &cut, &test.answer, &scratch, "cut");
            assert_eq!(
                cut.verdict.to_string(),
                "WA",
                "{name} {}: {cut:?}",
                test.name
            );
        }
        let work = target().join("tmp/round-trip/no-interactor");
        let mut arena = Arena::new(problem, &exported, &checker, work);
        arena.interactive = false;
        for (folder, _, file, shown) in solutions(problem) {
            let run = jury
                .judge_source(&arena, &file, &shown, Stop::Never, &mut events)
                .unwrap();
            let accepted: Vec<&str> = (run.outcomes.iter())
                .filter(|o| o.verdict.is_accepted())
                .map(|o| o.name.as_str())
                .collect();
            assert!(
                accepted.is_empty(),
                "{name} {shown}: accepted on {accepted:?}"
            );
            assert_eq!(run.outcomes.len(), tests.len(), "{name} {shown}");
            eprintln!(
                "polygon {name} without its interactor: {folder}/{} rejected on all {} tests ({})",
                file.file_name().unwrap().display(),
                tests.len(),
                run.outcomes[0].message
            );
        }
    }
}

/// Every solution of `problem`: its folder, what the folder promises, its
/// file, and its path as `targets` name it.
fn solutions(problem: &Problem) -> Vec<(&'static str, Expect, PathBuf, String)> {
    let mut all = Vec::new();
    for (folder, expect) in FOLDERS {
        for file in judge::base::fsutil::files_in(&problem.solutions.join(folder)).unwrap() {
            let shown = file
                .strip_prefix(&problem.solutions)
                .unwrap()
                .display()
                .to_string();
            all.push((folder, expect, file, shown));
        }
    }
    all
}

/// The sandbox every run of these tests shares, as a judge run has one.
fn sandbox() -> &'static LinuxSandbox {
    static SANDBOX: OnceLock<LinuxSandbox> = OnceLock::new();
    SANDBOX.get_or_init(|| LinuxSandbox::new(&root(), sandbox::Containment::default()).unwrap())
}

/// A jury over that sandbox, to compile with.
fn jury() -> &'static Jury<'static> {
    static JURY: OnceLock<Jury<'static>> = OnceLock::new();
    JURY.get_or_init(kit_jury)
}

/// A new jury over that sandbox, compiling with the kit's languages.
fn kit_jury() -> Jury<'static> {
    Jury::new(sandbox(), 2).for_kit(&Kit::discover(&root()).unwrap())
}

/// The kit, with its problems and their built tests.
type Loaded = (Kit, Vec<(Problem, Vec<Test>)>);

/// The kit, its problems and their built tests (built by the exports).
fn kit() -> &'static Loaded {
    static KIT_LOADED: OnceLock<Loaded> = OnceLock::new();
    KIT_LOADED.get_or_init(|| {
        let kit = Kit::discover(&root()).unwrap();
        // As a judge run does: exports may be building at once.
        let mut reporter = Silent;
        let mut events = Events::new(&mut reporter);
        let _building = kit.lock_builds(&mut events).unwrap();
        let problems = jury().prepare(&kit, &[], false, &mut events).unwrap();
        // Hydro's built-in `wcmp`, played by the kit's twin of it.
        jury()
            .cargo()
            .build(
                &std::collections::BTreeSet::from(["wcmp".to_string()]),
                false,
            )
            .unwrap();
        let loaded = problems
            .into_iter()
            .map(|p| {
                let tests = testset::tests_of(&p);
                (p, tests)
            })
            .collect();
        (kit, loaded)
    })
}

/// The calling thread on one CPU (sandbox::cpu) if `problem` is
/// interactive: its plays are ping-pongs, while the tests running at once
/// keep the other CPUs busy. A batch problem's runs are not (on one CPU,
/// runs that wait for the CPU time out on the wall clock and are judged
/// again alone).
fn pinned_if_interactive(problem: &Problem) -> Option<sandbox::cpu::Pinned> {
    problem
        .interactive
        .then(|| sandbox::cpu::pin_thread().unwrap())
}

/// What the kit itself says of the solutions of `problem` whose verdicts
/// its checker (or interactor) gives: those that promise AC, WA or PE, and
/// the brute-force ones. Judged once, as `verify` judges them, with every
/// output kept; each keeps its promise.
fn ours(problem: &Problem, tests: &[Test]) -> Vec<VerifyRow> {
    static DONE: Mutex<BTreeMap<String, Vec<VerifyRow>>> = Mutex::new(BTreeMap::new());
    // Held while judging, so that two tests never judge it at once.
    let mut done = DONE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(rows) = done.get(&problem.name) {
        return rows.clone();
    }
    let checker = jury().program(&problem.checker).unwrap();
    let work = target().join("tmp/round-trip/kit");
    let mut arena = Arena::new(problem, tests, &checker, work);
    arena.keep_outputs = true;
    let _pinned = pinned_if_interactive(problem);
    let jury = kit_jury();
    let mut reporter = Silent;
    let mut events = Events::new(&mut reporter);
    // TLE, MLE and RE are the run's verdicts, whatever the checker.
    let promised: Vec<Promised> = (solutions(problem).into_iter())
        .filter(|(_, expect, _, _)| !matches!(expect, Expect::Verdict(v) if !v.is_checked()))
        .map(|(_, expect, source, shown)| Promised {
            source,
            shown,
            expect,
        })
        .collect();
    let rows = verify_solutions(&jury, &arena, &promised, &mut events).unwrap();
    for row in &rows {
        assert!(
            row.ok,
            "the kit's verify: {}: {:?}",
            row.solution, row.problems
        );
    }
    done.insert(problem.name.clone(), rows.clone());
    rows
}

/// Judges again with `checker` (the exported checker or interactor), on the
/// `exported` tests (the kit's `tests`, as a package holds them), every
/// test that the kit's own checker judged in [`ours`]; each must get the
/// same verdict and points. A batch solution's kept output is checked
/// again: each solution runs once for every package. An interactive
/// solution plays that test again. Returns how many tests were judged.
fn judged_alike(
    label: &str,
    (problem, tests): (&Problem, &[Test]),
    exported: &[Test],
    checker: &Program,
) -> usize {
    for test in exported {
        let ours = tests.iter().find(|t| t.name == test.name).unwrap();
        for (theirs, ours) in [(&test.input, &ours.input), (&test.answer, &ours.answer)] {
            assert!(
                judge::base::fsutil::same_bytes(theirs, ours),
                "{label}: {} is not {}",
                theirs.display(),
                ours.display()
            );
        }
    }
    let scratch = scratch(&format!("{label}-{}", problem.name));
    let arena = Arena::new(problem, exported, checker, scratch.path().to_path_buf());
    let _pinned = pinned_if_interactive(problem);
    let mut judged = 0;
    for row in ours(problem, tests) {
        let solution = problem.interactive.then(|| {
            let file = problem.solutions.join(&row.solution);
            jury().compile(&file, false).unwrap()
        });
        for outcome in row.results.iter().filter(|o| o.verdict.is_checked()) {
            let test = exported.iter().find(|t| t.name == outcome.name).unwrap();
            let said = match &solution {
                Some(solution) => {
                    let again =
                        jury().judge_test(&arena, solution, test, Place::at(scratch.path()));
                    (again.verdict, again.points, again.partial, again.message)
                }
                None => {
                    let again = jury().check(
                        checker,
                        &test.input,
                        &outcome.output,
                        &test.answer,
                        outcome.output.parent().unwrap(),
                        &format!("{}.{label}", test.name),
                    );
                    (again.verdict, again.points, again.partial, again.message)
                }
            };
            assert_eq!(
                (said.0, said.1, said.2),
                (outcome.verdict, outcome.points, outcome.partial),
                "{label} {}: {} on {}: {} (the kit's: {})",
                problem.name,
                row.solution,
                test.name,
                said.3,
                outcome.message
            );
            judged += 1;
        }
    }
    judged
}

#[test]
#[ignore = "slow tier: the judges' own tools"]
fn cms_packages_are_complete_and_judge_like_the_kit() {
    let contest = &exported(Format::Cms).contest;
    let config = yaml(&contest.join("contest.yaml"));
    assert_eq!(config["tasks"].as_vec().unwrap().len(), kit().1.len());
    assert_eq!(
        config["token_mode"].as_str(),
        Some("disabled"),
        "contest.yaml"
    );
    // The languages, by CMS's names (cms/grading/languages/): without them
    // a contest takes C, C++ and Pascal only, not the kit's Rust and Python.
    let languages: Vec<&str> = (config["languages"].as_vec().unwrap().iter())
        .map(|l| l.as_str().unwrap())
        .collect();
    assert_eq!(
        languages,
        [
            "C11 / gcc",
            "C++17 / g++",
            "Java / JDK",
            "Python 3 / CPython",
            "Rust"
        ]
    );
    let (_, problems) = kit();
    let report = &exported(Format::Cms).report;
    for (problem, tests) in problems {
        let task = contest.join(&problem.name);
        let yaml = yaml(&task.join("task.yaml"));
        // What CMS leaves behind is said: the validator, the groups' names.
        let said = warnings(report, &problem.name, "CMS");
        let validator = format!(
            "CMS runs no input validator: val-{} stays behind",
            problem.name
        );
        assert!(said.contains(&validator.as_str()), "{said:?}");
        let named = problem
            .groups
            .iter()
            .any(|g| !g.name.starts_with("subtask"));
        let names = said
            .iter()
            .any(|w| w.starts_with("CMS numbers its subtasks"));
        assert_eq!(named, names, "{}: {said:?}", problem.name);
        // What CMS's italy_yaml loader needs, with stdio and the limits.
        assert_eq!(yaml["name"].as_str(), Some(problem.name.as_str()));
        assert!(yaml["title"].as_str().is_some());
        assert_eq!(yaml["infile"].as_str(), Some(""));
        assert_eq!(yaml["outfile"].as_str(), Some(""));
        cms_loader_facts(&task, &yaml);
        let n = yaml["n_input"].as_i64().unwrap() as usize;
        assert_eq!(n, tests.len());
        assert_eq!(
            yaml["time_limit"].as_f64(),
            Some(problem.limits.time.as_secs_f64())
        );
        assert_eq!(
            yaml["memory_limit"].as_i64(),
            Some((problem.limits.memory_bytes >> 20) as i64)
        );
        let generated = std::fs::read_to_string(task.join("gen/GEN")).unwrap();
        // A line of arguments, or a copy of the stored input.
        let lines = generated
            .lines()
            .filter(|l| !l.trim().is_empty() && (!l.starts_with('#') || l.starts_with("#COPY: ")));
        assert_eq!(lines.count(), n, "gen/GEN holds one line per test");
        // `#ST:`, which task-maker reads (`# ST:` is a comment there).
        let subtasks: Vec<u32> = generated
            .lines()
            .filter_map(|l| l.strip_prefix("#ST: "))
            .map(|p| p.parse().unwrap())
            .collect();
        let groups: Vec<u32> = problem.groups.iter().map(|g| g.points).collect();
        assert_eq!(subtasks, groups, "{}: subtasks", problem.name);
        // The exported tests, in CMS's order, under their kit names.
        let order: Vec<&Test> = if problem.groups.is_empty() {
            tests.iter().collect()
        } else {
            (problem.groups.iter())
                .flat_map(|g| {
                    tests
                        .iter()
                        .filter(move |t| t.group.as_deref() == Some(&g.name))
                })
                .collect()
        };
        let exported: Vec<Test> = (order.iter().enumerate())
            .map(|(i, t)| Test {
                input: task.join(format!("input/input{i}.txt")),
                answer: task.join(format!("output/output{i}.txt")),
                ..(*t).clone()
            })
            .collect();
        let public = yaml["public_testcases"].as_str().unwrap();
        let samples: Vec<String> = (exported.iter().enumerate())
            .filter(|(_, t)| t.sample)
            .map(|(i, _)| i.to_string())
            .collect();
        assert_eq!(public, samples.join(","));
        if problem.interactive {
            let manager = task.join("check/manager");
            assert!(manager.is_file() && !task.join("check/checker").exists());
            communicate_like_the_kit(problem, &exported, &manager);
            continue;
        }
        let checker = task.join("check/checker");
        assert!(checker.is_file());
        let cms_checker = Program {
            name: "checker".into(),
            command: vec![checker.into_os_string()],
            identity: "cms".into(),
            protocol: Protocol::Cms,
            trailing: Vec::new(),
            reads: Vec::new(),
        };
        let judged = judged_alike("cms", (problem, tests), &exported, &cms_checker);
        eprintln!("cms {}: {judged} outputs checked alike", problem.name);
    }
}

/// What running CMS's own `italy_yaml` loader (cms-dev/cms c3659b8, by
/// hand: no registry carries CMS) taught, on the task folder `task`:
/// * statements are `statement/<language name>.pdf`, the name as CMS's
///   LANGUAGE_MAP spells it (`english`, not `en`: the loader looks for no
///   other name, and crashes with a TypeError when the primary language has
///   none), and `primary_language` is the code CMS maps one of them to;
/// * `token_mode` is set, else the loader falls back to the deprecated token
///   keys and warns;
/// * a Communication task (`check/manager`) has a `sol/` folder (listed
///   unconditionally) and no stub, so that CMS keeps compilation `alone`
///   and `std_io` (a stub turns it into `stub` and `fifo_io`).
fn cms_loader_facts(task: &Path, yaml: &Yaml) {
    // The names CMS gives the kit's two languages, with their codes.
    const LANGUAGES: [(&str, &str); 2] = [("english", "en"), ("chinese", "zh")];
    let mut codes = Vec::new();
    for entry in std::fs::read_dir(task.join("statement")).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        let language = name.strip_suffix(".pdf").unwrap_or(&name);
        let code = LANGUAGES.iter().find(|(n, _)| *n == language);
        let (_, code) = code.unwrap_or_else(|| panic!("statement/{name}: not a CMS language"));
        codes.push(*code);
    }
    codes.sort();
    assert_eq!(codes, ["en", "zh"], "{}", task.display());
    let primary = yaml["primary_language"].as_str().unwrap();
    assert!(codes.contains(&primary), "primary_language {primary}");
    assert_eq!(yaml["token_mode"].as_str(), Some("disabled"));
    if task.join("check/manager").exists() {
        assert!(task.join("sol").is_dir(), "the loader lists sol/");
        for entry in std::fs::read_dir(task.join("sol")).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            assert!(!name.starts_with("stub"), "sol/{name}: a stub");
        }
        assert!(yaml["num_processes"].as_i64().unwrap_or(1) == 1);
        assert!(matches!(yaml["user_io"].as_str(), None | Some("std_io")));
    }
}

/// Judges an interactive problem's solutions as CMS's Communication task
/// type does: the exported manager started as `manager <from-user fifo>
/// <to-user fifo>` with the test on stdin, the solution's stdin and stdout
/// on the two FIFOs, opened in the order a sandbox opens them, the score on
/// the manager's stdout. Every accepted solution must score 1 on every
/// test, and every other solution 0 on each test aimed at it. A solution
/// killed for its time scores 0: once its CPU time is over CMS's wall limit
/// (2 × TL + 1 s), or once it has waited past that limit without using CPU
/// for a second (stuck). CMS would hold the CPU time to TL itself; the
/// margin keeps a loaded machine from failing the reference. The two
/// processes share one CPU (sandbox::cpu: on two, the wake-ups across CPUs
/// billed the C++ reference 2.8 s on nim-play's 147891-move test, 2.4 s of
/// it system time).
fn communicate_like_the_kit(problem: &Problem, tests: &[Test], manager: &Path) {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    let wall = problem.limits.time * 2 + Duration::from_secs(1);
    let mut played = 0;
    for (folder, _, file, shown) in solutions(problem) {
        let program = jury().compile(&file, false).unwrap();
        let accepted = folder == "accepted";
        for test in tests.iter().filter(|t| accepted || t.aims_at(&shown)) {
            let dir = tempfile::tempdir().unwrap();
            let (from_user, to_user) = (dir.path().join("u0_to_m"), dir.path().join("m_to_u0"));
            for fifo in [&from_user, &to_user] {
                let path = CString::new(fifo.as_os_str().as_bytes()).unwrap();
                // SAFETY: a valid C string and a plain mode.
                assert_eq!(unsafe { libc::mkfifo(path.as_ptr(), 0o600) }, 0);
            }
            // Both on one CPU (sandbox::cpu).
            let pinned = sandbox::cpu::pin_thread().unwrap();
            let judge = Command::new(manager)
                .arg(&from_user)
                .arg(&to_user)
                .stdin(std::fs::File::open(&test.input).unwrap())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            let stdin = std::fs::File::open(&to_user).unwrap();
            let stdout = std::fs::OpenOptions::new()
                .write(true)
                .open(&from_user)
                .unwrap();
            let argv = program.argv(Vec::<String>::new());
            let mut player = Command::new(&argv[0])
                .args(&argv[1..])
                .stdin(stdin)
                .stdout(stdout)
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            drop(pinned);
            let started = Instant::now();
            // Its CPU time when last seen, and when that last grew.
            let (mut cpu, mut grew) = (Duration::ZERO, Instant::now());
            let in_time = loop {
                if player.try_wait().unwrap().is_some() {
                    break true;
                }
                if let Some(now) = cpu_time(player.id()).filter(|&now| now > cpu) {
                    (cpu, grew) = (now, Instant::now());
                }
                let stuck = started.elapsed() > wall && grew.elapsed() > Duration::from_secs(1);
                if cpu > wall || stuck {
                    // Our own child: its pipes close, and the manager ends.
                    let _ = player.kill();
                    let _ = player.wait();
                    break false;
                }
                std::thread::sleep(Duration::from_millis(5));
            };
            let out = judge.wait_with_output().unwrap();
            assert_eq!(
                out.status.code(),
                Some(0),
                "{shown} on {}: {out:?}",
                test.name
            );
            let score = String::from_utf8_lossy(&out.stdout).trim().to_string();
            let message = String::from_utf8_lossy(&out.stderr).into_owned();
            let score = if in_time { score } else { "0.0".to_string() };
            let wanted = if accepted { "1.0" } else { "0.0" };
            assert_eq!(
                score, wanted,
                "cms {}: {shown} on {}: {message}",
                problem.name, test.name
            );
            played += 1;
        }
    }
    eprintln!(
        "cms {}: {played} plays through the FIFOs as the kit judges them",
        problem.name
    );
}

/// The CPU time (user and system) process `pid` has used, from
/// `/proc/<pid>/stat`; None once it is gone.
fn cpu_time(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command's closing parenthesis start at the
    // third, the state; utime and stime are the 14th and 15th.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // SAFETY: sysconf reads a constant of the system.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    Some(Duration::from_millis(ticks * 1000 / hz))
}

#[test]
#[ignore = "slow tier: the judges' own tools"]
fn hydro_packages_load_in_hydro_and_judge_like_the_kit() {
    let Exported { contest, report } = exported(Format::Hydro);
    let imported = hydro_import(contest);
    let (kit, problems) = kit();
    assert_eq!(imported.len(), problems.len(), "{imported:#?}");
    for (problem, tests) in problems {
        let name = problem.name.as_str();
        let folder = contest.join(name);
        let hydro = (imported.iter())
            .find(|p| p["folder"] == name)
            .unwrap_or_else(|| panic!("Hydro did not import {name}"));
        // The pid is kept (Hydro drops one it refuses), the title and both
        // statements are there.
        let pid = judge::format::hydro::write::pid(name);
        assert_eq!(hydro["pid"].as_str(), Some(pid.as_str()), "{name}");
        // The report says where the pid is not the name.
        let said = warnings(report, name, "Hydro");
        let of_pid = said.iter().filter(|w| w.starts_with("pid `"));
        assert_eq!(of_pid.count(), usize::from(pid != name), "{name}: {said:?}");
        // And where its compilers differ from the kit's: Rust's edition.
        let rust = said.iter().filter(|w| w.starts_with("Rust solutions ("));
        assert!(
            rust.into_iter()
                .any(|w| w.contains("edition 2015 in Hydro")),
            "{name}: {said:?}"
        );
        let title = &problem.config.value.title;
        let title = title.distinct().join(" ");
        assert_eq!(hydro["title"].as_str(), Some(title.as_str()));
        assert_eq!(hydro["statements"], serde_json::json!(["en", "zh"]));
        // The limits, as Hydro's pages show them.
        let time = problem.limits.time.as_millis() as u64;
        let memory = problem.limits.memory_bytes >> 20;
        let config = &hydro["config"];
        assert_eq!(config["timeMin"].as_u64(), Some(time), "{name}: {config}");
        assert_eq!(config["timeMax"].as_u64(), Some(time), "{name}");
        assert_eq!(config["memoryMax"].as_u64(), Some(memory), "{name}");
        // The cases and subtasks, as the judge reads them.
        let judged = &hydro["judge"];
        assert!(judged["error"].is_null(), "{name}: {judged}");
        let kind = if problem.interactive {
            "interactive"
        } else {
            "default"
        };
        assert_eq!(judged["type"].as_str(), Some(kind), "{name}");
        let subtasks = judged["subtasks"].as_array().unwrap();
        if problem.groups.is_empty() {
            assert_eq!(subtasks.len(), 1, "{name}");
            assert_eq!(subtasks[0]["score"], 100);
        } else {
            let points: Vec<u64> = subtasks
                .iter()
                .map(|s| s["score"].as_u64().unwrap())
                .collect();
            let groups: Vec<u64> = problem.groups.iter().map(|g| u64::from(g.points)).collect();
            assert_eq!(points, groups, "{name}");
            assert!(subtasks.iter().all(|s| s["type"] == "min"), "{name}");
        }
        // Every test of the kit is a case, in the subtasks' order.
        let exported: Vec<Test> = (subtasks.iter())
            .flat_map(|s| s["cases"].as_array().unwrap())
            .map(|case| {
                let input = case["input"].as_str().unwrap();
                assert_eq!(case["time"].as_u64(), Some(time), "{name}: {case}");
                let test = tests.iter().find(|t| format!("{}.in", t.name) == input);
                let test = test.unwrap_or_else(|| panic!("{name}: case {input}"));
                let output = case["output"].as_str().unwrap();
                assert_eq!(output, format!("{}.ans", test.name), "{name}");
                Test {
                    input: folder.join("testdata").join(input),
                    answer: folder.join("testdata").join(output),
                    ..test.clone()
                }
            })
            .collect();
        assert_eq!(exported.len(), tests.len(), "{name}");
        // The program Hydro judges with: the exported C++ interactor, or the
        // checker (one of its built-in testlib checkers, played by the kit's
        // Rust twin of it, or the exported C++ source), built against
        // testlib.h.
        let program = |key: &str| {
            let file = judged[key]
                .as_str()
                .unwrap_or_else(|| panic!("{name}: no {key}"));
            match file.strip_prefix("builtin:") {
                Some(standard) => jury()
                    .program(&judge::model::problem::ProgramSpec::Cargo(
                        standard.to_string(),
                    ))
                    .unwrap(),
                None => testlib_cpp(kit, &folder.join("testdata").join(file)),
            }
        };
        let checker = if problem.interactive {
            program("interactor")
        } else {
            assert_eq!(judged["checker_type"], "testlib", "{name}");
            program("checker")
        };
        let alike = judged_alike("hydro", (problem, tests), &exported, &checker);
        eprintln!("hydro {name}: {alike} tests judged alike");
    }
}

#[test]
#[ignore = "slow tier: the judges' own tools"]
fn hydro_takes_a_single_problem_and_its_pid() {
    let dir = scratch("hydro-one");
    // Hydro 4 imports the folders of a package only: a single problem is
    // one too.
    let one = dir.path().join("anti-nim");
    export_some(&["anti-nim"], "hydro", &one);
    let imported = hydro_import(&one);
    assert_eq!(imported.len(), 1, "{imported:#?}");
    assert_eq!(imported[0]["pid"], "antinim");
    // A namespace prefix is a pid with a dash, which Hydro 5 keeps on a
    // domain with that namespace and Hydro 4 drops, as the report warns.
    let prefixed = dir.path().join("prefixed.zip");
    let out = judge(&[
        "package",
        "anti-nim",
        "--format",
        "hydro",
        "--pid-prefix",
        "qsz",
        "--json",
        "--out",
        prefixed.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // (Among what Hydro leaves behind, the pid's namespace is said.)
    let warnings = report["warnings"].as_array().unwrap();
    let pid = warnings
        .iter()
        .find(|w| w["message"].as_str().unwrap().starts_with("pid `"));
    let warning = pid.unwrap_or_else(|| panic!("no pid warning: {report}"));
    assert_eq!(warning["judge"], "Hydro", "{report}");
    assert!(
        warning["message"]
            .as_str()
            .unwrap()
            .contains("`qsz-antinim`")
    );
    let imported = hydro_import(&prefixed);
    assert_eq!(
        imported[0]["pid"],
        serde_json::Value::Null,
        "Hydro 4 takes no dash"
    );
}

/// A C++ testlib checker or interactor built against the kit's testlib.h: in
/// testlib's protocol with a vanilla header, in DOMjudge's (Kattis) with
/// p2d's.
fn testlib_cpp(kit: &Kit, source: &Path) -> Program {
    let header = kit.testlib_h().unwrap();
    let text = std::fs::read_to_string(&header).unwrap();
    let domjudge = text
        .lines()
        .any(|l| l.starts_with("#define VERSION") && l.contains("DOMJUDGE"));
    let out = target().join("tmp/testlib-cpp");
    std::fs::create_dir_all(&out).unwrap();
    // Named by what it is built from: tests that build at once never share
    // a binary.
    let mut key = blake3::Hasher::new();
    key.update(&std::fs::read(source).unwrap());
    key.update(header.as_os_str().as_encoded_bytes());
    let key = key.finalize().to_hex()[..16].to_string();
    let binary = out.join(format!("{}-{key}", source.file_stem().unwrap().display()));
    let status = Command::new("g++")
        .args(["-O2", "-std=gnu++17", "-I"])
        .arg(header.parent().unwrap())
        .arg("-o")
        .arg(&binary)
        .arg(source)
        .status()
        .unwrap();
    assert!(status.success(), "g++ {}", source.display());
    Program {
        name: source.file_name().unwrap().to_string_lossy().into_owned(),
        command: vec![binary.into_os_string()],
        identity: key,
        protocol: if domjudge {
            Protocol::Kattis
        } else {
            Protocol::Testlib
        },
        trailing: Vec::new(),
        reads: Vec::new(),
    }
}

#[test]
#[ignore = "slow tier: the judges' own tools"]
fn exporting_twice_gives_the_same_bytes() {
    let dir = scratch("twice");
    let (one, two) = (dir.path().join("one.zip"), dir.path().join("two.zip"));
    for out in [&one, &two] {
        export_some(&["nim"], "icpc", out);
    }
    assert_eq!(std::fs::read(&one).unwrap(), std::fs::read(&two).unwrap());
    // Re-exporting over an unchanged earlier export replaces it.
    export_some(&["nim"], "icpc", &one);
}

#[test]
fn bad_requests_are_refused_and_leave_nothing() {
    let dir = scratch("bad");
    let refused = |args: &[&str], part: &str| {
        let out = judge(args);
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(part), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    };
    let out = dir.path().join("out");
    let out_text = out.to_str().unwrap();
    refused(
        &["package", "--format", "kattis2", "--out", out_text],
        "invalid value 'kattis2'",
    );
    refused(
        &["package", "nope", "--format", "icpc", "--out", out_text],
        "unknown problem `nope`",
    );
    // A path that exists and is not an earlier export is never replaced.
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("mine.txt"), "keep me").unwrap();
    refused(
        &["package", "bash", "--format", "icpc", "--out", out_text],
        "is not an unchanged earlier export",
    );
    assert_eq!(
        std::fs::read_to_string(out.join("mine.txt")).unwrap(),
        "keep me"
    );
    // A single ICPC problem in a folder its short name cannot be: the tools
    // take the folder's name as the short name.
    let dashed = dir.path().join("anti-nim");
    refused(
        &[
            "package",
            "anti-nim",
            "--format",
            "icpc",
            "--out",
            dashed.to_str().unwrap(),
        ],
        "must be [a-z0-9]+: write it to a folder named like `antinim`",
    );
    // A pid prefix for another format, or one that is no Hydro namespace.
    let unwritten = dir.path().join("hydro");
    let unwritten = unwritten.to_str().unwrap();
    refused(
        &[
            "package",
            "bash",
            "--format",
            "icpc",
            "--pid-prefix",
            "qsz",
            "--out",
            unwritten,
        ],
        "--format hydro only",
    );
    refused(
        &[
            "package",
            "bash",
            "--format",
            "hydro",
            "--pid-prefix",
            "Q-1",
            "--out",
            unwritten,
        ],
        "1 to 10 lowercase letters or digits",
    );
    // A format that needs testlib.h, without one.
    let missing = dir.path().join("no-testlib.h");
    let output = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["package", "bash", "--format", "polygon", "--out"])
        .arg(dir.path().join("poly"))
        .current_dir(root())
        .env("TESTLIB_H", &missing)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("no-testlib.h"), "{stderr}");
    refused(
        &[
            "package",
            "bash",
            "--format",
            "polygon",
            "--testlib-h",
            "/no/testlib.h",
            "--out",
            dir.path().join("poly2").to_str().unwrap(),
        ],
        "/no/testlib.h",
    );
    // Nothing half-written beside the outputs.
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["out"], "{names:?}");
}
