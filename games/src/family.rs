//! A family of games as `judge lab` takes it: one type implementing
//! [`Family`], listed once in [`crate::lab::FAMILIES`]. It says its name,
//! a line of help, its parameters (as data, which the command line is
//! built from, and which [`Params::parse`] reads), how many positions it
//! tabulates unless told, the memory a table takes, and its table: the
//! outcomes or values, their shape, what proves their period and how the
//! picture is laid out ([`Table`]).

use crate::Play;
use crate::sweep::Values;
use crate::table::{Set, Table};

/// A family of games, tabulated for the parameters given.
pub trait Family: Sync {
    /// Its name: `judge lab NAME`, and the report's `family`.
    fn name(&self) -> &'static str;

    /// One line of help: what a move is.
    fn about(&self) -> &'static str;

    /// Its parameters, in the order the help lists them.
    fn params(&self) -> &'static [Param] {
        &[]
    }

    /// How many positions it tabulates first unless `--upto` says.
    fn upto(&self, params: &Params) -> usize;

    /// The most positions it tabulates unless `--upto` says: while its
    /// theorem proves no period, the table doubles from [`Family::upto`]
    /// up to this many. A bound in positions, not in time, so that the
    /// same command always gives the same table. `upto` itself unless
    /// said otherwise: a family with no period theorem has nothing to
    /// grow for.
    fn budget(&self, params: &Params) -> usize {
        self.upto(params)
    }

    /// The bytes a table of `upto` positions takes, about: a table that
    /// would not fit in the machine's free memory is refused before it
    /// is made. A value and an outcome a position unless said otherwise.
    fn needs(&self, _params: &Params, upto: usize) -> u128 {
        (upto as u128).saturating_mul(12)
    }

    /// The table of `ask.upto` positions; bad parameters, or options the
    /// family does not offer, are errors saying what was expected.
    fn table(&self, params: &Params, ask: &Ask) -> Result<Table, String>;

    /// One parameter set of a sweep (`values` substituted into the
    /// family's parameters): for the families whose table is a sweep,
    /// which the conjecture's shrinker asks for sets outside it.
    fn set(&self, _params: &Params, _values: &Values, _ask: &Ask) -> Result<Set, String> {
        Err(format!("{}: no sweep", self.name()))
    }
}

/// How a parameter is written and read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `--name N`, a whole number.
    Count,
    /// `--name TEXT`, which the family reads itself (`--moves 1-3`).
    Text,
    /// Text without its name, after the family's (`octal 0.77`).
    Positional,
}

/// One parameter of a family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    /// Its name: `--name` (lower case; not one of `judge lab`'s own
    /// options).
    pub name: &'static str,
    pub kind: Kind,
    /// One line of help.
    pub help: &'static str,
    /// Its value when not given; `None`: it must be given, unless
    /// `optional`.
    pub default: Option<&'static str>,
    pub optional: bool,
}

impl Param {
    /// A parameter that must be given.
    pub const fn required(name: &'static str, kind: Kind, help: &'static str) -> Param {
        Param {
            name,
            kind,
            help,
            default: None,
            optional: false,
        }
    }

    /// A parameter that may be left out.
    pub const fn optional(name: &'static str, kind: Kind, help: &'static str) -> Param {
        Param {
            optional: true,
            ..Param::required(name, kind, help)
        }
    }

    /// A parameter that is `default` unless given.
    pub const fn defaults_to(self, default: &'static str) -> Param {
        Param {
            default: Some(default),
            optional: true,
            ..self
        }
    }
}

/// A parameter's value, read as its kind says.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Value {
    Count(usize),
    Text(String),
}

/// The parameters given to a family, each read as its [`Kind`] says,
/// with the defaults of those not given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Params(Vec<(&'static str, Value)>);

