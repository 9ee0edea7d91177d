//! The guessing game, the interactive problem of the end-to-end tests: its
//! interactor (C, speaking testlib's exit codes) answers `? x` with `<`,
//! `>` or `=` and takes `! x` as the guess; a test holds n and the secret.

use crate::kit::{Kit, c_program};

/// Random games for `judge stress`: n and the secret from the seed.
pub const GENERATOR: &str = r#"#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    long long seed = atoll(argv[argc - 1]), n = 2 + seed % 1000;
    printf("%lld %lld\n", n, 1 + seed * 7 % n);
    return 0;
}
"#;

/// `interactor input output [answer]`: the input holds n and the secret.
pub const INTERACTOR: &str = r#"
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    if (argc < 3) return 3;
    FILE *in = fopen(argv[1], "r"), *out = fopen(argv[2], "w");
    long long n, secret;
    if (!in || !out || fscanf(in, "%lld %lld", &n, &secret) != 2) { fprintf(stderr, "bad test\n"); return 3; }
    printf("%lld\n", n);
    fflush(stdout);
    for (int asked = 0; ; asked++) {
        char kind[8]; long long x;
        if (scanf("%7s %lld", kind, &x) != 2) { fprintf(stderr, "unexpected end of the solution's output\n"); return 2; }
        if (x < 0) abort(); /* a bug of the jury, for the test */
        if (kind[0] == '!') {
            if (x != secret) { fprintf(stderr, "wrong guess %lld (the number was %lld)\n", x, secret); return 1; }
            fprintf(out, "%d\n", asked);
            fprintf(stderr, "guessed %lld in %d questions\n", x, asked);
            return 0;
        }
        if (asked == 60) { fprintf(stderr, "more than 60 questions\n"); return 1; }
        printf("%s\n", x < secret ? "<" : x > secret ? ">" : "=");
        fflush(stdout);
    }
}
"#;

pub const VALIDATOR: &str = r#"
#include <stdio.h>
int main(void) {
    long long n, s; char end;
    if (scanf("%lld %lld%c", &n, &s, &end) != 3 || end != '\n' || s < 1 || s > n) return 3;
    return 0;
}
"#;

/// Binary search: `flush` decides whether it flushes after each line.
pub fn searcher(flush: bool, off_by_one: bool) -> String {
    c_program(&format!(
        "long long n; scanf(\"%lld\", &n); long long lo = 1, hi = n;
         while (lo < hi) {{ long long mid = (lo + hi) / 2; printf(\"? %lld\\n\", mid); {f}
           char r[4]; if (scanf(\"%3s\", r) != 1) return 0;
           if (r[0] == '<') lo = mid + 1; else hi = mid; }}
         printf(\"! %lld\\n\", lo + {o}); {f} return 0;",
        f = if flush { "fflush(stdout);" } else { "" },
        o = if off_by_one { 1 } else { 0 },
    ))
}

/// Adds the guessing game to `kit` beside its sum problem: judge.toml
/// names it, `problem_toml` is its plan, with the interactor, the
/// validator, the reference (`accepted/binary_search.c`) and the inputs
/// (`1.in`, ... in order).
pub fn add_to(kit: &Kit, problem_toml: &str, inputs: &[&str]) {
    kit.write(
        "judge.toml",
        &kit.judge_toml
            .replace(r#"problems = ["sum"]"#, r#"problems = ["sum", "guess"]"#),
    );
    kit.write("problems/guess/problem.toml", problem_toml);
    kit.write("problems/guess/interactor.c", INTERACTOR);
    kit.write("problems/guess/validate.c", VALIDATOR);
    for (i, input) in inputs.iter().enumerate() {
        kit.write(&format!("problems/guess/{}.in", i + 1), input);
    }
    kit.write(
        "solutions/guess/accepted/binary_search.c",
        &searcher(true, false),
    );
}
