//! Opening the default browser on the page's address, where the system has a way to: best
//! effort, never an error (the address is printed anyway).
//!
//! With `--lan` the address holds the access token, and a program's command line is readable
//! by every user of the machine (`ps`). The opener is then given a page of our own instead: a
//! file only this user can read (mode 0600, created new in the temporary folder), which sends
//! the browser on to the address; it is removed a little later, once the browser has read it.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

/// How long the redirecting file is kept for the browser to read it.
const REDIRECT_KEPT: Duration = Duration::from_secs(120);

/// Asks the system to open `url`; false if no opener could be started.
pub(crate) fn open(url: &str) -> bool {
    spawn(opener(url.as_ref()))
}

/// Asks the system to open `url`, which holds a secret, without putting it on a command line;
/// false if the redirecting file could not be written or no opener could be started.
pub(crate) fn open_secret(url: &str) -> bool {
    let Some(file) = redirect_file(url) else { return false };
    let opened = spawn(opener(file.as_os_str()));
    let removed = file.clone();
    std::thread::spawn(move || {
        std::thread::sleep(if opened { REDIRECT_KEPT } else { Duration::ZERO });
        let _ = std::fs::remove_file(removed);
    });
    opened
}

/// Writes the page that sends the browser on to `url`, readable by this user only.
fn redirect_file(url: &str) -> Option<PathBuf> {
    use std::io::Write as _;
    // Our own address, made of digits, dots, colons, slashes and hex: nothing to escape, but
    // an address with a quote would be refused rather than written into the page.
    if url.contains(['"', '<', '>', '\'', '&']) {
        return None;
    }
    let page = format!(
        "<!doctype html><meta charset=\"utf-8\"><meta name=\"referrer\" content=\"no-referrer\">\
         <meta http-equiv=\"refresh\" content=\"0;url={url}\"><title>Tripot</title>\
         <a href=\"{url}\">Tripot</a>\n"
    );
    for _ in 0..8 {
        let path = std::env::temp_dir().join(format!("tripot-open-{:016x}.html", rand::random::<u64>()));
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt as _;
            options.mode(0o600);
        }
        match options.open(&path) {
            Ok(mut file) => return file.write_all(page.as_bytes()).is_ok().then_some(path),
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(_) => return None,
        }
    }
    None
}

fn spawn(mut command: Command) -> bool {
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
fn opener(target: &std::ffi::OsStr) -> Command {
    let mut command = Command::new("open");
    command.arg(target);
    command
}

#[cfg(target_os = "windows")]
fn opener(target: &std::ffi::OsStr) -> Command {
    let mut command = Command::new("cmd");
    // `start`'s first quoted argument is a window title: an empty one comes first.
    command.args(["/C", "start", ""]).arg(target);
    command
}

#[cfg(not(any(target_os = "macos", target_os = "windows")))]
fn opener(target: &std::ffi::OsStr) -> Command {
    let mut command = Command::new("xdg-open");
    command.arg(target);
    command
}
