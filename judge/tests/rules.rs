//! Every verdict rule, the fail-fast order, scoring and every `verify` rule,
//! judged through the real jury and worker pool on a scripted sandbox: no
//! compiler, no process, no timing noise.
//!
//! The scripted solution `sol` does, on each test, what the test's script
//! says. The scripted checker `check` reads the solution's output: `right`
//! is accepted, `wrong` is a wrong answer, `garbled` a presentation error,
//! `points P` gives P points, `partial K` is partially correct with code K,
//! `fail` makes it fail (exit 3) and `crash` kills it.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use judge::base::pool::Stop;
use judge::core::compile::Compiler;
use judge::core::jury::{Arena, Jury};
use judge::core::verify;
use judge::model::config::Language;
use judge::model::event::Events;
use judge::model::event::Silent;
use judge::model::expect::Expect;
use judge::model::problem::Files;
use judge::model::program::{Program, Protocol};
use judge::model::results::SolutionRun;
use judge::model::results::Test;
use judge::model::results::VerifyRow;
use judge::model::verdict::{Group, Score, Verdict};
use sandbox::Limits;
use sandbox::fake::{FakeCall, FakeRun, FakeSandbox};

fn right() -> FakeRun {
    FakeRun::exit(0).stdout("right\n")
}

fn out(text: &str) -> FakeRun {
    FakeRun::exit(0).stdout(format!("{text}\n"))
}

/// The scripted checker's reaction to an output.
fn checker(call: &FakeCall) -> FakeRun {
    let output = std::fs::read_to_string(&call.spec.argv[2]).unwrap_or_default();
    let words: Vec<&str> = output.split_whitespace().collect();
    match words.as_slice() {
        ["right"] => FakeRun::exit(0).stderr("ok right\n"),
        ["wrong"] => FakeRun::exit(1).stderr("wrong answer expected right, found wrong\n"),
        ["garbled"] => FakeRun::exit(2).stderr("wrong output format expected a word\n"),
        ["points", p] => FakeRun::exit(7).stderr(format!("points {p} some of it\n")),
        ["partial", k] => {
            let k: i32 = k.parse().unwrap();
            FakeRun::exit(16 + k).stderr(format!("partially correct ({k}) part\n"))
        }
        ["fail"] => FakeRun::exit(3).stderr("FAIL the answer does not parse\n"),
        ["crash"] => FakeRun::signal(libc::SIGSEGV),
        _ => FakeRun::exit(2).stderr("wrong output format unexpected output\n"),
    }
}

/// A problem of `n` tests named 01, 02, ... (1 s, 256 MiB, 1 KiB of output).
struct Setup {
    dir: tempfile::TempDir,
    tests: Vec<Test>,
    groups: Vec<Group>,
    checker: Program,
    limits: Limits,
}

fn program(name: &str) -> Program {
    Program {
        name: name.to_string(),
        command: vec![OsString::from(format!("/scripted/{name}"))],
        identity: format!("{name}-identity"),
        protocol: Protocol::Testlib,
        trailing: Vec::new(),
        reads: Vec::new(),
    }
}

impl Setup {
    fn new(n: usize) -> Setup {
        let dir = tempfile::tempdir().unwrap();
        let tests = (1..=n)
            .map(|i| {
                let name = format!("{i:02}");
                Test {
                    input: dir.path().join(format!("tests/{name}.in")),
                    answer: dir.path().join(format!("tests/{name}.ans")),
                    name,
                    group: None,
                    sample: i == 1,
                    targets: Vec::new(),
                    points: None,
                }
            })
            .collect();
        Setup {
            dir,
            tests,
            groups: Vec::new(),
            checker: program("check"),
            limits: Limits::new(Duration::from_millis(1000), 256 << 20, 1 << 10),
        }
    }

    /// Puts tests in groups: `(group, points, how many tests)`, in order.
    fn grouped(mut self, groups: &[(&str, u32, usize)]) -> Setup {
        let mut tests = self.tests.iter_mut();
        for (name, points, count) in groups {
            self.groups.push(Group::all_or_nothing(name, *points));
            for test in tests.by_ref().take(*count) {
                test.group = Some(name.to_string());
            }
        }
        self
    }

