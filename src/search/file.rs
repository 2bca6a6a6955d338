//! A search saved to a file and loaded to go on: the format, and the trait a game's
//! positions are written with.

#[cfg(feature = "std")]
use super::pruning::Facts;
#[cfg(feature = "std")]
use crate::Game;
#[cfg(feature = "std")]
use alloc::string::String;
use alloc::vec::Vec;

/// A position written as bytes and read back, so that a [`Pruning`](super::Pruning) search
/// can be [saved](super::Pruning::save) and [loaded](super::Pruning::load).
///
/// The search writes the bytes of each position with their length, so `decode` is handed
/// exactly what `encode` wrote. The unsigned integers implement it (little-endian, of their
/// own width); a game implements it for its position, usually from those.
///
/// # Laws
///
/// `decode(&bytes) == Some(p)` when `encode` of `p` wrote `bytes`; `decode` of bytes that
/// are no position's is `None`, never a panic.
///
/// # Examples
///
/// ```
/// use grundy::search::Encode;
///
/// #[derive(Clone, PartialEq, Eq, Hash, Debug)]
/// struct Board { rows: u8, cols: u8, empty: u64 }
///
/// impl Encode for Board {
///     fn encode(&self, out: &mut Vec<u8>) {
///         out.extend([self.rows, self.cols]);
///         self.empty.encode(out);
///     }
///     fn decode(bytes: &[u8]) -> Option<Board> {
///         let (&[rows, cols], empty) = bytes.split_first_chunk::<2>()?;
///         let board = Board { rows, cols, empty: u64::decode(empty)? };
///         // Only boards the game can hold: no cell past rows × cols.
///         let cells = u32::from(rows) * u32::from(cols);
///         (cells <= 64 && board.empty.checked_shr(cells).unwrap_or(0) == 0).then_some(board)
///     }
/// }
///
/// let board = Board { rows: 3, cols: 4, empty: 0b1111_0110_1111 };
/// let mut bytes = Vec::new();
/// board.encode(&mut bytes);
/// assert_eq!(Board::decode(&bytes), Some(board));
/// assert_eq!(Board::decode(&[3, 4, 1]), None);
/// ```
pub trait Encode: Sized {
    /// Appends this position's bytes to `out`.
    fn encode(&self, out: &mut Vec<u8>);

    /// The position `encode` wrote as `bytes`, or `None` if they are not one.
    fn decode(bytes: &[u8]) -> Option<Self>;
}

macro_rules! encode_unsigned {
    ($($t:ty),*) => {$(
        /// Little-endian, in its own width.
        impl Encode for $t {
            fn encode(&self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
            fn decode(bytes: &[u8]) -> Option<$t> {
                Some(<$t>::from_le_bytes(bytes.try_into().ok()?))
            }
        }
    )*};
}

encode_unsigned!(u8, u16, u32, u64, u128);

/// The first bytes of every saved search.
#[cfg(feature = "std")]
pub(super) const MAGIC: [u8; 8] = *b"GRUNDYPS";

/// The format version this crate writes and reads.
#[cfg(feature = "std")]
pub(super) const VERSION: u32 = 1;

/// The bytes of a saved search of `G` with `entries`.
#[cfg(feature = "std")]
pub(super) fn write<'a, G: Game + Encode + 'a>(
    entries: impl Iterator<Item = (&'a G, &'a Facts)>,
) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    let name = core::any::type_name::<G>().as_bytes();
    out.extend_from_slice(&(name.len() as u32).to_le_bytes());
    out.extend_from_slice(name);
    let count_at = out.len();
    out.extend_from_slice(&0u64.to_le_bytes());
    let mut count = 0u64;
    let mut position = Vec::new();
    for (p, f) in entries {
        position.clear();
        p.encode(&mut position);
        out.extend_from_slice(&(position.len() as u32).to_le_bytes());
        out.extend_from_slice(&position);
        out.extend_from_slice(&f.lo.to_le_bytes());
        out.extend_from_slice(&f.ruled_out().to_le_bytes());
        out.push(u8::from(f.exact()));
        out.extend_from_slice(&f.work().to_le_bytes());
        count += 1;
    }
    out[count_at..count_at + 8].copy_from_slice(&count.to_le_bytes());
    let sum = crate::checksum::fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// The bytes of a saved search, read from the front.
#[cfg(feature = "std")]
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

#[cfg(feature = "std")]
impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8], String> {
        match self.bytes.get(self.at..self.at.saturating_add(n)) {
            Some(b) => {
                self.at += n;
                Ok(b)
            }
            None => Err(alloc::format!(
                "it ends at byte {} in {what} (cut short?)",
                self.bytes.len()
            )),
        }
    }

    fn array<const N: usize>(&mut self, what: &str) -> Result<[u8; N], String> {
        Ok(self.take(N, what)?.try_into().expect("N bytes"))
    }
}

