//! Network namespaces for the relay tests (as root): a NAT topology where hole punching means
//! something, and a `tripot-relay` process started inside a namespace (the plain two-namespace
//! LAN is `online_common::netns::Lan`).
//!
//! Every namespace is created by the test that uses it, under a name unique to the run, and
//! deleted on drop (also when the test fails). Traffic stays inside them: the addresses are the
//! documentation ranges and private ranges of namespaces nothing else can reach.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Write as _;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};

/// Runs `ip ARGS…`; whether it succeeded.
pub(crate) fn ip(args: &[&str]) -> bool {
    Command::new("ip").args(args).stderr(Stdio::null()).status().is_ok_and(|s| s.success())
}

/// Runs `CMD ARGS…` inside namespace `ns`; whether it succeeded.
fn exec(ns: &str, args: &[&str]) -> bool {
    Command::new("ip").args(["netns", "exec", ns]).args(args).status().is_ok_and(|s| s.success())
}

/// Feeds an nftables ruleset to `nft -f -` inside `ns`.
fn nft(ns: &str, ruleset: &str) -> bool {
    let Ok(mut child) =
        Command::new("ip").args(["netns", "exec", ns, "nft", "-f", "-"]).stdin(Stdio::piped()).spawn()
    else {
        return false;
    };
    let written = child.stdin.take().is_some_and(|mut stdin| stdin.write_all(ruleset.as_bytes()).is_ok());
    child.wait().is_ok_and(|s| s.success()) && written
}

/// A short id unique to this process and call, for namespace and interface names (at most 15
/// bytes for interfaces).
fn unique_id() -> String {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    format!("{}{}", std::process::id() % 100_000, NEXT.fetch_add(1, Ordering::Relaxed))
}

/// Namespaces deleted on drop (their interfaces go with them).
pub(crate) struct Namespaces {
    names: Vec<String>,
}

impl Namespaces {
    /// Creates them all with their loopback up, or none (`None`: not permitted here).
    fn create(names: Vec<String>) -> Option<Namespaces> {
        let mut made = Namespaces { names: Vec::new() };
        for name in names {
            if !ip(&["netns", "add", &name]) {
                return None;
            }
            made.names.push(name.clone());
            if !ip(&["-n", &name, "link", "set", "lo", "up"]) {
                return None;
            }
        }
        Some(made)
    }
}

impl Drop for Namespaces {
    fn drop(&mut self) {
        for name in &self.names {
            let _ = ip(&["netns", "delete", name]);
        }
    }
}

/// `ip netns exec NS PROGRAM`, ready for arguments.
pub(crate) fn in_ns(ns: &str, program: &std::path::Path) -> Command {
    let mut command = Command::new("ip");
    command.args(["netns", "exec", ns]).arg(program);
    command
}

/// Two home networks behind NAT routers, and the relay on the "internet" between them:
///
/// ```text
///  client a 10.0.1.2 ── 10.0.1.1 router a 192.0.2.11 ─┐
///                                                    bridge ── relay 192.0.2.1
///  client b 10.0.2.2 ── 10.0.2.1 router b 192.0.2.12 ─┘
/// ```
///
/// Each router masquerades its home network behind its public address (Linux keeps the source
/// port when it can: an endpoint-independent mapping) and, like a home router, drops what
/// comes in from outside unless it answers something sent from inside. So the clients cannot
/// reach each other until both have sent to the other's public address: hole punching.
pub(crate) struct NatTopology {
    /// The relay's namespace (the "internet" bridge lives there).
    pub(crate) relay: String,
    /// Client a's namespace.
    pub(crate) a: String,
    /// Client b's namespace.
    pub(crate) b: String,
    _namespaces: Namespaces,
}

/// How the routers map an inside address and port to their outside address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mapping {
    /// Keep the source port when it is free (Linux masquerade's default): the same outside port
    /// for every destination, so the port the relay sees is the one a peer must aim at.
    KeepPort,
    /// A new random port for every connection (a symmetric NAT): what the relay sees tells a
    /// peer nothing, and no hole can be punched.
    RandomPort,
}

/// The relay's address on the bridge.
pub(crate) const RELAY_IP: &str = "192.0.2.1";

