//! Every kernel set against the scalar one, and the scalar one against the per-element functions.

use super::*;
use crate::bitboard::Bitboard;
use crate::technique::Leaper;
use crate::{king, knight, popcount};
use knightbits_testkit::Rng;

/// Dense, sparse (1-3 bits) and edge-heavy values mixed, from the testkit's generator.
fn bitboard(rng: &mut Rng) -> u64 {
    let r = rng.next();
    match r % 4 {
        0 => rng.next(),
        1 => rng.next() & rng.next() & rng.next(),
        2 => (1 << (r >> 8 & 63)) | (1 << (r >> 16 & 63)) | (1 << (r >> 24 & 63)),
        _ => EDGES[(r >> 8) as usize % EDGES.len()],
    }
}

const EDGES: [u64; 14] = [
    0,
    u64::MAX,
    1,
    1 << 63,
    1 << 7,
    1 << 56,
    0x0101_0101_0101_0101,
    0x8080_8080_8080_8080,
    0xff,
    0xff00_0000_0000_0000,
    0x8100_0000_0000_0081,
    0x55aa_55aa_55aa_55aa,
    0x7e81_8181_8181_817e,
    0x0000_0018_1800_0000,
];

/// Lengths around every vector width and unroll factor, and large non-multiples of 8 and 16.
fn lengths() -> impl Iterator<Item = usize> {
    // Miri interprets every instruction: there, scalar-sized inputs and a few vectors' worth.
    let long: &[usize] = if cfg!(miri) {
        &[]
    } else {
        &[255, 1001, 4099, 8191]
    };
    let short = if cfg!(miri) { 0..=20 } else { 0..=70 };
    short.chain(long.iter().copied())
}

fn inputs(len: usize, seed: u64) -> Vec<u64> {
    let mut rng = Rng::new(seed);
    let mut v: Vec<u64> = (0..len).map(|_| bitboard(&mut rng)).collect();
    // The edge values at both ends, where tails are handled.
    for (slot, &e) in v.iter_mut().zip(EDGES.iter()) {
        *slot = e;
    }
    for (slot, &e) in v.iter_mut().rev().zip(EDGES.iter().rev()) {
        *slot = e;
    }
    v
}

fn backends() -> Vec<Backend> {
    Isa::ALL
        .iter()
        .filter_map(|&isa| Backend::new(isa))
        .collect()
}

/// The instruction sets this CPU and OS run, as the standard library detects them (not the
/// crate's own CPUID reading, which is under test).
fn runnable() -> Vec<Isa> {
    let mut sets = vec![Isa::Scalar];
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        if std::is_x86_feature_detected!("avx2") {
            sets.push(Isa::Avx2);
        }
        if std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512vpopcntdq")
        {
            sets.push(Isa::Avx512);
        }
    }
    sets
}

fn names(sets: &[Isa]) -> String {
    let names: Vec<&str> = sets.iter().map(|isa| isa.name()).collect();
    if names.is_empty() {
        "none".into()
    } else {
        names.join(", ")
    }
}

/// The kernel sets a test compares: every one this machine runs. The test prints which it
/// compared and which it could not; under `CI=true` a set the CPU runs (by [`runnable`]) that
/// was not compared fails it, so a CI machine with AVX-512 never passes without testing AVX-512.
fn compared(test: &str) -> Vec<Backend> {
    let found = backends();
    let sets: Vec<Isa> = found.iter().map(|b| b.isa()).collect();
    let absent: Vec<Isa> = Isa::ALL
        .iter()
        .copied()
        .filter(|isa| !sets.contains(isa))
        .collect();
    std::println!(
        "{test}: compared {}; not run here: {}",
        names(&sets),
        names(&absent)
    );
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        for isa in runnable() {
            assert!(
                sets.contains(&isa),
                "{test}: this CPU runs {isa} but its kernels were not compared"
            );
        }
    }
    found
}

