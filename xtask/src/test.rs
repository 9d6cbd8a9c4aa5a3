//! `cargo xtask test [rust] [python] [browser] [npm]`: every suite of the project (all four
//! when none is named), each installing its own dependencies into the repository.
//!
//! - `rust`: `cargo nextest run --workspace --all-features` and the doctests (`cargo test
//!   --doc`) when cargo-nextest is installed, else `cargo test --workspace --all-features`.
//! - `python`: a virtual environment of its own in the target directory (`target/venv`,
//!   git-ignored), the release wheel built as `cargo xtask wheel` builds it (maturin and zig
//!   from PyPI; manylinux2014, abi3) and installed with its test extras (pytest, hypothesis,
//!   python-chess, mypy, Dask), then pytest with the derandomised hypothesis profile, which
//!   also installs the wheel into a fresh environment without cargo or rustc and runs the
//!   examples there. The command line (`knightbits`, debug build) is built first: the
//!   rulebook test compares the package's refusals with its words. A missing python-chess or
//!   numpy fails the run; pytest running no test (its exit status 5) fails it too.
//! - `browser`: `crates/knightbits-cli/tests/browser/run.sh` (Chromium, node, npm packages).
//! - `npm`: the npm package as `cargo xtask npm` packs it and the static explorer as `cargo
//!   xtask web` writes it (one module for both), then `node --test` in
//!   `crates/knightbits-wasm/npm/test/` (its devDependencies from its package-lock.json:
//!   chess.js, TypeScript, playwright-core; Chromium from apt when missing and run as root):
//!   the functions, chess.js's moves on random games, the tarball installed offline and
//!   checked by `tsc --strict`, the package in headless Chromium.
//!
//! The Python module links libpython in plain cargo builds, so before any suite a system
//! without Python's headers or `venv` gets them from apt when run as root (as on CI), and is
//! refused with one line saying what to install otherwise.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::{apt, cargo, npm, root, rulebook_cli, status, wheel};

/// Usage of the task.
pub const USAGE: &str = "cargo xtask test [rust] [python] [browser] [npm]";

/// A suite: runs, or says why it failed.
type Suite = fn() -> Result<(), String>;

/// The suites, in the order they run.
const SUITES: [(&str, Suite); 4] = [
    ("rust", rust),
    ("python", python),
    ("browser", browser),
    ("npm", npm),
];

/// Runs the suites named in `args`, or all of them.
pub fn run(args: &[&str]) -> Result<(), String> {
    if let Some(bad) = args.iter().find(|a| !SUITES.iter().any(|(n, _)| n == *a)) {
        return Err(format!("unknown suite {bad:?}: {USAGE}"));
    }
    let wanted = |s: &str| args.is_empty() || args.contains(&s);
    if wanted("rust") || wanted("python") {
        system_python()?;
    }
    for (name, suite) in SUITES {
        if wanted(name) {
            let started = std::time::Instant::now();
            suite()?;
            println!("== {name}: passed in {} s", started.elapsed().as_secs());
        }
    }
    Ok(())
}

/// The browser tests (`crates/knightbits-cli/tests/browser/run.sh`).
fn browser() -> Result<(), String> {
    println!("== browser: crates/knightbits-cli/tests/browser/run.sh");
    status(&mut Command::new(
        root().join("crates/knightbits-cli/tests/browser/run.sh"),
    ))
}

