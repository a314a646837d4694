//! Frequency moments of a stream: the stream with its value counts and exact moments
//! (`stream`), the Alon–Matias–Szegedy variables that estimate them (`ams`), and reservoir
//! sampling, which keeps s variables on a stream that never ends (`reservoir`). The moments lab
//! (`labs::moments`) and its walkthrough (`lectures::moments`) both build on these.

pub mod ams;
pub mod reservoir;
pub mod stream;

#[cfg(test)]
mod tests;
