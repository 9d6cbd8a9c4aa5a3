//! `knightbits serve` against hostile and heavy clients, over loopback: slow clients are cut
//! at the header timeout, oversized header blocks are refused, connections beyond the cap
//! wait without harm, and a load of keep-alive requests is answered without errors or growth
//! in memory. Every server is started with `--port 0` and killed when its test ends.
//!
//! The load test can be pointed at a release build and scaled up to measure throughput and
//! p99 latency (see BENCHMARKS.md): `KNIGHTBITS_SERVER_BIN=target/release/knightbits
//! KNIGHTBITS_LOAD_PER_CONNECTION=2000 cargo test --release -p knightbits-cli --test
//! server_hardening load -- --nocapture`.

mod common;

use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::Child;
use std::time::{Duration, Instant};

use serde_json::Value;

/// A server of its own, started with extra (hidden) limit options; killed on drop.
struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    fn start(extra: &[&str]) -> Server {
        let (child, addr) = common::spawn_server(extra);
        Server { child, addr }
    }

    /// Resident memory of the server process in KiB, from /proc (VmRSS).
    fn rss_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .expect("VmRSS in /proc/<pid>/status")
    }

    /// Whether the process is still running.
    fn alive(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Reads one HTTP/1.1 response (head and a `content-length` body) from a kept-alive stream;
/// returns the status and the body.
fn read_response(r: &mut BufReader<TcpStream>) -> (u16, Vec<u8>) {
    try_read_response(r).expect("a response before the connection closed")
}

/// As [`read_response`], or `None` if the connection was closed before a status line came.
fn try_read_response(r: &mut BufReader<TcpStream>) -> Option<(u16, Vec<u8>)> {
    let mut line = String::new();
    match r.read_line(&mut line) {
        Ok(0) | Err(_) => return None,
        Ok(_) => {}
    }
    assert!(line.starts_with("HTTP/1.1 "), "status line {line:?}");
    let status = line[9..12].parse().unwrap();
    let mut len = None;
    loop {
        line.clear();
        r.read_line(&mut line).unwrap();
        if line == "\r\n" {
            break;
        }
        let lower = line.to_ascii_lowercase();
        if let Some(v) = lower.strip_prefix("content-length:") {
            len = Some(v.trim().parse::<usize>().unwrap());
        }
    }
    let mut body = vec![0; len.expect("a content-length")];
    r.read_exact(&mut body).unwrap();
    Some((status, body))
}

/// One request on a fresh connection that the server closes after answering.
fn get_once(addr: SocketAddr, target: &str) -> (u16, Vec<u8>) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(
        s,
        "GET {target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    read_response(&mut BufReader::new(s))
}

/// Waits (at most `limit`) for the server to close `s`; returns how long that took, or
/// `None` if it was still open. Anything it sends before closing is discarded.
fn closed_within(mut s: TcpStream, limit: Duration) -> Option<Duration> {
    let start = Instant::now();
    s.set_read_timeout(Some(limit)).unwrap();
    let mut buf = [0; 1024];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return Some(start.elapsed()),
            Ok(_) => {}
            Err(e) if e.kind() == ErrorKind::ConnectionReset => return Some(start.elapsed()),
            Err(_) => return None,
        }
    }
}

