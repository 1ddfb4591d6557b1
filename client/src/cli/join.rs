//! `tripot join MULTIADDR`: join a host at the address it printed.

use super::CliError;
use crate::online::{OnlineArgs, Plan};

/// Arguments of `tripot join`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The host's address, e.g. `/ip4/192.168.1.20/tcp/4001/p2p/12D3Koo…` (not needed with --resume).
    #[arg(required_unless_present = "resume")]
    pub(crate) addr: Option<tripot_net::Multiaddr>,
    #[command(flatten)]
    pub(crate) online: OnlineArgs,
}

/// Joins and plays until the game ends.
pub(crate) fn run(args: &Args) -> Result<(), CliError> {
    let plan = match &args.addr {
        Some(addr) => Plan::Join(addr.clone()),
        // With --resume the saved game says where the host is.
        None => Plan::Join(tripot_net::Multiaddr::empty()),
    };
    crate::online::run(&args.online, plan)
}
