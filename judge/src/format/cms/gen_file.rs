//! `gen/GEN`, the Italian olympiads' list of a task's tests, read and
//! written ([`Gen`]). A line is one of:
//!
//! - words (up to a `#`): a test the generator (`gen/generatore.*`) makes,
//!   given those words as its arguments;
//! - `#COPY: <path>`: a test whose input is that file of the task (a path
//!   from the task's folder);
//! - `#ST: <points>`: the start of a subtask worth those points, holding
//!   the tests up to the next one;
//! - `#STNAME: <name>` and `#STDEP: <names or *>` right after a subtask's
//!   `#ST:` (task-maker's): its name, and the subtasks it depends on;
//! - anything else after a `#`, and blank lines: comments.
//!
//! As CMS's loader reads the file, white space may follow the `#` of a
//! directive (`# ST: 40`, `# COPY: x`), and a line holding both words and
//! a directive is an error (task-maker takes `# ST:` for a comment: a task
//! that writes it so is meant for CMS's count).

use anyhow::{Result, bail};

use crate::format::Package;

/// Where `gen/GEN` is.
pub const GEN: &str = "gen/GEN";

/// How a line of `gen/GEN` makes its test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recipe {
    /// The generator's arguments, as written.
    Args(String),
    /// A file of the task copied in (`#COPY:`), relative to its folder.
    Copy(String),
    /// A test stored in `input/` that no `gen/GEN` describes (a task that
    /// gives only `n_input`).
    Stored,
}

/// One line of `gen/GEN` that makes a test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenLine {
    pub recipe: Recipe,
    /// The subtask it belongs to (its index from 1), if any.
    pub subtask: Option<usize>,
    /// Its line in the file, from 1 (0 where the kit wrote it).
    pub at: usize,
}

impl GenLine {
    /// The generator's arguments (none for a copied file).
    pub fn args(&self) -> Vec<String> {
        match &self.recipe {
            Recipe::Args(words) => words.split_whitespace().map(str::to_string).collect(),
            Recipe::Copy(_) | Recipe::Stored => Vec::new(),
        }
    }
}

/// A subtask of `gen/GEN`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Subtask {
    pub points: u32,
    /// `#STNAME:`.
    pub name: Option<String>,
    /// `#STDEP:`: the names of the subtasks it depends on, `*` for all.
    pub depends: Vec<String>,
}

/// `gen/GEN`: its tests, in order, and its subtasks.
#[derive(Debug, Default)]
pub struct Gen {
    /// The comment it starts with (the kit's own, when it writes one).
    pub heading: Option<String>,
    pub lines: Vec<GenLine>,
    pub subtasks: Vec<Subtask>,
}

impl Gen {
    /// The package's `gen/GEN`.
    pub fn read(package: &Package) -> Result<Gen> {
        Gen::parse(&package.text(GEN)?, &package.shown(GEN))
    }

    /// A `gen/GEN` of text `text`, shown as `shown`.
    pub fn parse(text: &str, shown: &str) -> Result<Gen> {
        let mut recipes = Gen::default();
        // Whether a test came since the last `#ST:` (then `#STNAME:` and
        // `#STDEP:` have no subtask to name).
        let mut tests_since_subtask = true;
        for (n, line) in text.lines().enumerate() {
            let at = || format!("{shown}:{}", n + 1);
            let (words, comment) = match line.split_once('#') {
                Some((words, comment)) => (words.trim(), Some(comment.trim())),
                None => (line.trim(), None),
            };
            let directive = comment.and_then(Directive::of);
            let subtask = (!recipes.subtasks.is_empty()).then_some(recipes.subtasks.len());
            let recipe = match (words.is_empty(), directive) {
                (false, Some((name, _))) => bail!(
                    "{}: a test's arguments and `#{name}` on one line (CMS refuses it: put the \
                     directive on a line of its own)",
                    at()
                ),
                (false, None) => Recipe::Args(words.to_string()),
                (true, None) => continue,
                (true, Some((_, Directive::Copy(path)))) => Recipe::Copy(one_word(path, &at)?),
                (true, Some((_, directive))) => {
                    recipes.direct(directive, tests_since_subtask, &at)?;
                    tests_since_subtask = false;
                    continue;
                }
            };
            tests_since_subtask = true;
            recipes.lines.push(GenLine {
                recipe,
                subtask,
                at: n + 1,
            });
        }
        recipes.check_dependencies(shown)?;
        Ok(recipes)
    }

