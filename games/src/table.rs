//! A family's table, whatever the family: its positions' outcomes in the
//! shape of its game (one heap, two piles, several heaps, a sweep's sets),
//! the Grundy values, what proves the period (and the period proven), the
//! game in words and how its picture is laid out. A family builds one with
//! the constructors; [`crate::lab::Lab::tabulate`] proves its period.

use crate::period::{self, Period, Proof};
use crate::sweep::Values;

/// The positions of each set of a sweep (and of each row of a plane) a
/// table keeps: a row's first positions.
pub const SHOWN: usize = 200;

/// The positions tabulated and their outcomes, in the game's shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Positions {
    /// One heap or pile a position, `n`: whether the player to move wins
    /// (in a game whose first move differs, the first player).
    OneHeap(Vec<bool>),
    /// Two piles `(a, b)`, each below the table's `upto`: the
    /// P-positions, `a ≤ b`, by `a`.
    TwoPiles(Vec<[usize; 2]>),
    /// Several heaps: each position's heaps, smallest first (empty ones
    /// gone), and whether the player to move wins it.
    Heaps {
        positions: Vec<Vec<u64>>,
        wins: Vec<bool>,
    },
    /// A sweep: a table per parameter set.
    Sets(Swept),
}

/// How the picture of the P-positions is laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// One heap: rows as wide as the proven period.
    Strip,
    /// Two piles: the grid of `(a, b)`.
    Grid,
    /// A row for each value of a parameter up to the one asked (the
    /// circle's (n, k) plane), from [`Table::plane`].
    Plane,
    /// A row per parameter set of a sweep.
    Sets,
}

/// What carries the table's period to every position, or why nothing
/// does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Theorem {
    /// `proof` carries it; `says` is how the period line names it.
    Carries { proof: Proof, says: String },
    /// No period is claimed, and why.
    Nothing(String),
}

/// A family's table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The game's parameters in words (`moves 1,3,4`, `code 0.77`).
    pub game: String,
    /// A take-away game's moves, smallest first.
    pub moves: Option<Vec<usize>>,
    /// An octal game's code.
    pub code: Option<String>,
    pub positions: Positions,
    /// The Grundy values of one heap's positions; the period is theirs.
    pub grundy: Option<Vec<u32>>,
    pub theorem: Theorem,
    pub layout: Layout,
    /// [`Layout::Plane`]'s rows, the last the game asked for.
    pub plane: Vec<Vec<bool>>,
    /// What the theorem proves of the table: its period, the gaps between
    /// the P-positions of one period, and the proof in words (or why
    /// there is none).
    pub period: Option<Period>,
    pub gaps: Option<Vec<usize>>,
    pub proof: String,
}

impl Table {
    fn of(game: impl Into<String>, positions: Positions, layout: Layout) -> Table {
        Table {
            game: game.into(),
            moves: None,
            code: None,
            positions,
            grundy: None,
            theorem: Theorem::Nothing("no period claimed".into()),
            layout,
            plane: Vec::new(),
            period: None,
            gaps: None,
            proof: String::new(),
        }
    }

    /// One heap or pile: `wins[n]` for each position `n`.
    pub fn one_heap(game: impl Into<String>, wins: Vec<bool>) -> Table {
        Table::of(game, Positions::OneHeap(wins), Layout::Strip)
    }

    /// Two piles: their P-positions `(a, b)`, `a ≤ b`.
    pub fn two_piles(game: impl Into<String>, lost: Vec<[usize; 2]>) -> Table {
        Table::of(game, Positions::TwoPiles(lost), Layout::Grid)
    }

    /// Several heaps: each position's heaps and whether it is won.
    pub fn heaps(game: impl Into<String>, positions: Vec<Vec<u64>>, wins: Vec<bool>) -> Table {
        Table::of(game, Positions::Heaps { positions, wins }, Layout::Strip)
    }

    /// A sweep's sets.
    pub fn sets(game: impl Into<String>, swept: Swept) -> Table {
        Table::of(game, Positions::Sets(swept), Layout::Sets)
    }

    /// With the Grundy values of its positions (the period is theirs).
    pub fn with_grundy(self, values: Vec<u32>) -> Table {
        Table {
            grundy: Some(values),
            ..self
        }
    }

    /// With a take-away game's moves.
    pub fn with_moves(self, moves: Vec<usize>) -> Table {
        Table {
            moves: Some(moves),
            ..self
        }
    }

