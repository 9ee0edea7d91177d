//! The nim checker's logic: deciding an answer from the game's rules.
