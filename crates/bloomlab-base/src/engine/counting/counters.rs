//! Arrays of saturating w-bit counters, with running counts of non-zero and saturated ones.

/// Counter widths allowed.
pub const MIN_W: u32 = 1;
pub const MAX_W: u32 = 32;

/// The saturation value of a w-bit counter: 2^w - 1.
pub fn saturation(w: u32) -> u32 {
    let w = w.clamp(MIN_W, MAX_W);
    if w == 32 {
        u32::MAX
    } else {
        (1u32 << w) - 1
    }
}

/// An array of saturating counters, with running counts of non-zero and saturated ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counters {
    values: Vec<u32>,
    max: u32,
    nonzero: u64,
    saturated: u64,
}

impl Counters {
    /// `m` counters (at least 1) of `w` bits.
    pub fn new(m: u64, w: u32) -> Counters {
        Counters { values: vec![0; m.max(1) as usize], max: saturation(w), nonzero: 0, saturated: 0 }
    }

    /// Counters of `w` bits holding `values` (each stopped at the saturation value), as `add`
    /// would leave them: a state written down by hand, to continue from.
    pub fn from_values(values: &[u32], w: u32) -> Counters {
        let mut c = Counters::new(values.len() as u64, w);
        for (i, &v) in values.iter().enumerate() {
            c.add(i as u64, v);
        }
        c
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
    pub fn values(&self) -> &[u32] {
        &self.values
    }
    pub fn get(&self, pos: u64) -> u32 {
        self.values.get(pos as usize).copied().unwrap_or(0)
    }
    /// The saturation value 2^w - 1.
    pub fn max(&self) -> u32 {
        self.max
    }
    pub fn is_saturated(&self, pos: u64) -> bool {
        self.get(pos) == self.max
    }
    pub fn nonzero(&self) -> u64 {
        self.nonzero
    }
    pub fn saturated(&self) -> u64 {
        self.saturated
    }
    /// The largest value held.
    pub fn largest(&self) -> u32 {
        self.values.iter().copied().max().unwrap_or(0)
    }

    /// Adds `by`, stopping at the saturation value. Returns the new value.
    pub fn add(&mut self, pos: u64, by: u32) -> u32 {
        let max = self.max;
        let Some(c) = self.values.get_mut(pos as usize) else { return 0 };
        let before = *c;
        if before == max || by == 0 {
            return before;
        }
        let after = before.saturating_add(by).min(max);
        *c = after;
        if before == 0 {
            self.nonzero += 1;
        }
        if after == max {
            self.saturated += 1;
        }
        after
    }

    /// Takes 1 away unless the counter is 0 or saturated. Returns the new value.
    pub fn decrement(&mut self, pos: u64) -> u32 {
        let max = self.max;
        let Some(c) = self.values.get_mut(pos as usize) else { return 0 };
        if *c == 0 || *c == max {
            return *c;
        }
        *c -= 1;
        if *c == 0 {
            self.nonzero -= 1;
        }
        *c
    }

    /// Comma-separated values, position 0 first (the contract's `data-counters`).
    pub fn to_csv(&self) -> String {
        let mut s = String::with_capacity(self.values.len() * 2);
        for (i, v) in self.values.iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            s.push_str(&v.to_string());
        }
        s
    }
}
