//! `cargo xtask wheel`: the Python package's release artefacts in `target/wheels/`, built in
//! the project's own virtual environment (`target/venv`):
//!
//! - an abi3 wheel for CPython >= 3.9 on x86_64 Linux tagged manylinux2014 (glibc 2.17)
//!   (with `--aarch64`, one for aarch64 Linux too, cross-built the same way),
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
/// A Linux target a wheel is built for: the Rust target triple and the platform tag
/// `auditwheel show` must give the wheel.
#[derive(Clone, Copy)]
pub struct Platform {
    triple: &'static str,
    tag: &'static str,
}

/// The wheel every build makes (and `cargo xtask test python` tests).
pub const X86_64: Platform = Platform {
    triple: "x86_64-unknown-linux-gnu",
    tag: "manylinux_2_17_x86_64",
};
/// The wheel `cargo xtask wheel --aarch64` adds: cross-built by the same zig, not run here.
pub const AARCH64: Platform = Platform {
    triple: "aarch64-unknown-linux-gnu",
    tag: "manylinux_2_17_aarch64",
};

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

/// The wheels of `platforms` (the first one's path is returned) and the sdist, built into
/// `target/wheels/`.
pub fn build(platforms: &[Platform]) -> Result<PathBuf, String> {
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
    for platform in platforms {
        if platform.triple != X86_64.triple {
            // The standard library of the target (a no-op once installed).
            status(Command::new("rustup").args(["target", "add", platform.triple]))?;
        }
        println!(
            "== wheel: maturin build --release --strip --zig --compatibility manylinux2014 --target {}",
            platform.triple
        );
        status(
            Command::new(bin.join("maturin"))
                .args(["build", "--release", "--strip", "--zig", "--quiet"])
                .args([
                    "--compatibility",
                    "manylinux2014",
                    "--target",
                    platform.triple,
                ])
                .arg("--manifest-path")
                .arg(&manifest)
                .arg("--out")
                .arg(&out)
                .env("PATH", &path)
                .env("VIRTUAL_ENV", &venv),
        )?;
    }
    println!("== wheel: maturin sdist");
    status(
        Command::new(bin.join("maturin"))
            .args(["sdist", "--manifest-path"])
            .arg(&manifest)
            .arg("--out")
            .arg(&out),
    )?;
    let sdist = one(&out, ".tar.gz")?;
    let mut wheels = Vec::new();
    for platform in platforms {
        let wheel = one(&out, &format!("{}.whl", platform.tag))?;
        check(&bin, &wheel, platform.tag)?;
        wheels.push(wheel);
    }
    println!("== sdist: {}", sdist.display());
    Ok(wheels.swap_remove(0))
}

/// Checks a wheel's size and that `auditwheel show` agrees with `tag`.
fn check(bin: &Path, wheel: &Path, tag: &str) -> Result<(), String> {
    let size = fs::metadata(wheel).map_err(|e| e.to_string())?.len();
    if size > MAX_WHEEL_BYTES {
        return Err(format!(
            "{} has {size} bytes, over the {MAX_WHEEL_BYTES} allowed",
            wheel.display()
        ));
    }
    let shown = Command::new(bin.join("auditwheel"))
        .arg("show")
        .arg(wheel)
        .output()
        .map_err(|e| format!("auditwheel could not start: {e}"))?;
    let text = String::from_utf8_lossy(&shown.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    if !shown.status.success()
        || !text.contains(&format!(
            "consistent with the following platform tag: \"{tag}\""
        ))
    {
        return Err(format!("auditwheel show does not agree with {tag}: {text}"));
    }
    println!(
        "== wheel: {} ({size} bytes, auditwheel: {tag})",
        wheel.display()
    );
    Ok(())
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
