//! `cargo xtask wheel [--aarch64 | --all [--run] | --run]`: the Python package's release
//! artefacts in `target/wheels/`, built in the project's own virtual environment
//! (`target/venv`) by maturin with zig as the linker (both from PyPI, pinned in [`TOOLS`];
//! Windows aside), whatever the build machine:
//!
//! - abi3 wheels for CPython >= 3.9, stripped, each at most [`MAX_WHEEL_BYTES`] and each holding
//!   both licence files: x86_64 Linux tagged manylinux2014 (glibc 2.17) always; with
//!   `--aarch64` the aarch64 one too; with `--all` every desktop of [`ALL`] (manylinux2014
//!   x86_64 and aarch64, musllinux_1_2 x86_64, macOS x86_64 and arm64, Windows x86_64 by the
//!   gnu target, MinGW-w64's gcc (installed with apt as root on Debian when missing) and
//!   pyo3's generated `python3.dll` import library);
//! - the source distribution (`knightbits-VERSION.tar.gz`) maturin makes, path dependencies and
//!   both licence files included.
//!
//! Each wheel is checked as far as a Linux machine can without running it: glibc Linux wheels
//! by `auditwheel show` (the tag it gives must be the wheel's), the musl one by `objdump -p`
//! (needing musl's libc alone), macOS wheels by
//! `llvm-objdump --macho` (Mach-O dylib of the wheel's architecture, linking nothing but
//! `/usr/lib` and `/System`), the Windows wheel by `objdump -p` (PE32+ x86-64 DLL importing only
//! `python3.dll` and Windows' own DLLs). Running them is the tests' part: the `python` suite of
//! `cargo xtask test` installs the x86_64 wheel for pytest and into a fresh virtual environment
//! without cargo or rustc; `cargo xtask wheel --all --run` adds the whole pytest suite in such a
//! fresh environment and, where qemu-user and a Debian arm64 root are at hand
//! (`KNIGHTBITS_ARM64_ROOT`), the aarch64 wheel's suite under emulation.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::{root, status, target_dir};

/// The largest wheel the task accepts.
pub const MAX_WHEEL_BYTES: u64 = 5_000_000;
/// maturin, the zig that links the targets but Windows (against glibc 2.17's symbols on Linux), and
/// auditwheel (versions known to work together).
const TOOLS: [&str; 3] = ["maturin>=1.16,<1.17", "ziglang==0.13.0", "auditwheel>=6,<7"];
/// The licence files every wheel and the sdist carry.
pub const LICENCES: [&str; 2] = ["LICENSE-MIT", "LICENSE-APACHE"];

/// How a wheel's native library is checked on this machine.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Check {
    /// `auditwheel show` gives the wheel's platform tag.
    Auditwheel,
    /// A Mach-O dylib of this `llvm-objdump` CPU type, linking only the system's libraries.
    MachO(&'static str),
    /// A PE32+ x86-64 DLL importing only `python3.dll` and Windows' own DLLs.
    Pe,
    /// An x86-64 ELF library needing only musl's libc (`auditwheel show` cannot resolve musl's
    /// libc on a glibc machine: its ELF reader fails on the host's files).
    Musl,
}

/// A target a wheel is built for: the Rust target triple, maturin's `--compatibility` (Linux),
/// whether zig links it, the end of the wheel's file name, and how it is checked.
#[derive(Clone, Copy)]
pub struct Platform {
    triple: &'static str,
    compatibility: Option<&'static str>,
    zig: bool,
    tag: &'static str,
    check: Check,
}

