//! Certification of nim: on every list of at most 4 piles of at most 12
//! stones (every multiset in every order), the brute force (a search over
//! the real moves) gives the winner and all winning moves; the reference's
//! move must be one of them, the checker's logic must accept exactly those
//! moves among every answer of the form `First i x` near the legal range,
//! and the checker binary must accept the reference's and another solution's
//! answers. Then the checker rejects each wrong shape of answer.
//!
//! The binary-level certification runs twice, on the Rust checker and on its
//! C++ twin `checkers/cpp/check-nim.cpp` (built on testlib.h): both must
//! accept every small state and give each wrong shape the same verdict and
//! message.

use std::sync::OnceLock;

use checkers::nim::{Answer, Wrong, judge};
use testkit::certify::{self, Checker};

#[allow(dead_code)]
#[path = "../../solutions/nim/accepted/nim.rs"]
mod reference;

#[allow(dead_code)]
#[path = "../../solutions/nim/brute_force/nim_search.rs"]
mod brute;

const RUST: Checker = Checker::Rust(env!("CARGO_BIN_EXE_check-nim"));
const CPP: Checker = Checker::Cpp("check-nim");
const PILES: usize = 4;
const STONES: u64 = 12;

fn line(answer: Option<(usize, u64)>) -> String {
    match answer {
        None => "Second\n".to_string(),
        Some((i, x)) => format!("First {i} {x}\n"),
    }
}

/// Every small state, certified in the checker's logic; the files for the
/// checker binaries: the input, the reference's answers and the last winning
/// moves the search finds.
struct SmallStates {
    input: String,
    output: String,
    last: String,
    states: usize,
    moves_judged: usize,
}

/// Built once per test binary, whichever checker's test comes first.
fn small_states() -> &'static SmallStates {
    static STATES: OnceLock<SmallStates> = OnceLock::new();
    STATES.get_or_init(|| {
        let states = certify::pile_lists(PILES, 0..=STONES);
        let mut search = brute::Search::new();
        let (mut input, mut output, mut last) = (String::new(), String::new(), String::new());
        let mut moves_judged = 0;
        for piles in &states {
            let truth = search.first_wins(piles);
            let winning = search.winning_moves(piles);
            assert_eq!(truth, !winning.is_empty(), "{piles:?}");

            let answer = reference::winning_move(piles);
            assert_eq!(answer.is_some(), truth, "reference on {piles:?}");
            if let Some(m) = answer {
                assert!(winning.contains(&m), "reference's {m:?} loses on {piles:?}");
            }

            // The checker's logic accepts exactly the brute force's winning
            // moves, and `Second` exactly on losing positions.
            assert_eq!(judge(piles, Answer::Second).is_ok(), !truth, "{piles:?}");
            for pile in -1..=piles.len() as i64 + 1 {
                for left in -2..=STONES as i64 + 2 {
                    let accepted = judge(piles, Answer::First { pile, left }).is_ok();
                    let wins = winning.contains(&(pile as usize, left as u64));
                    assert_eq!(accepted, wins, "First {pile} {left} on {piles:?}");
                    moves_judged += 1;
                }
            }

            input.push_str(&format!("{}\n{}\n", piles.len(), join(piles)));
            output.push_str(&line(answer));
            last.push_str(&line(winning.last().copied()));
        }
        SmallStates {
            input: format!("{}\n{input}", states.len()),
            output,
            last,
            states: states.len(),
            moves_judged,
        }
    })
}

/// The checker accepts the reference's move and the last winning move on
/// every small state.
fn accepts_every_small_state(checker: &Checker) {
    let s = small_states();
    let ok = format!("{} case(s)", s.states);
    certify::check(checker, &s.input, &s.output, &s.output).expect(0, &ok);
    // Another winning move (the last one the search finds) is accepted too.
    certify::check(checker, &s.input, &s.last, &s.output).expect(0, &ok);
    certify::report_checker(
        checker,
        "nim",
        &format!(
            "{} states (every list of ≤ {PILES} piles ≤ {STONES}): \
             checker accepts the reference's and the last winning moves",
            s.states
        ),
    );
}

#[test]
fn reference_brute_force_and_checker_agree_on_small_states() {
    let s = small_states();
    certify::report(
        "nim",
        &format!(
            "{} states (every list of ≤ {PILES} piles ≤ {STONES}): reference = brute force; \
             checker logic accepts exactly the winning moves among {} answers",
            s.states, s.moves_judged
        ),
    );
    accepts_every_small_state(&RUST);
}

