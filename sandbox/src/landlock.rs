//! Landlock: what a run may touch in the file system, enforced by the
//! kernel for the run and everything it starts, without root.
//!
//! A run may read and execute the system (`/usr`, `/lib`, ...), its own
//! program and the toolchains on `PATH`; it may read and write only its own
//! fresh working folder; the character devices of `/dev` that programs
//! use (`/dev/null`, `/dev/urandom`...), but not `/dev/shm`, where the
//! judge keeps the files of runs. Its input and output
//! arrive as open descriptors, so the tests, the answers, the kit's
//! binaries and caches stay out of its reach — also through
//! `/proc/self/fd/0`, which opens the file again by its path. Where the
//! kernel knows them (ABI 6), it may neither signal nor trace a process
//! outside its own sandbox: not the judge, not another run.
//!
//! The ruleset is built in the judge (it allocates); the child only calls
//! `landlock_restrict_self` on it between the clone and `exec` (`spawn.rs`).

use std::collections::HashMap;
use std::io;
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use landlock::{
    ABI, Access, AccessFs, CompatLevel, Compatible, PathBeneath, PathFd, Ruleset, RulesetAttr,
    RulesetCreatedAttr, Scope,
};

use crate::Isolation;
use crate::layer::{Armed, InChild, Layer, Run};

/// The newest Landlock ABI the kit asks for.
const ABI_WANTED: ABI = ABI::V6;

/// What the running kernel offers: its Landlock ABI version, if any.
fn abi_version() -> Option<i32> {
    // SAFETY: querying the version passes no pointer.
    let v = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<u8>(),
            0usize,
            1u32, // LANDLOCK_CREATE_RULESET_VERSION
        )
    };
    (v > 0).then_some(v as i32)
}

/// The folders a run may read and execute besides its own: the system, and
/// the toolchains on `PATH` (with the folder above each `bin`, where
/// compilers and interpreters keep their libraries), except any folder
/// that holds the kit itself.
fn system_paths(kit_root: &Path) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = [
        "/usr", "/lib", "/lib32", "/lib64", "/bin", "/sbin", "/etc", "/opt",
    ]
    .iter()
    .map(PathBuf::from)
    .collect();
    let mut toolchains = Vec::new();
    if let Some(path) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&path) {
            toolchains.push(dir.clone());
            if let Some(parent) = dir
                .parent()
                .filter(|_| dir.ends_with("bin") || dir.ends_with("shims"))
            {
                toolchains.push(parent.to_path_buf());
            }
        }
    }
    // rustup's proxies read their toolchains here.
    if let Some(home) = std::env::var_os("HOME").map(PathBuf::from) {
        toolchains.push(home.join(".rustup"));
        toolchains.push(home.join(".cargo"));
    }
    for dir in toolchains {
        // Never a folder that holds the kit: its tests would be readable.
        if !kit_root.starts_with(&dir) && dir.is_absolute() && !paths.contains(&dir) {
            paths.push(dir);
        }
    }
    // Rules name inodes: `/bin` is `/usr/bin` on most systems, and a rule
    // covers everything beneath its folder, so nested folders
    // (`/usr/local/bin` under `/usr`) would only cost a rule per run.
    let mut paths: Vec<PathBuf> = paths
        .iter()
        .filter_map(|p| std::fs::canonicalize(p).ok())
        .collect();
    let kit = std::fs::canonicalize(kit_root).unwrap_or_else(|_| kit_root.to_path_buf());
    paths.retain(|p| !kit.starts_with(p));
    paths.sort();
    paths.dedup();
    let all = paths.clone();
    paths.retain(|p| !all.iter().any(|q| q != p && p.starts_with(q)));
    paths
}

/// The devices a run may read and write. Not all of `/dev`: a rule grants
/// a folder with everything beneath it, and `/dev/shm` holds the files of
/// the judge's runs (`/dev/stdout` and `/dev/fd/…` name a run's own
/// descriptors through `/proc`, and are checked as the files they open).
const DEVICES: &[&str] = &[
    "/dev/null",
    "/dev/zero",
    "/dev/full",
    "/dev/random",
    "/dev/urandom",
    "/dev/tty",
];

