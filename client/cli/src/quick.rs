//! `tripot quick`: the relay pairs you with a waiting player of a compatible format, or you wait
//! to be found; then the game is played like any online game.

use serde_json::json;
use tripot_app::i18n::Lang;
use tripot_engine::Rules;
use tripot_net::online::matchmaking::quick::{self, FormatSet, SeekProgress};

use super::CliError;
use super::matched::{config_with_relay, drive, print_json};
use super::online;

/// Arguments of `tripot quick`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Colours per camp you accept: 1, 2, 3 or any.
    #[arg(long, default_value = "any", value_parser = parse_formats)]
    pub(crate) format: FormatSet,
    /// Rules preset: tripot or classic (only players of the same rules are paired).
    #[arg(long, default_value = "tripot")]
    pub(crate) rules: Rules,
    #[command(flatten)]
    pub(crate) online: online::OnlineArgs,
}

/// A `--format` that is no set of formats (clap prints it, in the environment's language:
/// `--lang` is not read yet).
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", Lang::current().format_set_refused(.0))]
pub(crate) struct FormatSetError(String);

fn parse_formats(text: &str) -> Result<FormatSet, FormatSetError> {
    match text.trim() {
        "any" | "tout" | "*" => Ok(FormatSet::ANY),
        n => n.parse().ok().and_then(FormatSet::single).ok_or_else(|| FormatSetError(text.to_owned())),
    }
}

/// Seeks an opponent, then plays.
pub(crate) fn run(args: &Args) -> Result<(), CliError> {
    // The relay given, else one announced on the LAN (mDNS).
    let relay = super::relay_or_lan::relay_or_lan(args.online.relay()?, &args.online)?;
    let config = config_with_relay(&args.online, &relay)?;
    let headless = args.online.headless;
    let runtime = online::runtime()?;
    runtime.block_on(async {
        let keypair = args.online.keypair()?;
        let mut last_seekers = None;
        let progress = |p: SeekProgress| match p {
            SeekProgress::Seeking if headless => print_json(&json!({"event": "seeking"})),
            SeekProgress::Seeking => println!("Recherche d'un adversaire…"),
            SeekProgress::Waiting(n) if last_seekers != Some(n) => {
                last_seekers = Some(n);
                if headless {
                    print_json(&json!({"event": "quick_waiting", "seekers": n}));
                } else {
                    println!("En attente… ({n} autre(s) joueur(s) en salle d'attente)");
                }
            }
            SeekProgress::Waiting(_) => {}
        };
        let (matched, handle) = quick::play(keypair, config, args.format, args.rules, progress)
            .await
            .map_err(|e| CliError::Network(e.into()))?;
        if headless {
            print_json(&json!({
                "event": "matched", "peer": matched.peer.to_string(), "you_host": matched.you_host,
                "format": matched.format.number(), "rules": matched.rules.name(),
            }));
        } else {
            let role = if matched.you_host { "vous recevez" } else { "vous rejoignez" };
            println!(
                "Adversaire trouvé : format {}, {} ({role}).",
                matched.format.number(),
                matched.rules.name()
            );
        }
        drive(handle, &args.online).await
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_parse() {
        assert_eq!(parse_formats("any"), Ok(FormatSet::ANY));
        assert_eq!(parse_formats("2"), Ok(FormatSet::single(2).unwrap_or(FormatSet::ANY)));
        assert!(parse_formats("4").is_err());
        assert!(parse_formats("x").is_err());
    }
}
