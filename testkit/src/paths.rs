//! Where the tests find the kit: its root (the workspace), its target
//! folder, and the judge binary cargo built for the test that runs.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

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

/// A jury program of the workspace, binary `name` of `package`, built in
/// release as the kit builds its programs: the tests run the jury at the
/// kit's speed (a debug validator reads a 19 MB test in 1.5 s, a release
/// one in 0.05 s).
pub fn release(package: &str, name: &str) -> PathBuf {
    let path = release_bins(package).join(name);
    assert!(path.is_file(), "{} was not built", path.display());
    path
}

/// The folder of `package`'s binaries, all built in release into the
/// target folder once per test binary (cargo only rebuilds what changed;
/// a test of one package cannot ask cargo for another package's
/// binaries).
pub fn release_bins(package: &str) -> PathBuf {
    static BUILT: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    let target = target();
    if built.insert(package.to_string()) {
        let out = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
            .current_dir(root())
            .args(["build", "--release", "--quiet", "-p", package, "--bins"])
            .arg("--target-dir")
            .arg(&target)
            .output()
            .expect("cargo runs");
        assert!(
            out.status.success(),
            "cargo build --release -p {package} --bins:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    target.join("release")
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
