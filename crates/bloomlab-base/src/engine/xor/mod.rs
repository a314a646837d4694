//! Filters built once from a fixed set of keys by peeling: the xor filter (Graf & Lemire 2020)
//! and the binary fuse filters of arity 3 and 4 (Graf & Lemire 2022).
//!
//! Each key's 64-bit hash picks three (four) slots of an array of fingerprints; the build finds an
//! order in which every key owns one slot no later key touches (peeling: take a slot only one key
//! still uses, remove that key, repeat), then writes the slots in reverse order so that the XOR
//! of a key's slots is its fingerprint. A lookup XORs the slots and compares.
//!
//! Everything follows the reference implementation, `FastFilter/xor_singleheader` at commit
//! c482686 (2026-01-19): `xorfilter.h` for the xor filter, `binaryfusefilter.h` for arity 3, and
//! `fastfilter_cpp`'s 4-wise binary fuse filter for arity 4 (the single header has none). The one
//! change: a key's hash is `xxh3_64(key, seed)` and attempt `a` uses seed `s + a·G`, where the
//! reference mixes integer keys and draws seeds from splitmix64 — `build` takes both as arguments,
//! so the tests can run the reference's own choices against the `xorf` crate.

mod build;
mod layout;
mod peel;
mod sweep;
#[cfg(test)]
mod tests;

pub use build::{build, build_keys, fingerprint, key_hash, Attempts, Built, BUILD_ATTEMPTS};
pub use layout::{Kind, Layout, SegmentRule, LAYOUT_MAX_KEYS};
pub use peel::{peel, Peeled, Recorder, Snapshot, Trace};
pub use sweep::{sweep_trial, SweepPoint};

/// The golden-ratio constant of the contract: attempt `a` uses seed `s + a·G mod 2^64`
/// (`hashing::attempt_seed`).
pub use crate::engine::hashing::SEED_STEP as G;
