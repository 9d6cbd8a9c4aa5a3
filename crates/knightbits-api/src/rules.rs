//! The rulebook: every rule about which inputs combine, written once, as a function that
//! returns this crate's [`Error`]. The explorer's query readers ([`crate::query`]) and the
//! command line both call these before they build a request, so the same wrong input is
//! refused with the same words. A rule about one option returns its refusal with that field
//! ([`Error::field`]); a rule about several leaves the field to its caller, which knows
//! which option the asker gave (the query's parameter, the command line's `--castling`).
//!
//! Rules kept elsewhere, each in one place too: a method name is its piece's, read in any case
//! ([`values::method`](crate::values::method), from the library's
//! [`Leaper::method`](knightbits::technique::Leaper::method)); every other name is read in any
//! case by its [`Choice`](crate::values::Choice); a tour count's board and method limits are
//! [`TourCountRequest::job`](crate::tour::TourCountRequest::job)'s.

use knightbits::technique::Leaper;

use crate::Error;

/// The words of [`castling`]'s refusal.
pub const CASTLING_IS_THE_KINGS: &str = "castling is a king move: it needs piece king";

/// Castling is asked only of a king.
///
/// # Errors
///
/// With `castling` asked of another piece (the refusal's field is `castling`).
pub fn castling(piece: Leaper, castling: bool) -> Result<bool, Error> {
    if castling && !piece.castles() {
        return Err(Error::refused(format!("{CASTLING_IS_THE_KINGS}, not {piece}")).at("castling"));
    }
    Ok(castling)
}

/// The words of [`pieces_or_position`]'s refusal.
pub const PIECES_OR_POSITION: &str =
    "give either pieces (on squares) or a position (a FEN), not both";

/// Pieces on squares and a position are two questions: one is asked at a time.
///
/// # Errors
///
/// When both are given.
pub fn pieces_or_position(pieces: bool, position: bool) -> Result<(), Error> {
    if pieces && position {
        return Err(Error::refused(PIECES_OR_POSITION));
    }
    Ok(())
}

/// The words of [`needs_position`]'s refusal.
pub const NEEDS_A_POSITION: &str = "it needs a position (a FEN)";

/// An option that only a position gives a meaning to (the side to move's, legal moves,
/// castling) is refused without one.
///
/// # Errors
///
/// When `given` without a position.
pub fn needs_position(given: bool, position: bool) -> Result<(), Error> {
    if given && !position {
        return Err(Error::refused(NEEDS_A_POSITION));
    }
    Ok(())
}

/// The words of [`plan`]'s refusal without processes.
pub const PLAN_NEEDS_PROCESSES: &str =
    "a plan foresees a count across processes: it needs their number";

/// The words of [`plan`]'s refusal with a checkpoint.
pub const PLAN_STARTS_NOTHING: &str = "a plan starts no count, so it keeps no checkpoint";

/// A tour count's plan (`--plan`) is made for a number of processes and starts no count: the
/// processes it is for, none when no plan is asked.
///
/// # Errors
///
/// A plan without processes (field `processes`), or with a checkpoint (field `checkpoint`).
pub fn plan(plan: bool, processes: Option<u16>, checkpoint: bool) -> Result<Option<u16>, Error> {
    match (plan, processes) {
        (false, _) => Ok(None),
        (true, None) => Err(Error::refused(PLAN_NEEDS_PROCESSES).at("processes")),
        (true, Some(_)) if checkpoint => Err(Error::refused(PLAN_STARTS_NOTHING).at("checkpoint")),
        (true, Some(p)) => Ok(Some(p)),
    }
}

/// The most worker threads a tour count starts: a count runs on 1 to `MAX_THREADS` threads
/// (the command line's `--threads`, Python's `count_tours(threads=)`).
pub const MAX_THREADS: u16 = 1024;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plan_needs_processes_and_no_checkpoint() {
        assert_eq!(plan(false, None, true), Ok(None));
        assert_eq!(plan(false, Some(3), false), Ok(None));
        assert_eq!(plan(true, Some(2), false), Ok(Some(2)));
        let e = plan(true, None, false).unwrap_err();
        assert_eq!(
            (e.to_string().as_str(), e.field()),
            (PLAN_NEEDS_PROCESSES, Some("processes"))
        );
        let e = plan(true, Some(2), true).unwrap_err();
        assert_eq!(
            (e.to_string().as_str(), e.field()),
            (PLAN_STARTS_NOTHING, Some("checkpoint"))
        );
    }

    #[test]
    fn each_rule_refuses_only_what_it_says() {
        assert_eq!(castling(Leaper::King, true), Ok(true));
        assert_eq!(castling(Leaper::Knight, false), Ok(false));
        let e = castling(Leaper::Knight, true).unwrap_err();
        assert_eq!(
            e.to_string(),
            "castling is a king move: it needs piece king, not knight"
        );
        assert_eq!(e.field(), Some("castling"));
        assert_eq!(needs_position(true, false).unwrap_err().field(), None);
        assert!(pieces_or_position(true, false).is_ok());
        assert!(pieces_or_position(false, true).is_ok());
        assert!(pieces_or_position(true, true).is_err());
        assert!(needs_position(true, true).is_ok());
        assert!(needs_position(false, false).is_ok());
        assert!(needs_position(true, false).is_err());
    }
}
