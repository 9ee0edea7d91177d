//! Certification of bash: the reference solution, the brute force (a search
//! over the real moves) and the checker agree on every n, m ≤ 200; the
//! checker rejects each wrong shape of answer with the right verdict.

use testkit::certify::{self, Checker};

// A contestant\'s program, for old compilers too: no `is_multiple_of`.
#[allow(dead_code, clippy::manual_is_multiple_of)]
#[path = "../../solutions/bash/accepted/bash.rs"]
mod reference;

#[allow(dead_code)]
#[path = "../../solutions/bash/brute_force/bash_search.rs"]
mod brute;

const CHECKER: Checker = Checker::Rust(env!("CARGO_BIN_EXE_check-bash"));
const N: u64 = 200;

fn word(first: bool) -> &'static str {
    if first { "First" } else { "Second" }
}

#[test]
fn reference_brute_force_and_checker_agree_on_small_states() {
    let mut input = format!("{}\n", N * N);
    let (mut answer, mut output) = (String::new(), String::new());
    for n in 1..=N {
        for m in 1..=N {
            let truth = brute::first_wins(n, m);
            assert_eq!(reference::first_wins(n, m), truth, "n = {n}, m = {m}");
            input.push_str(&format!("{n} {m}\n"));
            answer.push_str(&format!("{}\n", word(truth)));
            output.push_str(&format!("{}\n", word(reference::first_wins(n, m))));
        }
    }
    certify::check(&CHECKER, &input, &output, &answer).expect(0, "40000 case(s)");
    certify::report(
        "bash",
        &format!(
            "{} states (n, m ≤ {N}): reference = brute force, checker accepts",
            N * N
        ),
    );
}

#[test]
fn the_checker_rejects_each_wrong_shape() {
    certify::first_second_shapes(
        &CHECKER,
        "3\n3 2\n4 3\n1 1\n",
        &["Second", "Second", "First"],
    );
}
