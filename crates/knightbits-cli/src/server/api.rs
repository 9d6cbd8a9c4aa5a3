//! The `/api/` routes: each endpoint of [`knightbits_api::query`] mounted under `/api/`, its
//! answer sent with its media type, its refusal as `{"error": "…"}` with its status.

use axum::Router;
use axum::extract::RawQuery;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use knightbits_api::query::{self, Answer, QueryError};

/// The API routes: every endpoint answers through [`query::call`].
pub fn routes() -> Router {
    let mut router = Router::new();
    for name in query::endpoint_names() {
        router = router.route(
            &format!("/api/{name}"),
            get(move |RawQuery(q): RawQuery| async move {
                match query::call(name, q.as_deref()) {
                    Ok(answer) => respond(answer),
                    Err(e) => refusal(&e),
                }
            }),
        );
    }
    router
}

/// An answer with its media type, never cached.
fn respond(answer: Answer) -> Response {
    let mut res = answer.body.into_response();
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(answer.content_type),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res
}

/// A refusal: `{"error": "…"}` with its status, never cached.
pub fn refusal(e: &QueryError) -> Response {
    let status = StatusCode::from_u16(e.status_code()).unwrap_or(StatusCode::BAD_REQUEST);
    let mut res = (status, e.body()).into_response();
    res.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res
}
