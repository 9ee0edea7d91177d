//! The compiler: turns a source file (with the files it includes or
//! imports, or a program folder) into a [`Program`], once.
//!
//! A compiled program lives in `target/judge/build/<key>/`, where the key is
//! a hash of the source, the language's commands and the compiler's version.
//! The directory is built under a temporary name and renamed into place, so
//! an interrupted build leaves nothing half-made behind.

use std::collections::{BTreeMap, HashMap};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use sandbox::host::{self, Tool};
use sandbox::{Access, Limits, RunOutcome, RunSpec};

use crate::base::fsutil;
use crate::core::rules;
use crate::core::toolchain::{self, which};
use crate::model::config::Language;
use crate::model::program::{self, BuildError, Program, Protocol};

fn io_error(context: impl Into<String>) -> impl FnOnce(std::io::Error) -> BuildError {
    let context = context.into();
    move |source| BuildError::Io { context, source }
}

/// Compiles programs by their source's extension, once each.
pub struct Compiler {
    languages: BTreeMap<String, Language>,
    cache: PathBuf,
    /// Compiler versions already asked for in this process.
    versions: Mutex<HashMap<Vec<String>, String>>,
}

/// Limits for compilers: generous, but a compiler stuck in a loop is stopped.
fn compile_limits() -> Limits {
    Limits {
        time: Duration::from_secs(60),
        wall: Duration::from_secs(120),
        memory_bytes: 4 << 30,
        output_bytes: 1 << 30,
    }
}

/// `template` with each `{name}` of `vars` replaced; an argument that is
/// `{sources}` alone becomes the arguments `sources`.
fn substitute(template: &[String], vars: &[(&str, &Path)], sources: &[PathBuf]) -> Vec<OsString> {
    let mut argv = Vec::new();
    for arg in template {
        if arg == "{sources}" {
            argv.extend(sources.iter().map(|s| s.as_os_str().to_owned()));
            continue;
        }
        let mut s = arg.clone();
        for (name, value) in vars {
            s = s.replace(&format!("{{{name}}}"), &value.to_string_lossy());
        }
        argv.push(OsString::from(s));
    }
    argv
}

impl Compiler {
    /// A compiler for `languages`, caching builds under `cache`.
    pub fn new(languages: BTreeMap<String, Language>, cache: PathBuf) -> Compiler {
        Compiler {
            languages,
            cache,
            versions: Mutex::new(HashMap::new()),
        }
    }

    /// judge.toml's languages, by name.
    pub fn languages(&self) -> &BTreeMap<String, Language> {
        &self.languages
    }

    /// The language of `path`, by its extension.
    pub fn language_of(&self, path: &Path) -> Result<(&str, &Language), BuildError> {
        program::language_of(&self.languages, path)
    }

    /// The first line the language's version command prints, cached for the
    /// process and on disk by the compiler executable's size and time, so an
    /// unchanged tree needs no process at all. A compiler that cannot be
    /// asked has the version "" (compiling with it will say what is wrong).
    pub fn version(&self, language: &Language) -> String {
        let Some(command) = language.version.as_ref().filter(|c| !c.is_empty()) else {
            return String::new();
        };
        if let Some(v) = self.versions.lock().unwrap().get(command) {
            return v.clone();
        }
        let stamp = which(&command[0])
            .and_then(|p| std::fs::metadata(&p).ok().map(|m| (p, m)))
            .map(|(p, m)| format!("{}:{}:{:?}", p.display(), m.len(), m.modified().ok()))
            .unwrap_or_default();
        let cache_file = self.cache.join("versions").join(
            blake3::hash(format!("version line 2\0{command:?}{stamp}").as_bytes())
                .to_hex()
                .as_str(),
        );
        let version = match std::fs::read_to_string(&cache_file) {
            Ok(v) => v,
            Err(_) => {
                let mut probe = Tool::new(&command[0]);
                probe.args(&command[1..]);
                let out = host::output(&mut probe, Duration::from_secs(60));
                let text = out
                    .map(|o| [o.stdout, o.stderr].concat())
                    .unwrap_or_default();
                let v = first_version_line(&String::from_utf8_lossy(&text)).to_string();
                // Only a cache: if it cannot be written, the next run asks again.
                if let Some(dir) = cache_file.parent() {
                    let _ = fsutil::create_dir_all(dir)
                        .and_then(|()| fsutil::write_atomic(&cache_file, v.as_bytes()));
                }
                v
            }
        };
        self.versions
            .lock()
            .unwrap()
            .insert(command.clone(), version.clone());
        version
    }