/// A client that sends half a request line and stalls is disconnected at the header
/// timeout (300 ms here), and so is one that trickles a byte every 50 ms (the timeout bounds
/// the whole head, not the gap between bytes) and a kept-alive connection left idle.
/// The lower bound proves the timer, not something else, closed them.
#[test]
fn slow_clients_are_cut_at_the_header_timeout() {
    let mut server = Server::start(&["--header-timeout-ms", "300"]);
    // Half a request line, then nothing.
    let mut s = TcpStream::connect(server.addr).unwrap();
    s.write_all(b"GET /api/att").unwrap();
    let took = closed_within(s, Duration::from_secs(5)).expect("a stalled client is cut");
    assert!(took >= Duration::from_millis(200), "{took:?}");
    // A byte every 50 ms: never idle, never done.
    let s = TcpStream::connect(server.addr).unwrap();
    let mut w = s.try_clone().unwrap();
    let trickle = std::thread::spawn(move || {
        for b in b"GET /api/attacks?input=d4 HTTP/1.1\r\nHost: localhost\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".iter() {
            if w.write_all(&[*b]).is_err() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    });
    let took = closed_within(s, Duration::from_secs(5)).expect("a trickling client is cut");
    assert!(
        took >= Duration::from_millis(200) && took < Duration::from_secs(4),
        "{took:?}"
    );
    trickle.join().unwrap();
    // A kept-alive connection is answered, then closed when left idle.
    let s = TcpStream::connect(server.addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut r = BufReader::new(s.try_clone().unwrap());
    (&s).write_all(b"GET /api/attacks?input=d4 HTTP/1.1\r\nHost: localhost\r\n\r\n")
        .unwrap();
    assert_eq!(read_response(&mut r).0, 200);
    assert!(
        closed_within(s, Duration::from_secs(5)).is_some(),
        "idle keep-alive cut"
    );
    // The server goes on answering.
    assert!(server.alive());
    assert_eq!(get_once(server.addr, "/api/attacks?input=d4").0, 200);
}

/// A client that keeps its connection busy (a request every 50 ms, never idle) is closed at
/// the connection lifetime (1 s here) and not long after, and every request it sent before
/// the close got a whole, correct answer (the close is graceful: no answer is cut).
#[test]
fn busy_connections_end_at_the_lifetime() {
    let mut server = Server::start(&["--connection-lifetime-ms", "1000"]);
    let s = TcpStream::connect(server.addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut r = BufReader::new(s.try_clone().unwrap());
    let start = Instant::now();
    let mut answered = 0;
    let ended = loop {
        assert!(start.elapsed() < Duration::from_secs(5), "never closed");
        if (&s)
            .write_all(b"GET /api/attacks?input=d4 HTTP/1.1\r\nHost: localhost\r\n\r\n")
            .is_err()
        {
            break start.elapsed();
        }
        let Some((status, body)) = try_read_response(&mut r) else {
            break start.elapsed();
        };
        assert_eq!(status, 200);
        let v: Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(v["count"], 8);
        answered += 1;
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(
        ended >= Duration::from_millis(900) && ended < Duration::from_secs(4),
        "{ended:?}"
    );
    assert!(answered >= 5, "{answered}");
    assert!(server.alive());
    assert_eq!(get_once(server.addr, "/api/attacks?input=d4").0, 200);
}

/// A header block over the 8 KiB cap gets 431 (or the connection closed); one well under it
/// is served.
#[test]
fn oversized_header_blocks_are_refused() {
    let server = Server::start(&[]);
    let request = |value_len: usize| {
        let mut s = TcpStream::connect(server.addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        let req = format!(
            "GET /api/attacks?input=d4 HTTP/1.1\r\nHost: localhost\r\nX-Pad: {}\r\n\
Connection: close\r\n\r\n",
            "a".repeat(value_len)
        );
        let _ = s.write_all(req.as_bytes());
        let mut out = Vec::new();
        let _ = s.read_to_end(&mut out);
        String::from_utf8_lossy(&out).into_owned()
    };
    let small = request(6000);
    assert!(small.starts_with("HTTP/1.1 200"), "{small}");
    for len in [9000, 20_000, 200_000] {
        let big = request(len);
        assert!(
            big.is_empty() || big.starts_with("HTTP/1.1 431"),
            "{len}: {big}"
        );
    }
    // Too many headers, each small, is refused the same way.
    let mut s = TcpStream::connect(server.addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let mut req = String::from("GET / HTTP/1.1\r\nHost: localhost\r\n");
    for i in 0..200 {
        req.push_str(&format!("X-{i}: 1\r\n"));
    }
    req.push_str("\r\n");
    let _ = s.write_all(req.as_bytes());
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out);
    assert!(
        text.is_empty() || text.starts_with("HTTP/1.1 431"),
        "{text}"
    );
    assert_eq!(get_once(server.addr, "/api/attacks?input=d4").0, 200);
}

/// With a cap of 8 connections, 40 stalled clients do not crash the server: a well-behaved
/// client waits in the listen queue until the stalled ones are cut at the 300 ms header
/// timeout (at least one round of them), and is then answered.
#[test]
fn connections_over_the_cap_wait_and_are_served() {
    let mut server = Server::start(&["--max-connections", "8", "--header-timeout-ms", "300"]);
    let stalled: Vec<TcpStream> = (0..40)
        .map(|_| {
            let mut s = TcpStream::connect(server.addr).unwrap();
            s.write_all(b"GET / HT").unwrap();
            s
        })
        .collect();
    std::thread::sleep(Duration::from_millis(50));
    let start = Instant::now();
    let (status, body) = get_once(server.addr, "/api/attacks?input=d4");
    let waited = start.elapsed();
    assert_eq!(status, 200);
    let v: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(v["count"], 8);
    assert!(
        waited >= Duration::from_millis(200),
        "{waited:?}: the cap held it back"
    );
    for s in stalled {
        assert!(closed_within(s, Duration::from_secs(10)).is_some());
    }
    assert!(server.alive());
    assert_eq!(get_once(server.addr, "/api/attacks?input=d4").0, 200);
}

/// Whether a response body is the expected one.
type Check = Box<dyn Fn(&[u8]) -> bool + Send + Sync>;

/// The request mix of the load test, each with a check of its answer from an independent
/// source: the wiki's d4 diagram, the four knight moves of the starting position, the two
/// squares a knight forks c5 and e5 from (d3 and d7), the 6-move a1-h8 distance, and the
/// page's own file as written in the repository.
fn mix() -> Vec<(String, Check)> {
    let app_js = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/web/app.js")).unwrap();
    let json = |b: &[u8]| serde_json::from_slice::<Value>(b).unwrap();
    vec![
        (
            "/api/attacks?input=d4".into(),
            Box::new(move |b| {
                let v = json(b);
                v["count"] == 8 && v["bitboard"] == "0x0000142200221400"
            }),
        ),
        (
            "/api/moves?fen=rnbqkbnr%2Fpppppppp%2F8%2F8%2F8%2F8%2FPPPPPPPP%2FRNBQKBNR+w+KQkq+-+0+1"
                .into(),
            Box::new(move |b| {
                json(b)["moves"] == serde_json::json!(["b1a3", "b1c3", "g1f3", "g1h3"])
            }),
        ),
        (
            "/api/forks?fen=4k3%2F8%2F8%2F2r1q3%2F8%2F8%2F8%2F4K1N1+w+-+-+0+1".into(),
            Box::new(move |b| json(b)["squares"] == serde_json::json!(["d3", "d7"])),
        ),
        (
            "/api/distance?from=a1&to=h8".into(),
            Box::new(move |b| json(b)["distance"] == 6),
        ),
        ("/app.js".into(), Box::new(move |b| b == app_js.as_slice())),
    ]
}

/// Sends `per_connection` keep-alive requests (the mix in turn) on each of `connections`
/// connections at once; panics on any error or wrong answer. Returns every latency.
fn drive(addr: SocketAddr, connections: usize, per_connection: usize) -> Vec<Duration> {
    let mix = std::sync::Arc::new(mix());
    let workers: Vec<_> = (0..connections)
        .map(|c| {
            let mix = std::sync::Arc::clone(&mix);
            std::thread::spawn(move || {
                let s = TcpStream::connect(addr).unwrap();
                s.set_nodelay(true).unwrap();
                s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
                let mut w = s.try_clone().unwrap();
                let mut r = BufReader::new(s);
                let mut latencies = Vec::with_capacity(per_connection);
                for i in 0..per_connection {
                    let (target, check) = &mix[(c + i) % mix.len()];
                    let start = Instant::now();
                    write!(w, "GET {target} HTTP/1.1\r\nHost: localhost\r\n\r\n").unwrap();
                    let (status, body) = read_response(&mut r);
                    latencies.push(start.elapsed());
                    assert_eq!(status, 200, "{target}");
                    assert!(check(&body), "{target}: {}", String::from_utf8_lossy(&body));
                }
                latencies
            })
        })
        .collect();
    workers
        .into_iter()
        .flat_map(|w| w.join().expect("every request answered correctly"))
        .collect()
}

/// 64 keep-alive connections at once send 160 requests each (10,240 in all, the mix of
/// endpoints and a static file): every answer is 200 with the expected body, and the
/// server's resident memory after the run is within 2 MiB of what it was after a warm-up
/// round of the same shape (a leak of even 200 bytes per request would exceed it).
#[test]
fn load_of_ten_thousand_requests_without_errors_or_growth() {
    const CONNECTIONS: usize = 64;
    const SLACK_KIB: u64 = 2048;
    let per_connection = std::env::var("KNIGHTBITS_LOAD_PER_CONNECTION")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(160);
    let server = Server::start(&[]);
    drive(server.addr, CONNECTIONS, 40);
    std::thread::sleep(Duration::from_millis(200));
    let before = server.rss_kib();
    let start = Instant::now();
    let mut latencies = drive(server.addr, CONNECTIONS, per_connection);
    let elapsed = start.elapsed();
    std::thread::sleep(Duration::from_millis(200));
    let after = server.rss_kib();
    assert_eq!(latencies.len(), CONNECTIONS * per_connection);
    latencies.sort();
    let pct = |p: usize| latencies[(latencies.len() * p / 100).min(latencies.len() - 1)];
    eprintln!(
        "{} requests over {CONNECTIONS} connections in {elapsed:.2?}: {:.0} requests/s, \
p50 {:?}, p99 {:?}, max {:?}; VmRSS {before} KiB after warm-up, {after} KiB after the run",
        latencies.len(),
        latencies.len() as f64 / elapsed.as_secs_f64(),
        pct(50),
        pct(99),
        latencies[latencies.len() - 1],
    );
    assert!(
        after <= before + SLACK_KIB,
        "VmRSS grew from {before} KiB to {after} KiB"
    );
}
