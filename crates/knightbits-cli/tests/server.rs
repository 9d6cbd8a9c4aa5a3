//! `knightbits serve` end to end: the binary is started with `--port 0` and spoken to over
//! plain HTTP/1.1 from the standard library. Answers are checked against the CLI's own
//! `--json` output (same question, same fields, same values) and against the sources.

mod common;

use std::cell::Cell;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command};
use std::time::Duration;

use serde_json::{Value, json};

/// A server of its own for each test (started on the test's first line), killed when the
/// test ends, passed or failed.
struct Server {
    child: Child,
}

impl Server {
    fn start() -> Server {
        let (child, addr) = common::spawn_server(&[]);
        ADDR.with(|a| a.set(Some(addr)));
        PID.with(|p| p.set(Some(child.id())));
        Server { child }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

thread_local! {
    static ADDR: Cell<Option<SocketAddr>> = const { Cell::new(None) };
    static PID: Cell<Option<u32>> = const { Cell::new(None) };
}

/// Open file descriptors of this test's server, from /proc.
fn server_fds() -> usize {
    let pid = PID.with(|p| p.get()).expect("Server::start() first");
    std::fs::read_dir(format!("/proc/{pid}/fd")).map_or(0, |d| d.count())
}

/// The address of the server this test started.
fn server() -> SocketAddr {
    ADDR.with(|a| a.get()).expect("Server::start() first")
}

/// One raw request; returns the status code, the headers (lower-cased) and the body.
fn raw(request: &[u8]) -> (u16, String, String) {
    let mut s = TcpStream::connect(server()).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    s.write_all(request).unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).unwrap();
    parse_response(&out)
}

fn parse_response(out: &[u8]) -> (u16, String, String) {
    let text = String::from_utf8_lossy(out).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").expect("a complete response");
    let status = head[9..12].parse().unwrap();
    (status, head.to_ascii_lowercase(), body.to_string())
}

fn get(target: &str) -> (u16, String, String) {
    raw(format!("GET {target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").as_bytes())
}

/// GET an API path that must answer 200 with JSON.
fn ok_json(target: &str) -> Value {
    let (status, head, body) = get(target);
    assert_eq!(status, 200, "{target}: {body}");
    assert!(head.contains("content-type: application/json"), "{head}");
    serde_json::from_str(&body).unwrap()
}

/// GET an API path that must be refused with 400 and `{"error": "…"}`.
fn bad(target: &str) -> String {
    bad_field(target).0
}

/// The 400 refusal's words and its field: `{"error": "…"}`, with `"field"` when one
/// parameter is at fault.
fn bad_field(target: &str) -> (String, Option<String>) {
    let (status, head, body) = get(target);
    assert_eq!(status, 400, "{target}: {body}");
    assert!(head.contains("content-type: application/json"));
    let v: Value = serde_json::from_str(&body).unwrap();
    let msg = v["error"].as_str().expect("an error message").to_string();
    assert!(!msg.is_empty() && !msg.contains('\n'));
    let field = v
        .get("field")
        .map(|f| f.as_str().expect("a field name").to_string());
    let keys = v.as_object().unwrap().len();
    assert_eq!(keys, 1 + usize::from(field.is_some()), "{body}");
    (msg, field)
}

/// The CLI's `--json` answer to the same question.
fn cli(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_knightbits"))
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success());
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn attacks_answer_as_the_cli_does() {
    let _server = Server::start();
    // The wiki's d4 diagram.
    let v = ok_json("/api/attacks?input=d4");
    assert_eq!(v["bitboard"], "0x0000142200221400");
    assert_eq!(v["count"], 8);
    for (query, args) in [
        ("input=d4", vec!["attacks", "d4", "--json"]),
        (
            "input=b1,g1&method=prefix",
            vec!["attacks", "b1,g1", "--method", "prefix", "--json"],
        ),
        (
            "input=0x8100000000000081&method=pre-mask",
            vec![
                "attacks",
                "0x8100000000000081",
                "--method",
                "pre-mask",
                "--json",
            ],
        ),
        (
            "input=e1&piece=king&method=translate",
            vec![
                "attacks",
                "e1",
                "--piece",
                "king",
                "--method",
                "translate",
                "--json",
            ],
        ),
    ] {
        assert_eq!(
            ok_json(&format!("/api/attacks?{query}")),
            cli(&args),
            "{query}"
        );
    }
}

#[test]
fn show_convert_count_answer_as_the_cli_does() {
    let _server = Server::start();
    let v = ok_json("/api/show?input=0xA1100110A&numbering=h1-g1");
    let c = cli(&["show", "0xA1100110A", "--mapping", "h1-g1", "--json"]);
    for key in ["bitboard", "squares", "count", "numbering", "indices"] {
        assert_eq!(v[key], c[key], "{key}");
    }
    // The devlog's mask read from h1 is the knight on f3; in h1-g1 f3 is bit 18.
    assert_eq!(v["bitboard"], "0x0000005088008850");
    assert_eq!(v["grid"][21], 18, "f3 (LERF square 21) is bit 18 from h1");
    assert_eq!(v["decimal"], "345879119952");
    assert_eq!(v["rust"], "const BITBOARD: u64 = 0x0000_0050_8800_8850;");
    assert_eq!(
        ok_json("/api/convert?input=0xA1100110A&from=h1-g1&to=a1-b1"),
        cli(&[
            "convert",
            "0xA1100110A",
            "--from",
            "h1-g1",
            "--to",
            "a1-b1",
            "--json"
        ])
    );
    let count = ok_json("/api/count?input=0x0000142200221400&method=table16");
    assert_eq!(count["count"], 8);
    assert_eq!(
        count["count"],
        cli(&[
            "count",
            "0x0000142200221400",
            "--method",
            "table16",
            "--json"
        ])["count"]
    );
}

#[test]
fn edits_fork_squares_and_slides() {
    let _server = Server::start();
    let v = ok_json("/api/op?bitboard=0x0000142200221400&op=toggle&square=a1");
    assert_eq!(v["bitboard"], "0x0000142200221401");
    let v = ok_json("/api/op?bitboard=0xff&op=shift&n=8");
    assert_eq!(v["bitboard"], "0x000000000000ff00");
    let v = ok_json("/api/op?bitboard=0xf0&op=xor&other=0x3c");
    assert_eq!(v["bitboard"], "0x00000000000000cc");
    let v = ok_json("/api/op?bitboard=0&op=invert");
    assert_eq!(v["bitboard"], "0xffffffffffffffff");
    // The wiki's example: a king on e8 and a rook on a8 are forked only from c7.
    let v = ok_json("/api/fork-squares?targets=e8,a8");
    assert_eq!(v["squares"], json!(["c7"]));
    // The devlog's 'A' moves one square left, wrapping from the a-file to the h-file above.
    assert_eq!(
        ok_json("/api/slide?squares=a4&by=a")["squares"],
        json!(["h5"])
    );
    assert_eq!(
        ok_json("/api/slide?squares=d4&by=east")["squares"],
        json!(["e4"])
    );
    let edge = ok_json("/api/slide?squares=h4,d4&by=east");
    assert_eq!(edge["moved"], false);
    assert_eq!(edge["squares"], json!(["d4", "h4"]));
}

#[test]
fn steps_show_each_technique() {
    let _server = Server::start();
    let v = ok_json("/api/explore?input=d4&method=post-mask");
    // Every method gives the wiki's d4 set.
    let methods = v["methods"].as_array().unwrap();
    assert_eq!(methods.len(), 6);
    assert!(
        methods
            .iter()
            .all(|m| m["bitboard"] == "0x0000142200221400")
    );
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 8);
    assert_eq!(steps[0]["name"], "noNoEa");
    assert_eq!(steps[0]["formula"], "(b << 17) & notAFile");
    assert_eq!(v["bitboard"], "0x0000142200221400");
    // A knight on a1 translated from f3: the wrapped bits on the g and h files are removed.
    let v = ok_json("/api/explore?input=a1&method=translate");
    let a1 = &v["steps"][1];
    assert_eq!(a1["bitboard"], "0x0000000000020400");
    assert_eq!(a1["removed"], "0x0000000000008040");
    // The pieces asked about, as a set: the page keeps its clicks and slides itself.
    let v = ok_json("/api/explore?input=h5");
    assert_eq!(
        v["pieces"],
        json!({"bitboard": "0x0000008000000000", "squares": ["h5"], "count": 1})
    );
    assert_eq!(v["bitboard"], ok_json("/api/attacks?input=h5")["bitboard"]);
    assert_eq!(ok_json("/api/explore?input=0")["count"], 0);
    // The page's edit state is not a parameter of the library.
    for edit in ["toggle=d4", "by=east"] {
        assert!(
            bad(&format!("/api/explore?input=d4&{edit}")).starts_with(&format!(
                "unknown parameter '{}': expected input, piece, method or numbering",
                edit.split('=').next().unwrap()
            ))
        );
    }
    let v = ok_json("/api/explore?input=b1,g8&method=prefix&numbering=a1-b1");
    // The article's four popcounts agree.
    assert_eq!(
        v["view"]["popcounts"],
        json!({"loop": 6, "table16": 6, "clear-lowest": 6, "hardware": 6})
    );
    assert_eq!(v["steps"].as_array().unwrap().len(), 8);
    assert_eq!(v["view"]["bitboard"], v["bitboard"]);
    assert_eq!(
        ok_json("/api/explore?input=e1&piece=king&method=shifts")["steps"]
            .as_array()
            .unwrap()
            .len(),
        8
    );
}