    /// Writes each test's input, of the size given (in bytes).
    fn sized(self, sizes: &[usize]) -> Setup {
        std::fs::create_dir_all(self.dir.path().join("tests")).unwrap();
        for (test, size) in self.tests.iter().zip(sizes) {
            std::fs::write(&test.input, "1\n".repeat(size / 2)).unwrap();
        }
        self
    }

    /// Makes test `index` (from 1) aim at `solution`.
    fn aimed(mut self, index: usize, solution: &str) -> Setup {
        self.tests[index - 1].targets.push(solution.to_string());
        self
    }

    fn arena(&self) -> Arena<'_> {
        Arena {
            problem: "p",
            tests: &self.tests,
            checker: &self.checker,
            interactive: false,
            limits: self.limits,
            groups: &self.groups,
            targets_required: true,
            work: PathBuf::from(self.dir.path()).join("runs"),
            identical_agrees: false,
            keep_outputs: false,
            checker_in_process: None,
            files: &STANDARD,
            verdicting: Default::default(),
            graders: None,
            passes: 1,
        }
    }
}

/// Solutions read stdin and write stdout.
static STANDARD: Files = Files {
    input: None,
    output: None,
};

/// A sandbox where `sol` runs as `plan` says per test (tests not listed:
/// `right`) and `check` is the scripted checker.
fn sandbox(plan: &[(&str, FakeRun)]) -> Arc<FakeSandbox> {
    let plan: HashMap<String, FakeRun> = plan
        .iter()
        .map(|(t, r)| (t.to_string(), r.clone()))
        .collect();
    Arc::new(FakeSandbox::new(move |call| match call.program.as_str() {
        "check" => checker(call),
        _ => plan.get(&call.test).cloned().unwrap_or_else(right),
    }))
}

fn judge_with(setup: &Setup, sandbox: &FakeSandbox, jobs: usize, stop: Stop) -> SolutionRun {
    judge_arena(&setup.arena(), sandbox, jobs, stop)
}

/// Judges `sol` in `arena` (a setup's, with a switch turned).
fn judge_arena(arena: &Arena, sandbox: &FakeSandbox, jobs: usize, stop: Stop) -> SolutionRun {
    let jury = Jury::new(sandbox, jobs);
    let mut reporter = Silent;
    let mut events = Events::new(&mut reporter);
    jury.judge(arena, &program("sol"), "sol", stop, &mut events)
        .unwrap()
}

fn judge(setup: &Setup, plan: &[(&str, FakeRun)]) -> SolutionRun {
    judge_with(setup, &sandbox(plan), 2, Stop::Never)
}

/// The verdict and message on the only test.
fn one(plan: FakeRun) -> (Verdict, String) {
    let run = judge(&Setup::new(1), &[("01", plan)]);
    let o = &run.outcomes[0];
    assert_eq!(run.verdict, o.verdict);
    (o.verdict, o.message.clone())
}

#[test]
fn accepted_output_takes_the_checkers_message() {
    assert_eq!(one(right()), (Verdict::Ac, "ok right".to_string()));
}

#[test]
fn the_checker_decides_wa_and_pe() {
    let (v, m) = one(out("wrong"));
    assert_eq!(v, Verdict::Wa);
    assert!(m.contains("expected right, found wrong"), "{m}");
    assert_eq!(one(out("garbled")).0, Verdict::Pe);
}

#[test]
fn tle_by_cpu_time_without_running_the_checker() {
    let sandbox = sandbox(&[("01", right().cpu_ms(1001))]);
    let run = judge_with(&Setup::new(1), &sandbox, 1, Stop::Never);
    assert_eq!(run.verdict, Verdict::Tle);
    assert!(run.outcomes[0].message.contains("1001 ms of CPU time"));
    assert!(sandbox.tests_run_by("check").is_empty());
    // At the limit exactly is still in time.
    assert_eq!(one(right().cpu_ms(1000)).0, Verdict::Ac);
}

/// The kernel's timers (SIGPROF at the limit, SIGXCPU past it) count
/// whole clock ticks: the exact measure may be a few ms short.
#[test]
fn tle_by_the_kernels_cpu_signals() {
    for signal in [libc::SIGPROF, libc::SIGXCPU] {
        let (v, m) = one(FakeRun::signal(signal).cpu_ms(993));
        assert_eq!(v, Verdict::Tle);
        assert_eq!(
            m,
            "993 ms of CPU time, stopped by the kernel past the CPU limit"
        );
    }
}

