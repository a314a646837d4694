//! The quotient filter (`view=quotient`): inserts, lookups and deletes walked slot by slot, runs
//! and clusters drawn, and the cluster length and false-positive rate measured against load.

mod load_panel;
mod stage;
pub mod view;
