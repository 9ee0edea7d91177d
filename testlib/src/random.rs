//! testlib's random generator (`random_t`), bit for bit.
//!
//! A 48-bit linear congruential generator (java.util.Random's constants),
//! seeded from a hash of the generator's arguments, with testlib's exact
//! mapping of raw bits to ranges. The same arguments give the same numbers as
//! a C++ testlib generator, on every machine, forever: nothing here may change.
//!
//! testlib picks an algorithm by the C++ type of the arguments; Rust has no
//! overloading, so the method names say which one is used:
//! * [`Random::next_int`] — `next(int n)`, 31 random bits per attempt;
//! * [`Random::next_long`] — `next(long long n)`, 63 bits per attempt;
//! * [`Random::next_range`] — `next(from, to)`, the 63-bit path for every type;
//! * [`Random::wnext_range`] — `wnext(from, to, t)`, the 31-bit path for
//!   `i32`/`u32` and the 63-bit path for `i64`/`u64` (as testlib).

use crate::format::{c_max, c_min};

const MULTIPLIER: u64 = 0x5_DEEC_E66D;
const ADDEND: u64 = 0xB;
const MASK: u64 = (1 << 48) - 1;
const INITIAL_SEED: u64 = 3_905_348_978_240_129_619;
/// Above this |t|, `wnext` uses a power formula instead of repeated draws.
const WNEXT_LIMIT: i32 = 25;

/// testlib's `random_t`.
#[derive(Clone, Debug)]
pub struct Random {
    seed: u64,
    version: i32,
}

impl Default for Random {
    fn default() -> Random {
        Random::new()
    }
}

fn fail(message: &str) -> ! {
    crate::runtime::fail(message)
}

/// Clamps `value` into `[a, b)` (testlib's `__testlib_crop` for doubles).
fn crop_f64(value: f64, a: f64, b: f64) -> f64 {
    let value = c_min(c_max(value, a), b);
    if value >= b {
        // C's `nexttoward(b, a)`.
        if b > a {
            b.next_down()
        } else if b < a {
            b.next_up()
        } else {
            a
        }
    } else {
        value
    }
}

/// The integer types a generator can draw, and which testlib path each uses.
pub trait RandomInt: Copy + Ord + std::fmt::Debug {
    /// Returns true if and only if testlib's `wnext(from, to, t)` for this
    /// type uses the 63-bit path (`long long` and `unsigned long long`).
    const WIDE: bool;
    /// The value as an `i128`.
    fn to_i128(self) -> i128;
    /// The value of an `i128` in range (truncating as a C++ cast does).
    fn from_i128(v: i128) -> Self;
    /// The C++ type of testlib's overload for this type, as its messages
    /// name it (`long long`, `unsigned long`, ...).
    const C_TYPE: &'static str;
}

macro_rules! random_int {
    ($($t:ty => $wide:expr, $c:literal),*) => {$(
        impl RandomInt for $t {
            const WIDE: bool = $wide;
            const C_TYPE: &'static str = $c;
            fn to_i128(self) -> i128 { self as i128 }
            fn from_i128(v: i128) -> Self { v as $t }
        }
    )*};
}
random_int!(
    i32 => false, "int",
    u32 => false, "unsigned int",
    i64 => true, "long long",
    u64 => true, "unsigned long long",
    usize => true, "unsigned long",
    isize => true, "long"
);

impl Random {
    /// A generator in testlib's unseeded state (as a fresh `random_t`).
    pub const fn new() -> Random {
        Random {
            seed: INITIAL_SEED,
            version: 1,
        }
    }

    /// A generator seeded from the arguments after the program name, exactly
    /// as `registerGen(argc, argv, 1)` seeds `rnd`.
    pub fn from_args<S: AsRef<[u8]>>(args: &[S]) -> Random {
        let mut seed = INITIAL_SEED;
        for arg in args {
            for &b in arg.as_ref() {
                // C++ `(unsigned int)(char)b` on a signed-char platform.
                let c = u64::from(b as i8 as i32 as u32);
                seed = seed
                    .wrapping_mul(MULTIPLIER)
                    .wrapping_add(c)
                    .wrapping_add(ADDEND);
            }
            seed = seed.wrapping_add(MULTIPLIER / ADDEND);
        }
        Random {
            seed: seed & MASK,
            version: 1,
        }
    }

