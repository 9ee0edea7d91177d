//! Each of the kit's problems (`PROBLEMS`), exported in each format
//! and imported back (`judge package`, then `judge import`, in a copy of
//! the kit), is the same
//! problem as far as the format carries it: `judge diff` finds the same
//! limits, kind, groups and test inputs, byte for byte, and the same
//! answers wherever the format stores the kit's (the ICPC formats store an
//! interactive test's answer empty, as BAPCtools wants); and bash's
//! solutions keep their verdicts after the trip (CMS's compiled checker
//! judges them as the kit's does); so do the interactive problems' through
//! CMS, whose Communication manager plays them over FIFOs.
//!
//! What each format does not carry is what `judge diff` may report, and
//! nothing else: the programs' form (the kit's Rust programs come back as
//! the static program folders, C++ twins or compiled checker the package
//! holds), the Chinese title where the format has one name, the brute
//! forces where it has no folder for them, Hydro's missing sample flags,
//! validators and solutions.
//!
//! Then each problem imported back goes out again in its format, with its
//! programs and statements as the package had them, and comes in again
//! with no difference at all.

use std::collections::BTreeSet;
use std::path::Path;

use judge::format::Format;
use serde_json::Value;

use testkit::kit::Kit;
use testkit::paths::target;
use testkit::tools;

/// Every problem of the kit: batch problems with the standard checker's
/// C++ twin and with their own checkers, one with inputs that must be
/// invalid, two with groups and points, and the two interactive ones
/// (played through CMS's manager below).
const PROBLEMS: [&str; 10] = [
    "bash",
    "nim",
    "anti-nim",
    "wythoff",
    "fibonacci",
    "circle",
    "subtraction",
    "merge-piles",
    "nim-play",
    "fibonacci-play",
];

/// The kinds of difference `format` may show (by the start of `what`).
fn carried(format: &str, interactive: bool) -> BTreeSet<&'static str> {
    // The kit's generators are Rust crates, which no format carries: their
    // tests come back stored.
    let mut allowed: BTreeSet<&str> = [
        "checker",
        "validator",
        "protocols",
        "generator",
        "generators",
    ]
    .into();
    if interactive {
        allowed.insert("answer");
    }
    // Only 2025-09 has a place for inputs that must be invalid.
    if format != "icpc" {
        allowed.insert("invalid inputs");
    }
    match format {
        // A test group is a folder there, named `group<name>`; a run-time
        // error there is also running out of memory.
        "icpc" => allowed.extend(["group names", "groups", "group", "solution runtime_error/"]),
        "icpc-legacy" => allowed.extend([
            "title",
            "solution brute_force/",
            "solution runtime_error/",
            "group names",
            "groups",
            "group",
        ]),
        "polygon" => allowed.extend(["solution brute_force/"]),
        "hydro" => allowed.extend([
            "title",
            "sample",
            "solution ",
            "solution brute_force/",
            "solution runtime_error/",
        ]),
        // Subtasks are named by their order there; only the accepted
        // solutions are shipped.
        "cms" => allowed.extend([
            "title",
            "group names",
            "groups",
            "group",
            "solution ",
            "solution brute_force/",
            "solution runtime_error/",
        ]),
        _ => panic!("no format {format}"),
    }
    // The statements come back as that format writes them: LaTeX (legacy,
    // Polygon's sections) or PDFs (CMS, none with --no-pdf); 2025-09 and
    // Hydro keep the Markdown.
    if ["icpc-legacy", "polygon", "cms"].contains(&format) {
        allowed.extend(["statement languages", "statement en", "statement zh"]);
    }
    allowed
}

