//! The kit's TOML files written, in one place: a new `problem.toml`
//! serialized from the types it is read with ([`crate::model::config`]),
//! and edits of `problem.toml` and `judge.toml` that keep every comment
//! and the layout (toml_edit): a problem added to judge.toml, a time limit
//! set, a test added to a plan, programs renamed.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use toml_edit::visit_mut::VisitMut;
use toml_edit::{DocumentMut, Item, Table, Value};

use crate::model::config::{ProblemConfig, TestEntry};
use crate::model::problem::Role;

/// A new problem.toml: `config` as TOML, each of `comments` (a top-level
/// key and its text) written above its key. Tables and lists of tables
/// are sections (`[protocols]`, `[[tests]]`); the title stays inline.
pub fn problem_toml(config: &ProblemConfig, comments: &[(&str, String)]) -> Result<String> {
    let mut doc = toml_edit::ser::to_document(config).context("problem.toml")?;
    let keys: Vec<String> = doc.iter().map(|(k, _)| k.to_string()).collect();
    for key in keys.iter().filter(|k| *k != "title") {
        if let Some(item) = doc.get_mut(key) {
            *item = sectioned(std::mem::take(item));
        }
    }
    for (key, comment) in comments {
        let Some(mut key) = doc.key_mut(key) else {
            bail!("problem.toml: no `{key}` to comment on");
        };
        let lines: String = comment.lines().map(|l| format!("# {l}\n")).collect();
        key.leaf_decor_mut().set_prefix(lines);
    }
    Ok(doc.to_string())
}

/// `item` as a section where it is a table, or a list of tables.
fn sectioned(item: Item) -> Item {
    let item = match item.into_table() {
        Ok(table) => return Item::Table(table),
        Err(item) => item,
    };
    match item.into_array_of_tables() {
        Ok(tables) => Item::ArrayOfTables(tables),
        Err(item) => item,
    }
}

/// An edit of a TOML file of the kit, its comments and layout kept.
pub struct Edit {
    path: PathBuf,
    doc: DocumentMut,
}

impl Edit {
    /// The file at `path`, whose text is `text`.
    pub fn of(path: &Path, text: &str) -> Result<Edit> {
        let doc = (text.parse::<DocumentMut>())
            .with_context(|| format!("cannot parse {}", path.display()))?;
        Ok(Edit {
            path: path.to_path_buf(),
            doc,
        })
    }

