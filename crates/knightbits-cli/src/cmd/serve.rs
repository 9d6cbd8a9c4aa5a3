//! `knightbits serve`: the interactive explorer, a page and a JSON API on a local port.

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use tokio::net::TcpSocket;

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
}

pub fn run(args: Args) -> Result<(), CliError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_io()
        .build()
        .map_err(|e| CliError::Internal(format!("cannot start the runtime: {e}")))?;
    runtime.block_on(serve(SocketAddr::new(args.bind, args.port)))
}

async fn serve(addr: SocketAddr) -> Result<(), CliError> {
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
    axum::serve(listener, crate::server::router(addr.ip().is_loopback()))
        .await
        .map_err(|e| CliError::Internal(format!("server stopped: {e}")))
}
