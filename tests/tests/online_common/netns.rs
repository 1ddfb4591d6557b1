//! Two network namespaces joined by a veth pair, created here as root and removed on drop, so
//! that multicast and cut links stay off the machine's real interfaces; and a cut of the link
//! between them with nftables (every packet dropped, nothing refused: like a dead network).

use std::io::Write as _;
use std::process::{Command, Stdio};

use super::tripot_bin;

/// Two namespaces and the veth pair between them; removed on drop.
pub(crate) struct Lan {
    /// The first namespace (address [`Lan::A_ADDR`]).
    pub(crate) a: String,
    /// The second namespace (address [`Lan::B_ADDR`]).
    pub(crate) b: String,
    /// The veth end inside `a`.
    dev_a: String,
}

fn ip(list: &[&str]) -> bool {
    Command::new("ip").args(list).stderr(Stdio::null()).status().is_ok_and(|s| s.success())
}

/// The nftables table of a cut.
const CUT_TABLE: &str = "tripot_cut";

impl Lan {
    /// The address of namespace `a`.
    pub(crate) const A_ADDR: &str = "10.233.0.1";
    /// The address of namespace `b`.
    pub(crate) const B_ADDR: &str = "10.233.0.2";

    /// Creates both namespaces; `None` where not permitted (not root, no `ip netns`).
    pub(crate) fn create() -> Option<Lan> {
        // Unique in the process too: two tests of one binary run at once, and a failed create
        // removes (on drop) the namespaces it named.
        static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed) % 100;
        let id = format!("{}x{n}", std::process::id() % 100_000);
        let (va, vb) = (format!("tva{id}"), format!("tvb{id}"));
        let lan = Lan { a: format!("tripot-a-{id}"), b: format!("tripot-b-{id}"), dev_a: va.clone() };
        if !ip(&["netns", "add", &lan.a]) {
            return None;
        }
        let (addr_a, addr_b) = (format!("{}/24", Lan::A_ADDR), format!("{}/24", Lan::B_ADDR));
        let ok = ip(&["netns", "add", &lan.b])
            && ip(&["link", "add", &va, "type", "veth", "peer", "name", &vb])
            && ip(&["link", "set", &va, "netns", &lan.a])
            && ip(&["link", "set", &vb, "netns", &lan.b])
            && [(&lan.a, &va, &addr_a), (&lan.b, &vb, &addr_b)].iter().all(|(ns, dev, addr)| {
                ip(&["-n", ns, "addr", "add", addr, "dev", dev])
                    && ip(&["-n", ns, "link", "set", dev, "up"])
                    && ip(&["-n", ns, "link", "set", "lo", "up"])
                    && ip(&["-n", ns, "route", "add", "224.0.0.0/4", "dev", dev])
            });
        // On failure the drop removes whatever was made.
        if ok { Some(lan) } else { None }
    }

    /// `tripot` run inside namespace `ns`.
    pub(crate) fn command(&self, ns: &str) -> Command {
        let mut command = Command::new("ip");
        command.args(["netns", "exec", ns]).arg(tripot_bin());
        command
    }

    /// Cuts the link: namespace `a` silently drops every packet in and out of its veth end
    /// (no reset, no unreachable: the peer only sees silence). `false` where nftables is
    /// missing or refused.
    pub(crate) fn cut(&self) -> bool {
        let rules = format!(
            "table inet {CUT_TABLE} {{\n\
             chain in {{ type filter hook input priority 0; iifname \"{dev}\" drop; }}\n\
             chain out {{ type filter hook output priority 0; oifname \"{dev}\" drop; }}\n\
             }}\n",
            dev = self.dev_a
        );
        let child = Command::new("ip")
            .args(["netns", "exec", &self.a, "nft", "-f", "-"])
            .stdin(Stdio::piped())
            .stderr(Stdio::null())
            .spawn();
        let Ok(mut child) = child else { return false };
        let written = child.stdin.take().is_some_and(|mut stdin| stdin.write_all(rules.as_bytes()).is_ok());
        child.wait().is_ok_and(|s| s.success()) && written
    }

    /// Whether nftables works in namespace `a` (so that [`Lan::cut`] can work).
    pub(crate) fn can_cut(&self) -> bool {
        Command::new("ip")
            .args(["netns", "exec", &self.a, "nft", "list", "tables"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    }

    /// Removes the cut.
    pub(crate) fn mend(&self) -> bool {
        Command::new("ip")
            .args(["netns", "exec", &self.a, "nft", "delete", "table", "inet", CUT_TABLE])
            .status()
            .is_ok_and(|s| s.success())
    }
}

impl Drop for Lan {
    fn drop(&mut self) {
        // Deleting a namespace deletes its end of the veth pair, and so the pair (and its rules).
        let _ = ip(&["netns", "delete", &self.a]);
        let _ = ip(&["netns", "delete", &self.b]);
        // A pair left behind in this namespace when moving it failed.
        let _ = ip(&["link", "delete", &self.dev_a]);
    }
}
