//! Every rule that gives a verdict from a run: how a run that did not end
//! normally is classified, when a timed-out run is run again alone, what a
//! checker's, a Kattis validator's or a CMS comparator's answer means, and
//! an interaction's verdict. A new rule of this kind goes here; the rules
//! on verdicts alone (overall, scores) are the model's
//! (`model/verdict.rs`).

use sandbox::{Exit, Limits, RunOutcome, signal_name};

use crate::model::verdict::Verdict;

/// The verdict of a solution's run that did not end normally, or `None`
/// when its output is to be checked.
///
/// A run that broke several limits gets one verdict, as CMS and DOMjudge
/// give it: time first (TLE, by CPU time or the wall clock: isolate's
/// `TO` status comes before its memory flag, and DOMjudge's `timelimit`
/// before every other result), then memory (MLE: CMS's memory limit comes
/// before a signal; DOMjudge calls it a run error, checked before its
/// output limit), then output size (OLE), then how the program exited
/// (RE). A limit is broken by what was measured, never by the order in
/// which the sandbox stopped the run: a run stopped at the memory cap that
/// had also used more CPU time than its limit is TLE.
pub fn classify(run: &RunOutcome, limits: &Limits) -> Option<(Verdict, String)> {
    if run.wall_timeout {
        return Some((
            Verdict::Tle,
            format!(
                "{} ms of CPU time; killed at the wall limit after {} ms",
                run.cpu.as_millis(),
                run.wall.as_millis()
            ),
        ));
    }
    // The kernel stops a program past its limit (`sandbox::rlimits`),
    // counting clock ticks, the measure is exact: it may rarely show less
    // than the limit (a program that sends itself SIGPROF or SIGXCPU is
    // taken for one stopped).
    let by_kernel = matches!(run.exit, Exit::Signal(libc::SIGPROF | libc::SIGXCPU));
    if run.cpu > limits.time || by_kernel {
        let how = match by_kernel {
            true => ", stopped by the kernel past the CPU limit",
            false => "",
        };
        return Some((
            Verdict::Tle,
            format!("{} ms of CPU time{how}", run.cpu.as_millis()),
        ));
    }
    if run.memory_capped {
        return Some((
            Verdict::Mle,
            format!(
                "stopped at the memory cap, over the limit of {} MiB",
                limits.memory_bytes >> 20
            ),
        ));
    }
    if run.peak_memory_bytes > limits.memory_bytes {
        return Some((
            Verdict::Mle,
            format!(
                "peak memory {} MiB over the limit of {} MiB",
                run.peak_memory_bytes >> 20,
                limits.memory_bytes >> 20
            ),
        ));
    }
    if run.exit == Exit::Signal(libc::SIGXFSZ) || run.output_bytes > limits.output_bytes {
        return Some((
            Verdict::Ole,
            format!("output exceeds {} bytes", limits.output_bytes),
        ));
    }
    match run.exit {
        Exit::Code(0) => None,
        Exit::Code(code) => Some((Verdict::Re, format!("exit code {code}"))),
        Exit::Signal(signal) => {
            let hint = if signal == libc::SIGSEGV {
                " (bad memory access or stack overflow)"
            } else {
                ""
            };
            Some((
                Verdict::Re,
                format!("killed by {}{hint}", signal_name(signal)),
            ))
        }
    }
}

/// How a program the kit runs for itself (a generator, validator,
/// checker, interactor or compiler) was stopped at one of its limits,
/// said as such: `{what} was stopped at its limit (OLE: output exceeds …
/// bytes)`; None when it ended by itself, whatever its exit.
pub fn stopped_at_limit(what: &str, run: &RunOutcome, limits: &Limits) -> Option<String> {
    match classify(run, limits)? {
        (verdict @ (Verdict::Ole | Verdict::Mle | Verdict::Tle), why) => Some(format!(
            "{what} was stopped at its limit ({verdict}: {why})"
        )),
        _ => None,
    }
}

/// Whether a run killed at the wall limit is judged again, alone: with CPU
/// time to spare, the machine may have been too busy to give it its time,
/// and a second run with no other beside it decides. So is one the
/// kernel's CPU timer stopped short of the limit by the exact measure: the
/// timer counts clock ticks, which a busy machine makes run ahead.
pub fn rerun_alone(run: &RunOutcome, limits: &Limits) -> bool {
    let by_kernel = matches!(run.exit, Exit::Signal(libc::SIGPROF | libc::SIGXCPU));
    (run.wall_timeout || by_kernel) && run.cpu < limits.time
}

