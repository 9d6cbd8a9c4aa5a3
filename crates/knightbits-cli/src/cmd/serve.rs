//! `knightbits serve`: the interactive explorer, a page and a JSON API on a local port.

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use std::time::Duration;

use tokio::net::TcpSocket;

use crate::server::listen::{self, Limits};

use crate::error::CliError;

/// Pending connections the listening socket queues (the kernel may cap it lower).
const BACKLOG: u32 = 4096;

/// Serves the explorer page and its JSON API; the URL is printed on start.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  knightbits serve\n  knightbits serve --port 0\n  \
knightbits serve --bind 0.0.0.0 --port 8080   (reachable from other machines)\n\n\
Prints the URL (one line) and serves until interrupted."
)]
pub struct Args {
    /// Address to listen on; the default is reachable only from this machine.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    bind: IpAddr,
    /// Port to listen on; 0 picks a free one.
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Milliseconds a client has to send a request head (hidden: for tests of slow clients).
    #[arg(long, hide = true, default_value_t = crate::server::listen::HEADER_TIMEOUT.as_millis() as u64,
          value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    header_timeout_ms: u64,
    /// Connections served at once (hidden: for tests of the cap).
    #[arg(long, hide = true, default_value_t = crate::server::listen::MAX_CONNECTIONS as u32,
          value_parser = clap::value_parser!(u32).range(1..=65_536))]
    max_connections: u32,
    /// Milliseconds a connection may last (hidden: for tests of the lifetime).
    #[arg(long, hide = true,
          default_value_t = crate::server::listen::MAX_CONNECTION_LIFETIME.as_millis() as u64,
          value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
    connection_lifetime_ms: u64,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_io()
        .enable_time()
        .build()
        .map_err(|e| CliError::Internal(format!("cannot start the runtime: {e}")))?;
    let limits = Limits {
        header_timeout: Duration::from_millis(args.header_timeout_ms),
        max_connections: args.max_connections as usize,
        lifetime: Duration::from_millis(args.connection_lifetime_ms),
    };
    runtime.block_on(serve(SocketAddr::new(args.bind, args.port), limits))
}

async fn serve(addr: SocketAddr, limits: Limits) -> Result<(), CliError> {
    let cannot = |e: std::io::Error| CliError::Input(format!("cannot listen on {addr}: {e}"));
    let socket = if addr.is_ipv4() {
        TcpSocket::new_v4()
    } else {
        TcpSocket::new_v6()
    }
    .map_err(cannot)?;
    socket.set_reuseaddr(true).map_err(cannot)?;
    socket.bind(addr).map_err(cannot)?;
    let listener = socket.listen(BACKLOG).map_err(cannot)?;
    let local = listener.local_addr()?;
    {
        let mut out = std::io::stdout().lock();
        writeln!(out, "http://{local}/")?;
        out.flush()?;
    }
    listen::serve(
        listener,
        crate::server::router(addr.ip().is_loopback()),
        limits,
    )
    .await;
    Ok(())
}
