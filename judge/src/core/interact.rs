//! Interactive runs: a solution and an interactor started together, each in
//! the sandbox under its own limits, talking through the judge. The judge
//! relays every byte between them over four pipes, so that it keeps the
//! transcript (who said what, and when) and bounds what the solution
//! writes. Nothing here can hang: a side that stops reading or writing is
//! ended by its wall limit, and its pipes then close, which ends the other
//! side's wait. Both wall limits grow with the messages passed, and the
//! solution is stopped as soon as the exchange is idle (both sides waiting,
//! nothing passing: `sandbox::exchange`).
//!
//! A CMS Communication manager opens two FIFOs that its arguments name
//! instead of using its stdin and stdout: the judge relays through them
//! (see [`Fifos`]).

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use sandbox::{Exchange, Interactive, Pipes, RunOutcome, RunSpec, Sandbox};

/// Who sent a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The interactor, to the solution.
    Jury,
    /// The solution, to the interactor.
    Solution,
}

impl Side {
    /// How ICPC's `.interaction` files mark a line it sent.
    pub fn arrow(self) -> char {
        match self {
            Side::Jury => '<',
            Side::Solution => '>',
        }
    }
}

/// What one side sent at once, as the judge read it.
#[derive(Clone, Debug)]
pub struct Message {
    /// Since both were started.
    pub at: Duration,
    pub from: Side,
    pub bytes: Vec<u8>,
}

/// The bytes kept of a transcript: enough to show where a run went wrong.
const KEPT_BYTES: usize = 1 << 20;

/// Everything the two sides said, in order (the first [`KEPT_BYTES`]), and
/// how much each said in all.
#[derive(Clone, Debug, Default)]
pub struct Transcript {
    pub messages: Vec<Message>,
    /// Bytes and lines sent by the jury and by the solution.
    pub jury_bytes: u64,
    pub jury_lines: u64,
    pub solution_bytes: u64,
    pub solution_lines: u64,
    /// Whether messages were left out after [`KEPT_BYTES`].
    pub truncated: bool,
    /// When each side's output ended (it exited, or closed it): which came
    /// first tells cause from effect.
    pub jury_ended: Option<Duration>,
    pub solution_ended: Option<Duration>,
    kept: usize,
}

impl Transcript {
    /// Whether the jury's output ended before the solution's: it had said
    /// its last word before the solution stopped.
    pub fn jury_ended_first(&self) -> bool {
        match (self.jury_ended, self.solution_ended) {
            (Some(jury), Some(solution)) => jury < solution,
            (Some(_), None) => true,
            _ => false,
        }
    }

    fn record(&mut self, at: Duration, from: Side, bytes: &[u8]) {
        let lines = bytes.iter().filter(|&&b| b == b'\n').count() as u64;
        match from {
            Side::Jury => {
                self.jury_bytes += bytes.len() as u64;
                self.jury_lines += lines;
            }
            Side::Solution => {
                self.solution_bytes += bytes.len() as u64;
                self.solution_lines += lines;
            }
        }
        if self.kept + bytes.len() > KEPT_BYTES {
            self.truncated = true;
            return;
        }
        self.kept += bytes.len();
        self.messages.push(Message {
            at,
            from,
            bytes: bytes.to_vec(),
        });
    }

    /// The transcript as text: one line per line sent, with the time and
    /// the direction, as ICPC's `.interaction` files mark it (`<` from the
    /// jury to the solution, `>` back).
    pub fn render(&self) -> String {
        let mut out = format!(
            "# < jury to solution ({} lines), > solution to jury ({} lines)\n",
            self.jury_lines, self.solution_lines
        );
        for m in &self.messages {
            let arrow = m.from.arrow();
            let text = String::from_utf8_lossy(&m.bytes);
            for line in text.split_inclusive('\n') {
                let ended = line.ends_with('\n');
                let line = line.trim_end_matches('\n');
                out.push_str(&format!(
                    "{:>9.3} s {arrow} {line}{}\n",
                    m.at.as_secs_f64(),
                    if ended { "" } else { "  (no newline yet)" }
                ));
            }
        }
        if self.truncated {
            out.push_str("# ... the rest is left out\n");
        }
        out
    }