#[test]
fn tle_by_the_wall_clock() {
    let (v, m) = one(FakeRun::wall_timeout().cpu_ms(3).wall_ms(2000));
    assert_eq!(v, Verdict::Tle);
    assert!(m.contains("wall limit after 2000 ms"), "{m}");
}

#[test]
fn a_wall_timeout_with_cpu_to_spare_is_judged_again_alone() {
    // Starved by a busy machine: alone, it finishes in time.
    let starved = Arc::new(FakeSandbox::new(|call| match call.program.as_str() {
        "check" => checker(call),
        _ if call.alone => right().cpu_ms(300),
        _ => FakeRun::wall_timeout().cpu_ms(300).wall_ms(2000),
    }));
    let run = judge_with(&Setup::new(2), &starved, 2, Stop::Never);
    assert_eq!(run.verdict, Verdict::Ac);
    let alone = starved.calls().iter().filter(|c| c.alone).count();
    assert_eq!(alone, 2);
    // Asleep for good: alone it times out again, and that is the verdict.
    let asleep = Arc::new(FakeSandbox::new(|call| match call.program.as_str() {
        "check" => checker(call),
        _ => FakeRun::wall_timeout().cpu_ms(3).wall_ms(2000),
    }));
    let run = judge_with(&Setup::new(1), &asleep, 1, Stop::Never);
    assert_eq!(run.verdict, Verdict::Tle);
    assert_eq!(asleep.calls().iter().filter(|c| c.alone).count(), 1);
    // Out of CPU time already: no second run.
    let busy = sandbox(&[("01", FakeRun::wall_timeout().cpu_ms(1500).wall_ms(2000))]);
    let run = judge_with(&Setup::new(1), &busy, 1, Stop::Never);
    assert_eq!(run.verdict, Verdict::Tle);
    assert!(busy.calls().iter().all(|c| !c.alone));
}

/// The kernel's CPU timer counts clock ticks: a run it stopped short of
/// the limit by the exact measure is judged again alone.
#[test]
fn a_kernel_stop_short_of_the_limit_is_judged_again_alone() {
    let early = Arc::new(FakeSandbox::new(|call| match call.program.as_str() {
        "check" => checker(call),
        _ if call.alone => right().cpu_ms(300),
        _ => FakeRun::signal(libc::SIGPROF).cpu_ms(930),
    }));
    let run = judge_with(&Setup::new(1), &early, 1, Stop::Never);
    assert_eq!(run.verdict, Verdict::Ac);
    assert_eq!(early.calls().iter().filter(|c| c.alone).count(), 1);
}

#[test]
fn an_output_identical_to_another_solutions_agrees_without_the_checker() {
    let setup = Setup::new(2);
    std::fs::create_dir_all(setup.dir.path().join("tests")).unwrap();
    for test in &setup.tests {
        // What the other solution answered; the checker would reject it.
        std::fs::write(&test.answer, "wrong\n").unwrap();
    }
    let sandbox = sandbox(&[("01", out("wrong")), ("02", out("garbled"))]);
    let mut arena = setup.arena();
    arena.identical_agrees = true;
    let run = judge_arena(&arena, &sandbox, 1, Stop::Never);
    let said: Vec<(Verdict, &str)> = (run.outcomes.iter())
        .map(|o| (o.verdict, o.message.as_str()))
        .collect();
    assert_eq!(
        said,
        [
            (Verdict::Ac, "the same output as the other solution"),
            (Verdict::Pe, "wrong output format expected a word"),
        ]
    );
    // The checker judged only the output that differs.
    let checked: Vec<String> = (sandbox.calls().iter())
        .filter(|c| c.program == "check")
        .map(|c| c.test.clone())
        .collect();
    assert_eq!(checked, ["02"]);
    // Where the answer is the reference's, identical outputs are checked.
    let checked = judge(&setup, &[("01", out("wrong"))]);
    assert_eq!(checked.outcomes[0].verdict, Verdict::Wa);
}

#[test]
fn accepted_outputs_are_deleted_unless_kept() {
    let setup = Setup::new(2);
    let plan = [("02", out("wrong"))];
    let run = judge(&setup, &plan);
    let kept = |run: &SolutionRun| -> Vec<bool> {
        (run.outcomes.iter()).map(|o| o.output.is_file()).collect()
    };
    // The wrong output stays, to be read; the accepted one is gone.
    assert_eq!(kept(&run), [false, true]);
    let mut arena = setup.arena();
    arena.keep_outputs = true;
    let run = judge_arena(&arena, &sandbox(&plan), 2, Stop::Never);
    assert_eq!(kept(&run), [true, true]);
    assert_eq!(
        std::fs::read_to_string(&run.outcomes[0].output).unwrap(),
        "right\n"
    );
}

