//! A+B contestant solution: answers each query `a b` with `a+b` until the end
//! of input, flushing after each answer. The live peer of upstream/006's
//! `interactor-a-plus-b` run.
use std::io::{BufRead, Write};

fn main() {
    let stdin = std::io::stdin().lock();
    let mut stdout = std::io::stdout().lock();
    let mut numbers = Vec::new();
    for line in stdin.lines() {
        let Ok(line) = line else { break };
        numbers.extend(
            line.split_whitespace()
                .filter_map(|t| t.parse::<i64>().ok()),
        );
        while numbers.len() >= 2 {
            let sum = numbers[0] + numbers[1];
            numbers.drain(..2);
            if writeln!(stdout, "{sum}")
                .and_then(|()| stdout.flush())
                .is_err()
            {
                return;
            }
        }
    }
}