    /// Selects testlib's generator version: 1 (current) or 0 (before 0.8.7),
    /// which differs in how 63-bit values are assembled.
    pub fn set_version(&mut self, version: i32) {
        if !(0..=1).contains(&version) {
            fail("Random generator version is expected to be 0 or 1.");
        }
        self.version = version;
    }

    /// testlib's `rnd.setSeed(long long)`.
    pub fn set_seed(&mut self, seed: i64) {
        self.seed = (seed as u64 ^ MULTIPLIER) & MASK;
    }

    fn next_bits(&mut self, bits: u32) -> i64 {
        if bits <= 48 {
            self.seed = self.seed.wrapping_mul(MULTIPLIER).wrapping_add(ADDEND) & MASK;
            (self.seed >> (48 - bits)) as i64
        } else {
            let lower = if self.version == 0 { 31 } else { 32 };
            let left = self.next_bits(31) << 32;
            let right = self.next_bits(lower);
            left ^ right
        }
    }

    /// A uniform integer in `[0, n)` drawn with 31-bit steps (`next(int n)`).
    pub fn next_int(&mut self, n: i32) -> i32 {
        if n <= 0 {
            fail("random_t::next(int n): n must be positive");
        }
        if n & n.wrapping_neg() == n {
            return ((i64::from(n) * self.next_bits(31)) >> 31) as i32;
        }
        let limit = i64::from(i32::MAX / n * n);
        loop {
            let bits = self.next_bits(31);
            if bits < limit {
                return (bits % i64::from(n)) as i32;
            }
        }
    }

    /// A uniform integer in `[0, n)` drawn with 63-bit steps (`next(long long n)`).
    pub fn next_long(&mut self, n: i64) -> i64 {
        if n <= 0 {
            fail("random_t::next(long long n): n must be positive");
        }
        let limit = i64::MAX / n * n;
        loop {
            let bits = self.next_bits(63);
            if bits < limit {
                return bits % n;
            }
        }
    }

    /// A uniform integer in `[from, to]` (testlib's `next(from, to)`, which
    /// uses the 63-bit path for every integer type).
    pub fn next_range<T: RandomInt>(&mut self, from: T, to: T) -> T {
        // Only testlib's 64-bit unsigned overloads check the order themselves.
        if from > to && T::C_TYPE.starts_with("unsigned long") {
            let t = T::C_TYPE;
            fail(&format!(
                "random_t::next({t} from, {t} to): from can't not exceed to"
            ));
        }
        let width = to.to_i128() - from.to_i128() + 1;
        if width >= i128::from(i64::MAX) {
            fail("random_t::next(unsigned long long n): n must be less LONGLONG_MAX");
        }
        // A negative width (to < from) reaches `next(long long n)` and fails there.
        let offset = self.next_long(width as i64);
        T::from_i128(from.to_i128() + i128::from(offset))
    }

    /// A uniform double in `[0, 1)` (testlib's `next()`).
    pub fn next_f64(&mut self) -> f64 {
        let left = self.next_bits(26) << 27;
        let right = self.next_bits(27);
        crop_f64((left + right) as f64 / (1u64 << 53) as f64, 0.0, 1.0)
    }

    /// A uniform double in `[0, n)`.
    pub fn next_f64_below(&mut self, n: f64) -> f64 {
        if n <= 0.0 {
            fail("random_t::next(double): n should be positive");
        }
        crop_f64(n * self.next_f64(), 0.0, n)
    }

    /// A uniform double in `[from, to)`.
    pub fn next_f64_range(&mut self, from: f64, to: f64) -> f64 {
        if from >= to {
            fail("random_t::next(double from, double to): from should be strictly less than to");
        }
        self.next_f64_below(to - from) + from
    }

    /// The power formula `wnext` uses when `|t| >= 25`.
    fn wnext_power(&mut self, t: i32) -> f64 {
        if t > 0 {
            self.next_f64().powf(1.0 / (f64::from(t) + 1.0))
        } else {
            1.0 - self.next_f64().powf(1.0 / (f64::from(-t) + 1.0))
        }
    }

