//! Every relative link of the repository's front door (README.md, BENCHMARKS.md, docs/*.md)
//! leads somewhere: the file exists, and a `#fragment` names a heading of it (GitHub's anchors).

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The Markdown files checked.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md"), root().join("BENCHMARKS.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

/// The link targets of a Markdown text, outside fenced code blocks and code spans.
fn links(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut code = false;
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            match chars[i] {
                '`' => code = !code,
                ']' if !code && chars.get(i + 1) == Some(&'(') => {
                    let rest: String = chars[i + 2..].iter().collect();
                    if let Some(end) = rest.find(')') {
                        found.push(rest[..end].to_string());
                    }
                }
                _ => {}
            }
            i += 1;
        }
    }
    found
}

/// GitHub's anchor of a heading: lower case, spaces to hyphens, other punctuation dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn anchors(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut fenced = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            out.push(anchor(line.trim_start_matches('#')));
        }
    }
    out
}

#[test]
fn every_relative_link_resolves() {
    let mut checked = 0;
    let mut broken = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).expect("a page");
        for link in links(&text) {
            if link.contains("://") || link.starts_with("mailto:") {
                continue;
            }
            let (file, fragment) = match link.split_once('#') {
                Some((file, fragment)) => (file, Some(fragment)),
                None => (link.as_str(), None),
            };
            let target = if file.is_empty() {
                page.clone()
            } else {
                page.parent().unwrap().join(file)
            };
            checked += 1;
            if !target.exists() {
                broken.push(format!("{}: {link} (no such file)", page.display()));
            } else if let Some(fragment) = fragment
                && !anchors(&target).iter().any(|a| a == fragment)
            {
                broken.push(format!("{}: {link} (no such heading)", page.display()));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    // README.md alone links to a dozen pages.
    assert!(checked >= 12, "{checked} links checked");
}

#[test]
fn anchors_follow_github() {
    assert_eq!(anchor(" knightbits count-tours"), "knightbits-count-tours");
    assert_eq!(
        anchor(" Open tour counts (issue 32)"),
        "open-tour-counts-issue-32"
    );
    let found = links("see [a](b.md#c) and `[x](y)`\n```\n[p](q)\n```\n![i](j.png)");
    assert_eq!(found, ["b.md#c", "j.png"]);
}
