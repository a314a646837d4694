//! The sizing calculator's text, read: a guarantee (ε, δ) typed in the page gives the shape
//! w = ⌈e/ε⌉, d = ⌈ln 1/δ⌉ (`engine::streams::sizing`), or a notice naming what could not be read.

use super::params::{D, MAX_CELLS, W};
use crate::engine::streams::sizing::Sizing;
use crate::link::notice::{about_value, Notice};
use crate::link::params::parse_rate;
use crate::text::{format_probability, group_digits};

/// The shape a typed guarantee needs, and whether this page can keep a sketch of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    pub sizing: Sizing,
    /// w ≤ 65,536, d ≤ 16 and w·d ≤ 262,144: the page can show it.
    pub fits: bool,
}

/// ε and δ as typed (`0.01`, `1%`, `1/100`): the shape, or a notice for each value not between 0
/// and 1.
pub fn shape_for(epsilon: &str, delta: &str) -> Result<Answer, Vec<Notice>> {
    let mut notices = Vec::new();
    let mut read = |name: &str, text: &str| {
        let v = parse_rate(text);
        if v.is_none() {
            let why = "is not a number between 0 and 1 (such as 0.01, 1% or 1/100)";
            notices.push(Notice::input(about_value(name, text.trim(), why)));
        }
        v
    };
    let (e, d) = (read("ε", epsilon), read("δ", delta));
    match (e, d) {
        (Some(e), Some(d)) => match Sizing::for_guarantee(e, d) {
            Some(sizing) => {
                let fits = sizing.w <= W.max && sizing.d <= D.max && sizing.counters() <= MAX_CELLS;
                Ok(Answer { sizing, fits })
            }
            None => Err(vec![Notice::input("ε and δ must be between 0 and 1")]),
        },
        _ => Err(notices),
    }
}

/// The answer in words.
pub fn describe(a: &Answer) -> String {
    let s = a.sizing;
    let fits = if a.fits {
        String::new()
    } else {
        format!(
            " — more than this page keeps (w up to {}, d up to {}, w·d up to {})",
            group_digits(W.max),
            D.max,
            group_digits(MAX_CELLS)
        )
    };
    format!(
        "w = ⌈e/ε⌉ = {}, d = ⌈ln 1/δ⌉ = {}: {} counters, which guarantee ε = {} and δ = {}{fits}",
        group_digits(s.w),
        s.d,
        group_digits(s.counters()),
        format_probability(s.epsilon),
        format_probability(s.delta)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_guarantee_gives_its_shape_and_the_shape_gives_it_back() {
        let a = shape_for("0.01", "1%").expect("readable");
        assert_eq!((a.sizing.w, a.sizing.d, a.fits), (272, 5, true));
        let back = Sizing::of_shape(a.sizing.w, a.sizing.d);
        assert!(back.epsilon <= 0.01 && back.delta <= 0.01);
        let tight = shape_for("1/100000", "0.001").expect("readable");
        assert_eq!((tight.sizing.w, tight.sizing.d, tight.fits), (271_829, 7, false));
        // A tiny ε is written with its digits, not rounded to 0.0000.
        let said = describe(&tight);
        assert!(!said.contains("0.0000") && said.contains(&format_probability(tight.sizing.epsilon)), "{said}");
        assert!(format_probability(tight.sizing.epsilon).starts_with("1.000e-5"), "{said}");
    }

    #[test]
    fn bad_text_names_each_value() {
        let n = shape_for("x", "2").expect_err("neither is a rate");
        assert_eq!(n.len(), 2);
        assert!(n[0].message.contains('ε') && n[1].message.contains('δ'), "{n:?}");
        assert_eq!(shape_for("0.5", "").expect_err("δ missing").len(), 1);
    }
}
