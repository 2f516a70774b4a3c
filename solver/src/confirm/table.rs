//! The search's tables, capped so that a long search keeps a fixed memory
//! footprint.
//!
//! Every table the engine keeps by position is a cache: proven values
//! (found again by searching), depth-bounded failures, move hints and df-pn's
//! numbers. Emptying one costs work and never changes an answer. Without a
//! cap they grow with the nodes searched: on example 17 (2 000 000 nodes) the
//! move hints reached 1 270 000 entries and the bounded failures 985 000,
//! each then in a table of 2^21 slots (about 34 MiB), and `kakunin check`,
//! which runs two such searches side by side, peaked above 256 MiB.
//!
//! [`TABLE_MAX`] is the most entries a table of 2^20 slots holds before
//! hashbrown would double it (seven eighths of the slots), so no table ever
//! grows past 2^20 slots (17 MiB with 16-byte entries). The caches of
//! Benson's and the miai rule's answers, whose entries weigh more, use the
//! same type with a smaller cap.

use super::KeyMap;

/// Entries of a table before it is emptied: 7/8 of 2^20, hashbrown's load
/// limit for 2^20 slots.
pub(super) const TABLE_MAX: usize = (1 << 20) / 8 * 7;

/// A table keyed by Zobrist hash, emptied when it holds `MAX` entries
/// (by default [`TABLE_MAX`]) and a new key comes.
pub(super) struct Table<V, const MAX: usize = TABLE_MAX>(KeyMap<V>);

impl<V, const MAX: usize> Default for Table<V, MAX> {
    fn default() -> Self {
        Table(KeyMap::default())
    }
}

impl<V, const MAX: usize> Table<V, MAX> {
    pub(super) fn get(&self, key: &u64) -> Option<&V> {
        self.0.get(key)
    }

    /// Room for `key`: the table is emptied first if it is full and `key`
    /// is new.
    fn make_room(&mut self, key: u64) {
        if self.0.len() >= MAX && !self.0.contains_key(&key) {
            self.0.clear();
        }
    }

    pub(super) fn insert(&mut self, key: u64, value: V) {
        self.make_room(key);
        self.0.insert(key, value);
    }

    /// The entry of `key`, inserted as `value` if absent.
    pub(super) fn entry_or(&mut self, key: u64, value: V) -> &mut V {
        self.make_room(key);
        self.0.entry(key).or_insert(value)
    }

    pub(super) fn remove(&mut self, key: &u64) {
        self.0.remove(key);
    }

    pub(super) fn len(&self) -> usize {
        self.0.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_table_is_emptied_for_a_new_key_only() {
        let mut t: Table<u32, 4> = Table::default();
        for k in 0..4 {
            t.insert(k, 1);
        }
        assert_eq!(t.len(), 4);
        // An existing key is updated in place.
        t.insert(3, 2);
        assert_eq!(t.len(), 4);
        assert_eq!(t.get(&3), Some(&2));
        // A new key empties the table first.
        *t.entry_or(u64::MAX, 0) += 3;
        assert_eq!(t.len(), 1);
        assert_eq!(t.get(&u64::MAX), Some(&3));
        assert_eq!(t.get(&3), None);
    }

    #[test]
    fn the_cap_fits_in_two_to_the_twenty_slots() {
        let m: KeyMap<u32> = (0..TABLE_MAX as u64).map(|k| (k, 0)).collect();
        assert_eq!(m.capacity(), TABLE_MAX);
    }
}
