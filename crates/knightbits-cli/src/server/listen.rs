//! The accept loop: HTTP/1.1 connections served with time and size limits around the router.
//!
//! `axum::serve` (axum 0.8) runs hyper without a timer, so hyper's header read timeout never
//! fires and a client that sends half a request line holds its connection forever. This loop
//! serves each connection with hyper's HTTP/1 builder, a Tokio timer and the limits below.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// Time a client has to send a whole request head (request line and headers), counted from
/// when the server starts waiting for it: on a kept-alive connection that is the end of the
/// previous answer, so this is also the idle timeout.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// Longest a connection may last; then it finishes its request in flight and is closed.
pub const MAX_CONNECTION_LIFETIME: Duration = Duration::from_secs(300);
/// After [`MAX_CONNECTION_LIFETIME`], time left to finish the answer in flight before the
/// connection is dropped (a client that does not read its answer is cut here).
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);
/// Largest request head (request line and headers) accepted, in bytes; over it: 431.
pub const MAX_HEADER_BYTES: usize = 8192;
/// Most headers in one request; over it: 431.
pub const MAX_HEADERS: usize = 64;
/// Connections served at once; more wait, unaccepted, in the kernel's listen queue until one
/// of these closes.
pub const MAX_CONNECTIONS: usize = 1024;
/// Pause after a failed accept (for example out of file descriptors) before trying again.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(50);

/// The limits one server runs with; [`Limits::default`] gives the documented values.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// See [`HEADER_TIMEOUT`].
    pub header_timeout: Duration,
    /// See [`MAX_CONNECTIONS`].
    pub max_connections: usize,
    /// See [`MAX_CONNECTION_LIFETIME`].
    pub lifetime: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            header_timeout: HEADER_TIMEOUT,
            max_connections: MAX_CONNECTIONS,
            lifetime: MAX_CONNECTION_LIFETIME,
        }
    }
}

/// Serves `router` on every connection `listener` accepts, until the process ends.
pub async fn serve(listener: TcpListener, router: Router, limits: Limits) {
    let slots = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_header_size(MAX_HEADER_BYTES)
        .max_headers(MAX_HEADERS)
        .keep_alive(true);
    loop {
        // Wait for a free slot before accepting: beyond the cap, clients queue in the kernel.
        let Ok(permit) = Arc::clone(&slots).acquire_owned().await else {
            return;
        };
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(_) => {
                tokio::time::sleep(ACCEPT_BACKOFF).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let service = TowerToHyperService::new(router.clone());
        let builder = builder.clone();
        let lifetime = limits.lifetime;
        tokio::spawn(async move {
            let conn = builder.serve_connection(TokioIo::new(stream), service);
            tokio::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => {}
                () = tokio::time::sleep(lifetime) => {
                    conn.as_mut().graceful_shutdown();
                    let _ = tokio::time::timeout(SHUTDOWN_GRACE, conn).await;
                }
            }
            drop(permit);
        });
    }
}
