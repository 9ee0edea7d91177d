//! The programs compared, and how a random case is made for each.

use crate::inputs::*;
use crate::rng::Rng;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Checker,
    Validator,
    Generator,
}

impl Kind {
    /// The folder of the conformance vectors for this kind.
    pub fn folder(self) -> &'static str {
        match self {
            Kind::Checker => "checkers",
            Kind::Validator => "validators",
            Kind::Generator => "generators",
        }
    }
}

/// One run: files written into a fresh folder, the arguments, and the file
/// (if any) fed to stdin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub files: Vec<(String, Vec<u8>)>,
    pub args: Vec<String>,
    pub stdin: Option<String>,
}

pub struct Program {
    pub name: &'static str,
    pub kind: Kind,
    pub make: fn(&mut Rng) -> Case,
}

pub const PROGRAMS: &[Program] = &[
    checker("acmp", double_single),
    checker("caseicmp", caseicmp),
    checker("casencmp", casencmp),
    checker("casewcmp", casewcmp),
    checker("dcmp", double_single),
    checker("fcmp", lines),
    checker("hcmp", hcmp),
    checker("icmp", int_single),
    checker("lcmp", lines),
    checker("ncmp", int_seq),
    checker("nyesno", nyesno),
    checker("pointscmp", double_single),
    checker("pointsinfo", double_single),
    checker("rcmp", double_single),
    checker("rcmp4", double_seq),
    checker("rcmp6", double_seq),
    checker("rcmp9", double_seq),
    checker("rncmp", double_seq),
    checker("uncmp", int_seq),
    checker("wcmp", words),
    checker("yesno", yesno),
    validator("case-nval", case_nval),
    validator("ival", ival),
    validator("nval", nval),
    validator("sval", sval),
    validator("undirected-graph-validator", graph_validator),
    validator("validate-using-testset-and-group", testset_and_group),
    generator("bgen", seed_args),
    generator("gen-array-with-opt", gen_array_with_opt),
    generator("gen-bipartite-graph", gen_bipartite_graph),
    generator("gen-rooted-tree-graph", gen_rooted_tree),
    generator("gen-tree-graph", gen_tree),
    generator("gs", gs),
    generator("igen", seed_args),
    generator("iwgen", weight_arg),
    generator("sgen", seed_args),
    generator("swgen", weight_arg),
    // Our ports of our own C++ programs (testlib/examples/cpp): the idioms
    // of testlib-rs's porting guide against the C++ they stand for.
    checker("port-check", double_seq),
    validator("port-val", port_val),
    generator("port-gen", port_gen),
];

const fn checker(name: &'static str, make: fn(&mut Rng) -> Case) -> Program {
    Program {
        name,
        kind: Kind::Checker,
        make,
    }
}

const fn validator(name: &'static str, make: fn(&mut Rng) -> Case) -> Program {
    Program {
        name,
        kind: Kind::Validator,
        make,
    }
}

const fn generator(name: &'static str, make: fn(&mut Rng) -> Case) -> Program {
    Program {
        name,
        kind: Kind::Generator,
        make,
    }
}

/// The checkers' command line: the same relative names on both sides, so
/// messages that quote a file name match.
pub const CHECKER_ARGS: [&str; 3] = ["input.txt", "output.txt", "answer.txt"];

fn checker_case(rng: &mut Rng, answer: Vec<u8>, output: Vec<u8>) -> Case {
    // The checkers here never read the input; it only has to open.
    let input = match rng.below(10) {
        0 => Vec::new(),
        1 => b"\xff\0garbage".to_vec(),
        _ => b"1\n".to_vec(),
    };
    Case {
        files: vec![
            ("input.txt".into(), input),
            ("output.txt".into(), output),
            ("answer.txt".into(), answer),
        ],
        args: CHECKER_ARGS.iter().map(|s| s.to_string()).collect(),
        stdin: None,
    }
}

fn related(rng: &mut Rng, make: fn(&mut Rng) -> Doc, tok: fn(&mut Rng) -> Token) -> Case {
    let answer = make(rng);
    let (a, o) = answer_and_output(rng, answer, &|r| make(r), tok);
    checker_case(rng, a, o)
}

