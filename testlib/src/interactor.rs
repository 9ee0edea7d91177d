//! Interactors: `interactor input output [answer [result-file [-appes]]]`.
//! The interactor reads the test from `input`, talks to the contestant over
//! stdout (to them) and stdin (`ouf`, from them), and writes what the checker
//! should later see to `output` (`tout`).

use std::cell::RefCell;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::rc::Rc;

use crate::checker::{
    max_file_size, positional_args, program_args, read_result_file, read_testset_and_group,
};
use crate::runtime::{self, Mode, Role, fail};
use crate::stream::{self, InStream};

/// The file the checker will read as the output (testlib's `tout`).
/// Buffered; flushed when the program ends with a verdict.
#[derive(Clone)]
pub struct Tout(Rc<RefCell<BufWriter<File>>>);

impl Write for Tout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.0.borrow_mut().flush()
    }
}

thread_local! {
    static TOUT: RefCell<Option<Tout>> = const { RefCell::new(None) };
}

/// Flushes `tout`, if this program has one (called by every verdict).
pub(crate) fn flush_tout() {
    let _ = TOUT.try_with(|t| {
        if let Ok(slot) = t.try_borrow()
            && let Some(tout) = slot.as_ref()
            && let Ok(mut w) = tout.0.try_borrow_mut()
        {
            let _ = w.flush();
        }
    });
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
    read_result_file(&positional, 4);
    let limit = max_file_size();
    let inf = InStream::open_file(&positional[1], Role::Input, limit);
    let tout = match File::create(&positional[2]) {
        Ok(f) => Tout(Rc::new(RefCell::new(BufWriter::new(f)))),
        Err(_) => fail(format!(
            "Can not write to the test-output-file '{}'",
            positional[2]
        )),
    };
    let ouf = InStream::stdin(Role::Output, false);
    let ans = match positional.get(3) {
        Some(path) => InStream::open_file(path, Role::Answer, limit),
        None => InStream::unopened("unopened answer stream", Role::Answer),
    };
    inf.make_std_input(false);
    stream::set_std(inf.clone(), ouf.clone(), ans.clone());
    let _ = TOUT.try_with(|t| *t.borrow_mut() = Some(tout.clone()));
    Interactor {
        inf,
        ouf,
        ans,
        tout,
    }
}
