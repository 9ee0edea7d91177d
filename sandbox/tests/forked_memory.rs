//! Memory that forked processes share copy-on-write is memory once. A run
//! that fills 24 MiB and then forks 16 children holds about 24 MiB, as the
//! control group counts it; summed process by process (each child's
//! resident pages include the ones it shares with its parent) it looked
//! like 400 MiB, and such a run got MLE against 64 MiB — on a loaded
//! machine, where the judge's look came while the children were alive.

use std::os::unix::fs::PermissionsExt;
use std::time::Duration;

use sandbox::linux::LinuxSandbox;
use sandbox::{Access, Containment, Exit, LayersOff, Limits, RunSpec, Sandbox};

/// Fills 24 MiB, forks 16 children that sleep, sleeps long enough for the
/// judge to look at them all, and exits (its children are killed then).
const FORKER: &str = "\
import os, time
held = bytearray(24 << 20)
for i in range(0, len(held), 4096):
    held[i] = 1
for _ in range(16):
    if os.fork() == 0:
        time.sleep(30)
        os._exit(0)
time.sleep(0.5)
print('done')
";

#[test]
fn pages_shared_by_forked_processes_count_once() {
    // SAFETY: `geteuid` has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        eprintln!("skipped: control groups need root");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    let sandbox = LinuxSandbox::new(
        dir.path(),
        Containment::Full {
            off: LayersOff::default(),
        },
    )
    .unwrap();
    if !sandbox.isolation().memory.starts_with("cgroup") {
        eprintln!("skipped: no control group caps memory here");
        return;
    }
    let spec = RunSpec {
        argv: vec!["/usr/bin/python3".into(), "-c".into(), FORKER.into()],
        stdin: None,
        stdout: dir.path().join("out"),
        stderr: Some(dir.path().join("err")),
        cwd: Some(dir.path().to_path_buf()),
        limits: Limits::new(Duration::from_secs(10), 64 << 20, 1 << 20),
        access: Access::new([], dir.path()).untrusted(),
        interactive: None,
    };
    let outcome = sandbox.run(&spec).unwrap();
    let err = std::fs::read_to_string(dir.path().join("err")).unwrap_or_default();
    assert_eq!(outcome.exit, Exit::Code(0), "{outcome:?}\n{err}");
    assert!(!outcome.memory_capped, "{outcome:?}");
    let mib = outcome.peak_memory_bytes >> 20;
    assert!((24..64).contains(&mib), "peak {mib} MiB: {outcome:?}");
}