/// An output identical byte for byte to another solution's answer agrees
/// with it, without the checker: comparing two solutions (`stress`),
/// identical outputs agree whatever a checker would say. (A test's answer
/// made by the reference is always checked.)
pub fn agrees_identically() -> Checked {
    Checked {
        verdict: Verdict::Ac,
        message: "the same output as the other solution".to_string(),
        points: None,
        partial: None,
    }
}

/// A run that ended well but wrote no output file where the problem reads
/// its answer from one: a wrong answer, as CMS and Polygon judge it.
pub fn no_output_file(why: String) -> Checked {
    Checked {
        verdict: Verdict::Wa,
        message: why,
        points: None,
        partial: None,
    }
}

/// The verdict of an interactive run: the solution's run, the bytes it
/// wrote in all (through the judge, which bounds them), and what the
/// interactor said, read in its protocol (as a testlib checker's exit code
/// and message, or as a Kattis validator's). The interactor decides, except
/// that
/// * an interactor that crashed, ran out of its limits or exited with FAIL
///   is the kit's fault (FAIL), whatever the solution did;
/// * a solution that wrote too much, ran out of memory or time (CPU, or
///   the wall clock while waiting for input that never came) gets OLE, MLE
///   or TLE;
/// * a solution that crashed or ran out of time gets RE or TLE, unless the
///   interactor rejected it (WA, PE) and `jury_ended_first` (its output
///   ended before the solution's): a crash after the jury stopped talking
///   (a read past the end), or a wait for more, is not the cause. The
///   ICPC judges (problemtools, DOMjudge) also give the rejection first.
pub fn from_interaction(
    solution: &RunOutcome,
    written: u64,
    limits: &Limits,
    jury: Checked,
    jury_ended_first: bool,
) -> Checked {
    let verdict = |verdict, message| Checked {
        verdict,
        message,
        points: None,
        partial: None,
    };
    if jury.verdict == Verdict::Fail {
        let why = format!("the interactor failed: {}", jury.message);
        return verdict(Verdict::Fail, why);
    }
    if written > limits.output_bytes {
        return verdict(
            Verdict::Ole,
            format!("output exceeds {} bytes", limits.output_bytes),
        );
    }
    match classify(solution, limits) {
        Some((Verdict::Re | Verdict::Tle, _))
            if matches!(jury.verdict, Verdict::Wa | Verdict::Pe) && jury_ended_first =>
        {
            jury
        }
        Some((Verdict::Tle, _)) if solution.idle => verdict(
            Verdict::Tle,
            format!(
                "idle: {} ms of CPU time, stopped after {} ms, nothing having passed either \
                 way for {} s with neither side running, while waiting (for input the \
                 interactor never sent, or did it not flush its output?); the interactor \
                 said: {}",
                solution.cpu.as_millis(),
                solution.wall.as_millis(),
                sandbox::exchange::IDLE_LIMIT.as_secs(),
                jury.message
            ),
        ),
        Some((Verdict::Tle, m)) => verdict(
            Verdict::Tle,
            format!("{m}; the interactor said: {}", jury.message),
        ),
        Some((v, m)) => verdict(v, m),
        None => jury,
    }
}

/// What a checker said about one output.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    pub verdict: Verdict,
    /// Its message (stderr), trimmed, or what went wrong with it.
    pub message: String,
    /// The points of a scoring checker (`quitp`, exit code 7).
    pub points: Option<f64>,
    /// The code of a partially correct answer (`_pc(k)`).
    pub partial: Option<u32>,
}

