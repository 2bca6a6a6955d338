//! A search saved to a file and loaded to go on: the format, and the trait a game's
//! positions are written with.

#[cfg(feature = "std")]
use super::pruning::Facts;
#[cfg(feature = "std")]
use crate::Error;
#[cfg(feature = "std")]
use crate::Game;
#[cfg(feature = "std")]
use crate::checksum::Fnv1a;
#[cfg(feature = "std")]
use alloc::string::String;
use alloc::vec::Vec;
#[cfg(feature = "std")]
use core::fmt;
#[cfg(feature = "std")]
use std::io::{BufReader, ErrorKind, Read};

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

/// Why a load refuses its input: [`Error::SearchFile`] naming what is wrong.
#[cfg(feature = "std")]
fn refused(reason: String) -> Error {
    Error::SearchFile { reason }
}

/// What a load was reading when its input ended.
#[cfg(feature = "std")]
#[derive(Clone, Copy)]
enum What {
    /// A field before the entries, or the checksum.
    Field(&'static str),
    /// Entry `.0` of `.1`.
    Entry(u64, u64),
}

#[cfg(feature = "std")]
impl fmt::Display for What {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            What::Field(field) => f.write_str(field),
            What::Entry(i, count) => write!(f, "entry {i} of {count}"),
        }
    }
}

/// A saved search read from the front, a field at a time, each byte hashed as it is read:
/// what a load holds of its input is the field it is reading (and, for the entries, what a
/// [`BufReader`] holds), never the rest.
#[cfg(feature = "std")]
struct Stream<R> {
    input: R,
    /// The checksum of every byte read so far.
    hash: Fnv1a,
    /// How many bytes were read so far.
    at: u64,
}

#[cfg(feature = "std")]
impl<R: Read> Stream<R> {
    /// That the input ended in `what`.
    fn ended(&self, what: What) -> Error {
        refused(alloc::format!(
            "it ends at byte {} in {what} (cut short?)",
            self.at
        ))
    }

    /// Fills `buf` from the input, hashing it: or an error if the input ends first.
    fn fill(&mut self, buf: &mut [u8], what: What) -> Result<(), Error> {
        let mut got = 0;
        while got < buf.len() {
            match self.input.read(&mut buf[got..]) {
                Ok(0) => return Err(self.ended(what)),
                Ok(n) => {
                    self.hash.update(&buf[got..got + n]);
                    self.at += n as u64;
                    got += n;
                }
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => return Err(failed(e)),
            }
        }
        Ok(())
    }

    fn array<const N: usize>(&mut self, what: What) -> Result<[u8; N], Error> {
        let mut bytes = [0; N];
        self.fill(&mut bytes, what)?;
        Ok(bytes)
    }

    fn u32(&mut self, what: What) -> Result<u32, Error> {
        self.array(what).map(u32::from_le_bytes)
    }

    fn u64(&mut self, what: What) -> Result<u64, Error> {
        self.array(what).map(u64::from_le_bytes)
    }

    /// The next `len` bytes, in `out` (emptied first), hashed. `out` grows as the bytes
    /// arrive, so a length that claims more than the input holds takes no more memory than
    /// what it holds.
    fn bytes(&mut self, len: u32, out: &mut Vec<u8>, what: What) -> Result<(), Error> {
        out.clear();
        let read = (&mut self.input)
            .take(u64::from(len))
            .read_to_end(out)
            .map_err(failed);
        self.hash.update(out);
        self.at += out.len() as u64;
        read?;
        if out.len() < len as usize {
            return Err(self.ended(what));
        }
        Ok(())
    }

    /// Whether the input ends here (it is read one more byte).
    fn at_end(&mut self) -> Result<bool, Error> {
        let mut byte = [0];
        loop {
            match self.input.read(&mut byte) {
                Ok(n) => return Ok(n == 0),
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => return Err(failed(e)),
            }
        }
    }
}

/// A failure of the input itself.
#[cfg(feature = "std")]
fn failed(e: std::io::Error) -> Error {
    refused(alloc::format!("reading it failed: {e}"))
}

/// The longest name of another game that a load reads, to name that game when it refuses the
/// file: a longer one is refused unread.
#[cfg(feature = "std")]
const NAMED: u32 = 1 << 10;

