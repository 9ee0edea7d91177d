//! uncmp: compares unordered sequences (multisets) of signed 64-bit integers.
use testlib::prelude::*;

fn read_all(stream: &InStream) -> Vec<i64> {
    let mut values = Vec::new();
    while !stream.seek_eof() {
        values.push(stream.read_long());
    }
    values
}

pub fn main() {
    let Checker { ouf, ans, .. } = register_checker();
    let mut ja = read_all(&ans);
    let mut pa = read_all(&ouf);
    if ja.len() != pa.len() {
        quitf!(WA, "Expected {} elements, but {} found", ja.len(), pa.len());
    }
    ja.sort_unstable();
    pa.sort_unstable();
    if ja != pa {
        quitf!(
            WA,
            "Expected sequence and output are different (as unordered sequences) [size={}]",
            ja.len()
        );
    }
    let shown = if ja.len() <= 5 {
        join(&ja, " ")
    } else {
        format!(
            "{} ... {}",
            join(&ja[..2], " "),
            join(&ja[ja.len() - 2..], " ")
        )
    };
    match ja.len() {
        0 => quitf!(OK, "empty sequence"),
        1 => quitf!(OK, "1 number: {shown}"),
        n => quitf!(OK, "{n} numbers (in increasing order): {shown}"),
    }
}
