//! The documented schema of the judge's `--json` documents
//! (`docs/report.schema.json`), which every document a test reads must
//! follow.

use std::sync::OnceLock;

use serde_json::Value;

use crate::paths;

/// The schema, read once.
pub fn schema() -> &'static jsonschema::Validator {
    static VALIDATOR: OnceLock<jsonschema::Validator> = OnceLock::new();
    VALIDATOR.get_or_init(|| {
        let path = paths::root().join("docs/report.schema.json");
        let text = std::fs::read_to_string(&path).unwrap();
        jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).unwrap()
    })
}

/// Panics unless `document` follows the schema.
pub fn assert_documented(document: &Value) {
    let errors: Vec<String> = schema()
        .iter_errors(document)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}\n{document:#}");
}
