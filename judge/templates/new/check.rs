//! Checker for {{name}} (made by `judge new`): one word per game, `First` or
//! `Second`, equal to the jury's; the first wrong game is named.
use testlib::prelude::*;

fn main() {
    let Checker { inf, ouf, ans } = register_checker();
    let games = inf.read_int();
    let words = Pattern::new("First|Second");
    for game in 1..=games {
        let jury = ans.read_token_matching(&words, "answer");
        let found = ouf.read_token();
        if !words.matches(&found) {
            quitf!(
                PE,
                "game {game}: expected First or Second, found {}",
                compress(&found)
            );
        }
        if found != jury {
            quitf!(
                WA,
                "game {game}: expected {}, found {}",
                Bytes(&jury),
                Bytes(&found)
            );
        }
    }
    if !ouf.seek_eof() {
        quitf!(PE, "more output than the {games} game(s) of the input");
    }
    quitf!(OK, "{games} game(s)");
}
