//! Progress bars on long work, only when stderr is a terminal.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Makes progress bars, or hidden ones when nobody is watching (not a
/// terminal, `--json`, or `NO_PROGRESS`).
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    enabled: bool,
}

impl Progress {
    /// Progress bars if stderr is a terminal and `quiet` is false.
    pub fn new(quiet: bool) -> Progress {
        // SAFETY: `isatty` only inspects the descriptor.
        let tty = unsafe { libc::isatty(2) } == 1;
        Progress {
            enabled: tty && !quiet && std::env::var_os("NO_PROGRESS").is_none(),
        }
    }

    /// A bar of `len` steps labelled `message`.
    pub fn bar(&self, len: u64, message: &str) -> ProgressBar {
        if !self.enabled {
            return ProgressBar::hidden();
        }
        let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{msg:>16} [{bar:40}] {pos}/{len} {elapsed}")
                .unwrap()
                .progress_chars("=> "),
        );
        bar.set_message(message.to_string());
        bar
    }
}