    /// The exchange as an ICPC `.interaction` file: every line each side
    /// sent, in the order the lines were completed, `<` before the jury's
    /// and `>` before the solution's; no times, so the same play gives the
    /// same bytes. A line split over several reads is joined; a last line
    /// without its newline is ended.
    pub fn dialogue(&self) -> String {
        let mut out = String::new();
        let mut pending = [String::new(), String::new()];
        for m in &self.messages {
            let open = &mut pending[m.from as usize];
            for piece in String::from_utf8_lossy(&m.bytes).split_inclusive('\n') {
                open.push_str(piece.trim_end_matches('\n'));
                if piece.ends_with('\n') {
                    out.push_str(&format!("{}{open}\n", m.from.arrow()));
                    open.clear();
                }
            }
        }
        for (side, open) in [Side::Jury, Side::Solution].into_iter().zip(pending) {
            if !open.is_empty() {
                out.push_str(&format!("{}{open}\n", side.arrow()));
            }
        }
        out
    }
}

/// How an interaction went.
#[derive(Debug)]
pub struct Interaction {
    pub solution: io::Result<RunOutcome>,
    pub interactor: io::Result<RunOutcome>,
    pub transcript: Transcript,
}

/// The two FIFOs a CMS Communication manager is called with
/// (`manager <from_user> <to_user>`).
pub struct Fifos {
    pub from_user: PathBuf,
    pub to_user: PathBuf,
}

/// The judge's ends of the channel to the interactor, and what must stay
/// open while it runs.
struct Channel {
    from_jury: Box<dyn Read + Send>,
    to_jury: Box<dyn Write + Send>,
    /// A FIFO's other end, held so that neither side's open waits for the
    /// other and the judge's reads see no end before the manager's: closed
    /// when the manager's run ends.
    held: Vec<File>,
}

impl Fifos {
    /// Makes both FIFOs and opens the judge's ends without waiting: a
    /// reader of `from_user` and a writer of `to_user` are held meanwhile.
    fn open(&self) -> io::Result<Channel> {
        use rustix::fs::{CWD, FileType, Mode, mknodat};
        for fifo in [&self.from_user, &self.to_user] {
            let _ = std::fs::remove_file(fifo);
            mknodat(CWD, fifo, FileType::Fifo, Mode::RUSR | Mode::WUSR, 0)?;
        }
        let read =
            |path: &Path, flags: i32| OpenOptions::new().read(true).custom_flags(flags).open(path);
        let write = |path: &Path| OpenOptions::new().write(true).open(path);
        // A FIFO's open waits for its other end: each opened here has one.
        let reader_held = read(&self.from_user, libc::O_NONBLOCK)?;
        let to_jury = write(&self.from_user)?;
        let reader_for_now = read(&self.to_user, libc::O_NONBLOCK)?;
        let writer_held = write(&self.to_user)?;
        let from_jury = read(&self.to_user, 0)?;
        drop(reader_for_now);
        Ok(Channel {
            from_jury: Box::new(from_jury),
            to_jury: Box::new(to_jury),
            held: vec![reader_held, writer_held],
        })
    }
}

/// Runs `solution` and `interactor` together, the solution's stdout relayed
/// to the interactor's stdin and the interactor's stdout to the solution's
/// stdin (their own `stdin`/`stdout` files are not used); or, with `fifos`,
/// to and from the FIFOs the interactor opens (its own stdin and stdout
/// are used). The relay stops passing on what the solution writes beyond
/// `solution_output_limit` bytes (the interactor then sees the end of its
/// input). With `alone`, no other run goes on meanwhile (the solution's
/// run holds the sandbox alone; its interactor needs no share).
pub fn run(
    sandbox: &dyn Sandbox,
    mut solution: RunSpec,
    mut interactor: RunSpec,
    (solution_output_limit, alone): (u64, bool),
    fifos: Option<&Fifos>,
) -> io::Result<Interaction> {
    let exchange = Exchange::new();
    let (solution_in, to_solution) = io::pipe()?;
    let (from_solution, solution_out) = io::pipe()?;
    solution.interactive = Some(Interactive {
        pipes: Some(Pipes::new(solution_in.into(), solution_out.into())),
        exchange: exchange.clone(),
        stop_when_idle: true,
    });
    interactor.interactive = Some(Interactive {
        pipes: None,
        exchange: exchange.clone(),
        stop_when_idle: false,
    });
    let channel = match fifos {
        Some(fifos) => fifos.open()?,
        None => {
            let (interactor_in, to_interactor) = io::pipe()?;
            let (from_interactor, interactor_out) = io::pipe()?;
            if let Some(part) = &mut interactor.interactive {
                part.pipes = Some(Pipes::new(interactor_in.into(), interactor_out.into()));
            }
            Channel {
                from_jury: Box::new(from_interactor),
                to_jury: Box::new(to_interactor),
                held: Vec::new(),
            }
        }
    };
    let Channel {
        from_jury,
        to_jury,
        held,
    } = channel;
    let transcript = Mutex::new(Transcript::default());
    let start = Instant::now();
    let (solution, interactor) = std::thread::scope(|scope| {
        let watch = Watch {
            transcript: &transcript,
            exchange: &exchange,
            start,
        };
        scope.spawn(move || {
            relay(
                from_solution,
                to_jury,
                Side::Solution,
                solution_output_limit,
                watch,
            )
        });
        scope.spawn(move || relay(from_jury, to_solution, Side::Jury, u64::MAX, watch));
        // Each spec is dropped as soon as its run ends: pipe ends a run
        // never took close with it, and so do the FIFO ends held for it.
        let jury = scope.spawn(move || {
            let run = sandbox.run(&interactor);
            drop(held);
            run
        });
        let solution = match alone {
            true => sandbox.run_alone(&solution),
            false => sandbox.run(&solution),
        };
        let interactor = jury
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the interactor's thread panicked")));
        (solution, interactor)
    });
    Ok(Interaction {
        solution,
        interactor,
        transcript: transcript.into_inner().unwrap_or_else(|e| e.into_inner()),
    })
}

