//! `judge lab` speed: `cargo bench -p judge --bench lab`.
//!
//! Each table is timed in the same run against a straightforward C loop of
//! the kind the seeds write (compiled with `gcc -O2`, one core), and both
//! count the P-positions, which must agree:
//! * a subtraction game's outcomes to 10^8, with 7 moves and with 64 (once
//!   with a period found early, once with none: every position computed);
//! * Kayles' and Dawson's Kayles' Grundy values to 10^5 (and the rate as N
//!   grows);
//! * the sweep `a=1..10, c=a+2..20, b=c..40` of `{1..a} ∪ {c..b}`, 1000
//!   positions a set;
//! * Wythoff's P-positions on 4096 × 4096, and their SVG picture.
//!
//! The issue's goals: 1 s, well under 1 s, 2 s and 1 s.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use judge::cli::{FamilyArgs, LabArgs};
use judge::model::results::report::LabReport;
use testkit::bench::{gcc, median, write};

const ROUNDS: usize = 3;

const SUBTRACTION_C: &str = r#"#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    long n = atol(argv[1]), lost = 0;
    int k = argc - 2, *m = malloc(k * sizeof(int));
    for (int j = 0; j < k; j++) m[j] = atoi(argv[j + 2]);
    char *win = malloc(n);
    for (long i = 0; i < n; i++) {
        win[i] = 0;
        for (int j = 0; j < k; j++)
            if (m[j] <= i && !win[i - m[j]]) { win[i] = 1; break; }
        if (!win[i]) lost++;
    }
    printf("%ld\n", lost);
    return 0;
}
"#;

/// Octal games whose digits are 7 or 0 then 7 (`0.77`, `0.07`): take 1 or
/// 2 (only 2 for `0.07`), leaving no heap, one or two.
const OCTAL_C: &str = r#"#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv) {
    int n = atoi(argv[1]), least = atoi(argv[2]);
    int *g = malloc(n * sizeof(int));
    char seen[1024];
    long lost = 0;
    for (int i = 0; i < n; i++) {
        memset(seen, 0, sizeof seen);
        for (int k = least; k <= 2 && k <= i; k++) {
            int r = i - k;
            for (int a = 0; a <= r / 2; a++) seen[g[a] ^ g[r - a]] = 1;
        }
        int x = 0;
        while (seen[x]) x++;
        g[i] = x;
        if (!x) lost++;
    }
    printf("%ld\n", lost);
    return 0;
}
"#;

const SWEEP_C: &str = r#"#include <stdio.h>
int main(void) {
    static char win[1000];
    long lost = 0;
    for (int a = 1; a <= 10; a++)
        for (int c = a + 2; c <= 20; c++)
            for (int b = c; b <= 40; b++)
                for (int i = 0; i < 1000; i++) {
                    win[i] = 0;
                    for (int m = 1; m <= b && m <= i; m++)
                        if ((m <= a || m >= c) && !win[i - m]) { win[i] = 1; break; }
                    if (!win[i]) lost++;
                }
    printf("%ld\n", lost);
    return 0;
}
"#;

const WYTHOFF_C: &str = r#"#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    int n = atoi(argv[1]);
    char *row = calloc(n, 1), *col = calloc(n, 1), *diag = calloc(2 * n, 1);
    long lost = 0;
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++)
            if (!row[a] && !col[b] && !diag[n + a - b]) {
                row[a] = col[b] = diag[n + a - b] = 1;
                lost++;
            }
    printf("%ld\n", lost);
    return 0;
}
"#;

/// Compiles the C programs into the bench's folder.
fn compile(dir: &Path) -> [PathBuf; 4] {
    [
        ("subtraction", SUBTRACTION_C),
        ("octal", OCTAL_C),
        ("sweep", SWEEP_C),
        ("wythoff", WYTHOFF_C),
    ]
    .map(|(name, source)| {
        let c = dir.join(format!("{name}.c"));
        write(&c, source);
        let out = dir.join(name);
        gcc(&c, &out);
        out
    })
}

/// Runs a C program: its time and the count it prints.
fn c(program: &Path, args: &[String]) -> (Duration, u64) {
    let start = Instant::now();
    let out = Command::new(program).args(args).output().unwrap();
    let time = start.elapsed();
    assert!(out.status.success());
    (
        time,
        String::from_utf8_lossy(&out.stdout).trim().parse().unwrap(),
    )
}

/// Times `f` (which returns the count) over the rounds: the median, and
/// the count.
fn timed(mut f: impl FnMut() -> u64) -> (Duration, u64) {
    let mut times = Vec::new();
    let mut count = 0;
    for _ in 0..ROUNDS {
        let start = Instant::now();
        count = f();
        times.push(start.elapsed());
    }
    (median(times), count)
}

