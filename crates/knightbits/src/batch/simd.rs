//! AVX2 and AVX-512 kernels: the only module of the crate with `unsafe` code.
//!
//! Soundness rests on two facts, both local to this file:
//! - a token ([`Avx2`], [`Avx512`]) is only ever built by its `new`, after CPUID and XGETBV
//!   showed that the CPU has its features and the OS saves their registers (the cache holds
//!   nothing but those readings), so calling the `#[target_feature]` kernels through a token
//!   runs them where they can run;
//! - every load and store stays inside its slice: full vectors only while `i + LANES <= n`, the
//!   AVX-512 alignment head and the tails through masked accesses (masked-off lanes are not
//!   touched) or scalar code, where `n` is the length of both slices.

use core::arch::x86_64::*;
use core::sync::atomic::AtomicU8;
use core::sync::atomic::Ordering::Relaxed;

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

/// The CPUID and XGETBV bits detection reads, gathered so that the decision is a pure function
/// (tested on made-up values, and on the test machine against `is_x86_feature_detected!`).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Cpu {
    /// CPUID leaf 1, ECX: bit 27 OSXSAVE (the OS enabled XSAVE/XGETBV), bit 28 AVX.
    pub(super) leaf1_ecx: u32,
    /// CPUID leaf 7 sub-leaf 0, EBX: bit 5 AVX2, bit 16 AVX-512 F.
    pub(super) leaf7_ebx: u32,
    /// CPUID leaf 7 sub-leaf 0, ECX: bit 14 AVX-512 VPOPCNTDQ.
    pub(super) leaf7_ecx: u32,
    /// XCR0, the register state the OS saves and restores: bits 1-2 SSE and AVX (YMM), bits
    /// 5-7 the AVX-512 opmask, upper ZMM0-15 and ZMM16-31. Zero when OSXSAVE is clear.
    pub(super) xcr0: u64,
}

const OSXSAVE: u32 = 1 << 27;
const AVX: u32 = 1 << 28;
const AVX2: u32 = 1 << 5;
const AVX512F: u32 = 1 << 16;
const AVX512_VPOPCNTDQ: u32 = 1 << 14;
/// XCR0 bits 1 (SSE) and 2 (AVX).
const XCR0_YMM: u64 = 0b110;
/// XCR0 bits 1, 2 and 5 (opmask), 6 (ZMM0-15 upper halves), 7 (ZMM16-31).
const XCR0_ZMM: u64 = 0b1110_0110;

impl Cpu {
    /// Reads CPUID (leaves 0, 1 and 7) and, only when the OS set OSXSAVE, XCR0 by XGETBV.
    fn read() -> Cpu {
        if cfg!(miri) {
            // Miri interprets no CPUID: the scalar kernels, as `is_x86_feature_detected!` says there.
            return Cpu::default();
        }
        // SAFETY: CPUID exists on every x86-64 processor and only reads identification
        // registers (the intrinsics are safe functions in newer compilers, hence the allow).
        #[allow(unused_unsafe)]
        let (leaf1, leaf7) = unsafe {
            let max_leaf = __cpuid(0).eax;
            let leaf7 = if max_leaf >= 7 {
                __cpuid_count(7, 0)
            } else {
                CpuidResult {
                    eax: 0,
                    ebx: 0,
                    ecx: 0,
                    edx: 0,
                }
            };
            (__cpuid(1), leaf7)
        };
        let xcr0 = if leaf1.ecx & OSXSAVE != 0 {
            // SAFETY: OSXSAVE (CPUID.1:ECX bit 27) means the processor has XSAVE and the OS set
            // CR4.OSXSAVE, which is exactly when XGETBV may run; register 0 is XCR0.
            unsafe { _xgetbv(0) }
        } else {
            0
        };
        Cpu {
            leaf1_ecx: leaf1.ecx,
            leaf7_ebx: leaf7.ebx,
            leaf7_ecx: leaf7.ecx,
            xcr0,
        }
    }

    /// AVX2 code runs: the CPU has AVX and AVX2, and the OS saves the YMM state.
    pub(super) fn has_avx2(self) -> bool {
        let os_ymm = self.leaf1_ecx & OSXSAVE != 0 && self.xcr0 & XCR0_YMM == XCR0_YMM;
        os_ymm && self.leaf1_ecx & AVX != 0 && self.leaf7_ebx & AVX2 != 0
    }

    /// AVX-512 F and VPOPCNTDQ code runs: the CPU has them (and AVX), and the OS saves the
    /// YMM, opmask and ZMM state.
    pub(super) fn has_avx512(self) -> bool {
        let os_zmm = self.leaf1_ecx & OSXSAVE != 0 && self.xcr0 & XCR0_ZMM == XCR0_ZMM;
        os_zmm
            && self.leaf1_ecx & AVX != 0
            && self.leaf7_ebx & AVX512F != 0
            && self.leaf7_ecx & AVX512_VPOPCNTDQ != 0
    }

