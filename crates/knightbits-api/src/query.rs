//! The explorer's endpoints, `/api/{name}?{query}`: each reads its query into a request of
//! this crate (whose type declares the parameters it takes, once: [`parameters`] lists them),
//! calls the request's function and serializes its response, so field names and values are
//! those of the command line's `--json` output for the same question. The server mounts
//! [`call`] under `/api/`; the WebAssembly page calls it directly.

use serde::Serialize;

use crate::attacks::{self, AttacksRequest, ExploreRequest, ForkSquaresRequest};
use crate::bits::{self, ConvertRequest, CountRequest, ShowRequest};
use crate::catch::{self, CatchRequest};
use crate::edit::{self, OpRequest, SlideRequest};
use crate::form;
pub use crate::form::QueryError;
use crate::meta::{self, MetaRequest};
use crate::picture::{self, Drawing};
use crate::position::{self, ForksRequest, MovesRequest, PositionRequest};
use crate::sliders::{self, SliderRequest};
use crate::sources::{self, TableRequest, TraceRequest};
pub use crate::tour::MAX_TOUR_SQUARES;
use crate::tour::{self, TourRequest};
use crate::walks::{self, DistanceRequest, DistancesRequest, FillRequest, ReachRequest};

/// What an endpoint answers.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Json,
    Svg,
}

impl Kind {
    fn content_type(self) -> &'static str {
        match self {
            Kind::Json => "application/json",
            Kind::Svg => "image/svg+xml",
        }
    }
}

/// One endpoint: its name, what it answers, the request it reads and how it answers it.
struct Endpoint {
    name: &'static str,
    kind: Kind,
    /// Reads the query into the request and answers it.
    answer: fn(Option<&str>) -> Result<String, QueryError>,
    /// The parameters of the request, as its type declares them.
    parameters: &'static [&'static str],
}

/// The endpoint table: each endpoint's name, what it answers, its request type (whose fields
/// are the parameters it takes: the table never names them) and the function that answers.
macro_rules! endpoints {
    ($($name:literal $kind:ident $request:ty => $answer:expr,)+) => {
        /// Every endpoint, mounted under `/api/`.
        const ENDPOINTS: &[Endpoint] = &[$(Endpoint {
            name: $name,
            kind: Kind::$kind,
            answer: |query| {
                let request: $request = form::read(query)?;
                ($answer)(&request)
            },
            parameters: <$request as form::FromQuery>::PARAMS,
        },)+];
    };
}

endpoints! {
    "meta" Json MetaRequest => |_: &MetaRequest| json(&meta::meta()),
    "show" Json ShowRequest => |r| json(&bits::view(r)),
    "op" Json OpRequest => |r| json(&edit::op(r)),
    "attacks" Json AttacksRequest => |r| json(&attacks::attacks(r)),
    "explore" Json ExploreRequest => |r| json(&attacks::explore(r)),
    "convert" Json ConvertRequest => |r| json(&bits::convert(r)),
    "count" Json CountRequest => |r| json(&bits::count_by(r)),
    "fork-squares" Json ForkSquaresRequest => |r| json(&attacks::fork_squares(r)),
    "slide" Json SlideRequest => |r| json(&edit::slide(r)),
    "slider-attacks" Json SliderRequest => |r| json(&sliders::slider_attacks(r)),
    "position" Json PositionRequest => |r| json(&position::position(r)),
    "moves" Json MovesRequest => |r| json(&position::moves(r)),
    "forks" Json ForksRequest => |r| json(&position::forks(r)),
    "table" Json TableRequest => |r| json(&sources::table(r)),
    "steps" Json TraceRequest => |r| json(&sources::trace(r)),
    "catch" Json CatchRequest => |r| json(&catch::catch(r)?),
    "fill" Json FillRequest => |r| json(&walks::fill(r)),
    "reach" Json ReachRequest => |r| json(&walks::reach(r)),
    "distance" Json DistanceRequest => |r| json(&walks::distance(r)),
    "distances" Json DistancesRequest => |r| json(&walks::distances(r)),
    "tour" Json TourRequest => |r| json(&tour::tour(r)?),
    "svg" Svg Drawing => |r: &Drawing| Ok(r.svg()),
    "tour-svg" Svg TourRequest => |r| Ok(picture::tour_svg(&tour::tour(r)?)?),
}

