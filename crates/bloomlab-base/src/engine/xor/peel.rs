//! Peeling, as the reference does it: the order keys leave in decides which slot each key owns,
//! so the queues are kept exactly as the reference keeps them.

use super::layout::{Kind, Layout};

/// What peeling left: the keys in the order they left, each with the slot it owns, and the
/// slots still used by keys that could not leave (empty when peeling succeeded).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Peeled {
    /// (key's hash, which of its slots it owns: 0 .. arity − 1), in the order peeled.
    pub stack: Vec<(u64, u8)>,
    /// Slots still holding keys at the end: the core that cannot be peeled.
    pub core: Vec<u32>,
    /// A slot's count overflowed (64 keys or more in one slot: the reference starts again).
    pub overflow: bool,
}

impl Peeled {
    /// Every key left.
    pub fn complete(&self, keys: usize) -> bool {
        !self.overflow && self.stack.len() == keys
    }
}

/// The state after one peel, for a walkthrough.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// The key (its hash) that left, and the slot it left with.
    pub hash: u64,
    pub slot: u32,
    /// The slots waiting in the queue afterwards, next one last (some may have lost their key
    /// since: the reference skips those when it reaches them).
    pub queue: Vec<u32>,
}

/// Watches peeling: the queue at the start and each peel.
pub trait Recorder {
    /// False for a build no one watches: the queue is then never copied.
    const WATCHING: bool = true;
    fn start(&mut self, _queue: &[u32]) {}
    fn peel(&mut self, _hash: u64, _slot: u32, _queue: &[u32]) {}
}

/// A build no one watches.
impl Recorder for () {
    const WATCHING: bool = false;
}

/// Keeps everything, for a walkthrough of a handful of keys.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trace {
    pub first_queue: Vec<u32>,
    pub peels: Vec<Snapshot>,
}

impl Recorder for Trace {
    fn start(&mut self, queue: &[u32]) {
        self.first_queue = queue.to_vec();
    }
    fn peel(&mut self, hash: u64, slot: u32, queue: &[u32]) {
        self.peels.push(Snapshot { hash, slot, queue: queue.to_vec() });
    }
}

/// Peels the keys with these hashes.
pub fn peel<R: Recorder>(layout: &Layout, hashes: &[u64], rec: &mut R) -> Peeled {
    match layout.kind {
        Kind::Xor => peel_xor(layout, hashes, rec),
        Kind::Fuse3 | Kind::Fuse4 => peel_fuse(layout, hashes, rec),
    }
}

/// The xor filter: a count and an XOR of hashes per slot, and one queue per block, emptied block
/// 0 first, then 1, then 2, round again until all three are empty (`xor8_populate`).
fn peel_xor<R: Recorder>(layout: &Layout, hashes: &[u64], rec: &mut R) -> Peeled {
    let len = layout.array_length as usize;
    let block = layout.segment_length;
    let (mut count, mut xor) = (vec![0u32; len], vec![0u64; len]);
    for &h in hashes {
        for s in &layout.slots(h)[..3] {
            count[*s as usize] += 1;
            xor[*s as usize] ^= h;
        }
    }
    // queues[b]: (slot, hash) pairs, taken from the end.
    let mut queues: [Vec<(u32, u64)>; 3] = Default::default();
    for (b, queue) in queues.iter_mut().enumerate() {
        let from = b as u32 * block;
        queue.extend((from..from + block).filter(|&s| count[s as usize] == 1).map(|s| (s, xor[s as usize])));
    }
    let waiting = |q: &[Vec<(u32, u64)>; 3]| q.iter().flatten().map(|e| e.0).collect::<Vec<_>>();
    if R::WATCHING {
        rec.start(&waiting(&queues));
    }
    let mut stack = Vec::with_capacity(hashes.len());
    while queues.iter().any(|q| !q.is_empty()) {
        for b in 0..3 {
            while let Some((slot, hash)) = queues[b].pop() {
                if count[slot as usize] == 0 {
                    continue;
                }
                stack.push((hash, b as u8));
                let slots = layout.slots(hash);
                for (other, &s) in slots[..3].iter().enumerate().filter(|(o, _)| *o != b) {
                    xor[s as usize] ^= hash;
                    count[s as usize] -= 1;
                    if count[s as usize] == 1 {
                        queues[other].push((s, xor[s as usize]));
                    }
                }
                count[slot as usize] = 0;
                if R::WATCHING {
                    rec.peel(hash, slot, &waiting(&queues));
                }
            }
        }
    }
    let core = (0..len as u32).filter(|&s| count[s as usize] > 0).collect();
    Peeled { stack, core, overflow: false }
}

/// The binary fuse filter: the hashes put in segment order first, a count (times 4, with the XOR
/// of the key's slot numbers in the low two bits) and an XOR of hashes per slot, one queue.
fn peel_fuse<R: Recorder>(layout: &Layout, hashes: &[u64], rec: &mut R) -> Peeled {
    let arity = layout.kind.arity();
    let len = layout.array_length as usize;
    let (mut count, mut xor) = (vec![0u8; len], vec![0u64; len]);
    let mut overflow = false;
    for h in segment_order(layout, hashes) {
        for (i, s) in layout.slots(h)[..arity].iter().enumerate() {
            let c = &mut count[*s as usize];
            *c = c.wrapping_add(4) ^ i as u8;
            xor[*s as usize] ^= h;
            overflow |= *c < 4;
        }
    }
    if overflow {
        return Peeled { overflow, ..Peeled::default() };
    }
    let mut queue: Vec<u32> = (0..len as u32).filter(|&s| count[s as usize] >> 2 == 1).collect();
    rec.start(&queue);
    let mut stack = Vec::with_capacity(hashes.len());
    while let Some(slot) = queue.pop() {
        if count[slot as usize] >> 2 != 1 {
            continue;
        }
        let hash = xor[slot as usize];
        let found = (count[slot as usize] & 3) as usize;
        stack.push((hash, found as u8));
        let slots = layout.slots(hash);
        for j in 1..arity {
            let other = (found + j) % arity;
            let s = slots[other] as usize;
            if count[s] >> 2 == 2 {
                queue.push(s as u32);
            }
            count[s] = count[s].wrapping_sub(4) ^ other as u8;
            xor[s] ^= hash;
        }
        count[slot as usize] = 0;
        rec.peel(hash, slot, &queue);
    }
    let core = (0..len as u32).filter(|&s| count[s as usize] >> 2 > 0).collect();
    Peeled { stack, core, overflow: false }
}

/// The hashes in the order the reference adds them: by the top bits (one bucket per power of two
/// at least the segment count), a full bucket spilling into the next.
fn segment_order(layout: &Layout, hashes: &[u64]) -> Vec<u64> {
    let n = hashes.len();
    let mut bits = 1u32;
    while (1u64 << bits) < layout.segment_count as u64 {
        bits += 1;
    }
    let buckets = 1usize << bits;
    let mut start: Vec<usize> = (0..buckets).map(|i| ((i as u64 * n as u64) >> bits) as usize).collect();
    // One more place than keys, marked, as the reference does: a spill never runs past the end.
    let mut order = vec![0u64; n + 1];
    order[n] = 1;
    for &h in hashes {
        let mut b = (h >> (64 - bits)) as usize;
        while order[start[b]] != 0 {
            b = (b + 1) & (buckets - 1);
        }
        order[start[b]] = h;
        start[b] += 1;
    }
    order.truncate(n);
    order
}
