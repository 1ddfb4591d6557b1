//! The page one socket serves, without any I/O: a [`ClientMessage`] or a search's answer in,
//! the messages to send and the searches to start out. Every game is played at the one table
//! (`page_play`, over `tripot_app::table::Table`), the duel included; the saved games and the
//! replay viewer are `page_saves`'. This file only routes.

use tripot_ai::Level;
use tripot_engine::{Colour, Hole};

use super::messages::{
    ClientMessage, ErrorCode, Hello, HoleView, LevelView, PROTOCOL_VERSION, ServerMessage,
};
use super::page_play::{PagePlay, PlayReaction, PlaySearch};
use super::page_saves::PageSaves;
use super::saves_messages::SavesRequest;

/// A search to start off the socket's task: the table's.
pub(crate) type Search = PlaySearch;

/// A search's answer.
pub(crate) type Answer = tripot_app::table_computer::Answer;

/// What handling one message produced.
#[derive(Default)]
pub(crate) struct Reaction {
    /// To send, in order.
    pub(crate) send: Vec<ServerMessage>,
    /// To start.
    pub(crate) searches: Vec<Search>,
}

impl Reaction {
    fn error(code: ErrorCode, detail: impl Into<String>) -> Reaction {
        Reaction { send: vec![ServerMessage::Error { code, detail: detail.into() }], searches: Vec::new() }
    }
}

/// A refusal before anything changed.
type Refusal = (ErrorCode, String);

/// One page: its table, its saves and the language it was told.
#[derive(Default)]
pub(crate) struct Page {
    play: PagePlay,
    /// The records listed and the one in the replay viewer.
    saves: PageSaves,
    /// `tripot web --lang`, told in the hello.
    lang: Option<tripot_app::i18n::Lang>,
}

impl Page {
    /// A page whose records are listed by `saves` and whose tables are saved in the same store,
    /// told the language `lang` in its hello.
    pub(crate) fn with_saves(saves: PageSaves, lang: Option<tripot_app::i18n::Lang>) -> Page {
        let play = PagePlay::with_store(saves.store().cloned());
        Page { saves, lang, play }
    }

    /// The first message of a socket.
    pub(crate) fn hello(&self) -> ServerMessage {
        let holes = Hole::all()
            .map(|hole| {
                let (x, y) = hole.screen();
                HoleView {
                    name: hole.to_string(),
                    x,
                    y,
                    branch: Colour::of_hole(hole).map(|c| c.code().to_owned()),
                }
            })
            .collect();
        let levels = Level::ALL
            .into_iter()
            .map(|level| LevelView {
                key: level.key().to_owned(),
                number: level.number(),
                name_fr: level.label_fr().to_owned(),
                name_en: level.label_en().to_owned(),
                opponent: level.opponent().to_owned(),
            })
            .collect();
        let lang = self.lang.map(|lang| lang.code().to_owned());
        ServerMessage::Hello(Hello { protocol: PROTOCOL_VERSION, holes, levels, lang })
    }

    /// Handles one message of the page.
    pub(crate) fn handle(&mut self, message: ClientMessage) -> Reaction {
        let result = match message {
            ClientMessage::Play(request) => return play_reaction(self.play.handle(request)),
            // The socket hands these to the page's online game and to the relay's ratings; one
            // that reaches the page is refused, nothing changed.
            ClientMessage::Online(_) => {
                Err((ErrorCode::BadMessage, "online requests are the online worker's".to_owned()))
            }
            ClientMessage::Ratings(_) => {
                Err((ErrorCode::BadMessage, "ratings requests are the socket's".to_owned()))
            }
            ClientMessage::Rejoin { .. } => {
                Err((ErrorCode::BadMessage, "a rejoin is the socket's".to_owned()))
            }
            ClientMessage::Saves(request) => self.saves_request(request),
        };
        result.unwrap_or_else(|(code, detail)| Reaction::error(code, detail))
    }

    /// Whether `search` still matters: the table has not moved on since it was asked.
    pub(crate) fn wants(&self, search: &Search) -> bool {
        self.play.wants(search)
    }

    /// A search's answer, for the table (a stale one is dropped there).
    pub(crate) fn on_answer(&mut self, answer: Answer) -> Reaction {
        play_reaction(self.play.on_answer(answer))
    }

    /// Saved games and the replay viewer (see `page_saves`); an unfinished game of the list is
    /// taken up at the one table.
    fn saves_request(&mut self, request: SavesRequest) -> Result<Reaction, Refusal> {
        let send = |send: Vec<ServerMessage>| Ok(Reaction { send, searches: Vec::new() });
        match request {
            SavesRequest::List => send(vec![ServerMessage::Records(self.saves.list())]),
            SavesRequest::Open { id } => {
                let (replay, frame) = self.saves.open(&id)?;
                send(vec![ServerMessage::Replay(replay), ServerMessage::ReplayFrame(frame)])
            }
            SavesRequest::Show { index } => send(vec![ServerMessage::ReplayFrame(self.saves.show(index)?)]),
            SavesRequest::Resume { id } => {
                let path = self.saves.resumable(&id)?;
                Ok(play_reaction(self.play.resume_file(&path)))
            }
        }
    }
}

/// The one table's reaction in the socket's terms.
fn play_reaction(reaction: PlayReaction) -> Reaction {
    Reaction {
        send: reaction.send.into_iter().map(ServerMessage::Play).collect(),
        searches: reaction.searches,
    }
}