/// The wheel every build makes (and `cargo xtask test python` tests).
pub const X86_64: Platform = Platform {
    triple: "x86_64-unknown-linux-gnu",
    compatibility: Some("manylinux2014"),
    zig: true,
    tag: "manylinux_2_17_x86_64",
    check: Check::Auditwheel,
};
/// aarch64 Linux, glibc 2.17 or newer.
pub const AARCH64: Platform = Platform {
    triple: "aarch64-unknown-linux-gnu",
    compatibility: Some("manylinux2014"),
    zig: true,
    tag: "manylinux_2_17_aarch64",
    check: Check::Auditwheel,
};
/// x86_64 Linux with musl 1.2 (Alpine).
pub const MUSL_X86_64: Platform = Platform {
    triple: "x86_64-unknown-linux-musl",
    compatibility: Some("musllinux_1_2"),
    zig: true,
    tag: "musllinux_1_2_x86_64",
    check: Check::Musl,
};
/// Intel Macs, macOS 10.12 or newer (maturin's default for the target).
pub const MACOS_X86_64: Platform = Platform {
    triple: "x86_64-apple-darwin",
    compatibility: None,
    zig: true,
    tag: "macosx_10_12_x86_64",
    check: Check::MachO("X86_64"),
};
/// Apple silicon, macOS 11 or newer.
pub const MACOS_ARM64: Platform = Platform {
    triple: "aarch64-apple-darwin",
    compatibility: None,
    zig: true,
    tag: "macosx_11_0_arm64",
    check: Check::MachO("ARM64"),
};
/// 64-bit Windows.
pub const WINDOWS_X86_64: Platform = Platform {
    triple: "x86_64-pc-windows-gnu",
    compatibility: None,
    zig: false,
    tag: "win_amd64",
    check: Check::Pe,
};
/// Every wheel of a release (`cargo xtask wheel --all`).
pub const ALL: [Platform; 6] = [
    X86_64,
    AARCH64,
    WINDOWS_X86_64,
    MACOS_ARM64,
    MACOS_X86_64,
    MUSL_X86_64,
];

/// The project's virtual environment (`target/venv`), created when missing; returns it.
pub fn venv() -> Result<PathBuf, String> {
    let venv = target_dir()?.join("venv");
    if !venv.join("bin/python").exists() {
        println!("== python: virtual environment {}", venv.display());
        status(Command::new("python3").arg("-m").arg("venv").arg(&venv))?;
    }
    Ok(venv)
}

/// `python -m pip install`, quietly.
const PIP_INSTALL: [&str; 5] = [
    "-m",
    "pip",
    "install",
    "--quiet",
    "--disable-pip-version-check",
];

/// `pip install ARGS` in `venv`.
pub fn pip(venv: &Path, args: &[&str]) -> Result<(), String> {
    status(
        Command::new(venv.join("bin/python"))
            .args(PIP_INSTALL)
            .args(args),
    )
}

