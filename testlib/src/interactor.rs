//! Interactors: `interactor input output [answer [result-file [-appes]]]`,
//! or, as a Kattis interactive output validator, `interactor input answer
//! feedback-dir` (the verdict then in Kattis's protocol: exit 42 or 43, the
//! message in `feedback-dir/judgemessage.txt`), or, built for CMS, as a
//! Communication manager, `manager from-user to-user` with the test on
//! stdin (the contestant is then behind the two FIFOs, and the verdict is
//! CMS's: the score on stdout, the message on stderr).
//! The interactor reads the test from `input`, talks to the contestant over
//! stdout (to them) and stdin (`ouf`, from them), and writes what the checker
//! should later see to `output` (`tout`).

use std::fs::File;
use std::io::{BufWriter, Write};
use std::sync::{Arc, Mutex};

use crate::args::{positional_args, program_args, read_result_file, read_testset_and_group};
use crate::protocol;
use crate::runtime::{self, Mode, Role, fail};
use crate::stream::{self, InStream, max_file_size};

/// The file the checker will read as the output (testlib's `tout`).
/// Buffered; flushed when the program ends with a verdict, on any thread.
#[derive(Clone)]
pub struct Tout(Arc<Mutex<BufWriter<File>>>);

impl Write for Tout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        runtime::lock(&self.0).write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        runtime::lock(&self.0).flush()
    }
}

static TOUT: Mutex<Option<Tout>> = Mutex::new(None);

/// Flushes `tout` (the verdict pipeline's hook). Only tries its lock: a
/// verdict raised while `tout` is being written must still end the program.
fn flush_tout() {
    let tout = runtime::lock(&TOUT).clone();
    if let Some(tout) = tout
        && let Ok(mut w) = tout.0.try_lock()
    {
        let _ = w.flush();
    }
}

/// The streams of a registered interactor.
pub struct Interactor {
    /// The test input.
    pub inf: InStream,
    /// The contestant's output, read from stdin.
    pub ouf: InStream,
    /// The jury's answer, if given.
    pub ans: InStream,
    /// Where to write what the checker will read.
    pub tout: Tout,
}

const USAGE: &str = "Program must be run with the following arguments: <input-file> <output-file> [<answer-file> [<report-file> [<-appes>]]]";

/// Registers an interactor from the program's arguments (testlib's
/// `registerInteraction`).
pub fn register_interactor() -> Interactor {
    register_interactor_with(&program_args())
}

/// [`register_interactor`] with explicit arguments (program name first).
/// Unlike testlib, `--testset` and `--group` are removed before the files are
/// taken (testlib keeps them and then misreads the file arguments).
pub fn register_interactor_with(args: &[String]) -> Interactor {
    read_testset_and_group(args);
    runtime::register(Mode::Interactor);
    let positional = positional_args(args);
    if !(3..=6).contains(&positional.len()) {
        fail(format!("{USAGE}\nUse \"--help\" to get help information"));
    }
    let limit = max_file_size();
    if protocol::is_cms_manager_call(&positional) {
        return cms_manager(&positional[1], &positional[2]);
    }
    // Called as a Kattis interactive output validator (`input answer
    // feedback-dir`): the verdict is spoken in Kattis's protocol, and what
    // testlib would write for a checker has nowhere to go.
    let kattis = protocol::is_kattis_call(&positional);
    let (tout_path, answer) = if kattis {
        runtime::speak_kattis(&positional[3]);
        ("/dev/null", Some(&positional[2]))
    } else {
        read_result_file(&positional, 4);
        (positional[2].as_str(), positional.get(3))
    };
    let inf = InStream::open_file(&positional[1], Role::Input, limit);
    let tout = match File::create(tout_path) {
        Ok(f) => Tout(Arc::new(Mutex::new(BufWriter::new(f)))),
        Err(_) => fail(format!(
            "Can not write to the test-output-file '{tout_path}'"
        )),
    };
    let ouf = InStream::stdin(Role::Output, false);
    let ans = match answer {
        Some(path) => InStream::open_file(path, Role::Answer, limit),
        None => InStream::unopened("unopened answer stream", Role::Answer),
    };
    finish(inf, ouf, ans, tout)
}

/// Makes the streams the program's own and returns them.
fn finish(inf: InStream, ouf: InStream, ans: InStream, tout: Tout) -> Interactor {
    inf.make_std_input(false);
    stream::set_std(inf.clone(), ouf.clone(), ans.clone());
    *runtime::lock(&TOUT) = Some(tout.clone());
    runtime::install_hooks(|hooks| hooks.flush_tout = flush_tout);
    Interactor {
        inf,
        ouf,
        ans,
        tout,
    }
}

/// A CMS Communication manager: the test on stdin, the contestant's output
/// from the FIFO `from_user`, what the program prints to it on `to_user`
/// (put in place of stdout, so the interactor's code is the same), and the
/// verdict on the judge's original stdout. CMS gives the manager no answer
/// file, and keeps nothing it would write to `tout`.
fn cms_manager(from_user: &str, to_user: &str) -> Interactor {
    use std::os::fd::{AsFd, AsRawFd};
    let verdict_out = std::io::stdout()
        .as_fd()
        .try_clone_to_owned()
        .map(File::from)
        .unwrap_or_else(|_| fail("Can not keep the standard output for the verdict"));
    runtime::speak_cms(verdict_out);
    // The contestant opens its stdin (our `to_user`) first, then its
    // stdout: opened in the same order, neither side waits for the other.
    let to = std::fs::OpenOptions::new()
        .write(true)
        .open(to_user)
        .unwrap_or_else(|_| {
            fail(format!(
                "Can not open the FIFO '{to_user}' to the contestant"
            ))
        });
    // SAFETY: `dup2` only replaces descriptor 1 with a valid descriptor.
    if unsafe { libc::dup2(to.as_raw_fd(), 1) } < 0 {
        fail(format!("Can not write to the FIFO '{to_user}'"));
    }
    drop(to);
    let inf = InStream::stdin(Role::Input, false);
    let ouf = InStream::open_file(from_user, Role::Output, None);
    let ans = InStream::unopened("unopened answer stream", Role::Answer);
    let tout = match File::create("/dev/null") {
        Ok(f) => Tout(Arc::new(Mutex::new(BufWriter::new(f)))),
        Err(_) => fail("Can not open /dev/null for the test-output-file"),
    };
    finish(inf, ouf, ans, tout)
}
