//! Which summaries the walkthrough narrates and draws (`sketches`): all five by default, or the
//! ones a link names, so that a lecture's first stops can show count-min alone.

/// One summary the walkthrough keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sketch {
    /// Count-min, standard update (`cm`).
    CountMin,
    /// Count-min, conservative update (`cu`).
    Conservative,
    /// The count sketch (`cs`).
    CountSketch,
    /// Misra–Gries (`mg`).
    MisraGries,
    /// SpaceSaving (`ss`).
    SpaceSaving,
}

impl Sketch {
    pub const ALL: [Sketch; 5] =
        [Sketch::CountMin, Sketch::Conservative, Sketch::CountSketch, Sketch::MisraGries, Sketch::SpaceSaving];

    /// The name in links.
    pub const fn name(self) -> &'static str {
        match self {
            Sketch::CountMin => "cm",
            Sketch::Conservative => "cu",
            Sketch::CountSketch => "cs",
            Sketch::MisraGries => "mg",
            Sketch::SpaceSaving => "ss",
        }
    }

    pub fn parse(name: &str) -> Option<Sketch> {
        Sketch::ALL.into_iter().find(|s| s.name() == name)
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// A set of summaries, never empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sketches(u8);

impl Sketches {
    pub const ALL: Sketches = Sketches(0b1_1111);

    /// The set of `list`; `None` when it is empty.
    pub fn of(list: &[Sketch]) -> Option<Sketches> {
        let bits = list.iter().fold(0, |b, s| b | s.bit());
        (bits != 0).then_some(Sketches(bits))
    }

    pub fn has(self, s: Sketch) -> bool {
        self.0 & s.bit() != 0
    }

    /// The names in links' order, comma-separated (`cm,cu`).
    pub fn names(self) -> String {
        let names: Vec<&str> = Sketch::ALL.iter().filter(|s| self.has(**s)).map(|s| s.name()).collect();
        names.join(",")
    }

    /// Whether any heavy-hitter summary is among them.
    pub fn has_counters(self) -> bool {
        self.has(Sketch::MisraGries) || self.has(Sketch::SpaceSaving)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        assert_eq!(Sketches::ALL.names(), "cm,cu,cs,mg,ss");
        let cm = Sketches::of(&[Sketch::CountMin]).expect("one");
        assert!(cm.has(Sketch::CountMin) && !cm.has(Sketch::CountSketch) && !cm.has_counters());
        assert_eq!(Sketches::of(&[]), None);
        for s in Sketch::ALL {
            assert_eq!(Sketch::parse(s.name()), Some(s));
        }
    }
}
