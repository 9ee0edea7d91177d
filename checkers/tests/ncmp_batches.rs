//! ncmp reads its numbers in batches (`Held::read_plain_longs`) and the rest
//! one by one. This holds it to the plain number-by-number loop on large
//! random outputs: the same exit code and report, byte for byte, when the
//! sequences agree, differ, end early or late, or hold a token that is not
//! a plain integer (in the output, the answer or both), at batch and buffer
//! boundaries and with blanks of every kind and length.

use std::fmt::Write as _;
use std::io::Write as _;
use std::os::fd::AsRawFd;

use testlib::prelude::*;
use testlib::{Random, run_in_process};

/// ncmp as a number-by-number loop: `while !seek_eof() { read_long() }` on
/// both streams, in turn.
fn one_by_one() {
    let Checker { ouf, ans, .. } = register_checker();
    let mut n: i64 = 0;
    let mut first = String::new();
    while !ans.seek_eof() && !ouf.seek_eof() {
        n += 1;
        let j = ans.read_long();
        let p = ouf.read_long();
        if j != p {
            quitf!(
                WA,
                "{n}{} numbers differ - expected: '{j}', found: '{p}'",
                english_ending(n)
            );
        }
        if n <= 5 {
            if !first.is_empty() {
                first.push(' ');
            }
            first.push_str(&j.to_string());
        }
    }
    let mut extra_in_ans: i64 = 0;
    while !ans.seek_eof() {
        ans.read_long();
        extra_in_ans += 1;
    }
    let mut extra_in_ouf: i64 = 0;
    while !ouf.seek_eof() {
        ouf.read_long();
        extra_in_ouf += 1;
    }
    if extra_in_ans > 0 {
        quitf!(
            WA,
            "Answer contains longer sequence [length = {}], but output contains {n} elements",
            n + extra_in_ans
        );
    }
    if extra_in_ouf > 0 {
        quitf!(
            WA,
            "Output contains longer sequence [length = {}], but answer contains {n} elements",
            n + extra_in_ouf
        );
    }
    if n <= 5 {
        quitf!(OK, "{n} number(s): \"{}\"", compress(first.as_bytes()));
    }
    quitf!(OK, "{n} numbers");
}

/// Tokens `read_long` reads another way than the batches, or fails on.
const ODD_TOKENS: &[&str] = &[
    "+5",
    "007",
    "-0",
    "-",
    "9223372036854775807",
    "-9223372036854775808",
    "9223372036854775808",
    "-9223372036854775809",
    "99999999999999999999",
    "12345678901234567890123",
    "1.5",
    "abc",
    "12a",
    "\u{1}",
];

fn plain_number(rnd: &mut Random) -> String {
    let digits = rnd.next_range(1, 19);
    let mut text = String::new();
    if rnd.next_int(2) == 0 {
        text.push('-');
    }
    text.push(char::from(b'1' + rnd.next_int(9) as u8));
    for _ in 1..digits {
        text.push(char::from(b'0' + rnd.next_int(10) as u8));
    }
    if text.len() >= 19 && text.trim_start_matches('-') > "9223372036854775807" {
        text.pop();
    }
    if rnd.next_int(30) == 0 {
        return "0".to_string();
    }
    text
}

fn blank(rnd: &mut Random) -> String {
    match rnd.next_int(40) {
        0 => " ".repeat(rnd.next_range(2, 3000) as usize),
        1 => "\r\n".into(),
        2 => "\t".into(),
        3 => " \n \n\t ".into(),
        4..=9 => "\n".into(),
        _ => " ".into(),
    }
}

fn text_of(tokens: &[String], rnd: &mut Random) -> String {
    let mut text = blank(rnd).repeat(rnd.next_int(2) as usize);
    for token in tokens {
        text.push_str(token);
        text.push_str(&blank(rnd));
    }
    if rnd.next_int(3) == 0 {
        // No blank after the last token.
        text.truncate(text.trim_end().len());
    }
    text
}

/// An index near a batch's end (256 numbers) or anywhere.
fn index(rnd: &mut Random, len: usize) -> usize {
    if len == 0 {
        return 0;
    }
    let i = if rnd.next_int(2) == 0 {
        256 * rnd.next_range(0, len / 256) + rnd.next_range(0, 2)
    } else {
        rnd.next_range(0, len)
    };
    i.min(len - 1)
}