fn double_single(rng: &mut Rng) -> Case {
    related(
        rng,
        |r| {
            let k = if r.percent(85) { 1 } else { 3 };
            doc(r, 1, k, double_token)
        },
        double_token,
    )
}

fn double_seq(rng: &mut Rng) -> Case {
    related(
        rng,
        |r| {
            let l = r.below(4);
            doc(r, l, 4, double_token)
        },
        double_token,
    )
}

fn int_single(rng: &mut Rng) -> Case {
    related(
        rng,
        |r| {
            let k = if r.percent(85) { 1 } else { 3 };
            doc(r, 1, k, int_token)
        },
        int_token,
    )
}

fn int_seq(rng: &mut Rng) -> Case {
    related(
        rng,
        |r| {
            let l = r.below(4);
            doc(r, l, 7, int_token)
        },
        int_token,
    )
}

fn hcmp(rng: &mut Rng) -> Case {
    related(
        rng,
        |r| {
            let k = if r.percent(85) { 1 } else { 2 };
            doc(r, 1, k, huge_token)
        },
        huge_token,
    )
}

fn words(rng: &mut Rng) -> Case {
    related(
        rng,
        |r| {
            let l = r.below(4);
            doc(r, l, 4, any_token)
        },
        any_token,
    )
}

fn lines(rng: &mut Rng) -> Case {
    related(
        rng,
        |r| {
            let l = r.below(5);
            doc(r, l, 5, any_token)
        },
        any_token,
    )
}

fn yesno(rng: &mut Rng) -> Case {
    related(
        rng,
        |r| {
            let k = if r.percent(85) { 1 } else { 2 };
            doc(r, 1, k, yes_no_token)
        },
        yes_no_token,
    )
}

fn nyesno(rng: &mut Rng) -> Case {
    related(
        rng,
        |r| {
            let l = r.below(4);
            doc(r, l, 4, yes_no_token)
        },
        yes_no_token,
    )
}

fn caseicmp(rng: &mut Rng) -> Case {
    related(
        rng,
        |r| {
            let c = r.below(7);
            case_doc(r, c, 1, int_token)
        },
        int_token,
    )
}

fn casencmp(rng: &mut Rng) -> Case {
    related(
        rng,
        |r| {
            let c = r.below(5);
            case_doc(r, c, 4, int_token)
        },
        int_token,
    )
}

fn casewcmp(rng: &mut Rng) -> Case {
    related(
        rng,
        |r| {
            let c = r.below(5);
            case_doc(r, c, 4, word_token)
        },
        word_token,
    )
}

/// A validator run: the input on stdin, sometimes with testlib's own options.
fn validator_case(rng: &mut Rng, d: Doc, mut args: Vec<String>) -> Case {
    let mut input = render(rng, &d);
    if rng.percent(15) {
        mutate_bytes(rng, &mut input);
    }
    // testlib reads byte 0xFF on stdin as the end of the file; testlib-rs
    // reads it as data on purpose (a deliberate difference, in
    // testlib/README.md), so validators' stdin never holds it.
    for b in &mut input {
        if *b == 0xff {
            *b = 0xfe;
        }
    }
    if rng.percent(10) {
        args.extend([
            "--testOverviewLogFileName".to_string(),
            "stderr".to_string(),
        ]);
    }
    Case {
        files: vec![("input.txt".into(), input)],
        args,
        stdin: Some("input.txt".into()),
    }
}

fn maybe_mutated(rng: &mut Rng, mut d: Doc, tok: fn(&mut Rng) -> Token) -> Doc {
    if rng.percent(30) {
        mutate_doc(rng, &mut d, tok);
    }
    d
}

fn small_int(rng: &mut Rng, lo: i64, hi: i64) -> Token {
    if rng.percent(85) {
        rng.range(lo, hi).to_string().into_bytes()
    } else {
        int_token(rng)
    }
}

