//! The C++ validators (`validators/cpp/val-<name>.cpp`, on testlib.h) accept
//! exactly the inputs their Rust twins (`val-<name>`) accept.
//!
//! For each problem, every test of its plan (`problems/<name>/problem.toml`:
//! generated here by `gen-<name>` with the plan's arguments, or read from
//! its file) must pass both validators in its group; then inputs derived
//! from valid ones by mutations (line ends, spaces, missing and extra lines,
//! leading zeros, signs, every value swapped for values at and one past each
//! bound of every problem, every word for the allowed words and near misses,
//! T and the sum of n at and past their limits, a case of empty piles)
//! must get the same answer, valid or invalid, from both, under every
//! `--group` of the problem.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use testkit::cpp;
use testkit::paths::{release, release_bins, root};

/// What the mutations need to know of a problem's input (its validators
/// are `val-<name>` and `validators/cpp/val-<name>.cpp`): the bound of T,
/// how many lines a case takes (after the line of T), its lists of piles,
/// the words it allows and, for problems with groups, their names.
struct Problem {
    name: &'static str,
    t_max: usize,
    lines_per_case: usize,
    /// Whether a case ends with a line `n` and a line of n piles (the sum of
    /// n is bounded), and how.
    piles: Option<Piles>,
    /// The words allowed where a case has a word (nim-play's policy).
    words: &'static [&'static str],
    groups: &'static [&'static str],
}

/// A case's line `n` and line of n piles.
struct Piles {
    /// The case's lines before its line `n`, each with its line end, as in a
    /// valid case.
    before: &'static str,
    n_max: usize,
    /// The bound of the sum of n over the cases: a multiple of `n_max`.
    sum_max: usize,
}

/// The piles of nim, anti-nim and merge-piles: n up to 10^5, the sum of n
/// up to 10^6.
const PILES: Option<Piles> = Some(Piles {
    before: "",
    n_max: 100_000,
    sum_max: 1_000_000,
});

#[test]
#[ignore = "slow tier: C++ twins on testlib.h"]
fn anti_nim() {
    agree(&Problem {
        name: "anti-nim",
        lines_per_case: 2,
        t_max: 100_000,
        piles: PILES,
        words: &[],
        groups: &[],
    });
}

#[test]
#[ignore = "slow tier: C++ twins on testlib.h"]
fn bash() {
    agree(&Problem {
        name: "bash",
        lines_per_case: 1,
        t_max: 100_000,
        piles: None,
        words: &[],
        groups: &[],
    });
}

#[test]
#[ignore = "slow tier: C++ twins on testlib.h"]
fn circle() {
    agree(&Problem {
        name: "circle",
        lines_per_case: 1,
        t_max: 100_000,
        piles: None,
        words: &[],
        groups: &[],
    });
}

#[test]
#[ignore = "slow tier: C++ twins on testlib.h"]
fn fibonacci() {
    agree(&Problem {
        name: "fibonacci",
        lines_per_case: 1,
        t_max: 100_000,
        piles: None,
        words: &[],
        groups: &[],
    });
}

#[test]
#[ignore = "slow tier: C++ twins on testlib.h"]
fn merge_piles() {
    agree(&Problem {
        name: "merge-piles",
        lines_per_case: 2,
        t_max: 100_000,
        piles: PILES,
        words: &[],
        groups: &["1", "2"],
    });
}

#[test]
#[ignore = "slow tier: C++ twins on testlib.h"]
fn nim() {
    agree(&Problem {
        name: "nim",
        lines_per_case: 2,
        t_max: 100_000,
        piles: PILES,
        words: &[],
        groups: &[],
    });
}

#[test]
#[ignore = "slow tier: C++ twins on testlib.h"]
fn nim_play() {
    agree(&Problem {
        name: "nim-play",
        t_max: 1000,
        lines_per_case: 3,
        piles: Some(Piles {
            before: "random 1\n",
            n_max: 1500,
            sum_max: 1500,
        }),
        words: &["random", "longest"],
        groups: &[],
    });
}

/// fibonacci-play.
#[test]
#[ignore = "slow tier: C++ twins on testlib.h"]
fn fibonacci_play() {
    agree(&Problem {
        name: "fibonacci-play",
        t_max: 1000,
        lines_per_case: 1,
        piles: None,
        words: &["strong", "random", "uniform", "slow"],
        groups: &[],
    });
}

#[test]
#[ignore = "slow tier: C++ twins on testlib.h"]
fn subtraction() {
    agree(&Problem {
        name: "subtraction",
        lines_per_case: 1,
        t_max: 100_000,
        piles: None,
        words: &[],
        groups: &["1", "2"],
    });
}

#[test]
#[ignore = "slow tier: C++ twins on testlib.h"]
fn wythoff() {
    agree(&Problem {
        name: "wythoff",
        lines_per_case: 1,
        t_max: 100_000,
        piles: None,
        words: &[],
        groups: &[],
    });
}

