//! Judge protocols: runs real checkers and validators (the `checkers` and
//! `validators` packages' binaries and this crate's examples) in testlib's,
//! Kattis's and CMS's protocols, and requires the exit code, stdout, stderr
//! and feedback files to be exactly what each protocol specifies, like the
//! vectors do for testlib mode.
//!
//! Each run gets a fresh directory holding the fixtures below and a feedback
//! directory `fb/` whose `judgemessage.txt` holds a stale text: a Kattis run
//! must replace it, any other run must leave it alone. Paths are relative, so
//! that messages naming a file are stable.
//!
//! The last test bakes a protocol into a checker at compile time, in a target
//! directory of its own, and checks that cargo rebuilds when it changes.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

const PROTOCOL_ENV: &str = "TESTLIB_RS_PROTOCOL";

/// The files every run starts with.
fn fixtures() -> Vec<(&'static str, String)> {
    let fixed = [
        ("in", "1 2 3\n"),
        ("empty", ""),
        // wcmp
        ("w.ans", "hello world\n"),
        ("w.bom", "\u{FEFF}hello world\n"),
        ("w.wa", "hello there\n"),
        ("w.short", "hello\n"),
        ("w.extra", "hello world again\n"),
        // ncmp
        ("n.ans", "1 2 3\n"),
        ("n.wa", "1 2 4\n"),
        ("n.pe", "1 two 3\n"),
        ("n.broken", "1 x 3\n"),
        // nim: piles 1 2 (the first player wins by leaving 1 in pile 2), then 3 3
        ("nim.in", "2\n2\n1 2\n2\n3 3\n"),
        ("nim.ans", "First 2 1\nSecond\n"),
        ("nim.wa", "First 1 0\nSecond\n"),
        ("nim.pe", "Maybe\nSecond\n"),
        ("nim.dirt", "First 2 1\nSecond\nextra\n"),
        ("nim.invalid", "2\n2\n1 2 \n2\n3 3\n"),
        // merge-piles: valid in group 1; n = 60 is valid only outside it
        ("mp.small", "1\n3\n1 2 3\n"),
        // pointscmp: the score is the distance between the two doubles
        ("p.ans", "1.0\n"),
        ("p.out", "1.25\n"),
    ];
    let mut files: Vec<_> = fixed.iter().map(|&(n, c)| (n, c.to_string())).collect();
    files.push(("mp.big", format!("1\n60\n{}1\n", "1 ".repeat(59))));
    files
}

/// What `fb/judgemessage.txt` holds before every run: longer than any
/// verdict below, so that a file that is not truncated shows.
const STALE: &str = "stale judge message from an earlier run, to be replaced by a Kattis run\n";

/// One run and everything it must produce.
struct Case {
    id: String,
    program: &'static str,
    args: Vec<String>,
    /// A fixture fed to stdin (none: an empty stdin).
    stdin: Option<&'static str>,
    /// `TESTLIB_RS_PROTOCOL` at run time (none: unset).
    protocol: Option<&'static str>,
    /// Other environment (the probe's `PROBE`).
    env: Vec<(&'static str, &'static str)>,
    code: i32,
    stdout: String,
    stderr: String,
    /// `fb/judgemessage.txt` after the run.
    judgemessage: Option<String>,
    /// `fb/score.txt` after the run (none: absent).
    score: Option<String>,
    /// Run somewhere else than the fixtures (the interactor's upstream files).
    setup: Option<PathBuf>,
    /// Make `fb/judgemessage.txt` a directory, so that it cannot be written.
    unwritable_feedback: bool,
}

fn words(args: &str) -> Vec<String> {
    args.split_whitespace().map(str::to_string).collect()
}

fn case(id: &str, program: &'static str, args: &str, protocol: Option<&'static str>) -> Case {
    Case {
        id: id.to_string(),
        program,
        args: words(args),
        stdin: None,
        protocol,
        env: Vec::new(),
        code: -1,
        stdout: String::new(),
        stderr: String::new(),
        judgemessage: Some(STALE.to_string()),
        score: None,
        setup: None,
        unwritable_feedback: false,
    }
}

impl Case {
    fn stdin(mut self, fixture: &'static str) -> Case {
        self.stdin = Some(fixture);
        self
    }

