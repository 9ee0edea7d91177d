//! Interactor for nim-play. Sends `T`, then per game `n` and the piles; reads
//! the contestant's side (`First` or `Second`), then the two play Nim, one
//! move `i x` (1-based pile, stones taken) per line, the jury's moves
//! printed the same way and flushed, until the last stone is taken. The
//! jury plays by checkers::nim_play (a winning move when it has one, else a
//! losing reply chosen by the game's policy, seeded from the test). When
//! the contestant takes the last stone the next game starts; when the jury
//! does, it prints its move and quits with WA naming the game and the
//! contestant's first mistake. `tout` gets one line per game, the
//! side chosen and the number of moves played, then the verdict line of a
//! won session (`checkers::read::won_session`).
use std::io::Write;

use checkers::nim_play::{Policy, Position, Rng};
use testlib::prelude::*;

/// Sends one line to the contestant and flushes it. A contestant who has
/// gone away is noticed at the next read, so a failed write is ignored.
fn send(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(line.as_bytes()).and_then(|()| out.flush());
}

/// The contestant's next token, or PE naming what was expected.
fn token(ouf: &InStream, game: usize, what: &str) -> Vec<u8> {
    if ouf.seek_eof() {
        quitf!(
            PE,
            "game {game}: expected {what}, found the end of your output"
        );
    }
    ouf.read_token()
}

fn integer(ouf: &InStream, game: usize, what: &str) -> i64 {
    let t = token(ouf, game, what);
    testlib::parse_i64(&t).unwrap_or_else(|| {
        quitf!(
            PE,
            "game {game}: expected {what} (an integer), found {}",
            testlib::compress(&t)
        )
    })
}

/// How the contestant lost a game it could have won.
enum Mistake {
    /// The side chosen: First on a zero xor or Second on a non-zero one.
    Side { first: bool, xor: u64 },
    /// Its `k`-th move, after which the xor was `xor` (not 0).
    Move {
        k: u64,
        pile: usize,
        take: u64,
        xor: u64,
    },
}

impl Mistake {
    fn describe(&self) -> String {
        match *self {
            Mistake::Side { first: true, .. } => {
                "you chose First, but the xor of the piles was 0 (the first player loses)"
                    .to_string()
            }
            Mistake::Side { first: false, xor } => format!(
                "you chose Second, but the xor of the piles was {xor} (the first player wins)"
            ),
            Mistake::Move { k, pile, take, xor } => format!(
                "your move {k} (`{pile} {take}`) left the xor of the piles at {xor}, not 0, \
                 which hands the win to the jury"
            ),
        }
    }
}

fn main() {
    let Interactor {
        inf, ouf, mut tout, ..
    } = register_interactor();
    let t = inf.read_int();
    send(&format!("{t}\n"));
    let mut line = String::new();
    for game in 1..=t as usize {
        let policy = Policy::parse(&inf.read_token())
            .unwrap_or_else(|| quitf!(FAIL, "game {game}: unknown policy in the test"));
        let mut rng = Rng::new(inf.read_unsigned_long());
        let n = inf.read_int() as usize;
        let piles: Vec<u64> = (0..n).map(|_| inf.read_unsigned_long()).collect();
        let mut pos = Position::new(&piles);
        line.clear();
        line.push_str(&format!("{n}\n"));
        for (i, a) in piles.iter().enumerate() {
            line.push_str(&format!("{}{a}", if i == 0 { "" } else { " " }));
        }
        line.push('\n');
        send(&line);

        let side = token(&ouf, game, "First or Second");
        let first = match side.as_slice() {
            b"First" => true,
            b"Second" => false,
            other => quitf!(
                PE,
                "game {game}: expected First or Second, found {}",
                testlib::compress(other)
            ),
        };
        let mut mistake = (first != pos.mover_wins()).then_some(Mistake::Side {
            first,
            xor: pos.xor(),
        });
        let cap = pos.move_cap();
        let (mut theirs, mut moves) = (0u64, 0u64);
        let mut contestant_to_move = first;
        loop {
            moves += 1;
            if contestant_to_move {
                theirs += 1;
                let pile = integer(&ouf, game, &format!("your move {theirs}: the pile index"));
                let take = integer(
                    &ouf,
                    game,
                    &format!("your move {theirs}: the number of stones"),
                );
                if theirs > cap {
                    let why = mistake.as_ref().map_or_else(
                        || quitf!(FAIL, "game {game}: the move bound {cap} failed"),
                        Mistake::describe,
                    );
                    quitf!(
                        WA,
                        "game {game}: your move {theirs} is one too many (a winning play needs \
                         at most {cap} moves here, as every losing reply of the jury halves a \
                         pile); {why}"
                    );
                }
                let (i, x) = pos.check(pile, take).unwrap_or_else(|e| {
                    quitf!(WA, "game {game}, your move {theirs} (`{pile} {take}`): {e}")
                });
                pos.apply(i, x);
                if pos.is_over() {
                    writeln!(tout, "{} {moves}", if first { "First" } else { "Second" }).ok();
                    break;
                }
                if mistake.is_none() && pos.xor() != 0 {
                    mistake = Some(Mistake::Move {
                        k: theirs,
                        pile: i + 1,
                        take: x,
                        xor: pos.xor(),
                    });
                }
            } else {
                let (i, x) = pos.jury_move(policy, &mut rng);
                pos.apply(i, x);
                send(&format!("{} {x}\n", i + 1));
                if pos.is_over() {
                    let why = mistake.as_ref().map_or_else(
                        || quitf!(FAIL, "game {game}: the jury won a game it should lose"),
                        Mistake::describe,
                    );
                    quitf!(
                        WA,
                        "game {game}: the jury took the last stone with its move `{} {x}` and \
                         won; {why}",
                        i + 1
                    );
                }
            }
            contestant_to_move = !contestant_to_move;
        }
    }
    checkers::read::won_session(&ouf, &mut tout, t);
}