/// A slice kernel: every leaper's attacks (the leaper definition's list, so a new leaper's
/// kernels are compared here too) and the knight's fork squares.
#[derive(Clone, Copy, Debug)]
enum Run {
    Attacks(Leaper),
    Forks,
}

impl Run {
    /// The kernel of `backend` over `input` into `output`.
    fn run(
        self,
        backend: Backend,
        input: &[u64],
        output: &mut [u64],
    ) -> Result<(), LengthMismatch> {
        match self {
            Run::Attacks(leaper) => backend.attacks(leaper, input, output),
            Run::Forks => backend.fork_squares(input, output),
        }
    }

    /// The per-element library function the kernel must equal.
    fn element(self, x: u64) -> u64 {
        match self {
            Run::Attacks(leaper) => leaper.attacks_set(Bitboard(x)).0,
            Run::Forks => knight::fork_squares(Bitboard(x)).0,
        }
    }
}

/// A kernel's name and the kernel.
type Case = (&'static str, Run);

/// Every kernel: each leaper's attacks, then the forks.
fn kernels() -> Vec<Case> {
    Leaper::ALL
        .into_iter()
        .map(|leaper| (leaper.name(), Run::Attacks(leaper)))
        .chain([("forks", Run::Forks)])
        .collect()
}

/// The scalar kernels equal the per-element library functions.
#[test]
fn scalar_matches_per_element() {
    for (name, kernel) in kernels() {
        for len in lengths() {
            let input = inputs(len, len as u64);
            let mut out = vec![0xdead_beef; len];
            kernel.run(Backend::SCALAR, &input, &mut out).unwrap();
            for (i, (&x, &y)) in input.iter().zip(&out).enumerate() {
                assert_eq!(
                    y,
                    kernel.element(x),
                    "{name} scalar, len {len}, index {i}, input {x:#x}"
                );
            }
        }
    }
}

/// Every SIMD kernel this machine runs gives exactly the scalar output, at every length (full
/// vectors, the 2x unrolled loop, and every tail size), with the input starting off a vector
/// boundary and the output at each of the 8 positions of a 64-byte line (every alignment head),
/// and writes nothing outside the output. It prints the sets it compared (`--nocapture`); see
/// [`compared`] for when a set it could not compare fails it.
#[test]
fn simd_matches_scalar() {
    for backend in compared("simd_matches_scalar") {
        for (name, kernel) in kernels() {
            for len in lengths() {
                let input = inputs(len + 3, 1000 + len as u64);
                let mut want = vec![0; len];
                for offset in [0, 1, 3] {
                    let input = &input[offset..offset + len];
                    kernel.run(Backend::SCALAR, input, &mut want).unwrap();
                    writes_only_its_output(backend, (name, kernel), input, &want, 0..8);
                }
            }
        }
    }
}

/// Runs `kernel` on `backend` into a guarded buffer at each of the `starts` (lane offsets):
/// the output equals `want` and nothing outside it is written.
fn writes_only_its_output(
    backend: Backend,
    (name, kernel): (&str, Run),
    input: &[u64],
    want: &[u64],
    starts: core::ops::Range<usize>,
) {
    let len = input.len();
    let mut buffer = vec![0x5555_5555; len + 16];
    for start in starts {
        buffer.fill(0x5555_5555);
        kernel
            .run(backend, input, &mut buffer[start..start + len])
            .unwrap();
        let isa = backend.isa();
        assert!(
            buffer[start..start + len] == *want,
            "{name} {isa} len {len} start {start}"
        );
        assert!(
            buffer[..start]
                .iter()
                .chain(&buffer[start + len..])
                .all(|&x| x == 0x5555_5555),
            "{name} {isa} wrote outside the output"
        );
    }
}

/// Outputs long enough to be streamed (non-temporal stores, last round first, between an
/// aligned head and a ragged tail) equal the scalar kernel's at eight consecutive 8-byte offsets
/// (every 32-byte phase of the AVX2 head and every 64-byte phase of the AVX-512 one, so every
/// head length and, with two lengths, tails of several lengths), and nothing outside the output
/// is written.
#[cfg(target_arch = "x86_64")]
#[test]
fn streamed_outputs_match_scalar() {
    for len in [simd::STREAM_LANES, simd::STREAM_LANES + 13] {
        let input = inputs(len, 77);
        for backend in compared("streamed_outputs_match_scalar") {
            for (name, kernel) in kernels() {
                let mut want = vec![0; len];
                kernel.run(Backend::SCALAR, &input, &mut want).unwrap();
                writes_only_its_output(backend, (name, kernel), &input, &want, 0..8);
            }
        }
    }
}

/// Bit counts: scalar equals a bit-by-bit loop, and every SIMD kernel equals scalar.
#[test]
fn popcount_matches() {
    let backends = compared("popcount_matches");
    for len in lengths() {
        let input = inputs(len, 7 + len as u64);
        let slow: Vec<u32> = input
            .iter()
            .map(|&x| (0..64).filter(|b| x >> b & 1 == 1).count() as u32)
            .collect();
        for &backend in &backends {
            let mut out = vec![99; len + 1];
            backend.popcount(&input, &mut out[..len]).unwrap();
            assert_eq!(&out[..len], &slow[..], "{} len {len}", backend.isa());
            assert_eq!(out[len], 99, "{} wrote past the output", backend.isa());
        }
    }
}

/// A length mismatch is an error naming both lengths, and nothing is written.
#[test]
fn length_mismatch_writes_nothing() {
    let input = [1u64, 2, 3];
    for backend in backends() {
        for (_, kernel) in kernels() {
            let mut short = [7u64; 2];
            assert_eq!(
                kernel.run(backend, &input, &mut short),
                Err(LengthMismatch {
                    input: 3,
                    output: 2
                })
            );
            assert_eq!(short, [7; 2]);
            let mut long = [7u64; 4];
            assert!(kernel.run(backend, &input, &mut long).is_err());
            assert_eq!(long, [7; 4]);
            assert_eq!(kernel.run(backend, &[], &mut []), Ok(()));
        }
        let mut counts = [7u32; 4];
        assert!(backend.popcount(&input, &mut counts).is_err());
        assert_eq!(counts, [7; 4]);
        assert_eq!(backend.popcount(&[], &mut []), Ok(()));
    }
    let message = LengthMismatch {
        input: 3,
        output: 2,
    }
    .to_string();
    assert_eq!(message, "output length 2 does not match input length 3");
}

/// Detection is stable, names an available kernel set, and the free functions use it.
#[test]
fn detection() {
    let best = Backend::detect();
    assert_eq!(best, Backend::detect());
    assert_eq!(Backend::new(best.isa()), Some(best));
    assert!(backends().iter().all(|b| b.isa() <= best.isa()));
    assert_eq!(Backend::new(Isa::Scalar), Some(Backend::SCALAR));
    let input = inputs(37, 5);
    let (mut a, mut b) = (vec![0; 37], vec![0; 37]);
    knight::attacks_batch(&input, &mut a).unwrap();
    Backend::SCALAR
        .attacks(Leaper::Knight, &input, &mut b)
        .unwrap();
    assert_eq!(a, b);
    knight::fork_squares_batch(&input, &mut a).unwrap();
    Backend::SCALAR.fork_squares(&input, &mut b).unwrap();
    assert_eq!(a, b);
    king::attacks_batch(&input, &mut a).unwrap();
    Backend::SCALAR
        .attacks(Leaper::King, &input, &mut b)
        .unwrap();
    assert_eq!(a, b);
    let mut c = vec![0; 37];
    popcount::batch(&input, &mut c).unwrap();
    assert!(c.iter().zip(&input).all(|(&c, &x)| c == x.count_ones()));
    assert_eq!(Isa::Avx512.to_string(), "avx512");
}

/// The free functions follow `set_backend`, and every choice gives the same answers.
#[test]
fn chosen_backend() {
    let input = inputs(101, 9);
    let mut want = vec![0; 101];
    Backend::SCALAR
        .attacks(Leaper::Knight, &input, &mut want)
        .unwrap();
    for backend in backends() {
        set_backend(backend);
        assert_eq!(super::backend(), backend);
        let mut got = vec![0; 101];
        knight::attacks_batch(&input, &mut got).unwrap();
        assert_eq!(got, want, "{}", backend.isa());
    }
    set_backend(Backend::detect());
    assert_eq!(super::backend(), Backend::detect());
}

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod detection {
    use super::super::simd::{Cpu, read_cpu};
    use super::*;

    /// CPUID and XGETBV, read without std, say what `std::is_x86_feature_detected!` says, and
    /// `Backend::new` follows them.
    #[test]
    fn agrees_with_std() {
        let cpu = read_cpu();
        let avx2 = std::is_x86_feature_detected!("avx2");
        let avx512 = std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512vpopcntdq");
        assert_eq!(cpu.has_avx2(), avx2, "{cpu:?}");
        assert_eq!(cpu.has_avx512(), avx512, "{cpu:?}");
        assert_eq!(Backend::new(Isa::Avx2).is_some(), avx2);
        assert_eq!(Backend::new(Isa::Avx512).is_some(), avx512);
        let best = if avx512 {
            Isa::Avx512
        } else if avx2 {
            Isa::Avx2
        } else {
            Isa::Scalar
        };
        assert_eq!(Backend::detect().isa(), best);
    }

    /// The decision on made-up bits: the CPU must have the instructions and the OS must save
    /// their registers.
    #[test]
    fn needs_cpu_and_os_support() {
        let zen5 = Cpu {
            leaf1_ecx: 1 << 27 | 1 << 28,
            leaf7_ebx: 1 << 5 | 1 << 16,
            leaf7_ecx: 1 << 14,
            xcr0: 0b1110_0111,
        };
        assert!(zen5.has_avx2() && zen5.has_avx512());
        // The OS does not save the ZMM state (XCR0 bits 5-7): AVX2 only.
        let no_zmm = Cpu {
            xcr0: 0b111,
            ..zen5
        };
        assert!(no_zmm.has_avx2() && !no_zmm.has_avx512());
        // One of the three AVX-512 state bits missing is enough to refuse.
        for bit in 5..8 {
            let partial = Cpu {
                xcr0: zen5.xcr0 & !(1 << bit),
                ..zen5
            };
            assert!(partial.has_avx2() && !partial.has_avx512(), "bit {bit}");
        }
        // No YMM state, or no OSXSAVE at all: nothing.
        let no_ymm = Cpu {
            xcr0: 0b1110_0011,
            ..zen5
        };
        assert!(!no_ymm.has_avx2() && !no_ymm.has_avx512());
        let no_osxsave = Cpu {
            leaf1_ecx: 1 << 28,
            ..zen5
        };
        assert!(!no_osxsave.has_avx2() && !no_osxsave.has_avx512());
        // Skylake-X: AVX-512 F without VPOPCNTDQ runs the AVX2 kernels.
        let skylake_x = Cpu {
            leaf7_ecx: 0,
            ..zen5
        };
        assert!(skylake_x.has_avx2() && !skylake_x.has_avx512());
        // Haswell on an OS with only the YMM state.
        let haswell = Cpu {
            leaf7_ebx: 1 << 5,
            leaf7_ecx: 0,
            xcr0: 0b111,
            ..zen5
        };
        assert!(haswell.has_avx2() && !haswell.has_avx512());
        // No AVX bit in leaf 1 (a hypervisor hiding it): nothing.
        let no_avx = Cpu {
            leaf1_ecx: 1 << 27,
            ..zen5
        };
        assert!(!no_avx.has_avx2() && !no_avx.has_avx512());
        assert!(!Cpu::default().has_avx2());
    }
}