    /// The file at `path`, read.
    pub fn read(path: &Path) -> Result<Edit> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        Edit::of(path, &text)
    }

    /// The edited text.
    pub fn text(&self) -> String {
        self.doc.to_string()
    }

    /// judge.toml: `name` added at the end of `problems`.
    pub fn add_problem(&mut self, name: &str) -> Result<()> {
        let Some(problems) = self.doc.get_mut("problems").and_then(Item::as_array_mut) else {
            bail!(
                "{}: expected `problems`, a list of names",
                self.path.display()
            );
        };
        problems.push(name);
        Ok(())
    }

    /// problem.toml: `time_limit_ms` set.
    pub fn set_time_limit(&mut self, ms: u64) {
        self.doc["time_limit_ms"] = toml_edit::value(ms as i64);
    }

    /// The string at `item` replaced by `text`, its comments and spacing
    /// kept.
    fn set_string(item: &mut Item, text: &str) {
        if let Some(value) = item.as_value_mut() {
            let decor = value.decor().clone();
            *value = Value::from(text);
            *value.decor_mut() = decor;
        }
    }

    /// problem.toml: the titles set.
    pub fn set_titles<'a>(&mut self, titles: impl IntoIterator<Item = (&'a str, &'a str)>) {
        if let Some(title) = self.doc.get_mut("title").and_then(Item::as_table_like_mut) {
            for (key, text) in titles {
                if let Some(item) = title.get_mut(key) {
                    Edit::set_string(item, text);
                }
            }
        }
    }

    /// problem.toml: each program it names (its checker, interactor,
    /// validator, generator, C++ programs, and each test's generator)
    /// renamed as `rename` says, given the name and the role of a cargo
    /// binary there (none for the C++ programs: they are files).
    pub fn rename_programs(
        &mut self,
        mut rename: impl FnMut(&str, Option<Role>) -> Result<Option<String>>,
    ) -> Result<()> {
        let mut apply = |item: &mut Item, role: Option<Role>| -> Result<()> {
            let Some(value) = item.as_str().map(str::to_string) else {
                return Ok(());
            };
            if let Some(new) = rename(&value, role)? {
                Edit::set_string(item, &new);
            }
            Ok(())
        };
        let fields = [
            ("checker", Some(Role::Checker)),
            // Interactors are binaries of the checkers package too.
            ("interactor", Some(Role::Checker)),
            ("validator", Some(Role::Validator)),
            ("generator", Some(Role::Generator)),
            ("cpp_checker", None),
            ("cpp_validator", None),
            ("cpp_interactor", None),
        ];
        for (key, role) in fields {
            if let Some(item) = self.doc.get_mut(key) {
                apply(item, role)?;
            }
        }
        if let Some(tests) = self
            .doc
            .get_mut("tests")
            .and_then(Item::as_array_of_tables_mut)
        {
            for test in tests.iter_mut() {
                if let Some(item) = test.get_mut("generator") {
                    apply(item, Some(Role::Generator))?;
                }
            }
        }
        let several = self.doc.get_mut("validators").and_then(Item::as_array_mut);
        for value in several.into_iter().flat_map(|a| a.iter_mut()) {
            let Some(name) = value.as_str().map(str::to_string) else {
                continue;
            };
            if let Some(new) = rename(&name, Some(Role::Validator))? {
                let decor = value.decor().clone();
                *value = Value::from(new);
                *value.decor_mut() = decor;
            }
        }
        Ok(())
    }

    /// problem.toml: `entry` added to the test plan after the last test of
    /// `group` (of any group when `None` or when none is in it), so that a
    /// group's tests stay together: before the next table and the comments
    /// that introduce it, or at the end.
    pub fn add_test(&mut self, entry: &TestEntry, group: Option<&str>) -> Result<()> {
        let mut table = toml_edit::ser::to_document(entry)
            .context("a test")?
            .as_table()
            .clone();
        let Some(tests) = self
            .doc
            .get_mut("tests")
            .and_then(Item::as_array_of_tables_mut)
        else {
            self.doc["tests"] = Item::ArrayOfTables(toml_edit::ArrayOfTables::new());
            return self.add_test(entry, group);
        };
        let of_group =
            |t: &Table| group.is_some() && t.get("group").and_then(Item::as_str) == group;
        let last = (tests.iter().filter(|t| of_group(t)).last())
            .or(tests.iter().last())
            .and_then(Table::position);
        if let Some(at) = last {
            // The tables after it move down one place.
            Shift { after: at }.visit_document_mut(&mut self.doc);
            table.set_position(Some(at + 1));
        }
        if let Some(tests) = self
            .doc
            .get_mut("tests")
            .and_then(Item::as_array_of_tables_mut)
        {
            tests.push(table);
        }
        Ok(())
    }
}

/// Moves every table after `after` one position down.
struct Shift {
    after: isize,
}