impl Params {
    /// Reads `given` (name, text) as `declared` says; names it does not
    /// declare are left out (the command line's other options).
    pub fn parse(declared: &[Param], given: &[(String, String)]) -> Result<Params, String> {
        let mut params = Vec::new();
        for param in declared {
            let text = (given.iter())
                .find(|(name, _)| name == param.name)
                .map(|(_, text)| text.as_str())
                .or(param.default);
            let Some(text) = text else {
                if param.optional {
                    continue;
                }
                return Err(format!("--{}: expected a value", param.name));
            };
            let value = match param.kind {
                Kind::Count => Value::Count(
                    text.parse()
                        .map_err(|_| format!("--{} {text}: expected a whole number", param.name))?,
                ),
                Kind::Text | Kind::Positional => Value::Text(text.to_string()),
            };
            params.push((param.name, value));
        }
        Ok(Params(params))
    }

    fn get(&self, name: &str) -> Option<&Value> {
        self.0.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    /// The number `name`, which the family declares a [`Kind::Count`]
    /// that must be given or has a default.
    pub fn count(&self, name: &str) -> Result<usize, String> {
        match self.get(name) {
            Some(Value::Count(n)) => Ok(*n),
            _ => Err(format!("--{name}: expected a number")),
        }
    }

    /// The text `name`, which the family declares must be given.
    pub fn text(&self, name: &str) -> Result<&str, String> {
        self.text_if_given(name)
            .ok_or_else(|| format!("--{name}: expected a value"))
    }

    /// The text `name`, if given (or its default).
    pub fn text_if_given(&self, name: &str) -> Option<&str> {
        match self.get(name) {
            Some(Value::Text(text)) => Some(text),
            _ => None,
        }
    }
}

/// What the table is asked for, besides the family's parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ask {
    /// The positions tabulated: `0..upto` (two piles: `upto` × `upto`).
    pub upto: usize,
    /// When `--upto` was not given: the most positions the table may grow
    /// to while no period is proven ([`Family::budget`]).
    pub budget: Option<usize>,
    /// The Grundy values too.
    pub sg: bool,
    pub play: Play,
}

impl Ask {
    /// `upto` positions, or as many as the family tabulates unless told,
    /// growing up to its budget; Grundy values are normal play's, so `sg`
    /// with `misere` is refused.
    pub fn new(
        family: &dyn Family,
        params: &Params,
        upto: Option<usize>,
        sg: bool,
        misere: bool,
    ) -> Result<Ask, String> {
        if sg && misere {
            return Err(
                "--sg with --misere: Grundy values are normal play's; ask for one of them".into(),
            );
        }
        let first = family.upto(params);
        Ok(Ask {
            upto: upto.unwrap_or(first),
            budget: upto.is_none().then(|| family.budget(params).max(first)),
            sg,
            play: match misere {
                true => Play::Misere,
                false => Play::Normal,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DECLARED: &[Param] = &[
        Param::required("moves", Kind::Text, "the moves"),
        Param::optional("sweep", Kind::Text, "a sweep"),
        Param::required("heaps", Kind::Count, "the most heaps").defaults_to("3"),
    ];

    fn given(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        (pairs.iter())
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn parameters_are_read_as_declared() {
        let params = Params::parse(DECLARED, &given(&[("moves", "1-3"), ("upto", "9")])).unwrap();
        assert_eq!(params.text("moves"), Ok("1-3"));
        assert_eq!(params.text_if_given("sweep"), None);
        assert!(params.text("sweep").is_err());
        assert_eq!(params.count("heaps"), Ok(3));
        assert!(params.count("moves").is_err());
        let params = Params::parse(DECLARED, &given(&[("moves", "1"), ("heaps", "5")])).unwrap();
        assert_eq!(params.count("heaps"), Ok(5));
        let error = Params::parse(DECLARED, &given(&[("sweep", "a=1..2")])).unwrap_err();
        assert_eq!(error, "--moves: expected a value");
        let error = Params::parse(DECLARED, &given(&[("moves", "1"), ("heaps", "x")]));
        assert_eq!(error.unwrap_err(), "--heaps x: expected a whole number");
    }
}
