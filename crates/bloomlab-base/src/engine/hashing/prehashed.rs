//! Tables keyed by values that are already xxh3 hashes.

/// A hasher for keys that are already xxh3 hashes: the table uses them as they are instead of
/// hashing them again (SipHash cost a seventh of reading a million-line file).
#[derive(Clone, Copy, Default)]
pub struct Prehashed(u64);

impl std::hash::Hasher for Prehashed {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        // Only `write_u64` is used for these keys; anything else is folded in byte by byte.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

/// A map keyed by xxh3 values.
pub type PrehashedMap<V> = std::collections::HashMap<u64, V, std::hash::BuildHasherDefault<Prehashed>>;
/// A set of xxh3 values.
pub type PrehashedSet = std::collections::HashSet<u64, std::hash::BuildHasherDefault<Prehashed>>;
