//! Project tasks, run as `cargo xtask TASK` (the alias is in `.cargo/config.toml`).
//!
//! `cargo xtask web --out DIR` writes the explorer as a static site: the page's files from
//! `crates/knightbits-cli/web/` (the same ones `knightbits serve` embeds), `js/config.js`
//! saying the library is the WebAssembly module beside them, and that module,
//! `knightbits.wasm`, built from `crates/knightbits-wasm` for `wasm32-unknown-unknown` with the
//! workspace's `wasm` profile (and shrunk by Binaryen's `wasm-opt -Oz` when there is one: see
//! [`wasm_opt`]). Any static file server can then serve DIR at its root.

mod test;

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

const USAGE: &str = "usage: cargo xtask web --out DIR | cargo xtask test [rust] [python] [browser]";
const TARGET: &str = "wasm32-unknown-unknown";
const WASM_NAME: &str = "knightbits.wasm";

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
    let text = String::from_utf8_lossy(&out.stdout);
    let key = "\"target_directory\":\"";
    let start = text
        .find(key)
        .ok_or("cargo metadata: no target_directory")?
        + key.len();
    let end = text[start..]
        .find('"')
        .ok_or("cargo metadata: bad target_directory")?;
    Ok(PathBuf::from(
        text[start..start + end].replace("\\\\", "\\"),
    ))
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
    let optimizer = wasm_opt(&root);
    let optimized = optimizer.as_ref().is_some_and(|opt| {
        status(Command::new(opt).arg(&built).arg("-o").arg(&wasm).args([
            "-Oz",
            "--strip-debug",
            "--enable-bulk-memory",
            "--enable-sign-ext",
            "--enable-nontrapping-float-to-int",
            "--enable-mutable-globals",
            "--enable-multivalue",
            "--enable-reference-types",
        ]))
        .is_ok()
    });
    if !optimized {
        copy(&built, &wasm)?;
    }

    let size = fs::metadata(&wasm).map_err(|e| e.to_string())?.len();
    let total: u64 = walk(&out)?
        .iter()
        .filter_map(|p| fs::metadata(p).ok())
        .map(|m| m.len())
        .sum();
    println!(
        "{}: index.html, style.css, app.js, {} modules, {WASM_NAME} {size} bytes{}; {total} bytes in all",
        out.display(),
        modules,
        if optimized { " (wasm-opt -Oz)" } else { "" },
    );
    Ok(())
}

/// Binaryen's `wasm-opt`: `$WASM_OPT`, else one on the PATH, else the one the browser tests
/// install from npm (the `binaryen` package, in `crates/knightbits-cli/tests/browser`).
fn wasm_opt(root: &Path) -> Option<PathBuf> {
    let works = |p: &Path| {
        Command::new(p)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    let candidates = [
        env::var_os("WASM_OPT").map(PathBuf::from),
        Some(PathBuf::from("wasm-opt")),
        Some(root.join("crates/knightbits-cli/tests/browser/node_modules/.bin/wasm-opt")),
    ];
    candidates.into_iter().flatten().find(|p| works(p))
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
