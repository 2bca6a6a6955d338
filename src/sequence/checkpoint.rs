//! Checkpoints: the state of a long computation of a table, written to bytes (or a file) and
//! read back, so that a run of days can stop and resume exactly.
//!
//! The format is documented on [`Checkpoint`].

use super::values::{Store, Values};
use crate::Error;
use crate::checksum::fnv1a;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// The first bytes of every checkpoint.
const MAGIC: &[u8; 8] = b"GRUNDYCK";
/// The format version written, and the only one read.
const VERSION: u32 = 1;

/// The sparse-space engine's state after a table: the split (`popcount(key & mask)` odd is
/// common), the heap count it was chosen at, and the rare positions `≥ 1`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SplitRecord {
    pub(crate) value_mask: u32,
    pub(crate) parity_bit: bool,
    pub(crate) at: usize,
    pub(crate) rare: Vec<usize>,
}

/// The saved state of a table's computation: the game, its values so far, and the state of
/// the engine after them, in the format below.
///
/// Made by [`Tabulated::checkpoint`](crate::sequence::Tabulated::checkpoint), written by
/// [`to_bytes`](Checkpoint::to_bytes) (or [`save`](Checkpoint::save)), read by
/// [`from_bytes`](Checkpoint::from_bytes) (or [`load`](Checkpoint::load)) and resumed by
/// [`Tabulated::resume`](crate::sequence::Tabulated::resume): the resumed table goes on
/// exactly as the run it was saved from would have (the engine's schedule depends only on the
/// number of values, and its state is checked against the values), so a resumed run's values
/// and period are those of the uninterrupted run.
///
/// # Format (version 1)
///
/// Every integer is little-endian.
///
/// | bytes | field |
/// |---|---|
/// | 8 | magic `GRUNDYCK` |
/// | 4 | format version, `1` |
/// | 4 + k | the game: its name's length `k` in bytes, then the name in UTF-8 (`octal 0.6`, `grundys-game`, `subtraction 1,3,4`, `take-and-break 0.[8]`) |
/// | 8 | `n`, the number of values: the position the run resumes from |
/// | 1 | `w`, the bytes a value: 1, 2 or 4 |
/// | `n·w` | the values `G(0) … G(n - 1)` |
/// | 1 | `1` if the sparse-space state follows, else `0` (games with no splitting move, subtraction games and the general engine keep none) |
/// | 4 + 1 + 8 | the split: its value mask, its parity bit (0 or 1), the heap count it was chosen at |
/// | 8 + 8·r | the rare positions: their number `r`, then each |
/// | 8 | checksum: 64-bit FNV-1a of every byte before it |
///
/// A checkpoint is read whole and checked before anything of it is used: the magic, the
/// version, every length against the bytes there are (no allocation is sized by a length that
/// the file does not hold), the checksum, and on resuming the game's name against the rules',
/// each value against the number of moves of its heap (a mex of `m` options is at most `m`,
/// so no edited value sizes the engine's working tables; the general engine of codes with a
/// three-heap or a repeated digit has its memory budget instead), and the split and the rare
/// positions against the ones the values give (the period is not
/// recorded: it is proven again from the values, by the rules' own theorem). Any mismatch is
/// [`Error::Checkpoint`], so a damaged, truncated or foreign file never becomes a table.
/// The checksum finds any change of a single byte for certain (each step of FNV-1a is a
/// bijection of its 64-bit state, so two inputs that differ in one byte never meet again) and
/// other damage with high probability; it is not a signature, and a file edited with its
/// checksum recomputed is caught only if its state no longer matches its values.
///
/// # Complexity
///
/// Writing and reading are O(n) for `n` values; resuming recomputes the split, O(n).
///
/// # Errors
///
/// [`Error::Checkpoint`] for a damaged, truncated, edited or foreign checkpoint.
///
/// # Examples
///
/// ```
/// use grundy::games::Octal;
/// use grundy::prelude::*;
/// use grundy::sequence::Checkpoint;
///
/// let officers = Octal::new("0.6")?;
/// officers.values(2000)?;
/// let bytes = officers.checkpoint()?.to_bytes();
///
/// // Later, or elsewhere: the same game resumes from the bytes and goes on.
/// let resumed = Octal::new("0.6")?;
/// resumed.resume(&Checkpoint::from_bytes(&bytes)?)?;
/// assert_eq!(resumed.sequence().len(), 2000);
/// assert_eq!(resumed.values(3000)?.values(), Octal::new("0.6")?.values(3000)?.values());
///
/// // A damaged file, or another game's, is refused.
/// let mut damaged = bytes.clone();
/// damaged[100] ^= 1;
/// assert!(Checkpoint::from_bytes(&damaged).is_err());
/// assert!(Octal::kayles().resume(&Checkpoint::from_bytes(&bytes)?).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkpoint {
    game: String,
    values: Store,
    state: Option<SplitRecord>,
}