    /// Applies a subtask's directive (`#ST:`, `#STNAME:`, `#STDEP:`).
    fn direct(
        &mut self,
        directive: Directive,
        tests_since_subtask: bool,
        at: &dyn Fn() -> String,
    ) -> Result<()> {
        if let Directive::Subtask(points) = directive {
            self.subtasks.push(Subtask {
                points: subtask_points(points, at)?,
                ..Subtask::default()
            });
            return Ok(());
        }
        let last = self.subtasks.last_mut().filter(|_| !tests_since_subtask);
        let Some(last) = last else {
            bail!(
                "{}: `#STNAME:` and `#STDEP:` follow a subtask's `#ST:` line",
                at()
            );
        };
        match directive {
            Directive::Name(name) => {
                if last.name.is_some() {
                    bail!("{}: the subtask is named twice", at());
                }
                last.name = Some(one_word(name, at)?);
            }
            Directive::Depends(names) => last
                .depends
                .extend(names.split_whitespace().map(str::to_string)),
            Directive::Subtask(_) | Directive::Copy(_) => {}
        }
        Ok(())
    }

    /// Each `#STDEP:` names a subtask of the file (or `*`).
    fn check_dependencies(&self, shown: &str) -> Result<()> {
        for subtask in &self.subtasks {
            for name in subtask.depends.iter().filter(|n| *n != "*") {
                if !self.subtasks.iter().any(|s| s.name.as_ref() == Some(name)) {
                    bail!("{shown}: `#STDEP: {name}` names no subtask (`#STNAME:`)");
                }
            }
        }
        Ok(())
    }

    /// The subtasks (their indices from 1) that subtask `index` depends on.
    pub fn dependencies(&self, index: usize) -> Vec<usize> {
        let Some(subtask) = self.subtasks.get(index - 1) else {
            return Vec::new();
        };
        let named = |name: &String| {
            (self.subtasks.iter())
                .position(|s| s.name.as_ref() == Some(name))
                .map(|i| i + 1)
        };
        let mut all: Vec<usize> = match subtask.depends.iter().any(|n| n == "*") {
            true => (1..=self.subtasks.len()).collect(),
            false => subtask.depends.iter().filter_map(named).collect(),
        };
        all.retain(|i| *i != index);
        all.sort_unstable();
        all.dedup();
        all
    }

    /// The number task-maker gives the validator for a test of subtask
    /// `subtask` (`None`: before any `#ST:`): the subtask's place from 1,
    /// counting the tests before the first `#ST:` (or all, without one)
    /// as a subtask of their own.
    pub fn validator_subtask(&self, subtask: Option<usize>) -> usize {
        let leading = self.subtasks.is_empty() || self.lines.iter().any(|l| l.subtask.is_none());
        subtask.unwrap_or(0) + usize::from(leading)
    }

    /// Its text: the heading, then each subtask's `#ST:` line before its
    /// first test's line (task-maker takes `# ST:` for a comment).
    pub fn text(&self) -> String {
        let mut out = String::new();
        if let Some(heading) = &self.heading {
            out.push_str(&format!("# {heading}\n"));
        }
        let mut subtask = None;
        for (i, line) in self.lines.iter().enumerate() {
            if line.subtask != subtask {
                subtask = line.subtask;
                if let Some(s) = subtask.and_then(|s| self.subtasks.get(s - 1)) {
                    out.push_str(&format!("#ST: {}\n", s.points));
                }
            }
            match &line.recipe {
                // A test line must not hold `#`, which opens a comment.
                Recipe::Args(words) => out.push_str(&format!("{}\n", words.replace('#', ""))),
                Recipe::Copy(path) => out.push_str(&format!("#COPY: {path}\n")),
                Recipe::Stored => out.push_str(&format!("#COPY: input/input{i}.txt\n")),
            }
        }
        out
    }
}

