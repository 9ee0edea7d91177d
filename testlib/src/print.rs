//! testlib's `println` for generators: values separated by single spaces,
//! sequences written item by item, one line per call.
//!
//! C++'s variadic `println(a, b, c)` becomes a tuple, `println((a, b, c))`;
//! `println(v)` for a vector and `println(v.begin(), v.end())` both become
//! `println(&v)` (or a slice of it). Doubles are written as a default C++
//! stream writes them (`%g`, six digits), so the output matches byte for byte.

use std::io::Write;

use crate::format::general;

/// A value `println` can write: a scalar, a string, a sequence of scalars or
/// a tuple of those.
pub trait Print {
    /// Appends the value as testlib's `println` writes it, without the newline.
    fn print_to(&self, out: &mut Vec<u8>);
}

macro_rules! print_display {
    ($($t:ty),*) => {$(
        impl Print for $t {
            fn print_to(&self, out: &mut Vec<u8>) {
                write!(out, "{self}").unwrap();
            }
        }
    )*};
}
print_display!(
    i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize, char, str, String
);

impl Print for bool {
    /// A C++ stream writes `1` and `0`.
    fn print_to(&self, out: &mut Vec<u8>) {
        out.push(if *self { b'1' } else { b'0' });
    }
}

impl Print for f64 {
    fn print_to(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(general(*self, 6).as_bytes());
    }
}

impl Print for f32 {
    fn print_to(&self, out: &mut Vec<u8>) {
        f64::from(*self).print_to(out);
    }
}

impl<T: Print + ?Sized> Print for &T {
    fn print_to(&self, out: &mut Vec<u8>) {
        (**self).print_to(out);
    }
}

impl<T: Print> Print for [T] {
    fn print_to(&self, out: &mut Vec<u8>) {
        for (i, item) in self.iter().enumerate() {
            if i > 0 {
                out.push(b' ');
            }
            item.print_to(out);
        }
    }
}

impl<T: Print> Print for Vec<T> {
    fn print_to(&self, out: &mut Vec<u8>) {
        self.as_slice().print_to(out);
    }
}

impl<T: Print, const N: usize> Print for [T; N] {
    fn print_to(&self, out: &mut Vec<u8>) {
        self.as_slice().print_to(out);
    }
}

macro_rules! print_tuple {
    ($first:ident $(, $rest:ident)*) => {
        impl<$first: Print, $($rest: Print),*> Print for ($first, $($rest),*) {
            #[allow(non_snake_case)]
            fn print_to(&self, out: &mut Vec<u8>) {
                let ($first, $($rest),*) = self;
                $first.print_to(out);
                $(
                    out.push(b' ');
                    $rest.print_to(out);
                )*
            }
        }
    };
}
print_tuple!(A, B);
print_tuple!(A, B, C);
print_tuple!(A, B, C, D);
print_tuple!(A, B, C, D, E);
print_tuple!(A, B, C, D, E, F);

/// testlib's `println`: writes `value` and a newline to stdout.
///
/// ```no_run
/// use testlib::prelude::*;
/// let (n, m) = (3, 2);
/// let a = vec![5, 1, 4];
/// println((n, m)); // println(n, m);                  "3 2"
/// println(&a); // println(a);                          "5 1 4"
/// println(&a[1..]); // println(a.begin() + 1, a.end());  "1 4"
/// println((1.5, "x")); // println(1.5, "x");            "1.5 x"
/// ```
pub fn println(value: impl Print) {
    let mut line = Vec::new();
    value.print_to(&mut line);
    line.push(b'\n');
    // A C++ stream that cannot write fails silently; so does this.
    let _ = std::io::stdout().lock().write_all(&line);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(value: impl Print) -> String {
        let mut out = Vec::new();
        value.print_to(&mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn values_are_written_as_testlibs_println_writes_them() {
        assert_eq!(line(5), "5");
        assert_eq!(line((3, -2)), "3 -2");
        assert_eq!(line(vec![1u64, 2, 3]), "1 2 3");
        assert_eq!(line(&[7, 8][..]), "7 8");
        assert_eq!(line(Vec::<i32>::new()), "");
        assert_eq!(line((1.5, 2.0, 1e6, 0.1 + 0.2)), "1.5 2 1e+06 0.3");
        assert_eq!(line(("Case", 1, 'x', true)), "Case 1 x 1");
        assert_eq!(line((String::from("ab"), [1, 2])), "ab 1 2");
        assert_eq!(line((f64::NAN, -0.0)), "nan -0");
    }
}