#[test]
fn bad_parameters_get_400_with_one_error_line() {
    let _server = Server::start();
    assert!(bad("/api/attacks?input=z9").contains("invalid bitboard"));
    assert_eq!(
        bad_field("/api/attacks"),
        ("missing parameter".into(), Some("input".into()))
    );
    assert!(bad("/api/attacks?input=d4&method=magic").contains("invalid method"));
    assert!(bad("/api/attacks?input=d4&piece=queen").contains("invalid piece"));
    assert!(bad("/api/attacks?input=d4&color=red").contains("unknown parameter"));
    assert!(bad("/api/attacks?input=d4&input=e5").contains("given twice"));
    assert!(bad("/api/attacks?input=0x10000000000000000").contains("invalid bitboard"));
    assert!(bad("/api/explore?input=d4&piece=king&method=prefix").contains("invalid method"));
    assert!(bad("/api/show?input=d4&numbering=z1-z2").contains("invalid numbering"));
    assert!(bad("/api/op?bitboard=0&op=shift&n=64").contains("expected -63 to 63"));
    assert!(bad("/api/op?bitboard=0&op=shift&n=x").contains("not an integer"));
    assert_eq!(
        bad_field("/api/op?bitboard=0&op=toggle"),
        ("missing parameter".into(), Some("square".into()))
    );
    assert!(bad("/api/op?bitboard=0&op=toggle&square=i9").contains("invalid square"));
    assert!(bad("/api/op?bitboard=0&op=rm").contains("invalid op"));
    let (words, field) = bad_field("/api/slide?squares=d4&by=up");
    assert!(words.starts_with("invalid slide 'up'"), "{words}");
    assert_eq!(field.as_deref(), Some("by"));
    assert!(bad("/api/count?input=1&method=fast").contains("invalid method"));
    assert!(bad("/api/fork-squares?targets=%ff%fe").contains("invalid bitboard"));
    // Many parameters at once.
    let many: Vec<String> = (0..40).map(|i| format!("p{i}=1")).collect();
    assert!(bad(&format!("/api/meta?{}", many.join("&"))).contains("unknown parameter"));
}