    /// With an octal game's code.
    pub fn with_code(self, code: impl Into<String>) -> Table {
        Table {
            code: Some(code.into()),
            ..self
        }
    }

    /// Drawn as a plane of `rows`, a row per value of a parameter.
    pub fn drawn_as_plane(self, rows: Vec<Vec<bool>>) -> Table {
        Table {
            layout: Layout::Plane,
            plane: rows,
            ..self
        }
    }

    /// Its period carried to every position by `proof`, which the period
    /// line names as `says`.
    pub fn proven_by(self, proof: Proof, says: impl Into<String>) -> Table {
        Table {
            theorem: Theorem::Carries {
                proof,
                says: says.into(),
            },
            ..self
        }
    }

    /// No period claimed, and `why`.
    pub fn unproven(self, why: impl Into<String>) -> Table {
        Table {
            theorem: Theorem::Nothing(why.into()),
            ..self
        }
    }

    /// What the theorem proves of the `upto` positions tabulated: the
    /// period of the values (else the outcomes) of one heap, with the
    /// gaps of the outcomes over it (a period of the values is one of the
    /// outcomes too).
    pub(crate) fn prove(&mut self, upto: usize) {
        self.proof = match &self.theorem {
            Theorem::Nothing(why) => why.clone(),
            Theorem::Carries { proof, says } => {
                let Positions::OneHeap(wins) = &self.positions else {
                    self.proof = format!("{says}: only one heap's table has a period");
                    return;
                };
                let found = match &self.grundy {
                    Some(values) => period::proven(values, *proof),
                    None => period::proven(wins, *proof),
                };
                self.gaps = found.map(|found| period::gaps(wins, found));
                self.period = found;
                match found {
                    Some(_) => says.clone(),
                    None => format!("no period found up to {upto}: {says}"),
                }
            }
        };
    }

    /// Whether its theorem could prove a period of a longer table: one
    /// heap's, carried by a theorem.
    pub(crate) fn may_prove(&self) -> bool {
        matches!(self.theorem, Theorem::Carries { .. })
            && matches!(self.positions, Positions::OneHeap(_))
    }

    /// The proof's words for a table grown from `first` to `upto`
    /// positions (no `--upto`, `upto` within the budget): how far it grew
    /// to prove its period, or that the budget ran out first and how to
    /// look further.
    pub(crate) fn say_growth(&mut self, first: usize, upto: usize) {
        let Theorem::Carries { says, .. } = &self.theorem else {
            return;
        };
        if !self.may_prove() {
            return;
        }
        self.proof = match self.period {
            Some(_) if upto > first => {
                format!("{says} (the table doubled from {first} to {upto} positions to prove it)")
            }
            Some(_) => return,
            None => format!(
                "no period proven up to {upto}, the budget: {says}; pass --upto {} to look \
                 further",
                upto.saturating_mul(2)
            ),
        };
    }

    /// What the table spans, in words (`positions 0..30`, `piles 0..8 ×
    /// 0..8`); several heaps' game says it.
    pub fn span(&self, upto: usize) -> Option<String> {
        match self.positions {
            Positions::TwoPiles(_) => Some(format!("piles 0..{upto} × 0..{upto}")),
            Positions::Heaps { .. } => None,
            Positions::OneHeap(_) | Positions::Sets(_) => Some(format!("positions 0..{upto}")),
        }
    }
}

/// One parameter set of a sweep, as its family tabulates it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Set {
    /// A take-away game's moves (empty for another game).
    pub moves: Vec<usize>,
    /// Whether the player to move wins each position.
    pub wins: Vec<bool>,
    /// The Grundy values, when asked for: the period is theirs.
    pub grundy: Option<Vec<u32>>,
    /// What proves its period.
    pub proof: Proof,
}

/// A sweep's table: its parameters and a row per set, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Swept {
    /// The sweep as given (`a=1..10, c=a+2..20`).
    pub sweep: String,
    pub names: Vec<String>,
    pub rows: Vec<SetRow>,
}

/// One set of a sweep: its first [`SHOWN`] positions, and what its whole
/// table proves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetRow {
    pub values: Values,
    pub moves: Vec<usize>,
    pub wins: Vec<bool>,
    pub grundy: Option<Vec<u32>>,
    pub period: Option<Period>,
    pub gaps: Option<Vec<usize>>,
    /// The gaps as the seeds write them (`2/5`), or `none`.
    pub pattern: String,
    /// The gaps written with the parameters (`a+1/b+1`), or `none`.
    pub shape: String,
}
