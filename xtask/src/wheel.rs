//! `cargo xtask wheel`: the Python package's release artefacts in `target/wheels/`, built in
//! the project's own virtual environment (`target/venv`):
//!
//! - an abi3 wheel for CPython >= 3.9 on x86_64 Linux tagged manylinux2014 (glibc 2.17),
//!   linked by zig (the `ziglang` package from PyPI, pinned) against glibc 2.17's symbols
//!   whatever the build machine's glibc, stripped, at most [`MAX_WHEEL_BYTES`];
//!   `auditwheel show` must agree with the tag;
//! - the source distribution (`knightbits-VERSION.tar.gz`) maturin makes, path dependencies
//!   included.
//!
//! The `python` suite of `cargo xtask test` builds the same wheel (so CI builds it once),
//! installs it for pytest and into a fresh virtual environment without cargo or rustc.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::{root, status, target_dir};

/// The largest wheel the task accepts.
pub const MAX_WHEEL_BYTES: u64 = 5_000_000;
/// maturin, and the zig that links against old glibc symbols (versions known to work together).
const TOOLS: [&str; 3] = ["maturin>=1.16,<2", "ziglang==0.13.0", "auditwheel>=6,<7"];
/// The Linux target the wheel is built for.
const TRIPLE: &str = "x86_64-unknown-linux-gnu";
/// The platform tag the wheel must have.
const TAG: &str = "manylinux_2_17_x86_64";

/// The project's virtual environment (`target/venv`), created when missing; returns it.
pub fn venv() -> Result<PathBuf, String> {
    let venv = target_dir()?.join("venv");
    if !venv.join("bin/python").exists() {
        println!("== python: virtual environment {}", venv.display());
        status(Command::new("python3").arg("-m").arg("venv").arg(&venv))?;
    }
    Ok(venv)
}

/// `pip install ARGS` in `venv`.
pub fn pip(venv: &Path, args: &[&str]) -> Result<(), String> {
    status(
        Command::new(venv.join("bin/python"))
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
            ])
            .args(args),
    )
}

/// The wheel and sdist built into `target/wheels/`: the wheel's path.
pub fn build() -> Result<PathBuf, String> {
    let venv = venv()?;
    pip(&venv, &TOOLS)?;
    let out = target_dir()?.join("wheels");
    fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    for old in fs::read_dir(&out).map_err(|e| format!("{}: {e}", out.display()))? {
        let path = old.map_err(|e| e.to_string())?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with("knightbits-") {
            fs::remove_file(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    let manifest = root().join("crates/knightbits-py/Cargo.toml");
    let bin = venv.join("bin");
    // maturin runs zig as `python -m ziglang` from the environment first on PATH.
    let path = std::env::join_paths(std::iter::once(bin.clone()).chain(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    )))
    .map_err(|e| e.to_string())?;
    println!("== wheel: maturin build --release --strip --zig --compatibility manylinux2014");
    status(
        Command::new(bin.join("maturin"))
            .args(["build", "--release", "--strip", "--zig", "--quiet"])
            .args(["--compatibility", "manylinux2014", "--target", TRIPLE])
            .arg("--manifest-path")
            .arg(&manifest)
            .arg("--out")
            .arg(&out)
            .env("PATH", &path)
            .env("VIRTUAL_ENV", &venv),
    )?;
    println!("== wheel: maturin sdist");
    status(
        Command::new(bin.join("maturin"))
            .args(["sdist", "--manifest-path"])
            .arg(&manifest)
            .arg("--out")
            .arg(&out),
    )?;
    let wheel = one(&out, ".whl")?;
    let sdist = one(&out, ".tar.gz")?;
    let size = fs::metadata(&wheel).map_err(|e| e.to_string())?.len();
    if size > MAX_WHEEL_BYTES {
        return Err(format!(
            "{} has {size} bytes, over the {MAX_WHEEL_BYTES} allowed",
            wheel.display()
        ));
    }
    let shown = Command::new(bin.join("auditwheel"))
        .arg("show")
        .arg(&wheel)
        .output()
        .map_err(|e| format!("auditwheel could not start: {e}"))?;
    let text = String::from_utf8_lossy(&shown.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    if !shown.status.success()
        || !text.contains(&format!(
            "consistent with the following platform tag: \"{TAG}\""
        ))
    {
        return Err(format!("auditwheel show does not agree with {TAG}: {text}"));
    }
    println!(
        "== wheel: {} ({size} bytes, auditwheel: {TAG})\n== sdist: {}",
        wheel.display(),
        sdist.display()
    );
    Ok(wheel)
}

/// The one `knightbits-*` file ending in `ext` in `dir`.
fn one(dir: &Path, ext: &str) -> Result<PathBuf, String> {
    let found: Vec<PathBuf> = fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("knightbits-") && n.ends_with(ext))
        })
        .collect();
    match found.as_slice() {
        [one] => Ok(one.clone()),
        _ => Err(format!(
            "expected one knightbits-*{ext} in {}",
            dir.display()
        )),
    }
}