    /// Compiles `source` (or finds it already compiled) and returns the
    /// program; the compiler runs through `run` (the jury's sandbox),
    /// confined to its build folder — and, when `untrusted` (a submission),
    /// without the folder of the source, which a trusted program may
    /// include files from.
    pub fn compile(
        &self,
        source: &Path,
        untrusted: bool,
        run: impl FnOnce(&RunSpec) -> std::io::Result<RunOutcome>,
    ) -> Result<Program, BuildError> {
        let (name, language) = self.language_of(source)?;
        self.build_sources((name, language), source, &[], untrusted, run)
    }

    /// Compiles the submission `source` with its problem's grader for its
    /// language (`grader`: the grader's files, the first the one compiled
    /// and run, the others headers or sources beside it), as CMS and
    /// Polygon compile a grader problem's submissions: the submission is
    /// copied beside the grader as `<name>.<extension>` (under its own name
    /// without one, as ICPC's `include/` has it), and every source
    /// of the language there is compiled together (judge.toml's
    /// `{sources}`), so one that defines `main` too, or lacks a function
    /// the grader calls, does not compile. Where the first file is no
    /// source of the language (headers only: an ICPC package's `include/`
    /// without a driver), the submission itself is compiled and run, under
    /// its own name, with the files beside it.
    pub fn with_grader(
        &self,
        source: &Path,
        (grader, name): (&[PathBuf], Option<&str>),
        run: impl FnOnce(&RunSpec) -> std::io::Result<RunOutcome>,
    ) -> Result<Program, BuildError> {
        let (language_name, language) = self.language_of(source)?;
        let driven = self
            .language_of(&grader[0])
            .is_ok_and(|(n, _)| n == language_name);
        let (entry, others) = match driven {
            true => (grader[0].as_path(), &grader[1..]),
            false => (source, grader),
        };
        let mut beside: Vec<(String, PathBuf)> = others.iter().map(|p| named(p)).collect();
        if driven {
            let extension = source.extension().unwrap_or_default().to_string_lossy();
            let own = crate::base::fsutil::file_name(source);
            let copied = name.map_or(own, |name| format!("{name}.{extension}"));
            beside.push((copied, source.to_path_buf()));
        }
        let mut program =
            self.build_sources((language_name, language), entry, &beside, true, run)?;
        program.name = crate::base::fsutil::file_name(source);
        // Its command names the grader; the module beside it is read too.
        program.reads = vec![self.cache.join(&program.identity)];
        Ok(program)
    }

    /// Compiles the submission `source` for its language's other
    /// interpreter (judge.toml's `other`, PyPy for Python): its name and
    /// the program, or `None` when the language has none.
    pub fn compile_other(
        &self,
        source: &Path,
        run: impl FnOnce(&RunSpec) -> std::io::Result<RunOutcome>,
    ) -> Result<Option<(String, Program)>, BuildError> {
        let (name, language) = self.language_of(source)?;
        let Some((other, language)) = language.under_other() else {
            return Ok(None);
        };
        let language_name = format!("{name} under {other}");
        let program = self.build_sources((&language_name, &language), source, &[], true, run)?;
        Ok(Some((other, program)))
    }

    /// Compiles a trusted program of several files (a BAPCtools generator
    /// with dependencies): each is copied into the build folder under its
    /// own name, and `entry` is compiled and run as a single source is;
    /// the files `beside` it are there for it to include or import.
    pub fn assemble(
        &self,
        entry: &Path,
        beside: &[PathBuf],
        run: impl FnOnce(&RunSpec) -> std::io::Result<RunOutcome>,
    ) -> Result<Program, BuildError> {
        let (name, language) = self.language_of(entry)?;
        let beside: Vec<(String, PathBuf)> = beside.iter().map(|p| named(p)).collect();
        self.build_sources((name, language), entry, &beside, false, run)
    }

