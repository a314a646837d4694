//! What the FP lab's sliders and fields hand to the model: their text, read here with the
//! parameters' declarations (the same bounds and notices as the link) and applied.

use super::link::{read_axis, read_text_family};
use super::params::{HASH, K, LAYERS, SEED, TRIALS, X};
use super::{calculator::MAX_BITS, FpLab, MAX_N};
use crate::link::notice::Notice;
pub use crate::link::params::LogSlider;
use crate::link::state::{edited, Field};

/// The bits m (from 8 bits to a terabit).
pub const M_SLIDER: LogSlider = LogSlider { low: 8, max: MAX_BITS };
/// The items n.
pub const N_SLIDER: LogSlider = LogSlider { low: 1, max: MAX_N };

impl FpLab {
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
    /// `seed`, `trials`), read as the link reads it and applied; the parameter's notices are
    /// the link's (an emptied field gives the default).
    pub fn set_field(&mut self, name: &str, text: &str) {
        let q = edited(Vec::new(), &[(name, Field::Value.raw(text))]);
        let mut notices: Vec<Notice> = Vec::new();
        match name {
            n if n == K.name => self.set_k(K.read_u32(&q, &mut notices)),
            n if n == X.name => self.set_axis(read_axis(&q, &mut notices)),
            n if n == LAYERS.name => self.set_layers(LAYERS.read_u32(&q, &mut notices)),
            n if n == HASH.name => self.set_family(read_text_family(&q, &mut notices)),
            n if n == SEED.name => self.set_seed(SEED.read(&q, &mut notices)),
            n if n == TRIALS.name => self.set_trials(TRIALS.read(&q, &mut notices)),
            _ => return,
        }
        self.notices.retain(|n| n.param.as_deref() != Some(name));
        self.notices.extend(notices);
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
        let mut lab = FpLab::default();
        lab.slide_n("64");
        assert_eq!(lab.settings().n, 256);
        lab.slide_m("nope");
        assert_eq!(lab.settings().m, 1000);
    }

    #[test]
    fn fields_are_read_as_the_link_is() {
        let mut lab = FpLab::default();
        lab.set_field("k", "99");
        lab.set_field("layers", "0");
        lab.set_field("x", "bpi");
        lab.set_field("hash", "ullman");
        lab.set_field("trials", "5000");
        let s = lab.settings();
        assert_eq!((s.k, s.layers, s.axis, s.trials), (K.max as u32, LAYERS.default as u32, Axis::Bpi, 5000));
        let named: Vec<&str> = lab.notices().iter().filter_map(|n| n.param.as_deref()).collect();
        assert_eq!(named, ["k", "layers", "hash"]);
        let link = FpLab::read(&Query::parse("?k=99&layers=0&x=bpi&hash=ullman&trials=5000")).0;
        assert_eq!(link.settings(), lab.settings());
        assert_eq!(link.notices(), lab.notices());
        // A good value again takes its parameter's notice away.
        lab.set_field("k", "6");
        lab.set_field("seed", "");
        assert_eq!(lab.notices().iter().filter_map(|n| n.param.as_deref()).collect::<Vec<_>>(), ["layers", "hash"]);
        assert_eq!((lab.settings().k, lab.settings().seed), (6, SEED.default));
    }
}
