//! Every committed seed of every fuzz target (`fuzz/seeds/TARGET/*`) replayed through the
//! target's check: what fuzzing once found or was started from keeps holding on every run.

use std::fs;
use std::path::Path;

use knightbits_fuzz::TARGETS;

/// The seed folders, the target files, the binaries of `fuzz/Cargo.toml` and the nightly
/// workflow's matrix name the same targets as [`TARGETS`].
#[test]
fn every_target_has_seeds_a_binary_and_a_nightly_run() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let seeds = root.join("fuzz/seeds");
    let mut folders: Vec<String> = fs::read_dir(&seeds)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    folders.sort();
    let mut names: Vec<String> = TARGETS.iter().map(|(n, _)| n.to_string()).collect();
    names.sort();
    assert_eq!(folders, names);
    let manifest = fs::read_to_string(root.join("fuzz/Cargo.toml")).unwrap();
    let binaries = manifest.matches("[[bin]]").count();
    assert_eq!(binaries, names.len(), "fuzz/Cargo.toml's binaries");
    let workflow = fs::read_to_string(root.join(".github/workflows/nightly.yml")).unwrap();
    let matrix = workflow
        .lines()
        .find_map(|l| l.trim().strip_prefix("target: ["))
        .expect("the workflow's matrix of targets");
    let mut nightly: Vec<String> = matrix
        .trim_end_matches(']')
        .split(',')
        .map(|n| n.trim().to_string())
        .collect();
    nightly.sort();
    assert_eq!(nightly, names, "nightly.yml's matrix");
    for name in &names {
        let file = format!("fuzz_targets/{name}.rs");
        assert!(root.join("fuzz").join(&file).is_file(), "{file}");
        assert!(
            manifest.contains(&format!("path = \"{file}\"")),
            "{file} in fuzz/Cargo.toml"
        );
    }
}

/// Each seed through its target's check; the seed's path is printed before its check, so a
/// failure's output names it.
#[test]
fn every_seed_passes_its_check() {
    let seeds = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds");
    for (name, check) in TARGETS {
        let mut n = 0;
        for entry in fs::read_dir(seeds.join(name)).unwrap() {
            let path = entry.unwrap().path();
            let data = fs::read(&path).unwrap();
            eprintln!("{}", path.display());
            check(&data);
            n += 1;
        }
        assert!(n > 0, "{name}: no seeds");
    }
}
