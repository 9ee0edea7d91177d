//! The programs a problem names, made ready to run by the jury: the kit's
//! cargo binaries (built when their sources changed), sources compiled,
//! program folders built, a package's executables as they are, each with
//! the protocol and arguments the problem gives it.

use std::collections::BTreeSet;
use std::path::Path;

use anyhow::{Result, bail};

use crate::core::jury::Jury;
use crate::model::event::{EventKind, Events};
use crate::model::kit::Kit;
use crate::model::problem::{Problem, ProgramSpec};
use crate::model::program::Program;

impl Jury<'_> {
    /// Loads the named problems (all when none is named) and builds the
    /// cargo programs they use (`force`: build them anyway).
    pub fn prepare(
        &self,
        kit: &Kit,
        names: &[String],
        force: bool,
        events: &mut Events,
    ) -> Result<Vec<Problem>> {
        let problems = kit.load(names)?;
        let binaries: BTreeSet<String> =
            problems.iter().flat_map(Problem::cargo_binaries).collect();
        let started = std::time::Instant::now();
        let built = self.cargo().build(&binaries, force)?;
        if built > 0 {
            events.emit(EventKind::ProgramsBuilt {
                count: built,
                elapsed: started.elapsed(),
            });
        }
        Ok(problems)
    }

    /// The runnable program for `spec`: a cargo binary, a source compiled,
    /// a folder built, or a package's executable.
    pub fn program(&self, spec: &ProgramSpec) -> Result<Program> {
        match spec {
            ProgramSpec::Cargo(name) => self.cargo().program(name),
            ProgramSpec::Source(path) => Ok(self.compile(path, false)?),
            ProgramSpec::Folder(path) => Ok(self.build_folder(path)?),
            ProgramSpec::Executable(path) => Ok(self.compiler().executable(path)?),
            ProgramSpec::Sources { entry, beside, .. } => Ok(self.assemble(entry, beside)?),
        }
    }

    /// `problem`'s checker (or interactor), ready to run in its protocol.
    pub fn checker(&self, problem: &Problem) -> Result<Program> {
        let program = self.program(&problem.checker)?;
        Ok(Program {
            protocol: problem.checker_protocol,
            trailing: problem.checker_args.iter().map(Into::into).collect(),
            reads: Vec::new(),
            ..program
        })
    }

    /// `problem`'s validators, each ready to run in its protocol; none for
    /// an imported problem whose package has none.
    pub fn validators(&self, problem: &Problem) -> Result<Vec<Program>> {
        (problem.validators.iter())
            .map(|v| {
                let program = self.program(&v.program)?;
                Ok(Program {
                    protocol: v.protocol,
                    ..program
                })
            })
            .collect()
    }

    /// `problem`'s validators, which `command` needs to keep the tests it
    /// makes valid.
    pub fn needed_validators(&self, problem: &Problem, command: &str) -> Result<Vec<Program>> {
        let validators = self.validators(problem)?;
        if validators.is_empty() {
            bail!(
                "judge {command} validates the tests it makes, and {} names no validator",
                problem.config.path.display()
            );
        }
        Ok(validators)
    }

    /// `problem`'s reference solution, which `what` needs.
    pub fn reference(&self, problem: &Problem, what: &str) -> Result<Program> {
        let Some(reference) = &problem.reference else {
            bail!(
                "{what} needs the reference solution, and {} names none",
                problem.config.path.display()
            );
        };
        Ok(self.solution(problem.graders.as_ref(), reference, false)?)
    }

    /// A fresh folder for one run of `command` on `problem`: in the
    /// scratch folder, or else under the kit's work folder; removed when
    /// dropped.
    pub fn run_dir(
        &self,
        kit: &Kit,
        problem: &Problem,
        command: &str,
    ) -> Result<tempfile::TempDir> {
        self.temp_dir(&kit.work_dir().join(command).join(&problem.name))
    }

    /// Whether `file` is in a language of judge.toml.
    pub fn speaks(&self, file: &Path) -> bool {
        self.compiler().language_of(file).is_ok()
    }
}
