//! Certification of fibonacci: for every pile n ≤ 2000 and every first move
//! x, the checker's logic accepts the move exactly when the brute force (a
//! search over the real moves) says it wins, and the reference's move is one
//! of them; the rule behind the checker (the mover facing m stones with cap
//! c wins iff c ≥ z(m)) holds on the whole searched table; the reference and
//! the checker's logic agree up to 10^18; and the checker binary rejects
//! each wrong shape of answer with the right verdict.
//!
//! The binary-level certification runs twice, on the Rust checker and on its
//! C++ twin `checkers/cpp/check-fibonacci.cpp` (built on testlib.h): both
//! must accept the least and the largest winning move of every small pile
//! and give each wrong shape the same verdict and message.

use std::sync::OnceLock;

#[allow(dead_code)]
#[path = "../../solutions/fibonacci/accepted/fibonacci.rs"]
mod reference;

#[allow(dead_code)]
#[path = "../../solutions/fibonacci/brute_force/fibonacci_search.rs"]
mod brute;

use checkers::fibonacci::{Claim, Game, table};
use testkit::certify::{self, Checker};

const RUST: Checker = Checker::Rust(env!("CARGO_BIN_EXE_check-fibonacci"));
const CPP: Checker = Checker::Cpp("check-fibonacci");
const N: usize = 2000;

fn render(claim: Claim) -> String {
    match claim {
        Claim::Second => "Second\n".to_string(),
        Claim::First(x) => format!("First {x}\n"),
    }
}

/// Every first move of every small pile, certified in the checker's logic;
/// the files for the checker binaries: the input, the checker's own answers,
/// the reference's (least winning moves) and the largest winning moves.
struct SmallPiles {
    input: String,
    answer: String,
    output: String,
    largest: String,
    pairs: usize,
}

/// Built once per test binary, whichever checker's test comes first.
fn small_piles() -> &'static SmallPiles {
    static PILES: OnceLock<SmallPiles> = OnceLock::new();
    PILES.get_or_init(|| {
        let win = brute::win_table(N);
        let game = Game::new();
        let fib = reference::fibonacci_numbers();
        let mut input = format!("{}\n", N - 1);
        let (mut answer, mut output, mut largest) = (String::new(), String::new(), String::new());
        let mut pairs = 0;
        for n in 2..=N {
            let moves = brute::winning_first_moves(&win, n);
            for x in 1..n {
                let wins = brute::first_move_wins(&win, n, x);
                let verdict = game.judge(n as u64, &Claim::First(x as i64));
                assert_eq!(verdict.is_ok(), wins, "n = {n}, x = {x}: {verdict:?}");
                pairs += 1;
            }
            // Out-of-range moves and the decision itself.
            for x in [-1, 0, n as i64, n as i64 + 1] {
                assert!(
                    game.judge(n as u64, &Claim::First(x)).is_err(),
                    "n = {n}, x = {x}"
                );
            }
            assert_eq!(
                game.judge(n as u64, &Claim::Second).is_ok(),
                moves.is_empty()
            );
            // The reference plays the least winning move, z(n).
            let mine = reference::winning_move(&fib, n as u64);
            assert_eq!(mine, moves.first().map(|&x| x as u64), "n = {n}");
            input.push_str(&format!("{n}\n"));
            answer.push_str(&render(game.answer(n as u64)));
            output.push_str(&render(
                mine.map_or(Claim::Second, |x| Claim::First(x as i64)),
            ));
            largest.push_str(&render(
                moves
                    .last()
                    .map_or(Claim::Second, |&x| Claim::First(x as i64)),
            ));
        }
        SmallPiles {
            input,
            answer,
            output,
            largest,
            pairs,
        }
    })
}