/// The re-exported packages of imported problems (in the contest `out`)
/// pass the judges' own tools, as the kit's own exports do (packages.rs):
/// a pass-fail, a scoring and an interactive problem for the ICPC tools
/// (BAPCtools `bt validate` and `bt run`; problemtools), p2d for Polygon
/// (then problemtools on the first), Hydro's own import code for every
/// problem. (The CMS export here has no statement PDFs, which CMS's
/// loader wants.) The judges' own tools take the problems of `some`,
/// exported again from their imports: they check each package, and judge
/// the submissions of the first (`packages.rs` has them judge those of one
/// problem of each kind, exported from the kit: here the import is what
/// is new).
fn judges_take(format: Format, out: &Path, scratch: &Path) {
    std::fs::create_dir_all(scratch).unwrap();
    let some = ["bash", "merge-piles", "nim-play"];
    let judged = |name: &str| name == some[0];
    let back = |name: &str| {
        let suffix = format.name().replace("icpc-legacy", "legacy");
        out.join(format.folder(&format!("{name}-back-{suffix}")))
    };
    match format {
        Format::Icpc => {
            let bt = tools::tool("bt");
            for name in some {
                let problem = scratch.join(back(name).file_name().unwrap());
                testkit::files::copy_folder(&back(name), &problem);
                tools::pass_fail_view(&problem);
                let actions = match judged(name) {
                    true => &["validate", "run"][..],
                    false => &["validate"],
                };
                for action in actions {
                    let (ok, text) = tools::run(&bt, &[action, "--no-bar"], &problem, scratch);
                    assert!(ok, "bt {action} on the re-exported {name}:\n{text}");
                }
            }
        }
        Format::IcpcLegacy => {
            let verify = tools::tool("verifyproblem");
            // As packages.rs checks the kit's: not the statements (LaTeX).
            let args = |folder: &str, submissions: bool| {
                let parts = ["-p", "config", "data", "validators", "submissions"];
                let parts = &parts[..parts.len() - usize::from(!submissions)];
                [folder]
                    .into_iter()
                    .chain(parts.iter().copied())
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            };
            for name in some {
                let folder = back(name)
                    .file_name()
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                let args = args(&folder, judged(name));
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                let (ok, text) = tools::verifyproblem(&verify, &args, out, scratch);
                assert!(
                    ok && text.contains(&format!("{folder} tested: 0 errors")),
                    "verifyproblem on the re-exported {name}:\n{text}"
                );
            }
        }
        Format::Polygon => {
            for (code, name) in ["A", "B"].into_iter().zip(some) {
                tools::p2d_and_verifyproblem(&back(name), code, scratch, judged(name));
            }
        }
        Format::Hydro => {
            let imported = tools::hydro_import(out);
            assert_eq!(imported.len(), PROBLEMS.len(), "{imported:#?}");
        }
        Format::Cms => {}
    }
}

/// `judge diff a b`, its report.
fn diff(kit: &Kit, a: &str, b: &str) -> Value {
    let run = kit.judge(&["--json", "diff", a, b]);
    let stderr = &run.stderr;
    assert!(matches!(run.code, Some(0 | 1)), "diff {a} {b}: {stderr}");
    serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("diff {a} {b}: {e}: {stderr}"))
}

/// Which kind `what` is, for [`carried`].
fn kind(what: &str) -> &str {
    for kind in [
        "solution brute_force/",
        "solution runtime_error/",
        "solution ",
    ] {
        if what.starts_with(kind) {
            return kind;
        }
    }
    if what.starts_with("test ") {
        return what.rsplit(' ').next().unwrap();
    }
    what
}

