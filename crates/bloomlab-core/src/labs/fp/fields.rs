//! What the FP lab's sliders and fields hand to the model: their text, read here with the
//! parameters' declarations (the same bounds and notices as the link) and applied.

use super::link::{read_axis, read_text_family};
use super::params::{HASH, K, LAYERS, SEED, TRIALS, X};
use super::{calculator::MAX_BITS, FpSettings, MAX_N};
use crate::link::notice::Notice;
pub use crate::link::params::LogSlider;
use crate::link::state::{edited, FieldText};

/// The bits m (from 8 bits to a terabit).
pub const M_SLIDER: LogSlider = LogSlider { low: 8, max: MAX_BITS };
/// The items n.
pub const N_SLIDER: LogSlider = LogSlider { low: 1, max: MAX_N };

impl FpSettings {
    /// The m slider moved to the position in `text`.
    pub fn slide_m(&mut self, text: &str) {
        if let Some(m) = M_SLIDER.value(text) {
            self.set_m(m);
        }
    }

    /// The n slider moved to the position in `text`.
    pub fn slide_n(&mut self, text: &str) {
        if let Some(n) = N_SLIDER.value(text) {
            self.set_n(n);
        }
    }

    /// A field's or a slider's `text` for the parameter `name` (`k`, `x`, `layers`, `hash`,
    /// `seed`, `trials`), read as the link reads it and applied; its notices are the link's (an
    /// emptied field gives the default).
    pub fn set_field(&mut self, name: &str, text: &str) -> Vec<Notice> {
        let q = edited(Vec::new(), &[(name, FieldText::Value.raw(text))]);
        let mut notices: Vec<Notice> = Vec::new();
        match name {
            n if n == K.name => self.set_k(K.read_u32(&q, &mut notices)),
            n if n == X.name => self.set_axis(read_axis(&q, &mut notices)),
            n if n == LAYERS.name => self.set_layers(LAYERS.read_u32(&q, &mut notices)),
            n if n == HASH.name => self.set_family(read_text_family(&q, &mut notices)),
            n if n == SEED.name => self.set_seed(SEED.read(&q, &mut notices)),
            n if n == TRIALS.name => self.set_trials(TRIALS.read(&q, &mut notices)),
            _ => {}
        }
        notices
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::labs::fp::Axis;
    use crate::link::query::Query;
    use crate::link::state::LinkState;

    #[test]
    fn log_sliders() {
        assert_eq!(M_SLIDER.bounds(), ("24".to_string(), "319".to_string()));
        assert_eq!(N_SLIDER.bounds().0, "0");
        assert_eq!(LogSlider::position(1000), "80");
        assert_eq!(M_SLIDER.value("80"), Some(1024));
        assert_eq!(M_SLIDER.value(" 0 "), Some(1));
        assert_eq!(M_SLIDER.value("9999"), Some(MAX_BITS));
        assert_eq!(M_SLIDER.value("x"), None);
        let mut s = FpSettings::default();
        s.slide_n("64");
        assert_eq!(s.n, 256);
        s.slide_m("nope");
        assert_eq!(s.m, 1000);
    }

    #[test]
    fn fields_are_read_as_the_link_is() {
        let mut s = FpSettings::default();
        let said: Vec<Notice> = [("k", "99"), ("layers", "0"), ("x", "bpi"), ("hash", "ullman"), ("trials", "5000")]
            .into_iter()
            .flat_map(|(name, text)| s.set_field(name, text))
            .collect();
        assert_eq!((s.k, s.layers, s.axis, s.trials), (K.max as u32, LAYERS.default as u32, Axis::Bpi, 5000));
        let named: Vec<&str> = said.iter().filter_map(|n| n.param.as_deref()).collect();
        assert_eq!(named, ["k", "layers", "hash"]);
        let (link, from_link) = FpSettings::read(&Query::parse("?k=99&layers=0&x=bpi&hash=ullman&trials=5000"));
        assert_eq!((&link, &from_link), (&s, &said));
        // A good value again has no notice.
        assert!(s.set_field("k", "6").is_empty() && s.set_field("seed", "").is_empty());
        assert_eq!((s.k, s.seed), (6, SEED.default));
    }
}