#[test]
fn a_solution_that_does_not_compile_is_ce_with_the_compilers_words() {
    let setup = Setup::new(2);
    let languages = BTreeMap::from([(
        "c".to_string(),
        Language {
            extensions: vec!["c".to_string()],
            compile: Some(vec![
                "cc".into(),
                "{source}".into(),
                "-o".into(),
                "{binary}".into(),
            ]),
            run: vec!["{binary}".to_string()],
            version: None,
            keep_name: false,
            other: None,
        },
    )]);
    let compiler = Compiler::new(languages, setup.dir.path().join("build"));
    let source = setup.dir.path().join("broken.c");
    std::fs::write(&source, "int main() { return 0 }\n").unwrap();
    let sandbox = FakeSandbox::new(|call| match call.program.as_str() {
        "cc" => FakeRun::exit(1).stderr("main.c:1:24: error: expected ';' before '}' token\n"),
        _ => right(),
    });
    let jury = Jury::new(&sandbox, 2).with_compiler(compiler);
    let mut reporter = Silent;
    let mut events = Events::new(&mut reporter);
    let run = jury
        .judge_source(
            &setup.arena(),
            &source,
            "broken.c",
            Stop::Never,
            &mut events,
        )
        .unwrap();
    assert_eq!(run.verdict, Verdict::Ce);
    assert!(run.outcomes.is_empty(), "no test is judged");
    let said = run.compile_error.unwrap();
    assert!(said.contains("error: expected ';'"), "{said}");
    assert!(sandbox.calls().iter().all(|c| c.program == "cc"));
}

#[test]
fn mle_by_peak_memory() {
    let (v, m) = one(right().memory_mib(257));
    assert_eq!(v, Verdict::Mle);
    assert!(m.contains("257 MiB"), "{m}");
    assert_eq!(one(right().memory_mib(256)).0, Verdict::Ac);
}

#[test]
fn ole_by_size_and_by_signal() {
    assert_eq!(one(out(&"x".repeat(1024))).0, Verdict::Ole);
    assert_eq!(one(FakeRun::signal(libc::SIGXFSZ)).0, Verdict::Ole);
    // 1023 bytes and a newline: exactly the limit.
    assert_eq!(one(out(&"x".repeat(1023))).0, Verdict::Pe);
}

#[test]
fn re_by_exit_code_and_by_signal() {
    let (v, m) = one(FakeRun::exit(3).stdout("right\n"));
    assert_eq!((v, m.as_str()), (Verdict::Re, "exit code 3"));
    let (v, m) = one(FakeRun::signal(libc::SIGSEGV));
    assert_eq!(v, Verdict::Re);
    assert!(m.contains("SIGSEGV") && m.contains("stack overflow"), "{m}");
}

/// One verdict for a run that broke several limits, in the order CMS and
/// DOMjudge check them: time, memory, output, then the exit.
#[test]
fn precedence_between_the_rules() {
    // Time beats memory, output and the exit: by the wall clock ...
    let all = FakeRun::wall_timeout()
        .stdout("x".repeat(2000))
        .memory_mib(900)
        .cpu_ms(5000);
    assert_eq!(one(all).0, Verdict::Tle);
    // ... and by CPU time, the run stopped at its memory cap.
    let capped_late = FakeRun::memory_capped().memory_mib(900).cpu_ms(1001);
    assert_eq!(one(capped_late).0, Verdict::Tle);
    let capped_in_time = FakeRun::memory_capped().memory_mib(900).cpu_ms(999);
    assert_eq!(one(capped_in_time).0, Verdict::Mle);
    // Memory beats output and the exit.
    let mle = FakeRun::signal(libc::SIGXFSZ)
        .stdout("x".repeat(2000))
        .memory_mib(900);
    assert_eq!(one(mle).0, Verdict::Mle);
    // Output beats the exit.
    let ole = FakeRun::signal(libc::SIGSEGV).stdout("x".repeat(2000));
    assert_eq!(one(ole).0, Verdict::Ole);
    // Time beats a crash.
    let tle = FakeRun::signal(libc::SIGSEGV).cpu_ms(5000);
    assert_eq!(one(tle).0, Verdict::Tle);
    // A crash beats whatever the output says.
    assert_eq!(one(FakeRun::exit(1).stdout("right\n")).0, Verdict::Re);
}

