//! `cargo xtask npm`: the npm package, `target/npm/knightbits-VERSION.tgz`, as `npm pack`
//! writes it.
//!
//! The package is an ES module over the WebAssembly module the static explorer uses ([`module`]
//! builds it once, for both): `index.js` and its types `index.d.ts` (from
//! `crates/knightbits-wasm/npm/`), the page's loader `web/js/wasm.js` as it is, `knightbits.wasm`,
//! the README and both licence files. Its `version` is the workspace's. A tarball over
//! [`MAX_TARBALL_BYTES`] is an error.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::{cargo, copy, metadata, root, status, target_dir};

/// The largest tarball the task accepts.
pub const MAX_TARBALL_BYTES: u64 = 300_000;
/// The most bytes the WebAssembly module may have (the explorer page's budget).
pub const MODULE_BUDGET: u64 = 300_000;
/// The module's name in the package and beside the static page.
pub const MODULE_NAME: &str = "knightbits.wasm";
const TARGET: &str = "wasm32-unknown-unknown";
/// The version of Binaryen's `wasm-opt` the task uses (pinned in xtask/binaryen/).
pub const WASM_OPT_VERSION: &str = "132";
/// The package's sources, beside the crate it wraps.
const SOURCES: &str = "crates/knightbits-wasm/npm";
/// The files of the package taken from [`SOURCES`].
const FILES: [&str; 3] = ["index.js", "index.d.ts", "README.md"];

/// The WebAssembly module, built once for the npm package and the static page:
/// `crates/knightbits-wasm` for `wasm32-unknown-unknown` with the workspace's `wasm` profile,
/// shrunk by Binaryen's `wasm-opt --flatten --rereloop -Oz` (always the same pinned version,
/// which the task installs itself with npm, see [`wasm_opt`]: the module has the same size on
/// every machine),
/// written to `target/npm/knightbits.wasm`. A module over [`MODULE_BUDGET`] is an error.
pub fn module() -> Result<PathBuf, String> {
    // The target is added if this toolchain lacks it.
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
    let target = target_dir()?;
    let built = target
        .join(TARGET)
        .join("wasm")
        .join("knightbits_wasm.wasm");
    let dir = target.join("npm");
    fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let wasm = dir.join(MODULE_NAME);
    // wasm-opt takes about 18 s of CPU: the module it made last is kept while its input, kept
    // beside it, is byte for byte the same (`cargo xtask test` asks for the module three times).
    let input = dir.join(format!("{MODULE_NAME}.input"));
    let read = |p: &Path| fs::read(p).map_err(|e| format!("{}: {e}", p.display()));
    let fresh = wasm.exists() && input.exists() && read(&input)? == read(&built)?;
    if !fresh {
        optimise(&built, &wasm)?;
        copy(&built, &input)?;
    }
    let size = fs::metadata(&wasm).map_err(|e| e.to_string())?.len();
    if size > MODULE_BUDGET {
        return Err(format!(
            "{MODULE_NAME} has {size} bytes, over its budget of {MODULE_BUDGET}"
        ));
    }
    Ok(wasm)
}

/// Shrinks the module `built` into `wasm` by the pinned `wasm-opt`.
fn optimise(built: &Path, wasm: &Path) -> Result<(), String> {
    status(
        Command::new(wasm_opt()?)
            .arg(built)
            .arg("-o")
            .arg(wasm)
            // Flattened and re-reloopered before -Oz: smaller than -Oz alone (BENCHMARKS.md,
            // "The WebAssembly module").
            .args([
                "--flatten",
                "--rereloop",
                "-Oz",
                "--strip-debug",
                "--strip-producers",
                "--enable-bulk-memory",
                "--enable-sign-ext",
                "--enable-nontrapping-float-to-int",
                "--enable-mutable-globals",
                "--enable-multivalue",
                "--enable-reference-types",
            ]),
    )
}

/// Writes the package to `target/npm/package/` and packs it with `npm pack` into
/// `target/npm/knightbits-VERSION.tgz`; returns the tarball's path.
pub fn build() -> Result<PathBuf, String> {
    let wasm = module()?;
    let root = root();
    let npm = wasm
        .parent()
        .expect("the module is in target/npm")
        .to_path_buf();
    let package = npm.join("package");
    if package.exists() {
        fs::remove_dir_all(&package).map_err(|e| format!("{}: {e}", package.display()))?;
    }
    fs::create_dir_all(&package).map_err(|e| format!("{}: {e}", package.display()))?;
    let sources = root.join(SOURCES);
    for name in FILES {
        copy(&sources.join(name), &package.join(name))?;
    }
    for name in ["LICENSE-MIT", "LICENSE-APACHE"] {
        copy(&root.join(name), &package.join(name))?;
    }
    copy(
        &root.join("crates/knightbits-cli/web/js/wasm.js"),
        &package.join("wasm.js"),
    )?;
    copy(&wasm, &package.join(MODULE_NAME))?;

    let manifest = sources.join("package.json");
    let text = fs::read_to_string(&manifest).map_err(|e| format!("{}: {e}", manifest.display()))?;
    let mut json: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", manifest.display()))?;
    let version = version()?;
    json["version"] = serde_json::Value::String(version.clone());
    let text = serde_json::to_string_pretty(&json).map_err(|e| e.to_string())? + "\n";
    fs::write(package.join("package.json"), text).map_err(|e| e.to_string())?;

    let tarball = npm.join(format!("knightbits-{version}.tgz"));
    if tarball.exists() {
        fs::remove_file(&tarball).map_err(|e| format!("{}: {e}", tarball.display()))?;
    }
    // `npm pack` names the tarball on stdout: this task says more below.
    let packed = Command::new("npm")
        .current_dir(&package)
        .args(["pack", "--silent", "--pack-destination"])
        .arg(&npm)
        .stdout(Stdio::null())
        .status()
        .map_err(|e| {
            format!("npm pack could not start: {e}: cargo xtask npm needs npm (Node.js)")
        })?;
    if !packed.success() {
        return Err(format!("npm pack failed ({packed})"));
    }
    let size = fs::metadata(&tarball)
        .map_err(|e| format!("{}: {e}", tarball.display()))?
        .len();
    let module_size = fs::metadata(&wasm).map_err(|e| e.to_string())?.len();
    println!(
        "{}: {size} bytes ({MODULE_NAME} {module_size} bytes, wasm-opt {WASM_OPT_VERSION})",
        tarball.display()
    );
    if size > MAX_TARBALL_BYTES {
        return Err(format!(
            "{} has {size} bytes, over the {MAX_TARBALL_BYTES} allowed",
            tarball.display()
        ));
    }
    Ok(tarball)
}

/// The workspace's version (the wasm crate's), as cargo reports it.
fn version() -> Result<String, String> {
    metadata()?["packages"]
        .as_array()
        .and_then(|packages| packages.iter().find(|p| p["name"] == "knightbits-wasm"))
        .and_then(|p| p["version"].as_str())
        .map(str::to_string)
        .ok_or_else(|| "cargo metadata: no version of knightbits-wasm".to_string())
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