/// What white space of an accepted `output` differs from the `answer`'s,
/// when their tokens are the same: a lenient checker (testlib's, DOMjudge's
/// default) accepts it, a judge that compares exactly would not, and a
/// coach wants to know. `None` where they are the same to the byte, or
/// where the tokens differ (another answer the checker took).
pub fn spacing_note(output: &[u8], answer: &[u8]) -> Option<String> {
    fn tokens(b: &[u8]) -> impl Iterator<Item = &[u8]> {
        b.split(u8::is_ascii_whitespace).filter(|t| !t.is_empty())
    }
    if output == answer || !tokens(output).eq(tokens(answer)) {
        return None;
    }
    let crlf = |b: &[u8]| b.windows(2).any(|w| w == b"\r\n");
    // The lines of a text, without their ends (`\n`, `\r\n`).
    fn lines(b: &[u8]) -> impl Iterator<Item = &[u8]> {
        let body = b.strip_suffix(b"\n").unwrap_or(b);
        (body.split(|c| *c == b'\n')).map(|l| l.strip_suffix(b"\r").unwrap_or(l))
    }
    let blank = |b: &[u8]| lines(b).filter(|l| l.trim_ascii().is_empty()).count();
    let trailing = |b: &[u8]| {
        lines(b).any(|l| !l.trim_ascii().is_empty() && l.trim_ascii_end().len() < l.len())
    };
    let mut found = Vec::new();
    if crlf(output) && !crlf(answer) {
        found.push("Windows line ends (CRLF)".to_string());
    }
    if !output.is_empty() && !output.ends_with(b"\n") && answer.ends_with(b"\n") {
        found.push("no newline at the end".to_string());
    }
    let extra = blank(output).saturating_sub(blank(answer));
    if extra > 0 {
        found.push(format!("{extra} blank line(s) the answer has not"));
    }
    if trailing(output) && !trailing(answer) {
        found.push("spaces at line ends".to_string());
    }
    if found.is_empty() {
        found.push("other spacing or line breaks".to_string());
    }
    Some(format!(
        "white space unlike the answer's: {}",
        found.join(", ")
    ))
}

/// The checker's exit code in the testlib protocol: 0 OK, 1 WA, 2 PE,
/// 3 FAIL, 7 points (the value leads the message: `points 12.5 ...`),
/// 16 + k partially correct with code k. testlib itself exits `_pc(k)` with
/// code k and the message `partially correct (k) ...`, which is read the
/// same way. Anything else — another code, a signal, a timeout — is the
/// kit's fault.
pub fn from_checker(run: &RunOutcome, message: &str) -> Checked {
    let message = message.trim().to_string();
    let checked = |verdict, points, partial| Checked {
        verdict,
        message: message.clone(),
        points,
        partial,
    };
    if run.wall_timeout {
        return Checked {
            verdict: Verdict::Fail,
            message: format!(
                "the checker was killed at the wall limit after {} ms",
                run.wall.as_millis()
            ),
            points: None,
            partial: None,
        };
    }
    let code = match run.exit {
        Exit::Code(code) => code,
        Exit::Signal(_) => -1,
    };
    if let Some(k) = testlib_partial(&message).filter(|&k| k as i32 == code) {
        return checked(Verdict::Pc, None, Some(k));
    }
    match code {
        0 => checked(Verdict::Ac, None, None),
        1 => checked(Verdict::Wa, None, None),
        2 => checked(Verdict::Pe, None, None),
        7 => checked(Verdict::Ac, points_of(&message), None),
        16.. => checked(Verdict::Pc, None, Some(code as u32 - 16)),
        _ => {
            let how = match run.exit {
                Exit::Code(3) => "the checker failed".to_string(),
                exit => format!("the checker ended with {}", exit.describe()),
            };
            let message = if message.is_empty() {
                how
            } else if code == 3 {
                message.clone()
            } else {
                format!("{how}: {message}")
            };
            Checked {
                verdict: Verdict::Fail,
                message,
                points: None,
                partial: None,
            }
        }
    }
}

/// What a Kattis output validator said: exit 42 accepted (with the points
/// of `score.txt`, if it wrote one), 43 rejected (a wrong answer: the
/// protocol has no presentation error), anything else the kit's fault.
/// `message` is its `judgemessage.txt`.
pub fn from_kattis(run: &RunOutcome, message: &str, score: Option<&str>) -> Checked {
    let message = message.trim().to_string();
    let verdict = match (run.wall_timeout, run.exit) {
        (false, Exit::Code(42)) => Verdict::Ac,
        (false, Exit::Code(43)) => Verdict::Wa,
        _ => Verdict::Fail,
    };
    let message = if verdict == Verdict::Fail {
        let how = format!("the output validator ended with {}", run.describe());
        if message.is_empty() {
            how
        } else {
            format!("{how}: {message}")
        }
    } else {
        message
    };
    Checked {
        verdict,
        message,
        points: score
            .and_then(|s| s.trim().parse::<f64>().ok())
            .filter(|p| verdict == Verdict::Ac && p.is_finite()),
        partial: None,
    }
}

