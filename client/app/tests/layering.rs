//! The client's layering, as Cargo enforces it: `tripot-app` links no front-end (no ratatui,
//! crossterm, axum or clap), and the two front-ends do not link each other. Read from the
//! manifests, because a dependency that is not in a crate's `[dependencies]` cannot be used by
//! its code; `cargo tree -p tripot-app -e normal` shows the same for the transitive ones (slow,
//! so it is not run here).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;

/// The names in the `[dependencies]` table of the manifest at `client/<dir>/Cargo.toml`.
fn dependencies(dir: &str) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(dir).join("Cargo.toml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut in_table = false;
    let mut names = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            in_table = line == "[dependencies]";
            continue;
        }
        if !in_table || line.is_empty() || line.starts_with('#') {
            continue;
        }
        let key = line.split(['=', '.']).next().unwrap_or_default().trim();
        names.push(key.to_owned());
    }
    assert!(!names.is_empty(), "{}: no [dependencies] read", path.display());
    names
}

fn assert_none_of(dir: &str, forbidden: &[&str]) {
    let names = dependencies(dir);
    for name in forbidden {
        assert!(!names.iter().any(|n| n == name), "client/{dir} must not depend on {name}: {names:?}");
    }
}

#[test]
fn the_core_links_no_front_end() {
    assert!(dependencies("app").iter().any(|n| n == "tripot-engine"), "the reader missed a dependency");
    assert_none_of(
        "app",
        &["ratatui", "crossterm", "axum", "clap", "tripot-terminal", "tripot-web", "tripot"],
    );
}

#[test]
fn the_front_ends_do_not_link_each_other_nor_parse_a_command_line() {
    assert_none_of("terminal", &["axum", "clap", "tripot-web", "tripot"]);
    assert_none_of("page", &["ratatui", "crossterm", "clap", "tripot-terminal", "tripot"]);
}
