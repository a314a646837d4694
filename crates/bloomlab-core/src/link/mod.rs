//! Links are the state: query-string parsing, notices about bad input, the shared page parameters.

pub mod embed;
pub mod export;
pub mod notice;
pub mod page;
pub mod params;
pub mod preset;
pub mod query;
pub mod views;
