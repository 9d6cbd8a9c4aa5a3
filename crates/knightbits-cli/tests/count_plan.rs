//! `count-tours --plan --processes P`: what a count spread over processes will take, printed
//! without counting.
#![cfg(feature = "dist")]

mod common;

/// A plan of 6x6 closed over 2 processes is one JSON object with every figure: its largest
/// layer as the count reaches it (6x6 is counted whole in the sample), memory, no disk, bytes
/// sent (a record of 16 bytes for each of half of a process's share of each layer), seconds.
#[test]
fn a_plan_is_one_json_object() {
    let json = common::json_of(&[
        "count-tours",
        "--board",
        "6x6",
        "--closed",
        "--plan",
        "--processes",
        "2",
        "--json",
    ]);
    assert_eq!(json["processes"], 2);
    let states = json["states_peak"].as_u64().unwrap();
    assert!((1000..1_000_000).contains(&states), "{json}");
    assert!(
        json["memory_bytes_per_process"].as_u64().unwrap() > 0,
        "{json}"
    );
    assert_eq!(json["disk_bytes_per_process"], 0);
    assert!(
        json["sent_bytes_per_process"].as_u64().unwrap() >= states / 2 * 8,
        "{json}"
    );
    assert!(json["seconds"].as_f64().unwrap() >= 0.0, "{json}");
    assert_eq!(json["floor"], false, "counted whole: {json}");
}

/// A plan of a board swept more than 8 across whose later rows are foreseen (9x6 closed
/// across 9: three rows counted, and a few more in its seconds, of six) says its figures are
/// floors.
#[test]
fn a_plan_past_8_across_is_a_floor() {
    let json = common::json_of(&[
        "count-tours",
        "--board",
        "9x6",
        "--across",
        "9",
        "--closed",
        "--plan",
        "--processes",
        "1",
        "--json",
    ]);
    assert_eq!(json["floor"], true, "{json}");
}

/// A plan needs the number of processes, keeps no checkpoint, and is made for the sweep and
/// the split only: each refusal is one line and exit 2.
#[test]
fn a_plan_is_refused_what_it_cannot_do() {
    common::assert_bad_input(
        &["count-tours", "--board", "6x6", "--plan"],
        "--processes: a plan foresees a count across processes: it needs their number",
    );
    common::assert_bad_input(
        &[
            "count-tours",
            "--board",
            "6x6",
            "--plan",
            "--processes",
            "2",
            "--checkpoint",
            "x",
        ],
        "--checkpoint: a plan starts no count, so it keeps no checkpoint",
    );
    common::assert_bad_input(
        &[
            "count-tours",
            "--board",
            "5x5",
            "--plan",
            "--processes",
            "2",
        ],
        "meet in the middle makes no plan across processes",
    );
}