    /// A weighted integer in `[0, n)` (testlib's `wnext(int n, int t)`): the
    /// largest of `t + 1` draws if `t > 0`, the smallest of `-t + 1` if `t < 0`.
    pub fn wnext_int(&mut self, n: i32, t: i32) -> i32 {
        if n <= 0 {
            fail("random_t::wnext(int n, int type): n must be positive");
        }
        if t.wrapping_abs() < WNEXT_LIMIT {
            let mut result = self.next_int(n);
            for _ in 0..t {
                result = result.max(self.next_int(n));
            }
            for _ in 0..-t {
                result = result.min(self.next_int(n));
            }
            result
        } else {
            let p = self.wnext_power(t);
            ((f64::from(n) * p) as i32).clamp(0, n - 1)
        }
    }

    /// A weighted integer in `[0, n)` on the 63-bit path (`wnext(long long n, int t)`).
    pub fn wnext_long(&mut self, n: i64, t: i32) -> i64 {
        if n <= 0 {
            fail("random_t::wnext(long long n, int type): n must be positive");
        }
        if t.wrapping_abs() < WNEXT_LIMIT {
            let mut result = self.next_long(n);
            for _ in 0..t {
                result = result.max(self.next_long(n));
            }
            for _ in 0..-t {
                result = result.min(self.next_long(n));
            }
            result
        } else {
            let p = self.wnext_power(t);
            ((n as f64 * p) as i64).clamp(0, n - 1)
        }
    }

    /// A weighted integer in `[from, to]` (testlib's `wnext(from, to, t)`):
    /// the 31-bit path for `i32`/`u32`, the 63-bit path for wider types.
    pub fn wnext_range<T: RandomInt>(&mut self, from: T, to: T, t: i32) -> T {
        if from > to {
            let t = T::C_TYPE;
            fail(&format!(
                "random_t::wnext({t} from, {t} to, int type): from can't not exceed to"
            ));
        }
        let width = to.to_i128() - from.to_i128() + 1;
        let offset = if T::WIDE {
            i128::from(self.wnext_long(width as i64, t))
        } else {
            i128::from(self.wnext_int(width as i32, t))
        };
        T::from_i128(from.to_i128() + offset)
    }

    /// A weighted double in `[0, n)` (testlib's `wnext(double n, int t)`).
    pub fn wnext_f64(&mut self, n: f64, t: i32) -> f64 {
        if n <= 0.0 {
            fail("random_t::wnext(double n, int type): n must be positive");
        }
        if t.wrapping_abs() < WNEXT_LIMIT {
            let mut result = self.next_f64();
            for _ in 0..t {
                result = c_max(result, self.next_f64());
            }
            for _ in 0..-t {
                result = c_min(result, self.next_f64());
            }
            n * result
        } else {
            let p = self.wnext_power(t);
            crop_f64(n * p, 0.0, n)
        }
    }

    /// A weighted double in `[from, to)`.
    pub fn wnext_f64_range(&mut self, from: f64, to: f64, t: i32) -> f64 {
        if from >= to {
            fail(
                "random_t::wnext(double from, double to, int type): from should be strictly less than to",
            );
        }
        self.wnext_f64(to - from, t) + from
    }

