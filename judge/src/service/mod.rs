//! Services: the kit's larger jobs, built from the core and the formats:
//! statements as pages ([`statement`]), an imported problem's own
//! statements whatever their form ([`package_statements`]), a new problem's files
//! ([`scaffold`]), what differs between two problems ([`compare`]).

pub mod compare;
pub mod export;
pub mod import;
pub mod package_statements;
pub mod scaffold;
pub mod statement;