/// Every Rust test of the workspace with every feature: by cargo-nextest when it is installed
/// (a process for each test, so both cores stay busy to the end rather than a test binary's
/// last test running alone; `.config/nextest.toml` ends a test that hangs), then the doctests,
/// which nextest does not run; by `cargo test` otherwise. Either way every test runs once.
fn rust() -> Result<(), String> {
    let nextest = cargo()
        .args(["nextest", "--version"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !nextest {
        println!("== rust: cargo test --workspace --all-features");
        return status(cargo().args(["test", "--workspace", "--all-features"]));
    }
    println!("== rust: cargo nextest run --workspace --all-features, then cargo test --doc");
    status(cargo().args([
        "nextest",
        "run",
        "--workspace",
        "--all-features",
        "--no-fail-fast",
    ]))?;
    status(cargo().args(["test", "--workspace", "--all-features", "--doc"]))
}

/// The npm package's tests (`node --test`, Node and Chromium) on the tarball `cargo xtask npm`
/// writes, beside the static site `cargo xtask web` writes from the same module.
fn npm() -> Result<(), String> {
    if !Path::new(CHROMIUM).exists() && !apt(&["chromium"])? {
        return Err(format!(
            "Chromium is needed at {CHROMIUM}: install chromium (Debian)"
        ));
    }
    let tarball = npm::build()?;
    let target = crate::target_dir()?;
    let site = target.join("npm/site");
    crate::web(&site)?;
    // The refusals are compared with the command line's words (the build the other suites share).
    let cli = rulebook_cli()?;
    let tests = root().join("crates/knightbits-wasm/npm/test");
    status(Command::new("npm").current_dir(&tests).args([
        "ci",
        "--no-audit",
        "--no-fund",
        "--loglevel=error",
    ]))?;
    println!("== npm: node --test in {}", tests.display());
    let files: Vec<PathBuf> = fs::read_dir(&tests)
        .map_err(|e| format!("{}: {e}", tests.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".test.mjs"))
        .collect();
    status(
        Command::new("node")
            .arg("--test")
            .args(&files)
            .current_dir(&tests)
            .env("KNIGHTBITS_TGZ", &tarball)
            .env("KNIGHTBITS_PACKAGE", target.join("npm/package"))
            .env("KNIGHTBITS_SITE", &site)
            .env("KNIGHTBITS_CLI", cli)
            .env("CHROMIUM", CHROMIUM),
    )
}

/// Debian's Chromium, as the browser tests use it.
const CHROMIUM: &str = "/usr/bin/chromium";

/// Does `python3` have `venv` and a libpython to link against?
fn python_ready() -> bool {
    let probe = "import sysconfig, os, venv, ensurepip\n\
                 lib = os.path.join(sysconfig.get_config_var('LIBDIR') or '', \
                 sysconfig.get_config_var('LDLIBRARY') or '')\n\
                 raise SystemExit(0 if os.path.exists(lib) else 1)";
    Command::new("python3")
        .args(["-c", probe])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Python 3 with `venv` and its headers and library, from apt when missing and run as root.
fn system_python() -> Result<(), String> {
    if python_ready() {
        return Ok(());
    }
    if !apt(&["python3-venv", "python3-dev"])? {
        return Err(
            "python3 with venv and libpython is needed: install python3-venv and \
                    python3-dev (Debian) or your system's equivalent"
                .into(),
        );
    }
    if python_ready() {
        Ok(())
    } else {
        Err("python3 still lacks venv or libpython after apt-get install".into())
    }
}

/// Builds the release wheel (`cargo xtask wheel`: manylinux2014, abi3), installs it in the
/// project's virtual environment with its test extras and runs pytest; the same wheel is then
/// installed by `tests/test_wheel.py` into a fresh environment with no cargo or rustc.
fn python() -> Result<(), String> {
    let crate_dir = root().join("crates/knightbits-py");
    let wheel = wheel::build(&[wheel::X86_64])?;
    let venv = wheel::venv()?;
    let wheel = wheel.to_str().ok_or("wheel path is not UTF-8")?;
    wheel::pip(&venv, &["--force-reinstall", "--no-deps", wheel])?;
    wheel::pip(&venv, &[&format!("{wheel}[test,dask]")])?;
    let cli = rulebook_cli()?;

    println!("== python: pytest");
    wheel::pytest(
        Command::new(venv.join("bin/python"))
            .args(wheel::PYTEST)
            .env("KNIGHTBITS_WHEEL", wheel)
            .env("KNIGHTBITS_CLI", cli)
            .current_dir(&crate_dir),
    )
}
