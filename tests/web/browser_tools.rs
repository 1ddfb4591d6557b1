//! What a real-browser test needs, or why it cannot run: Debian's chromium, node, and
//! playwright-core installed in `tests/web` (`scripts/install-test-deps.sh`); and a browser
//! script run and checked. Shared by the client's page tests (`client/cli/tests/web*.rs`) and
//! the end-to-end online page test (`tests/tests/web_online.rs`), which include this file with
//! `#[path]`.

use std::path::{Path, PathBuf};
use std::process::Command;

/// What a real-browser test lacks (the reason it skips, or fails under `CI`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MissingTool {
    /// No chromium at `$CHROMIUM` or in /usr/bin.
    Chromium,
    /// No node on the PATH.
    Node,
    /// node is there but does not run.
    NodeFails,
    /// playwright-core is not installed in `tests/web`.
    Playwright,
}

impl std::fmt::Display for MissingTool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            MissingTool::Chromium => {
                "chromium is not installed (scripts/install-test-deps.sh installs Debian's chromium)"
            }
            MissingTool::Node => "node is not installed",
            MissingTool::NodeFails => "node does not run",
            MissingTool::Playwright => {
                "playwright-core is not installed in tests/web (scripts/install-test-deps.sh runs npm ci there)"
            }
        })
    }
}

/// Chromium's path and the `tests/web` folder (`web`, as the including crate reaches it), or
/// what is missing.
pub(crate) fn browser_tools(web: &Path) -> Result<(PathBuf, PathBuf), MissingTool> {
    let chromium = std::env::var_os("CHROMIUM")
        .map(PathBuf::from)
        .or_else(|| {
            ["/usr/bin/chromium", "/usr/bin/chromium-browser"].iter().map(PathBuf::from).find(|p| p.exists())
        })
        .ok_or(MissingTool::Chromium)?;
    let node = Command::new("node").arg("--version").output().map_err(|_| MissingTool::Node)?;
    if !node.status.success() {
        return Err(MissingTool::NodeFails);
    }
    if !web.join("node_modules/playwright-core/package.json").exists() {
        return Err(MissingTool::Playwright);
    }
    Ok((chromium, web.to_path_buf()))
}

/// `node` running the browser script `script` of the `tests/web` folder `dir` with `chromium`,
/// from the repository's root, so that a relative `TRIPOT_SCREENSHOTS` (`docs/screenshots`)
/// means the same from any shell: the caller adds the pages' addresses.
pub(crate) fn node_script(chromium: &Path, dir: &Path, script: &str) -> Command {
    let mut command = Command::new("node");
    command.current_dir(dir.join("../..")).arg(dir.join(script)).env("CHROMIUM", chromium);
    command
}

/// Runs a browser script (`node_script`) and asserts that it passed, saying `done`; its output
/// (the checks made) is printed for `--nocapture`.
pub(crate) fn assert_script_passes(mut script: Command, done: &str) {
    let output = script.output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "the browser test failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains(done), "{stdout}\n{stderr}");
    println!("{stdout}");
}
