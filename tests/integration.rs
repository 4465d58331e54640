//! The one integration test binary (`autotests = false`): each module covers
//! part of the public API of the `placer` crate.

mod oracle;
mod published;