#[test]
fn the_kits_faults_are_fail() {
    let (v, m) = one(out("fail"));
    assert_eq!(
        (v, m.as_str()),
        (Verdict::Fail, "FAIL the answer does not parse")
    );
    let (v, m) = one(out("crash"));
    assert_eq!(v, Verdict::Fail);
    assert!(m.contains("checker") && m.contains("SIGSEGV"), "{m}");
    let (v, m) = one(FakeRun::unstartable());
    assert_eq!(v, Verdict::Fail);
    assert!(m.contains("cannot run the solution"), "{m}");
}

#[test]
fn points_and_partial_scores_are_kept() {
    let setup = Setup::new(3);
    let run = judge(
        &setup,
        &[
            ("01", out("points 12.5")),
            ("02", out("points 30")),
            ("03", out("partial 4")),
        ],
    );
    let o = &run.outcomes;
    assert_eq!((o[0].verdict, o[0].points), (Verdict::Ac, Some(12.5)));
    assert_eq!((o[2].verdict, o[2].partial), (Verdict::Pc, Some(4)));
    assert_eq!(run.verdict, Verdict::Pc);
    // Like a group score: the points of the accepted tests.
    assert_eq!(run.score, Some(Score(42.5)));
    assert_eq!(run.max_score, None);
}

#[test]
fn the_first_failure_in_test_order_is_the_verdict() {
    // Test 4 fails first in time (it is quick), test 2 first in order.
    let plan = [("02", out("wrong").cpu_ms(900)), ("04", FakeRun::exit(1))];
    for jobs in [1, 2, 3] {
        let run = judge_with(&Setup::new(5), &sandbox(&plan), jobs, Stop::Never);
        assert_eq!(run.verdict, Verdict::Wa, "jobs {jobs}");
        assert_eq!(run.outcomes.len(), 5);
    }
}

#[test]
fn fail_fast_stops_after_the_first_failure_in_order() {
    let none = BTreeSet::new();
    let plan = [("03", out("wrong")), ("05", FakeRun::exit(1))];
    for jobs in [1, 2, 4] {
        let sandbox = sandbox(&plan);
        let stop = Stop::AtFirstFailure { except: &none };
        let run = judge_with(&Setup::new(8), &sandbox, jobs, stop);
        let names: Vec<&str> = run.outcomes.iter().map(|o| o.name.as_str()).collect();
        assert_eq!(names, ["01", "02", "03"], "jobs {jobs}");
        assert_eq!(run.verdict, Verdict::Wa);
        if jobs == 1 {
            assert_eq!(sandbox.tests_run_by("sol"), ["01", "02", "03"]);
        }
    }
}

#[test]
fn a_group_scores_only_if_all_its_tests_pass() {
    let setup = || Setup::new(5).grouped(&[("small", 30, 2), ("large", 70, 3)]);
    let run = judge(&setup(), &[]);
    assert_eq!(
        (run.score, run.max_score),
        (Some(Score(100.0)), Some(Score(100.0)))
    );
    let run = judge(&setup(), &[("04", right().cpu_ms(1500))]);
    assert_eq!((run.verdict, run.score), (Verdict::Tle, Some(Score(30.0))));
    let run = judge(&setup(), &[("01", out("wrong")), ("05", out("wrong"))]);
    assert_eq!(run.score, Some(Score(0.0)));
    // A group whose tests were not all judged (fail-fast) earns nothing.
    let none = BTreeSet::new();
    let stop = Stop::AtFirstFailure { except: &none };
    let run = judge_with(&setup(), &sandbox(&[("02", out("wrong"))]), 2, stop);
    assert_eq!(run.score, Some(Score(0.0)));
}

/// Judges `sol` as `verify` would for a solution of the folder `expect`,
/// with `solution` its path under the solutions folder.
fn verify(setup: &Setup, expect: Expect, solution: &str, plan: &[(&str, FakeRun)]) -> VerifyRow {
    let sandbox = sandbox(plan);
    let aimed: BTreeSet<usize> = (setup.tests.iter().enumerate())
        .filter(|(_, t)| t.targets.iter().any(|s| s == solution))
        .map(|(i, _)| i)
        .collect();
    let sizes = verify::input_sizes(&setup.tests);
    let run = judge_with(setup, &sandbox, 2, expect.stop(&aimed, &sizes));
    expect.verify("p", true, solution, &setup.tests, &run)
}