/// The checker accepts the least and the largest winning move (or Second)
/// on every small pile.
fn accepts_every_small_pile(checker: &Checker) {
    let s = small_piles();
    let cases = format!("{} case(s)", N - 1);
    certify::check(checker, &s.input, &s.output, &s.answer).expect(0, &cases);
    // Any winning move is accepted: here the largest one.
    certify::check(checker, &s.input, &s.largest, &s.answer).expect(0, &cases);
    certify::report_checker(
        checker,
        "fibonacci",
        &format!(
            "{} piles (n ≤ {N}): checker accepts the least and the largest winning move",
            N - 1
        ),
    );
}

#[test]
fn every_first_move_of_every_small_pile() {
    let s = small_piles();
    certify::report(
        "fibonacci",
        &format!(
            "{} (n, x) pairs (n ≤ {N}): checker logic accepts x iff the brute force \
             wins with it; reference = least winning move",
            s.pairs
        ),
    );
    accepts_every_small_pile(&RUST);
}

#[test]
#[ignore = "slow tier: C++ twins on testlib.h"]
fn the_cpp_checker_accepts_every_small_pile() {
    accepts_every_small_pile(&CPP);
}

#[test]
fn the_zeckendorf_rule_holds_on_the_searched_table() {
    let win = brute::win_table(N);
    let game = Game::new();
    let mut states = 0;
    for (s, row) in win.iter().enumerate().skip(1) {
        let z = game.smallest_term(s as u64) as usize;
        for (c, &wins) in row.iter().enumerate().skip(1) {
            assert_eq!(wins, c >= z, "{s} stones, cap {c}");
            states += 1;
        }
        assert_eq!(game.is_fibonacci(s as u64), z == s, "{s}");
    }
    certify::report(
        "fibonacci",
        &format!("{states} (stones, cap) states (≤ {N}): wins iff cap ≥ z(stones)"),
    );
}

/// A small deterministic generator (xorshift64*), so that the test needs no
/// random crate and always checks the same piles.
struct Xorshift(u64);

impl Xorshift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

