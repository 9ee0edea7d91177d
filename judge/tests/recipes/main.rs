//! `judge import` of packages that make their tests instead of storing
//! them, on small packages written here in the kit's own words (never a
//! package of a public repository): every test a package's recipes define
//! becomes a test of the kit, answered as the package says, and nothing is
//! dropped without a word. One module per kind of recipe.
mod cms_gen;
mod exports;
mod generators_yaml;
mod hydro;
mod polygon;
mod testdata_tools;