/// The bytes of the magic number and the version, which [`header`] checks: what a load reads
/// before the rest, so that input that is no saved search is refused unread.
#[cfg(feature = "std")]
pub(super) const HEADER: usize = MAGIC.len() + 4;

/// Checks the magic number and the version at the front of `bytes` (their first
/// [`HEADER`] bytes), as [`read`] does first: or what is wrong with them.
#[cfg(feature = "std")]
pub(super) fn header(bytes: &[u8]) -> Result<(), String> {
    let mut r = Reader { bytes, at: 0 };
    if r.array::<8>("the magic number")? != MAGIC {
        return Err(String::from(
            "it is not a saved search (its magic number is wrong)",
        ));
    }
    let version = u32::from_le_bytes(r.array("the version")?);
    if version != VERSION {
        return Err(alloc::format!(
            "it is of format version {version}; this crate reads version {VERSION}"
        ));
    }
    Ok(())
}

/// The entries of the saved search `bytes` of `G`, checked: or what is wrong with them.
#[cfg(feature = "std")]
pub(super) fn read<G: Game + Encode>(bytes: &[u8]) -> Result<Vec<(G, Facts)>, String> {
    header(bytes)?;
    let r = Reader { bytes, at: HEADER };
    // The checksum first: a damaged file is refused before anything in it is believed.
    let Some(body) = bytes.len().checked_sub(8) else {
        return Err(String::from(
            "it is too short to hold a checksum (cut short?)",
        ));
    };
    let stored = u64::from_le_bytes(bytes[body..].try_into().expect("8 bytes"));
    if body < r.at || crate::checksum::fnv1a(&bytes[..body]) != stored {
        return Err(String::from(
            "its checksum does not match its contents (damaged or cut short)",
        ));
    }
    let mut r = Reader {
        bytes: &bytes[..body],
        at: r.at,
    };
    let name_len = u32::from_le_bytes(r.array("the game's name")?) as usize;
    let name = r.take(name_len, "the game's name")?;
    let ours = core::any::type_name::<G>();
    if name != ours.as_bytes() {
        return Err(alloc::format!(
            "it is a search of {:?}, not of {ours}",
            String::from_utf8_lossy(name)
        ));
    }
    let count = u64::from_le_bytes(r.array("the count of entries")?);
    // An entry takes at least 21 bytes: no more entries than the bytes left can hold.
    let most = (r.bytes.len() - r.at) / 21;
    if count > most as u64 {
        return Err(alloc::format!(
            "it claims {count} entries but holds at most {most} (cut short?)"
        ));
    }
    let mut entries = Vec::with_capacity(count as usize);
    for i in 0..count {
        let len = u32::from_le_bytes(r.array("an entry")?) as usize;
        let position = G::decode(r.take(len, "an entry")?)
            .ok_or_else(|| alloc::format!("entry {i} is not a position of {ours}"))?;
        let lo = u32::from_le_bytes(r.array("an entry")?);
        let not = u64::from_le_bytes(r.array("an entry")?);
        let exact = match r.array::<1>("an entry")? {
            [0] => false,
            [1] => true,
            [b] => return Err(alloc::format!("entry {i} has a bad flag {b}")),
        };
        let work = u32::from_le_bytes(r.array("an entry")?);
        // The facts' own law: a value has no bounds beside it, and the least candidate
        // is never ruled out.
        if (exact && not != 0) || (!exact && not & 1 == 1) {
            return Err(alloc::format!(
                "entry {i} has facts that contradict each other"
            ));
        }
        entries.push((position, Facts::from_saved(lo, not, exact, work)));
    }
    if r.at != r.bytes.len() {
        return Err(alloc::format!(
            "{} bytes follow its last entry",
            r.bytes.len() - r.at
        ));
    }
    Ok(entries)
}
