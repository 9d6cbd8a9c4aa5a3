//! AVX2 and AVX-512 kernels: the only module of the crate with `unsafe` code.
//!
//! Soundness rests on two facts, both local to this file:
//! - a token ([`Avx2`], [`Avx512`]) is only ever built after its features were detected (by
//!   `new` or `detect`, the cache holding nothing but detection results), so calling the
//!   `#[target_feature]` kernels through a token runs them on a CPU that has those features;
//! - every load and store stays inside its slice: full vectors only while `i + LANES <= n`, the
//!   AVX-512 alignment head and the tails through masked accesses (masked-off lanes are not
//!   touched) or scalar code, where `n` is the length of both slices.

use core::arch::x86_64::*;

use super::Kernel;

/// Proof that the CPU runs AVX2 code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Avx2(());

/// Proof that the CPU runs AVX-512 F and VPOPCNTDQ code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Avx512(());

/// The best kernel set found.
pub(super) enum Detected {
    Scalar,
    Avx2(Avx2),
    Avx512(Avx512),
}

#[cfg(any(test, feature = "std"))]
fn has_avx2() -> bool {
    std::is_x86_feature_detected!("avx2")
}

#[cfg(any(test, feature = "std"))]
fn has_avx512() -> bool {
    std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512vpopcntdq")
}

#[cfg(not(any(test, feature = "std")))]
fn has_avx2() -> bool {
    cfg!(target_feature = "avx2")
}

#[cfg(not(any(test, feature = "std")))]
fn has_avx512() -> bool {
    cfg!(all(
        target_feature = "avx512f",
        target_feature = "avx512vpopcntdq"
    ))
}

fn probe() -> Detected {
    if has_avx512() {
        Detected::Avx512(Avx512(()))
    } else if has_avx2() {
        Detected::Avx2(Avx2(()))
    } else {
        Detected::Scalar
    }
}

/// Runtime detection, once: 0 = not yet, 1 = scalar, 2 = AVX2, 3 = AVX-512.
#[cfg(any(test, feature = "std"))]
static DETECTED: core::sync::atomic::AtomicU8 = core::sync::atomic::AtomicU8::new(0);

#[cfg(any(test, feature = "std"))]
#[inline]
pub(super) fn detect() -> Detected {
    use core::sync::atomic::Ordering::Relaxed;
    // Only `probe` results are ever stored, so a cached code stands for detected features.
    match DETECTED.load(Relaxed) {
        3 => Detected::Avx512(Avx512(())),
        2 => Detected::Avx2(Avx2(())),
        1 => Detected::Scalar,
        _ => {
            let found = probe();
            let code = match found {
                Detected::Scalar => 1,
                Detected::Avx2(_) => 2,
                Detected::Avx512(_) => 3,
            };
            DETECTED.store(code, Relaxed);
            found
        }
    }
}

#[cfg(not(any(test, feature = "std")))]
#[inline]
pub(super) fn detect() -> Detected {
    probe()
}

impl Avx2 {
    pub(super) fn new() -> Option<Avx2> {
        has_avx2().then_some(Avx2(()))
    }

    /// `kernel` over the slices; `lane` is its scalar formula, for the tail.
    #[inline]
    pub(super) fn map<F: Fn(u64) -> u64>(
        self,
        kernel: Kernel,
        lane: F,
        input: &[u64],
        output: &mut [u64],
    ) {
        // SAFETY: an `Avx2` token exists only where AVX2 was detected (see the module docs).
        unsafe {
            match kernel {
                Kernel::Knight => knight_avx2(input, output, lane),
                Kernel::King => king_avx2(input, output, lane),
                Kernel::Forks => fork_avx2(input, output, lane),
            }
        }
    }

    #[inline]
    pub(super) fn popcount(self, input: &[u64], output: &mut [u32]) {
        // SAFETY: an `Avx2` token exists only where AVX2 was detected.
        unsafe { popcount_avx2(input, output) }
    }
}

