//! Certification of wythoff: the reference solution, the brute force (a
//! search over the real moves) and the checker's logic give the same list of
//! winning moves for every position with piles up to 300; the checker's
//! logic accepts exactly the right answer there; the reference and the
//! checker's logic (written independently) agree on large piles; and the
//! checker binary rejects each wrong shape of answer with the right verdict.
//!
//! The binary-level certification runs twice, on the Rust checker and on its
//! C++ twin `checkers/cpp/check-wythoff.cpp` (built on testlib.h): both must
//! accept the exact answer of every small position and give each wrong shape
//! the same verdict and message.

use std::sync::OnceLock;

#[allow(dead_code)]
#[path = "../../solutions/wythoff/accepted/wythoff.rs"]
mod reference;

#[allow(dead_code)]
#[path = "../../solutions/wythoff/brute_force/wythoff_search.rs"]
mod brute;

use checkers::wythoff::{self, Claim, judge};
use testkit::certify::{self, Checker};

const RUST: Checker = Checker::Rust(env!("CARGO_BIN_EXE_check-wythoff"));
const CPP: Checker = Checker::Cpp("check-wythoff");
const N: usize = 300;
/// Up to here every one-move answer is tried against every position.
const ALL_CLAIMS: usize = 60;

fn render(moves: &[(u64, u64)]) -> String {
    if moves.is_empty() {
        return "Second\n".to_string();
    }
    let mut text = format!("First {}\n", moves.len());
    for (x, y) in moves {
        text.push_str(&format!("{x} {y}\n"));
    }
    text
}

fn claim(moves: &[(u64, u64)]) -> Claim {
    if moves.is_empty() {
        Claim::Second
    } else {
        Claim::First(moves.to_vec())
    }
}

/// Wrong answers built from the right one: each must be rejected.
fn wrong_shapes(a: u64, b: u64, truth: &[(u64, u64)]) -> Vec<Claim> {
    if truth.is_empty() {
        let (a, b) = (a.min(b), a.max(b));
        // A losing position: any First is wrong, even with a legal move.
        return vec![Claim::First(vec![]), Claim::First(vec![(0, b - a)])];
    }
    let mut wrong = vec![Claim::Second, Claim::First(vec![])];
    for i in 0..truth.len() {
        let mut dropped = truth.to_vec();
        dropped.remove(i);
        wrong.push(Claim::First(dropped));
        let mut doubled = truth.to_vec();
        doubled.insert(i + 1, truth[i]);
        wrong.push(Claim::First(doubled));
        let (x, y) = truth[i];
        if x != y {
            let mut unsorted = truth.to_vec();
            unsorted[i] = (y, x);
            wrong.push(Claim::First(unsorted));
        }
    }
    if truth.len() >= 2 {
        let mut swapped = truth.to_vec();
        swapped.swap(0, 1);
        wrong.push(Claim::First(swapped));
    }
    wrong
}

/// Every small position, certified in the checker's logic; the files for
/// the checker binaries: the input, the brute force's answers and the
/// reference's.
struct SmallStates {
    input: String,
    answer: String,
    output: String,
    states: usize,
    rejected: usize,
}

/// Built once per test binary, whichever checker's test comes first.
fn small_states() -> &'static SmallStates {
    static STATES: OnceLock<SmallStates> = OnceLock::new();
    STATES.get_or_init(|| {
        let lose = brute::losing_table(N);
        let states = (N + 1) * (N + 1);
        let mut input = format!("{states}\n");
        let (mut answer, mut output) = (String::new(), String::new());
        let mut rejected = 0;
        for a in 0..=N {
            for b in 0..=N {
                let truth: Vec<(u64, u64)> = brute::winning_moves(&lose, a, b)
                    .into_iter()
                    .map(|(x, y)| (x as u64, y as u64))
                    .collect();
                let (a, b) = (a as u64, b as u64);
                assert_eq!(reference::winning_moves(a, b), truth, "({a}, {b})");
                assert_eq!(wythoff::winning_moves(a, b), truth, "({a}, {b})");
                assert_eq!(reference::is_losing(a, b), truth.is_empty());
                assert_eq!(judge(a, b, &claim(&truth)), Ok(()), "({a}, {b})");
                for wrong in wrong_shapes(a, b, &truth) {
                    assert!(judge(a, b, &wrong).is_err(), "({a}, {b}): {wrong:?}");
                    rejected += 1;
                }
                input.push_str(&format!("{a} {b}\n"));
                answer.push_str(&render(&truth));
                output.push_str(&render(&reference::winning_moves(a, b)));
            }
        }
        SmallStates {
            input,
            answer,
            output,
            states,
            rejected,
        }
    })
}

