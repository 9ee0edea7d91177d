//! testlib's 128 MiB cap on the files a checker opens stays the default and
//! can be changed: an output over the cap is a presentation error, an input
//! or answer over it a FAIL. (Its own test binary: the limit is process-wide.)

use testlib::{InStream, Role, catch_exit, set_max_file_size};

#[test]
fn files_over_the_limit_are_refused_before_reading() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.txt");
    std::fs::write(&path, "1 2 3 4 5 6 7 8 9 10\n").unwrap();
    let path = path.to_str().unwrap();

    set_max_file_size(10);
    let exit = catch_exit(|| InStream::open(path, Role::Output))
        .err()
        .unwrap();
    assert_eq!(exit.code, 2);
    assert_eq!(
        exit.report,
        b"wrong output format File size exceeds 10 bytes, size is 21\n"
    );
    let exit = catch_exit(|| InStream::open(path, Role::Answer))
        .err()
        .unwrap();
    assert_eq!(exit.code, 3);
    assert_eq!(
        String::from_utf8(exit.report).unwrap(),
        format!("FAIL File size exceeds 10 bytes, size is 21 ({path})\n")
    );

    // 0 lifts the limit.
    set_max_file_size(0);
    let s = catch_exit(|| InStream::open(path, Role::Output)).unwrap();
    assert_eq!(s.read_ints(10, 1..=10, "a"), (1..=10).collect::<Vec<_>>());
}
