//! Messages about bad input, shown on the page with the contract's `notice` hook.

/// A short message about input that could not be used as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The URL parameter that caused it, if any.
    pub param: Option<String>,
    pub message: String,
    /// What it is about, so a model can replace or drop it without reading its words.
    pub kind: NoticeKind,
}

/// What a notice is about, beyond the parameter it names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum NoticeKind {
    /// A value that could not be used as given (the usual case).
    #[default]
    Value,
    /// Typed or generated items the chosen hash family cannot hash (they set no bits).
    Unhashable,
    /// Items of the user's file the chosen hash family cannot hash.
    UnhashableFile,
}

/// `list` with the notices about the parameter `name` replaced by `fresh` (a form field's newest
/// reading of it).
pub fn replace_about(list: &mut Vec<Notice>, name: &str, fresh: Vec<Notice>) {
    list.retain(|n| n.param.as_deref() != Some(name));
    list.extend(fresh);
}

/// `name = “value” why`: how every notice about a value given for `name` begins, written here
/// only, so that a reader says what is wrong (`why`) and never spells the parameter's name or its
/// quotes (the value is shortened to 30 characters).
pub fn about_value(name: &str, value: &str, why: &str) -> String {
    format!("{name} = {} {why}", crate::text::quoted(value, 30))
}

impl Notice {
    /// A notice about the value given for the URL parameter `param`: `param = “value” why`.
    pub fn bad(param: &str, value: &str, why: &str) -> Notice {
        Notice::param(param, about_value(param, value, why))
    }

    /// A notice about a URL parameter.
    pub fn param(param: &str, message: impl Into<String>) -> Notice {
        Notice { param: Some(param.to_string()), message: message.into(), kind: NoticeKind::Value }
    }

    /// A notice about something typed or clicked.
    pub fn input(message: impl Into<String>) -> Notice {
        Notice { param: None, message: message.into(), kind: NoticeKind::Value }
    }

    /// The same notice, of `kind`.
    pub fn of_kind(self, kind: NoticeKind) -> Notice {
        Notice { kind, ..self }
    }

    /// The same notice, about the URL parameter `param`.
    pub fn about(self, param: &str) -> Notice {
        Notice { param: Some(param.to_string()), ..self }
    }
}

/// Where a reader of link parameters sends its notices: a list of them (`Vec<Notice>`, what a
/// page shows), or `Unwritten`, which only counts them. A reader takes the message as a closure,
/// so a caller that only asks whether the value read as given (a result code's given problem,
/// read by the tally) never writes, nor compiles, the messages.
pub trait Notes {
    /// A notice about the URL parameter `param`; `message` writes its text.
    fn note(&mut self, param: &str, message: impl FnOnce() -> String);

    /// A notice about the value given for `param` (`Notice::bad`'s words); `why` writes what is
    /// wrong with it.
    fn bad(&mut self, param: &str, value: &str, why: impl FnOnce() -> String) {
        self.note(param, || about_value(param, value, &why()));
    }
}

impl Notes for Vec<Notice> {
    fn note(&mut self, param: &str, message: impl FnOnce() -> String) {
        self.push(Notice::param(param, message()));
    }
}

/// Notices counted, their messages never written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Unwritten {
    pub count: usize,
}

impl Notes for Unwritten {
    fn note(&mut self, _param: &str, _message: impl FnOnce() -> String) {
        self.count += 1;
    }
}