#[test]
#[ignore = "slow tier: the ten problems exported in five formats and imported back"]
fn every_problem_comes_back_the_same() {
    let target = target();
    let kit = Kit::copy_seeded(
        &target.join("round-trip-kit"),
        &target.join("new-kit-target"),
    );
    let _ = std::fs::remove_dir_all(kit.target.join("exports"));
    let judge_toml = kit.read("judge.toml");
    let names = PROBLEMS.map(String::from);
    for each in [
        Format::Icpc,
        Format::IcpcLegacy,
        Format::Polygon,
        Format::Hydro,
        Format::Cms,
    ] {
        let format = each.name();
        let start = std::time::Instant::now();
        let step = |what: &str| {
            eprintln!(
                "{format}: {what} after {:.1} s",
                start.elapsed().as_secs_f64()
            )
        };
        // Under the kit's target folder: nothing goes among its sources.
        let out = kit.target.join(format!("exports/{format}"));
        let out_text = out.to_str().unwrap();
        // The kit's own, not the problems imported back so far.
        let mut args = vec!["package", "--format", format, "--out", out_text, "--no-pdf"];
        args.extend(names.iter().map(String::as_str));
        kit.accepted(&args);
        for name in &names {
            let interactive = name.ends_with("-play");
            let folder = each.folder(name);
            let back = format!("{name}-back-{}", format.replace("icpc-legacy", "legacy"));
            let from = out.join(&folder);
            kit.accepted(&["import", from.to_str().unwrap(), "--name", &back]);
            let report = diff(&kit, name, &back);
            let allowed = carried(format, interactive);
            for d in report["differences"].as_array().unwrap() {
                let what = d["what"].as_str().unwrap();
                if what == "groups" {
                    // Renamed, but worth the same points, in the same order
                    // (the legacy format keeps its samples in a group of
                    // their own, worth nothing).
                    let points = |v: &Value| {
                        let text = v.as_str().unwrap().to_string();
                        let parts: Vec<String> = (text.split(" ("))
                            .skip(1)
                            .map(|p| p.split(')').next().unwrap().to_string())
                            .filter(|p| p != "0 points")
                            .collect();
                        parts
                    };
                    assert_eq!(points(&d["a"]), points(&d["b"]), "{format} {name}");
                }
                assert!(
                    allowed.contains(kind(what)),
                    "{format} {name}: {what}: the kit's has {}, the import {}",
                    d["a"],
                    d["b"]
                );
            }
        }
        // An imported problem goes back out in its format, programs and
        // statements as the package had them, and comes in again the same.
        let again_out = kit.target.join(format!("exports/{format}-again"));
        let mut args = vec!["package", "--format", format, "--no-pdf", "--out"];
        args.push(again_out.to_str().unwrap());
        let backs: Vec<String> = (names.iter())
            .map(|n| format!("{n}-back-{}", format.replace("icpc-legacy", "legacy")))
            .collect();
        args.extend(backs.iter().map(String::as_str));
        kit.accepted(&args);
        remove(&out);
        step("imported, diffed and exported again");
        let tools = kit.target.join(format!("exports/{format}-tools"));
        judges_take(each, &again_out, &tools);
        remove(&tools);
        step("the judges' tools");
        for back in &backs {
            let again = back.replace("-back-", "-again-");
            let from = again_out.join(each.folder(back));
            kit.accepted(&["import", from.to_str().unwrap(), "--name", &again]);
            let report = diff(&kit, back, &again);
            assert_eq!(
                report["differences"],
                serde_json::json!([]),
                "{format}: {back} exported and imported again"
            );
        }
        remove(&again_out);
        step("imported again");
        if each == Format::Cms {
            // Only the accepted solutions travel: the kit's others are
            // judged by the package's compiled checker, or played by its
            // Communication manager.
            for (problem, solution, verdict) in [
                ("bash", "accepted/bash.cpp", "AC"),
                ("bash", "wrong_answer/mod_m.cpp", "WA"),
                ("nim-play", "wrong_answer/xor_taken.rs", "WA"),
                ("nim-play", "time_limit_exceeded/count_up.rs", "TLE"),
                ("fibonacci-play", "wrong_answer/own_cap.rs", "WA"),
            ] {
                let file = format!("solutions/{problem}/{solution}");
                let back = format!("{problem}-back-cms");
                // Up to its first failure: its verdict is all that is asked.
                let run = kit.judge(&["--json", "test", &back, &file, "--fail-fast"]);
                let report: Value = serde_json::from_str(&run.stdout)
                    .unwrap_or_else(|e| panic!("test {file}: {e}: {}", run.stderr));
                assert_eq!(report["verdict"], verdict, "{file}: {report:#}");
            }
        }
        // The solutions a format carries keep their verdicts.
        let mut verified = vec![format!(
            "bash-back-{}",
            format.replace("icpc-legacy", "legacy")
        )];
        if each == Format::Cms {
            verified.push("nim-play-back-cms".to_string());
        }
        // (Each judged to the verdict its folder promises, or `json` fails.)
        for back in verified.iter().filter(|_| each != Format::Hydro) {
            kit.accepted(&["verify", back]);
        }
        step("verified");
        // A format's packages and imported problems take gigabytes (each
        // imported problem keeps its package beside its tests): they go
        // before the next format's, so that the disk holds one format's.
        for back in &backs {
            remove(&kit.path(&format!("problems/{back}")));
            remove(&kit.path(&format!("problems/{}", back.replace("-back-", "-again-"))));
        }
        kit.write("judge.toml", &judge_toml);
    }
}

/// Removes the folder `path`, which must be there.
fn remove(path: &Path) {
    std::fs::remove_dir_all(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}
