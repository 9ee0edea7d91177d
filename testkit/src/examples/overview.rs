//! The validator shared by `overview-v1` .. `overview-v4` (upstream/007): the
//! four differ only in the variable names, which exercise the overview log's
//! `~` (ignored bound) syntax and its "names with digits are not tracked" rule.

use std::collections::BTreeSet;

use testlib::prelude::*;

/// Validates t cases of `n l r` plus a permutation of 1..=n, naming the
/// values `[t, n, l, r, a]`.
pub fn run([t, n, l, r, a]: [&str; 5]) {
    let inf = register_validation();
    let cases = inf.read_int_in(1..=3, t);
    inf.read_eoln();
    for case in 1..=cases {
        set_test_case(case + 1);
        let size = inf.read_int_in(1..=4, n);
        inf.read_space();
        inf.read_int_in(-2..=2, l);
        inf.read_space();
        inf.read_int_in(-5..=5, r);
        inf.read_eoln();
        let values = inf.read_ints(size as usize, 1..=size, a);
        let distinct: BTreeSet<_> = values.iter().collect();
        ensuref!(
            distinct.len() == size as usize,
            "not a permutation (duplicates)"
        );
        inf.read_eoln();
    }
    inf.read_eof();
}