    /// Compiles `source`, with the files `beside` it copied next to it
    /// under the names given.
    fn build_sources(
        &self,
        (language_name, language): (&str, &Language),
        source: &Path,
        beside: &[(String, PathBuf)],
        untrusted: bool,
        run: impl FnOnce(&RunSpec) -> std::io::Result<RunOutcome>,
    ) -> Result<Program, BuildError> {
        // A toolchain this machine lacks fails the one program, said as
        // such, not the whole command.
        if let Some(missing) = toolchain::missing(language_name, language) {
            return Err(BuildError::Compile {
                path: source.to_path_buf(),
                output: missing,
            });
        }
        let version = self.version(language);
        let build = SourceBuild::of((language_name, language), source, beside, &version)?;
        let dir = self.cache.join(&build.key);
        if dir.join("ok").exists() {
            return Ok(build.program(&dir));
        }
        let tmp = self.private_dir(&build.key)?;
        build.copy_into(tmp.path())?;
        if let Some(compile) = &language.compile {
            build.compile(compile, tmp.path(), untrusted, run)?;
        }
        if untrusted {
            // The compiler may have run as another user: the build becomes
            // the judge's, so that no later run can change it.
            fsutil::own_tree(tmp.path()).map_err(io_error("cannot take the build back"))?;
        }
        publish(tmp, &dir)?;
        Ok(build.program(&dir))
    }

