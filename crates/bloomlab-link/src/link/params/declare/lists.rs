//! What is made of a view's list of declarations: its reference table and its full link.

use super::Declared;

/// The reference table of `params`, as markdown (the rows of `docs/views/`).
pub fn table(params: &[&dyn Declared]) -> String {
    let mut out = String::from(
        "| parameter | what it sets | values | default | bad values (each with a notice) |\n| --- | --- | --- | --- | --- |\n",
    );
    for p in params {
        let r = p.row();
        out.push_str(&format!("| `{}` | {} | {} | {} | {} |\n", r.name, r.about, r.values, r.default, r.bad));
    }
    out
}

/// The query that sets every one of `params` to its example (`view` first).
pub fn full_link(view: &str, params: &[&dyn Declared]) -> String {
    let mut out = format!("?view={view}");
    for p in params {
        out.push_str(&format!("&{}={}", p.name(), p.example()));
    }
    out
}
