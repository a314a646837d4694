//! Sliders over a whole-number parameter on a log scale: a position is 8 × log2 of the value,
//! rounded, so each doubling of the value is 8 steps. The page shows the position; the value at
//! a position is read here, from the slider's text.

use crate::link::params::Whole;
use crate::text::parse_f64;

/// Slider positions per doubling of the value.
const STEPS_PER_DOUBLING: f64 = 8.0;

/// A log-scale slider from the position of `low` (its left end) to that of `max`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LogSlider {
    pub low: u64,
    pub max: u64,
}

/// The value at the position a slider's `text` gives, before any bounds; `None` for text that is
/// not a finite position.
fn at_position(text: &str) -> Option<u64> {
    let at = parse_f64(text.trim()).filter(|v| v.is_finite())?;
    Some(2f64.powf(at / STEPS_PER_DOUBLING).round() as u64)
}

impl LogSlider {
    /// The position of `v`, as the slider's `value`.
    pub fn position(v: u64) -> String {
        ((v.max(1) as f64).log2() * STEPS_PER_DOUBLING).round().to_string()
    }

    /// The slider's `min` and `max`.
    pub fn bounds(self) -> (String, String) {
        (Self::position(self.low), Self::position(self.max))
    }

    /// The value at the position the slider's `text` gives, within 1 ..= `max`; `None` for text
    /// that is not a position.
    pub fn value(self, text: &str) -> Option<u64> {
        at_position(text).map(|v| v.clamp(1, self.max))
    }
}

impl Whole {
    /// The value of this parameter at the position a log slider's `text` gives, within the
    /// declared bounds; `None` for text that is not a position.
    pub fn at_log_position(&self, text: &str) -> Option<u64> {
        at_position(text).map(|v| self.clamp(v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const M: Whole = Whole { name: "m", about: "bits", min: 8, max: 1 << 20, default: 1000, example: "2048" };

    #[test]
    fn positions_and_values() {
        assert_eq!(LogSlider::position(1000), "80");
        assert_eq!(LogSlider::position(0), "0");
        assert_eq!(LogSlider { low: 8, max: 1 << 20 }.bounds(), ("24".to_string(), "160".to_string()));
        assert_eq!(M.at_log_position("80"), Some(1024));
        assert_eq!(M.at_log_position(" 0 "), Some(8));
        assert_eq!(M.at_log_position("999"), Some(1 << 20));
        assert_eq!(M.at_log_position("x"), None);
        assert_eq!(M.at_log_position("inf"), None);
    }
}