/// The wheels of `platforms` (the first one's path is returned) and the sdist, built into
/// `target/wheels/` and checked (see the module's documentation).
pub fn build(platforms: &[Platform]) -> Result<PathBuf, String> {
    let venv = venv()?;
    pip(&venv, &TOOLS)?;
    let out = target_dir()?.join("wheels");
    fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    for old in fs::read_dir(&out).map_err(|e| format!("{}: {e}", out.display()))? {
        let path = old.map_err(|e| e.to_string())?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with("knightbits-") {
            let removed = if path.is_dir() {
                fs::remove_dir_all(&path)
            } else {
                fs::remove_file(&path)
            };
            removed.map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    let manifest = root().join("crates/knightbits-py/Cargo.toml");
    let bin = venv.join("bin");
    // maturin runs zig as `python -m ziglang` from the environment first on PATH.
    let path = path_with(&bin)?;
    let mut wheels = Vec::new();
    for platform in platforms {
        if platform.triple != X86_64.triple {
            // The standard library of the target (a no-op once installed).
            status(Command::new("rustup").args(["target", "add", platform.triple]))?;
        }
        let mut maturin = Command::new(bin.join("maturin"));
        maturin
            .args(["build", "--release", "--strip", "--quiet"])
            .args(["--target", platform.triple]);
        if platform.zig {
            maturin.arg("--zig");
        }
        if let Some(compatibility) = platform.compatibility {
            maturin.args(["--compatibility", compatibility]);
        }
        if platform.check == Check::Pe {
            mingw()?;
            // No Windows Python here to link against: pyo3 writes python3.dll's import library.
            maturin.args(["--features", "pyo3/generate-import-lib"]);
        }
        println!("== wheel: {}", platform.triple);
        status(
            maturin
                .arg("--manifest-path")
                .arg(&manifest)
                .arg("--out")
                .arg(&out)
                .env("PATH", &path)
                .env("VIRTUAL_ENV", &venv),
        )?;
        // Checked as soon as built, so a later target's failure leaves the earlier ones told.
        let wheel = one(&out, &format!("{}.whl", platform.tag))?;
        check(&venv, &wheel, platform)?;
        wheels.push(wheel);
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
    licences(&venv, &sdist)?;
    println!(
        "== sdist: {} (licences: {})",
        sdist.display(),
        LICENCES.join(", ")
    );
    Ok(wheels.swap_remove(0))
}

/// MinGW-w64's gcc, rustc's linker for the Windows (gnu) target, and the Debian package holding it.
const MINGW: (&str, &str) = ("x86_64-w64-mingw32-gcc", "gcc-mingw-w64-x86-64-win32");

/// MinGW-w64's gcc on PATH, installed with apt when missing and run as root on Debian.
fn mingw() -> Result<(), String> {
    let (gcc, package) = MINGW;
    let found = || Command::new(gcc).arg("--version").output().is_ok();
    if found() || (crate::apt(&[package])? && found()) {
        return Ok(());
    }
    Err(format!(
        "{gcc} links the Windows wheel: install {package} (Debian) or your system's MinGW-w64"
    ))
}

/// `PATH` with `dir` first.
pub fn path_with(dir: &Path) -> Result<std::ffi::OsString, String> {
    std::env::join_paths(
        std::iter::once(dir.to_path_buf()).chain(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        )),
    )
    .map_err(|e| e.to_string())
}

/// Checks a wheel: its size, its licence files and its native library (see [`Check`]).
fn check(venv: &Path, wheel: &Path, platform: &Platform) -> Result<(), String> {
    let size = fs::metadata(wheel).map_err(|e| e.to_string())?.len();
    if size > MAX_WHEEL_BYTES {
        return Err(format!(
            "{} has {size} bytes, over the {MAX_WHEEL_BYTES} allowed",
            wheel.display()
        ));
    }
    licences(venv, wheel)?;
    let how = match platform.check {
        Check::Auditwheel => auditwheel(venv, wheel, platform.tag)?,
        Check::MachO(cpu) => macho(&native_library(venv, wheel)?, cpu)?,
        Check::Pe => pe(&native_library(venv, wheel)?)?,
        Check::Musl => musl(&native_library(venv, wheel)?)?,
    };
    println!(
        "== wheel: {} ({size} bytes, licences, {how})",
        wheel.display()
    );
    Ok(())
}

/// The names in a wheel (zip) or an sdist (tar.gz), as Python's own modules read them.
fn archive_names(venv: &Path, archive: &Path) -> Result<Vec<String>, String> {
    let script = "import sys, tarfile, zipfile\n\
                  p = sys.argv[1]\n\
                  names = zipfile.ZipFile(p).namelist() if p.endswith('.whl') \
                  else tarfile.open(p).getnames()\n\
                  print('\\n'.join(names))";
    Ok(listing(venv.join("bin/python"), &["-c", script], archive)?
        .lines()
        .map(str::to_string)
        .collect())
}

/// Both licence files are in `archive` (a wheel's `.dist-info/licenses/`, the sdist's root).
fn licences(venv: &Path, archive: &Path) -> Result<(), String> {
    let names = archive_names(venv, archive)?;
    for licence in LICENCES {
        let wanted = |n: &String| {
            let parts: Vec<&str> = n.split('/').collect();
            match parts.as_slice() {
                [info, "licenses", name] => info.ends_with(".dist-info") && *name == licence,
                [_, name] => *name == licence,
                _ => false,
            }
        };
        if !names.iter().any(wanted) {
            return Err(format!("{} has no {licence}", archive.display()));
        }
    }
    Ok(())
}

/// `auditwheel show` must give `tag`; returns what was checked.
fn auditwheel(venv: &Path, wheel: &Path, tag: &str) -> Result<String, String> {
    let shown = Command::new(venv.join("bin/auditwheel"))
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
    Ok(format!("auditwheel show: {tag}"))
}

/// The wheel's compiled module (`knightbits/_knightbits.*`), extracted under
/// `target/wheel-check/` (not beside the wheel: `target/wheels/` holds only release files).
fn native_library(venv: &Path, wheel: &Path) -> Result<PathBuf, String> {
    let name = archive_names(venv, wheel)?
        .into_iter()
        .find(|n| n.starts_with("knightbits/_knightbits.") && !n.ends_with(".pyi"))
        .ok_or_else(|| format!("{}: no knightbits/_knightbits module", wheel.display()))?;
    let stem = wheel.file_stem().ok_or("a wheel without a name")?;
    let dir = target_dir()?.join("wheel-check").join(stem);
    let _ = fs::remove_dir_all(&dir);
    status(
        Command::new(venv.join("bin/python"))
            .args(["-m", "zipfile", "-e"])
            .arg(wheel)
            .arg(&dir),
    )?;
    Ok(dir.join(name))
}

/// The output of `tool args file`, or an error naming the tool.
fn listing(tool: impl AsRef<Path>, args: &[&str], file: &Path) -> Result<String, String> {
    let tool = tool.as_ref().display().to_string();
    let out = Command::new(&tool)
        .args(args)
        .arg(file)
        .output()
        .map_err(|e| format!("{tool} could not start: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{tool} {}: {}",
            file.display(),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// A Mach-O dylib for `cpu` linking only the system's own libraries (never libpython: the
/// interpreter's symbols are looked up when it loads the module).
fn macho(library: &Path, cpu: &str) -> Result<String, String> {
    let headers = listing("llvm-objdump", &["--macho", "--private-header"], library)?;
    let header = headers
        .lines()
        .find(|l| l.trim_start().starts_with("MH_MAGIC_64"))
        .unwrap_or("");
    let fields: Vec<&str> = header.split_whitespace().collect();
    if fields.get(1) != Some(&cpu) || fields.get(4) != Some(&"DYLIB") {
        return Err(format!(
            "{}: not a 64-bit {cpu} Mach-O dylib: {header}",
            library.display()
        ));
    }
    let used = listing("llvm-objdump", &["--macho", "--dylibs-used"], library)?;
    // The first line names the file, the second the dylib's own install name.
    let dylibs: Vec<&str> = used
        .lines()
        .skip(2)
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    if let Some(bad) = dylibs
        .iter()
        .find(|d| !(d.starts_with("/usr/lib/") || d.starts_with("/System/Library/")))
    {
        return Err(format!("{}: links {bad}", library.display()));
    }
    Ok(format!(
        "llvm-objdump --macho: {cpu} dylib, links {}",
        dylibs.join(" ")
    ))
}

/// An x86-64 ELF shared library whose only needed library is musl's libc (`libc.so` as zig
/// names it, which musl's loader takes for itself, or `libc.musl-x86_64.so.1`).
fn musl(library: &Path) -> Result<String, String> {
    let text = listing("objdump", &["-p"], library)?;
    if !text.contains("file format elf64-x86-64") {
        return Err(format!("{}: not an x86-64 ELF file", library.display()));
    }
    let needed: Vec<&str> = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("NEEDED"))
        .map(str::trim)
        .collect();
    if let Some(bad) = needed
        .iter()
        .find(|n| !["libc.so", "libc.musl-x86_64.so.1"].contains(n))
    {
        return Err(format!("{}: needs {bad}", library.display()));
    }
    Ok(format!(
        "objdump -p: x86-64 ELF, needs {}",
        needed.join(" ")
    ))
}

/// Windows' own DLLs a Rust library may import (lower case), besides `python3.dll`.
const WINDOWS_DLLS: [&str; 8] = [
    "kernel32.dll",
    "ntdll.dll",
    "msvcrt.dll",
    "advapi32.dll",
    "bcrypt.dll",
    "bcryptprimitives.dll",
    "userenv.dll",
    "ws2_32.dll",
];

/// A PE32+ x86-64 DLL importing `python3.dll` (the stable ABI, not one version's DLL) and
/// otherwise only Windows' own DLLs (no MinGW runtime DLL).
fn pe(library: &Path) -> Result<String, String> {
    let text = listing("objdump", &["-p"], library)?;
    if !text.contains("file format pei-x86-64") || !text.contains("DLL") {
        return Err(format!("{}: not a PE32+ x86-64 DLL", library.display()));
    }
    let dlls: Vec<String> = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("DLL Name: "))
        .map(str::to_lowercase)
        .collect();
    if !dlls.iter().any(|d| d == "python3.dll") {
        return Err(format!(
            "{}: does not import python3.dll: {dlls:?}",
            library.display()
        ));
    }
    if let Some(bad) = dlls.iter().find(|d| {
        *d != "python3.dll" && !WINDOWS_DLLS.contains(&d.as_str()) && !d.starts_with("api-ms-win-")
    }) {
        return Err(format!("{}: imports {bad}", library.display()));
    }
    Ok(format!(
        "objdump -p: PE32+ x86-64 DLL, imports {}",
        dlls.join(" ")
    ))
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

/// `cargo xtask wheel --all --run`: every wheel, then the package's suite against the x86_64
/// one here ([`run_suite`]) and against the aarch64 one under emulation ([`run_suite_arm64`])
/// when a Debian arm64 root is at hand: `KNIGHTBITS_ARM64_ROOT`, or `target/arm64-root`.
pub fn build_all_and_run() -> Result<(), String> {
    build(&ALL)?;
    run_built()
}

/// `cargo xtask wheel --run`: the package's suite against the wheels `target/wheels/` already
/// holds, as [`build_all_and_run`] runs it.
pub fn run_built() -> Result<(), String> {
    let wheels = target_dir()?.join("wheels");
    let x86_64 = one(&wheels, &format!("{}.whl", X86_64.tag))?;
    run_suite(&x86_64, &crate::rulebook_cli()?)?;
    let arm64_root = std::env::var_os("KNIGHTBITS_ARM64_ROOT")
        .map(PathBuf::from)
        .map_or_else(|| target_dir().map(|t| t.join("arm64-root")), Ok)?;
    if !arm64_root.join("usr/bin/python3").exists() {
        println!(
            "== wheel run: the aarch64 wheel is not run: no Debian arm64 root at {} (see \
             run_suite_arm64 in xtask/src/wheel.rs)",
            arm64_root.display()
        );
        return Ok(());
    }
    let aarch64 = one(&wheels, &format!("{}.whl", AARCH64.tag))?;
    run_suite_arm64(&aarch64, &arm64_root)
}

/// Runs the package's pytest suite (derandomised) against `wheel` installed with its test
/// extras in a fresh virtual environment whose PATH has no cargo or rustc; `cli` is the command
/// line the rulebook test compares refusals with.
pub fn run_suite(wheel: &Path, cli: &Path) -> Result<(), String> {
    let dir = target_dir()?.join("wheel-run");
    let _ = fs::remove_dir_all(&dir);
    let venv = dir.join("venv");
    status(Command::new("python3").arg("-m").arg("venv").arg(&venv))?;
    let path = format!("{}:/usr/bin:/bin", venv.join("bin").display());
    for tool in ["cargo", "rustc"] {
        let found = Command::new("sh")
            .args(["-c", &format!("command -v {tool}")])
            .env("PATH", &path)
            .output()
            .is_ok_and(|o| o.status.success());
        if found {
            return Err(format!("{tool} is on {path}: not a machine without Rust"));
        }
    }
    let wheel = wheel.to_str().ok_or("wheel path is not UTF-8")?;
    let python = venv.join("bin/python");
    println!("== wheel run: {wheel} in {} (PATH={path})", venv.display());
    status(
        Command::new(&python)
            .args(PIP_INSTALL)
            .arg(format!("{wheel}[test,dask]"))
            .env_clear()
            .env("PATH", &path)
            .env("HOME", &dir),
    )?;
    pytest(
        Command::new(&python)
            .args(PYTEST)
            .env_clear()
            .env("PATH", &path)
            .env("HOME", &dir)
            .env("LANG", "C.UTF-8")
            .env("KNIGHTBITS_WHEEL", wheel)
            .env("KNIGHTBITS_CLI", cli)
            .current_dir(root().join("crates/knightbits-py")),
    )
}

/// pytest as CI runs it: derandomised, no cache written into the source tree.
pub const PYTEST: [&str; 5] = [
    "-m",
    "pytest",
    "-p",
    "no:cacheprovider",
    "--hypothesis-profile=ci",
];

/// This machine's CA bundle as copied into the arm64 root, for pip there.
const HOST_CA_BUNDLE: &str = "/etc/ssl/certs/knightbits-host-ca-certificates.crt";

/// The variables that name a CA bundle to pip and Python's `ssl`.
const CA_BUNDLE_VARS: [&str; 4] = [
    "PIP_CERT",
    "REQUESTS_CA_BUNDLE",
    "CURL_CA_BUNDLE",
    "SSL_CERT_FILE",
];

/// The longest the aarch64 suite may take under emulation, in seconds (its pytest took 21 min
/// here at load 5 to 7, the Ctrl-C test alone 7 min).
const EMULATED_SECONDS: u32 = 3600;

/// Runs the package's pytest suite against the aarch64 `wheel` in the Debian arm64 root
/// `arm64_root` (debootstrap's, with python3-venv), under qemu-user through binfmt_misc:
/// the suite's files are copied in, the wheel installed with its test extras into a virtual
/// environment there, and pytest run, for at most [`EMULATED_SECONDS`]. The rulebook test,
/// which runs the x86_64 command line, is left out.
pub fn run_suite_arm64(wheel: &Path, arm64_root: &Path) -> Result<(), String> {
    let machine = Command::new("chroot")
        .arg(arm64_root)
        .args([
            "/usr/bin/python3",
            "-c",
            "import platform; print(platform.machine())",
        ])
        .output()
        .map_err(|e| format!("chroot could not start: {e}"))?;
    if String::from_utf8_lossy(&machine.stdout).trim() != "aarch64" {
        return Err(format!(
            "{} does not run an aarch64 python3 (qemu-user-static with binfmt_misc, and a \
             root made by debootstrap --arch=arm64 --include=python3-venv,python3-pip, are \
             needed): {}",
            arm64_root.display(),
            String::from_utf8_lossy(&machine.stderr).trim()
        ));
    }
    let inside = arm64_root.join("knightbits");
    let _ = fs::remove_dir_all(&inside);
    let py = root().join("crates/knightbits-py");
    for part in ["tests", "examples", "python"] {
        copy_tree(
            &py.join(part),
            &inside.join("crates/knightbits-py").join(part),
        )?;
    }
    // The corpus of positions the suite reads from the core's tests.
    for name in ["positions.rs", "position_rules.rs"] {
        let to = inside.join("crates/knightbits/tests").join(name);
        fs::create_dir_all(to.parent().unwrap()).map_err(|e| e.to_string())?;
        crate::copy(&root().join("crates/knightbits/tests").join(name), &to)?;
    }
    let name = wheel
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or("wheel name")?;
    crate::copy(wheel, &inside.join(name))?;
    // pip inside reaches PyPI with this machine's resolver and CA bundle (which holds any CA
    // of a proxy between this machine and PyPI, unlike the root's own Debian bundle), copied
    // in beside the root's bundle and named by [`CA_BUNDLE_VARS`].
    fs::create_dir_all(arm64_root.join("etc/ssl/certs")).map_err(|e| e.to_string())?;
    crate::copy(
        Path::new("/etc/resolv.conf"),
        &arm64_root.join("etc/resolv.conf"),
    )?;
    let host_bundle = Path::new("/etc/ssl/certs/ca-certificates.crt");
    let bundled = host_bundle.exists();
    if bundled {
        crate::copy(
            host_bundle,
            &arm64_root.join(HOST_CA_BUNDLE.trim_start_matches('/')),
        )?;
    }
    let script = format!(
        "set -e; cd /knightbits; python3 -m venv venv; \
         venv/bin/python -m pip install --quiet --disable-pip-version-check '{name}[test,dask]'; \
         cd crates/knightbits-py; ../../venv/bin/python {} --ignore=tests/test_rulebook.py",
        PYTEST[1..].join(" ")
    );
    println!(
        "== wheel run: {name} under qemu-user in {}",
        arm64_root.display()
    );
    // psutil (under Dask) and mypy read /proc: the root gets its own, unmounted afterwards
    // (a run without it failed the Dask example and the stub and mypy tests).
    let proc_dir = arm64_root.join("proc");
    let mounted = proc_dir.join("self").exists();
    if !mounted {
        status(
            Command::new("mount")
                .args(["-t", "proc", "proc"])
                .arg(&proc_dir),
        )?;
    }
    let mut emulated = Command::new("timeout");
    emulated
        .arg(EMULATED_SECONDS.to_string())
        .arg("chroot")
        .arg(arm64_root)
        .args(["/bin/sh", "-c", &script])
        .env("HOME", "/root") // pip's cache in the root outlives a run
        .env("LANG", "C.UTF-8")
        .env_remove("PIP_FIND_LINKS"); // a folder of this machine's, not the root's
    // pip's requests prefers REQUESTS_CA_BUNDLE and CURL_CA_BUNDLE to PIP_CERT: all of them
    // name the copy (or none of them, a path of this machine's, is passed on).
    for var in CA_BUNDLE_VARS {
        if bundled {
            emulated.env(var, HOST_CA_BUNDLE);
        } else {
            emulated.env_remove(var);
        }
    }
    let outcome = pytest(&mut emulated);
    if !mounted {
        status(Command::new("umount").arg(&proc_dir))?;
    }
    outcome
}

/// Runs pytest; no test collected (its exit status 5) is a failure too.
pub fn pytest(cmd: &mut Command) -> Result<(), String> {
    let code = cmd
        .status()
        .map_err(|e| format!("pytest could not start: {e}"))?;
    match code.code() {
        Some(0) => Ok(()),
        Some(5) => Err("pytest collected no tests".into()),
        Some(124) => Err("pytest ran out of time".into()),
        _ => Err(format!("pytest failed ({code})")),
    }
}

/// Copies the files under `from` to `to`, leaving out caches.
fn copy_tree(from: &Path, to: &Path) -> Result<(), String> {
    for file in crate::walk(from)? {
        let rel = file.strip_prefix(from).map_err(|e| e.to_string())?;
        if rel.components().any(|c| c.as_os_str() == "__pycache__") {
            continue;
        }
        let dest = to.join(rel);
        fs::create_dir_all(dest.parent().unwrap()).map_err(|e| e.to_string())?;
        crate::copy(&file, &dest)?;
    }
    Ok(())
}
