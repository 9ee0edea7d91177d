//! Interactor for fibonacci-play. Sends `T`, then per game `n`; reads the
//! contestant's side (`First` or `Second`), then the two play Fibonacci Nim,
//! one move (the stones taken) per line, the jury's moves printed the same
//! way and flushed, until the last stone is taken. The jury plays by
//! checkers::fibonacci_play (the least winning move when it has one, else a
//! losing reply chosen by the game's policy, seeded from the test). When
//! the contestant takes the last stone the next game starts; when the jury
//! does, it prints its move and quits with WA naming the game and the
//! contestant's first mistake. A lost game is stopped after
//! `AFTER_MISTAKE` more moves of the contestant. `tout` gets one line per
//! game, the side chosen and the number of moves played, then the verdict
//! line of a won session (`checkers::read::won_session`).
use std::io::Write;

use checkers::fibonacci_play::{
    AFTER_MISTAKE, Policy, Position, Rng, contestant_move_cap, smallest_term,
};
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
    /// The side chosen: First on a Fibonacci number or Second otherwise.
    Side { first: bool, n: u64 },
    /// Its `k`-th move, which left `stones` with the jury allowed `cap`, at
    /// least their smallest Zeckendorf term.
    Move {
        k: u64,
        take: u64,
        stones: u64,
        cap: u64,
    },
}

impl Mistake {
    /// The contestant's moves made when it happened.
    fn at(&self) -> u64 {
        match *self {
            Mistake::Side { .. } => 0,
            Mistake::Move { k, .. } => k,
        }
    }

    fn describe(&self) -> String {
        match *self {
            Mistake::Side { first: true, n } => {
                format!("you chose First, but {n} is a Fibonacci number (the first player loses)")
            }
            Mistake::Side { first: false, n } => format!(
                "you chose Second, but {n} is not a Fibonacci number (the first player wins by \
                 taking {})",
                smallest_term(n)
            ),
            Mistake::Move {
                k,
                take,
                stones,
                cap,
            } => format!(
                "your move {k} (`{take}`) left {stones} stone(s) with the jury allowed up to \
                 {cap}, which reaches {}, their smallest Zeckendorf term: that hands the win to \
                 the jury",
                smallest_term(stones)
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
    for game in 1..=t as usize {
        let n = inf.read_unsigned_long();
        let policy = Policy::parse(&inf.read_token())
            .unwrap_or_else(|| quitf!(FAIL, "game {game}: unknown policy in the test"));
        let mut rng = Rng::new(inf.read_unsigned_long());
        if n < 2 {
            quitf!(
                FAIL,
                "game {game}: n = {n} in the test, at least 2 expected"
            );
        }
        let mut pos = Position::new(n);
        send(&format!("{n}\n"));

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
        let mut mistake = (first != pos.mover_wins()).then_some(Mistake::Side { first, n });
        let cap = contestant_move_cap(n, policy);
        let (mut theirs, mut moves) = (0u64, 0u64);
        let mut contestant_to_move = first;
        loop {
            moves += 1;
            if contestant_to_move {
                theirs += 1;
                let take = integer(
                    &ouf,
                    game,
                    &format!("your move {theirs}: the number of stones"),
                );
                match &mistake {
                    Some(m) if theirs > m.at() + AFTER_MISTAKE => quitf!(
                        WA,
                        "game {game}: stopped at your move {theirs}, {AFTER_MISTAKE} moves after \
                         the jury began to win; {}",
                        m.describe()
                    ),
                    None if theirs > cap => quitf!(
                        FAIL,
                        "game {game}: the move bound {cap} failed ({} policy)",
                        policy.name()
                    ),
                    _ => {}
                }
                let x = pos.check(take).unwrap_or_else(|e| {
                    quitf!(WA, "game {game}, your move {theirs} (`{take}`): {e}")
                });
                pos.apply(x);
                if pos.is_over() {
                    writeln!(tout, "{} {moves}", if first { "First" } else { "Second" }).ok();
                    break;
                }
                if mistake.is_none() && pos.mover_wins() {
                    mistake = Some(Mistake::Move {
                        k: theirs,
                        take: x,
                        stones: pos.stones(),
                        cap: pos.cap(),
                    });
                }
            } else {
                let y = pos.jury_move(policy, &mut rng);
                pos.apply(y);
                send(&format!("{y}\n"));
                if pos.is_over() {
                    let why = mistake.as_ref().map_or_else(
                        || quitf!(FAIL, "game {game}: the jury won a game it should lose"),
                        Mistake::describe,
                    );
                    quitf!(
                        WA,
                        "game {game}: the jury took the last stone with its move `{y}` and won; \
                         {why}"
                    );
                }
            }
            contestant_to_move = !contestant_to_move;
        }
    }
    checkers::read::won_session(&ouf, &mut tout, t);
}
