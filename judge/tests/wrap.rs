//! The wrappers `judge package` makes of jury programs in another protocol
//! than the format's (`judge::format::wrap`), compiled with g++ and run as
//! each judge runs them: a checker and an input validator written here in
//! each protocol (testlib's, Kattis's, CMS's), wrapped for each other one,
//! must give the verdicts the original gives, said in the judge's protocol;
//! and an interactor each way between testlib and Kattis, played against a
//! solution.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use judge::format::wrap::{Role, wrapped_cpp, wrapped_folder};
use judge::model::program::Protocol;

const ALL: [Protocol; 3] = [Protocol::Testlib, Protocol::Kattis, Protocol::Cms];

/// Reads the first integer of a file, or of stdin for "" (shared by the
/// checkers below; `static` and namespaced, as a program's own helpers are).
const READ: &str = r#"#include <cstdio>
#include <cstdlib>
#include <string>
namespace fixture {
static bool first(const char *path, long long &v) {
    FILE *f = *path ? std::fopen(path, "r") : stdin;
    return f && std::fscanf(f, "%lld", &v) == 1;
}
}
"#;

/// A checker in `protocol`: the output's first number must be the
/// answer's.
fn checker(protocol: Protocol) -> String {
    let body = match protocol {
        // testlib's: input output answer; 0 OK, 1 WA; message on stderr.
        Protocol::Testlib => {
            r#"int main(int argc, char *argv[]) {
    long long out, ans;
    if (argc < 4 || !fixture::first(argv[3], ans)) { std::fprintf(stderr, "FAIL no answer\n"); std::exit(3); }
    if (!fixture::first(argv[2], out)) { std::fprintf(stderr, "wrong output format no number\n"); std::exit(2); }
    if (out != ans) { std::fprintf(stderr, "wrong answer expected %lld, found %lld\n", ans, out); std::exit(1); }
    std::fprintf(stderr, "ok %lld\n", out);
    return 0;
}
"#
        }
        // Kattis's: input answer feedback_dir < output; 42/43.
        Protocol::Kattis => {
            r#"int main(int argc, char **argv) {
    long long out, ans;
    if (argc < 4 || !fixture::first(argv[2], ans)) return 1;
    std::string path = std::string(argv[3]) + "/judgemessage.txt";
    FILE *msg = std::fopen(path.c_str(), "w");
    if (!fixture::first("", out) || out != ans) { std::fprintf(msg, "expected %lld\n", ans); std::exit(43); }
    std::fprintf(msg, "right: %lld\n", out);
    std::exit(42);
}
"#
        }
        // CMS's: input correct_output contestant_output; score on stdout.
        Protocol::Cms => {
            r#"int main(int argc, char **argv) {
    long long out, ans;
    if (argc < 4 || !fixture::first(argv[2], ans)) return 1;
    bool right = fixture::first(argv[3], out) && out == ans;
    std::printf("%d\n", right ? 1 : 0);
    std::fprintf(stderr, right ? "translate:success\n" : "translate:wrong\n");
    return 0;
}
"#
        }
    };
    format!("{READ}{body}")
}

/// An input validator in `protocol`: one number from 1 to 100.
fn validator(protocol: Protocol) -> String {
    let (source, valid, invalid) = match protocol {
        Protocol::Testlib => ("\"\"", "0", "3"),
        Protocol::Kattis => ("\"\"", "42", "43"),
        Protocol::Cms => ("argv[1]", "0", "1"),
    };
    // testlib's ends as many do, without a `return`: `main` returns 0
    // then, which the wrapper's renamed `main` must keep.
    let end = match protocol {
        Protocol::Testlib => String::new(),
        _ => format!("    return {valid};\n"),
    };
    format!(
        "{READ}int main(int argc, char **argv) {{\n    long long v;\n    \
         if (argc < 1 || !fixture::first({source}, v) || v < 1 || v > 100) return {invalid};\n\
         {end}}}\n"
    )
}

