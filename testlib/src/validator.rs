//! Validators: read a test from stdin in strict mode; exit 0 if it is valid,
//! 3 (FAIL) with the reason otherwise (42 and 43 in the Kattis protocol).
//!
//! Options, as testlib: `--testset T`, `--group G`,
//! `--testOverviewLogFileName F` (which bounds were hit, which features were
//! seen), `--testMarkupFileName F` (the input with test-case marks),
//! `--testCase N` and `--testCaseFileName F` (extract one test case). `F` may
//! be `stdout` or `stderr`. The three outputs are written when the validator
//! exits cleanly.

use crate::args::{program_args, read_testset_and_group};
use crate::runtime::{self, Mode, Role, fail, state};
use crate::stream::{self, InStream};
use crate::validation;

/// testlib's `__TESTLIB_MAX_TEST_CASE`.
const MAX_TEST_CASE: i64 = 1_073_741_823;

const USAGE: &str = "Validator must be run with the following arguments: [--testset testset] [--group group] [--testOverviewLogFileName fileName] [--testMarkupFileName fileName] [--testCase testCase] [--testCaseFileName fileName]";

/// The kit's own option, which testlib ignores as it ignores any argument
/// it does not know: write where each bounded value was read (its bytes in
/// the input, its bounds and its name), for `judge validate --mutate`.
pub const READS_LOG: &str = "--testReadsLogFileName";

/// Registers a validator from the program's arguments (testlib's
/// `registerValidation(argc, argv)`) and returns its strict input, stdin.
pub fn register_validation() -> InStream {
    register_validation_with(&program_args())
}

/// [`register_validation`] with explicit arguments (program name first).
pub fn register_validation_with(args: &[String]) -> InStream {
    runtime::register(Mode::Validator);
    runtime::install_hooks(|hooks| hooks.clean_exit = validation::write_outputs);
    // First, so that every later verdict, a bad option included, is
    // reported the protocol's way.
    runtime::resolve_protocol(None);
    let inf = InStream::stdin(Role::Input, true);
    stream::set_std(inf.clone(), stream::ouf(), stream::ans());
    read_testset_and_group(args);
    let mut i = 1;
    while i < args.len() {
        let option = args[i].as_str();
        let known = [
            "--testset",
            "--group",
            "--testOverviewLogFileName",
            "--testMarkupFileName",
            "--testCase",
            "--testCaseFileName",
        ];
        if option == READS_LOG
            && let Some(path) = args.get(i + 1)
        {
            validation::log().reads_log = Some(path.clone());
            i += 2;
            continue;
        }
        if !known.contains(&option) {
            // testlib ignores arguments it does not know.
            i += 1;
            continue;
        }
        let Some(value) = args.get(i + 1).cloned() else {
            fail(USAGE)
        };
        match option {
            "--testOverviewLogFileName" => validation::log().overview_log = Some(value),
            "--testMarkupFileName" => validation::log().markup = Some(value),
            "--testCaseFileName" => validation::log().test_case_file = Some(value),
            "--testCase" => {
                let case = inf.parse_long(&value);
                if !(1..MAX_TEST_CASE).contains(&case) {
                    fail(format!(
                        "Argument testCase should be between 1 and {MAX_TEST_CASE}, but {case} found"
                    ));
                }
                validation::log().test_case = Some(case as i32);
            }
            _ => {}
        }
        i += 2;
    }
    let record = {
        let log = validation::log();
        log.markup.is_some() || log.test_case.is_some()
    };
    inf.make_std_input(record);
    inf
}

/// Declares a feature that tests may have (testlib's `addFeature`).
pub fn add_feature(feature: &str) {
    if state().mode != Mode::Validator {
        fail("Features are supported in validators only.");
    }
    let mut log = validation::log();
    if log.features.contains(feature) {
        drop(log);
        fail(format!("Feature {feature} registered twice."));
    }
    if feature.bytes().any(|b| b < b' ') {
        drop(log);
        fail(format!(
            "Feature name '{feature}' contains restricted characters."
        ));
    }
    log.features.insert(feature.to_string());
}

/// Marks a declared feature as present in this test (testlib's `feature`).
pub fn feature(feature: &str) {
    if state().mode != Mode::Validator {
        fail("Features are supported in validators only.");
    }
    let mut log = validation::log();
    if !log.features.contains(feature) {
        drop(log);
        fail(format!(
            "Feature {feature} didn't registered via addFeature(feature)."
        ));
    }
    log.hit_features.insert(feature.to_string());
}
