//! The probe checker built as testlib's `-DENABLE_UNEXPECTED_EOF`: an early end
//! of the output exits 8 (`unexpected eof`). Vectors: probes/* with program `probe_ueof`.
use testkit::examples::probe_modes;

fn main() {
    testlib::enable_unexpected_eof();
    probe_modes::run();
}
