//! `cargo xtask dist`: every release artefact in `target/dist/`, with `SHA256SUMS` over them:
//!
//! - the `.crate` file of every published crate (`cargo package`, checked as packaged by CI's
//!   `.ci/background`, so not built again here);
//! - every wheel and the sdist (`cargo xtask wheel --all`, checked as it checks them);
//! - the npm tarball, from `cargo xtask npm` (an error names it as missing when that task
//!   fails: nothing stands in for it);
//! - the static explorer as `knightbits-explorer-VERSION.tar.gz` (`cargo xtask web`);
//! - the command line as static Linux binaries for x86_64 and aarch64 (musl, built with
//!   cargo-zigbuild from PyPI, with the `dist` feature), each run here (aarch64 by qemu-user
//!   when `qemu-aarch64-static` is on PATH): `knightbits-cli-VERSION-TRIPLE.tar.gz` holding
//!   the binary, README.md and both licence files.
//!
//! `sha256sum -c SHA256SUMS` is run in the folder before the task ends.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::{cargo, copy, root, status, target_dir, wheel};

/// The release's version (the workspace's).
const VERSION: &str = env!("CARGO_PKG_VERSION");
/// cargo-zigbuild, pinned (it runs the wheels' zig).
const ZIGBUILD: &str = "cargo-zigbuild==0.24.1";
/// The crates published to crates.io, in dependency order.
pub const CRATES: [&str; 7] = [
    "knightbits",
    "knightbits-board",
    "knightbits-count",
    "knightbits-svg",
    "knightbits-api",
    "knightbits-dist",
    "knightbits-cli",
];
/// The Linux targets of the command line's static binaries, and the program that runs each
/// here (none: this machine).
const BINARIES: [(&str, Option<&str>); 2] = [
    ("x86_64-unknown-linux-musl", None),
    ("aarch64-unknown-linux-musl", Some("qemu-aarch64-static")),
];

/// Writes `target/dist/`; an artefact that could not be made is an error naming it, after the
/// others are written and summed.
pub fn run() -> Result<(), String> {
    let target = target_dir()?;
    let out = target.join("dist");
    let _ = fs::remove_dir_all(&out);
    fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;

    crates(&target, &out)?;
    let venv = wheel::venv()?;
    wheel::build(&wheel::ALL)?;
    for file in list(&target.join("wheels"))? {
        let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with("knightbits-") && (name.ends_with(".whl") || name.ends_with(".tar.gz"))
        {
            copy(&file, &out.join(name))?;
        }
    }
    explorer(&target, &out)?;
    binaries(&venv, &target, &out)?;
    let npm = npm(&out);

    sums(&out)?;
    npm
}

/// The `.crate` files of [`CRATES`].
pub fn crates(target: &Path, out: &Path) -> Result<(), String> {
    println!("== dist: cargo package (the published crates)");
    let mut package = cargo();
    package.args(["package", "--quiet", "--no-verify", "--allow-dirty"]);
    for name in CRATES {
        package.args(["--package", name]);
    }
    status(&mut package)?;
    for name in CRATES {
        let file = format!("{name}-{VERSION}.crate");
        copy(&target.join("package").join(&file), &out.join(&file))?;
    }
    Ok(())
}

/// The static explorer, packed with fixed owners and times so that the same files give the
/// same archive.
fn explorer(target: &Path, out: &Path) -> Result<(), String> {
    let site = target.join("dist-explorer");
    let _ = fs::remove_dir_all(&site);
    let name = format!("knightbits-explorer-{VERSION}");
    let dir = site.join(&name);
    crate::web(&dir)?;
    tar(&site, &name, &out.join(format!("{name}.tar.gz")))
}

/// `tar.gz` of `dir/name`, reproducible.
fn tar(dir: &Path, name: &str, archive: &Path) -> Result<(), String> {
    status(
        Command::new("tar")
            .args([
                "--sort=name",
                "--mtime=@0",
                "--owner=0",
                "--group=0",
                "--numeric-owner",
                // gzip without the name and time of the input in its header
                "--use-compress-program=gzip -n",
                "-cf",
            ])
            .arg(archive)
            .arg("-C")
            .arg(dir)
            .arg(name),
    )
}