#[test]
#[ignore = "slow tier: C++ twins on testlib.h"]
fn the_cpp_checker_accepts_every_small_state() {
    accepts_every_small_state(&CPP);
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
        let piles: Vec<u64> = (0..n).map(|_| next(17)).collect();
        let winning = search.winning_moves(&piles);
        match reference::winning_move(&piles) {
            None => assert!(winning.is_empty(), "reference says Second on {piles:?}"),
            Some(m) => assert!(winning.contains(&m), "reference's {m:?} loses on {piles:?}"),
        }
        for &(pile, left) in &winning {
            let answer = Answer::First {
                pile: pile as i64,
                left: left as i64,
            };
            assert_eq!(judge(&piles, answer), Ok(()), "{answer:?} on {piles:?}");
        }
    }
    certify::report(
        "nim",
        &format!("{CASES} random states of ≤ 6 piles ≤ 16: reference = brute force"),
    );
}

fn join(piles: &[u64]) -> String {
    piles
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_logic_names_each_wrong_kind() {
    let piles = [5, 4, 3];
    let first = |pile, left| judge(&piles, Answer::First { pile, left });
    assert_eq!(
        judge(&piles, Answer::Second),
        Err(Wrong::SecondButWinning { xor: 2 })
    );
    assert_eq!(
        judge(&[1, 2, 3], Answer::First { pile: 3, left: 0 }),
        Err(Wrong::FirstButLosing)
    );
    assert_eq!(first(4, 0), Err(Wrong::NoSuchPile { pile: 4, n: 3 }));
    assert_eq!(
        first(1, 7),
        Err(Wrong::IllegalMove {
            pile: 1,
            stones: 5,
            left: 7
        })
    );
    assert_eq!(
        first(1, 4),
        Err(Wrong::LosingMove {
            pile: 1,
            stones: 5,
            left: 4,
            xor: 3
        })
    );
    // Piles near 10^18: the xor needs all 64 bits.
    let big = [1 << 59, (1 << 59) | 5, 5];
    assert_eq!(judge(&big, Answer::Second), Ok(()));
    assert_eq!(
        judge(&[1 << 40, 1], Answer::First { pile: 1, left: 1 }),
        Ok(())
    );
}

#[test]
fn the_checker_rejects_each_wrong_shape() {
    rejects_each_wrong_shape(&RUST);
}

#[test]
#[ignore = "slow tier: C++ twins on testlib.h"]
fn the_cpp_checker_rejects_each_wrong_shape() {
    rejects_each_wrong_shape(&CPP);
}

/// Each wrong shape of answer gets its verdict (the same from the Rust
/// checker and its C++ twin) and a message naming the case.
fn rejects_each_wrong_shape(checker: &Checker) {
    let input = "5\n3\n1 2 3\n3\n5 4 3\n2\n0 7\n1\n0\n4\n3 5 6 1\n";
    let answer = "Second\nFirst 3 1\nFirst 2 0\nSecond\nFirst 1 2\n";
    let runs = std::cell::Cell::new(0);
    let check = |output: &str| {
        runs.set(runs.get() + 1);
        certify::check(checker, input, output, answer)
    };
    check("Second First 3 1\r\nFirst 2 0 Second\nFirst 4 0").expect(0, "5 case(s)");
    check("Second\nFirst 3 1\nFirst 2 0\nSecond\nFirst 2 4\n").expect(0, "5 case(s)");
    // Wrong winner.
    check("Second\nSecond\n").expect(1, "case 2: expected First (the xor of the piles is 2)");
    check("First 1 0\n").expect(1, "case 1: expected Second (the xor of the piles is 0)");
    // Not a move: no such pile (0-based index), nothing taken, too many left, negative.
    check("Second\nFirst 0 1\n").expect(1, "case 2: there is no pile 0 (the piles are 1..3)");
    check("Second\nFirst 4 1\n").expect(1, "case 2: there is no pile 4");
    check("Second\nFirst 3 3\n")
        .expect(1, "case 2: pile 3 has 3 stone(s): leaving 3 is not a move");
    check("Second\nFirst 1 7\n")
        .expect(1, "case 2: pile 1 has 5 stone(s): leaving 7 is not a move");
    check("Second\nFirst 3 -1\n").expect(1, "case 2: pile 3 has 3 stone(s): leaving -1");
    // A legal move that loses.
    check("Second\nFirst 3 1\nFirst 2 3\n").expect(
        1,
        "case 3: leaving 3 of the 7 stone(s) of pile 2 makes the xor 3",
    );
    // Garbage, a short answer, a missing case, extra output.
    check("Second\nfirst 3 1\n").expect(2, "case 2: expected First or Second, found first");
    check("Second\nFirst three 1\n")
        .expect(2, "case 2: expected the pile index (a 64-bit integer)");
    check("Second\nFirst 3 01\n").expect(2, "case 2: expected the stones left");
    check("Second\nFirst 3 99999999999999999999\n").expect(2, "case 2: expected the stones left");
    check("Second\nFirst 3\n").expect(2, "case 2: expected the stones left, found the end");
    check("Second\nFirst 3 1 1\n").expect(2, "case 3: expected First or Second, found 1");
    check("Second\nFirst 3 1\nFirst 2 0\nSecond\n").expect(
        2,
        "case 5: expected First or Second, found the end of the file",
    );
    check("").expect(
        2,
        "case 1: expected First or Second, found the end of the file",
    );
    check(&format!("{answer}Second\n")).expect(2, "Extra information");
    // A broken or wrong answer file is the jury's fault.
    let right = "Second\nFirst 3 1\nFirst 2 0\nSecond\nFirst 4 0\n";
    let jury = |answer: &str| {
        runs.set(runs.get() + 1);
        certify::check(checker, input, right, answer)
    };
    jury("Second\nFirst 3 1\nFirst 2 0\nSecond\nDraw\n").expect(
        3,
        "case 5: the jury's answer: expected First or Second, found Draw",
    );
    jury("Second\nFirst 1 1\nFirst 2 0\nSecond\nFirst 1 2\n").expect(
        3,
        "case 2: the jury's answer is wrong: leaving 1 of the 5 stone(s)",
    );
    jury("First 1 0\n").expect(3, "case 1: the jury's answer is wrong: expected Second");
    jury("Second\n").expect(
        3,
        "case 2: the jury's answer: expected First or Second, found the end",
    );
    certify::report_checker(
        checker,
        "nim",
        &format!(
            "{} shapes of answer, each with its verdict and message",
            runs.get()
        ),
    );
}

/// Beyond the listed shapes: on random positions (some with piles near
/// 10^18) and random answers, right or wrong, well-formed or not, and now
/// and then a wrong jury answer, the C++ twin gives the Rust checker's
/// verdict and message, one answer per run.
#[test]
#[ignore = "slow tier: C++ twins on testlib.h"]
fn the_cpp_checker_agrees_with_the_rust_one_on_random_answers() {
    const RUNS: usize = 200;
    const ODD: [&str; 16] = [
        "first 1 0",
        "First 01 0",
        "First -0 1",
        "First 1 -0",
        "First +1 0",
        "First 1",
        "First",
        "",
        "First 99999999999999999999 1",
        "First 1 9223372036854775808",
        "First -9223372036854775808 0",
        "First 1 1.0",
        "Second Second",
        "First\t1\r\n0",
        "\u{feff}Second",
        "Second\0",
    ];
    let mut lcg = certify::Lcg(2025);
    let mut runs = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let n = 1 + lcg.below(4) as usize;
        let mut piles: Vec<u64> = (0..n).map(|_| lcg.below(13)).collect();
        if lcg.below(6) == 0 {
            piles[0] = 1_000_000_000_000_000_000 - lcg.below(3);
        }
        let right = line(reference::winning_move(&piles));
        let random = |lcg: &mut certify::Lcg| match lcg.below(4) {
            0 => "Second\n".to_string(),
            1 => format!(
                "First {} {}\n",
                lcg.below(n as u64 + 3) as i64 - 1,
                lcg.below(17) as i64 - 2
            ),
            2 => ODD[lcg.below(ODD.len() as u64) as usize].to_string(),
            _ => right.clone(),
        };
        let output = random(&mut lcg);
        // Mostly the right jury answer; sometimes a wrong or broken one.
        let answer = if lcg.below(10) == 0 {
            random(&mut lcg)
        } else {
            right.clone()
        };
        runs.push((format!("1\n{n}\n{}\n", join(&piles)), output, answer));
    }
    let [ok, wa, pe, fail] = certify::same_verdicts(&RUST, &CPP, &runs);
    assert!(
        ok > 0 && wa > 0 && pe > 0 && fail > 0,
        "{ok} {wa} {pe} {fail}"
    );
    certify::report_checker(
        &CPP,
        "nim",
        &format!(
            "{RUNS} random answers: the Rust checker's verdict and message on each \
             ({ok} OK, {wa} WA, {pe} PE, {fail} FAIL)"
        ),
    );
}
