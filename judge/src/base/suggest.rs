//! "Did you mean": the one rule for which known name a mistyped one was
//! meant to be, for problem names, keys of the configuration files,
//! verdict folders and paths alike.

/// The name of `names` most like `name`, if one is close: names are
/// matched as written, so `Nim` or `nmi` only get a suggestion.
pub fn closest<'a>(name: &str, names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let lower = name.to_lowercase();
    // Alike (Jaro-Winkler, as clap suggests subcommands), or one slip
    // away (a letter missing, extra, changed, or two swapped).
    let likeness = |n: &str| match strsim::osa_distance(&lower, n) {
        0 | 1 => 1.0,
        _ => strsim::jaro_winkler(&lower, n),
    };
    names
        .into_iter()
        .map(|n| (likeness(&n.to_lowercase()), n))
        .filter(|(likeness, _)| *likeness >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, n)| n)
}

/// `did you mean `x`?` for the name of `names` closest to `name`.
pub fn did_you_mean<'a>(name: &str, names: impl IntoIterator<Item = &'a str>) -> Option<String> {
    closest(name, names).map(|c| format!("did you mean `{c}`?"))
}

#[cfg(test)]
mod tests {
    use super::{closest, did_you_mean};

    #[test]
    fn a_mistyped_name_gets_the_closest() {
        let names = ["nim", "anti-nim", "wythoff", "fibonacci", "fibonacci-play"];
        assert_eq!(closest("Nim", names), Some("nim"));
        assert_eq!(closest("nmi", names), Some("nim"));
        assert_eq!(closest("wythof", names), Some("wythoff"));
        assert_eq!(closest("fibonaci-play", names), Some("fibonacci-play"));
        assert_eq!(closest("merge", names), None);
        let keys = ["validator", "validators", "generator", "reference"];
        assert_eq!(
            did_you_mean("validater", keys).as_deref(),
            Some("did you mean `validator`?")
        );
        assert_eq!(did_you_mean("tests", keys), None);
    }
}
