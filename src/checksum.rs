//! The checksum of the crate's files (checkpoints of tables, saved searches).

/// The 64-bit FNV-1a hash of `bytes` (Fowler, Noll and Vo): it finds damage, not a forger.
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}
