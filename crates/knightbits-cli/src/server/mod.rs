//! The explorer's web server: the embedded page and a JSON API over the request layer.
//!
//! Only the embedded files (`ASSETS`) and the `/api/…` endpoints exist; every other path is
//! a 404. Answers are computed by [`knightbits_api`], the same layer as the command line's
//! `--json`; the server only reads queries and writes answers, and the page only shows them.

pub mod api;
pub mod listen;

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderValue, Method, Request, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use knightbits_api::query::QueryError;

/// Longest request target accepted (path and query), in bytes.
pub const MAX_URI: usize = 4096;
/// Largest request body accepted, in bytes: the API reads none, so any body is refused.
pub const MAX_BODY: u64 = 0;

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";

const INDEX_HTML: &str = include_str!("../../web/index.html");

/// A module of the page under `/js/`, embedded from `web/js/`.
macro_rules! module {
    ($name:literal) => {
        (
            concat!("/js/", $name),
            include_str!(concat!("../../web/js/", $name)),
            JS,
        )
    };
}

/// The page's files, embedded in the binary: (path, contents, content type). `/app.js` is the
/// entry module; it imports the others from `/js/`.
const ASSETS: &[(&str, &str, &str)] = &[
    ("/index.html", INDEX_HTML, HTML),
    ("/style.css", include_str!("../../web/style.css"), CSS),
    ("/app.js", include_str!("../../web/app.js"), JS),
    module!("actions.js"),
    module!("api.js"),
    module!("board.js"),
    module!("catch.js"),
    module!("config.js"),
    module!("convert.js"),
    module!("dom.js"),
    module!("errors.js"),
    module!("fields.js"),
    module!("fill.js"),
    module!("footer.js"),
    module!("forks.js"),
    module!("keys.js"),
    module!("layout.js"),
    module!("position.js"),
    module!("second.js"),
    module!("squares.js"),
    module!("state.js"),
    module!("steps.js"),
    module!("store.js"),
    module!("tour.js"),
    module!("url.js"),
    module!("wasm.js"),
];

/// The page may load only what this server serves.
const CSP: &str = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; \
connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The whole application: static files, the API, and the request limits around them. With
/// `loopback_only` (the server listens on a loopback address) requests must name this machine
/// in their `Host` header, so a web page elsewhere cannot reach the API by DNS rebinding.
pub fn router(loopback_only: bool) -> Router {
    let api = api::routes();
    let router = Router::new()
        .route("/", get(|| file(INDEX_HTML, HTML)))
        .merge(assets())
        .merge(api)
        .fallback(not_found)
        .layer(middleware::from_fn(limits));
    if loopback_only {
        router.layer(middleware::from_fn(local_host))
    } else {
        router
    }
}

/// A route for each embedded file.
fn assets() -> Router {
    ASSETS
        .iter()
        .fold(Router::new(), |router, &(path, body, kind)| {
            router.route(path, get(move || file(body, kind)))
        })
}

/// Whether a `Host` header names the loopback interface: `localhost`, `127.0.0.1` (any
/// 127.x.y.z) or `[::1]`, with or without a port.
fn is_local_host(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split(']').next().unwrap_or(""),
        None => host.split(':').next().unwrap_or(""),
    };
    name.eq_ignore_ascii_case("localhost")
        || name
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// Refuses requests whose `Host` is not this machine (DNS rebinding), with 403.
async fn local_host(req: Request<Body>, next: Next) -> Response {
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .or_else(|| req.uri().authority().map(|a| a.as_str()));
    match host {
        Some(h) if is_local_host(h) => next.run(req).await,
        _ => api::refusal(&QueryError::status(
            StatusCode::FORBIDDEN.as_u16(),
            "the explorer answers only requests addressed to this machine (Host: localhost)",
        )),
    }
}

/// One embedded file with its type and the page's security headers.
async fn file(body: &'static str, kind: &'static str) -> Response {
    let mut res = body.into_response();
    let h = res.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    res
}

/// Anything that is not one of the files or endpoints.
async fn not_found(req: Request<Body>) -> Response {
    if req.uri().path().starts_with("/api/") {
        api::refusal(&QueryError::status(
            StatusCode::NOT_FOUND.as_u16(),
            "no such endpoint",
        ))
    } else {
        (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            "not found\n",
        )
            .into_response()
    }
}

/// Refuses oversized request targets and any request body, and every method but GET and HEAD.
async fn limits(req: Request<Body>, next: Next) -> Response {
    let uri_len = req.uri().path_and_query().map_or(0, |pq| pq.as_str().len());
    if uri_len > MAX_URI {
        return api::refusal(&QueryError::status(
            StatusCode::URI_TOO_LONG.as_u16(),
            format!("request target too long: at most {MAX_URI} bytes"),
        ));
    }
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    let chunked = req.headers().contains_key(header::TRANSFER_ENCODING);
    if declared.is_some_and(|n| n > MAX_BODY) || chunked {
        return api::refusal(&QueryError::status(
            StatusCode::PAYLOAD_TOO_LARGE.as_u16(),
            "request body refused: the explorer takes parameters in the query only",
        ));
    }
    if req.method() != Method::GET && req.method() != Method::HEAD {
        let mut res = api::refusal(&QueryError::status(
            StatusCode::METHOD_NOT_ALLOWED.as_u16(),
            "only GET is served",
        ));
        res.headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return res;
    }
    next.run(req).await
}