/// An endpoint's answer: its body and the body's media type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The JSON text or the SVG picture.
    pub body: String,
    /// `application/json` or `image/svg+xml`.
    pub content_type: &'static str,
}

/// The names of every endpoint, JSON and pictures.
pub fn endpoint_names() -> impl Iterator<Item = &'static str> {
    ENDPOINTS.iter().map(|e| e.name)
}

/// The parameters endpoint `name` takes, as its request type names them (in the order its
/// fields are declared); `None` for an unknown endpoint.
pub fn parameters(name: &str) -> Option<&'static [&'static str]> {
    ENDPOINTS
        .iter()
        .find(|e| e.name == name)
        .map(|e| e.parameters)
}

/// Answers `/api/{name}?{query}`: the JSON text (or SVG) of the answer with its media type, or
/// the refusal with its HTTP status (400 for a bad parameter, named in the message, 404 for an
/// unknown endpoint).
pub fn call(name: &str, query: Option<&str>) -> Result<Answer, QueryError> {
    let endpoint = ENDPOINTS
        .iter()
        .find(|e| e.name == name)
        .ok_or_else(|| QueryError::status(404, "no such endpoint"))?;
    (endpoint.answer)(query).map(|body| Answer {
        body,
        content_type: endpoint.kind.content_type(),
    })
}

