//! Opening the default browser on the page's address, where the system has a way to: best
//! effort, never an error (the address is printed anyway).

use std::process::{Command, Stdio};

/// Asks the system to open `url`; false if no opener could be started.
pub(crate) fn open(url: &str) -> bool {
    let mut command = opener(url);
    command.stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::null());
    match command.spawn() {
        Ok(mut child) => {
            // Reaped on its own thread, so that no zombie is left and the server does not wait.
            std::thread::spawn(move || child.wait());
            true
        }
        Err(_) => false,
    }
}

#[cfg(target_os = "macos")]
fn opener(url: &str) -> Command {
    let mut command = Command::new("open");
    command.arg(url);
    command
}

#[cfg(target_os = "windows")]
fn opener(url: &str) -> Command {
    let mut command = Command::new("cmd");
    // `start`'s first quoted argument is a window title: an empty one comes first.
    command.args(["/C", "start", "", url]);
    command
}

#[cfg(not(any(target_os = "macos", target_os = "windows")))]
fn opener(url: &str) -> Command {
    let mut command = Command::new("xdg-open");
    command.arg(url);
    command
}
