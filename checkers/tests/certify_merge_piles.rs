//! Certification of merge-piles: the reference solution, the brute force (a
//! search over the real moves) and the checker agree on every position with
//! at most 40 stones; the checker rejects each wrong shape of answer with the
//! right verdict.

use testkit::certify::{self, Checker};

// A contestant\'s program, for old compilers too: no `is_multiple_of`.
#[allow(dead_code, clippy::manual_is_multiple_of)]
#[path = "../../solutions/merge-piles/accepted/merge-piles.rs"]
mod reference;

#[allow(dead_code)]
#[path = "../../solutions/merge-piles/brute_force/merge-piles_search.rs"]
mod brute;

const CHECKER: Checker = Checker::Rust(env!("CARGO_BIN_EXE_check-merge-piles"));
const STONES: u64 = 40;

fn word(first: bool) -> &'static str {
    if first { "First" } else { "Second" }
}

/// Every multiset of piles with at most `left` stones, parts at least `min`.
fn positions(left: u64, min: u64, piles: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
    if !piles.is_empty() {
        out.push(piles.clone());
    }
    for x in min..=left {
        piles.push(x);
        positions(left - x, x, piles, out);
        piles.pop();
    }
}

fn case_text(piles: &[u64]) -> String {
    let list: Vec<String> = piles.iter().map(u64::to_string).collect();
    format!("{}\n{}\n", piles.len(), list.join(" "))
}

#[test]
fn reference_brute_force_and_checker_agree_on_small_states() {
    let mut all = Vec::new();
    positions(STONES, 1, &mut Vec::new(), &mut all);
    // Σ p(k) for k = 1..=40 (partition numbers): the enumeration is complete.
    assert_eq!(all.len(), 215_307);
    let mut search = brute::Search::new();
    let mut input = format!("{}\n", all.len());
    let (mut answer, mut output) = (String::new(), String::new());
    for piles in &all {
        let truth = search.first_wins(piles);
        assert_eq!(reference::first_wins(piles), truth, "piles {piles:?}");
        input.push_str(&case_text(piles));
        answer.push_str(&format!("{}\n", word(truth)));
        output.push_str(&format!("{}\n", word(reference::first_wins(piles))));
    }
    let cases = format!("{} case(s)", all.len());
    certify::check(&CHECKER, &input, &output, &answer).expect(0, &cases);
    // One flipped answer deep in the file is found and named.
    let mut flipped: Vec<&str> = output.lines().collect();
    let k = 20_000;
    let wrong = if flipped[k - 1] == "First" {
        "Second"
    } else {
        "First"
    };
    flipped[k - 1] = wrong;
    certify::check(&CHECKER, &input, &flipped.join("\n"), &answer).expect(
        1,
        &format!(
            "case {k}: expected {}, found {wrong}",
            output.lines().nth(k - 1).unwrap()
        ),
    );
    certify::report(
        "merge-piles",
        &format!(
            "{} positions (at most {STONES} stones; {} searched): reference = brute force, checker accepts",
            all.len(),
            search.positions()
        ),
    );
}

#[test]
fn the_checker_rejects_each_wrong_shape() {
    certify::first_second_shapes(
        &CHECKER,
        "5\n2\n1 2\n3\n1 1 1\n3\n1 1 2\n2\n2 3\n3\n1 4 1\n",
        &["First", "Second", "First", "Second", "Second"],
    );
}