impl Avx512 {
    pub(super) fn new() -> Option<Avx512> {
        has_avx512().then_some(Avx512(()))
    }

    /// `kernel` over the slices (masked vectors cover the tail: no scalar lane needed).
    #[inline]
    pub(super) fn map(self, kernel: Kernel, input: &[u64], output: &mut [u64]) {
        // SAFETY: an `Avx512` token exists only where AVX-512 F and VPOPCNTDQ were detected.
        unsafe {
            match kernel {
                Kernel::Knight => knight_avx512(input, output),
                Kernel::King => king_avx512(input, output),
                Kernel::Forks => fork_avx512(input, output),
            }
        }
    }

    #[inline]
    pub(super) fn popcount(self, input: &[u64], output: &mut [u32]) {
        // SAFETY: an `Avx512` token exists only where AVX-512 F and VPOPCNTDQ were detected.
        unsafe { popcount_avx512(input, output) }
    }
}

/// The lane formulas, written once over a vector type: `$and`, `$or`, `$shl`, `$shr`, `$splat`
/// are that width's intrinsics. Each mirrors its scalar `const fn` exactly.
macro_rules! lane_formulas {
    ($feature:literal, $v:ty, $and:ident, $or:ident, $shl:ident, $shr:ident, $splat:ident,
     $knight:ident, $king:ident, $fork:ident) => {
        /// `knight::attacks_set`, lane-wise.
        #[inline]
        #[target_feature(enable = $feature)]
        fn $knight(k: $v) -> $v {
            let l1 = $and($shr::<1>(k), $splat(0x7f7f_7f7f_7f7f_7f7f));
            let l2 = $and($shr::<2>(k), $splat(0x3f3f_3f3f_3f3f_3f3f));
            let r1 = $and($shl::<1>(k), $splat(0xfefe_fefe_fefe_fefe_u64 as i64));
            let r2 = $and($shl::<2>(k), $splat(0xfcfc_fcfc_fcfc_fcfc_u64 as i64));
            let h1 = $or(l1, r1);
            let h2 = $or(l2, r2);
            $or(
                $or($shl::<16>(h1), $shr::<16>(h1)),
                $or($shl::<8>(h2), $shr::<8>(h2)),
            )
        }

        /// `king::attacks_set`, lane-wise.
        #[inline]
        #[target_feature(enable = $feature)]
        fn $king(k: $v) -> $v {
            let east = $and($shl::<1>(k), $splat(0xfefe_fefe_fefe_fefe_u64 as i64));
            let west = $and($shr::<1>(k), $splat(0x7f7f_7f7f_7f7f_7f7f));
            let sides = $or(east, west);
            let row = $or(sides, k);
            $or(sides, $or($shl::<8>(row), $shr::<8>(row)))
        }

        /// `knight::fork_squares`, lane-wise: the wiki's pairwise-intersection accumulation.
        #[inline]
        #[target_feature(enable = $feature)]
        fn $fork(t: $v) -> $v {
            let not_a = $splat(0xfefe_fefe_fefe_fefe_u64 as i64);
            let not_h = $splat(0x7f7f_7f7f_7f7f_7f7f);
            let east = $and($shl::<1>(t), not_a);
            let west = $and($shr::<1>(t), not_h);
            let mut attak = $shl::<16>(east);
            let mut forks = $and($shl::<16>(west), attak);
            attak = $or(attak, $shl::<16>(west));
            forks = $or(forks, $and($shr::<16>(east), attak));
            attak = $or(attak, $shr::<16>(east));
            forks = $or(forks, $and($shr::<16>(west), attak));
            attak = $or(attak, $shr::<16>(west));
            let east = $and($shl::<1>(east), not_a);
            let west = $and($shr::<1>(west), not_h);
            forks = $or(forks, $and($shl::<8>(east), attak));
            attak = $or(attak, $shl::<8>(east));
            forks = $or(forks, $and($shl::<8>(west), attak));
            attak = $or(attak, $shl::<8>(west));
            forks = $or(forks, $and($shr::<8>(east), attak));
            attak = $or(attak, $shr::<8>(east));
            $or(forks, $and($shr::<8>(west), attak))
        }
    };
}