/// An interactor in `protocol`: sends the input's number, wants it back
/// plus one.
fn interactor(protocol: Protocol) -> String {
    let (accept, reject, message) = match protocol {
        Protocol::Testlib => ("0", "1", "stderr"),
        _ => (
            "42",
            "43",
            "std::fopen((std::string(argv[3]) + \"/judgemessage.txt\").c_str(), \"w\")",
        ),
    };
    format!(
        "{READ}int main(int argc, char **argv) {{\n    long long n, back;\n    \
         if (argc < 4 || !fixture::first(argv[1], n)) return 3;\n    \
         std::printf(\"%lld\\n\", n);\n    std::fflush(stdout);\n    \
         FILE *msg = {message};\n    \
         if (!fixture::first(\"\", back) || back != n + 1) {{ std::fprintf(msg, \"wrong\\n\"); return {reject}; }}\n    \
         std::fprintf(msg, \"fine\\n\");\n    return {accept};\n}}\n"
    )
}

/// `text` compiled with g++ (as the judges compile C++) in `dir`.
fn compiled(dir: &Path, name: &str, text: &str) -> PathBuf {
    let source = dir.join(format!("{name}.cpp"));
    std::fs::write(&source, text).unwrap();
    let binary = dir.join(name);
    let out = Command::new("g++")
        // -O2, as the judges compile: where falling off the end of a
        // function is trapped.
        .args(["-std=gnu++17", "-O2", "-o"])
        .arg(&binary)
        .arg(&source)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    binary
}

/// What a judge calling programs in `to` reads of a checker's run: its
/// verdict ("AC", "WA" or "FAIL") and message.
fn judge_checker(binary: &Path, to: Protocol, dir: &Path, output: &str) -> (String, String) {
    let (input, answer, out) = (dir.join("in"), dir.join("ans"), dir.join("out"));
    std::fs::write(&input, "5\n").unwrap();
    std::fs::write(&answer, "6\n").unwrap();
    std::fs::write(&out, output).unwrap();
    let feedback = dir.join("feedback");
    let _ = std::fs::remove_dir_all(&feedback);
    std::fs::create_dir_all(&feedback).unwrap();
    let mut command = Command::new(binary);
    match to {
        Protocol::Testlib => command.args([&input, &out, &answer]).stdin(Stdio::null()),
        Protocol::Kattis => command
            .args([&input, &answer, &feedback])
            .stdin(std::fs::File::open(&out).unwrap()),
        Protocol::Cms => command.args([&input, &answer, &out]).stdin(Stdio::null()),
    };
    let run = command.output().unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&run.stdout).into_owned(),
        String::from_utf8_lossy(&run.stderr).into_owned(),
    );
    let code = run.status.code().unwrap_or(-1);
    let verdict = match (to, code) {
        (Protocol::Testlib, 0) if stderr.starts_with("ok ") => "AC",
        (Protocol::Testlib, 1) if stderr.starts_with("wrong answer ") => "WA",
        (Protocol::Kattis, 42) => "AC",
        (Protocol::Kattis, 43) => "WA",
        (Protocol::Cms, 0) if stdout.trim().parse::<f64>() == Ok(1.0) => "AC",
        (Protocol::Cms, 0) if stdout.trim().parse::<f64>() == Ok(0.0) => "WA",
        _ => "FAIL",
    };
    let message = match to {
        Protocol::Kattis => {
            std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default()
        }
        _ => stderr,
    };
    // The wrapper leaves nothing of its own behind in the feedback folder.
    let left: Vec<_> = std::fs::read_dir(&feedback)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert!(
        left.iter()
            .all(|n| !n.to_string_lossy().starts_with("jury-wrap")),
        "{left:?}"
    );
    (
        verdict.to_string(),
        format!("{verdict} code {code}: {}", message.trim()),
    )
}

#[test]
fn checkers_keep_their_verdicts_in_every_protocol() {
    let dir = tempfile::tempdir().unwrap();
    for from in ALL {
        for to in ALL.into_iter().filter(|&to| to != from) {
            let name = format!("check-{}-{}", from.name(), to.name());
            let text = wrapped_cpp("check.cpp", &checker(from), Role::Checker, from, to);
            let binary = compiled(dir.path(), &name, &text);
            let (right, said) = judge_checker(&binary, to, dir.path(), "6\n");
            assert_eq!(right, "AC", "{name} on a right output: {said}");
            let (wrong, said) = judge_checker(&binary, to, dir.path(), "7\n");
            assert_eq!(wrong, "WA", "{name} on a wrong output: {said}");
            // The original's message reaches the judge.
            if from == Protocol::Kattis {
                assert!(said.contains("expected 6"), "{name}: {said}");
            }
        }
    }
}