/// What both relays report to: the transcript, and the exchange the two
/// runs' waits share.
#[derive(Clone, Copy)]
struct Watch<'a> {
    transcript: &'a Mutex<Transcript>,
    exchange: &'a Exchange,
    /// When both sides were started.
    start: Instant,
}

/// Passes what `from` says on to `to` and into the transcript until `from`
/// ends, or until more than `limit` bytes have passed: then `from` is
/// closed, and a writer that goes on dies of SIGPIPE at once (the verdict
/// is the output limit's) instead of running to its time limit. Once `to`
/// is gone (its reader ended), what follows is still read, so that the
/// writer never blocks on a full pipe (a solution may well write its last
/// line after the interactor has what it needs), but no longer passed on.
fn relay(mut from: impl Read, to: impl Write, side: Side, limit: u64, watch: Watch) {
    let Watch {
        transcript,
        exchange,
        start,
    } = watch;
    exchange.relay_thread();
    let mut to = Some(to);
    let mut passed = 0u64;
    let mut buffer = vec![0u8; 1 << 16];
    loop {
        let n = match from.read(&mut buffer) {
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        let chunk = &buffer[..n];
        if n == 0 {
            break;
        }
        exchange.passed();
        transcript
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .record(start.elapsed(), side, chunk);
        passed += n as u64;
        if passed > limit {
            break;
        }
        if let Some(writer) = &mut to
            && writer.write_all(chunk).is_err()
        {
            to = None;
        }
    }
    // Noted before `to` closes: the other side's end follows this one.
    let mut t = transcript.lock().unwrap_or_else(|e| e.into_inner());
    let ended = Some(start.elapsed());
    match side {
        Side::Jury => t.jury_ended = ended,
        Side::Solution => t.solution_ended = ended,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_transcript_counts_everything_and_renders_by_line() {
        let mut t = Transcript::default();
        t.record(Duration::from_millis(1), Side::Jury, b"3\n1 2 3\n");
        t.record(Duration::from_millis(12), Side::Solution, b"First\n1 ");
        assert_eq!((t.jury_lines, t.solution_lines), (2, 1));
        assert_eq!((t.jury_bytes, t.solution_bytes), (8, 8));
        let text = t.render();
        assert!(
            text.contains("    0.001 s < 3\n    0.001 s < 1 2 3\n"),
            "{text}"
        );
        assert!(text.contains("    0.012 s > First\n"), "{text}");
        assert!(text.contains("> 1   (no newline yet)\n"), "{text}");
    }

    #[test]
    fn a_dialogue_joins_split_lines_in_the_order_they_end() {
        let mut t = Transcript::default();
        t.record(Duration::ZERO, Side::Jury, b"2\n5 ");
        t.record(Duration::ZERO, Side::Solution, b"Fir");
        t.record(Duration::ZERO, Side::Jury, b"1\n");
        t.record(Duration::ZERO, Side::Solution, b"st\n1 4\n2");
        assert_eq!(t.dialogue(), "<2\n<5 1\n>First\n>1 4\n>2\n");
    }

    #[test]
    fn a_long_transcript_keeps_its_start_and_its_counts() {
        let mut t = Transcript::default();
        let line = vec![b'x'; 1023]
            .into_iter()
            .chain([b'\n'])
            .collect::<Vec<_>>();
        for _ in 0..2000 {
            t.record(Duration::ZERO, Side::Solution, &line);
        }
        assert_eq!(t.solution_lines, 2000);
        assert_eq!(t.messages.len(), 1024);
        assert!(t.truncated);
        assert!(t.render().ends_with("# ... the rest is left out\n"));
    }
}