lane_formulas!(
    "avx2",
    __m256i,
    _mm256_and_si256,
    _mm256_or_si256,
    _mm256_slli_epi64,
    _mm256_srli_epi64,
    _mm256_set1_epi64x,
    knight_v256,
    king_v256,
    fork_v256
);

lane_formulas!(
    "avx512f",
    __m512i,
    _mm512_and_si512,
    _mm512_or_si512,
    _mm512_slli_epi64,
    _mm512_srli_epi64,
    _mm512_set1_epi64,
    knight_v512,
    king_v512,
    fork_v512
);

/// A `u64 -> u64` slice kernel over 256-bit vectors, two per round, with a scalar tail (`lane`,
/// the kernel's scalar formula).
macro_rules! slice_avx2 {
    ($name:ident, $vector:ident) => {
        #[target_feature(enable = "avx2")]
        fn $name<F: Fn(u64) -> u64>(input: &[u64], output: &mut [u64], lane: F) {
            let n = input.len().min(output.len());
            let (src, dst) = (input.as_ptr(), output.as_mut_ptr());
            let mut i = 0;
            while i + 8 <= n {
                // SAFETY: i + 8 <= n, the length of both slices: lanes i..i + 8 are in bounds;
                // loadu/storeu accept any alignment.
                unsafe {
                    let a = _mm256_loadu_si256(src.add(i).cast());
                    let b = _mm256_loadu_si256(src.add(i + 4).cast());
                    _mm256_storeu_si256(dst.add(i).cast(), $vector(a));
                    _mm256_storeu_si256(dst.add(i + 4).cast(), $vector(b));
                }
                i += 8;
            }
            if i + 4 <= n {
                // SAFETY: i + 4 <= n, so lanes i..i + 4 of both slices are in bounds.
                unsafe {
                    let a = _mm256_loadu_si256(src.add(i).cast());
                    _mm256_storeu_si256(dst.add(i).cast(), $vector(a));
                }
                i += 4;
            }
            for (o, &x) in output[i..n].iter_mut().zip(&input[i..n]) {
                *o = lane(x);
            }
        }
    };
}

slice_avx2!(knight_avx2, knight_v256);
slice_avx2!(king_avx2, king_v256);
slice_avx2!(fork_avx2, fork_v256);

/// A `u64 -> u64` slice kernel over 512-bit vectors: a masked head up to the output's first
/// 64-byte boundary, four vectors per round, then masked vectors for the rest.
macro_rules! slice_avx512 {
    ($name:ident, $vector:ident) => {
        #[target_feature(enable = "avx512f")]
        fn $name(input: &[u64], output: &mut [u64]) {
            let n = input.len().min(output.len());
            let (src, dst) = (input.as_ptr(), output.as_mut_ptr());
            // Masked lanes up to the output's first 64-byte boundary, so that no full-vector
            // store below splits across two cache lines.
            let head = (((64 - (dst as usize & 63)) & 63) / 8).min(n);
            if head > 0 {
                let mask: __mmask8 = (1u8 << head) - 1;
                // SAFETY: 0 < head <= min(7, n): the mask selects lanes 0..head, in bounds of
                // both slices; masked-off lanes are neither read nor written.
                unsafe {
                    let a = _mm512_maskz_loadu_epi64(mask, src.cast());
                    _mm512_mask_storeu_epi64(dst.cast(), mask, $vector(a));
                }
            }
            let mut i = head;
            while i + 32 <= n {
                // SAFETY: i + 32 <= n, the length of both slices: lanes i..i + 32 are in bounds;
                // loadu/storeu accept any alignment.
                unsafe {
                    let a = _mm512_loadu_si512(src.add(i).cast());
                    let b = _mm512_loadu_si512(src.add(i + 8).cast());
                    let c = _mm512_loadu_si512(src.add(i + 16).cast());
                    let d = _mm512_loadu_si512(src.add(i + 24).cast());
                    _mm512_storeu_si512(dst.add(i).cast(), $vector(a));
                    _mm512_storeu_si512(dst.add(i + 8).cast(), $vector(b));
                    _mm512_storeu_si512(dst.add(i + 16).cast(), $vector(c));
                    _mm512_storeu_si512(dst.add(i + 24).cast(), $vector(d));
                }
                i += 32;
            }
            while i < n {
                let left = n - i;
                let mask: __mmask8 = if left >= 8 { 0xff } else { (1u8 << left) - 1 };
                // SAFETY: the mask selects lanes i..min(i + 8, n), all in bounds of both slices;
                // masked-off lanes are neither read nor written, and cannot fault.
                unsafe {
                    let a = _mm512_maskz_loadu_epi64(mask, src.add(i).cast());
                    _mm512_mask_storeu_epi64(dst.add(i).cast(), mask, $vector(a));
                }
                i += 8;
            }
        }
    };
}