#[test]
fn validators_keep_their_verdicts_in_every_protocol() {
    let dir = tempfile::tempdir().unwrap();
    for from in ALL {
        for to in ALL.into_iter().filter(|&to| to != from) {
            let name = format!("val-{}-{}", from.name(), to.name());
            let text = wrapped_cpp("val.cpp", &validator(from), Role::Validator, from, to);
            let binary = compiled(dir.path(), &name, &text);
            for (input, valid) in [("42\n", true), ("420\n", false), ("x\n", false)] {
                let file = dir.path().join("input");
                std::fs::write(&file, input).unwrap();
                let mut command = Command::new(&binary);
                match to {
                    Protocol::Cms => command.arg(&file).arg("1").stdin(Stdio::null()),
                    _ => command
                        .args(["--group", "g"])
                        .stdin(std::fs::File::open(&file).unwrap()),
                };
                let code = command.output().unwrap().status.code();
                let said_valid = match to {
                    Protocol::Kattis => code == Some(42),
                    _ => code == Some(0),
                };
                assert_eq!(said_valid, valid, "{name} on {input:?}: exit {code:?}");
                let refused = matches!((to, code), (Protocol::Kattis, Some(43)) | (_, Some(1 | 3)));
                assert!(valid || refused, "{name} on {input:?}: exit {code:?}");
            }
        }
    }
}

/// A program whose library checks as it ends that it was set up (as
/// validate.h's guard checks that `init` was called) judges alike wrapped:
/// the set-up happens in the child that runs it, and the wrapper's own
/// process ends without the program's destructors.
#[test]
fn a_programs_guard_at_its_end_runs_in_its_own_process_only() {
    let dir = tempfile::tempdir().unwrap();
    let guarded = "#include <cstdio>\n#include <cstdlib>\nstatic bool ready = false;\n\
                   struct Guard { ~Guard() { if (!ready) { std::fputs(\"never set up\\n\", \
                   stderr); std::abort(); } } } guard;\n\
                   int main() {\n    ready = true;\n    long long v;\n    \
                   if (std::scanf(\"%lld\", &v) != 1 || v < 1) return 43;\n    return 42;\n}\n";
    let text = wrapped_cpp(
        "guarded.cpp",
        guarded,
        Role::Validator,
        Protocol::Kattis,
        Protocol::Testlib,
    );
    let binary = compiled(dir.path(), "guarded", &text);
    for (input, expected) in [("5\n", Some(0)), ("0\n", Some(3))] {
        let file = dir.path().join("input");
        std::fs::write(&file, input).unwrap();
        let out = Command::new(&binary)
            .stdin(std::fs::File::open(&file).unwrap())
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), expected, "{input:?}: {said}");
        assert!(!said.contains("never set up"), "{said}");
    }
}