impl NatTopology {
    /// Builds it; `None` where namespaces or nftables are not available (not root, no `ip`,
    /// no `nft`, a kernel without NAT).
    pub(crate) fn create(mapping: Mapping) -> Option<NatTopology> {
        let id = unique_id();
        let [relay, router_a, router_b, a, b] =
            ["r", "na", "nb", "a", "b"].map(|part| format!("tripot-{part}-{id}"));
        let namespaces = Namespaces::create(vec![
            relay.clone(),
            router_a.clone(),
            router_b.clone(),
            a.clone(),
            b.clone(),
        ])?;
        let bridge_ok = ip(&["-n", &relay, "link", "add", "br0", "type", "bridge"])
            && ip(&["-n", &relay, "addr", "add", &format!("{RELAY_IP}/24"), "dev", "br0"])
            && ip(&["-n", &relay, "link", "set", "br0", "up"]);
        if !bridge_ok {
            return None;
        }
        let homes =
            [(&router_a, &a, "a", "192.0.2.11", "10.0.1"), (&router_b, &b, "b", "192.0.2.12", "10.0.2")];
        for (router, client, side, public, lan) in homes {
            let (bridge_end, wan) = (format!("tpr{side}{id}"), format!("tpw{side}{id}"));
            let (lan_end, client_end) = (format!("tpl{side}{id}"), format!("tpc{side}{id}"));
            let ok = ip(&["link", "add", &bridge_end, "type", "veth", "peer", "name", &wan])
                && ip(&["link", "set", &bridge_end, "netns", &relay])
                && ip(&["link", "set", &wan, "netns", router])
                && ip(&["-n", &relay, "link", "set", &bridge_end, "master", "br0"])
                && ip(&["-n", &relay, "link", "set", &bridge_end, "up"])
                && ip(&["-n", router, "addr", "add", &format!("{public}/24"), "dev", &wan])
                && ip(&["-n", router, "link", "set", &wan, "up"])
                && ip(&["link", "add", &lan_end, "type", "veth", "peer", "name", &client_end])
                && ip(&["link", "set", &lan_end, "netns", router])
                && ip(&["link", "set", &client_end, "netns", client])
                && ip(&["-n", router, "addr", "add", &format!("{lan}.1/24"), "dev", &lan_end])
                && ip(&["-n", router, "link", "set", &lan_end, "up"])
                && ip(&["-n", client, "addr", "add", &format!("{lan}.2/24"), "dev", &client_end])
                && ip(&["-n", client, "link", "set", &client_end, "up"])
                && ip(&["-n", client, "route", "add", "default", "via", &format!("{lan}.1")])
                && exec(router, &["sysctl", "-qw", "net.ipv4.ip_forward=1"])
                && nft(router, &home_router_rules(&wan, mapping));
            if !ok {
                return None;
            }
        }
        Some(NatTopology { relay, a, b, _namespaces: namespaces })
    }
}

/// A home router: masquerade out of `wan`; from `wan`, only what answers an inside packet.
fn home_router_rules(wan: &str, mapping: Mapping) -> String {
    let masquerade = match mapping {
        Mapping::KeepPort => "masquerade",
        Mapping::RandomPort => "masquerade fully-random",
    };
    format!(
        "table ip nat {{
  chain post {{
    type nat hook postrouting priority srcnat;
    oifname \"{wan}\" {masquerade}
  }}
}}
table inet filter {{
  chain input {{
    type filter hook input priority 0;
    iifname \"{wan}\" ct state established,related accept
    iifname \"{wan}\" drop
  }}
  chain forward {{
    type filter hook forward priority 0;
    iifname \"{wan}\" ct state established,related accept
    iifname \"{wan}\" drop
  }}
}}
"
    )
}

pub(crate) use crate::online_common::relay_bin;
use crate::online_common::relay_process::{RelayLaunch, RelayProcess};

/// A `tripot-relay` in namespace `ns`, listening on `listen` (comma-separated), plus `args`.
pub(crate) fn relay_in(ns: &str, listen: &str, args: &[&str]) -> RelayProcess {
    RelayLaunch::new(&relay_bin(), 42).in_namespace(ns).listen(listen).args(args).start()
}

/// Why a test cannot run here: a failure under CI, a skip said on the terminal elsewhere.
pub(crate) fn skip(test: &str) {
    crate::online_common::prerequisite_missing(
        test,
        "cannot create network namespaces (and nftables NAT) here: needs root, `ip netns` and nftables",
    );
}
