//! tripot-relay: the binary. Parses flags, starts the node, prints its addresses, stops on
//! SIGTERM or Ctrl-C.

use anyhow::Context;
use clap::Parser;
use tripot_relay::{Options, Relay};

fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("TRIPOT_RELAY_LOG")
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        // Colour codes only for a person at a terminal, never in journald or a test's pipe.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
    let options = Options::parse();
    let runtime =
        tokio::runtime::Builder::new_multi_thread().enable_all().build().context("tokio runtime")?;
    runtime.block_on(run(options))
}

async fn run(options: Options) -> anyhow::Result<()> {
    let relay = Relay::start(&options).await?;
    println!("tripot-relay {} — peer id {}", env!("CARGO_PKG_VERSION"), relay.peer_id());
    println!("Give players one of these addresses (tripot --relay ADDRESS):");
    for addr in relay.addresses() {
        println!("  {addr}");
    }
    if options.mdns {
        println!("Announced on the local network (mDNS): players there find it with no address.");
    }
    if let Some(http) = relay.http_address() {
        println!("Health: http://{http}/health   Metrics: http://{http}/metrics");
    }
    if let Some(ratings) = options.ratings() {
        let tables = relay
            .http_address()
            .map_or_else(String::new, |http| format!("; tables at http://{http}/ratings"));
        println!("Ratings: counting signed results in {}{tables}.", ratings.db.display());
    }
    // One line for scripts and tests: "READY <peer id> <http or -> <address>...".
    let http = relay.http_address().map_or_else(|| "-".to_owned(), |a| a.to_string());
    let addrs: Vec<String> = relay.addresses().iter().map(ToString::to_string).collect();
    println!("READY {} {} {}", relay.peer_id(), http, addrs.join(" "));

    wait_for_stop_signal().await?;
    tracing::info!("stop signal received");
    relay.shutdown().await;
    println!("STOPPED");
    Ok(())
}

#[cfg(unix)]
async fn wait_for_stop_signal() -> anyhow::Result<()> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut term = signal(SignalKind::terminate()).context("SIGTERM handler")?;
    let mut int = signal(SignalKind::interrupt()).context("SIGINT handler")?;
    tokio::select! {
        _ = term.recv() => {}
        _ = int.recv() => {}
    }
    Ok(())
}

#[cfg(not(unix))]
async fn wait_for_stop_signal() -> anyhow::Result<()> {
    tokio::signal::ctrl_c().await.context("Ctrl-C handler")
}
