//! One module per subcommand: its clap arguments, the request it builds from them, and the
//! text (and picture) of the response. The answers come from [`knightbits_api`].

pub mod attacks;
pub mod catch;
pub mod completions;
pub mod convert;
pub mod count;
#[cfg(feature = "dist")]
pub mod count_dist;
pub mod count_tours;
pub mod distance;
pub mod fill;
pub mod forks;
pub mod moves;
pub mod reach;
pub mod serve;
pub mod show;
pub mod steps;
pub mod table;
pub mod tour;