/// One test of a problem's plan.
struct Planned {
    /// `file` or the generator's command line, for messages.
    what: String,
    input: Vec<u8>,
    group: Option<String>,
}

/// Both validators' answers on one input, which must agree.
struct Tally {
    /// The Rust validator, built in release as the kit builds it.
    rust: PathBuf,
    inputs: usize,
    valid: usize,
}

impl Tally {
    /// Runs both validators on `input` with `--testset tests [--group G]`
    /// (the judge's arguments) at the same time, asserts that both accept or
    /// both reject it (with testlib's FAIL, 3), and returns whether it is
    /// valid.
    fn run(&mut self, p: &Problem, cpp: &Path, input: &[u8], group: Option<&str>) -> bool {
        let mut args = vec!["--testset", "tests"];
        if let Some(g) = group {
            args.extend(["--group", g]);
        }
        let (rust, cpp) = std::thread::scope(|s| {
            let rust = s.spawn(|| cpp::run_on_stdin(&self.rust, &args, input));
            let cpp = cpp::run_on_stdin(cpp, &args, input);
            (rust.join().unwrap(), cpp)
        });
        let shown = String::from_utf8_lossy(&input[..input.len().min(300)]);
        for (who, outcome) in [("Rust", &rust), ("C++", &cpp)] {
            assert!(
                outcome.code == 0 || outcome.code == 3,
                "{}: the {who} validator ended with {} on {args:?} {shown:?}: {}",
                p.name,
                outcome.code,
                outcome.message
            );
        }
        assert_eq!(
            rust.code == 0,
            cpp.code == 0,
            "{}: the validators disagree with {args:?} on {shown:?}\n  Rust: {}\n  C++: {}",
            p.name,
            rust.message,
            cpp.message
        );
        self.inputs += 1;
        self.valid += usize::from(rust.code == 0);
        rust.code == 0
    }
}

fn agree(p: &Problem) {
    let cpp = cpp::build(&format!("validators/cpp/val-{}.cpp", p.name));
    let plan = plan(p);
    let mut tally = Tally {
        rust: release("validators", &format!("val-{}", p.name)),
        inputs: 0,
        valid: 0,
    };
    // (a) Every planned test, in its group, passes both.
    for test in &plan {
        let valid = tally.run(p, &cpp, &test.input, test.group.as_deref());
        assert!(valid, "{}: {} is not valid", p.name, test.what);
    }
    let planned = tally.inputs;

    // (b) Mutations, under every group setting of the problem: none (the
    // full limits), each group, and an unknown group (both refuse it).
    let mut settings: Vec<Option<&str>> = vec![None];
    settings.extend(p.groups.iter().map(|g| Some(*g)));
    if !p.groups.is_empty() {
        let valid = tally.run(p, &cpp, &plan[0].input, Some("unknown"));
        assert!(!valid, "{}: an unknown group is accepted", p.name);
    }
    // Bases: the first test of the plan (the sample) and the two smallest
    // others, cut to their first two cases.
    let mut others: Vec<&Planned> = plan[1..].iter().collect();
    others.sort_by_key(|t| t.input.len());
    let bases: Vec<Vec<u8>> = std::iter::once(&plan[0])
        .chain(others.into_iter().take(2))
        .map(|t| first_cases(&t.input, p.lines_per_case, 2))
        .collect();
    for (i, base) in bases.iter().enumerate() {
        for (input, surely_invalid) in mutations(p, base, i == 0) {
            for &group in &settings {
                let valid = tally.run(p, &cpp, &input, group);
                // The mutations that break the format must be refused (by
                // both, as they agree).
                assert!(
                    !(valid && surely_invalid),
                    "{}: the broken input {:?} is valid with group {group:?}",
                    p.name,
                    String::from_utf8_lossy(&input[..input.len().min(300)])
                );
            }
        }
    }
    let mut settings: Vec<String> = settings
        .iter()
        .map(|g| g.map_or("no group".to_string(), |g| format!("--group {g}")))
        .collect();
    if !p.groups.is_empty() {
        settings.push("once --group unknown".to_string());
    }
    let mut err = std::io::stderr().lock();
    writeln!(
        err,
        "validators agree on {} inputs of {} [Rust val-{} and C++ val-{}.cpp on {}]: \
         {planned} planned tests, all valid; {} mutated inputs ({}): {} valid, {} invalid",
        tally.inputs,
        p.name,
        p.name,
        p.name,
        cpp::testlib().describe(),
        tally.inputs - planned,
        settings.join(", "),
        tally.valid - planned,
        tally.inputs - tally.valid
    )
    .unwrap();
}

