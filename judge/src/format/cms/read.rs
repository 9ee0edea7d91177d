//! Importing a CMS task in the `italy_yaml` format.
//!
//! - `task.yaml`: the name (`name`, or the old `nome_breve`), the title
//!   (`title`, `nome`), the limits (`time_limit` or `timeout` in seconds,
//!   `memory_limit` or `memlimit` in MiB), the public tests
//!   (`public_testcases`: samples). A task reading or writing files
//!   (`infile`, `outfile`, which CMS defaults to files), an output-only
//!   task, a task with a grader or a stub, and a Communication task of
//!   several processes or whose solution opens the FIFOs itself
//!   (`user_io: fifo_io`) are errors.
//! - A Communication task's manager (`check/manager`, its source or the
//!   compiled program, or `cor/manager`) is the interactor, in the CMS
//!   protocol: the test on its stdin, the solution over the two FIFOs its
//!   arguments name, the score on its stdout.
//! - The tests `input/input<i>.txt` with their answers `output/output<i>.txt`;
//!   `gen/GEN` says how many, opens a subtask at each `# ST: <points>`, and
//!   gives each test's generator arguments: with the generator's source in
//!   `gen/` (`generator.*` or `generatore.*`), the kit generates the test
//!   again and compares it with the stored input.
//! - The checker's source (`check/checker.*` or `cor/correttore.*`) in the
//!   CMS protocol, else the compiled `check/checker` (or `cor/correttore`)
//!   as it is; without one, CMS compares white-space-separated tokens: the
//!   kit's `wcmp`.
//! - `sol/`: the official solutions, all accepted (the first, in path
//!   order, is the reference).

use anyhow::{Context, Result, bail};
use yaml_rust2::{Yaml, YamlLoader};

use crate::format::Format;
use crate::format::Package;
use crate::format::imported::{
    Imported, Lossy, ProblemToml, files_of, kept, quoted, solution_file,
};

/// The source files a program may be, by extension.
const SOURCES: [&str; 8] = ["c", "cpp", "cc", "cxx", "py", "rs", "java", "kt"];

/// The source of the program `stems` names in `dir`, if the task has one.
fn source(package: &Package, dir: &str, stems: &[&str]) -> Option<String> {
    package
        .under(dir)
        .find(|f| {
            let name = &f[dir.len() + 1..];
            let (stem, ext) = name.rsplit_once('.').unwrap_or((name, ""));
            stems.contains(&stem) && SOURCES.contains(&ext)
        })
        .map(str::to_string)
}

/// One line of `gen/GEN` that makes a test.
struct GenLine {
    args: Vec<String>,
    /// The subtask it belongs to (its index from 1), if any.
    subtask: Option<usize>,
}

/// Reads `gen/GEN`: each test's arguments and subtask, and each subtask's
/// points.
fn gen_file(package: &Package) -> Result<(Vec<GenLine>, Vec<u64>)> {
    let file = "gen/GEN";
    let text = package.text(file)?;
    let (mut lines, mut points) = (Vec::new(), Vec::new());
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(comment) = line.strip_prefix('#') {
            let comment = comment.trim();
            if let Some(p) = comment.strip_prefix("ST:") {
                let p = p.trim().parse::<f64>().with_context(|| {
                    format!(
                        "{}:{}: `# ST:` takes the subtask's points",
                        package.shown(file),
                        n + 1
                    )
                })?;
                if p.fract() != 0.0 || p < 0.0 {
                    bail!(
                        "{}:{}: {p} points; the kit counts whole points",
                        package.shown(file),
                        n + 1
                    );
                }
                points.push(p as u64);
            } else if comment.starts_with("COPY:") {
                lines.push(GenLine {
                    args: Vec::new(),
                    subtask: (!points.is_empty()).then_some(points.len()),
                });
            }
            continue;
        }
        if line.is_empty() {
            continue;
        }
        lines.push(GenLine {
            args: line.split_whitespace().map(str::to_string).collect(),
            subtask: (!points.is_empty()).then_some(points.len()),
        });
    }
    Ok((lines, points))
}

