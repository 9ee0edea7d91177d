//! `judge`: parse the command line, run the command, map the result to an
//! exit status (0 success, 1 a verdict other than the expected one, 2 an
//! error of the kit or of its configuration, 130 interrupted by Ctrl-C or
//! SIGTERM).

#![forbid(unsafe_code)]

use std::io::Write;
use std::process::ExitCode;

use anstyle::{AnsiColor, Style};
use judge::cli::Cli;

fn main() -> ExitCode {
    let cli = Cli::parse_with(games::lab::FAMILIES);
    let result = judge::commands::run(&cli);
    if judge::core::jury::interrupted() {
        // A build stopped partway resumes, and says so.
        let resumes = (result.as_ref().err())
            .and_then(|e| e.downcast_ref::<judge::core::testset::Interrupted>())
            .map(|i| format!(": {i}"))
            .unwrap_or_default();
        let _ = writeln!(std::io::stderr(), "error: interrupted{resumes}");
        return ExitCode::from(130);
    }
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            let broken_pipe = e.chain().any(|c| {
                c.downcast_ref::<std::io::Error>()
                    .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            });
            if broken_pipe {
                return ExitCode::SUCCESS;
            }
            // Colours on stderr are decided for stderr itself.
            let mut stderr =
                anstream::AutoStream::new(std::io::stderr(), cli.global.color.for_stream());
            let red = Style::new().bold().fg_color(Some(AnsiColor::Red.into()));
            let _ = writeln!(stderr, "{red}error:{red:#} {e:#}");
            ExitCode::from(2)
        }
    }
}
