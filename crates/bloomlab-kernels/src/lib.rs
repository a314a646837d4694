//! Bloom Lab's hot loops, in a crate of their own so that the release build compiles them at
//! `opt-level = 3` while the rest of the core stays at `"s"` and the UI at `"z"`
//! (`[profile.release.package.bloomlab-kernels]` in the workspace's `Cargo.toml`).
//!
//! Only whole loops live here: a function from this crate that the core inlines is compiled with
//! the core's settings, so the entry points (`bulk::insert_generated`, `bulk::probe_generated`, …)
//! are plain functions that run a whole batch. Pure: no Yew, no web-sys; tested natively.
//!
//! - [`xxh3`]: xxh3-64 with a seed, bit for bit the `xxhash-rust` crate's, with the 64×64→128-bit
//!   product written out in 32-bit halves (WebAssembly has no wide multiply; the crate's `u128`
//!   product is a call to `__multi3` there).
//! - [`generate`]: the generated words and URLs (item `i` of a batch is a pure function of
//!   kind, seed and `i`), written into a reused buffer.
//! - [`bulk`]: k positions per item for the text hash families, and the bulk inserts and probes
//!   over a filter's words, positions gathered in groups so that the memory accesses overlap.

pub mod bulk;
pub mod generate;
pub mod xxh3;
