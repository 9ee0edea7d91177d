//! What the judge's benches share: the tiny `a b` → `a + b` problem's C
//! programs, the kit's judge.toml for C, and small helpers. Each bench
//! uses a part.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

pub use crate::files::write;

pub const SOLUTION: &str = "#include <stdio.h>\nint main(void){long long a,b;if(scanf(\"%lld %lld\",&a,&b)!=2)return 1;printf(\"%lld\\n\",a+b);return 0;}\n";
pub const CHECKER: &str = "#include <stdio.h>\nint main(int c,char**v){if(c<4)return 3;FILE*o=fopen(v[2],\"r\"),*a=fopen(v[3],\"r\");long long x,y;if(!a||fscanf(a,\"%lld\",&x)!=1)return 3;if(!o||fscanf(o,\"%lld\",&y)!=1)return 2;if(x!=y){fprintf(stderr,\"wrong answer\\n\");return 1;}fprintf(stderr,\"ok\\n\");return 0;}\n";
pub const VALIDATOR: &str = "#include <stdio.h>\nint main(void){long long a,b;char e;return scanf(\"%lld %lld%c\",&a,&b,&e)==3&&e=='\\n'?0:3;}\n";

/// A judge.toml with the problem `sum` and the language C.
pub const JUDGE_TOML: &str = "problems = [\"sum\"]\n[languages.c]\nextensions = [\"c\"]\ncompile = [\"gcc\", \"-O2\", \"-o\", \"{binary}\", \"{source}\"]\nrun = [\"{binary}\"]\nversion = [\"gcc\", \"--version\"]\n";

/// Compiles the C program `source` to `out` with `gcc -O2`.
pub fn gcc(source: &Path, out: &Path) {
    let status = Command::new("gcc")
        .args(["-O2", "-o"])
        .arg(out)
        .arg(source)
        .status()
        .unwrap();
    assert!(status.success());
}

/// The median of the times `v`.
pub fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}
