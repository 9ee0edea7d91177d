//! Languages, by the codes packages write them in (`en`, `zh`, `sv`,
//! `pt-BR`): the statements' and the titles' languages. The kit's own
//! problems are written in English and Chinese; an imported one keeps the
//! languages of its package.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

/// A language, by its code.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Lang(Cow<'static, str>);

impl Lang {
    pub const EN: Lang = Lang(Cow::Borrowed("en"));
    pub const ZH: Lang = Lang(Cow::Borrowed("zh"));
    /// The languages the kit's own problems are written in.
    pub const KIT: [Lang; 2] = [Lang::EN, Lang::ZH];

    /// The language of `code`, if it is a language's code.
    pub fn of(code: &str) -> Option<Lang> {
        is_code(code).then(|| Lang(Cow::Owned(code.to_string())))
    }

    /// Its code (`en`), as in `statement.<code>.md`.
    pub fn code(&self) -> &str {
        &self.0
    }

    /// Its name in English, lowercase (`english`), as Polygon and CMS name
    /// languages in their packages (`statements/english/`,
    /// `statement/english.pdf`); its code where the kit knows no name.
    pub fn english_name(&self) -> String {
        name_of(self.code())
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Lang {
    type Err = String;

    fn from_str(code: &str) -> Result<Lang, String> {
        Lang::of(code).ok_or_else(|| {
            format!("`{code}` is not a language's code: expected one like `en`, `zh` or `pt-BR`")
        })
    }
}

/// Whether `code` is a language's code as packages write them: two or
/// three lowercase letters, then perhaps a region (`pt-BR`, `zh-TW`).
pub fn is_code(code: &str) -> bool {
    let (language, region) = match code.split_once('-') {
        Some((language, region)) => (language, Some(region)),
        None => (code, None),
    };
    let letters = |s: &str, n: std::ops::RangeInclusive<usize>| {
        n.contains(&s.len()) && s.chars().all(|c| c.is_ascii_alphabetic())
    };
    letters(language, 2..=3)
        && language.chars().all(|c| c.is_ascii_lowercase())
        && region.is_none_or(|region| letters(region, 2..=4))
}

/// Languages by code and by the lowercase English name Polygon and CMS
/// give their folders and files.
const LANGUAGES: [(&str, &str); 48] = [
    ("en", "english"),
    ("zh", "chinese"),
    ("ru", "russian"),
    ("uk", "ukrainian"),
    ("it", "italian"),
    ("fr", "french"),
    ("de", "german"),
    ("es", "spanish"),
    ("pt", "portuguese"),
    ("pl", "polish"),
    ("ja", "japanese"),
    ("ko", "korean"),
    ("vi", "vietnamese"),
    ("nl", "dutch"),
    ("sv", "swedish"),
    ("fa", "persian"),
    ("id", "indonesian"),
    ("ar", "arabic"),
    ("hy", "armenian"),
    ("az", "azerbaijani"),
    ("be", "belarusian"),
    ("bn", "bengali"),
    ("bg", "bulgarian"),
    ("hr", "croatian"),
    ("cs", "czech"),
    ("da", "danish"),
    ("et", "estonian"),
    ("fi", "finnish"),
    ("ka", "georgian"),
    ("el", "greek"),
    ("he", "hebrew"),
    ("hi", "hindi"),
    ("hu", "hungarian"),
    ("is", "icelandic"),
    ("kk", "kazakh"),
    ("ky", "kyrgyz"),
    ("lv", "latvian"),
    ("lt", "lithuanian"),
    ("mk", "macedonian"),
    ("ms", "malay"),
    ("mn", "mongolian"),
    ("no", "norwegian"),
    ("ro", "romanian"),
    ("sr", "serbian"),
    ("sk", "slovak"),
    ("sl", "slovenian"),
    ("th", "thai"),
    ("tr", "turkish"),
];

/// The code of a language named in English (`english`: `en`); an unknown
/// name stays as it is.
pub fn code_of(name: &str) -> String {
    let name = name.to_lowercase();
    (LANGUAGES.iter().find(|(_, n)| *n == name))
        .map(|(c, _)| c.to_string())
        .unwrap_or(name)
}

/// The English name of the language `code` (`en`: `english`); an unknown
/// code stays as it is.
pub fn name_of(code: &str) -> String {
    (LANGUAGES.iter().find(|(c, _)| *c == code))
        .map(|(_, n)| n.to_string())
        .unwrap_or_else(|| code.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_go_by_code_and_name() {
        assert_eq!(code_of("English"), "en");
        assert_eq!(code_of("klingon"), "klingon");
        assert_eq!(name_of("zh"), "chinese");
        // As Polygon names the languages of statements from Indonesia.
        assert_eq!(code_of("indonesian"), "id");
        assert_eq!(name_of("id"), "indonesian");
    }

    #[test]
    fn codes_are_two_or_three_letters_and_perhaps_a_region() {
        for good in ["en", "zh", "sv", "fil", "pt-BR", "zh-TW"] {
            assert_eq!(
                Lang::of(good).map(|l| l.to_string()),
                Some(good.to_string())
            );
        }
        for bad in ["", "e", "EN", "english", "en-", "en_US", "zh-Hant-TW"] {
            assert!(Lang::of(bad).is_none(), "{bad}");
        }
        assert!(Lang::EN < Lang::ZH && Lang::of("sv").unwrap() < Lang::ZH);
    }
}