#[test]
fn only_the_embedded_files_are_served() {
    let _server = Server::start();
    let (status, head, body) = get("/");
    assert_eq!(status, 200);
    assert!(head.contains("content-type: text/html"));
    assert!(head.contains("content-security-policy: default-src 'self'"));
    assert!(body.contains("name=\"viewport\""));
    assert!(body.contains("id=\"hex\""));
    for path in ["/app.js", "/style.css", "/index.html"] {
        let (status, _, body) = get(path);
        assert_eq!(status, 200, "{path}");
        assert!(!body.is_empty());
    }
    // Nothing on the page is loaded from elsewhere: the only address it names is the link to
    // the wiki's page a reader may follow (an `<a href>`, which loads nothing).
    const WIKI_LINK: &str = "<a href=\"https://www.chessprogramming.org/Knight_Pattern\">";
    for path in ["/", "/app.js", "/style.css"] {
        let body = get(path).2.replace(WIKI_LINK, "");
        assert!(
            !body.contains("http://") && !body.contains("https://"),
            "{path}"
        );
        assert!(!body.contains("//cdn"), "{path}");
    }
    for target in [
        "/../Cargo.toml",
        "/../../../../etc/passwd",
        "/%2e%2e/Cargo.toml",
        "/%2E%2E%2FCargo.toml",
        "/..%2f..%2fetc%2fpasswd",
        "/..%5c..%5cCargo.toml",
        "/web/app.js",
        "/web/../src/main.rs",
        "/app.js/../../Cargo.toml",
        "/./app.js/..",
        "//etc/passwd",
        "/index.html%00",
        "/index.html/",
        "/%252e%252e/Cargo.toml",
        "/src/main.rs",
        "/Cargo.toml",
        "/.git/config",
        "/api/../../Cargo.toml",
        "/api/nothing",
        "/favicon.ico",
    ] {
        let (status, _, body) = get(target);
        assert_eq!(status, 404, "{target}: {body}");
        assert!(
            !body.contains("[package]") && !body.contains("root:"),
            "{target}"
        );
    }
}