/// Numbers at and one past every bound of every problem (T, n, piles,
/// groups' limits, 10^9, 10^18, the 32- and 64-bit limits), and tokens that
/// are not numbers in testlib's grammar.
const VALUES: [&str; 39] = [
    "-1",
    "0",
    "1",
    "2",
    "3",
    "9",
    "10",
    "11",
    "49",
    "50",
    "51",
    "999",
    "1000",
    "1001",
    "1500",
    "1501",
    "99999",
    "100000",
    "100001",
    "999999",
    "1000000",
    "1000001",
    "999999998",
    "999999999",
    "1000000000",
    "1000000001",
    "2147483647",
    "2147483648",
    "999999999999999999",
    "1000000000000000000",
    "1000000000000000001",
    "9223372036854775807",
    "9223372036854775808",
    "-0",
    "00",
    "+1",
    "1.0",
    "1e3",
    "x",
];

/// The inputs derived from a valid `base` (at least one case), each with
/// whether it surely breaks the format (whatever the bounds). For the
/// `first` base, also T at and past its limits, the sum of n at and past its
/// limit, and every value of T and of the first case swapped for each of
/// [`VALUES`], for its neighbours, and for its left neighbour's value minus
/// one to plus two (the bounds between a, c and b in subtraction).
fn mutations(p: &Problem, base: &[u8], first: bool) -> Vec<(Vec<u8>, bool)> {
    let text = String::from_utf8(base.to_vec()).unwrap();
    assert!(text.ends_with('\n'));
    let lines: Vec<&str> = text.lines().collect();
    let join = |lines: &[String]| -> Vec<u8> {
        lines
            .iter()
            .map(|l| format!("{l}\n"))
            .collect::<String>()
            .into_bytes()
    };
    let owned: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    let with_line = |i: usize, line: String| {
        let mut l = owned.clone();
        l[i] = line;
        join(&l)
    };
    let t: u64 = lines[0].parse().unwrap();
    let last = lines.len() - 1;
    let mut out: Vec<(Vec<u8>, bool)> = vec![(base.to_vec(), false)];
    let mut broken = |input: Vec<u8>| out.push((input, true));

    // Line ends and spaces.
    broken(base[..base.len() - 1].to_vec());
    broken(text.replace('\n', "\r\n").into_bytes());
    broken(with_line(last, format!("{}\r", lines[last])));
    broken(with_line(0, format!("{} ", lines[0])));
    broken(with_line(last, format!("{} ", lines[last])));
    broken(with_line(1, format!(" {}", lines[1])));
    broken(format!(" {text}").into_bytes());
    broken(format!("\u{feff}{text}").into_bytes());
    if let Some(i) = lines.iter().position(|l| l.contains(' ')) {
        broken(with_line(i, lines[i].replacen(' ', "  ", 1)));
        broken(with_line(i, lines[i].replacen(' ', "\t", 1)));
    }
    // Missing, empty and extra lines and tokens.
    broken(Vec::new());
    broken(b"\n".to_vec());
    broken(format!("{text}\n").into_bytes());
    broken(format!("\n{text}").into_bytes());
    broken(join(&owned[..last]));
    broken(join(&[&owned[..1], &owned[2..]].concat()));
    broken(format!("{text}{}\n", lines[last]).into_bytes());
    broken(with_line(1, format!("{} 1", lines[1])));
    broken(with_line(last, format!("{} 1", lines[last])));
    // T one too large (a case missing) and one too small (a case extra).
    broken(with_line(0, (t + 1).to_string()));
    broken(with_line(0, (t - 1).to_string()));
    broken(with_line(0, format!("0{t}")));
    broken(with_line(0, format!("-{t}")));

    if !first {
        return out;
    }
    // T at and past its limits, with every case there: copies of the first,
    // or of one pile of one stone when the sum of n is bounded (so that only
    // T can be wrong).
    let case = match &p.piles {
        Some(piles) => format!("{}1\n1", piles.before),
        None => lines[1..=p.lines_per_case].join("\n"),
    };
    let repeat = |count: usize| {
        let mut input = format!("{count}\n");
        for _ in 0..count {
            input.push_str(&case);
            input.push('\n');
        }
        input.into_bytes()
    };
    for count in [10, 11, p.t_max, p.t_max + 1] {
        out.push((repeat(count), count > p.t_max));
    }
    if let Some(piles) = &p.piles {
        // The sum of n at its bound (cases of the most piles of 1) and one
        // past it (one more case of one pile).
        let (before, n) = (piles.before, piles.n_max);
        let wide = format!("{before}{n}\n{}\n", vec!["1"; n].join(" "));
        let cases = piles.sum_max / n;
        let full = wide.repeat(cases);
        out.push((format!("{cases}\n{full}").into_bytes(), false));
        out.push((
            format!("{}\n{full}{before}1\n1\n", cases + 1).into_bytes(),
            true,
        ));
        // One case of one pile too many.
        let over = vec!["1"; n + 1].join(" ");
        out.push((format!("1\n{before}{}\n{over}\n", n + 1).into_bytes(), true));
        // Every pile of the first case empty (a game without a move).
        let zeros = vec!["0"; lines[p.lines_per_case].split(' ').count()].join(" ");
        out.push((with_line(p.lines_per_case, zeros), false));
    }

    // Every value of T's line and of the first case (of a line of piles: the
    // first two and the last).
    for (i, line) in lines.iter().enumerate().take(p.lines_per_case + 1) {
        let tokens: Vec<&str> = line.split(' ').collect();
        let mut positions: Vec<usize> = (0..tokens.len().min(2)).collect();
        if tokens.len() > 2 {
            positions.push(tokens.len() - 1);
        }
        for &k in &positions {
            let Ok(value) = tokens[k].parse::<i128>() else {
                // A word: the allowed words, and near misses (a capital,
                // a letter more or less, a number), none allowed.
                let word = tokens[k];
                let mut swaps: Vec<String> = p.words.iter().map(|w| w.to_string()).collect();
                swaps.push(word[..1].to_uppercase() + &word[1..]);
                swaps.push(format!("{word}x"));
                swaps.push(word[..word.len() - 1].to_string());
                swaps.push("1".to_string());
                for swap in swaps {
                    let mut changed = tokens.clone();
                    changed[k] = &swap;
                    let surely = !p.words.contains(&swap.as_str());
                    out.push((with_line(i, changed.join(" ")), surely));
                }
                continue;
            };
            let mut swaps: Vec<String> = VALUES.iter().map(|v| v.to_string()).collect();
            swaps.extend([-2, -1, 1, 2].map(|d| (value + d).to_string()));
            swaps.push(format!("0{value}"));
            if k > 0
                && let Ok(left) = tokens[k - 1].parse::<i128>()
            {
                swaps.extend([-1, 0, 1, 2].map(|d| (left + d).to_string()));
            }
            for swap in swaps {
                let mut changed = tokens.clone();
                changed[k] = &swap;
                // A leading zero or a sign is never in testlib's grammar.
                let surely = swap.starts_with('+')
                    || swap == "-0"
                    || (swap.len() > 1 && swap.starts_with('0'))
                    || swap.contains(['.', 'e', 'x']);
                out.push((with_line(i, changed.join(" ")), surely));
            }
        }
    }
    out
}