    fn env(mut self, key: &'static str, value: &'static str) -> Case {
        self.env.push((key, value));
        self
    }

    /// testlib: the code and the text on stderr, nothing else.
    fn testlib(mut self, code: i32, text: &str) -> Case {
        self.code = code;
        self.stderr = text.to_string();
        self
    }

    /// Kattis output validator: the code, the text on stderr and in
    /// `judgemessage.txt`, and the score, if any, in `score.txt`.
    fn kattis(mut self, code: i32, text: &str, score: Option<&str>) -> Case {
        self.code = code;
        self.stderr = text.to_string();
        self.judgemessage = Some(text.to_string());
        self.score = score.map(str::to_string);
        self
    }

    /// CMS: the code, the score line on stdout, the text on stderr.
    fn cms(mut self, code: i32, score: Option<&str>, text: &str) -> Case {
        self.code = code;
        self.stdout = score.map(|s| format!("{s}\n")).unwrap_or_default();
        self.stderr = text.to_string();
        self
    }
}

/// The checker runs: every verdict in every protocol.
fn checker_cases() -> Vec<Case> {
    let k = Some("kattis");
    let c = Some("cms");
    let t = Some("testlib");
    let mut v = Vec::new();

    // wcmp.
    let ok = "ok 2 tokens\n";
    let wa = "wrong answer 2nd words differ - expected: 'world', found: 'there'\n";
    let short = "wrong answer Unexpected EOF in the participants output\n";
    let extra = "wrong answer Participant output contains extra tokens\n";
    v.push(case("wcmp/ok/testlib-unset", "wcmp", "in w.bom w.ans", None).testlib(0, ok));
    v.push(case("wcmp/wa/testlib-env", "wcmp", "in w.wa w.ans", t).testlib(1, wa));
    v.push(
        case("wcmp/ok-bom/kattis-env", "wcmp", "in w.ans fb", k)
            .stdin("w.bom")
            .kattis(42, ok, None),
    );
    v.push(
        case("wcmp/wa/kattis-detected", "wcmp", "in w.ans fb", None)
            .stdin("w.wa")
            .kattis(43, wa, None),
    );
    v.push(
        case("wcmp/short/kattis-detected", "wcmp", "in w.ans fb", None)
            .stdin("w.short")
            .kattis(43, short, None),
    );
    v.push(
        case("wcmp/extra/kattis-detected", "wcmp", "in w.ans fb", None)
            .stdin("w.extra")
            .kattis(43, extra, None),
    );
    v.push(case("wcmp/ok/cms", "wcmp", "in w.ans w.bom", c).cms(0, Some("1.0"), ok));
    v.push(case("wcmp/wa/cms", "wcmp", "in w.ans w.wa", c).cms(0, Some("0.0"), wa));
    v.push(case("wcmp/extra/cms", "wcmp", "in w.ans w.extra", c).cms(0, Some("0.0"), extra));

    // ncmp: OK, WA, PE, and a broken answer (the jury's FAIL).
    let ok = "ok 3 number(s): \"1 2 3\"\n";
    let wa = "wrong answer 3rd numbers differ - expected: '3', found: '4'\n";
    let pe = "wrong output format Expected integer, but \"two\" found\n";
    let fail = "FAIL Expected integer, but \"x\" found (n.broken)\n";
    v.push(case("ncmp/ok/testlib", "ncmp", "in n.ans n.ans", None).testlib(0, ok));
    v.push(case("ncmp/wa/testlib", "ncmp", "in n.wa n.ans", None).testlib(1, wa));
    v.push(case("ncmp/pe/testlib", "ncmp", "in n.pe n.ans", None).testlib(2, pe));
    v.push(case("ncmp/fail/testlib", "ncmp", "in n.ans n.broken", None).testlib(3, fail));
    v.push(
        case("ncmp/ok/kattis-env", "ncmp", "in n.ans fb", k)
            .stdin("n.ans")
            .kattis(42, ok, None),
    );
    v.push(
        case("ncmp/wa/kattis-env", "ncmp", "in n.ans fb", k)
            .stdin("n.wa")
            .kattis(43, wa, None),
    );
    v.push(
        case("ncmp/pe/kattis-detected", "ncmp", "in n.ans fb", None)
            .stdin("n.pe")
            .kattis(43, pe, None),
    );
    v.push(
        case("ncmp/fail/kattis-detected", "ncmp", "in n.broken fb", None)
            .stdin("n.ans")
            .kattis(3, fail, None),
    );
    v.push(case("ncmp/ok/cms", "ncmp", "in n.ans n.ans", c).cms(0, Some("1.0"), ok));
    v.push(case("ncmp/wa/cms", "ncmp", "in n.ans n.wa", c).cms(0, Some("0.0"), wa));
    v.push(case("ncmp/pe/cms", "ncmp", "in n.ans n.pe", c).cms(0, Some("0.0"), pe));
    v.push(case("ncmp/fail/cms", "ncmp", "in n.broken n.ans", c).cms(3, None, fail));

    // check-nim: a per-problem checker, with the dirt case.
    let ok = "ok 2 case(s)\n";
    let wa = "wrong answer case 1: leaving 0 of the 1 stone(s) of pile 1 makes the xor 2, not 0: \
              the opponent wins\n";
    let pe = "wrong output format case 1: expected First or Second, found Maybe\n";
    let dirt = "wrong output format Extra information in the output file\n";
    let jury_wrong = "FAIL case 1: the jury's answer is wrong: leaving 0 of the 1 stone(s) of \
                      pile 1 makes the xor 2, not 0: the opponent wins\n";
    v.push(
        case(
            "nim/ok/testlib",
            "check-nim",
            "nim.in nim.ans nim.ans",
            None,
        )
        .testlib(0, ok),
    );
    v.push(case("nim/wa/testlib", "check-nim", "nim.in nim.wa nim.ans", None).testlib(1, wa));
    v.push(case("nim/pe/testlib", "check-nim", "nim.in nim.pe nim.ans", None).testlib(2, pe));
    v.push(
        case(
            "nim/dirt/testlib",
            "check-nim",
            "nim.in nim.dirt nim.ans",
            None,
        )
        .testlib(2, dirt),
    );
    v.push(
        case(
            "nim/fail/testlib",
            "check-nim",
            "nim.in nim.ans nim.wa",
            None,
        )
        .testlib(3, jury_wrong),
    );
    for (name, output, code, text) in [
        ("ok", "nim.ans", 42, ok),
        ("wa", "nim.wa", 43, wa),
        ("pe", "nim.pe", 43, pe),
        ("dirt", "nim.dirt", 43, dirt),
    ] {
        v.push(
            case(
                &format!("nim/{name}/kattis-env"),
                "check-nim",
                "nim.in nim.ans fb",
                k,
            )
            .stdin(output)
            .kattis(code, text, None),
        );
        v.push(
            case(
                &format!("nim/{name}/kattis-detected"),
                "check-nim",
                "nim.in nim.ans fb",
                None,
            )
            .stdin(output)
            .kattis(code, text, None),
        );
        let score = if code == 42 { "1.0" } else { "0.0" };
        v.push(
            case(
                &format!("nim/{name}/cms"),
                "check-nim",
                &format!("nim.in nim.ans {output}"),
                c,
            )
            .cms(0, Some(score), text),
        );
    }
    v.push(
        case("nim/fail/kattis", "check-nim", "nim.in nim.wa fb", k)
            .stdin("nim.ans")
            .kattis(3, jury_wrong, None),
    );
    // CMS's order is input, correct output, contestant output: swapped, the
    // contestant's wrong output becomes a wrong jury answer.
    v.push(
        case(
            "nim/cms-order/correct",
            "check-nim",
            "nim.in nim.ans nim.wa",
            c,
        )
        .cms(0, Some("0.0"), wa),
    );
    v.push(
        case(
            "nim/cms-order/swapped",
            "check-nim",
            "nim.in nim.wa nim.ans",
            c,
        )
        .cms(3, None, jury_wrong),
    );

    // Detection wins over whatever the variable says, and Kattis's extra
    // arguments (judge flags) and --testset/--group are taken in stride.
    for (name, protocol) in [("testlib", t), ("cms", c)] {
        v.push(
            case(
                &format!("detection/over-{name}"),
                "ncmp",
                "in n.ans fb",
                protocol,
            )
            .stdin("n.wa")
            .kattis(
                43,
                "wrong answer 3rd numbers differ - expected: '3', found: '4'\n",
                None,
            ),
        );
    }
    v.push(
        case(
            "detection/flags-and-group",
            "ncmp",
            "--group 1 in n.ans fb case_sensitive float_tolerance 1e-6 --testset t",
            None,
        )
        .stdin("n.ans")
        .kattis(42, "ok 3 number(s): \"1 2 3\"\n", None),
    );
    // The size cap applies to the output on stdin as to an output file.
    let too_big = "wrong output format File size exceeds 4 bytes, size is 6\n";
    v.push(
        case("size-cap/testlib", "ncmp", "empty n.ans n.ans", None)
            .env("TESTLIB_RS_MAX_FILE_SIZE", "4")
            .testlib(2, too_big),
    );
    v.push(
        case("size-cap/kattis-stdin", "ncmp", "empty n.ans fb", None)
            .env("TESTLIB_RS_MAX_FILE_SIZE", "4")
            .stdin("n.ans")
            .kattis(43, too_big, None),
    );
    // An empty variable is unset.
    v.push(
        case(
            "selection/empty-is-testlib",
            "ncmp",
            "in n.wa n.ans",
            Some(""),
        )
        .testlib(
            1,
            "wrong answer 3rd numbers differ - expected: '3', found: '4'\n",
        ),
    );

    // Points: pointscmp's score is 0.25; the probe's are 50 (integer), a
    // partially correct verdict, and an unexpected end of the output.
    let points = "points 0.25 ja=1.0000 pa=1.2500\n";
    v.push(case("points/testlib", "pointscmp", "in p.out p.ans", None).testlib(7, points));
    v.push(
        case("points/kattis-detected", "pointscmp", "in p.ans fb", None)
            .stdin("p.out")
            .kattis(42, points, Some("0.25\n")),
    );
    v.push(case("points/cms", "pointscmp", "in p.ans p.out", c).cms(0, Some("0.25"), points));
    let points = "points 50 int points\n";
    v.push(
        case("points-int/testlib", "probe", "in empty empty", None)
            .env("PROBE", "points-int")
            .testlib(7, points),
    );
    v.push(
        case("points-int/kattis", "probe", "in empty fb", k)
            .env("PROBE", "points-int")
            .kattis(42, points, Some("50\n")),
    );
    v.push(
        case("points-int/cms-clamped", "probe", "in empty empty", c)
            .env("PROBE", "points-int")
            .cms(0, Some("1.0"), points),
    );
    let pc = "partially correct (5) partial 5\n";
    v.push(
        case("pc5/testlib", "probe", "in empty empty", None)
            .env("PROBE", "pc5")
            .testlib(5, pc),
    );
    v.push(
        case("pc5/kattis", "probe", "in empty fb", None)
            .env("PROBE", "pc5")
            .kattis(42, pc, None),
    );
    v.push(
        case("pc5/cms", "probe", "in empty empty", c)
            .env("PROBE", "pc5")
            .cms(0, Some("0.0"), pc),
    );
    let ueof = "wrong output format Unexpected end of file - int32 expected\n";
    v.push(
        case("ueof/kattis", "probe", "in empty fb", None)
            .env("PROBE", "readint-ouf-eof")
            .kattis(43, ueof, None),
    );
    v.push(
        case("ueof/cms", "probe", "in empty empty", c)
            .env("PROBE", "readint-ouf-eof")
            .cms(0, Some("0.0"), ueof),
    );
    // quitpi's information has no number: fine for Kattis (no score.txt),
    // a FAIL for CMS, which needs one (as testlib's -appes does).
    let info = "points points_info=pa=1.250000,ja=1.000000 d=0.250000\n";
    v.push(
        case("pointsinfo/kattis", "pointsinfo", "in p.ans fb", None)
            .stdin("p.out")
            .kattis(42, info, None),
    );
    v.push(
        case("pointsinfo/cms", "pointsinfo", "in p.ans p.out", c).cms(
            3,
            None,
            "FAIL Expected points, but infinity found\n",
        ),
    );

    // Misconfigurations.
    let unknown = "FAIL Unknown judge protocol \"bogus\" in the environment variable \
                   TESTLIB_RS_PROTOCOL: expected testlib, kattis or cms\n";
    v.push(case("unknown/checker", "ncmp", "in n.ans n.ans", Some("bogus")).testlib(3, unknown));
    v.push(
        case(
            "unknown/checker-kattis-call",
            "ncmp",
            "in n.ans fb",
            Some("bogus"),
        )
        .stdin("n.ans")
        .testlib(3, unknown),
    );
    v.push(
        case(
            "unknown/case-matters",
            "ncmp",
            "in n.ans n.ans",
            Some("CMS"),
        )
        .testlib(
            3,
            "FAIL Unknown judge protocol \"CMS\" in the environment variable \
             TESTLIB_RS_PROTOCOL: expected testlib, kattis or cms\n",
        ),
    );
    v.push(
        case("kattis/no-feedback-dir", "ncmp", "in n.ans n.ans", k)
            .testlib(3, "FAIL Feedback directory not found: \"n.ans\"\n"),
    );
    v.push(
        case("kattis/too-few-arguments", "ncmp", "in n.ans", k).testlib(
            3,
            "FAIL Output validator must be run with the following arguments: [--testset testset] \
         [--group group] <input-file> <answer-file> <feedback-dir> [<judge-flags>...] < \
         <output-file>\n",
        ),
    );
    let mut unwritable = case("kattis/unwritable-feedback", "ncmp", "in n.ans fb", None)
        .stdin("n.ans")
        .testlib(
            3,
            "FAIL Can not write to the feedback file \"fb/judgemessage.txt\"\n",
        );
    unwritable.unwritable_feedback = true;
    unwritable.judgemessage = None;
    v.push(unwritable);
    v.push(
        case("cms/extra-argument", "ncmp", "in n.ans n.ans result", c).testlib(
            3,
            "FAIL Checker must be run with the following arguments: [--testset testset] \
         [--group group] <input-file> <correct-output-file> <contestant-output-file>\n",
        ),
    );
    v
}