#[test]
fn oversized_and_unexpected_requests_are_refused() {
    let _server = Server::start();
    let long = format!("/api/attacks?input={}", "1".repeat(5000));
    let (status, _, body) = get(&long);
    assert_eq!(status, 414);
    assert!(body.contains("\"error\""));
    let (status, _, body) = raw(
        b"POST /api/attacks?input=d4 HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n\
Connection: close\r\n\r\nhello",
    );
    assert_eq!(status, 413, "{body}");
    // A request for another host (DNS rebinding) is refused; this machine's names pass.
    let (status, _, body) = raw(
        b"GET /api/attacks?input=d4 HTTP/1.1\r\nHost: attacker.example:8080\r\n\
Connection: close\r\n\r\n",
    );
    assert_eq!(status, 403, "{body}");
    for host in ["localhost", "127.0.0.1:1234", "[::1]:80", "LOCALHOST:9"] {
        let req = format!("GET /api/meta HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
        assert_eq!(raw(req.as_bytes()).0, 200, "{host}");
    }
    let (status, head, _) = raw(
        b"DELETE /api/attacks?input=d4 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    assert_eq!(status, 405);
    assert!(head.contains("allow: get, head"));
    // A header block far over the limit is refused, and the server goes on answering.
    let huge = format!(
        "GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: {}\r\nConnection: close\r\n\r\n",
        "a".repeat(1 << 20)
    );
    let mut s = TcpStream::connect(server()).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let _ = s.write_all(huge.as_bytes());
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    if !out.is_empty() {
        let (status, _, _) = parse_response(&out);
        assert!(status >= 400, "{status}");
    }
    assert_eq!(ok_json("/api/attacks?input=d4")["count"], 8);
}

/// The soft limit on open files of this process (the server inherits it), from /proc.
fn open_file_limit() -> usize {
    std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("Max open files"))
                .and_then(|l| l.split_whitespace().nth(3)?.parse().ok())
        })
        .unwrap_or(1024)
}

