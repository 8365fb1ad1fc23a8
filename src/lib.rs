//! Spider Solitaire: a pure rules engine and the HTTP service built on it.

pub mod engine;