    /// A uniformly chosen element (testlib's `rnd.any(c)`).
    pub fn any<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        if items.is_empty() {
            fail("random_t::any(const Container& c): c.size() must be positive");
        }
        &items[self.next_int(items.len() as i32) as usize]
    }

    /// A weighted element (testlib's `rnd.wany(c, t)`).
    pub fn wany<'a, T>(&mut self, items: &'a [T], t: i32) -> &'a T {
        if items.is_empty() {
            fail("random_t::wany(const Container& c, int type): c.size() must be positive");
        }
        &items[self.wnext_int(items.len() as i32, t) as usize]
    }

    /// Shuffles in place as testlib's global `shuffle(first, last)`.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in 1..items.len() {
            let j = self.next_int(i as i32 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// A random permutation of `first, first + 1, …, first + size - 1`
    /// (testlib's `rnd.perm(size, first)`); the swaps draw on the path of `T`.
    pub fn perm<T: RandomInt>(&mut self, size: T, first: T) -> Vec<T> {
        let n = size.to_i128();
        if n < 0 {
            fail("random_t::perm(T size, E first = 0): size must non-negative");
        }
        let mut p: Vec<T> = (0..n).map(|i| T::from_i128(first.to_i128() + i)).collect();
        for i in 1..n as usize {
            let j = if T::WIDE {
                self.next_long(i as i64 + 1) as usize
            } else {
                self.next_int(i as i32 + 1) as usize
            };
            p.swap(i, j);
        }
        p
    }

    /// `size` distinct numbers from `[from, to]`, in the order drawn
    /// (testlib's `rnd.distinct(size, from, to)`).
    pub fn distinct<T: RandomInt + std::hash::Hash>(
        &mut self,
        size: i32,
        from: T,
        to: T,
    ) -> Vec<T> {
        if size == 0 {
            return Vec::new();
        }
        if from > to {
            fail("random_t::distinct expected from <= to");
        }
        if size < 0 {
            fail("random_t::distinct expected size >= 0");
        }
        let n = (to.to_i128() - from.to_i128() + 1) as u64;
        if size as u64 > n {
            fail("random_t::distinct expected size <= to - from + 1");
        }
        let mut expected = 0.0;
        for i in 1..=size {
            expected += n as f64 / (n - i as u64 + 1) as f64;
        }
        if expected < n as f64 {
            let mut seen = std::collections::HashSet::new();
            let mut result = Vec::with_capacity(size as usize);
            while result.len() < size as usize {
                let x = self.next_range(from, to);
                if seen.insert(x) {
                    result.push(x);
                }
            }
            result
        } else {
            if n > 1_000_000_000 {
                fail("random_t::distinct here expected to - from + 1 <= 1000000000");
            }
            // testlib calls `perm(int(n), from)`: the 31-bit path.
            let mut p: Vec<T> = (0..n as i128)
                .map(|i| T::from_i128(from.to_i128() + i))
                .collect();
            for i in 1..p.len() {
                let j = self.next_int(i as i32 + 1) as usize;
                p.swap(i, j);
            }
            p.truncate(size as usize);
            p
        }
    }

    /// A random partition of `sum` into `size` parts, each at least
    /// `min_part` (testlib's `rnd.partition(size, sum, min_part)`).
    pub fn partition<T: RandomInt + std::hash::Hash>(
        &mut self,
        size: i32,
        sum: T,
        min_part: T,
    ) -> Vec<T> {
        if size < 0 {
            fail("random_t::partition: size < 0");
        }
        let (total, min) = (sum.to_i128(), min_part.to_i128());
        if size == 0 && total != 0 {
            fail("random_t::partition: size == 0 && sum != 0");
        }
        if min * i128::from(size) > total {
            fail("random_t::partition: min_part * size > sum");
        }
        if size == 0 {
            return Vec::new();
        }
        let rest = total - min * i128::from(size);
        let mut septums = vec![0i128; size as usize];
        let cuts = self.distinct(
            size - 1,
            T::from_i128(1),
            T::from_i128(rest + i128::from(size) - 1),
        );
        for (i, cut) in cuts.iter().enumerate() {
            septums[i + 1] = cut.to_i128();
        }
        septums.sort_unstable();
        let mut result = Vec::with_capacity(size as usize);
        for i in 0..size as usize - 1 {
            result.push(T::from_i128(septums[i + 1] - septums[i] - 1 + min));
        }
        result.push(T::from_i128(
            rest + i128::from(size) - 1 - septums[size as usize - 1] + min,
        ));
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_match_testlib() {
        assert_eq!(Random::from_args::<&str>(&[]).seed, 0x96344BF00A53);
        assert_eq!(Random::from_args(&["10", "100"]).seed, 0xFDA3A0492F40);
        assert_eq!(Random::from_args(&["1"]).seed, 0x4E5B05A023CB);
    }

    #[test]
    fn igen_vectors() {
        // generators/igen: rnd.next(1, 1000000) for a few argument lists.
        for (args, want) in [
            (vec!["1"], 959139),
            (vec!["3"], 125987),
            (vec!["10", "100"], 988299),
        ] {
            assert_eq!(Random::from_args(&args).next_range(1, 1_000_000), want);
        }
        assert_eq!(
            Random::from_args(&["café"]).next_range(1, 1_000_000),
            719015
        );
    }

    #[test]
    fn unregistered_perm_matches_testlib() {
        let p = Random::new().perm(10, 1);
        assert_eq!(p, [3, 7, 10, 1, 9, 5, 4, 8, 6, 2]);
    }

    #[test]
    fn iwgen_vectors() {
        for (t, want) in [(5, 803592), (-5, 297802), (-100, 68), (0, 511688)] {
            let arg = t.to_string();
            assert_eq!(
                Random::from_args(&[arg.as_str()]).wnext_range(1, 1_000_000, t),
                want,
                "{t}"
            );
        }
    }
}