/// The validator runs: Kattis's 42/43; CMS has no validator protocol.
fn validator_cases() -> Vec<Case> {
    let invalid = "FAIL Expected EOLN (test case 1, stdin, line 3)\n";
    let big = "FAIL Integer parameter [name=n] equals to 60, violates the range [1, 50] \
               (test case 1, stdin, line 2)\n";
    let mut v = Vec::new();
    for (protocol, valid_code, invalid_code) in [
        (None, 0, 3),
        (Some("testlib"), 0, 3),
        (Some("kattis"), 42, 43),
        (Some("cms"), 0, 3),
    ] {
        let name = protocol.unwrap_or("unset");
        v.push(
            case(&format!("val-nim/valid/{name}"), "val-nim", "", protocol)
                .stdin("nim.in")
                .testlib(valid_code, ""),
        );
        v.push(
            case(&format!("val-nim/invalid/{name}"), "val-nim", "", protocol)
                .stdin("nim.invalid")
                .testlib(invalid_code, invalid),
        );
        v.push(
            case(
                &format!("val-merge-piles/group-1-valid/{name}"),
                "val-merge-piles",
                "--group 1",
                protocol,
            )
            .stdin("mp.small")
            .testlib(valid_code, ""),
        );
        v.push(
            case(
                &format!("val-merge-piles/group-1-invalid/{name}"),
                "val-merge-piles",
                "--group 1",
                protocol,
            )
            .stdin("mp.big")
            .testlib(invalid_code, big),
        );
        v.push(
            case(
                &format!("val-merge-piles/no-group-valid/{name}"),
                "val-merge-piles",
                "",
                protocol,
            )
            .stdin("mp.big")
            .testlib(valid_code, ""),
        );
    }
    // The overview log still goes out, before the exit code.
    let mut overview = case(
        "val-merge-piles/overview/kattis",
        "val-merge-piles",
        "--group 1 --testOverviewLogFileName stdout",
        Some("kattis"),
    )
    .stdin("mp.small")
    .testlib(42, "");
    overview.stdout = "\"T\": min-value-hit\n\"a\": min-value-hit\n\"n\":\n\
                       constant-bounds \"T\": 1 100000\nconstant-bounds \"a\": 1 1000\n\
                       constant-bounds \"n\": 1 50\nvariable \"T\"\nvariable \"a\"\n\
                       variable \"n\"\n"
        .to_string();
    v.push(overview);
    // The kit's reads log: where each bounded value was read, with its
    // bounds and name (`judge validate --mutate` changes exactly those
    // bytes).
    let mut reads = case(
        "val-merge-piles/reads-log",
        "val-merge-piles",
        "--group 1 --testReadsLogFileName stdout",
        None,
    )
    .stdin("mp.small")
    .testlib(0, "");
    reads.stdout =
        "0 1 1 100000 T\n2 3 1 50 n\n4 5 1 1000 a\n6 7 1 1000 a\n8 9 1 1000 a\n".to_string();
    v.push(reads);
    v.push(
        case("val-nim/unknown", "val-nim", "", Some("bogus"))
            .stdin("nim.in")
            .testlib(
                3,
                "FAIL Unknown judge protocol \"bogus\" in the environment variable \
                 TESTLIB_RS_PROTOCOL: expected testlib, kattis or cms\n",
            ),
    );
    v
}