slice_avx512!(knight_avx512, knight_v512);
slice_avx512!(king_avx512, king_v512);
slice_avx512!(fork_avx512, fork_v512);

/// Bit counts with AVX2: the nibble-table method (`vpshufb` twice, then `vpsadbw` sums the
/// bytes of each 64-bit lane), narrowed to `u32`.
#[target_feature(enable = "avx2")]
fn popcount_avx2(input: &[u64], output: &mut [u32]) {
    let n = input.len().min(output.len());
    let (src, dst) = (input.as_ptr(), output.as_mut_ptr());
    let table = _mm256_setr_epi8(
        0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3,
        3, 4,
    );
    let low = _mm256_set1_epi8(0x0f);
    let even = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
    let mut i = 0;
    while i + 4 <= n {
        // SAFETY: i + 4 <= n: input lanes i..i + 4 (32 bytes) and output u32s i..i + 4
        // (16 bytes) are in bounds; loadu/storeu accept any alignment.
        unsafe {
            let v = _mm256_loadu_si256(src.add(i).cast());
            let lo = _mm256_shuffle_epi8(table, _mm256_and_si256(v, low));
            let hi = _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16::<4>(v), low));
            let sums = _mm256_sad_epu8(_mm256_add_epi8(lo, hi), _mm256_setzero_si256());
            let packed = _mm256_permutevar8x32_epi32(sums, even);
            _mm_storeu_si128(dst.add(i).cast(), _mm256_castsi256_si128(packed));
        }
        i += 4;
    }
    for (o, &x) in output[i..n].iter_mut().zip(&input[i..n]) {
        *o = x.count_ones();
    }
}

/// Bit counts with AVX-512 `vpopcntq`, narrowed to `u32` by `vpmovqd` on the store.
#[target_feature(enable = "avx512f,avx512vpopcntdq")]
fn popcount_avx512(input: &[u64], output: &mut [u32]) {
    let n = input.len().min(output.len());
    let (src, dst) = (input.as_ptr(), output.as_mut_ptr());
    let mut i = 0;
    while i + 8 <= n {
        // SAFETY: i + 8 <= n: input lanes i..i + 8 and output u32s i..i + 8 are in bounds;
        // unaligned accesses are allowed.
        unsafe {
            let v = _mm512_loadu_si512(src.add(i).cast());
            _mm256_storeu_si256(
                dst.add(i).cast(),
                _mm512_cvtepi64_epi32(_mm512_popcnt_epi64(v)),
            );
        }
        i += 8;
    }
    if i < n {
        let mask: __mmask8 = (1u8 << (n - i)) - 1;
        // SAFETY: 0 < n - i < 8 and the mask selects lanes i..n only, in bounds of both slices;
        // masked-off lanes are neither read nor written.
        unsafe {
            let v = _mm512_maskz_loadu_epi64(mask, src.add(i).cast());
            _mm512_mask_cvtepi64_storeu_epi32(dst.add(i).cast(), mask, _mm512_popcnt_epi64(v));
        }
    }
}