/// The checker accepts the reference's answer on every small position.
fn accepts_every_small_state(checker: &Checker) {
    let s = small_states();
    certify::check(checker, &s.input, &s.output, &s.answer)
        .expect(0, &format!("{} case(s)", s.states));
    certify::report_checker(
        checker,
        "wythoff",
        &format!("{} states (a, b ≤ {N}): checker accepts", s.states),
    );
}

#[test]
fn reference_brute_force_and_checker_agree_on_small_states() {
    let s = small_states();
    certify::report(
        "wythoff",
        &format!(
            "{} states (a, b ≤ {N}): reference = brute force = checker logic; \
             {} wrong answers rejected",
            s.states, s.rejected
        ),
    );
    accepts_every_small_state(&RUST);
}

#[test]
#[ignore = "slow tier: C++ twins on testlib.h"]
fn the_cpp_checker_accepts_every_small_state() {
    accepts_every_small_state(&CPP);
}

#[test]
fn the_checker_accepts_exactly_the_right_one_move_answers() {
    let lose = brute::losing_table(ALL_CLAIMS);
    let mut claims = 0;
    for a in 0..=ALL_CLAIMS {
        for b in a..=ALL_CLAIMS {
            let truth = brute::winning_moves(&lose, a, b);
            // The checker's legality test is exactly the real moves.
            let mut reachable: Vec<(usize, usize)> =
                brute::moves(a, b).into_iter().map(|(m, _)| m).collect();
            reachable.sort_unstable();
            reachable.dedup();
            let legal: Vec<(usize, usize)> = (0..=b)
                .flat_map(|x| (x..=b).map(move |y| (x, y)))
                .filter(|&(x, y)| wythoff::is_legal(a as u64, b as u64, (x as u64, y as u64)))
                .collect();
            assert_eq!(legal, reachable, "({a}, {b})");
            for &(x, y) in &reachable {
                let one = Claim::First(vec![(x as u64, y as u64)]);
                let right = truth == [(x, y)];
                assert_eq!(judge(a as u64, b as u64, &one).is_ok(), right);
                claims += 1;
            }
        }
    }
    certify::report(
        "wythoff",
        &format!(
            "{claims} one-move answers (a ≤ b ≤ {ALL_CLAIMS}): legal moves = the real moves, \
             accepted iff right"
        ),
    );
}

/// A small deterministic generator (xorshift64*), so that the test needs no
/// random crate and always checks the same positions.
struct Xorshift(u64);

impl Xorshift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform enough in 0..=limit, at a random scale.
    fn scaled(&mut self, limit: u64) -> u64 {
        let scale = 10u64.pow((self.next() % 19) as u32).min(limit);
        self.next() % (scale + 1)
    }
}