fn ival(rng: &mut Rng) -> Case {
    let t = match rng.below(4) {
        0 => rng
            .pick(&["1", "100", "0", "101", "-1", "01", "+1", "-0"])
            .as_bytes()
            .to_vec(),
        _ => small_int(rng, -2, 102),
    };
    let d = maybe_mutated(rng, vec![vec![t]], int_token);
    validator_case(rng, d, Vec::new())
}

fn nval(rng: &mut Rng) -> Case {
    let n = rng.below(5);
    let shown = if rng.percent(85) {
        n.to_string().into_bytes()
    } else {
        int_token(rng)
    };
    let vals = (0..n)
        .map(|_| match rng.below(3) {
            0 => rng
                .pick(&[
                    "1000000000000000",
                    "-1000000000000000",
                    "1000000000000001",
                    "-1000000000000001",
                    "0",
                    "-0",
                ])
                .as_bytes()
                .to_vec(),
            1 => int_token(rng),
            _ => rng
                .range(-1_000_000_000_000_000, 1_000_000_000_000_000)
                .to_string()
                .into_bytes(),
        })
        .collect();
    let d = maybe_mutated(rng, vec![vec![shown], vals], int_token);
    validator_case(rng, d, Vec::new())
}

fn sval(rng: &mut Rng) -> Case {
    let len = match rng.below(6) {
        0 => 100,
        1 => 101,
        2 => 0,
        _ => 1 + rng.below(8),
    };
    let mut t: Token = (0..len).map(|_| b'a' + rng.below(26) as u8).collect();
    if rng.percent(25) && !t.is_empty() {
        let i = rng.below(t.len());
        t[i] = *rng.pick(b"A0{`\0\xff-");
    }
    let d = maybe_mutated(rng, vec![vec![t]], word_token);
    validator_case(rng, d, Vec::new())
}

fn case_nval(rng: &mut Rng) -> Case {
    let t = rng.below(4);
    let mut d: Doc = vec![vec![if rng.percent(90) {
        t.to_string().into_bytes()
    } else {
        int_token(rng)
    }]];
    for _ in 0..t {
        let n = rng.below(4);
        d.push(vec![if rng.percent(85) {
            n.to_string().into_bytes()
        } else {
            int_token(rng)
        }]);
        d.push((0..n).map(|_| small_int(rng, -1001, 1001)).collect());
    }
    let d = maybe_mutated(rng, d, int_token);
    let mut args = Vec::new();
    match rng.below(6) {
        0 => args.extend(["--testMarkupFileName", "stderr"].map(String::from)),
        1 => args.extend(["--testCase".to_string(), rng.range(0, 4).to_string()]),
        2 => args.extend([
            "--testCase".to_string(),
            rng.range(1, 3).to_string(),
            "--testCaseFileName".into(),
            "stderr".into(),
        ]),
        _ => {}
    }
    validator_case(rng, d, args)
}

fn graph_validator(rng: &mut Rng) -> Case {
    let n = rng.range(0, 5);
    let m = rng.below(5);
    let mut d: Doc = vec![vec![n.to_string().into_bytes(), m.to_string().into_bytes()]];
    for _ in 0..m {
        d.push(vec![small_int(rng, 0, n + 1), small_int(rng, 0, n + 1)]);
    }
    let d = maybe_mutated(rng, d, int_token);
    validator_case(rng, d, Vec::new())
}

fn testset_and_group(rng: &mut Rng) -> Case {
    let d = vec![vec![small_int(rng, 0, 102), small_int(rng, 0, 102)]];
    let d = maybe_mutated(rng, d, int_token);
    let mut args = Vec::new();
    if rng.percent(60) {
        args.extend([
            "--testset".to_string(),
            rng.pick(&["pretests", "tests", "x"]).to_string(),
        ]);
    }
    if rng.percent(50) {
        args.extend([
            "--group".to_string(),
            rng.pick(&["even-n-and-m", "odd", ""]).to_string(),
        ]);
    }
    validator_case(rng, d, args)
}