/// Hands each entry of the saved search of `G` in `input` to `each` (its number, its
/// position and its facts), checked: or what is wrong with them, or the first error of `each`.
///
/// Read in the order of the file and checked as they come: the magic number and the version
/// (nothing after them is read if they are wrong), the game's name (its length first: a name
/// of another length is not read past [`NAMED`] bytes), the count, each entry (its position
/// decoded and its facts' law checked as it is read: an entry past `limit` is
/// [`Error::PositionLimit`]), the checksum, and then that the input ends. What it holds is one
/// position's bytes (which grow as they arrive, never to more than the input holds) and the
/// entry being handed over (none if the count is past `limit`: they are checked, not handed
/// over), so its memory is bounded by what `each` keeps, whatever the size of the input. The
/// entries are handed over before the checksum is read: `each` keeps them where a damaged
/// file's entries can be dropped.
#[cfg(feature = "std")]
pub(super) fn read<G: Game + Encode, R: Read>(
    input: R,
    limit: usize,
    mut each: impl FnMut(u64, G, Facts) -> Result<(), Error>,
) -> Result<(), Error> {
    // The fields before the entries are read as they are, byte for byte: input that is no
    // saved search of `G` is refused before anything past the field that is wrong is read.
    let mut s = Stream {
        input,
        hash: Fnv1a::new(),
        at: 0,
    };
    if s.array::<8>(What::Field("the magic number"))? != MAGIC {
        return Err(refused(String::from(
            "it is not a saved search (its magic number is wrong)",
        )));
    }
    let version = s.u32(What::Field("the version"))?;
    if version != VERSION {
        return Err(refused(alloc::format!(
            "it is of format version {version}; this crate reads version {VERSION}"
        )));
    }
    let ours = core::any::type_name::<G>();
    let name_len = s.u32(What::Field("the length of the game's name"))?;
    if name_len as usize != ours.len() && name_len > NAMED {
        return Err(refused(alloc::format!(
            "it is a search of another game (its name is {name_len} bytes long), not of {ours}"
        )));
    }
    let mut bytes = Vec::new();
    s.bytes(name_len, &mut bytes, What::Field("the game's name"))?;
    if bytes != ours.as_bytes() {
        return Err(refused(alloc::format!(
            "it is a search of {:?}, not of {ours}",
            String::from_utf8_lossy(&bytes)
        )));
    }
    let count = s.u64(What::Field("the count of entries"))?;
    // The entries, through a buffer: many small fields.
    let mut s = Stream {
        input: BufReader::new(s.input),
        hash: s.hash,
        at: s.at,
    };
    let most = u64::try_from(limit).unwrap_or(u64::MAX);
    // No more entries than the search may hold: a count past its limit is refused at the
    // first entry past it, those before read and checked (so that a count that was damaged
    // is refused as damage, the input ending first, not as a limit to raise) but not handed
    // over, as the load fails either way.
    let keep = count <= most;
    for i in 0..count {
        if i >= most {
            return Err(Error::PositionLimit { limit });
        }
        let what = What::Entry(i, count);
        let len = s.u32(what)?;
        s.bytes(len, &mut bytes, what)?;
        let position = G::decode(&bytes)
            .ok_or_else(|| refused(alloc::format!("entry {i} is not a position of {ours}")))?;
        let lo = s.u32(what)?;
        let not = s.u64(what)?;
        let exact = match s.array::<1>(what)? {
            [0] => false,
            [1] => true,
            [b] => return Err(refused(alloc::format!("entry {i} has a bad flag {b}"))),
        };
        let work = s.u32(what)?;
        // The facts' own law: a value has no bounds beside it, and the least candidate
        // is never ruled out.
        if (exact && not != 0) || (!exact && not & 1 == 1) {
            return Err(refused(alloc::format!(
                "entry {i} has facts that contradict each other"
            )));
        }
        if keep {
            each(i, position, Facts::from_saved(lo, not, exact, work))?;
        }
    }
    let sum = s.hash.finish();
    if s.u64(What::Field("the checksum"))? != sum {
        return Err(refused(String::from(
            "its checksum does not match its contents (damaged)",
        )));
    }
    if !s.at_end()? {
        return Err(refused(alloc::format!(
            "bytes follow its checksum, at byte {} (it does not end there)",
            s.at
        )));
    }
    Ok(())
}