/// The first `count` cases of a valid input, T rewritten.
fn first_cases(input: &[u8], lines_per_case: usize, count: usize) -> Vec<u8> {
    let text = std::str::from_utf8(input).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let t: usize = lines[0].parse().unwrap();
    let keep = t.min(count);
    let mut out = format!("{keep}\n");
    for line in &lines[1..1 + keep * lines_per_case] {
        out.push_str(line);
        out.push('\n');
    }
    out.into_bytes()
}

/// The tests of a problem's plan, in order: files read, generated tests made
/// by running the generator with the plan's arguments (`{index}` expanded as
/// the judge does).
fn plan(p: &Problem) -> Vec<Planned> {
    let dir = root().join("problems").join(p.name);
    let toml_path = dir.join("problem.toml");
    let text = std::fs::read_to_string(&toml_path).unwrap();
    let config: toml::Table = text
        .parse()
        .unwrap_or_else(|e| panic!("{}: {e}", toml_path.display()));
    let default_generator = config.get("generator").and_then(|g| g.as_str());
    let mut plan = Vec::new();
    for entry in config["tests"].as_array().unwrap() {
        let entry = entry.as_table().unwrap();
        let group = entry.get("group").map(|g| g.as_str().unwrap().to_string());
        if let Some(file) = entry.get("file") {
            let path = dir.join(file.as_str().unwrap());
            let input = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            plan.push(Planned {
                what: path.display().to_string(),
                input,
                group,
            });
            continue;
        }
        let generator = entry
            .get("generator")
            .and_then(|g| g.as_str())
            .or(default_generator)
            .expect("a generator");
        let args: Vec<&str> = entry["args"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap())
            .collect();
        let count = entry.get("count").map_or(1, |c| c.as_integer().unwrap());
        for index in 1..=count {
            let args: Vec<String> = args
                .iter()
                .map(|a| a.replace("{index}", &index.to_string()))
                .collect();
            plan.push(Planned {
                what: format!("{generator} {}", args.join(" ")),
                input: generate(generator, &args),
                group: group.clone(),
            });
        }
    }
    plan
}

/// Runs the generator `name` (a binary of the `generators` package) with
/// `args`; its output is the test.
fn generate(name: &str, args: &[String]) -> Vec<u8> {
    let program = release_bins("generators").join(name);
    assert!(
        program.is_file(),
        "{} is not a generator of the generators package",
        program.display()
    );
    let out = Command::new(&program).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{name} {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}
