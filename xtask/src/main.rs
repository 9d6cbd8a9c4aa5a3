//! Project tasks, run as `cargo xtask TASK` (the alias is in `.cargo/config.toml`).
//!
//! `cargo xtask web --out DIR` writes the explorer as a static site: the page's files from
//! `crates/knightbits-cli/web/` (the same ones `knightbits serve` embeds), `js/config.js`
//! saying the library is the WebAssembly module beside them, and that module,
//! `knightbits.wasm`: the one the npm package ships, built once by [`npm::module`] (from
//! `crates/knightbits-wasm`, shrunk by a pinned `wasm-opt`, at most 300,000 bytes). Any
//! static file server can then serve DIR at its root.
//!
//! `cargo xtask npm` writes the npm package, `target/npm/knightbits-VERSION.tgz` (see `npm.rs`).
//!
//! `cargo xtask wheel` writes the Python package's wheel (abi3, manylinux2014) and sdist to
//! `target/wheels/` (see `wheel.rs`; `--aarch64` adds the aarch64 wheel, `--all` every
//! desktop's, `--run` then runs the package's tests against them); `cargo xtask dist` writes
//! every release artefact and their checksums to `target/dist/` (see `dist.rs`), and
//! `cargo xtask rehearse` installs them from registries on the loopback interface (see
//! `rehearse.rs`);
//! `cargo xtask test` runs the suites (see `test.rs`).

mod dist;
mod npm;
mod rehearse;
mod test;
mod wheel;

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

const USAGE: &str = "usage: cargo xtask web --out DIR | cargo xtask test [rust] [python] [browser] [npm] | cargo xtask wheel [--aarch64 | --all [--run] | --run] | cargo xtask npm | cargo xtask dist | cargo xtask rehearse [--quick] [pip] [cargo] [npm]";
use npm::{MODULE_NAME, WASM_OPT_VERSION};

fn main() -> ExitCode {
    match run(env::args().skip(1).collect()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(args: Vec<String>) -> Result<(), String> {
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["web", "--out", out] => web(Path::new(out)),
        ["web", rest @ ..] if rest.first().is_some_and(|a| a.starts_with("--out=")) => {
            web(Path::new(&rest[0]["--out=".len()..]))
        }
        ["test", suites @ ..] => test::run(suites),
        ["npm"] => npm::build().map(|_| ()),
        ["dist"] => dist::run(),
        ["rehearse", "--quick", lines @ ..] => rehearse::run(true, lines),
        ["rehearse", lines @ ..] => rehearse::run(false, lines),
        ["wheel"] => wheel::build(&[wheel::X86_64]).map(|_| ()),
        ["wheel", "--aarch64"] => wheel::build(&[wheel::X86_64, wheel::AARCH64]).map(|_| ()),
        ["wheel", "--all"] => wheel::build(&wheel::ALL).map(|_| ()),
        ["wheel", "--all", "--run"] => wheel::build_all_and_run(),
        ["wheel", "--run"] => wheel::run_built(),
        _ => Err(USAGE.to_string()),
    }
}

/// The workspace root (xtask/ sits in it).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives inside the workspace")
        .to_path_buf()
}

fn cargo() -> Command {
    let mut c = Command::new(env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    c.current_dir(root());
    c
}

fn status(cmd: &mut Command) -> Result<(), String> {
    let shown = format!("{cmd:?}");
    match cmd.status() {
        Ok(s) if s.success() => Ok(()),
        Ok(s) => Err(format!("{shown} failed ({s})")),
        Err(e) => Err(format!("{shown} could not start: {e}")),
    }
}

/// Installs Debian `packages` with apt when run as root with apt-get (true); false when not.
pub fn apt(packages: &[&str]) -> Result<bool, String> {
    let root_user = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.trim_ascii() == b"0");
    if !root_user || Command::new("apt-get").arg("--version").output().is_err() {
        return Ok(false);
    }
    println!("== installing {} (apt)", packages.join(" "));
    status(Command::new("apt-get").args(["update", "-q"]))?;
    status(
        Command::new("apt-get")
            .args(["install", "-y", "-q"])
            .args(packages)
            .env("DEBIAN_FRONTEND", "noninteractive"),
    )?;
    Ok(true)
}