impl Checkpoint {
    pub(crate) fn new(game: String, values: Store, state: Option<SplitRecord>) -> Self {
        Checkpoint {
            game,
            values,
            state,
        }
    }

    /// The game whose table it holds: `octal 0.6`, `grundys-game`, `subtraction 1,3,4`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::prelude::*;
    /// let checkpoint = grundy::games::GrundysGame::new().checkpoint()?;
    /// assert_eq!(checkpoint.game(), "grundys-game");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn game(&self) -> &str {
        &self.game
    }

    /// The number of values it holds: the heap the run resumes from.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::prelude::*;
    /// let kayles = grundy::games::Octal::kayles();
    /// kayles.values(10)?;
    /// assert_eq!(kayles.checkpoint()?.len(), 10);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether it holds no value.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::prelude::*;
    /// assert!(grundy::games::Octal::kayles().checkpoint()?.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.values.len() == 0
    }

    /// The values it holds.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::prelude::*;
    /// let kayles = grundy::games::Octal::kayles();
    /// kayles.values(4)?;
    /// assert_eq!(kayles.checkpoint()?.values(), [0, 1, 2, 3]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn values(&self) -> Values<'_> {
        self.values.view()
    }

    pub(crate) fn store(&self) -> &Store {
        &self.values
    }

    pub(crate) fn state(&self) -> Option<&SplitRecord> {
        self.state.as_ref()
    }

    /// The checkpoint in the [format](Checkpoint#format-version-1).
    ///
    /// # Examples
    ///
    /// See [`Checkpoint`].
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let width = self.values.view().bytes_per_value();
        let rare = self.state.as_ref().map_or(0, |s| s.rare.len());
        let mut out =
            Vec::with_capacity(64 + self.game.len() + self.values.len() * width + 8 * rare);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(self.game.len() as u32).to_le_bytes());
        out.extend_from_slice(self.game.as_bytes());
        out.extend_from_slice(&(self.values.len() as u64).to_le_bytes());
        out.push(width as u8);
        match &self.values {
            Store::U8(v) => out.extend_from_slice(v),
            Store::U16(v) => v
                .iter()
                .for_each(|x| out.extend_from_slice(&x.to_le_bytes())),
            Store::U32(v) => v
                .iter()
                .for_each(|x| out.extend_from_slice(&x.to_le_bytes())),
        }
        match &self.state {
            None => out.push(0),
            Some(state) => {
                out.push(1);
                out.extend_from_slice(&state.value_mask.to_le_bytes());
                out.push(u8::from(state.parity_bit));
                out.extend_from_slice(&(state.at as u64).to_le_bytes());
                out.extend_from_slice(&(state.rare.len() as u64).to_le_bytes());
                for &r in &state.rare {
                    out.extend_from_slice(&(r as u64).to_le_bytes());
                }
            }
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a checkpoint written by [`to_bytes`](Checkpoint::to_bytes), checking it whole.
    ///
    /// # Errors
    ///
    /// [`Error::Checkpoint`] naming what is wrong: not a checkpoint (the magic), another
    /// version, a checksum that disagrees, a length past the end of the bytes (truncated),
    /// bytes left over, a width that is not 1, 2 or 4, a value too wide for its width, a name
    /// that is not UTF-8; [`Error::OutOfMemory`] if the values cannot be held.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::prelude::*;
    /// use grundy::sequence::Checkpoint;
    /// use grundy::Error;
    ///
    /// let kayles = grundy::games::Octal::kayles();
    /// kayles.values(100)?;
    /// let bytes = kayles.checkpoint()?.to_bytes();
    /// let truncated = Checkpoint::from_bytes(&bytes[..bytes.len() - 9]);
    /// assert!(matches!(truncated, Err(Error::Checkpoint { .. })));
    /// assert!(Checkpoint::from_bytes(b"not a checkpoint").is_err());
    /// assert_eq!(Checkpoint::from_bytes(&bytes)?.len(), 100);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
            return Err(refused("it does not start with GRUNDYCK: not a checkpoint"));
        }
        let Some(body_len) = bytes.len().checked_sub(8) else {
            return Err(refused("it is truncated: too short for its checksum"));
        };
        let (body, sum) = bytes.split_at(body_len);
        let mut reader = Reader {
            bytes: body,
            at: MAGIC.len(),
        };
        let version = reader.u32()?;
        if version != VERSION {
            return Err(Error::Checkpoint {
                reason: format!("it is of format version {version}; this crate reads {VERSION}"),
            });
        }
        let stored = u64::from_le_bytes(sum.try_into().unwrap_or_default());
        if stored != fnv1a(body) {
            return Err(refused(
                "its checksum does not match its contents: the file is damaged, truncated or edited",
            ));
        }
        let name_len = reader.u32()? as usize;
        let game = String::from_utf8(reader.take(name_len)?.to_vec())
            .map_err(|_| refused("its game name is not UTF-8"))?;
        let len = reader.length()?;
        let width = reader.u8()?;
        let values = match width {
            1 => Store::U8(reader.take(len)?.to_vec()),
            2 => Store::U16(reader.values(len, |b| u16::from_le_bytes([b[0], b[1]]))?),
            4 => Store::U32(reader.values(len, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))?),
            w => {
                return Err(Error::Checkpoint {
                    reason: format!("its values are {w} bytes each; only 1, 2 and 4 are written"),
                });
            }
        };
        let state = match reader.u8()? {
            0 => None,
            1 => {
                let value_mask = reader.u32()?;
                let parity_bit = match reader.u8()? {
                    0 => false,
                    1 => true,
                    _ => return Err(refused("its parity bit is neither 0 nor 1")),
                };
                let at = reader.length()?;
                let count = reader.length()?;
                let rare = reader.values(count, |b| {
                    u64::from_le_bytes(b.try_into().unwrap_or_default()) as usize
                })?;
                Some(SplitRecord {
                    value_mask,
                    parity_bit,
                    at,
                    rare,
                })
            }
            _ => return Err(refused("its state flag is neither 0 nor 1")),
        };
        if reader.at != body.len() {
            return Err(Error::Checkpoint {
                reason: format!("{} bytes follow its contents", body.len() - reader.at),
            });
        }
        Ok(Checkpoint {
            game,
            values,
            state,
        })
    }

    /// Writes the checkpoint to `path`, through a file beside it (`path` with `.partial`
    /// added) renamed into place, so that a run stopped while writing leaves the previous
    /// checkpoint whole. If the rename fails, the file beside it is removed. A `path` that is
    /// a device, a pipe or a socket (`/dev/null`) is refused before anything is written: the
    /// rename would replace it.
    ///
    /// # Errors
    ///
    /// [`Error::Checkpoint`] with the system's reason if the file cannot be written, or for a
    /// `path` that is a device, a pipe or a socket.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::prelude::*;
    /// use grundy::sequence::Checkpoint;
    ///
    /// let kayles = grundy::games::Octal::kayles();
    /// kayles.values(300)?;
    /// let path = std::env::temp_dir().join("grundy-doc-kayles.ck");
    /// kayles.checkpoint()?.save(&path)?;
    /// assert_eq!(Checkpoint::load(&path)?.len(), 300);
    /// std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn save(&self, path: impl AsRef<std::path::Path>) -> Result<(), Error> {
        let path = path.as_ref();
        let mut partial = std::ffi::OsString::from(path.as_os_str());
        partial.push(".partial");
        let io = |what: &str, err: std::io::Error| Error::Checkpoint {
            reason: format!("cannot {what} {}: {err}", path.display()),
        };
        // The rename would replace a device, a pipe or a socket at `path` with the file
        // (`/dev/null`, for a caller with the right to, would become a checkpoint).
        if let Ok(meta) = std::fs::symlink_metadata(path) {
            let kind = meta.file_type();
            if !(kind.is_file() || kind.is_symlink() || kind.is_dir()) {
                return Err(Error::Checkpoint {
                    reason: format!(
                        "cannot write {}: it is not a regular file (a device, a pipe or a \
                         socket), which the file renamed into place would replace",
                        path.display()
                    ),
                });
            }
        }
        std::fs::write(&partial, self.to_bytes()).map_err(|err| io("write", err))?;
        std::fs::rename(&partial, path).map_err(|err| {
            // The file beside `path` is not left behind (`path` a folder, say).
            let _ = std::fs::remove_file(&partial);
            io("write", err)
        })
    }

    /// Reads and checks the checkpoint in the file `path`
    /// ([`from_bytes`](Checkpoint::from_bytes)).
    ///
    /// # Errors
    ///
    /// [`Error::Checkpoint`] if the file cannot be read or is not a sound checkpoint.
    ///
    /// # Examples
    ///
    /// See [`save`](Checkpoint::save).
    #[cfg(feature = "std")]
    pub fn load(path: impl AsRef<std::path::Path>) -> Result<Self, Error> {
        use std::io::Read;
        let path = path.as_ref();
        let io = |err: std::io::Error| Error::Checkpoint {
            reason: format!("cannot read {}: {err}", path.display()),
        };
        // The magic first: a file that is no checkpoint (`/dev/zero`, a table's output) is
        // refused before the rest of it is read.
        let mut file = std::fs::File::open(path).map_err(io)?;
        let mut bytes = Vec::new();
        (&mut file)
            .take(MAGIC.len() as u64)
            .read_to_end(&mut bytes)
            .map_err(io)?;
        if bytes.as_slice() != MAGIC {
            return Checkpoint::from_bytes(&bytes);
        }
        file.read_to_end(&mut bytes).map_err(io)?;
        Checkpoint::from_bytes(&bytes)
    }
}

