//! The network's two inner loops, with AVX2 on x86-64 processors that have it
//! and a portable version elsewhere. Both are integer arithmetic in the same
//! order of wrapping and clipping, so they give the same result bit for bit.

/// Which version of the loops to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernels {
    Portable,
    #[cfg(target_arch = "x86_64")]
    Avx2(Avx2Found),
}

/// Proof that the processor has AVX2: only [`Kernels::detect`] makes one,
/// so safe code cannot choose the AVX2 loops on a processor without it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Avx2Found(());

impl Kernels {
    /// The fastest this processor runs.
    #[inline]
    pub fn detect() -> Kernels {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            return Kernels::Avx2(Avx2Found(()));
        }
        Kernels::Portable
    }

    /// `acc += row`, lane by lane, wrapping (the trainer keeps sums in range).
    #[inline]
    pub fn add(self, acc: &mut [i16], row: &[i16]) {
        match self {
            Kernels::Portable => add_portable(acc, row),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: only `detect` makes an `Avx2Found`, on a processor with AVX2.
            Kernels::Avx2(_) => unsafe { avx2::add(acc, row) },
        }
    }

    /// `acc -= row`, lane by lane, wrapping: undoes [`Kernels::add`] exactly.
    #[inline]
    pub fn sub(self, acc: &mut [i16], row: &[i16]) {
        match self {
            Kernels::Portable => sub_portable(acc, row),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: only `detect` makes an `Avx2Found`, on a processor with AVX2.
            Kernels::Avx2(_) => unsafe { avx2::sub(acc, row) },
        }
    }

    /// The sum over lanes of `clamp(values, 0, top) * weights`.
    #[inline]
    pub fn clipped_dot(self, values: &[i16], top: i16, weights: &[i16]) -> i32 {
        match self {
            Kernels::Portable => clipped_dot_portable(values, top, weights),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: only `detect` makes an `Avx2Found`, on a processor with AVX2.
            Kernels::Avx2(_) => unsafe { avx2::clipped_dot(values, top, weights) },
        }
    }
}

fn add_portable(acc: &mut [i16], row: &[i16]) {
    for (a, &w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(w);
    }
}

fn sub_portable(acc: &mut [i16], row: &[i16]) {
    for (a, &w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(w);
    }
}

fn clipped_dot_portable(values: &[i16], top: i16, weights: &[i16]) -> i32 {
    values
        .iter()
        .zip(weights)
        .map(|(&v, &w)| i32::from(v.clamp(0, top)) * i32::from(w))
        .fold(0i32, i32::wrapping_add)
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::*;

    /// Lanes of 16 at a time; the slices' length is a multiple of 16 (the
    /// network's width is checked when it is read).
    ///
    /// # Safety
    /// The processor must have AVX2; `acc` and `row` the same length.
    #[target_feature(enable = "avx2")]
    pub unsafe fn add(acc: &mut [i16], row: &[i16]) {
        debug_assert!(acc.len() == row.len() && acc.len().is_multiple_of(16));
        for (a, w) in acc.chunks_exact_mut(16).zip(row.chunks_exact(16)) {
            // SAFETY: each chunk is 16 i16 = 32 bytes; unaligned loads and stores.
            unsafe {
                let sum = _mm256_add_epi16(
                    _mm256_loadu_si256(a.as_ptr().cast()),
                    _mm256_loadu_si256(w.as_ptr().cast()),
                );
                _mm256_storeu_si256(a.as_mut_ptr().cast(), sum);
            }
        }
    }

    /// `acc -= row`, as [`add`] adds.
    ///
    /// # Safety
    /// The processor must have AVX2; `acc` and `row` the same length.
    #[target_feature(enable = "avx2")]
    pub unsafe fn sub(acc: &mut [i16], row: &[i16]) {
        debug_assert!(acc.len() == row.len() && acc.len().is_multiple_of(16));
        for (a, w) in acc.chunks_exact_mut(16).zip(row.chunks_exact(16)) {
            // SAFETY: each chunk is 16 i16 = 32 bytes; unaligned loads and stores.
            unsafe {
                let difference = _mm256_sub_epi16(
                    _mm256_loadu_si256(a.as_ptr().cast()),
                    _mm256_loadu_si256(w.as_ptr().cast()),
                );
                _mm256_storeu_si256(a.as_mut_ptr().cast(), difference);
            }
        }
    }

    /// # Safety
    /// The processor must have AVX2; both slices the same length, a multiple of 16.
    #[target_feature(enable = "avx2")]
    pub unsafe fn clipped_dot(values: &[i16], top: i16, weights: &[i16]) -> i32 {
        debug_assert!(values.len() == weights.len() && values.len().is_multiple_of(16));
        let zero = _mm256_setzero_si256();
        let top = _mm256_set1_epi16(top);
        let mut sum = _mm256_setzero_si256();
        for (v, w) in values.chunks_exact(16).zip(weights.chunks_exact(16)) {
            // SAFETY: each chunk is 16 i16 = 32 bytes; unaligned loads.
            unsafe {
                let clipped = _mm256_min_epi16(
                    _mm256_max_epi16(_mm256_loadu_si256(v.as_ptr().cast()), zero),
                    top,
                );
                let products = _mm256_madd_epi16(clipped, _mm256_loadu_si256(w.as_ptr().cast()));
                sum = _mm256_add_epi32(sum, products);
            }
        }
        let mut lanes = [0i32; 8];
        // SAFETY: 8 i32 = 32 bytes.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), sum) };
        lanes.iter().fold(0i32, |a, &b| a.wrapping_add(b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kernel_gives_the_portable_result() {
        let mut state = 12345u32;
        let mut next = || {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (state >> 16) as i16
        };
        let row: Vec<i16> = (0..64).map(|_| next()).collect();
        let start: Vec<i16> = (0..64).map(|_| next()).collect();
        let weights: Vec<i16> = (0..64).map(|_| next() / 64).collect();
        let kernels = Kernels::detect();
        let (mut a, mut b) = (start.clone(), start.clone());
        Kernels::Portable.add(&mut a, &row);
        kernels.add(&mut b, &row);
        assert_eq!(a, b);
        let (mut c, mut d) = (a.clone(), a.clone());
        Kernels::Portable.sub(&mut c, &row);
        kernels.sub(&mut d, &row);
        assert_eq!(c, d);
        assert_eq!(c, start, "a subtraction undoes the addition");
        assert_eq!(
            Kernels::Portable.clipped_dot(&a, 255, &weights),
            kernels.clipped_dot(&a, 255, &weights)
        );
    }
}