/// Interactors stay in testlib's protocol whatever the variable says: the
/// recorded A+B run must give testlib's results; called the way Kattis
/// calls an interactive validator, they speak Kattis's.
fn interactor_cases() -> Vec<Case> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/vectors/interactors/interactor-a-plus-b/ok");
    let expected = dir.join("expected");
    let read = |p: PathBuf| String::from_utf8(std::fs::read(p).unwrap()).unwrap();
    let code: i32 = read(expected.join("exit_code")).trim().parse().unwrap();
    let mut v = Vec::new();
    for protocol in ["kattis", "cms"] {
        let mut c = case(
            &format!("interactor/{protocol}"),
            "interactor-a-plus-b",
            "files/input.txt tout.txt",
            Some(protocol),
        )
        .stdin("files/participant.txt")
        .testlib(code, &read(expected.join("stderr")));
        c.stdout = read(expected.join("stdout"));
        c.setup = Some(dir.clone());
        v.push(c);
    }
    // Called as a Kattis interactive validator (`input answer feedback-dir`),
    // whatever the variable says: the same play, the verdict in Kattis's
    // protocol.
    for protocol in [None, Some("testlib")] {
        let mut c = case(
            &format!("interactor/kattis-call/{protocol:?}"),
            "interactor-a-plus-b",
            "files/input.txt files/input.txt fb",
            protocol,
        )
        .stdin("files/participant.txt")
        .kattis(42, &read(expected.join("stderr")), None);
        c.stdout = read(expected.join("stdout"));
        c.setup = Some(dir.clone());
        v.push(c);
    }
    v
}

