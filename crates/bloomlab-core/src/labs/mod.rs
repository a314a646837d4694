//! One model per interactive view: its state, its actions and its link round trip.

pub mod chunks;
pub mod classic;
pub mod counting;
pub mod crawler;
pub mod distinct;
pub mod exercises;
pub mod fp;
pub mod frequencies;
pub mod hashes;
pub mod key_set;
pub mod links;
pub mod mlbf;
pub mod moments;
pub mod practice;
pub mod quotient;
pub mod sampling;
pub mod search;
pub mod skiena;
pub mod space;
pub mod toolbox;
pub mod window;
pub mod xor;