/// A directive of a comment: `ST:`, `STNAME:`, `STDEP:` or `COPY:`, with
/// the text after it.
enum Directive<'a> {
    Subtask(&'a str),
    Name(&'a str),
    Depends(&'a str),
    Copy(&'a str),
}

impl<'a> Directive<'a> {
    /// The directive a comment (after its `#`, trimmed) holds, with the
    /// name it is written with.
    fn of(comment: &'a str) -> Option<(&'static str, Directive<'a>)> {
        let names = ["ST:", "STNAME:", "STDEP:", "COPY:"];
        let name = names.into_iter().find(|n| comment.starts_with(n))?;
        let rest = comment[name.len()..].trim();
        let directive = match name {
            "ST:" => Directive::Subtask(rest),
            "STNAME:" => Directive::Name(rest),
            "STDEP:" => Directive::Depends(rest),
            _ => Directive::Copy(rest),
        };
        Some((name, directive))
    }
}

/// The one word a directive takes (a path, a name).
fn one_word(text: &str, at: &dyn Fn() -> String) -> Result<String> {
    match text.split_whitespace().collect::<Vec<_>>().as_slice() {
        [word] => Ok(word.to_string()),
        _ => bail!("{}: expected one word (no spaces), found `{text}`", at()),
    }
}

/// A subtask's points from its `#ST:` line: whole, not negative.
fn subtask_points(text: &str, at: &dyn Fn() -> String) -> Result<u32> {
    let points = text.trim().parse::<f64>();
    match points {
        Ok(p) if p.fract() == 0.0 && p >= 0.0 && p <= f64::from(u32::MAX) => Ok(p as u32),
        Ok(p) => bail!("{}: {p} points; the kit counts whole points", at()),
        Err(_) => bail!(
            "{}: `#ST:` takes the subtask's points, found `{text}`",
            at()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Gen> {
        Gen::parse(text, "gen/GEN")
    }

    #[test]
    fn every_kind_of_line() {
        let recipes = parse(
            "# N seed\n\n#ST: 0\n#COPY: testo/in0.txt\n# ST: 40\n#STNAME: small\n10 1 # tiny\n  \
             20\t2  \n#ST: 60\n#STDEP: small\n# a comment\n1000 3\n",
        )
        .unwrap();
        let made: Vec<(&Recipe, Option<usize>, usize)> = (recipes.lines.iter())
            .map(|l| (&l.recipe, l.subtask, l.at))
            .collect();
        assert_eq!(
            made,
            [
                (&Recipe::Copy("testo/in0.txt".into()), Some(1), 4),
                (&Recipe::Args("10 1".into()), Some(2), 7),
                (&Recipe::Args("20\t2".into()), Some(2), 8),
                (&Recipe::Args("1000 3".into()), Some(3), 12),
            ]
        );
        assert_eq!(recipes.lines[2].args(), ["20", "2"]);
        let points: Vec<u32> = recipes.subtasks.iter().map(|s| s.points).collect();
        assert_eq!(points, [0, 40, 60]);
        assert_eq!(recipes.subtasks[1].name.as_deref(), Some("small"));
        assert_eq!(recipes.dependencies(3), [2]);
        assert_eq!(recipes.validator_subtask(Some(2)), 2);
    }

    #[test]
    fn tests_before_the_first_subtask_shift_the_validators_numbers() {
        let recipes = parse("1\n#ST: 100\n2\n").unwrap();
        assert_eq!(recipes.validator_subtask(None), 1);
        assert_eq!(recipes.validator_subtask(Some(1)), 2);
        let plain = parse("1\n2\n").unwrap();
        assert_eq!(plain.validator_subtask(None), 1);
    }

    #[test]
    fn a_star_depends_on_every_other_subtask() {
        let recipes = parse("#ST: 10\n1\n#ST: 20\n#STDEP: *\n2\n#ST: 70\n3\n").unwrap();
        assert_eq!(recipes.dependencies(2), [1, 3]);
    }

    #[test]
    fn bad_lines_name_their_place() {
        for (text, expected) in [
            ("1 2 #ST: 5\n", "gen/GEN:1: a test's arguments and `#ST:`"),
            ("#ST: 1.5\n", "gen/GEN:1: 1.5 points"),
            (
                "#ST: many\n",
                "gen/GEN:1: `#ST:` takes the subtask's points",
            ),
            ("#COPY: a b\n", "gen/GEN:1: expected one word"),
            ("#COPY:\n", "gen/GEN:1: expected one word"),
            (
                "#ST: 5\n1\n#STNAME: late\n",
                "gen/GEN:3: `#STNAME:` and `#STDEP:` follow",
            ),
            (
                "#ST: 5\n#STNAME: a\n#STNAME: b\n",
                "gen/GEN:3: the subtask is named twice",
            ),
            (
                "#ST: 5\n#STDEP: nobody\n1\n",
                "`#STDEP: nobody` names no subtask",
            ),
        ] {
            let error = parse(text).unwrap_err().to_string();
            assert!(error.contains(expected), "{text:?}: {error}");
        }
    }

    #[test]
    fn its_text_reads_back_the_same() {
        let recipes = parse("#ST: 30\n#COPY: gen/a.txt\n1 2\n#ST: 70\n3\n").unwrap();
        // `#ST:` as task-maker reads it (`# ST:` is a comment there).
        assert!(recipes.text().contains("\n#ST: 70\n"), "{}", recipes.text());
        assert!(!recipes.text().contains("# ST:"), "{}", recipes.text());
        let again = parse(&recipes.text()).unwrap();
        let made = |g: &Gen| g.lines.iter().map(|l| l.recipe.clone()).collect::<Vec<_>>();
        assert_eq!(made(&again), made(&recipes));
        assert_eq!(again.subtasks, recipes.subtasks);
    }
}
