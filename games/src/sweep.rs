//! Sweeps of a family's parameters: `a=1..10, c=a+2..20, b=c..40` names
//! each parameter with its range, whose ends may use the parameters named
//! before it (sums and differences of numbers and names). Every parameter
//! set, in order, the last parameter varying fastest.

use std::collections::BTreeMap;

/// One parameter set: each name's value.
pub type Values = BTreeMap<String, i64>;

/// A parsed sweep: each parameter with the two ends of its range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sweep {
    ranges: Vec<(String, Expr, Expr)>,
}

/// A sum of terms, each a number or a name, with its sign.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Expr(Vec<(i64, Term)>);

#[derive(Clone, Debug, PartialEq, Eq)]
enum Term {
    Number(i64),
    Name(String),
}

impl Expr {
    fn parse(text: &str, known: &[String], whole: &str) -> Result<Expr, String> {
        let mut terms = Vec::new();
        let mut sign = 1;
        let mut rest = text.trim();
        if rest.is_empty() {
            return Err(format!("`{whole}`: a range end is missing"));
        }
        loop {
            let end = rest.find(['+', '-']).unwrap_or(rest.len());
            let word = rest[..end].trim();
            let term = match word.parse::<i64>() {
                Ok(n) => Term::Number(n),
                Err(_) if known.iter().any(|k| k == word) => Term::Name(word.to_string()),
                Err(_) => {
                    return Err(format!(
                        "`{whole}`: `{word}` is neither a number nor a parameter named before it"
                    ));
                }
            };
            terms.push((sign, term));
            if end == rest.len() {
                return Ok(Expr(terms));
            }
            sign = if rest[end..].starts_with('+') { 1 } else { -1 };
            rest = &rest[end + 1..];
        }
    }

    fn value(&self, values: &Values) -> i64 {
        (self.0.iter())
            .map(|(sign, term)| {
                sign * match term {
                    Term::Number(n) => *n,
                    Term::Name(name) => values[name],
                }
            })
            .sum()
    }
}

impl Sweep {
    /// Parses `name=lo..hi, ...`.
    pub fn parse(text: &str) -> Result<Sweep, String> {
        let mut ranges = Vec::new();
        let mut names: Vec<String> = Vec::new();
        for part in text.split(',').map(str::trim) {
            let Some((name, range)) = part.split_once('=') else {
                return Err(format!("`{part}` in the sweep: expected name=lo..hi"));
            };
            let name = name.trim();
            let simple = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            if !simple || names.iter().any(|n| n == name) {
                return Err(format!(
                    "`{part}` in the sweep: expected a new parameter name (letters, digits, _)"
                ));
            }
            let Some((lo, hi)) = range.split_once("..") else {
                return Err(format!("`{part}` in the sweep: expected a range lo..hi"));
            };
            let (lo, hi) = (
                Expr::parse(lo, &names, part)?,
                Expr::parse(hi, &names, part)?,
            );
            names.push(name.to_string());
            ranges.push((name.to_string(), lo, hi));
        }
        let sweep = Sweep { ranges };
        if sweep.sets().is_empty() {
            return Err(format!(
                "the sweep `{text}` has no parameter set: a range is empty"
            ));
        }
        Ok(sweep)
    }

    /// The parameters' names, in order.
    pub fn names(&self) -> Vec<&str> {
        self.ranges.iter().map(|(n, _, _)| n.as_str()).collect()
    }

    /// Whether `values` is one of the sweep's sets: each parameter given,
    /// within its range.
    pub fn contains(&self, values: &Values) -> bool {
        values.len() == self.ranges.len()
            && (self.ranges.iter()).all(|(name, lo, hi)| {
                values
                    .get(name)
                    .is_some_and(|v| (lo.value(values)..=hi.value(values)).contains(v))
            })
    }

    /// The sweep with each range whose lower end is a number starting at
    /// 0 instead: where a shrinker may look for a smaller set of the same
    /// form (an end written with parameters, as `c=a+2..`, still holds).
    pub fn relaxed(&self) -> Sweep {
        let ranges = (self.ranges.iter())
            .map(|(name, lo, hi)| {
                let lo = match lo.0.as_slice() {
                    [(_, Term::Number(_))] => Expr(vec![(1, Term::Number(0))]),
                    _ => lo.clone(),
                };
                (name.clone(), lo, hi.clone())
            })
            .collect();
        Sweep { ranges }
    }