/// Two thousand connections open at once, each with a request in flight, all answered
/// correctly; then the server still answers. (Under a low open-file limit the count is cut
/// to what both ends can hold, and the run says so.)
#[test]
fn survives_two_thousand_concurrent_requests() {
    let _server = Server::start();
    const THREADS: usize = 4;
    let fit = (open_file_limit().saturating_sub(200) / THREADS).min(500);
    if fit < 500 {
        eprintln!("open-file limit: {} concurrent connections", fit * THREADS);
    }
    let per_thread = fit.max(10);
    let addr = server();
    assert_eq!(ok_json("/api/attacks?input=d4")["count"], 8);
    let idle_fds = server_fds();
    // Two rounds: every answer right in both, and no descriptor kept after either.
    for round in 0..2 {
        let workers: Vec<_> = (0..THREADS)
            .map(|t| {
                std::thread::spawn(move || {
                    let mut streams = Vec::with_capacity(per_thread);
                    for i in 0..per_thread {
                        let sq = ["a1", "d4", "h8", "b1", "g7"][(t + i) % 5];
                        let mut s = TcpStream::connect(addr).expect("connect");
                        s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
                        let req = format!(
                            "GET /api/attacks?input={sq} HTTP/1.1\r\nHost: localhost\r\n\
Connection: close\r\n\r\n"
                        );
                        s.write_all(req.as_bytes()).unwrap();
                        streams.push((sq, s));
                    }
                    let mut ok = 0;
                    for (sq, mut s) in streams {
                        let mut out = Vec::new();
                        s.read_to_end(&mut out).unwrap();
                        let (status, _, body) = parse_response(&out);
                        assert_eq!(status, 200);
                        let v: Value = serde_json::from_str(&body).unwrap();
                        assert_eq!(v["count"], knight_count(sq), "{sq}");
                        ok += 1;
                    }
                    ok
                })
            })
            .collect();
        let total: usize = workers.into_iter().map(|w| w.join().unwrap()).sum();
        assert_eq!(total, THREADS * per_thread, "round {round}");
        assert_eq!(ok_json("/api/attacks?input=d4")["count"], 8);
        // Every connection was answered and closed: the server holds no more descriptors
        // than when idle (give it a moment to see the last closes).
        let mut fds = server_fds();
        for _ in 0..50 {
            if fds <= idle_fds + 2 {
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
            fds = server_fds();
        }
        assert!(
            fds <= idle_fds + 2,
            "round {round}: {fds} descriptors, {idle_fds} idle"
        );
    }
}

/// Knight attack counts from the wiki's picture of a board of counts: 2 in a corner, 3 on
/// b1, 8 in the centre, 4 on g7.
fn knight_count(sq: &str) -> u32 {
    match sq {
        "a1" | "h8" => 2,
        "b1" => 3,
        "d4" => 8,
        "g7" => 4,
        _ => unreachable!(),
    }
}

/// URL-encodes a FEN for a query (spaces and slashes).
fn enc(fen: &str) -> String {
    fen.replace('/', "%2F").replace(' ', "+")
}

#[test]
fn positions_answer_as_the_cli_does() {
    let _server = Server::start();
    let fork = "q3k2r/3p4/8/3N4/8/8/8/4K3 w - - 0 1";
    let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(
        ok_json(&format!("/api/forks?fen={}", enc(fork))),
        cli(&["forks", "--fen", fork, "--json"])
    );
    assert_eq!(
        ok_json(&format!("/api/forks?fen={}", enc(fork)))["moves"],
        json!(["d5c7"])
    );
    assert_eq!(
        ok_json(&format!(
            "/api/moves?fen={}&piece=king&legal=true&castling=true",
            enc(castle)
        )),
        cli(&[
            "moves",
            "--fen",
            castle,
            "--piece",
            "king",
            "--legal",
            "--castling",
            "--json"
        ])
    );
    assert_eq!(
        ok_json("/api/moves?input=c5,g4&own=c5,g4,d3,b2,e2,g2,e1"),
        cli(&["moves", "c5,g4", "--own", "c5,g4,d3,b2,e2,g2,e1", "--json"])
    );
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(
        ok_json(&format!("/api/attacks?fen={}&side=black", enc(start))),
        cli(&["attacks", "--fen", start, "--side", "black", "--json"])
    );
    let pos = ok_json(&format!("/api/position?fen={}", enc(fork)));
    assert_eq!(pos["fen"], fork);
    assert_eq!(pos["turn"], "white");
    assert_eq!(pos["pieces"].as_array().unwrap().len(), 6);
    assert!(bad("/api/forks?fen=8%2F8%2F8+w+-+-+0+1").contains("fen"));
    assert!(bad(&format!("/api/forks?fen={}&targets=xyz", enc(fork))).contains("invalid targets"));
    assert_eq!(
        bad_field(&format!("/api/moves?fen={}&legal=maybe", enc(fork))),
        (
            "invalid flag 'maybe': expected true or false".into(),
            Some("legal".into())
        )
    );
    // Without a side, the side to move's pieces attack, as on the command line.
    assert_eq!(
        ok_json(&format!("/api/attacks?fen={}", enc(fork))),
        cli(&["attacks", "--fen", fork, "--json"])
    );
    assert!(bad(&format!("/api/position?fen={}", "8".repeat(200))).contains("too long"));
}

#[test]
fn fills_and_distances_answer_as_the_cli_does() {
    let _server = Server::start();
    assert_eq!(
        ok_json("/api/fill?input=a1"),
        cli(&["fill", "a1", "--json"])
    );
    assert_eq!(
        ok_json("/api/fill?input=a1&moves=3"),
        cli(&["fill", "a1", "--moves", "3", "--json"])
    );
    // The wiki's six fills from a1: 3, 12, ... 64 squares.
    let fills = ok_json("/api/fill?input=a1");
    assert_eq!(fills["steps"].as_array().unwrap().len(), 6);
    assert_eq!(fills["steps"][0]["count"], 3);
    assert_eq!(fills["steps"][5]["count"], 64);
    assert_eq!(
        ok_json("/api/distance?from=a1&to=h8"),
        cli(&["distance", "a1", "h8", "--json"])
    );
    assert_eq!(ok_json("/api/distance?from=a1&to=h8")["distance"], 6);
    assert_eq!(
        ok_json("/api/distance?from=0,0&to=9999,9999&board=10000x10000"),
        cli(&[
            "distance",
            "0,0",
            "9999,9999",
            "--board",
            "10000x10000",
            "--json"
        ])
    );
    assert_eq!(
        ok_json("/api/reach?input=a1&moves=2&ring=true"),
        cli(&["reach", "a1", "--moves", "2", "--ring", "--json"])
    );
    let d = ok_json("/api/distances?from=a1");
    let all = d["distances"].as_array().unwrap();
    assert_eq!(all.len(), 64);
    assert_eq!(all[0], 0);
    assert_eq!(all[63], 6, "a1 to h8");
    assert_eq!(all[9], 4, "a1 to b2: the corner's diagonal neighbour");
    assert!(bad("/api/distance?from=a1&to=h8&board=20000x20000").contains("invalid board"));
    assert!(bad("/api/distance?from=a1&to=z99").contains("invalid square"));
    assert!(bad("/api/fill?input=a1&moves=65").contains("expected 1 to 64"));
    assert!(bad("/api/reach?input=a1&moves=2&ring=true&exactly=true").contains("exclude"));
}

#[test]
fn svg_pictures_come_from_the_library_writer() {
    let _server = Server::start();
    let (status, head, body) = get("/api/svg?marked=0x0000142200221400&pieces=d4");
    assert_eq!(status, 200);
    assert!(head.contains("content-type: image/svg+xml"));
    // The same picture as `attacks d4 --svg` minus its title.
    let file = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/expected/attacks-d4.svg"
    ))
    .unwrap();
    let without_title: String = file
        .lines()
        .filter(|l| !l.starts_with("<title>"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(body, without_title);
    let (status, _, body) = get(&format!(
        "/api/svg?fen={}&arrows=d5c7&highlighted=c7",
        enc("q3k2r/3p4/8/3N4/8/8/8/4K3 w - - 0 1")
    ));
    assert_eq!(status, 200);
    assert_eq!(body.matches("class=\"arrow\"").count(), 1);
    assert_eq!(body.matches("class=\"piece\"").count(), 6);
    assert!(bad("/api/svg?arrows=d5").contains("invalid arrows"));
    let (words, field) = bad_field("/api/svg?tour=a1,z9");
    assert!(words.starts_with("invalid square 'z9'"), "{words}");
    assert_eq!(field.as_deref(), Some("tour"));
    assert!(bad("/api/svg?fen=x&pieces=d4").contains("either"));
}

#[test]
fn tours_answer_as_the_cli_does_within_the_explorer_limit() {
    let _server = Server::start();
    assert_eq!(
        ok_json("/api/tour?board=5x5&start=c3"),
        cli(&["tour", "--board", "5x5", "--start", "c3", "--json"])
    );
    assert_eq!(
        ok_json("/api/tour?board=6x6&closed=true"),
        cli(&["tour", "--board", "6x6", "--closed", "--json"])
    );
    let big = ok_json("/api/tour?board=100x100");
    assert_eq!(big["path"].as_array().unwrap().len(), 10_000);
    assert!(bad("/api/tour?board=101x100").contains("too large for the explorer"));
    // No tour is an answer, the same as the command line's, with its reason.
    let none = ok_json("/api/tour?board=4x4");
    assert_eq!(none, cli(&["tour", "--board", "4x4", "--json"]));
    assert!(none["path"].is_null());
    assert!(
        none["reason"]
            .as_str()
            .unwrap()
            .contains("no open knight's tour")
    );
    assert!(ok_json("/api/tour?board=5x5&closed=true")["path"].is_null());
    assert!(bad("/api/tour-svg?board=4x4").contains("no tour of 4x4 to draw"));
    assert!(bad("/api/tour?board=8x8&start=z9").contains("invalid start square"));
    let (status, head, body) = get("/api/tour-svg?board=8x8");
    assert_eq!(status, 200);
    assert!(head.contains("content-type: image/svg+xml"));
    let file = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/expected/tour-8x8.svg"
    ))
    .unwrap();
    assert_eq!(body, file, "the page's tour picture is the CLI's");
    let (status, _, _) = get("/api/tour-svg?board=200x200");
    assert_eq!(status, 400);
}