const WA: Expect = Expect::Verdict(Verdict::Wa);

#[test]
fn verify_accepted_needs_every_test() {
    let ok = verify(
        &Setup::new(4),
        Expect::Verdict(Verdict::Ac),
        "accepted/a.rs",
        &[],
    );
    assert!(ok.ok && ok.problems.is_empty(), "{ok:?}");
    assert_eq!((ok.judged, ok.tests), (4, 4));
    let late = verify(
        &Setup::new(4),
        Expect::Verdict(Verdict::Ac),
        "accepted/a.rs",
        &[("04", out("wrong"))],
    );
    assert!(!late.ok);
    assert_eq!(late.problems, ["expected AC"]);
    assert_eq!(late.failed_test.as_deref(), Some("04"));
}

#[test]
fn verify_wrong_solutions_by_folder_verdict() {
    let setup = Setup::new(4).aimed(2, "wrong_answer/w.rs");
    let row = verify(&setup, WA, "wrong_answer/w.rs", &[("02", out("wrong"))]);
    assert!(row.ok, "{row:?}");
    assert_eq!(row.aimed.len(), 1);
    // A wrong answer folder holding a TLE solution breaks its promise.
    let tle = verify(
        &setup,
        WA,
        "wrong_answer/w.rs",
        &[("02", right().cpu_ms(3000))],
    );
    assert!(!tle.ok);
    assert!(tle.problems.contains(&"expected WA".to_string()), "{tle:?}");
    let setup = Setup::new(2).aimed(1, "time_limit_exceeded/slow.rs");
    let slow = Expect::Verdict(Verdict::Tle);
    let row = verify(
        &setup,
        slow,
        "time_limit_exceeded/slow.rs",
        &[("01", FakeRun::wall_timeout())],
    );
    assert!(row.ok, "{row:?}");
}

#[test]
fn verify_needs_a_test_aimed_at_each_wrong_solution() {
    let row = verify(
        &Setup::new(3),
        WA,
        "wrong_answer/w.rs",
        &[("01", out("wrong"))],
    );
    assert!(!row.ok);
    assert_eq!(
        row.problems,
        ["no test aims at it (`targets` in problem.toml)"]
    );
    // An imported problem (`targets_required = false`) promises the
    // verdict only.
    let sandbox = sandbox(&[("01", out("wrong"))]);
    let setup = Setup::new(3);
    let run = judge_with(&setup, &sandbox, 2, WA.stop(&BTreeSet::new(), &[]));
    let row = WA.verify("p", false, "wrong_answer/w.rs", &setup.tests, &run);
    assert!(row.ok, "{row:?}");
}

#[test]
fn verify_judges_aimed_tests_past_the_first_failure() {
    // It fails on test 1 (so fail-fast stops there), but test 5 aims at it.
    let setup = Setup::new(6).aimed(5, "wrong_answer/w.rs");
    let plan = [("01", out("wrong")), ("05", out("wrong"))];
    let row = verify(&setup, WA, "wrong_answer/w.rs", &plan);
    assert!(row.ok, "{row:?}");
    assert_eq!(row.judged, 2);
    assert_eq!(row.aimed[0].test, "05");
    // The aimed test must fail with the folder's verdict.
    let row = verify(&setup, WA, "wrong_answer/w.rs", &plan[..1]);
    assert!(!row.ok);
    assert_eq!(row.problems, ["test 05 aimed at it gave AC"]);
    let plan = [("01", out("wrong")), ("05", FakeRun::exit(2))];
    let row = verify(&setup, WA, "wrong_answer/w.rs", &plan);
    assert_eq!(row.problems, ["test 05 aimed at it gave RE"]);
}