/// `cargo metadata` of the workspace's own packages.
fn metadata() -> Result<serde_json::Value, String> {
    let out = cargo()
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .output()
        .map_err(|e| format!("cargo metadata: {e}"))?;
    serde_json::from_slice(&out.stdout).map_err(|e| format!("cargo metadata: not JSON: {e}"))
}

/// The workspace's target directory, as cargo reports it.
fn target_dir() -> Result<PathBuf, String> {
    metadata()?["target_directory"]
        .as_str()
        .map(PathBuf::from)
        .ok_or_else(|| "cargo metadata: no target_directory".to_string())
}

fn web(out: &Path) -> Result<(), String> {
    let root = root();
    let out = if out.is_absolute() {
        out.to_path_buf()
    } else {
        env::current_dir().map_err(|e| e.to_string())?.join(out)
    };

    // The module, the same file the npm package ships.
    let built = npm::module()?;

    // The page's files, as the server embeds them, without the tests.
    let web = root.join("crates/knightbits-cli/web");
    fs::create_dir_all(out.join("js")).map_err(|e| format!("{}: {e}", out.display()))?;
    for name in ["style.css", "app.js"] {
        copy(&web.join(name), &out.join(name))?;
    }
    // The page as served, and the module fetched from the start, beside the page's scripts.
    let html = fs::read_to_string(web.join("index.html")).map_err(|e| e.to_string())?;
    let preload = format!(
        "<link rel=\"preload\" href=\"{MODULE_NAME}\" as=\"fetch\" type=\"application/wasm\" crossorigin>\n\
         <script type=\"module\" src=\"app.js\"></script>"
    );
    let html = html.replacen(
        "<script type=\"module\" src=\"app.js\"></script>",
        &preload,
        1,
    );
    fs::write(out.join("index.html"), html).map_err(|e| e.to_string())?;
    let mut modules = 0;
    for entry in fs::read_dir(web.join("js")).map_err(|e| e.to_string())? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.extension().is_some_and(|e| e == "js") {
            copy(&path, &out.join("js").join(path.file_name().unwrap()))?;
            modules += 1;
        }
    }
    fs::write(
        out.join("js/config.js"),
        "// Written by `cargo xtask web`: this copy of the page asks the library compiled to\n\
         // WebAssembly (knightbits.wasm beside index.html), not a server.\n\
         export const BACKEND = 'wasm';\n",
    )
    .map_err(|e| e.to_string())?;

    let wasm = out.join(MODULE_NAME);
    copy(&built, &wasm)?;

    let size = fs::metadata(&wasm).map_err(|e| e.to_string())?.len();
    let total: u64 = walk(&out)?
        .iter()
        .filter_map(|p| fs::metadata(p).ok())
        .map(|m| m.len())
        .sum();
    println!(
        "{}: index.html, style.css, app.js, {} modules, {MODULE_NAME} {size} bytes (wasm-opt \
         {WASM_OPT_VERSION}); {total} bytes in all",
        out.display(),
        modules,
    );
    Ok(())
}

fn copy(from: &Path, to: &Path) -> Result<(), String> {
    fs::copy(from, to)
        .map(drop)
        .map_err(|e| format!("copy {} to {}: {e}", from.display(), to.display()))
}

/// Every file under `dir`.
fn walk(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).map_err(|e| e.to_string())? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_dir() {
            files.extend(walk(&path)?);
        } else {
            files.push(path);
        }
    }
    Ok(files)
}

/// The command line the rulebook test compares the package's refusals with (its words), built
/// as the rust suite builds it, so after that suite nothing is rebuilt: with the workspace's
/// features and beside a test target (`--test cli`), since the features the dev-dependencies
/// ask of shared crates count only in a build with a test in it (without one, a CI run built
/// the command line and much under it a second time, about 2 minutes).
fn rulebook_cli() -> Result<std::path::PathBuf, String> {
    status(cargo().args([
        "build",
        "-q",
        "--workspace",
        "--all-features",
        "--bin",
        "knightbits",
        "--test",
        "cli",
    ]))?;
    Ok(target_dir()?.join("debug/knightbits"))
}
