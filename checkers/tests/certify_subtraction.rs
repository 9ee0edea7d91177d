//! Certification of subtraction: the reference solution (a period formula
//! found by experiment) and the brute force (a DP over n on the real move
//! set) agree on every game with b ≤ 40 for every n up to 8(b + 1) — at
//! least four periods, since the formula's period is at most b + c ≤ 2b,
//! and four times b + a + 1 — and on random games beyond; the checker
//! accepts the answers of all these games and rejects
//! each wrong shape of answer with the right verdict.

use testkit::certify::{self, Checker};

// A contestant's program, for old compilers too: no `is_multiple_of`.
#[allow(dead_code, clippy::manual_is_multiple_of)]
#[path = "../../solutions/subtraction/accepted/subtraction.rs"]
mod reference;

#[allow(dead_code)]
#[path = "../../solutions/subtraction/brute_force/subtraction_search.rs"]
mod brute;

const CHECKER: Checker = Checker::Rust(env!("CARGO_BIN_EXE_check-subtraction"));
const B: u64 = 40;
/// The checker gets every game the reference and the brute force compare.
const CHECKER_B: u64 = B;

fn word(first: bool) -> &'static str {
    if first { "First" } else { "Second" }
}

/// How far n goes for the move set {1..a} ∪ {c..b}.
fn span(b: u64) -> u64 {
    8 * (b + 1)
}

/// The first n where the reference and the DP disagree, if any.
fn first_disagreement(a: u64, c: u64, b: u64) -> Option<u64> {
    let truth = brute::outcomes(a, c, b, span(b));
    (1..=span(b)).find(|&n| reference::first_wins(a, c, b, n) != truth[n as usize])
}

#[test]
fn reference_brute_force_and_checker_agree_on_small_states() {
    let (mut input, mut answer, mut output) = (String::new(), String::new(), String::new());
    let (mut games, mut states, mut checked) = (0u64, 0u64, 0u64);
    for b in 3..=B {
        for a in 1..=b - 2 {
            for c in a + 2..=b {
                let truth = brute::outcomes(a, c, b, span(b));
                for n in 1..=span(b) {
                    let found = reference::first_wins(a, c, b, n);
                    assert_eq!(
                        found, truth[n as usize],
                        "a = {a}, c = {c}, b = {b}, n = {n}"
                    );
                    if b > CHECKER_B {
                        continue;
                    }
                    checked += 1;
                    input.push_str(&format!("{a} {c} {b} {n}\n"));
                    answer.push_str(word(truth[n as usize]));
                    answer.push('\n');
                    output.push_str(word(found));
                    output.push('\n');
                }
                games += 1;
                states += span(b);
            }
        }
    }
    // C(40, 3) move sets {1..a} ∪ {c..b} with a + 2 ≤ c ≤ b ≤ 40.
    assert_eq!(games, 9880);
    let input = format!("{checked}\n{input}");
    certify::check(&CHECKER, &input, &output, &answer).expect(0, &format!("{checked} case(s)"));
    // One flipped answer deep in the file is found and named.
    let mut flipped: Vec<&str> = output.lines().collect();
    let k = 300_000;
    let wrong = if flipped[k - 1] == "First" {
        "Second"
    } else {
        "First"
    };
    flipped[k - 1] = wrong;
    let expected = output.lines().nth(k - 1).unwrap();
    certify::check(&CHECKER, &input, &flipped.join("\n"), &answer)
        .expect(1, &format!("case {k}: expected {expected}, found {wrong}"));
    certify::report(
        "subtraction",
        &format!(
            "{states} states ({games} games with b ≤ {B}, n ≤ 8(b + 1)): reference = brute force; \
             checker accepts all {checked} with b ≤ {CHECKER_B}"
        ),
    );
}

#[test]
fn reference_and_brute_force_agree_on_random_games_beyond() {
    // A fixed xorshift stream: the same games on every run.
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = |bound: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % bound
    };
    let mut games = 0;
    for round in 0..400 {
        let b_max = if round < 380 { 3000 } else { 200_000 };
        let b = 3 + next(b_max - 2);
        // Small a as often as large a: the period depends on a + 1.
        let a = 1 + if next(2) == 0 {
            next(b - 2)
        } else {
            next(10.min(b - 2))
        };
        let c = a + 2 + next(b - a - 1);
        assert_eq!(
            first_disagreement(a, c, b),
            None,
            "a = {a}, c = {c}, b = {b}"
        );
        games += 1;
    }
    certify::report(
        "subtraction",
        &format!("{games} random games with b up to 2·10^5, n ≤ 8(b + 1): reference = brute force"),
    );
}

#[test]
fn the_checker_rejects_each_wrong_shape() {
    certify::first_second_shapes(
        &CHECKER,
        "5\n1 3 4 4\n1 3 4 7\n2 5 5 6\n3 6 8 9\n2 4 7 12\n",
        &["First", "Second", "Second", "Second", "First"],
    );
}
