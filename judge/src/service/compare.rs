//! `judge diff`: what differs between two problems, as a judge would see
//! them: titles, limits, the kind of problem, groups and points, each built
//! test (input and answer bytes, sample, group), the inputs that must be
//! invalid (by content, with their reasons), the jury programs (by
//! content) and the solutions in each verdict folder (by content). A round
//! trip (import, package, import again) must come back with none.

use std::collections::BTreeMap;

use anyhow::Result;

use crate::base::fsutil;
use crate::model::problem::{Problem, ProgramSpec};
use crate::model::results::Test;
use crate::model::results::report::Difference;

/// The differences between `a` and `b`, whose tests are built.
pub fn compare(
    (a, a_tests): (&Problem, &[Test]),
    (b, b_tests): (&Problem, &[Test]),
) -> Result<Vec<Difference>> {
    let mut out = Vec::new();
    let mut differ = |what: String, x: String, y: String| {
        if x != y {
            out.push(Difference { what, a: x, b: y });
        }
    };
    let titles = |p: &Problem| {
        let t = &p.config.value.title;
        format!("{} / {}", t.en, t.zh)
    };
    differ("title".into(), titles(a), titles(b));
    let (la, lb) = (a.limits, b.limits);
    differ(
        "time limit".into(),
        format!("{} ms", la.time.as_millis()),
        format!("{} ms", lb.time.as_millis()),
    );
    differ(
        "memory limit".into(),
        format!("{} MiB", la.memory_bytes >> 20),
        format!("{} MiB", lb.memory_bytes >> 20),
    );
    differ(
        "output limit".into(),
        format!("{} MiB", la.output_bytes >> 20),
        format!("{} MiB", lb.output_bytes >> 20),
    );
    let kind = |p: &Problem| {
        if p.interactive {
            "interactive"
        } else {
            "batch"
        }
    };
    differ("kind".into(), kind(a).into(), kind(b).into());
    // The inputs that must be invalid, by content and reason.
    let invalid = |p: &Problem| -> Result<String> {
        let mut all = Vec::new();
        for i in &p.invalid {
            let hash = fsutil::hash_file(&i.input)?;
            all.push(format!("{} ({})", &hash[..12], i.reason));
        }
        all.sort();
        Ok(all.join(", "))
    };
    differ("invalid inputs".into(), invalid(a)?, invalid(b)?);
    let groups = |p: &Problem| {
        let list: Vec<String> = (p.groups.iter())
            .map(|g| {
                let each = if g.each { ", each test a share" } else { "" };
                let after = match g.depends.is_empty() {
                    true => String::new(),
                    false => format!(", after {}", g.depends.join(" ")),
                };
                format!("{} ({} points{each}{after})", g.name, g.points)
            })
            .collect();
        list.join(", ")
    };
    differ("groups".into(), groups(a), groups(b));

    differ("checker".into(), program(&a.checker)?, program(&b.checker)?);
    let validator = |p: &Problem| match &p.validator {
        Some(v) => program(v),
        None => Ok("none".to_string()),
    };
    differ("validator".into(), validator(a)?, validator(b)?);
    differ(
        "protocols".into(),
        format!("{:?}, {:?}", a.checker_protocol, a.validator_protocol),
        format!("{:?}, {:?}", b.checker_protocol, b.validator_protocol),
    );
    differ(
        "checker arguments".into(),
        a.checker_args.join(" "),
        b.checker_args.join(" "),
    );

    differ(
        "tests".into(),
        a_tests.len().to_string(),
        b_tests.len().to_string(),
    );
    for (x, y) in a_tests.iter().zip(b_tests) {
        let name = &x.name;
        differ(
            format!("test {name} input"),
            fsutil::hash_file(&x.input)?,
            fsutil::hash_file(&y.input)?,
        );
        differ(
            format!("test {name} answer"),
            fsutil::hash_file(&x.answer)?,
            fsutil::hash_file(&y.answer)?,
        );
        differ(
            format!("test {name} sample"),
            x.sample.to_string(),
            y.sample.to_string(),
        );
        differ(
            format!("test {name} group"),
            x.group.clone().unwrap_or_default(),
            y.group.clone().unwrap_or_default(),
        );
        let own = |t: &Test| t.points.map(|p| format!("{p} points")).unwrap_or_default();
        differ(format!("test {name} points"), own(x), own(y));
    }

    let (sa, sb) = (solutions(a)?, solutions(b)?);
    let none = || "absent".to_string();
    for name in sa.keys().chain(sb.keys().filter(|k| !sa.contains_key(*k))) {
        differ(
            format!("solution {name}"),
            sa.get(name).cloned().unwrap_or_else(none),
            sb.get(name).cloned().unwrap_or_else(none),
        );
    }
    Ok(out)
}

/// A program as compared: the kit's by name, a source file (or several),
/// a program folder or an executable by its name and content.
fn program(spec: &ProgramSpec) -> Result<String> {
    let (kind, path) = match spec {
        ProgramSpec::Cargo(name) => return Ok(format!("the kit's {name}")),
        ProgramSpec::Source(path) => ("a source", path),
        ProgramSpec::Folder(path) => ("a program folder", path),
        ProgramSpec::Executable(path) => ("an executable", path),
        ProgramSpec::Sources { entry, .. } => ("sources", entry),
    };
    let mut hasher = blake3::Hasher::new();
    let files = match spec {
        ProgramSpec::Sources { entry, beside, .. } => {
            std::iter::once(entry).chain(beside).cloned().collect()
        }
        _ if path.is_dir() => fsutil::files_under(path)?,
        _ => vec![path.clone()],
    };
    for file in files {
        let rel = match spec {
            ProgramSpec::Sources { .. } => file.file_name().unwrap_or_default(),
            _ => file.strip_prefix(path).unwrap_or(&file).as_os_str(),
        };
        let rel = rel.to_string_lossy().into_owned();
        hasher.update(format!("{rel}\0{}\0", fsutil::hash_file(&file)?).as_bytes());
    }
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    Ok(format!(
        "{kind} {name} (content {})",
        &hasher.finalize().to_hex()[..12]
    ))
}

/// Every solution `verify` judges, by its path under the solutions folder,
/// with what it promises and the hash of its content.
fn solutions(p: &Problem) -> Result<BTreeMap<String, String>> {
    let mut all = BTreeMap::new();
    for (file, expect) in crate::model::expect::promises(p)? {
        let shown = file.strip_prefix(&p.solutions).unwrap_or(&file);
        let hash = fsutil::hash_file(&file)?;
        all.insert(
            shown.display().to_string(),
            format!("{}, content {}", expect.describe(), &hash[..12]),
        );
    }
    Ok(all)
}