/// What the command line prints for `args`: exit code, standard output, standard error.
fn cli_run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_knightbits"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Every endpoint with a command-line twin answers byte for byte what `--json` prints for
/// the same question (fields, order and values), or, where the explorer adds fields (`show`,
/// `count`), begins with the command's fields and only adds after them.
#[test]
fn every_endpoint_answers_as_its_command_does_byte_for_byte() {
    let _server = Server::start();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let fork = "q3k2r/3p4/8/3N4/8/8/8/4K3 w - - 0 1";
    let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let mut same: Vec<(String, Vec<String>)> = Vec::new();
    let mut add = |query: String, args: &[&str]| {
        let mut args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        args.push("--json".into());
        same.push((query, args));
    };
    // attacks: every method of both pieces, and both sides of positions
    for m in [
        "lookup",
        "post-mask",
        "pre-mask",
        "prefix",
        "halves",
        "translate",
    ] {
        add(
            format!("/api/attacks?input=b1,g8,h4&method={m}"),
            &["attacks", "b1,g8,h4", "--method", m],
        );
    }
    for m in ["lookup", "shifts", "translate"] {
        add(
            format!("/api/attacks?input=e1,a8,h5&piece=king&method={m}"),
            &["attacks", "e1,a8,h5", "--piece", "king", "--method", m],
        );
    }
    add("/api/attacks?input=d4".into(), &["attacks", "d4"]);
    for (fen, side, piece) in [
        (start, "black", "knight"),
        (start, "white", "king"),
        (kiwi, "white", "knight"),
        (kiwi, "black", "king"),
    ] {
        add(
            format!("/api/attacks?fen={}&side={side}&piece={piece}", enc(fen)),
            &["attacks", "--fen", fen, "--side", side, "--piece", piece],
        );
    }
    // moves: of pieces on squares, and in positions
    add(
        "/api/moves?input=c5,g4&own=c5,g4,d3,b2,e2,g2,e1".into(),
        &["moves", "c5,g4", "--own", "c5,g4,d3,b2,e2,g2,e1"],
    );
    add(
        "/api/moves?input=e1,h8&own=d1,f1&piece=king".into(),
        &["moves", "e1,h8", "--own", "d1,f1", "--piece", "king"],
    );
    add(
        format!("/api/moves?fen={}", enc(start)),
        &["moves", "--fen", start],
    );
    add(
        format!("/api/moves?fen={}&legal=true", enc(kiwi)),
        &["moves", "--fen", kiwi, "--legal"],
    );
    add(
        format!("/api/moves?fen={}&piece=king", enc(castle)),
        &["moves", "--fen", castle, "--piece", "king"],
    );
    add(
        format!(
            "/api/moves?fen={}&piece=king&legal=true&castling=true",
            enc(kiwi)
        ),
        &[
            "moves",
            "--fen",
            kiwi,
            "--piece",
            "king",
            "--legal",
            "--castling",
        ],
    );
    // forks
    add(
        format!("/api/forks?fen={}", enc(fork)),
        &["forks", "--fen", fork],
    );
    add(
        format!("/api/forks?fen={}&targets=kp", enc(fork)),
        &["forks", "--fen", fork, "--targets", "kp"],
    );
    add(
        format!("/api/forks?fen={}", enc(kiwi)),
        &["forks", "--fen", kiwi],
    );
    // convert
    add(
        "/api/convert?input=0xA1100110A&from=h1-g1&to=a1-b1".into(),
        &["convert", "0xA1100110A", "--from", "h1-g1", "--to", "a1-b1"],
    );
    add(
        "/api/convert?input=0x8000000&from=a1-b1&to=a8-b8".into(),
        &["convert", "0x8000000", "--from", "a1-b1", "--to", "a8-b8"],
    );
    // fill and reach
    add("/api/fill?input=a1".into(), &["fill", "a1"]);
    add(
        "/api/fill?input=a1,h8&moves=3".into(),
        &["fill", "a1,h8", "--moves", "3"],
    );
    add(
        "/api/reach?input=a1&moves=2".into(),
        &["reach", "a1", "--moves", "2"],
    );
    add(
        "/api/reach?input=a1&moves=3&exactly=true".into(),
        &["reach", "a1", "--moves", "3", "--exactly"],
    );
    add(
        "/api/reach?input=d4&moves=2&ring=true".into(),
        &["reach", "d4", "--moves", "2", "--ring"],
    );
    // distance: 8x8, an unreachable square (null), a board beyond 26 files
    add(
        "/api/distance?from=a1&to=h8".into(),
        &["distance", "a1", "h8"],
    );
    add(
        "/api/distance?from=a1&to=b2&board=3x3".into(),
        &["distance", "a1", "b2", "--board", "3x3"],
    );
    add(
        "/api/distance?from=0,0&to=29,1&board=30x30".into(),
        &["distance", "0,0", "29,1", "--board", "30x30"],
    );
    // tours
    add(
        "/api/tour?board=5x5&start=c3".into(),
        &["tour", "--board", "5x5", "--start", "c3"],
    );
    add(
        "/api/tour?board=6x6&closed=true".into(),
        &["tour", "--board", "6x6", "--closed"],
    );
    add(
        "/api/tour?board=30x30".into(),
        &["tour", "--board", "30x30"],
    );
    for (query, args) in &same {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (status, head, body) = get(query);
        assert_eq!(status, 200, "{query}: {body}");
        assert!(head.contains("content-type: application/json"), "{query}");
        let (code, out, err) = cli_run(&args);
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert_eq!(format!("{body}\n"), out, "{query} vs {args:?}");
    }
    // The explorer's show and count: the command's fields first, then the page's own.
    for (query, args) in [
        (
            "/api/show?input=0xA1100110A&numbering=h1-g1",
            &["show", "0xA1100110A", "--mapping", "h1-g1", "--json"][..],
        ),
        ("/api/show?input=d4", &["show", "d4", "--json"]),
        (
            "/api/count?input=0x0000142200221400&method=table16",
            &[
                "count",
                "0x0000142200221400",
                "--method",
                "table16",
                "--json",
            ],
        ),
        ("/api/count?input=d4,e5", &["count", "d4,e5", "--json"]),
    ] {
        let (status, _, body) = get(query);
        assert_eq!(status, 200, "{query}: {body}");
        let (code, out, _) = cli_run(args);
        assert_eq!(code, Some(0), "{args:?}");
        let fields = out.trim_end().strip_suffix('}').unwrap();
        assert!(
            body.starts_with(fields) && body[fields.len()..].starts_with(','),
            "{query}: {body}\n{args:?}: {out}"
        );
    }
}