    /// These bits as cached in [`FEATURES`].
    pub(super) fn features(self) -> u8 {
        let mut bits = FOUND;
        if self.has_avx2() {
            bits |= HAS_AVX2;
        }
        if self.has_avx512() {
            bits |= HAS_AVX512;
        }
        bits
    }
}

/// Bits of [`FEATURES`]: detection has run; AVX2 code runs; AVX-512 code runs.
const FOUND: u8 = 1;
const HAS_AVX2: u8 = 2;
const HAS_AVX512: u8 = 4;

/// What detection found: 0 until CPUID is first read.
static FEATURES: AtomicU8 = AtomicU8::new(0);

/// The kernel set of the free batch functions: 0 = not chosen yet (the best detected one is
/// taken at the first use), 1 = scalar, 2 = AVX2, 3 = AVX-512.
static ACTIVE: AtomicU8 = AtomicU8::new(0);

/// This CPU's feature bits: CPUID and XGETBV are read on the first call, then cached (a race
/// only makes two threads read the same bits).
#[inline]
fn features() -> u8 {
    let bits = FEATURES.load(Relaxed);
    if bits & FOUND != 0 {
        return bits;
    }
    let bits = Cpu::read().features();
    FEATURES.store(bits, Relaxed);
    bits
}

impl Detected {
    fn code(&self) -> u8 {
        match self {
            Detected::Scalar => 1,
            Detected::Avx2(_) => 2,
            Detected::Avx512(_) => 3,
        }
    }

    /// The set an [`ACTIVE`] code stands for. Tokens come from `new`, so a code can never
    /// produce a token for features the CPU lacks.
    fn from_code(code: u8) -> Option<Detected> {
        match code {
            1 => Some(Detected::Scalar),
            2 => Avx2::new().map(Detected::Avx2),
            3 => Avx512::new().map(Detected::Avx512),
            _ => None,
        }
    }
}

/// The best kernel set of this CPU (detected once, see [`features`]).
#[inline]
pub(super) fn detect() -> Detected {
    if let Some(t) = Avx512::new() {
        Detected::Avx512(t)
    } else if let Some(t) = Avx2::new() {
        Detected::Avx2(t)
    } else {
        Detected::Scalar
    }
}

/// The kernel set of the free functions: the one last given to [`set_active`], else the best
/// detected one (chosen at the first call).
#[inline]
pub(super) fn active() -> Detected {
    if let Some(chosen) = Detected::from_code(ACTIVE.load(Relaxed)) {
        return chosen;
    }
    let found = detect();
    // Keep a choice another thread made meanwhile.
    match ACTIVE.compare_exchange(0, found.code(), Relaxed, Relaxed) {
        Ok(_) => found,
        Err(code) => Detected::from_code(code).unwrap_or(found),
    }
}

/// Makes `set` the kernel set of the free functions.
#[inline]
pub(super) fn set_active(set: &Detected) {
    ACTIVE.store(set.code(), Relaxed);
}

/// This machine's bits, read afresh (for the tests).
#[cfg(test)]
pub(super) fn read_cpu() -> Cpu {
    Cpu::read()
}