fn generator_case(args: Vec<String>) -> Case {
    Case {
        files: Vec::new(),
        args,
        stdin: None,
    }
}

/// An argument as the generators' `opt<int>` reads it: mostly small, now and
/// then a spelling that must be refused.
fn int_arg(rng: &mut Rng, lo: i64, hi: i64) -> String {
    if rng.percent(8) {
        rng.pick(&[
            "abc",
            "1e3",
            "+3",
            "-0",
            "2147483648",
            "-2147483649",
            "",
            "0x10",
            "3.0",
            " 3",
        ])
        .to_string()
    } else {
        rng.range(lo, hi).to_string()
    }
}

/// Arguments only used as the random seed (bgen, igen, sgen).
fn seed_args(rng: &mut Rng) -> Case {
    let n = rng.below(4);
    let args = (0..n)
        .map(|_| match rng.below(3) {
            0 => rng.range(-5, 100).to_string(),
            1 => String::from_utf8_lossy(&word_token(rng)).replace('\0', ""),
            _ => rng.next_u64().to_string(),
        })
        .collect();
    generator_case(args)
}

fn weight_arg(rng: &mut Rng) -> Case {
    let mut args = vec![match rng.below(4) {
        0 => int_arg(rng, -1000, 1000),
        _ => int_arg(rng, -6, 6),
    }];
    if rng.percent(10) {
        args.clear();
    }
    if rng.percent(20) {
        args.push(rng.range(0, 99).to_string());
    }
    generator_case(args)
}

fn gen_tree(rng: &mut Rng) -> Case {
    let mut args = vec![int_arg(rng, 1, 12), int_arg(rng, -4, 4)];
    if rng.percent(15) {
        args[1] = int_arg(rng, -1_000_000, 1_000_000);
    }
    if rng.percent(5) {
        args.pop();
    }
    generator_case(args)
}

/// gen-rooted-tree-graph with `n` = 0 is undefined behaviour in its C++
/// (it crashes): every `n` here reads as at least 1.
fn gen_rooted_tree(rng: &mut Rng) -> Case {
    loop {
        let case = gen_tree(rng);
        if testlib::atoi(&case.args[0]) >= 1 && case.args[0].trim() == case.args[0] {
            return case;
        }
    }
}

/// `port-val`'s input: t games, each `k` and k piles, at most 20 piles.
fn port_val(rng: &mut Rng) -> Case {
    let t = rng.range(0, 4);
    let mut d: Doc = vec![vec![small_int(rng, 0, 4)]];
    d[0][0] = t.to_string().into_bytes();
    for _ in 0..t {
        let k = if rng.percent(10) {
            rng.range(0, 12)
        } else {
            rng.range(1, 10)
        };
        let mut line = vec![small_int(rng, k, k)];
        for _ in 0..k {
            line.push(match rng.below(6) {
                0 => rng
                    .pick(&["1", "0", "1000000000000000000", "1000000000000000001"])
                    .as_bytes()
                    .to_vec(),
                1 => int_token(rng),
                _ => rng.range(1, 1_000_000_000).to_string().into_bytes(),
            });
        }
        d.push(line);
    }
    // `p q`: a double in [0, 1] and a strict double in [-1, 1], 0..3 digits.
    let mut last = Vec::new();
    for _ in 0..2 {
        last.push(match rng.below(3) {
            0 => double_token(rng),
            1 => rng
                .pick(&[
                    "0", "1", "-1", "0.5", "-0.125", "1.0001", "-0", "0.1250", "1e", ".5",
                ])
                .as_bytes()
                .to_vec(),
            _ => format!(
                "{:.*}",
                rng.below(4),
                rng.range(-1000, 1000) as f64 / 1000.0
            )
            .into_bytes(),
        });
    }
    d.push(last);
    let d = maybe_mutated(rng, d, int_token);
    validator_case(rng, d, Vec::new())
}

