//! A quick match for a table of 3–6 seats on the real network: the seek runs on the program's
//! runtime (`tripot_net::table_online::quick_table`) and reports through a channel, so that a
//! front-end polling on its ticks never waits for the lobby, a seat or the others.

use std::sync::Arc;
use std::sync::mpsc::{self, Receiver};

use tokio::runtime::Runtime;
use tripot_net::Keypair;
use tripot_net::online::matchmaking::quick::QuickSeek;
use tripot_net::table_online::{QuickTableProgress, TableHandle, quick_table};
use tripot_protocol::table::ClockRule;

use super::network::{NetworkError, TableSeek, TableSeekNews};
use super::real_network::{find_relay, table_of};
use super::settings::NetworkSettings;

/// What the seek's task reports: the table's handle is wrapped on the caller's side.
enum SeekNews {
    Progress(QuickTableProgress),
    Settled(TableHandle),
    Failed(NetworkError),
}

/// A seek running on the runtime until settled, failed or dropped.
struct RealTableSeek {
    news: Receiver<SeekNews>,
    task: tokio::task::JoinHandle<()>,
    runtime: Arc<Runtime>,
}

/// Starts seeking `wanted` at the relay of `settings` (the configured one, else one announced
/// on the LAN) as `keypair`, on `runtime`; a table opened by this seeker has `clock`.
///
/// # Errors
/// [`NetworkError`]: the settings give no table configuration.
pub(crate) fn start(
    runtime: &Arc<Runtime>,
    keypair: Keypair,
    settings: NetworkSettings,
    wanted: QuickSeek,
    clock: ClockRule,
) -> Result<Box<dyn TableSeek>, NetworkError> {
    let mut config = settings.table_config(&keypair)?;
    let (sender, news) = mpsc::channel();
    let task = runtime.spawn(async move {
        let relay = match find_relay(keypair.clone(), &settings).await {
            Ok(relay) => relay,
            Err(error) => {
                let _ = sender.send(SeekNews::Failed(error));
                return;
            }
        };
        config.net.relay = Some(relay);
        let progress_sender = sender.clone();
        // Nobody waits any more once the seek was dropped: nothing to tell.
        let progress = move |p| {
            let _ = progress_sender.send(SeekNews::Progress(p));
        };
        let result = quick_table(keypair, config, wanted, clock, true, progress).await;
        let _ = sender.send(match result {
            Ok(handle) => SeekNews::Settled(handle),
            Err(error) => SeekNews::Failed(error.into()),
        });
    });
    Ok(Box::new(RealTableSeek { news, task, runtime: Arc::clone(runtime) }))
}

impl TableSeek for RealTableSeek {
    fn try_news(&mut self) -> Option<TableSeekNews> {
        Some(match self.news.try_recv().ok()? {
            SeekNews::Progress(progress) => TableSeekNews::Progress(progress),
            SeekNews::Settled(handle) => TableSeekNews::Settled(table_of(handle, &self.runtime)),
            SeekNews::Failed(error) => TableSeekNews::Failed(error),
        })
    }
}

impl Drop for RealTableSeek {
    fn drop(&mut self) {
        // Giving up: a table this seeker opened goes with the task (and its listing with it).
        self.task.abort();
    }
}
