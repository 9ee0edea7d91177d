//! Where the tests find the kit: its root (the workspace), its target
//! folder, and the judge binary cargo built for the test that runs.

use std::path::{Path, PathBuf};

/// The kit's root: the folder above this crate.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("testkit is a member of the workspace")
        .to_path_buf()
}

/// The target folder (`CARGO_TARGET_DIR`, relative to the root, else
/// `target/`).
pub fn target() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if !dir.is_empty() => root().join(dir),
        _ => root().join("target"),
    }
}

/// The folder of the running test's or bench's binaries:
/// `<target>/<profile>`, the one above its `deps/`.
pub fn profile() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    let deps = exe.parent().expect("a test binary lies in a folder");
    // A bench run by `cargo bench` or a test by `cargo test` lies in
    // `deps/`; an example beside its profile's `examples/`.
    deps.parent().unwrap_or(deps).to_path_buf()
}

/// The judge binary cargo built beside the running test (as assert_cmd's
/// `cargo_bin` finds it): `<target>/<profile>/judge`. Only the judge's
/// tests and benches have it built.
pub fn judge() -> PathBuf {
    let judge = profile().join("judge");
    assert!(
        judge.is_file(),
        "{} is missing: only the judge crate's tests and benches have cargo build it",
        judge.display()
    );
    judge
}
