//! Probe checker: `PROBE=<mode> probe input output answer [result [-appes]]`
//! pins down one verdict rule per mode (see `common/probe_modes.rs`).
//! Vectors: probes/* with program `probe`.
#[path = "common/probe_modes.rs"]
mod probe_modes;

fn main() {
    probe_modes::run();
}