/// Where cargo put this test's binaries: `<target>/<profile>`.
fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    exe.parent().and_then(Path::parent).unwrap().to_path_buf()
}

fn cargo() -> Command {
    let mut cmd = Command::new(option_env!("CARGO").unwrap_or("cargo"));
    // Whatever the caller's environment says, these programs are built with
    // testlib's protocol as their default: the cases set it at run time.
    cmd.env_remove(PROTOCOL_ENV);
    cmd
}

/// Builds the checkers, validators and examples once, in this test's target
/// directory and profile.
fn programs_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let profile = profile_dir();
        let mut cmd = cargo();
        cmd.args([
            "build",
            "--quiet",
            "-p",
            "checkers",
            "-p",
            "validators",
            "-p",
            "testlib-rs",
            "--bins",
            "--examples",
        ]);
        cmd.arg("--target-dir").arg(profile.parent().unwrap());
        if profile.file_name().is_some_and(|n| n == "release") {
            cmd.arg("--release");
        }
        let status = cmd
            .status()
            .expect("cannot run cargo to build the programs");
        assert!(
            status.success(),
            "building the checkers, validators and examples failed"
        );
        profile
    })
}

fn program_path(name: &str) -> PathBuf {
    let dir = programs_dir();
    let example = dir.join("examples").join(name);
    if example.exists() {
        example
    } else {
        dir.join(name)
    }
}