/// `text` cut in pieces of 1 to 40 bytes.
fn pieces(text: &str, seed: usize) -> Vec<String> {
    let mut rnd = Random::from_args(&["pieces", &seed.to_string()]);
    let bytes = text.as_bytes();
    let mut pieces = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let end = (at + rnd.next_range(1, 40)).min(bytes.len());
        pieces.push(String::from_utf8(bytes[at..end].to_vec()).unwrap());
        at = end;
    }
    pieces
}

#[test]
fn batches_end_as_the_number_by_number_loop_does() {
    let dir = tempfile::tempdir().unwrap();
    let [input, output, answer] = ["input.txt", "output.txt", "answer.txt"]
        .map(|f| dir.path().join(f).to_str().unwrap().to_string());
    std::fs::write(&input, "1\n").unwrap();
    let args = vec!["ncmp".to_string(), input, output.clone(), answer.clone()];
    let ncmp = checkers::standard::main_of("ncmp").unwrap();
    let mut rnd = Random::from_args(&["ncmp-batches"]);
    let mut kinds = std::collections::BTreeSet::new();
    for case in 0..150 {
        let len = match case % 3 {
            0 => rnd.next_range(0, 12),
            1 => rnd.next_range(200, 1100),
            _ => rnd.next_range(5_000, 40_000),
        };
        let answer_tokens: Vec<String> = (0..len).map(|_| plain_number(&mut rnd)).collect();
        let mut output_tokens = answer_tokens.clone();
        let mut answer_tokens = answer_tokens;
        let mut what = String::new();
        for _ in 0..rnd.next_range(0, 2) {
            match rnd.next_int(6) {
                0 => {
                    let i = index(&mut rnd, output_tokens.len());
                    if i < output_tokens.len() {
                        output_tokens[i] = plain_number(&mut rnd);
                        write!(what, " output[{i}] changed").unwrap();
                    }
                }
                1 => {
                    let keep = index(&mut rnd, output_tokens.len());
                    output_tokens.truncate(keep);
                    write!(what, " output cut to {keep}").unwrap();
                }
                2 => {
                    let more = rnd.next_range(1, 300);
                    output_tokens.extend((0..more).map(|_| plain_number(&mut rnd)));
                    write!(what, " output {more} longer").unwrap();
                }
                3 => {
                    let i = index(&mut rnd, output_tokens.len() + 1);
                    let token = rnd.any(ODD_TOKENS).to_string();
                    write!(what, " output[{i}] = {token:?}").unwrap();
                    output_tokens.insert(i.min(output_tokens.len()), token);
                }
                4 => {
                    let i = index(&mut rnd, answer_tokens.len() + 1);
                    let token = rnd.any(ODD_TOKENS).to_string();
                    write!(what, " answer[{i}] = {token:?}").unwrap();
                    answer_tokens.insert(i.min(answer_tokens.len()), token);
                }
                _ => {
                    let more = rnd.next_range(1, 300);
                    answer_tokens.extend((0..more).map(|_| plain_number(&mut rnd)));
                    write!(what, " answer {more} longer").unwrap();
                }
            }
        }
        let output_text = text_of(&output_tokens, &mut rnd);
        std::fs::write(&answer, text_of(&answer_tokens, &mut rnd)).unwrap();
        // Every fourth output comes through a pipe, in small pieces: its
        // reads end anywhere, so its batches stop short (a number not yet
        // whole) while the answer's go on.
        let piped = case % 4 == 3;
        let run = |main: fn()| {
            if !piped {
                std::fs::write(&output, &output_text).unwrap();
                return run_in_process(args.clone(), main);
            }
            let (reader, writer) = std::io::pipe().unwrap();
            let path = format!("/proc/self/fd/{}", reader.as_raw_fd());
            let mut args = args.clone();
            args[2] = path;
            let pieces = pieces(&output_text, case);
            let feeder = std::thread::spawn(move || {
                let mut writer = writer;
                for piece in pieces {
                    // The checker may stop reading early: a broken pipe.
                    if writer.write_all(piece.as_bytes()).is_err() {
                        break;
                    }
                }
            });
            let exit = run_in_process(args, main);
            drop(reader);
            feeder.join().unwrap();
            exit
        };
        let batched = run(ncmp);
        let reference = run(one_by_one);
        let shown = |report: &[u8]| String::from_utf8_lossy(report).into_owned();
        assert_eq!(
            (batched.code, shown(&batched.report)),
            (reference.code, shown(&reference.report)),
            "case {case}: {len} numbers,{what}"
        );
        kinds.insert(reference.code);
    }
    // Accepted, wrong answer, presentation error and the jury's fail.
    assert_eq!(kinds, [0, 1, 2, 3].into(), "exit codes seen");
}