#[test]
fn reference_and_checker_agree_on_large_positions() {
    const MAX: u64 = 1_000_000_000_000_000_000;
    let mut rng = Xorshift(0x9E37_79B9_7F4A_7C15);
    let mut positions = vec![
        (165_580_140, 267_914_295),
        (165_580_141, 267_914_296),
        (4180, 6764),
        (7_778_742_048, 12_586_269_024),
        (MAX, MAX),
        (0, MAX),
        (MAX - 1, MAX),
    ];
    for _ in 0..200_000 {
        // Losing positions at every scale, their neighbours, and random ones.
        let k = rng.scaled(381_966_011_250_105_150);
        let low = wythoff::lower(k);
        let (da, db) = (rng.next() % 3, rng.next() % 3);
        positions.push((low + da, (low + k + db).min(MAX)));
        positions.push((rng.scaled(MAX), rng.scaled(MAX)));
    }
    for &(a, b) in &positions {
        let moves = reference::winning_moves(a, b);
        assert_eq!(moves, wythoff::winning_moves(a, b), "({a}, {b})");
        assert_eq!(judge(a, b, &claim(&moves)), Ok(()), "({a}, {b})");
        assert_eq!(judge(b, a, &claim(&moves)), Ok(()), "({b}, {a})");
    }
    certify::report(
        "wythoff",
        &format!(
            "{} large positions (up to 10^18): reference = checker logic",
            positions.len()
        ),
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
    let input = "5\n2 1\n4 5\n2 3\n10 15\n0 7\n";
    let answer =
        "Second\nFirst 2\n1 2\n3 5\nFirst 1\n1 2\nFirst 3\n8 13\n6 10\n9 15\nFirst 1\n0 0\n";
    let with = |case: usize, text: &str| {
        let mut parts: Vec<&str> = vec![
            "Second\n",
            "First 2\n1 2\n3 5\n",
            "First 1\n1 2\n",
            "First 3\n8 13\n6 10\n9 15\n",
            "First 1\n0 0\n",
        ];
        parts[case - 1] = text;
        parts.concat()
    };
    let runs = std::cell::Cell::new(0);
    let check = |output: &str| {
        runs.set(runs.get() + 1);
        certify::check(checker, input, output, answer)
    };
    check(answer).expect(0, "5 case(s)");
    check(&answer.replace(" 2\n", " 2 ").replace('\n', "\r\n")).expect(0, "5 case(s)");
    check(&with(1, "First 1\n0 1\n")).expect(
        1,
        "case 1: (1, 2) is a losing position, expected Second, found First",
    );
    check(&with(2, "Second\n")).expect(
        1,
        "case 2: (4, 5) is a winning position, expected First 2: 1 2, 3 5, found Second",
    );
    check(&with(2, "First 1\n1 2\n")).expect(
        1,
        "case 2: First 1 from (4, 5), expected First 2: (3, 5) is missing",
    );
    check(&with(2, "First 2\n1 2\n1 3\n")).expect(
        1,
        "case 2: move 2: (1, 3) is not reachable from (4, 5) in one move",
    );
    check(&with(2, "First 3\n1 2\n3 5\n2 5\n")).expect(
        1,
        "case 2: move 3: (2, 5) does not win, the opponent answers with",
    );
    check(&with(3, "First 2\n1 2\n1 2\n")).expect(1, "case 3: move 2: (1, 2) repeats move 1");
    check(&with(3, "First 1\n2 1\n")).expect(1, "case 3: move 1: pair 2 1 is not sorted");
    check(&with(4, "First 3\n6 10\n8 13\n9 15\n")).expect(
        1,
        "case 4: wrong order: move 1 should be (8, 13) (the equal removal comes first)",
    );
    check(&with(4, "First 3\n8 13\n9 15\n6 10\n"))
        .expect(1, "case 4: wrong order: move 2 should be (6, 10)");
    check(&with(5, "First 0\n")).expect(
        1,
        "case 5: First 0 from (0, 7), expected First 1: (0, 0) is missing",
    );
    check(&with(5, "First 4\n0 0\n0 0\n0 0\n0 0\n")).expect(
        1,
        "case 5: First 4, but a position has 1 to 3 winning moves; expected First 1",
    );
    check(&with(1, "First -1\n")).expect(
        1,
        "case 1: First -1, but a position has 1 to 3 winning moves; expected Second",
    );
    check(&with(5, "First 1\n0 18446744073709551615\n")).expect(
        1,
        "case 5: move 1: (0, 18446744073709551615) is not reachable",
    );
    // Malformed tokens are presentation errors.
    check(&with(2, "first 2\n1 2\n3 5\n")).expect(2, "case 2: expected First or Second");
    check(&with(2, "First two\n1 2\n3 5\n"))
        .expect(2, "case 2: expected the number of moves, found two");
    check(&with(5, "First 1\n0 -1\n")).expect(2, "case 5: expected y, found -1");
    check(&with(5, "First 1\n0 18446744073709551616\n"))
        .expect(2, "case 5: expected y, found 18446744073709551616");
    check(&with(5, "First 1\n0\n")).expect(2, "Unexpected end of file");
    check(&with(5, "")).expect(2, "Unexpected end of file");
    check(&format!("{answer}Second\n")).expect(2, "Extra information");
    check("").expect(2, "Unexpected end of file");
    // A broken answer, or one that breaks the rules, is the jury's fault.
    let jury = |answer: &str| {
        runs.set(runs.get() + 1);
        certify::check(checker, input, answer, answer)
    };
    jury(&answer.replace("Second", "Draw")).expect(3, "answer");
    jury(&answer.replace("3 5\n", "2 5\n")).expect(3, "case 2: the jury's answer breaks the rules");
    certify::report_checker(
        checker,
        "wythoff",
        &format!(
            "{} shapes of answer, each with its verdict and message",
            runs.get()
        ),
    );
}

/// Beyond the listed shapes: on random positions (small ones, and losing
/// positions near 10^18 with their neighbours) and random answers (the wrong
/// shapes of the logic's certification, random pairs, malformed tokens), and
/// now and then a wrong jury answer, the C++ twin gives the Rust checker's
/// verdict and message, one answer per run.
#[test]
#[ignore = "slow tier: C++ twins on testlib.h"]
fn the_cpp_checker_agrees_with_the_rust_one_on_random_answers() {
    const RUNS: usize = 200;
    const ODD: [&str; 15] = [
        "first 1\n0 0\n",
        "First -0\n",
        "First -1\n",
        "First 4\n",
        "First 1\n0 -0\n",
        "First 1\n0 -1\n",
        "First 1\n0 18446744073709551615\n",
        "First 1\n0 18446744073709551616\n",
        "First 1\n007 1\n",
        "First 1\n0\n",
        "First 9223372036854775808\n",
        "First -9223372036854775808\n",
        "",
        "Second Second\n",
        "\u{feff}Second\n",
    ];
    let render_claim = |claim: &Claim| match claim {
        Claim::Second => "Second\n".to_string(),
        Claim::First(moves) => {
            let pairs: String = moves.iter().map(|(x, y)| format!("{x} {y}\n")).collect();
            format!("First {}\n{pairs}", moves.len())
        }
    };
    let mut lcg = certify::Lcg(4181);
    let mut runs = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let (a, b) = if lcg.below(4) == 0 {
            let k = 1 + lcg.below(300_000_000_000_000_000);
            let low = wythoff::lower(k);
            (low + lcg.below(3), low + k + lcg.below(3))
        } else {
            (lcg.below(31), lcg.below(31))
        };
        let truth = wythoff::winning_moves(a, b);
        let right = render(&truth);
        let random = |lcg: &mut certify::Lcg| match lcg.below(5) {
            0 => {
                let wrong = wrong_shapes(a, b, &truth);
                render_claim(&wrong[lcg.below(wrong.len() as u64) as usize])
            }
            1 => {
                let k = lcg.below(4);
                let (lo, hi) = (a.min(b), a.max(b));
                let pairs: String = (0..k)
                    .map(|_| format!("{} {}\n", lcg.below(lo + 1), hi - lcg.below(hi.min(5) + 1)))
                    .collect();
                format!("First {k}\n{pairs}")
            }
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
        runs.push((format!("1\n{a} {b}\n"), output, answer));
    }
    let [ok, wa, pe, fail] = certify::same_verdicts(&RUST, &CPP, &runs);
    assert!(
        ok > 0 && wa > 0 && pe > 0 && fail > 0,
        "{ok} {wa} {pe} {fail}"
    );
    certify::report_checker(
        &CPP,
        "wythoff",
        &format!(
            "{RUNS} random answers: the Rust checker's verdict and message on each \
             ({ok} OK, {wa} WA, {pe} PE, {fail} FAIL)"
        ),
    );
}