/// A response as JSON text.
fn json(response: &impl Serialize) -> Result<String, QueryError> {
    serde_json::to_string(response).map_err(|e| QueryError::status(500, e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::values::one_of;

    const FEN: &str = "q3k2r/3p4/8/3N4/8/8/8/4K3+w+-+-+0+1";

    /// Valid queries that, together, give every parameter of every endpoint a value.
    fn samples() -> Vec<(&'static str, String)> {
        let fen = |rest: &str| format!("fen={FEN}{rest}");
        vec![
            ("meta", String::new()),
            ("show", "input=d4&numbering=h1-g1&from=a1-b1".into()),
            (
                "op",
                "bitboard=d4&op=toggle&square=e5&numbering=h1-g1".into(),
            ),
            ("op", "bitboard=d4&op=shift&n=2".into()),
            ("op", "bitboard=d4&op=or&other=e5".into()),
            ("attacks", "input=d4&piece=king&method=shifts".into()),
            (
                "attacks",
                "fen=8/8/8/8/3N4/8/8/8&side=white&piece=knight".into(),
            ),
            (
                "explore",
                "input=d4&piece=knight&method=halves&numbering=h1-g1".into(),
            ),
            ("convert", "input=d4&from=a1-b1&to=h1-g1".into()),
            ("count", "input=d4&method=loop".into()),
            ("fork-squares", "targets=e8,a8".into()),
            ("slide", "squares=d4&by=east".into()),
            (
                "slider-attacks",
                "rooks=a1&bishops=c1&queens=d1&occupied=a4".into(),
            ),
            ("position", fen("")),
            ("moves", fen("&piece=king&legal=true&castling=true")),
            ("moves", "input=d4&own=e6&piece=knight".into()),
            ("forks", fen("&targets=kq")),
            ("table", "piece=king".into()),
            (
                "steps",
                "input=d4&piece=knight&method=pre-mask&numbering=h1-g1".into(),
            ),
            ("catch", "knight=a1&pawn=a2&side=white&to_move=pawn".into()),
            ("fill", "input=a1&moves=2".into()),
            ("reach", "input=a1&moves=2&exactly=true".into()),
            ("reach", "input=a1&ring=1".into()),
            ("distance", "from=a1&to=h8&board=8x8".into()),
            ("distances", "from=a1".into()),
            ("tour", "board=5x5&start=c3&closed=false".into()),
            (
                "svg",
                fen("&marked=d4&highlighted=e5&arrows=d5c7&tour=a1,b3"),
            ),
            ("svg", "pieces=d4&piece=king".into()),
            ("tour-svg", "board=5x5&start=c3&closed=false".into()),
        ]
    }

    fn names(query: &str) -> impl Iterator<Item = &str> {
        query
            .split('&')
            .filter_map(|pair| pair.split_once('=').map(|(name, _)| name))
    }

    #[test]
    fn the_samples_answer_and_give_every_parameter_a_value() {
        let samples = samples();
        for name in endpoint_names() {
            let mut given: Vec<&str> = samples
                .iter()
                .filter(|(n, _)| *n == name)
                .flat_map(|(_, q)| names(q))
                .collect();
            given.sort_unstable();
            given.dedup();
            let mut taken = parameters(name).unwrap().to_vec();
            taken.sort_unstable();
            assert_eq!(given, taken, "{name}: a sample value for every parameter");
        }
        for (name, q) in &samples {
            if let Err(e) = call(name, Some(q)) {
                panic!("{name}?{q}: {}", e.message());
            }
        }
        assert_eq!(parameters("nothing"), None);
    }

    /// The refusal of any parameter's bad value names that parameter, with HTTP 400.
    #[test]
    fn a_bad_value_is_refused_with_its_parameter_named() {
        let mut checked = 0;
        for (name, q) in samples() {
            for bad in names(&q) {
                let query: Vec<String> = q
                    .split('&')
                    .map(|pair| match pair.split_once('=') {
                        Some((k, _)) if k == bad => format!("{k}=~~"),
                        _ => pair.to_string(),
                    })
                    .collect();
                let query = query.join("&");
                let e = call(name, Some(&query)).expect_err(&query);
                assert_eq!(e.status_code(), 400, "{name}?{query}");
                assert_eq!(e.field(), Some(bad), "{name}?{query}: {}", e.message());
                assert!(
                    !e.message().starts_with("parameter "),
                    "{name}?{query}: {}",
                    e.message()
                );
                checked += 1;
            }
        }
        assert!(checked > 60, "{checked}");
    }

    /// An unknown parameter is refused by name, with the list of those the endpoint takes;
    /// one given twice is refused by name.
    #[test]
    fn unknown_and_repeated_parameters_are_refused_by_name() {
        for name in endpoint_names() {
            let taken = parameters(name).unwrap();
            let expected = match one_of(taken.iter().copied()) {
                list if list.is_empty() => "none".to_string(),
                list => list,
            };
            for unknown in ["color", "toggle", "Input", "by%20"] {
                let query = format!("{unknown}=1");
                if taken.contains(&unknown) {
                    continue;
                }
                let e = call(name, Some(&query)).unwrap_err();
                assert_eq!(e.status_code(), 400);
                assert_eq!(e.field(), None, "no field of the request is at fault");
                assert_eq!(
                    e.message(),
                    format!(
                        "unknown parameter '{}': expected {expected}",
                        unknown.replace("%20", " ")
                    ),
                    "{name}"
                );
            }
            for p in taken {
                let e = call(name, Some(&format!("{p}=a1&{p}=a1"))).unwrap_err();
                assert_eq!(e.field(), Some(*p), "{name}: {}", e.message());
            }
        }
        let e = call("attacks", Some("input=d4&input=e5")).unwrap_err();
        assert_eq!((e.field(), e.message()), (Some("input"), "given twice"));
        assert_eq!(
            e.body(),
            r#"{"error":"given twice","field":"input"}"#,
            "the body carries the field as data"
        );
        let e = call("attacks", None).unwrap_err();
        assert_eq!(
            (e.field(), e.message()),
            (Some("input"), "missing parameter")
        );
        let e = call("nothing", None).unwrap_err();
        assert_eq!((e.status_code(), e.field()), (404, None));
        assert_eq!(e.body(), r#"{"error":"no such endpoint"}"#);
    }

    /// The page's own state (a toggled square, a slide) is not the library's: explore takes
    /// plain pieces.
    #[test]
    fn explore_takes_the_pieces_and_a_method() {
        assert_eq!(
            parameters("explore"),
            Some(&["input", "piece", "method", "numbering"][..])
        );
        let a = call("explore", Some("input=d4,e5&method=halves")).unwrap();
        let v: serde_json::Value = serde_json::from_str(&a.body).unwrap();
        assert_eq!(
            v["pieces"],
            serde_json::json!({"bitboard": "0x0000001008000000", "squares": ["d4", "e5"], "count": 2})
        );
    }

    /// Every endpoint and its parameters as the explorer guide's table documents them.
    #[test]
    fn the_explorer_guide_documents_every_endpoint_and_its_parameters() {
        let readme = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../docs/explorer.md"
        ));
        let documented: Vec<(&str, Vec<&str>)> = readme
            .lines()
            .filter_map(|line| line.strip_prefix("| `/api/"))
            .map(|rest| {
                let (name, rest) = rest.split_once('`').unwrap();
                let cell = rest.trim_start_matches(" |").split('|').next().unwrap();
                let params = cell.split('`').skip(1).step_by(2).collect();
                (name, params)
            })
            .collect();
        let code: Vec<(&str, Vec<&str>)> = endpoint_names()
            .map(|n| (n, parameters(n).unwrap().to_vec()))
            .collect();
        assert_eq!(documented, code);
    }

    /// The messages as a user reads them: the command line's words, and the parameter at
    /// fault as data.
    #[test]
    fn refusals_read_as_documented() {
        for (name, query, field, message) in [
            (
                "slide",
                "squares=d4&by=up",
                Some("by"),
                "invalid slide 'up': expected north, south, east, west, a or d",
            ),
            (
                "moves",
                "input=d4&legal=maybe",
                Some("legal"),
                "invalid flag 'maybe': expected true or false",
            ),
            (
                "svg",
                "tour=a1,z9",
                Some("tour"),
                "invalid square 'z9': expected a square name, a1 to h8",
            ),
            (
                "fill",
                "input=a1&moves=99",
                Some("moves"),
                "invalid number '99': expected 1 to 64",
            ),
            (
                "attacks",
                "input=d4&side=white",
                Some("side"),
                "it needs a position (a FEN)",
            ),
            (
                "moves",
                "input=d4&castling=true",
                Some("castling"),
                "it needs a position (a FEN)",
            ),
            (
                "attacks",
                "fen=8/8/8/8/3N4/8/8/8&method=halves",
                Some("method"),
                "give either fen and side, or input (and method)",
            ),
            (
                "svg",
                "fen=8/8/8/8/3N4/8/8/8&piece=king",
                Some("piece"),
                "give either fen or pieces (and piece), not both",
            ),
            (
                "explore",
                "input=d4&toggle=d4",
                None,
                "unknown parameter 'toggle': expected input, piece, method or numbering",
            ),
        ] {
            let e = call(name, Some(query)).unwrap_err();
            assert_eq!(
                (e.status_code(), e.field(), e.message()),
                (400, field, message),
                "{name}?{query}"
            );
        }
    }

    #[test]
    fn an_operand_the_edit_does_not_take_is_refused() {
        let e = call("op", Some("bitboard=0&op=clear&square=d4")).unwrap_err();
        assert_eq!(
            (e.field(), e.message()),
            (Some("square"), "clear does not take it")
        );
        let e = call("op", Some("bitboard=0&op=toggle&square=d4&n=2")).unwrap_err();
        assert_eq!(
            (e.field(), e.message()),
            (Some("n"), "toggle does not take it")
        );
        assert!(call("op", Some("bitboard=0&op=toggle&square=d4")).is_ok());
    }
}
