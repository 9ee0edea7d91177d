//! The throw-away kit's problem "sum" (print a + b), its programs C
//! sources, so that no cargo is involved: the checker, validator,
//! generator and reference, a wrong solution, its inputs; and the
//! configuration that sets every key (`KitBuilder::full_config`).

/// A testlib-protocol checker written without testlib, as a user might bring
/// one: `checker input output answer`, exit 0/1/2/3, message on stderr.
pub const CHECKER: &str = r#"
#include <stdio.h>
int main(int argc, char **argv) {
    if (argc < 4) return 3;
    FILE *out = fopen(argv[2], "r"), *ans = fopen(argv[3], "r");
    long long a, b;
    if (!ans || fscanf(ans, "%lld", &a) != 1) { fprintf(stderr, "FAIL bad answer\n"); return 3; }
    if (!out || fscanf(out, "%lld", &b) != 1) { fprintf(stderr, "wrong output format expected a number\n"); return 2; }
    if (a != b) { fprintf(stderr, "wrong answer expected %lld, found %lld\n", a, b); return 1; }
    if (fscanf(out, "%lld", &b) == 1) { fprintf(stderr, "wrong answer extra output\n"); return 1; }
    fprintf(stderr, "ok %lld\n", a);
    return 0;
}
"#;

/// An ICPC output validator (Kattis's protocol: `validator input answer
/// feedback_dir`, the output on stdin, exit 42 or 43): the one number of
/// the answer.
pub const KATTIS_CHECKER: &str = r#"#include <stdio.h>
int main(int argc, char **argv) {
    if (argc < 4) return 1;
    FILE *ans = fopen(argv[2], "r");
    long long want, got;
    if (!ans || fscanf(ans, "%lld", &want) != 1) return 1;
    return scanf("%lld", &got) == 1 && got == want ? 42 : 43;
}
"#;

/// A CMS checker (`checker input answer output`: the score on stdout, the
/// message on stderr): the one number of the answer.
pub const CMS_CHECKER: &str = r#"#include <stdio.h>
int main(int argc, char **argv) {
    FILE *ans = fopen(argv[2], "r"), *out = fopen(argv[3], "r");
    long long want, got;
    if (!ans || fscanf(ans, "%lld", &want) != 1) return 1;
    if (!out || fscanf(out, "%lld", &got) != 1 || got != want) {
        printf("0.0\n"); fprintf(stderr, "Output is not correct\n"); return 0;
    }
    printf("1.0\n"); fprintf(stderr, "Output is correct\n"); return 0;
}
"#;

/// A checker that crashes, whatever it is given.
pub const CRASHING_CHECKER: &str = "int main(void) { volatile int *p = 0; return *p; }\n";

pub const VALIDATOR: &str = r#"
#include <stdio.h>
int main(void) {
    long long a, b; char end;
    if (scanf("%lld %lld%c", &a, &b, &end) != 3 || end != '\n' || a < 0 || b < 0) {
        fprintf(stderr, "FAIL bad input: expected two non-negative integers\n");
        return 3;
    }
    return 0;
}
"#;

/// `gen a b` prints `a b`; `{fault}` may misbehave first (it sees `a`).
pub fn generator(fault: &str) -> String {
    format!(
        r#"
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
int main(int argc, char **argv) {{
    if (argc != 3) {{ fprintf(stderr, "usage: gen a b\n"); return 3; }}
    long long a = atoll(argv[1]);
    {fault}
    printf("%s %s\n", argv[1], argv[2]);
    return 0;
}}
"#
    )
}

/// The reference: prints a + b; `{fault}` may misbehave first (it sees `a`
/// and `b`).
pub fn reference(fault: &str) -> String {
    format!(
        "#include <stdio.h>\nint main(void) {{ long long a, b; scanf(\"%lld %lld\", &a, &b); {fault} printf(\"%lld\\n\", a + b); return 0; }}\n"
    )
}

/// A wrong solution: prints a + b + 1.
pub fn plus_one() -> String {
    reference("b += 1;")
}

/// A C program whose `main` is `body`.
pub fn c_program(body: &str) -> String {
    format!(
        "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\nint main(void) {{ {body} }}\n"
    )
}

/// The inputs the tests of the plan may name by file, in order.
pub(super) const INPUTS: [(&str, &str); 3] = [
    ("t1.in", "1 2\n"),
    ("t2.in", "40 2\n"),
    ("t3.in", "1000000000000 1\n"),
];

// ---------------------------------------------------------------------------
// The configuration that uses every key

/// A judge.toml that sets every key, for `KitBuilder::full_config`.
pub const FULL_JUDGE_TOML: &str = r#"# The kit.
jobs = 2
problems = ["sum"]
testlib_h = "testlib.h"

[defaults]
time_limit_ms = 1000
memory_limit_mib = 256
output_limit_mib = 64

[languages.c]
extensions = ["c"]
compile = ["gcc", "-O2", "-o", "{binary}", "{source}"]
run = ["{binary}"]
version = ["gcc", "--version"]

[languages.python]
extensions = ["py"]
run = ["python3", "{source}"]
keep_name = false
"#;

/// A problem.toml that sets every key, for `KitBuilder::full_config`.
pub const FULL_PROBLEM_TOML: &str = r#"title = { en = "Sum", zh = "求和" }
time_limit_ms = 2000
memory_limit_mib = 128
output_limit_mib = 16
checker = "check-sum"
validator = "validate.c"
generator = "gen.c"
reference = "accepted/ref.c"
cpp_checker = "wcmp"
cpp_validator = "validate.cpp"

[[groups]]
name = "small"
points = 40

[[groups]]
name = "large"
points = 60

[[tests]]
file = "t1.in"
group = "small"
sample = true
comment = "the sample"

[[tests]]
args = ["-n={index}", "-mode=small"]
count = 3
group = "small"
targets = ["wrong_answer/wa.py"]

[[tests]]
generator = "gen2.py"
args = ["-n=1000000"]
group = "large"
"#;

/// The files the full configuration names (only their existence matters).
pub const FULL_FILES: [&str; 9] = [
    "testlib.h",
    "checkers/src/bin/check-sum.rs",
    "problems/sum/validate.c",
    "problems/sum/validate.cpp",
    "problems/sum/gen.c",
    "problems/sum/gen2.py",
    "problems/sum/t1.in",
    "solutions/sum/accepted/ref.c",
    "solutions/sum/wrong_answer/wa.py",
];
