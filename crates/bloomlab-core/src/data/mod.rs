//! Data the labs run on: generated words and URLs, URL splitting, the crawl data set, the URL tree.

pub mod generate;
pub mod url_dataset;
pub mod url_layers;
pub mod url_tree;
