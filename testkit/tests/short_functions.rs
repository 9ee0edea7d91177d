//! No function of the judge, the sandbox or the test kit is over 100
//! lines, but those listed here, each with the reason it is one piece: a
//! long function is a sequence of steps that want names of their own.

use std::path::Path;

use testkit::functions;

/// The most lines a function may take.
const MOST: usize = 100;

/// The functions allowed more, and why: (file under the workspace,
/// function, why).
const ALLOWED: &[(&str, &str, &str)] = &[];

#[test]
fn no_function_is_over_100_lines_but_those_listed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut long = Vec::new();
    for dir in ["judge/src", "sandbox/src", "testkit/src"] {
        for (file, f) in functions::under(&root.join(dir)) {
            let rel = file
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            let allowed = ALLOWED
                .iter()
                .any(|(path, name, _)| *path == rel && *name == f.name);
            if f.lines > MOST && !allowed {
                long.push(format!(
                    "{rel}:{} `{}` is {} lines",
                    f.line, f.name, f.lines
                ));
            }
        }
    }
    long.sort();
    assert!(long.is_empty(), "over {MOST} lines:\n{}", long.join("\n"));
}
