//! The fibonacci checker's logic: deciding an answer from the game's rules.
