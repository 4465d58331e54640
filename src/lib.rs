//! placer
pub mod matrix;
