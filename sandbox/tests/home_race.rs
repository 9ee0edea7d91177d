//! The first submission a sandbox starts gets its PID namespace made then,
//! while the judge's other threads may be finishing their runs. Without
//! control groups each finish sweeps the judge's children for orphans, and
//! the new namespace's init is a child of the judge too: a sweep that took
//! it for an orphan killed it, and the submission could not start (the
//! kernel answers a clone into a namespace whose init is gone with "Cannot
//! allocate memory"). A binary of its own: a sweep kills every child of the
//! process that no run of its sandbox leads, another test's too.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use sandbox::linux::LinuxSandbox;
use sandbox::{Access, Containment, Exit, LayersOff, Limits, RunSpec, Sandbox};

fn true_run(dir: &Path, untrusted: bool) -> RunSpec {
    let access = Access::new([], dir);
    RunSpec {
        argv: vec!["/bin/true".into()],
        stdin: None,
        stdout: dir.join(if untrusted {
            "untrusted.out"
        } else {
            "trusted.out"
        }),
        stderr: None,
        cwd: Some(dir.to_path_buf()),
        limits: Limits::new(Duration::from_secs(5), 64 << 20, 1 << 20),
        access: if untrusted {
            access.untrusted()
        } else {
            access
        },
        interactive: None,
    }
}

#[test]
fn a_submissions_new_namespace_outlives_the_other_threads_sweeps() {
    // SAFETY: `geteuid` has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        eprintln!("skipped: PID namespaces need root");
        return;
    }
    let off = LayersOff {
        cgroup: true,
        ..LayersOff::default()
    };
    for round in 0..100 {
        let dir = tempfile::tempdir().unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
        let sandbox = LinuxSandbox::new(dir.path(), Containment::Full { off }).unwrap();
        let done = AtomicBool::new(false);
        std::thread::scope(|scope| {
            // The kit's own programs, one after another: a sweep after each.
            let trusted = scope.spawn(|| {
                let spec = true_run(dir.path(), false);
                while !done.load(Ordering::Relaxed) {
                    let outcome = sandbox.run(&spec).unwrap();
                    assert_eq!(outcome.exit, Exit::Code(0), "{outcome:?}");
                }
            });
            let submission = scope.spawn(|| sandbox.run(&true_run(dir.path(), true)));
            let outcome = submission.join().unwrap();
            done.store(true, Ordering::Relaxed);
            trusted.join().unwrap();
            let outcome = outcome
                .unwrap_or_else(|e| panic!("round {round}: the submission did not start: {e}"));
            assert_eq!(outcome.exit, Exit::Code(0), "round {round}: {outcome:?}");
        });
    }
}