    /// Every parameter set, in order.
    pub fn sets(&self) -> Vec<Values> {
        let mut sets = Vec::new();
        let mut values = Values::new();
        self.fill(0, &mut values, &mut sets);
        sets
    }

    fn fill(&self, i: usize, values: &mut Values, sets: &mut Vec<Values>) {
        let Some((name, lo, hi)) = self.ranges.get(i) else {
            sets.push(values.clone());
            return;
        };
        for v in lo.value(values)..=hi.value(values) {
            values.insert(name.clone(), v);
            self.fill(i + 1, values, sets);
        }
        values.remove(name);
    }
}

/// The gaps written with the parameters where a gap is one of them, or
/// one of them plus or minus 1 or 2 (the first that fits, in the sweep's
/// order), else as a number: `a+1/a+1/5`. Sets whose rule is the same
/// function of the parameters share it.
pub fn shape(gaps: &[usize], names: &[&str], values: &Values) -> String {
    let parts: Vec<String> = (gaps.iter())
        .map(|&gap| {
            let gap = gap as i64;
            let named = names.iter().find_map(|&name| {
                let d = gap - values[name];
                (-2..=2).contains(&d).then(|| match d {
                    0 => name.to_string(),
                    d if d > 0 => format!("{name}+{d}"),
                    d => format!("{name}{d}"),
                })
            });
            named.unwrap_or_else(|| gap.to_string())
        })
        .collect();
    parts.join("/")
}

/// `template` with each parameter name replaced by its value: `1-a,c-b`
/// with a = 2, c = 4, b = 6 is `1-2,4-6`. A name not in `values` stays.
pub fn substitute(template: &str, values: &Values) -> String {
    let mut out = String::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        match values.get(word.as_str()) {
            Some(v) => out.push_str(&v.to_string()),
            None => out.push_str(word),
        }
        word.clear();
    };
    for c in template.chars() {
        if c.is_ascii_alphanumeric() || c == '_' {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_follow_the_parameters_before_them() {
        let sweep = Sweep::parse("a=1..2, c=a+2..4, b=c..4").unwrap();
        let sets: Vec<Vec<i64>> = (sweep.sets().iter())
            .map(|v| vec![v["a"], v["c"], v["b"]])
            .collect();
        assert_eq!(sets, [[1, 3, 3], [1, 3, 4], [1, 4, 4], [2, 4, 4]]);
        assert_eq!(sweep.names(), ["a", "c", "b"]);
        let set = |a, c, b| Values::from([("a".into(), a), ("c".into(), c), ("b".into(), b)]);
        assert!(sweep.contains(&set(2, 4, 4)));
        assert!(!sweep.contains(&set(2, 3, 4)), "c below a + 2");
        assert!(!sweep.contains(&set(0, 3, 3)));
        assert!(!sweep.contains(&Values::from([("a".into(), 1)])));
        let relaxed = sweep.relaxed();
        assert!(relaxed.contains(&set(0, 2, 3)));
        assert!(!relaxed.contains(&set(0, 1, 3)), "c below a + 2");
        assert!(!relaxed.contains(&set(3, 5, 5)), "a above 2");
    }

    #[test]
    fn a_bad_sweep_says_what_was_expected() {
        for (bad, expected) in [
            ("a=1..0", "no parameter set"),
            ("a=1..3, b=c..4", "`c` is neither a number nor a parameter"),
            ("a=1-3", "expected a range lo..hi"),
            ("a", "expected name=lo..hi"),
            ("a=1..2, a=1..2", "expected a new parameter name"),
            ("a=..2", "a range end is missing"),
        ] {
            let error = Sweep::parse(bad).unwrap_err();
            assert!(error.contains(expected), "{bad}: {error}");
        }
    }

    #[test]
    fn gaps_are_shaped_by_the_parameters() {
        let values = Values::from([("a".into(), 3), ("b".into(), 9)]);
        assert_eq!(
            shape(&[4, 4, 11, 12, 30], &["a", "b"], &values),
            "a+1/a+1/b+2/12/30"
        );
        assert_eq!(shape(&[1, 8], &["a", "b"], &values), "a-2/b-1");
    }

    #[test]
    fn names_are_replaced_whole() {
        let values = Values::from([("a".into(), 2), ("ab".into(), 7)]);
        assert_eq!(substitute("1-a,ab-a0", &values), "1-2,7-a0");
    }
}
