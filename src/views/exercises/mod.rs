//! The `exercises` view: printable, seeded exercise sheets with an answer key.

pub mod view;
