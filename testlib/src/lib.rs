/*!
testlib-rs: a faithful, fast Rust port of [testlib.h] 0.9.45, the library
behind Codeforces and Polygon checkers, validators, generators and
interactors.

A program built with it is a drop-in replacement for its C++ twin: the same
command line, the same exit codes (0 OK, 1 WA, 2 PE, 3 FAIL, 7 points), the
same messages byte for byte, and for generators the same random numbers for
the same arguments. Checkers and validators can also speak the Kattis and CMS
judge protocols (see [Judge protocols](#judge-protocols)).

# Brief overview

* Register the program: [`register_checker`], [`register_validation`],
  [`register_gen`] or [`register_interactor`].
* Read with [`InStream`]: the input `inf`, the output `ouf`, the answer `ans`.
  Reads return values; a bad read ends the program with the right verdict,
  blamed by stream (bad output: WA or PE; bad input or answer: FAIL).
* End with [`quitf!`], [`quit`], [`quitp`], [`ensuref!`], [`ensure!`]. They
  return `!`.
* Generators draw from [`Random`] (testlib's `rnd`) and read options with
  [`opt`], [`opt_or`], [`has_opt`].

# A checker

```no_run
use testlib::prelude::*;

fn main() {
    let Checker { ouf, ans, .. } = register_checker();
    let mut n = 0;
    while !ans.seek_eof() {
        n += 1;
        let (j, p) = (ans.read_long(), ouf.read_long());
        quitif!(j != p, WA, "{n}{} numbers differ - expected: '{j}', found: '{p}'", english_ending(n));
    }
    quitf!(OK, "{n} numbers");
}
```

# A validator

```no_run
use testlib::prelude::*;

fn main() {
    let inf = register_validation();
    let n = inf.read_int_in(1..=100_000, "n");
    inf.read_eoln();
    inf.read_longs(n as usize, -1_000_000_000_000_000..=1_000_000_000_000_000, "a");
    inf.read_eoln();
    inf.read_eof();
}
```

# A generator

```no_run
use testlib::prelude::*;

fn main() {
    let mut rnd = register_gen();
    let n: i32 = opt("n");
    let max: i64 = opt_or("max", 1_000_000_000);
    println!("{n}");
    let a: Vec<i64> = (0..n).map(|_| rnd.next_range(1, max)).collect();
    println!("{}", join(&a, " "));
}
```

# Judge protocols

By default a program speaks testlib's protocol, unchanged. Checkers and
validators can also speak the protocols of other judges, so that the same
source is shipped everywhere ([`Protocol`]):

* **Kattis / ICPC** (DOMjudge, BAPCtools, problemtools). A checker is called
  `checker input answer feedback_dir [judge flags...] < output`: `inf` is the
  input, `ans` the answer, `ouf` stdin; the flags are ignored. It exits 42
  for OK, points and partially correct, 43 for WA, PE, extra output and an
  unexpected end of the output, 3 for FAIL, and writes its verdict text
  (what testlib mode prints on stderr) to `feedback_dir/judgemessage.txt` as
  well as to stderr; a [`quitp()`] score also goes to `feedback_dir/score.txt`,
  as the message shows it. A validator is called as in testlib mode (it reads
  `--group` and the other options) and exits 42 for a valid input, 43 for an
  invalid one.
* **CMS** (Batch comparator). A checker is called
  `checker input correct_output contestant_output` (note the order), writes
  its score on stdout (`1.0` for OK, `0.0` for WA, PE, extra output and an
  unexpected end, a [`quitp()`] score clamped to [0, 1] — CMS wants the
  fraction of the test's score —, `0.0` for [`pc`]`(k)`, whose code has no
  documented fraction) and its verdict text on stderr, and exits 0, or 3 for
  FAIL. [`quitpi`] gives no number, so it is a FAIL there. Validators keep
  testlib's protocol: CMS does not run them.

The protocol is chosen, in this order:

1. the value of the environment variable `TESTLIB_RS_PROTOCOL` ([`PROTOCOL_ENV`])
   when the crate was compiled (`testlib`, `kattis` or `cms`; unset or empty
   means `testlib`; any other value does not compile). This is how binaries
   for a judge are built — `TESTLIB_RS_PROTOCOL=cms cargo build --release` —
   and cargo rebuilds when the value changes;
2. the same variable at run time, which overrides the compiled default; an
   unknown value is a FAIL;
3. for checkers, whatever both say: a call whose third file argument (after
   `--testset`/`--group`) is an existing directory is a Kattis call. A
   testlib answer file is never a directory; CMS's call looks like testlib's
   and is never detected.

Generators always speak testlib's protocol; interactors too, except when
called as a Kattis interactive validator (`input answer feedback-dir`).
[`protocol()`] tells which one the program speaks.

See the crate's README for the differences from testlib, all deliberate.

[testlib.h]: https://github.com/MikeMirzayanov/testlib
*/

#![deny(unsafe_op_in_unsafe_fn)]

mod args;
mod checker;
mod format;
mod generator;
mod interactor;
mod macros;
mod opts;
mod outcome;
mod pattern;
mod print;
mod protocol;
mod random;
mod runtime;
mod stream;
mod validation;
mod validator;

pub use args::{argv, atoi, atoll, set_name};
pub use checker::{
    Checker, Points, Shown, expected_but_found, quit, quitp, quitpi, register_checker,
    register_checker_with, run_in_process,
};
pub use format::{
    Bytes, compress, double_compare, double_delta, english_ending, fixed, general, human_readable,
    join, lower_case, remove_double_trailing_zeroes, scientific, split, tokenize, trim, upper_case,
};
pub use generator::{Rnd, register_gen, register_gen_with, rnd, start_test};
pub use interactor::{Interactor, Tout, register_interactor, register_interactor_with};
pub use opts::{
    OptValue, ensure_no_unused_opts, has_opt, opt, opt_at, opt_at_or, opt_or, prepare_opts,
    suppress_ensure_no_unused_opts,
};
pub use outcome::{DIRT, FAIL, OK, Outcome, PE, POINTS, UNEXPECTED_EOF, WA, pc};
pub use pattern::Pattern;
pub use print::{Print, println};
pub use protocol::{PROTOCOL_ENV, Protocol};
pub use random::{Random, RandomInt};
pub use runtime::{
    Exit, Role, catch_exit, disable_finalize_guard, enable_unexpected_eof, group, protocol,
    set_appes_encoding, set_test_case, testset, unset_test_case,
};
pub use stream::{
    AsPattern, Held, InStream, MAX_FILE_SIZE_ENV, ans, inf, ouf, parse_i64, parse_u64,
    set_max_file_size,
};
pub use validator::{
    READS_LOG, add_feature, feature, register_validation, register_validation_with,
};

/// Everything a checker, validator, generator or interactor usually needs.
pub mod prelude {
    pub use crate::{
        Bytes, Checker, DIRT, FAIL, InStream, Interactor, OK, Outcome, PE, POINTS, Pattern, Random,
        UNEXPECTED_EOF, WA, ans, compress, english_ending, ensure, ensuref, expected_but_found,
        has_opt, inf, join, opt, opt_at, opt_or, ouf, pc, println, quit, quitf, quitif, quitp,
        quitpi, register_checker, register_gen, register_interactor, register_validation, rnd,
        set_test_case,
    };
}