/// A refusal with a fixed reason.
fn refused(reason: &str) -> Error {
    Error::Checkpoint {
        reason: String::from(reason),
    }
}

/// Reads the fields of a checkpoint in order, every length checked against what is left.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], Error> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&end| end <= self.bytes.len())
            .ok_or_else(|| refused("it is truncated: a field runs past its end"))?;
        let field = &self.bytes[self.at..end];
        self.at = end;
        Ok(field)
    }

    fn u8(&mut self) -> Result<u8, Error> {
        Ok(self.take(1)?[0])
    }

    fn u32(&mut self) -> Result<u32, Error> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// A count or a position, which must fit in `usize`.
    fn length(&mut self) -> Result<usize, Error> {
        let b = self.take(8)?;
        let n = u64::from_le_bytes(b.try_into().unwrap_or_default());
        usize::try_from(n).map_err(|_| refused("a length does not fit in this machine's usize"))
    }

    /// `count` items of `size_of::<T>()` bytes each, decoded by `decode`.
    fn values<T>(&mut self, count: usize, decode: impl Fn(&[u8]) -> T) -> Result<Vec<T>, Error> {
        let size = core::mem::size_of::<T>().max(1);
        let bytes = self.take(
            count
                .checked_mul(size)
                .ok_or_else(|| refused("it is truncated: a field runs past its end"))?,
        )?;
        let mut out = crate::memory::with_capacity(count).ok_or_else(|| Error::OutOfMemory {
            what: format!("{count} values of a checkpoint"),
        })?;
        out.extend(bytes.chunks_exact(size).map(decode));
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    fn sample() -> Checkpoint {
        Checkpoint::new(
            String::from("octal 0.6"),
            Store::U16(vec![0, 300, 2, 7]),
            Some(SplitRecord {
                value_mask: 5,
                parity_bit: true,
                at: 3,
                rare: vec![1, 3],
            }),
        )
    }

    #[test]
    fn bytes_round_trip_in_every_width() {
        for values in [
            Store::U8(vec![1, 2]),
            Store::U32(vec![70_000]),
            Store::default(),
        ] {
            let c = Checkpoint::new(String::from("grundys-game"), values, None);
            assert_eq!(Checkpoint::from_bytes(&c.to_bytes()).unwrap(), c);
        }
        let c = sample();
        assert_eq!(Checkpoint::from_bytes(&c.to_bytes()).unwrap(), c);
    }

    #[test]
    fn every_truncation_and_every_flipped_bit_is_refused() {
        let bytes = sample().to_bytes();
        for cut in 0..bytes.len() {
            assert!(
                matches!(
                    Checkpoint::from_bytes(&bytes[..cut]),
                    Err(Error::Checkpoint { .. })
                ),
                "cut at {cut}"
            );
        }
        for i in 0..bytes.len() {
            for bit in 0..8 {
                let mut edited = bytes.clone();
                edited[i] ^= 1 << bit;
                assert!(
                    matches!(
                        Checkpoint::from_bytes(&edited),
                        Err(Error::Checkpoint { .. })
                    ),
                    "byte {i} bit {bit}"
                );
            }
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(Checkpoint::from_bytes(&longer).is_err());
    }

    #[test]
    fn fnv_matches_its_published_vectors() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }
}
