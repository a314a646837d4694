//! Links are the state: query-string parsing, notices about bad input, the shared page parameters,
//! and the `LinkState` trait through which views read and edit their models.

pub mod bundle;
pub mod cards;
pub mod embed;
pub mod export;
pub mod notice;
pub mod page;
pub mod params;
pub mod preset;
pub mod query;
pub mod state;
pub mod tours;
pub mod views;

pub use query::Query;