    /// A package's compiled program, copied into the cache (executable,
    /// and out of reach of any change to the package). The key is a hash
    /// of its bytes.
    pub fn executable(&self, path: &Path) -> Result<Program, BuildError> {
        let shown = path.display().to_string();
        let bytes = std::fs::read(path).map_err(io_error(format!("cannot read {shown}")))?;
        let mut hasher = blake3::Hasher::new();
        hasher.update(b"executable\0");
        hasher.update(&bytes);
        let key = hasher.finalize().to_hex()[..24].to_string();
        let dir = self.cache.join(&key);
        let program = |d: &Path| Program {
            name: path
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned(),
            command: vec![d.join("run").into_os_string()],
            identity: key.clone(),
            protocol: Protocol::Testlib,
            trailing: Vec::new(),
            reads: Vec::new(),
        };
        if !dir.join("ok").exists() {
            let tmp = self.private_dir(&key)?;
            let run = tmp.path().join("run");
            std::fs::write(&run, &bytes).map_err(io_error("cannot copy the program"))?;
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&run, std::fs::Permissions::from_mode(0o755))
                .map_err(io_error(format!("cannot make {shown} executable")))?;
            publish(tmp, &dir)?;
        }
        Ok(program(&dir))
    }

    /// A folder in the cache to build `key` in, privately.
    fn private_dir(&self, key: &str) -> Result<tempfile::TempDir, BuildError> {
        fsutil::create_dir_all(&self.cache).map_err(io_error("cannot prepare the build cache"))?;
        tempfile::Builder::new()
            .prefix(&format!("{key}{}", fsutil::temp_prefix()))
            .tempdir_in(&self.cache)
            .map_err(io_error(format!(
                "cannot create a build folder in {}",
                self.cache.display()
            )))
    }

    /// Builds a program folder, as ICPC packages have them (a `build`
    /// script that makes `run`, or a `run` already there), or finds it
    /// built; `run` (the jury's sandbox) runs `build` in a copy of the
    /// folder. The key is a hash of every file's path and bytes.
    pub fn build_folder(
        &self,
        folder: &Path,
        run: impl FnOnce(&RunSpec) -> std::io::Result<RunOutcome>,
    ) -> Result<Program, BuildError> {
        let shown = folder.display().to_string();
        let files =
            fsutil::files_under(folder).map_err(io_error(format!("cannot read {shown}")))?;
        let mut hasher = blake3::Hasher::new();
        hasher.update(b"program folder\0");
        let mut contents = Vec::new();
        for file in &files {
            let rel = file.strip_prefix(folder).unwrap_or(file).to_path_buf();
            let bytes =
                std::fs::read(file).map_err(io_error(format!("cannot read {}", file.display())))?;
            hasher.update(rel.to_string_lossy().as_bytes());
            hasher.update(b"\0");
            hasher.update(blake3::hash(&bytes).as_bytes());
            contents.push((rel, bytes));
        }
        let key = hasher.finalize().to_hex()[..24].to_string();
        let dir = self.cache.join(&key);
        let name = folder
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let program = |d: &Path| Program {
            name: name.clone(),
            command: vec![d.join("run").into_os_string()],
            identity: key.clone(),
            protocol: Protocol::Testlib,
            trailing: Vec::new(),
            reads: Vec::new(),
        };
        if dir.join("ok").exists() {
            return Ok(program(&dir));
        }
        let tmp = self.private_dir(&key)?;
        for (rel, bytes) in &contents {
            let path = tmp.path().join(rel);
            if let Some(parent) = path.parent() {
                fsutil::create_dir_all(parent).map_err(io_error("cannot copy the program"))?;
            }
            std::fs::write(&path, bytes).map_err(io_error("cannot copy the program"))?;
        }
        let executable = |path: &Path| {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).map_err(
                io_error(format!("cannot make {} executable", path.display())),
            )
        };
        let build = tmp.path().join("build");
        if build.is_file() {
            executable(&build)?;
            let log = tmp.path().join("build.log");
            let outcome = run(&RunSpec {
                argv: vec![build.into_os_string()],
                stdin: None,
                stdout: log.clone(),
                stderr: Some(log.clone()),
                cwd: Some(tmp.path().to_path_buf()),
                limits: compile_limits(),
                access: Access::new([], tmp.path()),
                interactive: None,
            })
            .map_err(io_error(format!("cannot run {shown}/build")))?;
            if let Some(stopped) =
                rules::stopped_at_limit(&format!("{shown}/build"), &outcome, &compile_limits())
            {
                return Err(BuildError::Compile {
                    path: folder.join("build"),
                    output: stopped,
                });
            }
            if !outcome.is_success() {
                return Err(BuildError::Compile {
                    path: folder.join("build"),
                    output: std::fs::read_to_string(&log)
                        .unwrap_or_default()
                        .trim_end()
                        .to_string(),
                });
            }
        }
        let run_file = tmp.path().join("run");
        if !run_file.is_file() {
            return Err(BuildError::Compile {
                path: folder.to_path_buf(),
                output: "a program folder needs `run` (or a `build` that makes it)".to_string(),
            });
        }
        executable(&run_file)?;
        publish(tmp, &dir)?;
        Ok(program(&dir))
    }
}

/// One build of a source (with the files beside it): what goes in its
/// folder, and its key, a hash of the sources, the language's commands
/// and the compiler's version.
struct SourceBuild<'a> {
    language: &'a Language,
    source: &'a Path,
    code: Vec<u8>,
    /// The source's name in the build folder: its own, or `main.<ext>`.
    source_name: String,
    /// The files beside it: (name, bytes, where they came from).
    copies: Vec<(String, Vec<u8>, PathBuf)>,
    key: String,
    source_dir: PathBuf,
    file_name: String,
    stem: String,
}

