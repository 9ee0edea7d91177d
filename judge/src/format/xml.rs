//! A small element tree read with quick-xml: enough of `problem.xml` to walk
//! it by names and attributes, with the line of each element for errors.

use anyhow::{Result, bail};
use quick_xml::XmlVersion;
use quick_xml::events::{BytesStart, Event};

/// An element: its name, attributes, children and line (from 1).
#[derive(Debug, Default)]
pub struct Element {
    pub name: String,
    attributes: Vec<(String, String)>,
    pub children: Vec<Element>,
    pub line: usize,
}

impl Element {
    /// The attribute `key`, if present.
    pub fn attr(&self, key: &str) -> Option<&str> {
        (self.attributes.iter())
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The first child named `name`.
    pub fn child(&self, name: &str) -> Option<&Element> {
        self.children.iter().find(|c| c.name == name)
    }

    /// Every child named `name`.
    pub fn all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Element> + 'a {
        self.children.iter().filter(move |c| c.name == name)
    }

    /// The element at the path of names `path` under this one.
    pub fn at(&self, path: &[&str]) -> Option<&Element> {
        path.iter().try_fold(self, |e, name| e.child(name))
    }

    /// The text of a leaf element (`<time-limit>2000</time-limit>`).
    pub fn text(&self) -> &str {
        self.attr("#text").unwrap_or("")
    }
}

/// Parses `text` (the file `shown`) into its root element.
pub fn parse(text: &str, shown: &str) -> Result<Element> {
    let mut reader = quick_xml::Reader::from_str(text);
    let line_of = |pos: u64| text[..(pos as usize).min(text.len())].matches('\n').count() + 1;
    let mut stack: Vec<Element> = vec![Element::default()];
    loop {
        let position = reader.buffer_position();
        let event = match reader.read_event() {
            Ok(event) => event,
            Err(e) => bail!("{shown}:{}: not well-formed XML: {e}", line_of(position)),
        };
        match event {
            Event::Start(start) => stack.push(element(&start, line_of(position), shown)?),
            Event::Empty(start) => {
                let leaf = element(&start, line_of(position), shown)?;
                stack.last_mut().expect("the root").children.push(leaf);
            }
            Event::End(_) => {
                let done = stack.pop().expect("quick-xml matches the ends");
                match stack.last_mut() {
                    Some(parent) => parent.children.push(done),
                    None => bail!("{shown}: unbalanced XML"),
                }
            }
            Event::Text(t) => {
                let value = t.xml_content(XmlVersion::Implicit1_0).trim().to_string();
                if let Some(current) = stack.last_mut()
                    && !value.is_empty()
                {
                    current.attributes.push(("#text".into(), value));
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    let document = stack.pop().filter(|_| stack.is_empty());
    match document.and_then(|d| d.children.into_iter().next()) {
        Some(root) => Ok(root),
        None => bail!("{shown}: no root element"),
    }
}

fn element(start: &BytesStart, line: usize, shown: &str) -> Result<Element> {
    let mut attributes = Vec::new();
    for attribute in start.attributes() {
        let Ok(a) = attribute else {
            bail!("{shown}:{line}: a malformed attribute");
        };
        let key = a.key.into_inner().to_string();
        let Ok(value) = a.normalized_value(XmlVersion::Implicit1_0) else {
            bail!("{shown}:{line}: attribute `{key}` cannot be read");
        };
        attributes.push((key, value.into_owned()));
    }
    Ok(Element {
        name: start.name().into_inner().to_string(),
        attributes,
        children: Vec::new(),
        line,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elements_attributes_text_and_lines() {
        let text = "<?xml version=\"1.0\"?>\n<problem short-name=\"a&amp;b\">\n  <judging>\n    <testset name=\"tests\"><time-limit>2000</time-limit><tests><test method=\"manual\"/></tests></testset>\n  </judging>\n</problem>\n";
        let root = parse(text, "problem.xml").unwrap();
        assert_eq!(root.attr("short-name"), Some("a&b"));
        let testset = root.at(&["judging", "testset"]).unwrap();
        assert_eq!(testset.line, 4);
        assert_eq!(testset.child("time-limit").unwrap().text(), "2000");
        assert_eq!(testset.at(&["tests"]).unwrap().all("test").count(), 1);
        let err = parse("<a>\n<b></a>", "p.xml").unwrap_err().to_string();
        assert!(err.starts_with("p.xml:2:"), "{err}");
    }
}