/// The folders every run may reach, opened once (a run's ruleset is made
/// afresh each time, but re-opening some twenty folders for each run would
/// cost as much as the run itself).
struct System {
    /// Read and executed.
    read: Vec<PathFd>,
    /// The devices of [`DEVICES`], read and written.
    dev: Vec<PathFd>,
    /// `/proc`: what programs read of themselves (their maps, the cpu count).
    proc: Option<PathFd>,
}

impl System {
    /// Opens `paths` (see [`system_paths`]), the devices and `/proc`.
    fn open(paths: &[PathBuf]) -> System {
        System {
            read: paths.iter().filter_map(|p| PathFd::new(p).ok()).collect(),
            dev: DEVICES.iter().filter_map(|p| PathFd::new(p).ok()).collect(),
            proc: PathFd::new("/proc").ok(),
        }
    }
}

/// A ruleset for one run, ready to be applied in the child.
struct Prepared {
    fd: OwnedFd,
}

/// Builds the ruleset of a run: the system, and `read` may be read and
/// executed, `write` read and written.
fn prepare(
    system: &System,
    read: &[PathBuf],
    write: &[PathBuf],
) -> Result<Prepared, landlock::RulesetError> {
    let all = AccessFs::from_all(ABI_WANTED);
    let read_access = AccessFs::from_read(ABI_WANTED);
    let mut ruleset = Ruleset::default()
        .set_compatibility(CompatLevel::BestEffort)
        .handle_access(all)?
        .scope(Scope::Signal)?
        .create()?;
    for fd in &system.read {
        ruleset = ruleset.add_rule(PathBeneath::new(fd, read_access))?;
    }
    for path in read {
        if let Ok(fd) = PathFd::new(path) {
            ruleset = ruleset.add_rule(PathBeneath::new(fd, read_access))?;
        }
    }
    for path in write {
        if let Ok(fd) = PathFd::new(path) {
            ruleset = ruleset.add_rule(PathBeneath::new(fd, all))?;
        }
    }
    for fd in &system.dev {
        let access = AccessFs::ReadFile | AccessFs::WriteFile;
        ruleset = ruleset.add_rule(PathBeneath::new(fd, access))?;
    }
    if let Some(fd) = &system.proc {
        ruleset = ruleset.add_rule(PathBeneath::new(fd, AccessFs::ReadFile | AccessFs::ReadDir))?;
    }
    let fd: Option<OwnedFd> = ruleset.into();
    match fd {
        Some(fd) => Ok(Prepared { fd }),
        None => Err(landlock::RulesetError::from(
            landlock::CreateRulesetError::MissingHandledAccess,
        )),
    }
}

impl Prepared {
    /// The ruleset's descriptor, for [`restrict_self`] in the child.
    fn raw_fd(&self) -> i32 {
        self.fd.as_raw_fd()
    }
}

/// Applies the ruleset `fd` to the calling process; for the child between
/// the clone and `exec`: two system calls, no allocation.
fn restrict_self(fd: i32) -> std::io::Result<()> {
    // SAFETY: plain system calls on a descriptor the caller holds open.
    unsafe {
        if libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 {
            return Err(std::io::Error::last_os_error());
        }
        if libc::syscall(libc::SYS_landlock_restrict_self, fd, 0u32) != 0 {
            return Err(std::io::Error::last_os_error());
        }
    }
    Ok(())
}

/// A folder or file a ruleset grants, and the inode it held then (device,
/// inode number).
type Granted = (PathBuf, u64, u64);

/// The Landlock layer: in place where the kernel has Landlock.
pub struct Landlock {
    abi: i32,
    /// What runs may read besides their own files: the system, the
    /// toolchains (opened once).
    system: System,
    /// The rulesets of trusted programs, by what they grant.
    rulesets: Mutex<HashMap<Vec<Granted>, Arc<Prepared>>>,
}

impl Landlock {
    /// Landlock for the kit at `kit_root` (whose files runs must not
    /// reach), if the kernel has it.
    pub fn detect(kit_root: &Path) -> Option<Landlock> {
        Some(Landlock {
            abi: abi_version()?,
            system: System::open(&system_paths(kit_root)),
            rulesets: Mutex::new(HashMap::new()),
        })
    }