impl<'a> SourceBuild<'a> {
    fn of(
        (language_name, language): (&str, &'a Language),
        source: &'a Path,
        beside: &[(String, PathBuf)],
        version: &str,
    ) -> Result<SourceBuild<'a>, BuildError> {
        let code = read(source)?;
        let extension = source.extension().and_then(|e| e.to_str()).unwrap_or("");
        let mut hasher = blake3::Hasher::new();
        hasher.update(&code);
        let commands = format!("{:?}\0{:?}", language.compile, language.run);
        hasher.update(format!("\0{language_name}\0{commands}\0{version}").as_bytes());
        let file_name = source
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        // Files that import one another know each other by name.
        let keep_name = language.keep_name || !beside.is_empty();
        // A lone Java file goes by its public class's name, whatever it is
        // called (`hank.java` holding `public class Main`), as DOMjudge
        // and Codeforces take it.
        let class = (language.keep_name && beside.is_empty() && extension == "java")
            .then(|| program::java_public_class(&code))
            .flatten();
        let source_name = match (&class, keep_name) {
            (Some(class), _) => format!("{class}.java"),
            (None, true) => file_name.clone(),
            (None, false) => format!("main.{extension}"),
        };
        let mentions_stem = (language.compile.iter().flatten())
            .chain(&language.run)
            .any(|arg| arg.contains("{stem}"));
        if keep_name || mentions_stem {
            // The build depends on the file's name.
            hasher.update(format!("\0{file_name}").as_bytes());
        }
        let mut copies: Vec<(String, Vec<u8>, PathBuf)> = Vec::new();
        for (name, other) in beside {
            let name = name.clone();
            if name == file_name || copies.iter().any(|(n, ..)| n == &name) {
                return Err(BuildError::Compile {
                    path: other.clone(),
                    output: format!(
                        "two files of the program are named {name}: they go in one folder"
                    ),
                });
            }
            let bytes = read(other)?;
            hasher.update(format!("\0beside\0{name}\0").as_bytes());
            hasher.update(blake3::hash(&bytes).as_bytes());
            copies.push((name, bytes, other.clone()));
        }
        Ok(SourceBuild {
            language,
            source,
            code,
            source_name,
            copies,
            key: hasher.finalize().to_hex()[..24].to_string(),
            source_dir: source.parent().map(Path::to_path_buf).unwrap_or_default(),
            stem: class.unwrap_or_else(|| {
                let stem = source.file_stem().unwrap_or_default();
                stem.to_string_lossy().into_owned()
            }),
            file_name,
        })
    }

    /// The variables of the language's commands for a build in `dir`.
    fn vars(&self, dir: &Path) -> Vec<(&'static str, PathBuf)> {
        let source_dir = std::path::absolute(&self.source_dir).unwrap_or(self.source_dir.clone());
        vec![
            ("source", dir.join(&self.source_name)),
            ("binary", dir.join("main")),
            ("dir", dir.to_path_buf()),
            ("stem", PathBuf::from(&self.stem)),
            ("source_dir", source_dir),
        ]
    }

    /// `template` with the variables of a build in `dir`; `{sources}`:
    /// the source, then each file beside it of the language.
    fn command(&self, template: &[String], dir: &Path) -> Vec<OsString> {
        let vars = self.vars(dir);
        let refs: Vec<(&str, &Path)> = vars.iter().map(|(k, v)| (*k, v.as_path())).collect();
        let of_language = |name: &&String| {
            let extension = Path::new(name.as_str()).extension().unwrap_or_default();
            (self.language.extensions.iter()).any(|e| extension == e.as_str())
        };
        let sources: Vec<PathBuf> = std::iter::once(&self.source_name)
            .chain(self.copies.iter().map(|(n, ..)| n).filter(of_language))
            .map(|n| dir.join(n))
            .collect();
        substitute(template, &refs, &sources)
    }

    /// The program built in `dir`.
    fn program(&self, dir: &Path) -> Program {
        Program {
            name: self.file_name.clone(),
            command: self.command(&self.language.run, dir),
            identity: self.key.clone(),
            protocol: Protocol::Testlib,
            trailing: Vec::new(),
            reads: Vec::new(),
        }
    }

    /// The source and the files beside it, written into `dir`.
    fn copy_into(&self, dir: &Path) -> Result<(), BuildError> {
        let files = std::iter::once((&self.source_name, &self.code))
            .chain(self.copies.iter().map(|(n, b, _)| (n, b)));
        for (name, bytes) in files {
            std::fs::write(dir.join(name), bytes).map_err(io_error("cannot copy the source"))?;
        }
        Ok(())
    }