/// Copies the files of `from` (not its folders) into `to`.
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_file() {
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
}

fn shown(bytes: &[u8]) -> String {
    format!("{:?}", String::from_utf8_lossy(bytes))
}

/// Runs one case in a fresh directory; returns what differs.
fn run(case: &Case, scratch: &Path) -> Result<(), String> {
    let work = scratch.join(case.id.replace('/', "_"));
    std::fs::create_dir_all(work.join("fb")).unwrap();
    for (name, content) in fixtures() {
        std::fs::write(work.join(name), content).unwrap();
    }
    if let Some(files) = &case.setup {
        copy_dir(files, &work.join("files"));
    }
    if case.unwritable_feedback {
        std::fs::create_dir_all(work.join("fb/judgemessage.txt")).unwrap();
    } else {
        std::fs::write(work.join("fb/judgemessage.txt"), STALE).unwrap();
    }

    let mut cmd = Command::new(program_path(case.program));
    cmd.args(&case.args)
        .current_dir(&work)
        .env_remove(PROTOCOL_ENV)
        .env_remove("PROBE")
        .env_remove("TESTLIB_RS_MAX_FILE_SIZE")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(protocol) = case.protocol {
        cmd.env(PROTOCOL_ENV, protocol);
    }
    for (key, value) in &case.env {
        cmd.env(key, value);
    }
    match case.stdin {
        Some(file) => cmd.stdin(std::fs::File::open(work.join(file)).unwrap()),
        None => cmd.stdin(Stdio::null()),
    };
    let output = cmd.output().map_err(|e| e.to_string())?;

    let mut problems = Vec::new();
    let code = output.status.code().unwrap_or(-1);
    if code != case.code {
        problems.push(format!("exit code {code}, expected {}", case.code));
    }
    for (what, actual, expected) in [
        ("stdout", &output.stdout, &case.stdout),
        ("stderr", &output.stderr, &case.stderr),
    ] {
        if actual != expected.as_bytes() {
            problems.push(format!(
                "{what} {}\n      expected {}",
                shown(actual),
                shown(expected.as_bytes())
            ));
        }
    }
    for (name, expected) in [
        ("fb/judgemessage.txt", &case.judgemessage),
        ("fb/score.txt", &case.score),
    ] {
        let actual = std::fs::read(work.join(name)).ok();
        if let Some(expected) = expected {
            match actual {
                Some(a) if a == expected.as_bytes() => {}
                Some(a) => problems.push(format!(
                    "{name} {}\n      expected {}",
                    shown(&a),
                    shown(expected.as_bytes())
                )),
                None => problems.push(format!("{name} was not written")),
            }
        } else if actual.is_some() && !case.unwritable_feedback {
            problems.push(format!("{name} was written"));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n    "))
    }
}

#[test]
fn every_protocol_case_behaves_as_specified() {
    let mut cases = checker_cases();
    cases.extend(validator_cases());
    cases.extend(interactor_cases());
    let scratch = std::env::temp_dir().join(format!("testlib-protocols-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);

    let mut ids = std::collections::BTreeSet::new();
    let mut failures = BTreeMap::new();
    for case in &cases {
        assert!(ids.insert(case.id.clone()), "duplicate case {}", case.id);
        if let Err(problem) = run(case, &scratch) {
            failures.insert(case.id.clone(), problem);
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);

    let mut report = std::io::stderr().lock();
    for (id, problem) in &failures {
        writeln!(report, "MISMATCH {id}\n    {problem}").unwrap();
    }
    let passed = cases.len() - failures.len();
    let summary = format!("protocol cases: {passed}/{} as specified", cases.len());
    writeln!(report, "{summary}").unwrap();
    println!("{summary}");
    assert!(
        failures.is_empty(),
        "{} of {} cases differ",
        failures.len(),
        cases.len()
    );
}

/// The compile-time default: `ncmp` built with `TESTLIB_RS_PROTOCOL` set
/// speaks that protocol without any run-time variable, the run-time variable
/// still overrides it, and cargo rebuilds when the value changes. Built in a
/// target directory of its own (debug, only testlib-rs and the checkers
/// package), so that the other tests' binaries are not rebuilt.
#[test]
fn the_compile_time_default_is_baked_in_and_rebuilt_when_it_changes() {
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("baked-protocol");
    let work = target.join("work");
    std::fs::create_dir_all(work.join("fb")).unwrap();
    std::fs::write(work.join("a"), "3\n").unwrap();
    std::fs::write(work.join("b"), "4\n").unwrap();

    let build = |baked: Option<&str>| {
        let mut cmd = cargo();
        cmd.args(["build", "--quiet", "-p", "checkers", "--bin", "ncmp"])
            .arg("--target-dir")
            .arg(&target);
        if let Some(value) = baked {
            cmd.env(PROTOCOL_ENV, value);
        }
        let status = cmd.status().expect("cannot run cargo");
        assert!(status.success(), "building ncmp with {baked:?} failed");
    };
    // (exit code, stdout, stderr) of `ncmp a b a` (output 4, answer 3 in
    // testlib's order; input 3, correct 4, contestant 3 in CMS's).
    let run = |runtime: Option<&str>| {
        let mut cmd = Command::new(target.join("debug/ncmp"));
        cmd.args(["a", "b", "a"])
            .current_dir(&work)
            .env_remove(PROTOCOL_ENV);
        if let Some(value) = runtime {
            cmd.env(PROTOCOL_ENV, value);
        }
        let out = cmd.output().unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let testlib = (
        1,
        String::new(),
        "wrong answer 1st numbers differ - expected: '3', found: '4'\n".to_string(),
    );
    let cms = (
        0,
        "0.0\n".to_string(),
        "wrong answer 1st numbers differ - expected: '4', found: '3'\n".to_string(),
    );
    // Baked Kattis, called the testlib way: the third file is no directory.
    let kattis = (
        3,
        String::new(),
        "FAIL Feedback directory not found: \"a\"\n".to_string(),
    );

    build(Some("cms"));
    assert_eq!(run(None), cms);
    assert_eq!(run(Some("testlib")), testlib);
    build(Some("kattis"));
    assert_eq!(run(None), kattis);
    assert_eq!(run(Some("cms")), cms);
    build(None);
    assert_eq!(run(None), testlib);
    assert_eq!(run(Some("cms")), cms);
}

/// An interactor built for CMS and called as CMS calls a Communication
/// manager (`manager <from-user fifo> <to-user fifo>`, the test on stdin)
/// plays over the FIFOs and gives CMS's verdict: the score on stdout, the
/// message on stderr, exit 0.
#[test]
fn an_interactor_built_for_cms_is_a_communication_manager() {
    use std::ffi::CString;
    use std::io::Read;
    use std::os::unix::ffi::OsStrExt;

    let binary = programs_dir().join("examples/interactor-a-plus-b");
    let vectors = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/vectors/interactors/interactor-a-plus-b/ok");
    // (what the contestant writes, the score, the message)
    let plays = [
        ("3\n7\n-2\n", "1.0\n", "ok 3 queries processed\n"),
        (
            "3\nseven\n",
            "0.0\n",
            "wrong output format Expected integer, but \"seven\" found\n",
        ),
    ];
    for (answers, score, message) in plays {
        let dir = tempfile::tempdir().unwrap();
        let from_user = dir.path().join("u0_to_m");
        let to_user = dir.path().join("m_to_u0");
        for fifo in [&from_user, &to_user] {
            let path = CString::new(fifo.as_os_str().as_bytes()).unwrap();
            // SAFETY: a valid C string and a plain mode.
            assert_eq!(unsafe { libc::mkfifo(path.as_ptr(), 0o600) }, 0);
        }
        let manager = Command::new(&binary)
            .arg(&from_user)
            .arg(&to_user)
            .env(PROTOCOL_ENV, "cms")
            .stdin(std::fs::File::open(vectors.join("input.txt")).unwrap())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The contestant's side, in the order a sandbox opens it: stdin,
        // then stdout. Its answers fit in the FIFO, so it writes them all
        // before reading the queries.
        let mut queries = std::fs::File::open(&to_user).unwrap();
        let mut replies = std::fs::File::create(&from_user).unwrap();
        replies.write_all(answers.as_bytes()).unwrap();
        drop(replies);
        let mut sent = String::new();
        queries.read_to_string(&mut sent).unwrap();
        let out = manager.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), score);
        assert_eq!(String::from_utf8_lossy(&out.stderr), message);
        assert!(
            "1 2\n3 4\n-1 -1\n".starts_with(&sent) && !sent.is_empty(),
            "{sent}"
        );
    }
}
