//! `docs/report.schema.json`, the JSON Schema of `--json`'s documents, is
//! generated from the report types (`judge::model::results::report::Document`,
//! with schemars): this test fails when the file is not what the types say.
//! `UPDATE_SCHEMA=1 cargo test -p judge --test schema` writes it anew.

use std::path::Path;

use judge::model::results::report::Document;

#[test]
fn the_documented_schema_is_what_the_report_types_say() {
    let schema = schemars::schema_for!(Document<'static>);
    let generated = serde_json::to_string_pretty(&schema).unwrap() + "\n";
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/report.schema.json");
    if std::env::var_os("UPDATE_SCHEMA").is_some() {
        std::fs::write(&path, &generated).unwrap();
        return;
    }
    let documented = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        documented == generated,
        "{} is not what the report types say: run UPDATE_SCHEMA=1 cargo test -p judge --test schema",
        path.display()
    );
}
