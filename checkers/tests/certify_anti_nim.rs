//! Certification of anti-nim: the reference solution (the SJ theorem), the
//! brute force (a misère search over the real moves) and the checker agree
//! on every list of at most 4 piles of 1..=12 stones (every multiset in every
//! order); the spec's smallest inputs catch each trap; the checker rejects
//! each wrong shape of answer with the right verdict.

use testkit::certify::{self, Checker};

// A contestant\'s program, for old compilers too: no `is_multiple_of`.
#[allow(dead_code, clippy::manual_is_multiple_of)]
#[path = "../../solutions/anti-nim/accepted/anti-nim.rs"]
mod reference;

#[allow(dead_code)]
#[path = "../../solutions/anti-nim/brute_force/anti-nim_search.rs"]
mod brute;

const CHECKER: Checker = Checker::Rust(env!("CARGO_BIN_EXE_check-anti-nim"));
const PILES: usize = 4;
const STONES: u64 = 12;

fn word(first: bool) -> &'static str {
    if first { "First" } else { "Second" }
}

fn join(piles: &[u64]) -> String {
    piles
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn reference_brute_force_and_checker_agree_on_small_states() {
    let states = certify::pile_lists(PILES, 1..=STONES);
    let mut search = brute::Search::new();
    let mut input = format!("{}\n", states.len());
    let (mut answer, mut output) = (String::new(), String::new());
    for piles in &states {
        let truth = search.first_wins(piles);
        assert_eq!(reference::first_wins(piles), truth, "{piles:?}");
        input.push_str(&format!("{}\n{}\n", piles.len(), join(piles)));
        answer.push_str(&format!("{}\n", word(truth)));
        output.push_str(&format!("{}\n", word(reference::first_wins(piles))));
    }
    let ok = format!("{} case(s)", states.len());
    certify::check(&CHECKER, &input, &output, &answer).expect(0, &ok);
    // One flipped answer in the middle is found and named.
    let k = states.len() / 2;
    let mut flipped: Vec<&str> = output.lines().collect();
    let wrong = if flipped[k] == "First" {
        "Second"
    } else {
        "First"
    };
    flipped[k] = wrong;
    certify::check(&CHECKER, &input, &flipped.join("\n"), &answer)
        .expect(1, &format!("case {}: expected", k + 1));
    certify::report(
        "anti-nim",
        &format!(
            "{} states (every list of ≤ {PILES} piles of 1..={STONES}): \
             reference = brute force, checker accepts",
            states.len()
        ),
    );
}

/// Beyond the exhaustive bound: random positions of up to 6 piles of up to 16
/// stones, drawn from a fixed sequence.
#[test]
fn reference_and_brute_force_agree_on_random_larger_states() {
    let mut lcg = certify::Lcg(2024);
    let mut next = |bound| lcg.below(bound);
    let mut search = brute::Search::new();
    const CASES: usize = 300;
    for _ in 0..CASES {
        let n = 1 + next(6) as usize;
        // A third of the piles are single stones, where the two rules meet.
        let piles: Vec<u64> = (0..n)
            .map(|_| if next(3) == 0 { 1 } else { 1 + next(16) })
            .collect();
        assert_eq!(
            reference::first_wins(&piles),
            search.first_wins(&piles),
            "{piles:?}"
        );
    }
    certify::report(
        "anti-nim",
        &format!("{CASES} random states of ≤ 6 piles ≤ 16: reference = brute force"),
    );
}

/// The spec's smallest catching inputs: each catches its trap, and no
/// position with fewer stones does.
#[test]
fn the_spec_traps_are_caught_by_their_smallest_inputs() {
    let xor = |p: &[u64]| p.iter().fold(0, |x, &a| x ^ a);
    let ones = |p: &[u64]| p.iter().all(|&a| a == 1);
    type Rule = Box<dyn Fn(&[u64]) -> bool>;
    let traps: [(&str, Rule, &[&[u64]]); 4] = [
        (
            "plain Nim",
            Box::new(move |p| xor(p) != 0),
            &[&[1], &[1, 1]],
        ),
        ("inverted Nim", Box::new(move |p| xor(p) == 0), &[&[2]]),
        (
            "all-ones branch inverted",
            Box::new(move |p| {
                if ones(p) {
                    p.len() % 2 == 1
                } else {
                    xor(p) != 0
                }
            }),
            &[&[1], &[1, 1]],
        ),
        (
            "all a_i > 1 for some a_i > 1",
            Box::new(move |p| {
                if p.iter().all(|&a| a > 1) {
                    xor(p) != 0
                } else {
                    xor(p) == 0
                }
            }),
            &[&[1, 2], &[1, 3]],
        ),
    ];
    let mut search = brute::Search::new();
    let states = certify::pile_lists(PILES, 1..=STONES);
    for (name, rule, smallest) in &traps {
        for piles in *smallest {
            assert_ne!(rule(piles), search.first_wins(piles), "{name} on {piles:?}");
        }
        let least: u64 = smallest.iter().map(|p| p.iter().sum()).min().unwrap();
        for piles in states.iter().filter(|p| p.iter().sum::<u64>() < least) {
            assert_eq!(rule(piles), search.first_wins(piles), "{name} on {piles:?}");
        }
    }
}

#[test]
fn the_checker_rejects_each_wrong_shape() {
    certify::first_second_shapes(
        &CHECKER,
        "5\n1\n1\n2\n1 1\n1\n2\n2\n1 2\n3\n1 2 3\n",
        &["Second", "First", "First", "First", "Second"],
    );
}
