//! placer
pub mod kernel;