/// Plays the interactor `binary` (called in `to`) against a solution that
/// answers the number it is sent plus `plus`; the interactor's exit code
/// and the judge's message.
fn play(binary: &Path, to: Protocol, dir: &Path, plus: i64) -> (Option<i32>, String) {
    let (input, answer, tout, feedback) = (
        dir.join("in"),
        dir.join("ans"),
        dir.join("tout"),
        dir.join("fb"),
    );
    std::fs::write(&input, "9\n").unwrap();
    std::fs::write(&answer, "").unwrap();
    let _ = std::fs::remove_file(&tout);
    let _ = std::fs::remove_dir_all(&feedback);
    std::fs::create_dir_all(&feedback).unwrap();
    let script = format!("read n; echo $((n + {plus}))");
    let mut solution = Command::new("sh")
        .args(["-c", &script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut command = Command::new(binary);
    match to {
        Protocol::Testlib => command.args([&input, &tout, &answer]),
        _ => command.args([&input, &answer, &feedback]),
    };
    let mut judge = command
        .stdin(Stdio::from(solution.stdout.take().unwrap()))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut to_solution = solution.stdin.take().unwrap();
    let mut from_judge = judge.stdout.take().unwrap();
    let relay = std::thread::spawn(move || {
        let mut buffer = [0u8; 256];
        while let Ok(n) = from_judge.read(&mut buffer) {
            if n == 0 || to_solution.write_all(&buffer[..n]).is_err() {
                break;
            }
        }
    });
    let out = judge.wait_with_output().unwrap();
    relay.join().unwrap();
    solution.wait().unwrap();
    let message = match to {
        Protocol::Testlib => String::from_utf8_lossy(&out.stderr).into_owned(),
        _ => std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default(),
    };
    if to == Protocol::Testlib {
        assert!(
            tout.is_file(),
            "a testlib interactor's judge reads its tout"
        );
    }
    (out.status.code(), message)
}

#[test]
fn interactors_keep_their_verdicts_between_testlib_and_kattis() {
    let dir = tempfile::tempdir().unwrap();
    for (from, to) in [
        (Protocol::Testlib, Protocol::Kattis),
        (Protocol::Kattis, Protocol::Testlib),
    ] {
        let name = format!("interactor-{}-{}", from.name(), to.name());
        let text = wrapped_cpp(
            "interactor.cpp",
            &interactor(from),
            Role::Interactor,
            from,
            to,
        );
        let binary = compiled(dir.path(), &name, &text);
        let (accept, reject) = match to {
            Protocol::Testlib => (Some(0), Some(1)),
            _ => (Some(42), Some(43)),
        };
        let (code, message) = play(&binary, to, dir.path(), 1);
        assert_eq!(code, accept, "{name} against a right solution: {message}");
        assert!(message.contains("fine"), "{name}: {message}");
        let (code, message) = play(&binary, to, dir.path(), 2);
        assert_eq!(code, reject, "{name} against a wrong solution: {message}");
    }
}

#[test]
fn a_cms_manager_is_not_wrapped_and_the_error_names_who_carries_what() {
    use judge::format::wrap::{Source, carriers, wrappable};
    assert!(!wrappable(
        Role::Interactor,
        Protocol::Cms,
        Protocol::Kattis
    ));
    assert!(!wrappable(
        Role::Interactor,
        Protocol::Kattis,
        Protocol::Cms
    ));
    assert!(wrappable(Role::Checker, Protocol::Cms, Protocol::Kattis));
    // A C++ Kattis interactor goes everywhere but CMS; a Python one only
    // to ICPC, as it is; a Python testlib checker to ICPC, in a folder
    // beside its wrapper; a Ruby one nowhere; a C++ checker anywhere.
    assert_eq!(
        carriers(Role::Interactor, Protocol::Kattis, Source::Cpp),
        ["icpc", "icpc-legacy", "polygon", "hydro"]
    );
    assert_eq!(
        carriers(Role::Checker, Protocol::Kattis, Source::Beside),
        ["icpc", "icpc-legacy"]
    );
    assert_eq!(
        carriers(Role::Checker, Protocol::Testlib, Source::Beside),
        ["icpc", "icpc-legacy"]
    );
    assert_eq!(
        carriers(Role::Interactor, Protocol::Cms, Source::Beside),
        ["cms"]
    );
    assert_eq!(
        carriers(Role::Checker, Protocol::Testlib, Source::Other),
        Vec::<&str>::new()
    );
    assert_eq!(Source::of(Path::new("check.rb")), Source::Other);
    assert_eq!(carriers(Role::Checker, Protocol::Cms, Source::Cpp).len(), 5);
    // The kit and the judges take a program naming testlib.h for one that
    // needs it: the wrapper's own text never names it.
    let text = wrapped_cpp(
        "c.cpp",
        "int main() {}\n",
        Role::Checker,
        Protocol::Kattis,
        Protocol::Testlib,
    );
    assert!(!text.contains("testlib.h"), "{text}");
}

/// A checker in `protocol` (testlib's or CMS's) in Python, as
/// [`checker`]'s: the output's first number must be the answer's.
fn python_checker(protocol: Protocol) -> String {
    let (output, answer) = match protocol {
        Protocol::Cms => (3, 2),
        _ => (2, 3),
    };
    let verdict = match protocol {
        Protocol::Cms => {
            "print(1 if right else 0)\nprint('fine' if right else 'expected ' + a, file=sys.stderr)\n"
        }
        _ => {
            "print('ok fine' if right else 'wrong answer expected ' + a, file=sys.stderr)\nsys.exit(0 if right else 1)\n"
        }
    };
    format!(
        "import sys\na = open(sys.argv[{answer}]).read().split()[0]\n\
         o = open(sys.argv[{output}]).read().split()\nright = bool(o) and o[0] == a\n{verdict}"
    )
}

/// The program folder of `file` (named `name`) wrapped for Kattis's
/// judges, built by its `build` in `dir/<name>`: its `run`.
fn built_folder(dir: &Path, name: &str, file: &str, role: Role, from: Protocol) -> PathBuf {
    let folder = dir.join(name.replace('.', "-"));
    std::fs::create_dir_all(&folder).unwrap();
    let files = wrapped_folder(name, role, from, Protocol::Kattis).unwrap();
    for (rel, text) in files.iter().chain([&(name.to_string(), file.to_string())]) {
        std::fs::write(folder.join(rel), text).unwrap();
    }
    let build = Command::new("sh")
        .arg(folder.join("build"))
        .output()
        .unwrap();
    assert!(
        build.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&build.stderr)
    );
    let run = folder.join("run");
    let mode = std::os::unix::fs::PermissionsExt::from_mode(0o755);
    std::fs::set_permissions(&run, mode).unwrap();
    run
}

/// Checkers and validators in Python and C, in testlib's and CMS's
/// protocols, go to Kattis's judges in a program folder (the program
/// beside a wrapper `build` compiles): each gives the original's verdicts,
/// and its message reaches the judge.
#[test]
fn programs_in_other_languages_keep_their_verdicts_in_a_folder() {
    let dir = tempfile::tempdir().unwrap();
    let c_checker = "#include <stdio.h>\nint main(int argc, char **argv) {\n    long long a = -1, o = -2;\n    \
                     FILE *f = fopen(argv[2], \"r\"), *g = fopen(argv[3], \"r\");\n    \
                     if (!f || fscanf(f, \"%lld\", &a) != 1) return 1;\n    \
                     int right = g && fscanf(g, \"%lld\", &o) == 1 && o == a;\n    \
                     printf(\"%d\\n\", right);\n    fprintf(stderr, right ? \"fine\\n\" : \"expected %lld\\n\", a);\n    \
                     return 0;\n}\n";
    let checkers = [
        (
            "check.py",
            python_checker(Protocol::Testlib),
            Protocol::Testlib,
        ),
        ("score.py", python_checker(Protocol::Cms), Protocol::Cms),
        ("checker.c", c_checker.to_string(), Protocol::Cms),
    ];
    for (name, text, from) in &checkers {
        let run = built_folder(dir.path(), name, text, Role::Checker, *from);
        let (right, said) = judge_checker(&run, Protocol::Kattis, dir.path(), "6\n");
        assert_eq!(right, "AC", "{name} on a right output: {said}");
        let (wrong, said) = judge_checker(&run, Protocol::Kattis, dir.path(), "7\n");
        assert_eq!(wrong, "WA", "{name} on a wrong output: {said}");
        assert!(said.contains("expected 6"), "{name}: {said}");
    }
    let validators = [
        (
            "valid.py",
            "import sys\nt = sys.stdin.read()\nsys.exit(0 if t.strip().isdigit() and 1 <= int(t) <= 100 else 3)\n",
            Protocol::Testlib,
        ),
        (
            "valida.py",
            "import sys\nt = open(sys.argv[1]).read()\nsys.exit(0 if t.strip().isdigit() and 1 <= int(t) <= 100 else 1)\n",
            Protocol::Cms,
        ),
    ];
    for (name, text, from) in validators {
        let run = built_folder(dir.path(), name, text, Role::Validator, from);
        for (input, valid) in [("42\n", true), ("420\n", false), ("x\n", false)] {
            let file = dir.path().join("input");
            std::fs::write(&file, input).unwrap();
            let code = Command::new(&run)
                .stdin(std::fs::File::open(&file).unwrap())
                .output()
                .unwrap()
                .status
                .code();
            let expected = if valid { 42 } else { 43 };
            assert_eq!(code, Some(expected), "{name} on {input:?}");
        }
    }
    // Another language has no folder of its own: C++ goes as text, and a
    // name a shell line cannot hold as it is goes nowhere.
    assert!(wrapped_folder("check.rb", Role::Checker, Protocol::Cms, Protocol::Kattis).is_none());
    assert!(wrapped_folder("a b.py", Role::Checker, Protocol::Cms, Protocol::Kattis).is_none());
}
