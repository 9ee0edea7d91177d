//! Probe checker: `PROBE=<mode> probe input output answer [result [-appes]]`
//! pins down one verdict rule per mode (see `testkit::examples::probe_modes`).
//! Vectors: probes/* with program `probe`.
use testkit::examples::probe_modes;

fn main() {
    probe_modes::run();
}