/// What a CMS comparator said: the fraction of the points on the first line
/// of stdout — 1 accepted, 0 a wrong answer, in between partially correct
/// with that fraction as points — and its message on the first line of
/// stderr. It must exit 0 with a fraction in [0, 1]; anything else is the
/// kit's fault.
pub fn from_cms(run: &RunOutcome, stdout: &str, stderr: &str) -> Checked {
    let message = stderr.lines().next().unwrap_or("").trim().to_string();
    let fraction = stdout
        .lines()
        .next()
        .and_then(|l| l.trim().parse::<f64>().ok())
        .filter(|f| (0.0..=1.0).contains(f));
    match (run.is_success(), fraction) {
        (true, Some(1.0)) => Checked {
            verdict: Verdict::Ac,
            message,
            points: None,
            partial: None,
        },
        (true, Some(0.0)) => Checked {
            verdict: Verdict::Wa,
            message,
            points: None,
            partial: None,
        },
        (true, Some(f)) => Checked {
            verdict: Verdict::Pc,
            message,
            points: Some(f),
            partial: None,
        },
        (true, None) => Checked {
            verdict: Verdict::Fail,
            message: format!("the checker wrote no score in [0, 1] on stdout: {stdout:?}"),
            points: None,
            partial: None,
        },
        (false, _) => Checked {
            verdict: Verdict::Fail,
            message: format!("the checker ended with {}: {message}", run.describe()),
            points: None,
            partial: None,
        },
    }
}

/// The value of `points <value> ...`, testlib's message for points.
fn points_of(message: &str) -> Option<f64> {
    let value = message.strip_prefix("points ")?.split_whitespace().next()?;
    value.parse::<f64>().ok().filter(|p| p.is_finite())
}

/// The k of `partially correct (k) ...`, testlib's message for `_pc(k)`.
fn testlib_partial(message: &str) -> Option<u32> {
    let rest = message.strip_prefix("partially correct (")?;
    rest[..rest.find(')')?].parse().ok()
}

/// A multi-pass checker that accepted the last pass the problem allows
/// and asked for another (`nextpass.in`): the jury's fault (2025-09: a
/// judge error).
pub fn too_many_passes(checker: &str, passes: u32) -> Checked {
    Checked {
        verdict: Verdict::Fail,
        message: format!(
            "the checker {checker} asked for pass {} (nextpass.in), and the problem allows {passes} \
             (validation_passes)",
            passes + 1
        ),
        points: None,
        partial: None,
    }
}

