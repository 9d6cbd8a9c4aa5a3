//! Project tasks, run as `cargo xtask TASK` (the alias is in `.cargo/config.toml`).
//!
//! `cargo xtask web --out DIR` writes the explorer as a static site: the page's files from
//! `crates/knightbits-cli/web/` (the same ones `knightbits serve` embeds), `js/config.js`
//! saying the library is the WebAssembly module beside them, and that module,
//! `knightbits.wasm`, built from `crates/knightbits-wasm` for `wasm32-unknown-unknown` with the
//! workspace's `wasm` profile and shrunk by Binaryen's `wasm-opt -Oz`, always the same pinned
//! version, which the task installs itself with npm (see [`wasm_opt`]): the module has the same size on
//! every machine, and a module over [`BUDGET`] is an error. Any static file server can then
//! serve DIR at its root.
//!
//! `cargo xtask wheel` writes the Python package's wheel (abi3, manylinux2014) and sdist to
//! `target/wheels/` (see `wheel.rs`; `--aarch64` adds the aarch64 wheel); `cargo xtask test`
//! runs the suites (see `test.rs`).

mod test;
mod wheel;

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

const USAGE: &str = "usage: cargo xtask web --out DIR | cargo xtask test [rust] [python] [browser] | cargo xtask wheel [--aarch64]";
const TARGET: &str = "wasm32-unknown-unknown";
const WASM_NAME: &str = "knightbits.wasm";
/// The most bytes `knightbits.wasm` may have.
const BUDGET: u64 = 300_000;
/// The version of Binaryen's `wasm-opt` the task uses (pinned in xtask/binaryen/).
const WASM_OPT_VERSION: &str = "132";

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
        ["wheel"] => wheel::build(&[wheel::X86_64]).map(|_| ()),
        ["wheel", "--aarch64"] => wheel::build(&[wheel::X86_64, wheel::AARCH64]).map(|_| ()),
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

/// The workspace's target directory, as cargo reports it.
fn target_dir() -> Result<PathBuf, String> {
    let out = cargo()
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .output()
        .map_err(|e| format!("cargo metadata: {e}"))?;
    let metadata: serde_json::Value = serde_json::from_slice(&out.stdout)
        .map_err(|e| format!("cargo metadata: not JSON: {e}"))?;
    metadata["target_directory"]
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

    // The module: the target is added if this toolchain lacks it.
    let installed = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .map(|o| {
            String::from_utf8_lossy(&o.stdout)
                .lines()
                .any(|l| l.trim() == TARGET)
        })
        .unwrap_or(true);
    if !installed {
        status(Command::new("rustup").args(["target", "add", TARGET]))?;
    }
    status(cargo().args([
        "build",
        "--quiet",
        "--package",
        "knightbits-wasm",
        "--profile",
        "wasm",
        "--target",
        TARGET,
    ]))?;
    let built = target_dir()?
        .join(TARGET)
        .join("wasm")
        .join("knightbits_wasm.wasm");

    // The page's files, as the server embeds them, without the tests.
    let web = root.join("crates/knightbits-cli/web");
    fs::create_dir_all(out.join("js")).map_err(|e| format!("{}: {e}", out.display()))?;
    for name in ["style.css", "app.js"] {
        copy(&web.join(name), &out.join(name))?;
    }
    // The page as served, and the module fetched from the start, beside the page's scripts.
    let html = fs::read_to_string(web.join("index.html")).map_err(|e| e.to_string())?;
    let preload = format!(
        "<link rel=\"preload\" href=\"{WASM_NAME}\" as=\"fetch\" type=\"application/wasm\" crossorigin>\n\
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

    let wasm = out.join(WASM_NAME);
    let optimizer = wasm_opt()?;
    status(
        Command::new(&optimizer)
            .arg(&built)
            .arg("-o")
            .arg(&wasm)
            .args([
                "-Oz",
                "--strip-debug",
                "--enable-bulk-memory",
                "--enable-sign-ext",
                "--enable-nontrapping-float-to-int",
                "--enable-mutable-globals",
                "--enable-multivalue",
                "--enable-reference-types",
            ]),
    )?;

    let size = fs::metadata(&wasm).map_err(|e| e.to_string())?.len();
    let total: u64 = walk(&out)?
        .iter()
        .filter_map(|p| fs::metadata(p).ok())
        .map(|m| m.len())
        .sum();
    println!(
        "{}: index.html, style.css, app.js, {} modules, {WASM_NAME} {size} bytes (wasm-opt \
         {WASM_OPT_VERSION} -Oz); {total} bytes in all",
        out.display(),
        modules,
    );
    if size > BUDGET {
        return Err(format!(
            "{WASM_NAME} has {size} bytes, over its budget of {BUDGET}"
        ));
    }
    Ok(())
}

/// Binaryen's `wasm-opt`, always the same one: npm's `binaryen` package at the version
/// `xtask/binaryen/package-lock.json` pins (the browser tests use the same), installed there by
/// `npm ci` on first use. A `wasm-opt` elsewhere (on the PATH) is not used: another version
/// writes another size. (The `wasm-opt` crate would avoid Node.js but builds Binaryen's C++
/// from source: about an hour on two cores.)
fn wasm_opt() -> Result<PathBuf, String> {
    let dir = root().join("xtask/binaryen");
    let bin = dir.join("node_modules/.bin/wasm-opt");
    let works = |p: &Path| {
        Command::new(p)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if !works(&bin) {
        eprintln!(
            "xtask: installing Binaryen's wasm-opt {WASM_OPT_VERSION} (npm ci in {})",
            dir.display()
        );
        status(Command::new("npm").current_dir(&dir).args([
            "ci",
            "--no-audit",
            "--no-fund",
            "--loglevel=error",
        ]))
        .map_err(|e| format!("{e}: cargo xtask web needs npm (Node.js) for Binaryen's wasm-opt"))?;
    }
    Ok(bin)
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
