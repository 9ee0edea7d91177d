//! testlib's standard checkers: each module is the binary of the same
//! name (`src/bin/<name>.rs`), whose `main` a host may run in its own
//! process with `testlib::run_in_process` instead of starting the binary.

#[path = "../bin/acmp.rs"]
pub mod acmp;
#[path = "../bin/caseicmp.rs"]
pub mod caseicmp;
#[path = "../bin/casencmp.rs"]
pub mod casencmp;
#[path = "../bin/casewcmp.rs"]
pub mod casewcmp;
#[path = "../bin/dcmp.rs"]
pub mod dcmp;
#[path = "../bin/fcmp.rs"]
pub mod fcmp;
#[path = "../bin/hcmp.rs"]
pub mod hcmp;
#[path = "../bin/icmp.rs"]
pub mod icmp;
#[path = "../bin/lcmp.rs"]
pub mod lcmp;
#[path = "../bin/ncmp.rs"]
pub mod ncmp;
#[path = "../bin/nyesno.rs"]
pub mod nyesno;
#[path = "../bin/rcmp.rs"]
pub mod rcmp;
#[path = "../bin/rcmp4.rs"]
pub mod rcmp4;
#[path = "../bin/rcmp6.rs"]
pub mod rcmp6;
#[path = "../bin/rcmp9.rs"]
pub mod rcmp9;
#[path = "../bin/rncmp.rs"]
pub mod rncmp;
#[path = "../bin/uncmp.rs"]
pub mod uncmp;
#[path = "../bin/wcmp.rs"]
pub mod wcmp;
#[path = "../bin/yesno.rs"]
pub mod yesno;

/// Their names, as testlib names them.
pub const NAMES: [&str; 19] = [
    "acmp", "caseicmp", "casencmp", "casewcmp", "dcmp", "fcmp", "hcmp", "icmp", "lcmp", "ncmp",
    "nyesno", "rcmp", "rcmp4", "rcmp6", "rcmp9", "rncmp", "uncmp", "wcmp", "yesno",
];

/// The `main` of the standard checker `name`.
pub fn main_of(name: &str) -> Option<fn()> {
    Some(match name {
        "acmp" => acmp::main,
        "caseicmp" => caseicmp::main,
        "casencmp" => casencmp::main,
        "casewcmp" => casewcmp::main,
        "dcmp" => dcmp::main,
        "fcmp" => fcmp::main,
        "hcmp" => hcmp::main,
        "icmp" => icmp::main,
        "lcmp" => lcmp::main,
        "ncmp" => ncmp::main,
        "nyesno" => nyesno::main,
        "rcmp" => rcmp::main,
        "rcmp4" => rcmp4::main,
        "rcmp6" => rcmp6::main,
        "rcmp9" => rcmp9::main,
        "rncmp" => rncmp::main,
        "uncmp" => uncmp::main,
        "wcmp" => wcmp::main,
        "yesno" => yesno::main,
        _ => return None,
    })
}