/// Input read by the shared readers is refused with the same message in both places: the
/// command's stderr line is `knightbits: ` and the endpoint's `{"error": …}`.
#[test]
fn refusals_read_the_same_on_both_sides() {
    let _server = Server::start();
    let fork = "q3k2r/3p4/8/3N4/8/8/8/4K3 w - - 0 1";
    for (query, args) in [
        ("/api/attacks?input=z9".to_string(), vec!["attacks", "z9"]),
        (
            "/api/attacks?input=d4&piece=king&method=prefix".into(),
            vec!["attacks", "d4", "--piece", "king", "--method", "prefix"],
        ),
        (
            "/api/moves?input=c5&own=zz".into(),
            vec!["moves", "c5", "--own", "zz"],
        ),
        (
            format!("/api/forks?fen={}&targets=kx", enc(fork)),
            vec!["forks", "--fen", fork, "--targets", "kx"],
        ),
        (
            "/api/forks?fen=8%2F8%2F8+w+-+-+0+1".into(),
            vec!["forks", "--fen", "8/8/8 w - - 0 1"],
        ),
        (
            "/api/convert?input=z9&from=a1-b1&to=a1-b1".into(),
            vec!["convert", "z9", "--from", "a1-b1", "--to", "a1-b1"],
        ),
        (
            "/api/distance?from=a1&to=z99".into(),
            vec!["distance", "a1", "z99"],
        ),
    ] {
        let (message, field) = bad_field(&query);
        let (code, out, err) = cli_run(&args);
        assert_eq!(code, Some(2), "{args:?}");
        assert!(out.is_empty());
        // The endpoint names the parameter at fault as data, one of the query's; the command
        // names its option (the positional INPUT, `input`, by its words alone).
        let field = field.unwrap_or_else(|| panic!("{query}: no field: {message}"));
        assert!(query.contains(&format!("{field}=")), "{query}: {field}");
        let line = match field.as_str() {
            "input" | "from" | "to" if !args.contains(&format!("--{field}").as_str()) => {
                format!("knightbits: {message}\n")
            }
            _ => format!("knightbits: --{field}: {message}\n"),
        };
        assert_eq!(err, line, "{query} vs {args:?}");
    }
}

