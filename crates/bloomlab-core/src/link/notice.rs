//! Messages about bad input, shown on the page with the contract's `notice` hook.

/// A short message about input that could not be used as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The URL parameter that caused it, if any.
    pub param: Option<String>,
    pub message: String,
}

impl Notice {
    /// A notice about a URL parameter.
    pub fn param(param: &str, message: impl Into<String>) -> Notice {
        Notice { param: Some(param.to_string()), message: message.into() }
    }

    /// A notice about something typed or clicked.
    pub fn input(message: impl Into<String>) -> Notice {
        Notice { param: None, message: message.into() }
    }
}