/// `port-gen n max [seed...]`, read with `atoi`.
fn port_gen(rng: &mut Rng) -> Case {
    // A huge `n` (`-2147483649` is INT_MAX to `atoi`) would only run into
    // the time cap on both sides.
    let n = loop {
        let n = int_arg(rng, 0, 12);
        if testlib::atoi(&n) <= 12 {
            break n;
        }
    };
    let mut args = vec![n, int_arg(rng, 1, 1_000_000_000)];
    for _ in 0..rng.below(3) {
        args.push(rng.range(0, 999).to_string());
    }
    generator_case(args)
}

fn gen_bipartite_graph(rng: &mut Rng) -> Case {
    let n = rng.range(1, 5);
    let m = rng.range(1, 5);
    // More edges than n*m would never end: stay within.
    let k = rng.range(0, n * m);
    let mut args = vec![n.to_string(), m.to_string(), k.to_string()];
    if rng.percent(5) {
        args.pop();
    }
    generator_case(args)
}

fn gs(rng: &mut Rng) -> Case {
    let k = rng.range(0, 3);
    let mut args = vec![k.to_string()];
    for _ in 0..k {
        args.push(int_arg(rng, 0, 4));
        let len = 1 + rng.below(3);
        args.push(
            (0..len)
                .map(|_| *rng.pick(&['a', 'b', 'Z', '1', '-']))
                .collect(),
        );
    }
    if rng.percent(10) {
        args.pop();
    }
    generator_case(args)
}

fn gen_array_with_opt(rng: &mut Rng) -> Case {
    let mut args = Vec::new();
    let opt = |args: &mut Vec<String>, name: &str, value: String| {
        args.push(format!("-{name}"));
        args.push(value);
    };
    if rng.percent(95) {
        opt(&mut args, "test-count", int_arg(rng, 0, 4));
    }
    if rng.percent(95) {
        opt(&mut args, "sum-n", int_arg(rng, 0, 12));
    }
    if rng.percent(30) {
        opt(&mut args, "min-n", int_arg(rng, 0, 3));
    }
    if rng.percent(40) {
        opt(&mut args, "min-value", int_arg(rng, -10, 10));
    }
    if rng.percent(40) {
        opt(&mut args, "max-value", int_arg(rng, -10, 30));
    }
    if rng.percent(30) {
        opt(&mut args, "value-bias", int_arg(rng, -5, 5));
    }
    if rng.percent(5) {
        let name = *rng.pick(&["unknown", "min-val", "sum-n"]);
        opt(&mut args, name, "3".into());
    }
    generator_case(args)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_program_makes_deterministic_cases() {
        for p in PROGRAMS {
            let a: Vec<Case> = (0..50)
                .map(|i| (p.make)(&mut Rng::for_case(1, p.name, i)))
                .collect();
            let b: Vec<Case> = (0..50)
                .map(|i| (p.make)(&mut Rng::for_case(1, p.name, i)))
                .collect();
            assert_eq!(a, b, "{}", p.name);
            assert!(
                a.windows(2).any(|w| w[0] != w[1]),
                "{} makes one case only",
                p.name
            );
        }
    }

    #[test]
    fn covers_all_standard_checkers() {
        // testlib 0.9.45's `checkers/` folder.
        let standard = [
            "acmp",
            "caseicmp",
            "casencmp",
            "casewcmp",
            "dcmp",
            "fcmp",
            "hcmp",
            "icmp",
            "lcmp",
            "ncmp",
            "nyesno",
            "pointscmp",
            "pointsinfo",
            "rcmp",
            "rcmp4",
            "rcmp6",
            "rcmp9",
            "rncmp",
            "uncmp",
            "wcmp",
            "yesno",
        ];
        for name in standard {
            assert!(
                PROGRAMS
                    .iter()
                    .any(|p| p.name == name && p.kind == Kind::Checker),
                "{name} is not fuzzed"
            );
        }
    }

    #[test]
    fn case_checkers_see_case_headers() {
        let case = casencmp(&mut Rng::new(3));
        let answer = &case.files[2].1;
        assert!(
            answer.is_empty()
                || answer
                    .windows(4)
                    .any(|w| w == b"Case" || w == b"case" || w == b"CASE")
        );
    }
}