    /// The ruleset of a run: the system, its program, what its spec
    /// grants, and the files its arguments name (a checker's input, output
    /// and answer; an interpreter's script: the kit chose them). A trusted
    /// program gets the folders of those files instead, so that its
    /// ruleset, the same test after test, is made once, and its own
    /// folder (a program folder's `run` script reads the files beside it).
    fn ruleset(&self, run: &Run) -> io::Result<Arc<Prepared>> {
        let spec = run.spec;
        let mut read = spec.access.read.clone();
        read.extend(run.program.map(Path::to_path_buf));
        let named = run
            .args
            .iter()
            .map(Path::new)
            .filter(|p| p.is_absolute() && p.exists());
        match spec.access.untrusted {
            true => read.extend(named.map(Path::to_path_buf)),
            false => read.extend(
                (named.chain(run.program))
                    .filter_map(Path::parent)
                    .map(Path::to_path_buf),
            ),
        }
        let mut write = spec.access.write.clone();
        write.extend(spec.cwd.clone());
        for paths in [&mut read, &mut write] {
            paths.sort();
            paths.dedup();
        }
        let make = || {
            prepare(&self.system, &read, &write)
                .map(Arc::new)
                .map_err(io::Error::other)
        };
        if spec.access.untrusted {
            return make();
        }
        // Rules hold inodes, not paths: a folder made again is another key.
        let key: Vec<Granted> = read
            .iter()
            .chain(&write)
            .map(|p| {
                let meta = std::fs::metadata(p);
                let (dev, ino) = meta.map_or((0, 0), |m| (m.dev(), m.ino()));
                (p.clone(), dev, ino)
            })
            .collect();
        let mut cache = self.rulesets.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(found) = cache.get(&key) {
            return Ok(found.clone());
        }
        let made = make()?;
        // Each holds a descriptor: keep a few.
        if cache.len() >= 32 {
            cache.clear();
        }
        cache.insert(key, made.clone());
        Ok(made)
    }
}

/// One run's ruleset, held open until the run has started.
struct Confined {
    ruleset: Arc<Prepared>,
    /// A submission's ruleset (its own): the child grants it the `/proc`
    /// it sees, which in a PID namespace of its own is another file
    /// system than the judge's `/proc` (`pidns.rs`).
    own_proc: bool,
}

/// `struct landlock_path_beneath_attr` of `<linux/landlock.h>`.
#[repr(C, packed)]
struct PathBeneathAttr {
    allowed_access: u64,
    parent_fd: i32,
}

/// `LANDLOCK_RULE_PATH_BENEATH`.
const RULE_PATH_BENEATH: libc::c_int = 1;

/// Grants reading `/proc`, as the child sees it, in the ruleset `fd`: for
/// the child between the clone and `exec`, system calls only.
fn grant_own_proc(fd: i32) -> io::Result<()> {
    let access = AccessFs::ReadFile | AccessFs::ReadDir;
    // SAFETY: plain system calls on a static path, a local struct and
    // descriptors the child holds.
    unsafe {
        let proc = libc::open(c"/proc".as_ptr(), libc::O_PATH | libc::O_CLOEXEC);
        if proc < 0 {
            return Err(io::Error::last_os_error());
        }
        let attr = PathBeneathAttr {
            allowed_access: access.bits(),
            parent_fd: proc,
        };
        let r = libc::syscall(
            libc::SYS_landlock_add_rule,
            fd,
            RULE_PATH_BENEATH,
            &raw const attr,
            0u32,
        );
        let e = io::Error::last_os_error();
        libc::close(proc);
        match r {
            0 => Ok(()),
            _ => Err(e),
        }
    }
}

impl Layer for Landlock {
    fn isolation(&self, isolation: &mut Isolation) {
        isolation.files = format!("landlock-{}", self.abi);
    }

    fn arm<'a>(&'a self, run: &Run) -> io::Result<Box<dyn Armed + 'a>> {
        Ok(Box::new(Confined {
            ruleset: self.ruleset(run)?,
            own_proc: run.spec.access.untrusted,
        }))
    }
}

impl Armed for Confined {
    fn in_child(&self) -> Option<InChild> {
        let (fd, own_proc) = (self.ruleset.raw_fd(), self.own_proc);
        Some(Box::new(move || {
            if own_proc {
                grant_own_proc(fd)?;
            }
            restrict_self(fd)
        }))
    }
}
