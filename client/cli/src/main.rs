//! `tripot`: with no subcommand, the terminal game; otherwise a command-line tool.

fn main() -> std::process::ExitCode {
    tripot::run()
}