/// `judge lab`'s report of `family` with the parameters `given`.
fn lab(family: &str, given: &[(&str, &str)], upto: Option<usize>) -> LabReport {
    let family = FamilyArgs {
        name: family.into(),
        given: (given.iter())
            .map(|(name, value)| (name.to_string(), value.to_string()))
            .collect(),
    };
    let args = LabArgs {
        family,
        upto,
        sg: false,
        misere: false,
        plot: None,
        html: None,
        emit_tests: None,
        conjecture: None,
        positions: false,
        max: 1_000_000_000_000_000_000,
    };
    LabReport::of(judge::commands::lab::tabulate(games::lab::FAMILIES, &args).unwrap())
}

fn line(what: &str, ours: Duration, theirs: Duration, goal: Option<f64>) {
    let verdict = match goal {
        Some(g) if ours.as_secs_f64() <= g => format!("  (goal {g} s: met)"),
        Some(g) => format!("  (goal {g} s: MISSED)"),
        None => String::new(),
    };
    println!(
        "{what:<60} {:>10.4} s   C loop {:>8.3} s   C/ours {:>8.1}{verdict}",
        ours.as_secs_f64(),
        theirs.as_secs_f64(),
        theirs.as_secs_f64() / ours.as_secs_f64().max(1e-9)
    );
}

fn main() {
    let dir = std::env::temp_dir().join(format!("lab-bench-{}", std::process::id()));
    let [subtraction, octal, sweep, wythoff] = compile(&dir);
    println!("medians of {ROUNDS} rounds, one core; each line's counts of P-positions agree\n");

    // 64 moves spread up to 3·10^6, picked by a fixed LCG: no period shows
    // within 10^8 positions, so every position is computed.
    let mut x: u64 = 12345;
    let mut spread = std::collections::BTreeSet::new();
    while spread.len() < 64 {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        spread.insert((x >> 33) as usize % 3_000_000 + 1);
    }
    let sets: [(&str, Vec<usize>); 3] = [
        ("1-3,10-13", vec![1, 2, 3, 10, 11, 12, 13]),
        ("1-32,50-81 (64 moves)", (1..=32).chain(50..=81).collect()),
        (
            "64 moves up to 3·10^6, no period",
            spread.into_iter().collect(),
        ),
    ];
    for (name, moves) in sets {
        let n = 100_000_000;
        let game = games::subtraction::Subtraction::new(&moves, n).unwrap();
        let (ours, count) = timed(|| {
            game.wins(games::Play::Normal)
                .iter()
                .filter(|w| !**w)
                .count() as u64
        });
        let mut args = vec![n.to_string()];
        args.extend(moves.iter().map(usize::to_string));
        let (theirs, expected) = c(&subtraction, &args);
        assert_eq!(count, expected, "{name}");
        line(
            &format!("subtraction {name}, 10^8 positions"),
            ours,
            theirs,
            Some(1.0),
        );
    }

    for (code, least) in [("0.77", 1), ("0.07", 2)] {
        for n in [1_000, 10_000, 100_000] {
            let game = games::octal::Octal::new(code, n).unwrap();
            let (ours, count) = timed(|| game.grundy().iter().filter(|&&g| g == 0).count() as u64);
            let (theirs, expected) = c(&octal, &[n.to_string(), least.to_string()]);
            assert_eq!(count, expected, "{code} to {n}");
            let goal = (n == 100_000).then_some(0.5);
            let rate = n as f64 / ours.as_secs_f64().max(1e-9) / 1e6;
            let what = format!("octal {code}, Grundy values to {n} ({rate:.0} M/s)");
            line(&what, ours, theirs, goal);
        }
    }

    let swept = [
        ("moves", "1-a,c-b"),
        ("sweep", "a=1..10, c=a+2..20, b=c..40"),
    ];
    let (ours, count) = timed(|| {
        let report = lab("subtraction", &swept, None);
        // The whole tables' P-positions: a row gives its first 200, the
        // period the rest.
        (report.sets.iter())
            .map(|s| {
                let game = games::subtraction::Subtraction::new(&s.moves, 1000).unwrap();
                game.wins(games::Play::Normal)
                    .iter()
                    .filter(|w| !**w)
                    .count() as u64
            })
            .sum()
    });
    let (theirs, expected) = c(&sweep, &[]);
    assert_eq!(count, expected);
    line(
        "sweep a≤10, c≤20, b≤40 (3720 sets)",
        ours,
        theirs,
        Some(2.0),
    );

    let (ours, count) = timed(|| {
        let report = lab("wythoff", &[], Some(4096));
        let svg = judge::report::plot::svg(&report);
        assert!(svg.len() > 1000);
        (report.p_pairs.iter())
            .map(|[a, b]| if a == b { 1 } else { 2 })
            .sum()
    });
    let (theirs, expected) = c(&wythoff, &["4096".into()]);
    assert_eq!(count, expected);
    line(
        "wythoff 4096 × 4096, with its SVG picture",
        ours,
        theirs,
        Some(1.0),
    );
    let _ = std::fs::remove_dir_all(&dir);
}