/// Imports the CMS task as problem `name`.
pub fn import(package: &Package, name: &str, lossy: &mut Lossy) -> Result<Imported> {
    let at = package.shown("task.yaml");
    let docs = YamlLoader::load_from_str(&package.text("task.yaml")?)
        .with_context(|| format!("{at}: not YAML"))?;
    let yaml = docs.first().cloned().unwrap_or(Yaml::Null);
    let get = |keys: &[&str]| keys.iter().map(|k| &yaml[*k]).find(|v| !v.is_badvalue());
    let text = |keys: &[&str]| get(keys).and_then(|v| v.as_str().map(str::to_string));
    let number =
        |keys: &[&str]| get(keys).and_then(|v| v.as_f64().or(v.as_i64().map(|i| i as f64)));

    if get(&["output_only"]).and_then(Yaml::as_bool) == Some(true) {
        bail!("{at}: an output-only task; the kit judges programs");
    }
    // A Communication task: its manager talks to one process over its
    // standard input and output (`std_io`); CMS calls the manager with the
    // two FIFOs, the kit too.
    let manager = match source(package, "check", &["manager"]) {
        Some(source) => Some(source),
        None => ["check/manager", "cor/manager"]
            .into_iter()
            .find(|m| package.has(m))
            .map(str::to_string),
    };
    if manager.is_some() {
        if let Some(n) = number(&["num_processes"])
            && n != 1.0
        {
            bail!("{at}: `num_processes: {n}`; the kit plays one process against the manager");
        }
        if let Some(io) = text(&["user_io"])
            && io != "std_io"
        {
            bail!(
                "{at}: `user_io: {io}` (the solution opens the FIFOs itself); the kit plays \
                 solutions over their standard input and output (`std_io`)"
            );
        }
    }
    // A Communication task's solution talks to the manager: CMS gives it
    // no files.
    for (key, default) in [("infile", "input.txt"), ("outfile", "output.txt")]
        .into_iter()
        .filter(|_| manager.is_none())
    {
        let file = text(&[key]).unwrap_or_else(|| default.to_string());
        if !file.is_empty() {
            bail!(
                "{at}: `{key}` is {file:?} (CMS's default when absent): the solution uses a file; \
                 the kit judges standard input and output (`{key}: \"\"`)"
            );
        }
    }
    if let Some(grader) = package
        .under("sol")
        .find(|f| f.contains("/grader.") || f.contains("/stub."))
    {
        bail!(
            "{}: a grader or stub; the kit judges whole programs",
            package.shown(grader)
        );
    }

    let title = text(&["title", "nome"]).unwrap_or_else(|| name.to_string());
    let mut notes = Vec::new();

    // The tests: GEN's lines, else n_input of them.
    let (lines, subtasks) = if package.has("gen/GEN") {
        gen_file(package)?
    } else {
        let n = number(&["n_input"]).with_context(|| {
            format!("{at}: neither gen/GEN nor `n_input` says how many tests there are")
        })?;
        let lines = (0..n as usize)
            .map(|_| GenLine {
                args: Vec::new(),
                subtask: None,
            })
            .collect();
        (lines, Vec::new())
    };
    if let Some(n) = number(&["n_input"])
        && n as usize != lines.len()
    {
        bail!(
            "{at}: `n_input` is {n} but gen/GEN makes {} tests",
            lines.len()
        );
    }
    let generator = source(package, "gen", &["generator", "generatore"]);
    if let Some(validator) = source(package, "gen", &["validator", "valida"]) {
        lossy.drop(format!(
            "{}: the validator (task-maker's, which reads the input's path: the kit's validators \
             read standard input); the tests go unvalidated",
            package.shown(&validator)
        ))?;
    }
    let public: Vec<usize> = match text(&["public_testcases"]).as_deref() {
        Some("all") => (0..lines.len()).collect(),
        Some(list) => list
            .split(',')
            .filter(|s| !s.trim().is_empty())
            .map(|s| {
                s.trim()
                    .parse()
                    .with_context(|| format!("{at}: public_testcases `{list}`"))
            })
            .collect::<Result<_>>()?,
        None => get(&["public_testcases"])
            .and_then(Yaml::as_i64)
            .map(|i| vec![i as usize])
            .unwrap_or_default(),
    };

    let checker =
        match source(package, "check", &["checker"]).or(source(package, "cor", &["correttore"])) {
            Some(source) => Some(source),
            // Compiled without its source: run as it is.
            None => ["check/checker", "cor/correttore"]
                .into_iter()
                .find(|c| package.has(c))
                .map(str::to_string),
        };

    // The official solutions, each where it goes under accepted/.
    let mut solutions: Vec<(String, String)> = Vec::new();
    for file in package
        .under("sol")
        .filter(|f| !f["sol/".len()..].contains('/'))
        // A hidden file (`.gitkeep`) is no solution.
        .filter(|f| !f["sol/".len()..].starts_with('.'))
    {
        let own = &file["sol/".len()..];
        // Words for people (the kit's own README of a Communication task).
        if own.ends_with(".txt") || own.ends_with(".md") {
            notes.push(format!("not a solution, left out: {}", package.shown(file)));
            continue;
        }
        if lossy.judges(own, &package.shown(file))? {
            let rel = solution_file("accepted", own, &package.read(file)?);
            solutions.push((file.to_string(), rel));
        }
    }
    // Every test stores its answer: the reference only checks them.
    let reference = solutions.first().map(|(_, r)| r.clone());
    match &reference {
        Some(reference) => notes.push(format!("the reference solution: {reference}")),
        None => notes.push("no solution in sol/: the tests' answers are the task's".to_string()),
    }

    let mut toml = ProblemToml::imported(package, Format::Cms, "CMS italy_yaml", &title, &title);
    if let Some(seconds) = number(&["time_limit", "timeout"]) {
        toml.line(
            "time_limit_ms",
            &((seconds * 1000.0).round().max(1.0) as u64).to_string(),
        );
    } else {
        notes.push("the task states no time limit: the kit's default applies".to_string());
    }
    if let Some(mib) = number(&["memory_limit", "memlimit"]) {
        toml.line(
            "memory_limit_mib",
            &(mib.ceil().max(1.0) as u64).to_string(),
        );
    }
    match (&manager, &checker) {
        (Some(m), _) => toml.line("interactor", &quoted(&kept(m))),
        (None, Some(c)) => toml.line("checker", &quoted(&kept(c))),
        (None, None) => toml.line("checker", &quoted("wcmp")),
    };
    if let Some(reference) = &reference {
        toml.line("reference", &quoted(reference));
    }
    toml.comment("The task's tests name no wrong solution they catch.");
    toml.line("targets_required", "false");
    if manager.is_some() || checker.is_some() {
        toml.table("[protocols]");
        toml.line("checker", &quoted("cms"));
    }
    let mut groups: Vec<(String, u64)> = (subtasks.iter().enumerate())
        .map(|(i, points)| (format!("subtask{}", i + 1), *points))
        .collect();
    if !subtasks.is_empty() && lines.iter().any(|l| l.subtask.is_none()) {
        groups.push(("subtask0".to_string(), 0));
    }
    toml.groups(groups.iter().map(|(g, p)| (g.as_str(), *p)));
    for (i, line) in lines.iter().enumerate() {
        let input = format!("input/input{i}.txt");
        let answer = format!("output/output{i}.txt");
        for file in [&input, &answer] {
            if !package.has(file) {
                bail!("{}: test {i} is not in the package", package.shown(file));
            }
        }
        toml.table("[[tests]]");
        match (&generator, line.args.is_empty()) {
            (Some(g), false) => {
                toml.line("generator", &quoted(&kept(g)));
                let args: Vec<String> = line.args.iter().map(|a| quoted(a)).collect();
                toml.line("args", &format!("[{}]", args.join(", ")));
                toml.line("stored", &quoted(&kept(&input)));
            }
            _ => {
                toml.line("file", &quoted(&kept(&input)));
            }
        }
        toml.line("answer", &quoted(&kept(&answer)));
        if !subtasks.is_empty() {
            let group = format!("subtask{}", line.subtask.unwrap_or(0));
            toml.line("group", &quoted(&group));
        }
        if public.contains(&i) {
            toml.line("sample", "true");
        }
    }

    let files = files_of(package, name, toml, |file| {
        let to = solutions.iter().find(|(from, _)| from == file);
        to.map(|(_, rel)| format!("solutions/{name}/{rel}"))
    })?;
    Ok(Imported {
        format: Format::Cms,
        files,
        notes,
        tests: lines.len(),
        solutions: solutions.len(),
    })
}
