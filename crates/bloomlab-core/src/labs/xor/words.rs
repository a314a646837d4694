//! Each step's title and narration, computed from the step's state (the tests hold each
//! sentence against the hooks beside it).

use super::walk::Step;
use super::XorLab;

fn slots_text(slots: &[u32]) -> String {
    let v: Vec<String> = slots.iter().map(|s| s.to_string()).collect();
    match v.len() {
        0 => String::new(),
        1 => v[0].clone(),
        n => format!("{} and {}", v[..n - 1].join(", "), v[n - 1]),
    }
}

impl XorLab {
    /// Step `step`'s title.
    pub fn step_title(&self, step: usize) -> String {
        match self.step_at(step) {
            Step::Slots => "Each key's slots".into(),
            Step::Degrees => "How many keys use each slot".into(),
            Step::Peel(i) => match self.walk.trace.peels.get(i).and_then(|p| self.key_of(p.hash)) {
                Some(k) => format!("Peel {}: “{}” leaves", i + 1, self.keys[k]),
                None => format!("Peel {}", i + 1),
            },
            Step::Stuck => "Stuck: the core".into(),
            Step::Assign(i) => match self.assignment(i) {
                Some((k, own, _)) => format!("Write slot {own} for “{}”", self.keys[k]),
                None => "Write a slot".into(),
            },
            Step::Lookup => "Look a key up".into(),
        }
    }

    /// Step `step`'s narration.
    pub fn narration(&self, step: usize) -> String {
        match self.step_at(step) {
            Step::Slots => self.say_slots(),
            Step::Degrees => self.say_degrees(),
            Step::Peel(i) => self.say_peel(i, step),
            Step::Stuck => self.say_stuck(),
            Step::Assign(i) => self.say_assign(i),
            Step::Lookup => self.say_lookup(),
        }
    }

    fn say_slots(&self) -> String {
        let l = self.walk.built.layout;
        let attempts = match (self.walk.built.built, self.walk.built.attempts) {
            (true, 1) => "the first seed".to_string(),
            (true, a) => format!("the seed of attempt {a} (the seeds before it could not peel)"),
            (false, a) => format!("the seed of the last of {a} attempts, none of which could peel"),
        };
        format!(
            "{} keys, {} slots: each key's hash (xxh3 with {attempts}) picks {} slots{}. The filter will \
             store one {}-bit value per slot so that the XOR of a key's slots is its fingerprint.",
            self.keys.len(),
            l.array_length,
            self.kind.arity(),
            match self.kind {
                crate::engine::xor::Kind::Xor => ", one in each of the three blocks".to_string(),
                _ => format!(", in {} consecutive segments of {} slots", self.kind.arity(), l.segment_length),
            },
            self.fp
        )
    }

    fn say_degrees(&self) -> String {
        let queue = self.queue_at(1);
        if queue.is_empty() {
            return "No slot is used by a single key: peeling cannot start.".into();
        }
        format!(
            "A slot used by exactly one key can be given to that key: whatever the other slots hold, that slot can be \
             set last to make the XOR right. {} such slot{} wait{} in the queue: {}.",
            queue.len(),
            if queue.len() == 1 { "" } else { "s" },
            if queue.len() == 1 { "s" } else { "" },
            slots_text(&queue)
        )
    }

    fn say_peel(&self, i: usize, step: usize) -> String {
        let Some(p) = self.walk.trace.peels.get(i) else { return String::new() };
        let key = self.key_of(p.hash).map(|k| self.keys[k].clone()).unwrap_or_default();
        let others: Vec<u32> = self.key_of(p.hash).map(|k| self.slots_of(k)).unwrap_or_default();
        let others: Vec<u32> = others.into_iter().filter(|&s| s != p.slot).collect();
        format!(
            "Slot {} is used by “{key}” alone, so “{key}” leaves with it and goes on the stack ({} there now). Its other \
             slots {} lose a key; any left with exactly one joins the queue.",
            p.slot,
            self.stack_at(step).len(),
            slots_text(&others)
        )
    }

    fn say_stuck(&self) -> String {
        let core = &self.walk.built.peeled.core;
        format!(
            "The queue is empty with {} keys left: every slot they use ({}) is used by two keys or more, so none can \
             leave. This seed's build fails, and so did all {} attempts: more slots per key (a larger filter) make such \
             a core unlikely.",
            self.core_keys().len(),
            slots_text(core),
            self.walk.built.attempts
        )
    }

    fn say_assign(&self, i: usize) -> String {
        let Some((k, own, others)) = self.assignment(i) else { return String::new() };
        // Each of the key's slots holds its final value once the key is written: its own slot
        // from now on, its other slots already (owned by keys written before it, or by none: 0).
        let final_value = |s: u32| self.walk.built.values.get(s as usize).copied().unwrap_or(0);
        let value = final_value(own);
        let terms: Vec<String> = others.iter().map(|&s| format!("slot {s} ({})", final_value(s))).collect();
        format!(
            "Backwards through the stack: “{}” was peeled {} from last, so its other slots are final now. Slot {own} = \
             fingerprint {} XOR {} = {value}.",
            self.keys[k],
            match i {
                0 => "last".to_string(),
                i => format!("{}", i + 1),
            },
            self.fingerprint_of(k),
            terms.join(" XOR ")
        )
    }

    fn say_lookup(&self) -> String {
        let Some(l) = self.lookup() else {
            return "Built. Type a key to look up: the filter XORs its slots and compares with its fingerprint.".into();
        };
        let head = format!(
            "“{}”: slots {}, XOR {} against fingerprint {}: ",
            l.key,
            slots_text(&l.slots),
            l.xor,
            l.fingerprint
        );
        let tail = match (l.passes, l.member) {
            (true, true) => "equal, as for every key of the set.",
            (false, _) => "different, so it was certainly not a key.",
            (true, false) => "equal, yet it is not a key: a false positive (about one in 2^fp lookups).",
        };
        head + tail
    }
}
