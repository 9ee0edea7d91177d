//! A sandbox that starts nothing: a script says how each run ends.
//!
//! Tests of the verdict rules, the worker pool and `verify` give a
//! [`FakeSandbox`] a closure from the run (which program, which test) to a
//! [`FakeRun`]: its exit, CPU time, memory, and what it writes on stdout and
//! stderr. The fake writes those files, so the code under test reads a
//! checker's message or a solution's output exactly as it would after a real
//! run, and records every run it was asked for.

use std::ffi::OsStr;
use std::io;
use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;

use crate::{Exit, Isolation, Network, RunOutcome, RunSpec, Sandbox};

/// How a scripted run ends.
#[derive(Clone, Debug)]
pub struct FakeRun {
    exit: Exit,
    cpu: Duration,
    wall: Option<Duration>,
    memory_bytes: u64,
    wall_timeout: bool,
    memory_capped: bool,
    unstartable: bool,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    /// Files written in the folder an argument names: (argument, name, bytes).
    files: Vec<(usize, String, Vec<u8>)>,
}

impl FakeRun {
    /// A run that exits with `code` after 1 ms of CPU and 1 MiB of memory.
    pub fn exit(code: i32) -> FakeRun {
        FakeRun {
            exit: Exit::Code(code),
            cpu: Duration::from_millis(1),
            wall: None,
            memory_bytes: 1 << 20,
            wall_timeout: false,
            memory_capped: false,
            unstartable: false,
            stdout: Vec::new(),
            stderr: Vec::new(),
            files: Vec::new(),
        }
    }

    /// A run killed by `signal`.
    pub fn signal(signal: i32) -> FakeRun {
        FakeRun {
            exit: Exit::Signal(signal),
            ..FakeRun::exit(0)
        }
    }

    /// A run the sandbox killed at the wall limit (as it would a sleeper).
    pub fn wall_timeout() -> FakeRun {
        FakeRun {
            wall_timeout: true,
            ..FakeRun::signal(libc::SIGKILL)
        }
    }

    /// A run the sandbox stopped at its memory cap.
    pub fn memory_capped() -> FakeRun {
        FakeRun {
            memory_capped: true,
            ..FakeRun::signal(libc::SIGKILL)
        }
    }

    /// A program that cannot be started (a missing executable).
    pub fn unstartable() -> FakeRun {
        FakeRun {
            unstartable: true,
            ..FakeRun::exit(0)
        }
    }

    /// Sets the CPU time (and the wall time, unless set).
    pub fn cpu_ms(mut self, ms: u64) -> FakeRun {
        self.cpu = Duration::from_millis(ms);
        self
    }

    /// Sets the wall-clock time.
    pub fn wall_ms(mut self, ms: u64) -> FakeRun {
        self.wall = Some(Duration::from_millis(ms));
        self
    }

    /// Sets the peak memory.
    pub fn memory_mib(mut self, mib: u64) -> FakeRun {
        self.memory_bytes = mib << 20;
        self
    }

    /// What the program writes on stdout.
    pub fn stdout(mut self, text: impl AsRef<[u8]>) -> FakeRun {
        self.stdout = text.as_ref().to_vec();
        self
    }

    /// A file the program writes in the folder its argument `arg` (from 1)
    /// names, as a Kattis output validator writes in its feedback folder.
    pub fn file_in_arg(mut self, arg: usize, name: &str, text: impl AsRef<[u8]>) -> FakeRun {
        self.files
            .push((arg, name.to_string(), text.as_ref().to_vec()));
        self
    }

    /// What the program writes on stderr (a checker's message).
    pub fn stderr(mut self, text: impl AsRef<[u8]>) -> FakeRun {
        self.stderr = text.as_ref().to_vec();
        self
    }
}

type Script = dyn Fn(&FakeCall) -> FakeRun + Send + Sync;

/// One run the fake was asked for, as the script sees it.
#[derive(Clone, Debug)]
pub struct FakeCall {
    /// The program's file name (the last part of `argv[0]`).
    pub program: String,
    /// The test: the stem of the stdin file, or else of the first argument
    /// (a checker's input file); empty when there is none.
    pub test: String,
    pub spec: RunSpec,
    /// Asked for with no other run at the same time ([`Sandbox::run_alone`]).
    pub alone: bool,
}

/// A [`Sandbox`] that plays a script.
pub struct FakeSandbox {
    script: Box<Script>,
    calls: Mutex<Vec<FakeCall>>,
    network: Network,
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

impl FakeSandbox {
    /// A fake whose runs end as `script` says.
    pub fn new(script: impl Fn(&FakeCall) -> FakeRun + Send + Sync + 'static) -> FakeSandbox {
        FakeSandbox {
            script: Box::new(script),
            calls: Mutex::new(Vec::new()),
            network: Network::Isolated,
        }
    }

    /// The runs asked for so far, in the order they started.
    pub fn calls(&self) -> Vec<FakeCall> {
        self.calls.lock().unwrap().clone()
    }

    /// The tests `program` was run on, sorted.
    pub fn tests_run_by(&self, program: &str) -> Vec<String> {
        let mut tests: Vec<String> = self
            .calls()
            .into_iter()
            .filter(|c| c.program == program)
            .map(|c| c.test)
            .collect();
        tests.sort();
        tests
    }
}

impl FakeSandbox {
    fn play(&self, spec: &RunSpec, alone: bool) -> io::Result<RunOutcome> {
        let program = spec
            .argv
            .first()
            .map(|p| stem(Path::new(p)))
            .ok_or_else(|| io::Error::other("empty command"))?;
        let test = match (&spec.stdin, spec.argv.get(1)) {
            (Some(stdin), _) => stem(stdin),
            (None, Some(arg)) => stem(Path::new(OsStr::new(arg))),
            (None, None) => String::new(),
        };
        let call = FakeCall {
            program,
            test,
            spec: spec.clone(),
            alone,
        };
        let run = (self.script)(&call);
        self.calls.lock().unwrap().push(call);
        if run.unstartable {
            return Err(io::Error::new(
                io::ErrorKind::NotFound,
                "no such file (scripted)",
            ));
        }
        std::fs::write(&spec.stdout, &run.stdout)?;
        if let Some(stderr) = &spec.stderr {
            std::fs::write(stderr, &run.stderr)?;
        }
        for (arg, name, bytes) in &run.files {
            let dir = spec
                .argv
                .get(*arg)
                .ok_or_else(|| io::Error::other("no such argument"))?;
            std::fs::write(Path::new(dir).join(name), bytes)?;
        }
        Ok(RunOutcome {
            exit: run.exit,
            cpu: run.cpu,
            wall: run.wall.unwrap_or(run.cpu),
            peak_memory_bytes: run.memory_bytes,
            wall_timeout: run.wall_timeout,
            idle: false,
            output_bytes: run.stdout.len() as u64,
            memory_capped: run.memory_capped,
        })
    }
}

impl Sandbox for FakeSandbox {
    fn run(&self, spec: &RunSpec) -> io::Result<RunOutcome> {
        self.play(spec, false)
    }

    fn run_alone(&self, spec: &RunSpec) -> io::Result<RunOutcome> {
        self.play(spec, true)
    }

    fn isolate_network(&self) -> Network {
        self.network
    }

    fn isolation(&self) -> Isolation {
        Isolation {
            processes: "fake".into(),
            files: "fake".into(),
            memory: "fake".into(),
            network: "isolated".into(),
            user: "fake".into(),
            pids: "fake".into(),
            off: Vec::new(),
            missing: Vec::new(),
        }
    }
}
