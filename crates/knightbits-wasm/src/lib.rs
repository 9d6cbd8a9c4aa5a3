//! `knightbits_api::query::call` for a page with no server: the same endpoint table, compiled
//! to `wasm32-unknown-unknown` and called from `web/js/wasm.js`.
//!
//! The interface is four plain functions over the module's memory, so the page needs no
//! generated glue: the page asks for room ([`kb_alloc`]), writes the endpoint's name and its
//! query there as UTF-8, calls [`kb_call`], which answers with the HTTP status the server would
//! have sent (200, or the refusal's 400 / 404 / 500), and reads the body (JSON or SVG, or the
//! refusal's `{"error": …}`) at [`kb_body`] for [`kb_body_len`] bytes. The body stays until
//! the next call.

use std::sync::Mutex;

use knightbits_api::query;

/// The last answer's body.
static BODY: Mutex<Vec<u8>> = Mutex::new(Vec::new());

/// Room for `len` bytes the page writes into; handed back to [`kb_free`] with the same `len`.
#[unsafe(no_mangle)]
pub extern "C" fn kb_alloc(len: usize) -> *mut u8 {
    let mut buf = Vec::<u8>::with_capacity(len.max(1));
    let ptr = buf.as_mut_ptr();
    std::mem::forget(buf);
    ptr
}

/// Gives back room from [`kb_alloc`].
///
/// # Safety
///
/// `ptr` and `len` are exactly those of one earlier [`kb_alloc`], not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kb_free(ptr: *mut u8, len: usize) {
    // SAFETY: the caller hands back a buffer kb_alloc made with this capacity, empty.
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len.max(1)) });
}

/// Answers `/api/{name}?{query}` from the UTF-8 text at the two pointers; returns the HTTP
/// status and keeps the body for [`kb_body`].
///
/// # Safety
///
/// Each pointer addresses that many initialised bytes (from [`kb_alloc`]).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kb_call(
    name: *const u8,
    name_len: usize,
    query: *const u8,
    query_len: usize,
) -> u32 {
    // SAFETY: the caller wrote name_len and query_len bytes at these addresses.
    let (name, query) = unsafe {
        (
            std::slice::from_raw_parts(name, name_len),
            std::slice::from_raw_parts(query, query_len),
        )
    };
    let (status, body) = answer(name, query);
    *BODY.lock().unwrap_or_else(|e| e.into_inner()) = body.into_bytes();
    u32::from(status)
}

/// The last answer's body: its address.
#[unsafe(no_mangle)]
pub extern "C" fn kb_body() -> *const u8 {
    BODY.lock().unwrap_or_else(|e| e.into_inner()).as_ptr()
}

/// The last answer's body: its length in bytes.
#[unsafe(no_mangle)]
pub extern "C" fn kb_body_len() -> usize {
    BODY.lock().unwrap_or_else(|e| e.into_inner()).len()
}

/// The status and body the server would send for one endpoint and query (bytes, as the page
/// wrote them).
pub fn answer(name: &[u8], query: &[u8]) -> (u16, String) {
    let (Ok(name), Ok(query)) = (std::str::from_utf8(name), std::str::from_utf8(query)) else {
        let e = query::QueryError::bad("the request is not UTF-8");
        return (e.status_code(), e.body());
    };
    let query = (!query.is_empty()).then_some(query);
    match query::call(name, query) {
        Ok(answer) => (200, answer.body),
        Err(e) => (e.status_code(), e.body()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page calls from one thread; the test harness runs tests on several, and a call
    /// replaces the body another test may still be reading: the tests take turns.
    static TURN: Mutex<()> = Mutex::new(());

    fn turn() -> std::sync::MutexGuard<'static, ()> {
        TURN.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn call(name: &str, q: &str) -> (u32, String) {
        let _turn = turn();
        // SAFETY: both slices are live for the call.
        let status = unsafe { kb_call(name.as_ptr(), name.len(), q.as_ptr(), q.len()) };
        // SAFETY: the body stays until the next call.
        let body = unsafe { std::slice::from_raw_parts(kb_body(), kb_body_len()) };
        (status, String::from_utf8(body.to_vec()).unwrap())
    }

    #[test]
    fn answers_as_the_server_does() {
        let (status, body) = call("attacks", "input=d4");
        assert_eq!(status, 200);
        assert!(body.contains("\"0x0000142200221400\""), "{body}");
        let (status, body) = call("tour", "board=5x5&start=z9");
        assert_eq!(status, 400);
        assert!(body.starts_with("{\"error\":"), "{body}");
        // No tour is an answer, not a refusal.
        let (status, body) = call("tour", "board=5x5&closed=true");
        assert_eq!(status, 200);
        assert!(body.contains("\"path\":null"), "{body}");
        assert_eq!(call("nope", "").0, 404);
        assert_eq!(call("meta", "").0, 200);
    }

    /// The page's path through the exports: the request written into rooms from `kb_alloc`
    /// is answered from those rooms, then the rooms go back to `kb_free`.
    #[test]
    fn a_request_written_into_allocated_room_is_answered() {
        let _turn = turn();
        let (name, query) = (b"attacks", b"input=d4");
        let (n, q) = (kb_alloc(name.len()), kb_alloc(query.len()));
        assert!(!n.is_null() && !q.is_null());
        // SAFETY: each room has space for its bytes (kb_alloc's len), and the two do not overlap.
        let status = unsafe {
            n.copy_from_nonoverlapping(name.as_ptr(), name.len());
            q.copy_from_nonoverlapping(query.as_ptr(), query.len());
            kb_call(n, name.len(), q, query.len())
        };
        // SAFETY: the body stays until the next call.
        let body = unsafe { std::slice::from_raw_parts(kb_body(), kb_body_len()) };
        assert_eq!(status, 200);
        assert!(String::from_utf8_lossy(body).contains("\"0x0000142200221400\""));
        // SAFETY: the pointers and lengths of the kb_alloc calls above.
        unsafe {
            kb_free(n, name.len());
            kb_free(q, query.len());
        }
    }
}
