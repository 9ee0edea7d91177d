//! testlib's formatted verdict helpers as macros: `quitf!`, `quitif!`,
//! `ensuref!`, `ensure!`, `quitp!`. All of them end the program (`!`).

/// Ends the program with a verdict and a formatted message (testlib's `quitf`).
///
/// ```no_run
/// # use testlib::prelude::*;
/// let (expected, found) = (3, 4);
/// quitf!(WA, "expected {expected}, found {found}");
/// ```
#[macro_export]
macro_rules! quitf {
    ($outcome:expr, $($arg:tt)+) => {
        $crate::quit($outcome, ::std::format!($($arg)+))
    };
}

/// Ends the program with a verdict if the condition holds (testlib's `quitif`).
#[macro_export]
macro_rules! quitif {
    ($cond:expr, $outcome:expr, $($arg:tt)+) => {
        if $cond {
            $crate::quit($outcome, ::std::format!($($arg)+))
        }
    };
}

/// FAIL with a formatted message unless the condition holds (testlib's global
/// `ensuref`: the jury is at fault, whichever stream the data came from).
#[macro_export]
macro_rules! ensuref {
    ($cond:expr, $($arg:tt)+) => {
        if !$cond {
            $crate::quit($crate::FAIL, ::std::format!($($arg)+))
        }
    };
}

/// FAIL with `Condition failed: "<the condition's text>"` unless it holds
/// (testlib's `ensure` macro).
///
/// The text is the Rust condition as written. When the Rust spelling differs
/// from the C++ one, give testlib's text after `as`, so that the message
/// stays the same as the C++ program's:
///
/// ```no_run
/// # use testlib::prelude::*;
/// let (a, n) = (vec![1, 2], 2);
/// ensure!(a.len() == n); // Condition failed: "a.len() == n"
/// ensure!(a.len() == n, as "a.size() == n"); // Condition failed: "a.size() == n"
/// ```
#[macro_export]
macro_rules! ensure {
    ($cond:expr) => {
        $crate::ensure!($cond, as ::std::stringify!($cond))
    };
    ($cond:expr, as $text:expr) => {
        if !$cond {
            $crate::quit(
                $crate::FAIL,
                ::std::concat!("Condition failed: \"", $text, "\""),
            )
        }
    };
}

/// Ends the program with points and a formatted message (testlib's `quitp`).
#[macro_export]
macro_rules! quitp {
    ($points:expr) => {
        $crate::quitp($points, "")
    };
    ($points:expr, $($arg:tt)+) => {
        $crate::quitp($points, ::std::format!($($arg)+))
    };
}