impl VisitMut for Shift {
    fn visit_table_mut(&mut self, table: &mut Table) {
        if let Some(p) = table.position().filter(|p| *p > self.after) {
            table.set_position(Some(p + 1));
        }
        toml_edit::visit_mut::visit_table_mut(self, table);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::config::unread;

    fn test(file: &str) -> TestEntry {
        TestEntry {
            file: Some(unread(file.to_string())),
            ..TestEntry::default()
        }
    }

    fn added(text: &str, file: &str, group: Option<&str>) -> String {
        let mut edit = Edit::of(Path::new("problem.toml"), text).unwrap();
        edit.add_test(&test(file), group).unwrap();
        edit.text()
    }

    #[test]
    fn a_test_goes_after_the_last_test_before_the_next_table_and_its_comment() {
        let text = "a = 1\n\n[[tests]]\nfile = \"x\"\n\n# stress\n[stress]\nargs = []\n";
        assert_eq!(
            added(text, "y", None),
            "a = 1\n\n[[tests]]\nfile = \"x\"\n\n[[tests]]\nfile = \"y\"\n\n# stress\n[stress]\nargs = []\n"
        );
        let at_end = added("[[tests]]\nfile = \"x\"", "y", None);
        assert_eq!(
            at_end,
            "[[tests]]\nfile = \"x\"\n\n[[tests]]\nfile = \"y\"\n"
        );
    }

    #[test]
    fn a_test_of_a_group_goes_after_the_last_test_of_that_group() {
        let text = "[[tests]]\nfile = \"a\"\ngroup = \"1\"\n\n# big\n[[tests]]\nfile = \"b\"\ngroup = '2'\n";
        let entry = "\n[[tests]]\nfile = \"c\"\n";
        assert_eq!(
            added(text, "c", Some("1")),
            "[[tests]]\nfile = \"a\"\ngroup = \"1\"\n\n[[tests]]\nfile = \"c\"\n\n# big\n[[tests]]\nfile = \"b\"\ngroup = '2'\n"
        );
        // The last group's test goes at the end; an unknown one after the last test.
        let end = format!("{text}{entry}");
        assert_eq!(added(text, "c", Some("2")), end);
        assert_eq!(added(text, "c", Some("3")), end);
    }

    #[test]
    fn registering_keeps_comments_and_layout() {
        let text = "# the kit\njobs = 0 # cores\nproblems = [\"a\", \"b\"]\n\n[defaults]\n# limits\ntime_limit_ms = 1000\n";
        let mut edit = Edit::of(Path::new("judge.toml"), text).unwrap();
        edit.add_problem("c").unwrap();
        assert_eq!(
            edit.text(),
            text.replace("[\"a\", \"b\"]", "[\"a\", \"b\", \"c\"]")
        );
        let mut none = Edit::of(Path::new("judge.toml"), "jobs = 1\n").unwrap();
        assert!(none.add_problem("c").is_err());
    }

    #[test]
    fn a_new_problem_toml_is_its_types_with_their_comments() {
        use crate::model::config::{Group, ProtocolsConfig, Titles};
        let config = ProblemConfig {
            title: Titles::of([("en", "Sum"), ("zh", "和")]),
            imported_from: Some(unread("icpc".into())),
            time_limit_ms: Some(unread(2000)),
            checker: Some(unread("wcmp".into())),
            targets_required: Some(false),
            groups: vec![unread(Group {
                name: "small".into(),
                points: 30,
                ..Group::default()
            })],
            protocols: Some(ProtocolsConfig {
                validator: Some(unread(crate::model::config::Protocol::Kattis)),
                ..ProtocolsConfig::default()
            }),
            tests: vec![unread(TestEntry {
                args: Some(vec!["1".into(), "x y".into()]),
                sample: true,
                ..test("package/data/1.in")
            })],
            ..ProblemConfig::default()
        };
        let comments = [
            ("title", "Imported from x.zip (ICPC).".to_string()),
            ("targets_required", "No test names a solution.".to_string()),
        ];
        let text = problem_toml(&config, &comments).unwrap();
        assert_eq!(
            text,
            "# Imported from x.zip (ICPC).\n\
             title = { en = \"Sum\", zh = \"和\" }\n\
             imported_from = \"icpc\"\n\
             time_limit_ms = 2000\n\
             checker = \"wcmp\"\n\
             # No test names a solution.\n\
             targets_required = false\n\
             \n[protocols]\nvalidator = \"kattis\"\n\
             \n[[groups]]\nname = \"small\"\npoints = 30\n\
             \n[[tests]]\nfile = \"package/data/1.in\"\nargs = [\"1\", \"x y\"]\nsample = true\n"
        );
        // It reads back as written.
        let back: ProblemConfig = toml::from_str(&text).unwrap();
        assert_eq!(back.tests[0].get_ref().args, config.tests[0].get_ref().args);
    }
}
