//! What a real-browser test needs, or why it cannot run: Debian's chromium, node, and
//! playwright-core installed in `tests/web` (`scripts/install-test-deps.sh`). Shared by the
//! client's page tests (`client/tests/web.rs`) and the end-to-end online page test
//! (`tests/tests/web_online.rs`), which include this file with `#[path]`.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Chromium's path and the `tests/web` folder (`web`, as the including crate reaches it), or
/// what is missing.
pub(crate) fn browser_tools(web: &Path) -> Result<(PathBuf, PathBuf), String> {
    let chromium = std::env::var_os("CHROMIUM")
        .map(PathBuf::from)
        .or_else(|| {
            ["/usr/bin/chromium", "/usr/bin/chromium-browser"].iter().map(PathBuf::from).find(|p| p.exists())
        })
        .ok_or("chromium is not installed (scripts/install-test-deps.sh installs Debian's chromium)")?;
    let node = Command::new("node").arg("--version").output().map_err(|_| "node is not installed")?;
    if !node.status.success() {
        return Err("node does not run".into());
    }
    if !web.join("node_modules/playwright-core/package.json").exists() {
        return Err(
            "playwright-core is not installed in tests/web (scripts/install-test-deps.sh runs npm ci there)"
                .into(),
        );
    }
    Ok((chromium, web.to_path_buf()))
}
