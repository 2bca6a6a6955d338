//! The checksum of the crate's files (checkpoints of tables, saved searches).

/// The 64-bit FNV-1a hash of `bytes` (Fowler, Noll and Vo): it finds damage, not a forger.
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash = Fnv1a::new();
    hash.update(bytes);
    hash.finish()
}

/// [`fnv1a`] of bytes that arrive in pieces: the hash of every piece given to
/// [`update`](Fnv1a::update), one after the other, is that of the pieces joined.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fnv1a(u64);

impl Fnv1a {
    /// The hash of no bytes yet.
    pub(crate) const fn new() -> Fnv1a {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }

    /// Hashes `bytes` after those before.
    pub(crate) fn update(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// The hash of the bytes given so far.
    pub(crate) const fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hash as it was written before it could be made in pieces: one loop over `bytes`.
    fn whole(bytes: &[u8]) -> u64 {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for &b in bytes {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
        hash
    }

    #[test]
    fn the_hash_in_pieces_is_the_hash_of_the_whole() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
        let bytes: alloc::vec::Vec<u8> = (0..300u32).map(|i| (i * 37 % 256) as u8).collect();
        for len in [0, 1, 2, 7, 64, 300] {
            let bytes = &bytes[..len];
            assert_eq!(fnv1a(bytes), whole(bytes));
            // Cut anywhere, in two pieces and in pieces of every length.
            for at in 0..=len {
                let mut hash = Fnv1a::new();
                hash.update(&bytes[..at]);
                hash.update(&bytes[at..]);
                assert_eq!(hash.finish(), whole(bytes), "{len} bytes cut at {at}");
            }
            for piece in 1..=len.max(1) {
                let mut hash = Fnv1a::new();
                bytes.chunks(piece).for_each(|c| hash.update(c));
                assert_eq!(
                    hash.finish(),
                    fnv1a(bytes),
                    "{len} bytes in pieces of {piece}"
                );
            }
        }
    }
}