    /// Runs the language's `compile` command in `dir` through `run`,
    /// confined to it (`untrusted`: without the source's folder either); a
    /// failure is a compile error with the compiler's messages.
    fn compile(
        &self,
        compile: &[String],
        dir: &Path,
        untrusted: bool,
        run: impl FnOnce(&RunSpec) -> std::io::Result<RunOutcome>,
    ) -> Result<(), BuildError> {
        let log = dir.join("compile.log");
        let errors = dir.join("compile.err");
        let outcome = run(&RunSpec {
            argv: self.command(compile, dir),
            stdin: None,
            stdout: log.clone(),
            stderr: Some(errors.clone()),
            cwd: Some(dir.to_path_buf()),
            limits: compile_limits(),
            access: match untrusted {
                true => Access::new([], dir).untrusted(),
                false => Access::new([self.source_dir.clone()], dir),
            },
            interactive: None,
        })
        .map_err(io_error(format!(
            "cannot run the compiler for {}",
            self.source.display()
        )))?;
        let failed = |output: String| BuildError::Compile {
            path: self.source.to_path_buf(),
            output,
        };
        if let Some(stopped) = rules::stopped_at_limit("the compiler", &outcome, &compile_limits())
        {
            return Err(failed(stopped));
        }
        if !outcome.is_success() {
            let mut output = std::fs::read_to_string(&errors).unwrap_or_default();
            output.push_str(&std::fs::read_to_string(&log).unwrap_or_default());
            // The messages name the files where they came from.
            let copies = (self.copies.iter()).map(|(n, _, from)| (n, from.as_path()));
            for (name, from) in std::iter::once((&self.source_name, self.source)).chain(copies) {
                let copied = dir.join(name).to_string_lossy().into_owned();
                output = output.replace(&copied, &from.to_string_lossy());
            }
            return Err(failed(output.trim_end().to_string()));
        }
        Ok(())
    }
}

/// A file with its own name, to be copied beside a source.
fn named(path: &Path) -> (String, PathBuf) {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    (name.into_owned(), path.to_path_buf())
}

/// A file's bytes, or an error naming it.
fn read(path: &Path) -> Result<Vec<u8>, BuildError> {
    std::fs::read(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => BuildError::not_found(path),
        _ => io_error(format!("cannot read {}", path.display()))(e),
    })
}

/// Marks the build in `tmp` complete and moves it to `dir`, unless another
/// job finished the same build first.
fn publish(tmp: tempfile::TempDir, dir: &Path) -> Result<(), BuildError> {
    std::fs::write(tmp.path().join("ok"), b"").map_err(io_error("cannot mark the build"))?;
    let built = tmp.keep();
    if let Err(e) = std::fs::rename(&built, dir) {
        let _ = std::fs::remove_dir_all(&built);
        if !dir.join("ok").exists() {
            return Err(io_error(format!(
                "cannot move the build to {}",
                dir.display()
            ))(e));
        }
    }
    Ok(())
}

/// The line of a version command's output that says the version: the
/// first, but a JVM's warnings (kotlinc starts with one, the same for
/// every version).
fn first_version_line(output: &str) -> &str {
    let mut lines = output.lines().filter(|l| !l.trim().is_empty());
    let first = lines.clone().next().unwrap_or("");
    lines
        .find(|l| !l.to_ascii_lowercase().contains("warning"))
        .unwrap_or(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_jvm_warning_is_no_version() {
        let kotlinc = "OpenJDK 64-Bit Server VM warning: Options -Xverify:none are deprecated\n\
                       info: kotlinc-jvm 1.3.31 (JRE 17.0.21+7-Debian-1deb12u1)\n";
        assert_eq!(
            first_version_line(kotlinc),
            "info: kotlinc-jvm 1.3.31 (JRE 17.0.21+7-Debian-1deb12u1)"
        );
        assert_eq!(first_version_line("g++ 12.2.0\nCopyright\n"), "g++ 12.2.0");
        assert_eq!(first_version_line(""), "");
    }
}
