//! The command line shared by every kind of program: `--testset` and
//! `--group`, the positional arguments, the result file and `--help`.

use crate::runtime::{fail, state};

/// The checker's call, which testlib's `--help` shows whatever the program.
pub(crate) const USAGE: &str = "Program must be run with the following arguments: [--testset testset] [--group group] <input-file> <output-file> <answer-file> [<report-file> [<-appes>]]";

/// The program's arguments as text (paths that are not UTF-8 are shown lossily).
pub(crate) fn program_args() -> Vec<String> {
    std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect()
}

/// The arguments without `--testset`/`--group` and their values (program name
/// first); `--help` as the first of them prints the help and exits.
pub(crate) fn positional_args(args: &[String]) -> Vec<String> {
    let mut positional = vec![args.first().cloned().unwrap_or_default()];
    let mut rest = args.iter().skip(1);
    while let Some(arg) = rest.next() {
        if arg == "--testset" || arg == "--group" {
            rest.next();
        } else {
            positional.push(arg.clone());
        }
    }
    if positional.get(1).is_some_and(|a| a == "--help") {
        help();
    }
    positional
}

/// testlib's `__testlib_set_testset_and_group`: reads `--testset` and `--group`.
pub(crate) fn read_testset_and_group(args: &[String]) {
    let mut testset = "tests".to_string();
    let mut group = String::new();
    let mut i = 1;
    while i < args.len() {
        if args[i] == "--testset" {
            match args.get(i + 1) {
                Some(v) if !v.is_empty() => testset = v.clone(),
                _ => fail("Expected non-empty testset after --testset command line parameter"),
            }
            i += 1;
        } else if args[i] == "--group" {
            match args.get(i + 1) {
                Some(v) => group = v.clone(),
                None => fail("Expected group after --group command line parameter"),
            }
            i += 1;
        }
        i += 1;
    }
    let mut st = state();
    st.testset = testset;
    st.group = group;
}

/// Prints testlib's help text and exits with FAIL's code.
pub(crate) fn help() -> ! {
    eprintln!(
        "testlib-rs {} (testlib 0.9.45 compatible)",
        env!("CARGO_PKG_VERSION")
    );
    eprintln!();
    eprintln!("{USAGE}");
    eprintln!();
    std::process::exit(3)
}

/// Takes the result-file arguments (`[result-file [-appes]]`) after the
/// streams; `positional` holds the arguments, program name first.
pub(crate) fn read_result_file(positional: &[String], first: usize) {
    match positional.len() {
        n if n == first + 1 => state().result_file = Some(positional[first].clone()),
        n if n == first + 2 => {
            if positional[first + 1] != "-appes" && positional[first + 1] != "-APPES" {
                fail(
                    "Program must be run with the following arguments: <input-file> <output-file> <answer-file> [<report-file> [<-appes>]]",
                );
            }
            let mut st = state();
            st.result_file = Some(positional[first].clone());
            st.appes = true;
        }
        _ => {}
    }
}