#[test]
fn verify_brute_forces_up_to_their_first_failure_then_on_smaller_tests() {
    let brute = "brute_force/b.rs";
    let setup = || Setup::new(6).sized(&[10, 20, 30, 40, 30, 6]);
    let gives_up = [
        ("02", right().cpu_ms(5000)),
        ("03", right().memory_mib(1000)),
        ("04", FakeRun::exit(1)),
        ("05", FakeRun::exit(1)),
    ];
    let row = verify(&setup(), Expect::BruteForce, brute, &gives_up);
    assert!(row.ok, "{row:?}");
    assert_eq!(row.verdict, Verdict::Tle);
    // Out of time on 02 (20 bytes): 03 to 05 are as big, so not judged.
    let judged: Vec<&str> = row.results.iter().map(|o| o.name.as_str()).collect();
    assert_eq!(judged, ["01", "02", "06"]);
    assert_eq!((row.judged, row.finished), (3, 2));
    // A wrong answer anywhere it finishes, even after giving up elsewhere.
    let mut plan = gives_up.to_vec();
    plan.push(("06", out("wrong")));
    let row = verify(&setup(), Expect::BruteForce, brute, &plan);
    assert!(!row.ok);
    assert_eq!(row.problems, ["test 06 gave WA"]);
    // Without a failure, every test.
    let row = verify(&setup(), Expect::BruteForce, brute, &[]);
    assert_eq!((row.judged, row.finished), (6, 6));
    // It must finish the first test.
    let row = verify(
        &Setup::new(2),
        Expect::BruteForce,
        brute,
        &[("01", FakeRun::exit(1))],
    );
    assert_eq!(row.problems, ["the first test gave RE"]);
    // A fault of the kit is never fine.
    let row = verify(
        &Setup::new(2),
        Expect::BruteForce,
        brute,
        &[("02", out("fail"))],
    );
    assert_eq!(row.problems, ["test 02 gave FAIL"]);
}

/// A problem whose checker speaks another protocol.
fn judge_in(
    protocol: Protocol,
    checker: impl Fn(&FakeCall) -> FakeRun + Send + Sync + 'static,
) -> SolutionRun {
    let mut setup = Setup::new(3);
    setup.checker.protocol = protocol;
    let sandbox = FakeSandbox::new(move |call| match call.program.as_str() {
        "check" => checker(call),
        _ => right(),
    });
    judge_with(&setup, &sandbox, 1, Stop::Never)
}

#[test]
fn kattis_output_validators_are_called_and_read_their_way() {
    let run = judge_in(Protocol::Kattis, |call| {
        // input answer feedback_dir, the output on stdin.
        let args: Vec<String> = call
            .spec
            .argv
            .iter()
            .map(|a| a.to_string_lossy().into())
            .collect();
        assert!(
            args[1].ends_with(".in") && args[2].ends_with(".ans"),
            "{args:?}"
        );
        assert!(Path::new(&args[3]).is_dir(), "{args:?}");
        assert!(
            call.spec
                .stdin
                .as_ref()
                .unwrap()
                .ends_with(format!("{}.out", call.test))
        );
        match call.test.as_str() {
            "01" => FakeRun::exit(42).file_in_arg(3, "judgemessage.txt", "fine\n"),
            "02" => FakeRun::exit(43).file_in_arg(3, "judgemessage.txt", "wrong answer no\n"),
            _ => FakeRun::exit(0),
        }
    });
    let o = &run.outcomes;
    assert_eq!((o[0].verdict, o[0].message.as_str()), (Verdict::Ac, "fine"));
    assert_eq!(
        (o[1].verdict, o[1].message.as_str()),
        (Verdict::Wa, "wrong answer no")
    );
    assert_eq!(o[2].verdict, Verdict::Fail);
}

#[test]
fn cms_comparators_are_called_and_read_their_way() {
    let run = judge_in(Protocol::Cms, |call| {
        // input correct_output contestant_output.
        let args: Vec<String> = call
            .spec
            .argv
            .iter()
            .map(|a| a.to_string_lossy().into())
            .collect();
        assert!(
            args[2].ends_with(".ans") && args[3].ends_with(".out"),
            "{args:?}"
        );
        match call.test.as_str() {
            "01" => FakeRun::exit(0)
                .stdout("1.0\n")
                .stderr("translate:success\n"),
            "02" => FakeRun::exit(0).stdout("0.0\n").stderr("wrong answer no\n"),
            _ => FakeRun::exit(3).stdout("0.0\n"),
        }
    });
    let o = &run.outcomes;
    assert_eq!(
        (o[0].verdict, o[0].message.as_str()),
        (Verdict::Ac, "translate:success")
    );
    assert_eq!(o[1].verdict, Verdict::Wa);
    assert_eq!(o[2].verdict, Verdict::Fail);
}
