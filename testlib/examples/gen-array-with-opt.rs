//! gen-array-with-opt: prints `test-count` arrays whose lengths sum to
//! `sum-n`, `gen-array-with-opt -test-count <c> -sum-n <s> [-min-n <n>]
//! [-min-value <lo>] [-max-value <hi>] [-value-bias <t>]` (testlib's stock
//! `generators/gen-array-with-opt.cpp`); an option never read fails the run
//! at exit. Used by the vectors in `generators/gen-array-with-opt/*`.

use testlib::{join, opt, opt_or};

fn main() {
    let mut rnd = testlib::register_gen();
    let test_count: i32 = opt("test-count");
    let sum_n: i32 = opt("sum-n");
    let min_n: i32 = opt_or("min-n", 1);
    let min_value: i32 = opt_or("min-value", 1);
    let max_value: i32 = opt_or("max-value", 1_000_000_000);
    let value_bias: i32 = opt_or("value-bias", 0);

    let lengths = rnd.partition(test_count, sum_n, min_n);
    println!("{test_count}");
    for n in lengths {
        let values: Vec<i32> = (0..n)
            .map(|_| rnd.wnext_range(min_value, max_value, value_bias))
            .collect();
        println!("{n}");
        println!("{}", join(&values, " "));
    }
}
