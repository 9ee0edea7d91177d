//! Verdicts (testlib's `TResult`) and how each one is printed and exits.

/// The result a testlib program reports, as testlib's `TResult`.
///
/// The exit codes are testlib's defaults: `Ok` 0, `Wa` 1, `Pe` 2, `Fail` 3,
/// `Points` 7, and `Partially(k)` exits with `k`. `Dirt` is reported as a
/// presentation error (exit 2), and `UnexpectedEof` too unless
/// [`crate::enable_unexpected_eof`] was called (then it exits 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The answer is accepted (`_ok`).
    Ok,
    /// Wrong answer (`_wa`).
    Wa,
    /// Presentation error: the output is malformed (`_pe`).
    Pe,
    /// The jury is at fault: bad input, bad answer, bad checker (`_fail`).
    Fail,
    /// Extra data after an accepted output (`_dirt`, shown as PE).
    Dirt,
    /// A score, set through [`crate::quitp`] (`_points`).
    Points,
    /// The output ended too early (`_unexpected_eof`).
    UnexpectedEof,
    /// Partially correct with the given code (`_pc(k)`).
    Partially(i32),
}

pub use Outcome::{Dirt as DIRT, Fail as FAIL, Ok as OK, Pe as PE, Points as POINTS, Wa as WA};

/// testlib's `_unexpected_eof`, under a name that does not clash with std.
pub const UNEXPECTED_EOF: Outcome = Outcome::UnexpectedEof;

/// testlib's `_pc(k)`: partially correct, exit code `k`.
pub fn pc(k: i32) -> Outcome {
    Outcome::Partially(k)
}

impl Outcome {
    /// The prefix printed before the message (`ok `, `wrong answer `, ...).
    pub(crate) fn prefix(self, unexpected_eof_enabled: bool) -> String {
        match self {
            Outcome::Ok => "ok ".into(),
            Outcome::Wa => "wrong answer ".into(),
            Outcome::Pe | Outcome::Dirt => "wrong output format ".into(),
            Outcome::Fail => "FAIL ".into(),
            Outcome::Points => "points ".into(),
            Outcome::UnexpectedEof if unexpected_eof_enabled => "unexpected eof ".into(),
            Outcome::UnexpectedEof => "wrong output format ".into(),
            Outcome::Partially(k) => format!("partially correct ({k}) "),
        }
    }

    /// The exit code testlib uses for this outcome.
    pub(crate) fn exit_code(self, unexpected_eof_enabled: bool) -> i32 {
        match self {
            Outcome::Ok => 0,
            Outcome::Wa => 1,
            Outcome::Pe | Outcome::Dirt => 2,
            Outcome::Fail => 3,
            Outcome::Points => 7,
            Outcome::UnexpectedEof if unexpected_eof_enabled => 8,
            Outcome::UnexpectedEof => 2,
            Outcome::Partially(k) => k,
        }
    }

    /// The `outcome` attribute of an `-appes` XML result file.
    pub(crate) fn appes_name(self) -> &'static str {
        match self {
            Outcome::Ok => "accepted",
            Outcome::Wa => "wrong-answer",
            Outcome::Pe | Outcome::Dirt => "presentation-error",
            Outcome::Fail => "fail",
            Outcome::Points => "points",
            Outcome::UnexpectedEof => "unexpected-eof",
            Outcome::Partially(_) => "partially-correct",
        }
    }

    /// The ANSI colour testlib gives the prefix on a terminal.
    pub(crate) fn colour(self) -> &'static str {
        match self {
            Outcome::Ok => "\x1b[1;32m",
            Outcome::Wa | Outcome::Pe | Outcome::Fail => "\x1b[1;31m",
            Outcome::Dirt | Outcome::UnexpectedEof => "\x1b[1;36m",
            Outcome::Points | Outcome::Partially(_) => "\x1b[1;33m",
        }
    }

    /// Returns true if and only if testlib checks the output for leftover data
    /// ("Extra information in the output file") before reporting this outcome.
    pub(crate) fn checks_dirt(self) -> bool {
        matches!(self, Outcome::Ok | Outcome::Points | Outcome::Partially(_))
    }
}