/// The command line for each of [`BINARIES`], run, checked static, and packed.
fn binaries(venv: &Path, target: &Path, out: &Path) -> Result<(), String> {
    wheel::pip(venv, &[ZIGBUILD])?;
    let path = wheel::path_with(&venv.join("bin"))?;
    for (triple, runner) in BINARIES {
        status(Command::new("rustup").args(["target", "add", triple]))?;
        println!(
            "== dist: cargo zigbuild --release -p knightbits-cli --features dist --target {triple}"
        );
        status(
            cargo()
                .args([
                    "zigbuild",
                    "--release",
                    "--quiet",
                    "--package",
                    "knightbits-cli",
                    "--bin",
                    "knightbits",
                    "--features",
                    "dist",
                    "--target",
                    triple,
                ])
                .env("PATH", &path)
                .env("CARGO_PROFILE_RELEASE_DEBUG", "false")
                .env("CARGO_PROFILE_RELEASE_STRIP", "symbols"),
        )?;
        let binary = target.join(triple).join("release/knightbits");
        statically_linked(&binary)?;
        run_binary(&binary, runner)?;
        let name = format!("knightbits-cli-{VERSION}-{triple}");
        let dir = target.join("dist-cli");
        let staged = dir.join(&name);
        let _ = fs::remove_dir_all(&staged);
        fs::create_dir_all(&staged).map_err(|e| e.to_string())?;
        copy(&binary, &staged.join("knightbits"))?;
        for file in ["README.md", "LICENSE-MIT", "LICENSE-APACHE"] {
            copy(&root().join(file), &staged.join(file))?;
        }
        tar(&dir, &name, &out.join(format!("{name}.tar.gz")))?;
    }
    Ok(())
}

/// An ELF file with no program interpreter and no shared library needed.
fn statically_linked(binary: &Path) -> Result<(), String> {
    let shown = Command::new("objdump")
        .arg("-p")
        .arg(binary)
        .output()
        .map_err(|e| format!("objdump could not start: {e}"))?;
    let text = String::from_utf8_lossy(&shown.stdout);
    if !shown.status.success() || text.contains("INTERP") || text.contains("NEEDED") {
        return Err(format!(
            "{} is not a static executable (objdump -p)",
            binary.display()
        ));
    }
    Ok(())
}

/// Runs the binary on a question whose answer is known: the knight's attacks from d4.
fn run_binary(binary: &Path, runner: Option<&str>) -> Result<(), String> {
    let mut cmd = match runner {
        Some(runner) => {
            let mut c = Command::new(runner);
            c.arg(binary);
            c
        }
        None => Command::new(binary),
    };
    let shown = format!("{cmd:?}");
    let out = match cmd.args(["attacks", "d4", "--json"]).output() {
        Ok(out) => out,
        Err(e) => {
            println!("== dist: {shown} not run: {e}");
            return Ok(());
        }
    };
    let text = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() || !text.contains("\"bitboard\":\"0x0000142200221400\"") {
        return Err(format!("{shown} attacks d4 --json gave: {text}"));
    }
    println!("== dist: {shown} attacks d4 --json: {}", text.trim());
    Ok(())
}

/// The npm tarball, by `cargo xtask npm` ([`crate::npm::build`]).
fn npm(out: &Path) -> Result<(), String> {
    println!("== dist: cargo xtask npm");
    let built = crate::npm::build()
        .map_err(|e| format!("the npm tarball is missing from {}: {e}", out.display()))?;
    let name = built.file_name().ok_or("the npm tarball has no name")?;
    copy(&built, &out.join(name))
}

/// Files directly in `dir`, sorted.
fn list(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    Ok(files)
}

/// `SHA256SUMS` over every file in `out` (by `sha256sum`), then `sha256sum -c`, and the listing.
fn sums(out: &Path) -> Result<(), String> {
    let names: Vec<String> = list(out)?
        .iter()
        .filter_map(|p| p.file_name().and_then(|n| n.to_str()).map(str::to_string))
        .filter(|n| n != "SHA256SUMS")
        .collect();
    let summed = Command::new("sha256sum")
        .args(&names)
        .current_dir(out)
        .output()
        .map_err(|e| format!("sha256sum could not start: {e}"))?;
    if !summed.status.success() {
        return Err("sha256sum failed".into());
    }
    fs::write(out.join("SHA256SUMS"), &summed.stdout).map_err(|e| e.to_string())?;
    status(
        Command::new("sha256sum")
            .args(["-c", "--quiet", "SHA256SUMS"])
            .current_dir(out),
    )?;
    println!(
        "== dist: {} (sha256sum -c SHA256SUMS passes)",
        out.display()
    );
    for name in &names {
        let size = fs::metadata(out.join(name))
            .map_err(|e| e.to_string())?
            .len();
        println!("{size:>12}  {name}");
    }
    Ok(())
}
