//! The `bench` view.

pub mod view;