/// The sources' forms answer in the explorer as on the command line: one type each.
#[test]
fn table_trace_and_catch_answer_as_the_cli_does() {
    let _server = Server::start();
    for (path, args) in [
        ("/api/table", &["table", "--json"][..]),
        (
            "/api/table?piece=king",
            &["table", "--piece", "king", "--json"],
        ),
        (
            "/api/steps?input=d4&method=pre-mask&numbering=h1-g1",
            &[
                "steps",
                "d4",
                "--method",
                "pre-mask",
                "--mapping",
                "h1-g1",
                "--json",
            ],
        ),
        (
            "/api/steps?input=0x40000&method=translate&numbering=h1-g1",
            &[
                "steps",
                "--index",
                "18",
                "--mapping",
                "h1-g1",
                "--method",
                "translate",
                "--json",
            ],
        ),
        (
            "/api/catch?knight=d8&pawn=a5&side=white",
            &[
                "catch", "--knight", "d8", "--pawn", "a5", "--side", "white", "--json",
            ],
        ),
        (
            "/api/catch?knight=b1&pawn=h7&side=black&to_move=pawn",
            &[
                "catch",
                "--knight",
                "b1",
                "--pawn",
                "h7",
                "--side",
                "black",
                "--to-move",
                "pawn",
                "--json",
            ],
        ),
        (
            "/api/fill?input=a1&moves=1",
            &["fill", "a1", "--moves", "1", "--json"],
        ),
        (
            "/api/fork-squares?targets=e8,a8,h8",
            &["forks", "e8,a8,h8", "--json"],
        ),
    ] {
        assert_eq!(ok_json(path), cli(args), "{path}");
    }
    assert_eq!(ok_json("/api/table")["total"], 336);
    assert!(bad("/api/catch?knight=d8&pawn=a8&side=white").contains("rank 1 or rank 8"));
    assert_eq!(
        bad_field("/api/catch?knight=d8&pawn=a5").1.as_deref(),
        Some("side")
    );
    assert!(bad("/api/steps?input=d4&numbering=a1-a2").contains("keep ranks"));
    // A picture needs the placement only; the forks need the side to move.
    let placement = "rnbqkbnr%2Fpppppppp%2F8%2F8%2F8%2F8%2FPPPPPPPP%2FRNBQKBNR";
    let (status, _, body) = get(&format!("/api/svg?fen={placement}"));
    assert_eq!(status, 200, "{body}");
    assert!(bad(&format!("/api/forks?fen={placement}")).contains("no side to move"));
}
