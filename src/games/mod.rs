//! The classic impartial games, each answered by an exact closed form or a proven table.
//! (module list being rebuilt during the API change)

pub mod nim;
mod text;

pub use nim::{Nim, NimMove};
pub mod bash;
pub use bash::{Bash, BashMove};
pub mod staircase;
pub use staircase::{Staircase, StaircaseMove};
pub mod georgia_bob;
pub use georgia_bob::{GeorgiaBob, GeorgiaBobMove};
pub mod wythoff;
pub use wythoff::{Wythoff, WythoffMove, p_position};
