//! Services: the kit's larger jobs, built from the core and the formats:
//! statements as pages ([`statement`]), a new problem's files
//! ([`scaffold`]), what differs between two problems ([`compare`]).

pub mod compare;
pub mod export;
pub mod import;
pub mod scaffold;
pub mod statement;