impl Avx2 {
    /// The token, if this CPU runs AVX2 code.
    #[inline]
    pub(super) fn new() -> Option<Avx2> {
        (features() & HAS_AVX2 != 0).then_some(Avx2(()))
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
    /// The token, if this CPU runs AVX-512 F and VPOPCNTDQ code.
    #[inline]
    pub(super) fn new() -> Option<Avx512> {
        (features() & HAS_AVX512 != 0).then_some(Avx512(()))
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

        /// `knight::fork_squares`, lane-wise: the pairwise intersections in groups.
        #[inline]
        #[target_feature(enable = $feature)]
        fn $fork(t: $v) -> $v {
            let east = $and($shl::<1>(t), $splat(0xfefe_fefe_fefe_fefe_u64 as i64));
            let west = $and($shr::<1>(t), $splat(0x7f7f_7f7f_7f7f_7f7f));
            let east2 = $and($shl::<2>(t), $splat(0xfcfc_fcfc_fcfc_fcfc_u64 as i64));
            let west2 = $and($shr::<2>(t), $splat(0x3f3f_3f3f_3f3f_3f3f));
            let (one, one_twice) = ($or(east, west), $and(east, west));
            let (two, two_twice) = ($or(east2, west2), $and(east2, west2));
            let (up2, down2) = ($shl::<16>(one), $shr::<16>(one));
            let (up1, down1) = ($shl::<8>(two), $shr::<8>(two));
            let twice = $or(
                $or($shl::<16>(one_twice), $shr::<16>(one_twice)),
                $or($shl::<8>(two_twice), $shr::<8>(two_twice)),
            );
            let pairs = $or(
                $or($and(up2, down2), $and(up1, down1)),
                $and($or(up2, down2), $or(up1, down1)),
            );
            $or(pairs, twice)
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

/// Outputs of at least this many lanes (4 MiB) are streamed: written with non-temporal stores,
/// straight to memory without first reading each line into the cache and pushing the input out
/// of it, and from the last vector down to the first, as glibc's `memcpy` writes large copies:
/// into a new array, whose pages the system zeroes at their first write, writing forwards was
/// markedly slower (BENCHMARKS.md).
pub(super) const STREAM_LANES: usize = 1 << 19;

/// Orders the streamed stores before whatever follows: they are weakly ordered, so the
/// kernels fence them before the slice is handed back.
#[inline]
fn fence() {
    // SAFETY: SFENCE is SSE, which every x86-64 processor runs (the intrinsic is a safe
    // function in newer compilers, hence the allow).
    #[allow(unused_unsafe)]
    unsafe {
        _mm_sfence()
    };
}

/// A `u64 -> u64` slice kernel over 256-bit vectors, two per round, with a scalar tail (`lane`,
/// the kernel's scalar formula); outputs of [`STREAM_LANES`] or more are aligned to 32 bytes by
/// scalar lanes and their whole rounds streamed, last round first.
macro_rules! slice_avx2 {
    ($name:ident, $vector:ident) => {
        #[target_feature(enable = "avx2")]
        fn $name<F: Fn(u64) -> u64>(input: &[u64], output: &mut [u64], lane: F) {
            let n = input.len().min(output.len());
            let (src, dst) = (input.as_ptr(), output.as_mut_ptr());
            let mut i = 0;
            if n >= STREAM_LANES {
                // Scalar lanes up to the output's first 32-byte boundary (at most 3: `u64`s are
                // 8-byte aligned), as the aligned streaming store needs.
                let head = ((32 - (dst as usize & 31)) & 31) / 8;
                for (o, &x) in output[..head].iter_mut().zip(&input[..head]) {
                    *o = lane(x);
                }
                let end = head + (n - head) / 8 * 8;
                let mut j = end;
                while j > head {
                    j -= 8;
                    // SAFETY: head <= j and j + 8 <= end <= n, the length of both slices, so
                    // lanes j..j + 8 are in bounds; loadu accepts any alignment, and dst + j
                    // is 32-byte aligned (dst + head is, and j - head is a multiple of 8 lanes).
                    unsafe {
                        let a = _mm256_loadu_si256(src.add(j + 4).cast());
                        let b = _mm256_loadu_si256(src.add(j).cast());
                        _mm256_stream_si256(dst.add(j + 4).cast(), $vector(a));
                        _mm256_stream_si256(dst.add(j).cast(), $vector(b));
                    }
                }
                fence();
                i = end;
            }
            while i + 8 <= n {
                // SAFETY: i + 8 <= n, the length of both slices: lanes i..i + 8 are in bounds,
                // and loadu/storeu accept any alignment.
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
/// 64-byte boundary, four vectors per round (outputs of [`STREAM_LANES`] or more: their whole
/// rounds streamed, last round first), then masked vectors for the rest.
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
            if n >= STREAM_LANES {
                let end = head + (n - head) / 32 * 32;
                let mut j = end;
                while j > head {
                    j -= 32;
                    // SAFETY: head <= j and j + 32 <= end <= n, the length of both slices, so
                    // lanes j..j + 32 are in bounds; loadu accepts any alignment, and dst + j
                    // is 64-byte aligned (dst + head is, and j - head is a multiple of 32 lanes).
                    unsafe {
                        let a = _mm512_loadu_si512(src.add(j + 24).cast());
                        let b = _mm512_loadu_si512(src.add(j + 16).cast());
                        let c = _mm512_loadu_si512(src.add(j + 8).cast());
                        let d = _mm512_loadu_si512(src.add(j).cast());
                        _mm512_stream_si512(dst.add(j + 24).cast(), $vector(a));
                        _mm512_stream_si512(dst.add(j + 16).cast(), $vector(b));
                        _mm512_stream_si512(dst.add(j + 8).cast(), $vector(c));
                        _mm512_stream_si512(dst.add(j).cast(), $vector(d));
                    }
                }
                fence();
                i = end;
            }
            while i + 32 <= n {
                // SAFETY: i + 32 <= n, the length of both slices: lanes i..i + 32 are in
                // bounds, and loadu/storeu accept any alignment.
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
