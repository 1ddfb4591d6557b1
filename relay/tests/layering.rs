//! The directory and the relay know no game rules (issue 22): `tripot-directory`, and the
//! relay's rooms, lobby and quick match, link no rules crate, so a new game needs no new relay.
//! Only the ratings service, which replays records, brings one in — behind the `ratings` cargo
//! feature. Read from the manifests, following the workspace's own crates from one manifest to
//! the next (a dependency not in a crate's `[dependencies]` cannot be used by its code);
//! `cargo tree -p tripot-relay --no-default-features -e normal` shows the same, slowly.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The crates that hold a game's rules, or link them.
const RULES_CRATES: [&str; 4] = ["tripot-engine", "tripot-draughts", "tripot-ai", "tripot-ratings"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The lines of a TOML table, `[name]`, comments and blanks left out.
fn table<'a>(text: &'a str, name: &str) -> Vec<&'a str> {
    let mut inside = false;
    let mut lines = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            inside = line == format!("[{name}]");
            continue;
        }
        if inside && !line.is_empty() && !line.starts_with('#') {
            lines.push(line);
        }
    }
    lines
}

fn key(line: &str) -> String {
    line.split(['=', '.']).next().unwrap_or_default().trim().to_owned()
}

/// The workspace's own crates: name → directory.
fn workspace_crates() -> BTreeMap<String, PathBuf> {
    let text = read(&root().join("Cargo.toml"));
    table(&text, "workspace.dependencies")
        .into_iter()
        .filter_map(|line| {
            let path = line.split("path = \"").nth(1)?.split('"').next()?;
            Some((key(line), root().join(path)))
        })
        .collect()
}

/// The normal dependencies of the crate in `dir` a build links without optional features:
/// `(name, optional)` for each.
fn dependencies(dir: &Path) -> Vec<(String, bool)> {
    let text = read(&dir.join("Cargo.toml"));
    let names: Vec<(String, bool)> = table(&text, "dependencies")
        .into_iter()
        .map(|line| (key(line), line.contains("optional = true")))
        .collect();
    assert!(!names.is_empty(), "{}: no [dependencies] read", dir.display());
    names
}

/// Every crate of the workspace the crate in `dir` links, optional dependencies left out.
fn linked(dir: &Path) -> BTreeSet<String> {
    let crates = workspace_crates();
    let mut seen = BTreeSet::new();
    let mut to_visit = vec![dir.to_path_buf()];
    while let Some(dir) = to_visit.pop() {
        for (name, optional) in dependencies(&dir) {
            if let (false, Some(path)) = (optional, crates.get(&name))
                && seen.insert(name.clone())
            {
                to_visit.push(path.clone());
            }
        }
    }
    seen
}

#[test]
fn the_reader_follows_the_workspace() {
    let crates = workspace_crates();
    assert!(crates.contains_key("tripot-engine") && crates.contains_key("tripot-directory"), "{crates:?}");
    // The app links the engine, through itself and through tripot-net: the walk sees both.
    let app = linked(&root().join("client/app"));
    assert!(app.contains("tripot-engine") && app.contains("tripot-directory"), "{app:?}");
}

#[test]
fn the_directory_links_no_rules_crate() {
    let linked = linked(&root().join("crates/directory"));
    assert_eq!(linked, BTreeSet::from(["tripot-game".to_owned()]), "tripot-directory links {linked:?}");
}

#[test]
fn the_relay_links_a_rules_crate_only_for_its_ratings_service() {
    let linked = linked(&root().join("relay"));
    for rules in RULES_CRATES {
        assert!(
            !linked.contains(rules),
            "tripot-relay links {rules} without the ratings feature: {linked:?}"
        );
    }
    // The one that does is optional, and only the `ratings` feature turns it on.
    let manifest = read(&root().join("relay/Cargo.toml"));
    let optional: Vec<String> = dependencies(&root().join("relay"))
        .into_iter()
        .filter(|(_, optional)| *optional)
        .map(|(n, _)| n)
        .collect();
    assert_eq!(optional, ["tripot-ratings"]);
    let features = table(&manifest, "features");
    let turning_on: Vec<&str> =
        features.iter().copied().filter(|l| l.contains("dep:tripot-ratings")).collect();
    assert_eq!(turning_on.len(), 1, "{features:?}");
    assert!(turning_on[0].starts_with("ratings"), "{turning_on:?}");
}
