//! Count arguments (`limit`, `k`, `threads`) read from Python integers.

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;

/// The non-negative integer argument `name`. A negative one is a
/// `ValueError` that names it (pyo3 alone raises "can't convert negative
/// int to unsigned"), anything but an integer a `TypeError` that names
/// it; one beyond `u128` reads as `u128::MAX`, more than any
/// count or thread limit, so it says what the caller meant: no bound.
pub fn whole(name: &str, value: &Bound<'_, PyAny>) -> PyResult<u128> {
    match value.extract::<u128>() {
        Ok(v) => Ok(v),
        Err(e) if e.is_instance_of::<PyOverflowError>(value.py()) => {
            if value.lt(0)? {
                Err(PyValueError::new_err(format!(
                    "{name}={value} is negative: it must be 0 or more"
                )))
            } else {
                Ok(u128::MAX)
            }
        }
        Err(_) => Err(PyTypeError::new_err(format!(
            "{name} must be an integer, not {}",
            value.get_type().name()?
        ))),
    }
}

/// [`whole`] for an optional argument.
pub fn whole_opt(name: &str, value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u128>> {
    value.map(|v| whole(name, v)).transpose()
}
