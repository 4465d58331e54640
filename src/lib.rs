//! placer
