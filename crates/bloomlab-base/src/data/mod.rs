//! Data the labs run on: generated words, URLs and Zipf streams, the word splitter, people's own files, URL splitting, the crawl data set, the URL tree.

pub mod dataset;
pub mod generate;
pub mod url_dataset;
pub mod url_layers;
pub mod url_tree;
pub mod words;
