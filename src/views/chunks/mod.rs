//! The `chunks` view: one Bloom filter per chunk of a table.

pub mod view;
