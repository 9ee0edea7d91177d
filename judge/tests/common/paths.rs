//! Where the tests that work on the real kit find it: the kit's root (the
//! workspace) and its target folder.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The kit's root: the folder above the judge crate.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
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