/// A multi-pass checker that rejected an output and still wrote
/// `nextpass.in`: the jury's fault (2025-09: a judge error).
pub fn next_pass_of_a_rejection(checker: &str, rejected: Checked) -> Checked {
    Checked {
        verdict: Verdict::Fail,
        message: format!(
            "the checker {checker} rejected the output ({} {}) and wrote nextpass.in, which \
             only an accepted pass may",
            rejected.verdict, rejected.message
        ),
        points: None,
        partial: None,
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn run(exit: Exit) -> RunOutcome {
        RunOutcome {
            exit,
            cpu: Duration::from_millis(10),
            wall: Duration::from_millis(12),
            peak_memory_bytes: 1 << 20,
            wall_timeout: false,
            idle: false,
            output_bytes: 2,
            memory_capped: false,
        }
    }

    fn limits() -> Limits {
        Limits::new(Duration::from_millis(1000), 64 << 20, 1 << 20)
    }

    #[test]
    fn an_accepted_outputs_white_space_is_named_where_it_is_not_the_answers() {
        let note = |output: &str| spacing_note(output.as_bytes(), b"First\nSecond\n");
        assert_eq!(note("First\nSecond\n"), None, "the same to the byte");
        assert_eq!(
            note("Second\nFirst\n"),
            None,
            "other tokens: another answer"
        );
        let said = |output: &str| note(output).unwrap();
        assert!(said("First\r\nSecond\r\n").ends_with(": Windows line ends (CRLF)"));
        assert!(said("First\nSecond").ends_with(": no newline at the end"));
        assert!(said("First\n\nSecond\n\n").ends_with(": 2 blank line(s) the answer has not"));
        assert!(said("First \nSecond\n").ends_with(": spaces at line ends"));
        assert!(said("First Second\n").ends_with(": other spacing or line breaks"));
        assert_eq!(
            said("First\r\nSecond"),
            "white space unlike the answer's: Windows line ends (CRLF), no newline at the end"
        );
    }

    #[test]
    fn an_interaction_is_decided_by_the_interactor_within_the_rules() {
        let ok = run(Exit::Code(0));
        let limits = limits();
        let decide = |solution: &RunOutcome, written, jury: &RunOutcome, message| {
            let jury = from_checker(jury, message);
            from_interaction(solution, written, &limits, jury, true).verdict
        };
        assert_eq!(decide(&ok, 10, &ok, "ok 3 games"), Verdict::Ac);
        assert_eq!(
            decide(&ok, 10, &run(Exit::Code(1)), "game 2: lost"),
            Verdict::Wa
        );
        assert_eq!(
            decide(&ok, 10, &run(Exit::Code(2)), "bad line"),
            Verdict::Pe
        );
        // The jury's faults are never the solution's.
        for jury in [
            run(Exit::Code(3)),
            run(Exit::Signal(libc::SIGSEGV)),
            run(Exit::Code(9)),
        ] {
            assert_eq!(decide(&run(Exit::Code(1)), 10, &jury, ""), Verdict::Fail);
        }
        let stuck = RunOutcome {
            wall_timeout: true,
            ..run(Exit::Signal(libc::SIGKILL))
        };
        assert_eq!(decide(&ok, 10, &stuck, ""), Verdict::Fail);
        // The solution's limits come before the jury's word.
        let idle = RunOutcome {
            wall_timeout: true,
            ..run(Exit::Signal(libc::SIGKILL))
        };
        let jury = from_checker(&run(Exit::Code(2)), "unexpected end");
        // Killed at the wall limit, not idle: the message says no more.
        let checked = from_interaction(&idle, 0, &limits, jury.clone(), false);
        assert_eq!(checked.verdict, Verdict::Tle);
        assert!(
            !checked.message.starts_with("idle: "),
            "{}",
            checked.message
        );
        assert!(checked.message.contains("killed at the wall limit"));
        assert!(
            checked
                .message
                .ends_with("the interactor said: unexpected end")
        );
        let stopped_idle = RunOutcome {
            idle: true,
            ..idle.clone()
        };
        let checked = from_interaction(&stopped_idle, 0, &limits, jury, false);
        assert_eq!(checked.verdict, Verdict::Tle);
        assert!(
            checked
                .message
                .contains("nothing having passed either way for 1 s"),
            "{}",
            checked.message
        );
        assert_eq!(decide(&ok, 2 << 20, &ok, ""), Verdict::Ole);
        // A crash after the jury rejected: the jury's verdict; before: RE.
        let crashed = run(Exit::Signal(libc::SIGABRT));
        assert_eq!(
            decide(&crashed, 10, &run(Exit::Code(1)), "lost"),
            Verdict::Wa
        );
        assert_eq!(decide(&crashed, 10, &ok, "ok"), Verdict::Re);
        // Waiting on, or spinning, after the jury rejected: its verdict.
        let spun = RunOutcome {
            cpu: Duration::from_secs(2),
            ..run(Exit::Signal(libc::SIGKILL))
        };
        for late in [&idle, &spun] {
            assert_eq!(decide(late, 10, &run(Exit::Code(1)), "lost"), Verdict::Wa);
            assert_eq!(decide(late, 10, &ok, "ok"), Verdict::Tle);
        }
        // The solution crashed first: the jury's complaint is its effect.
        let jury = from_checker(&run(Exit::Code(2)), "unexpected end");
        let first = from_interaction(&crashed, 10, &limits, jury, false);
        assert_eq!(first.verdict, Verdict::Re);
    }

    /// Judged again alone: a wall timeout with CPU time to spare, and a
    /// stop by the kernel's CPU timer short of the limit by the exact
    /// measure; never a run past the limit, nor one that ended by itself.
    #[test]
    fn runs_stopped_short_of_the_cpu_limit_are_judged_again_alone() {
        let at = |exit, wall_timeout, ms| {
            let mut r = run(exit);
            r.wall_timeout = wall_timeout;
            r.cpu = Duration::from_millis(ms);
            rerun_alone(&r, &limits())
        };
        assert!(at(Exit::Code(0), true, 10));
        assert!(at(Exit::Signal(libc::SIGPROF), false, 930));
        assert!(at(Exit::Signal(libc::SIGXCPU), false, 930));
        assert!(!at(Exit::Signal(libc::SIGPROF), false, 1100));
        assert!(!at(Exit::Code(0), true, 1100));
        assert!(!at(Exit::Signal(libc::SIGSEGV), false, 10));
        assert!(!at(Exit::Code(0), false, 10));
    }

    #[test]
    fn a_normal_end_is_left_to_the_checker() {
        assert_eq!(classify(&run(Exit::Code(0)), &limits()), None);
    }

    #[test]
    fn precedence_time_then_memory_then_output_then_exit() {
        let mut r = run(Exit::Signal(libc::SIGXFSZ));
        r.peak_memory_bytes = 1 << 30;
        r.wall_timeout = true;
        assert_eq!(classify(&r, &limits()).unwrap().0, Verdict::Tle);
        r.wall_timeout = false;
        assert_eq!(classify(&r, &limits()).unwrap().0, Verdict::Mle);
        r.peak_memory_bytes = 1 << 20;
        assert_eq!(classify(&r, &limits()).unwrap().0, Verdict::Ole);
        r.exit = Exit::Signal(libc::SIGPROF);
        assert_eq!(classify(&r, &limits()).unwrap().0, Verdict::Tle);
        let mut r = run(Exit::Code(3));
        r.cpu = Duration::from_millis(1001);
        assert_eq!(classify(&r, &limits()).unwrap().0, Verdict::Tle);
    }

    #[test]
    fn checker_exit_codes() {
        let ok = run(Exit::Code(0));
        let code = |c| run(Exit::Code(c));
        assert_eq!(from_checker(&ok, " ok 3 \n").verdict, Verdict::Ac);
        assert_eq!(from_checker(&ok, " ok 3 \n").message, "ok 3");
        assert_eq!(from_checker(&code(1), "").verdict, Verdict::Wa);
        assert_eq!(from_checker(&code(2), "").verdict, Verdict::Pe);
        let fail = from_checker(&code(3), "FAIL bad answer");
        assert_eq!(
            (fail.verdict, fail.message.as_str()),
            (Verdict::Fail, "FAIL bad answer")
        );
        let points = from_checker(&code(7), "points 12.5 half of it");
        assert_eq!((points.verdict, points.points), (Verdict::Ac, Some(12.5)));
        assert_eq!(from_checker(&code(7), "points points_info=a").points, None);
        let pc = from_checker(&code(21), "partially correct (5) some");
        assert_eq!((pc.verdict, pc.partial), (Verdict::Pc, Some(5)));
        // testlib's own `_pc(k)` exits with k.
        let pc = from_checker(&code(1), "partially correct (1) some");
        assert_eq!((pc.verdict, pc.partial), (Verdict::Pc, Some(1)));
        let odd = from_checker(&code(5), "");
        assert_eq!(odd.verdict, Verdict::Fail);
        assert!(odd.message.contains("exit code 5"), "{}", odd.message);
        let killed = from_checker(&run(Exit::Signal(libc::SIGSEGV)), "");
        assert_eq!(killed.verdict, Verdict::Fail);
        assert!(killed.message.contains("SIGSEGV"), "{}", killed.message);
    }

    #[test]
    fn kattis_exit_codes() {
        let code = |c| run(Exit::Code(c));
        let ok = from_kattis(&code(42), "ok 3\n", None);
        assert_eq!((ok.verdict, ok.message.as_str()), (Verdict::Ac, "ok 3"));
        assert_eq!(from_kattis(&code(42), "", Some("7.5\n")).points, Some(7.5));
        assert_eq!(
            from_kattis(&code(43), "wrong answer", None).verdict,
            Verdict::Wa
        );
        let zero = from_kattis(&code(0), "", None);
        assert_eq!(zero.verdict, Verdict::Fail);
        assert!(zero.message.contains("exit code 0"), "{}", zero.message);
    }

    #[test]
    fn cms_scores() {
        let ok = run(Exit::Code(0));
        let checked = from_cms(&ok, "1.0\n", "ok 3\nmore\n");
        assert_eq!(
            (checked.verdict, checked.message.as_str()),
            (Verdict::Ac, "ok 3")
        );
        assert_eq!(from_cms(&ok, "0.0\n", "wrong").verdict, Verdict::Wa);
        let half = from_cms(&ok, "0.5\n", "part");
        assert_eq!((half.verdict, half.points), (Verdict::Pc, Some(0.5)));
        assert_eq!(from_cms(&ok, "1.5\n", "").verdict, Verdict::Fail);
        assert_eq!(from_cms(&ok, "", "").verdict, Verdict::Fail);
        assert_eq!(
            from_cms(&run(Exit::Code(3)), "0.0", "").verdict,
            Verdict::Fail
        );
    }
}