#[test]
fn reference_and_checker_agree_up_to_the_maximum() {
    const MAX: u64 = 1_000_000_000_000_000_000;
    let game = Game::new();
    let fib = reference::fibonacci_numbers();
    assert_eq!(fib, table());
    assert_eq!(fib.last(), Some(&679_891_637_638_612_258));
    let mut rng = Xorshift(0x9E37_79B9_7F4A_7C15);
    let mut piles = vec![MAX, MAX - 1, 649, 12113, 14466, 15864];
    for &f in &fib {
        piles.extend([f, f + 1, f - 1, f + 2].into_iter().filter(|&n| n >= 2));
    }
    for _ in 0..200_000 {
        let scale = 10u64.pow((rng.next() % 19) as u32);
        piles.push(2 + rng.next() % (scale - 1).max(1));
    }
    for &n in &piles {
        let claim =
            reference::winning_move(&fib, n).map_or(Claim::Second, |x| Claim::First(x as i64));
        assert_eq!(claim, game.answer(n), "n = {n}");
        assert_eq!(game.judge(n, &claim), Ok(()), "n = {n}");
    }
    certify::report(
        "fibonacci",
        &format!(
            "{} piles up to 10^18: reference = checker logic",
            piles.len()
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
    let input = "5\n2\n10\n12\n13\n100\n";
    let answer = "Second\nFirst 2\nFirst 1\nSecond\nFirst 3\n";
    let with = |case: usize, text: &str| {
        let mut lines: Vec<&str> = answer.lines().collect();
        lines[case - 1] = text;
        lines.join("\n")
    };
    let runs = std::cell::Cell::new(0);
    let check = |output: &str| {
        runs.set(runs.get() + 1);
        certify::check(checker, input, output, answer)
    };
    check(answer).expect(0, "5 case(s)");
    check(&with(5, "First 11")).expect(0, "5 case(s)");
    check("Second First\r\n2 First 1 Second First 3").expect(0, "5 case(s)");
    check(&with(1, "First 1")).expect(1, "case 1: 2 is a Fibonacci number, expected Second");
    check(&with(2, "Second")).expect(
        1,
        "case 2: 10 is not a Fibonacci number, expected First (taking 2 wins), found Second",
    );
    check(&with(2, "First 10")).expect(1, "case 2: First 10: the first move must leave");
    check(&with(2, "First 11")).expect(1, "case 2: First 11: the first move must leave");
    check(&with(2, "First 0")).expect(1, "case 2: First 0: the first move takes at least 1");
    check(&with(2, "First -3")).expect(1, "case 2: First -3: the first move takes at least 1");
    check(&with(5, "First 89")).expect(1, "case 5: First 89 loses: the opponent faces 11");
    check(&with(2, "First 3")).expect(1, "case 2: First 3 loses");
    // Malformed tokens are presentation errors.
    check(&with(3, "first 1")).expect(2, "case 3: expected First or Second, found first");
    check(&with(3, "First one")).expect(2, "case 3: expected x, found one");
    check(&with(3, "First 99999999999999999999"))
        .expect(2, "case 3: expected x, found 99999999999999999999");
    check("Second\nFirst 2\n").expect(2, "Unexpected end of file");
    check(&format!("{answer}Second\n")).expect(2, "Extra information");
    check("").expect(2, "Unexpected end of file");
    // A broken answer, or one that breaks the rules, is the jury's fault.
    let jury = |answer: &str| {
        runs.set(runs.get() + 1);
        certify::check(checker, input, answer, answer)
    };
    jury(&answer.replace("Second", "Draw")).expect(3, "answer");
    jury(&with(2, "First 5")).expect(3, "case 2: the jury's answer breaks the rules");
    certify::report_checker(
        checker,
        "fibonacci",
        &format!(
            "{} shapes of answer, each with its verdict and message",
            runs.get()
        ),
    );
}

/// Beyond the listed shapes: on random piles (small ones, Fibonacci numbers
/// and piles near 10^18) and random answers, right or wrong, well-formed or
/// not, and now and then a wrong jury answer, the C++ twin gives the Rust
/// checker's verdict and message, one answer per run.
#[test]
#[ignore = "slow tier: C++ twins on testlib.h"]
fn the_cpp_checker_agrees_with_the_rust_one_on_random_answers() {
    const RUNS: usize = 200;
    const MAX: u64 = 1_000_000_000_000_000_000;
    const ODD: [&str; 17] = [
        "first 1",
        "First 007",
        "First -0",
        "First +3",
        "First 3.0",
        "First 99999999999999999999",
        "First -9223372036854775808",
        "First 9223372036854775807",
        "First 9223372036854775808",
        "First --1",
        "First -",
        "First 1-",
        "",
        "First",
        "Second Second",
        "\u{feff}Second",
        "First\r\n1",
    ];
    let game = Game::new();
    let fib = table();
    let mut lcg = certify::Lcg(1597);
    let mut runs = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let n = match lcg.below(5) {
            0 => fib[1 + lcg.below(fib.len() as u64 - 1) as usize] + lcg.below(2),
            1 => MAX - lcg.below(1000),
            _ => 2 + lcg.below(120),
        };
        let right = render(game.answer(n));
        let random = |lcg: &mut certify::Lcg| match lcg.below(4) {
            0 => "Second\n".to_string(),
            1 => {
                let x = match lcg.below(3) {
                    0 => lcg.below(n.min(200) + 3) as i64 - 2,
                    1 => game.smallest_term(n) as i64 + lcg.below(3) as i64 - 1,
                    _ => (n - lcg.below(2)) as i64,
                };
                format!("First {x}\n")
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
        runs.push((format!("1\n{n}\n"), output, answer));
    }
    let [ok, wa, pe, fail] = certify::same_verdicts(&RUST, &CPP, &runs);
    assert!(
        ok > 0 && wa > 0 && pe > 0 && fail > 0,
        "{ok} {wa} {pe} {fail}"
    );
    certify::report_checker(
        &CPP,
        "fibonacci",
        &format!(
            "{RUNS} random answers: the Rust checker's verdict and message on each \
             ({ok} OK, {wa} WA, {pe} PE, {fail} FAIL)"
        ),
    );
}
