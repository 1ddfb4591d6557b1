//! The computer players through the one game interface (`tripot_game::Player`): for every game of
//! the catalogue `tripot_ai::player` gives a player whose moves are legal there, the same moves
//! as the engine-typed API for the same seed, and that gives back a typed refusal when the game
//! is over, is not its game, or the caller cancels.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::thread;

use tripot_ai::draughts::{DraughtsAi, DraughtsLevel};
use tripot_ai::{Ai, Level, StarAi, draughts_hint, draughts_level, player};
use tripot_draughts::{Draughts, DraughtsState};
use tripot_engine::{Camp, Colour, Format, Position, Rules, StarBoardGames, StarGame, StarPosition};
use tripot_game::catalogue::catalogue;
use tripot_game::{Budget, Cancel, GameSpec, GameState, Opener, Player, PlayerError, Seat, Setup, SpecError};

fn spec(name: &str) -> GameSpec {
    name.parse().unwrap()
}

/// Any game of the catalogue at its start: the star board's or draughts.
fn open(spec: &GameSpec) -> Result<Box<dyn GameState>, tripot_game::OpenError> {
    let openers: [&dyn Opener; 2] = [&StarBoardGames, &Draughts];
    openers[..].open(spec, &Setup::default())
}

#[test]
fn every_catalogue_game_has_a_player_whose_moves_are_legal() {
    for info in catalogue() {
        let spec = info.spec();
        let mut state = open(&spec).unwrap();
        let mut players: Vec<Box<dyn Player>> = Seat::all(info.seats)
            .map(|s| player(&spec, Level::ALL[s.index() % 2], u64::from(s.0)).unwrap())
            .collect();
        assert_eq!(players[0].name(), "Jean Médecin");
        for _ in 0..u32::from(info.seats) * 2 + 2 {
            let Some(seat) = state.to_move() else {
                break;
            };
            let m = players[seat.index()].choose(state.as_ref(), &Budget::default()).unwrap();
            assert!(state.legal_moves().contains(&m), "{spec}: {m:?} is not listed");
            state.play(&m).unwrap();
        }
    }
    assert_eq!(player(&spec("chess"), Level::Moyen, 1).err(), Some(SpecError::Unknown(spec("chess"))));
}

#[test]
fn through_the_interface_a_player_plays_as_through_the_engine_types() {
    // The duel.
    let mut direct = Ai::new(Level::Moyen, 11);
    let mut boxed = player(&spec("tripot-f2"), Level::Moyen, 11).unwrap();
    let mut state = open(&spec("tripot-f2")).unwrap();
    let mut position = Position::start(Format::Two, Rules::Tripot, Camp::A);
    let mut history = vec![position.hash()];
    for _ in 0..6 {
        let expected = direct.choose(&position, &history);
        let chosen = boxed.choose(state.as_ref(), &Budget::default()).unwrap();
        assert_eq!(state.move_text(&chosen), position.notation(expected).to_string());
        state.play(&chosen).unwrap();
        position = position.play(expected).unwrap();
        history.push(position.hash());
        assert_eq!(state.position_string(), position.to_string());
    }
    // A star game.
    let mut direct = StarAi::new(Level::Facile, 4);
    let mut boxed = player(&spec("halma-3"), Level::Facile, 4).unwrap();
    let mut state = open(&spec("halma-3")).unwrap();
    let mut game = StarGame::new(StarPosition::start("halma-3".parse().unwrap(), Colour::S).unwrap());
    for _ in 0..6 {
        let expected = direct.choose(&game);
        let chosen = boxed.choose(state.as_ref(), &Budget::default()).unwrap();
        assert_eq!(state.move_text(&chosen), game.position().notation(&expected).to_string());
        state.play(&chosen).unwrap();
        game.play(&expected).unwrap();
        assert_eq!(state.position_string(), game.position().to_string());
    }
}

#[test]
fn a_player_refuses_a_game_over_a_game_not_its_own_and_a_cancelled_search() {
    let mut duel_player = player(&spec("tripot"), Level::Facile, 1).unwrap();
    let mut over = open(&spec("tripot")).unwrap();
    over.resign(Seat(0)).unwrap();
    assert_eq!(duel_player.choose(over.as_ref(), &Budget::default()), Err(PlayerError::GameOver));
    let kawu = open(&spec("kawu-3")).unwrap();
    assert_eq!(
        duel_player.choose(kawu.as_ref(), &Budget::default()),
        Err(PlayerError::Unsupported(spec("kawu-3")))
    );
    let mut star_player = player(&spec("kawu-3"), Level::Facile, 1).unwrap();
    let duel = open(&spec("tripot")).unwrap();
    assert_eq!(
        star_player.choose(duel.as_ref(), &Budget::default()),
        Err(PlayerError::Unsupported(spec("tripot")))
    );
    let cancel = Cancel::new();
    cancel.cancel();
    assert_eq!(star_player.choose(kawu.as_ref(), &Budget::cancellable(cancel)), Err(PlayerError::Cancelled));
}

#[test]
fn a_search_cancelled_from_another_thread_stops_with_cancelled() {
    // Raised while the search runs or before it starts, the move comes back as cancelled, never
    // as a move (that the searches poll the flag is `stop.rs`'s unit test).
    for name in ["tripot-f3", "halma-6", "captures-4", "draughts"] {
        let state = open(&spec(name)).unwrap();
        let cancel = Cancel::new();
        let budget = Budget::cancellable(cancel.clone());
        let search = thread::spawn(move || {
            let mut impossible = player(&spec(name), Level::Impossible, 3).unwrap();
            impossible.choose(state.as_ref(), &budget)
        });
        cancel.cancel();
        assert_eq!(search.join().unwrap(), Err(PlayerError::Cancelled), "{name}");
    }
}

#[test]
fn a_time_budget_still_gives_a_legal_move() {
    for name in ["tripot", "halma-long-6", "captures-long-3", "draughts"] {
        let state = open(&spec(name)).unwrap();
        let mut impossible = player(&spec(name), Level::Impossible, 2).unwrap();
        let budget = Budget { time: Some(std::time::Duration::from_millis(1)), cancel: None };
        let m = impossible.choose(state.as_ref(), &budget).unwrap();
        assert!(state.legal_moves().contains(&m), "{name}");
    }
}

#[test]
fn the_draughts_player_is_the_draughts_ai_of_the_mapped_level() {
    let levels: Vec<DraughtsLevel> = Level::ALL.into_iter().map(draughts_level).collect();
    use DraughtsLevel::{Difficile, Facile, Moyen};
    assert_eq!(levels, [Facile, Facile, Moyen, Difficile, Difficile]);
    let mut state = open(&spec("draughts")).unwrap();
    let mut boxed = player(&spec("draughts"), Level::Moyen, 5).unwrap();
    let mut direct = DraughtsAi::new(DraughtsLevel::Moyen, 5);
    let mut game = tripot_draughts::Game::new();
    assert_eq!(boxed.name(), "Giuseppe Garibaldi");
    for _ in 0..8 {
        let expected = direct.choose(&game).unwrap();
        let chosen = boxed.choose(state.as_ref(), &Budget::default()).unwrap();
        assert_eq!(state.move_text(&chosen), game.position().notation(&expected));
        state.play(&chosen).unwrap();
        game.play(&expected).unwrap();
        assert_eq!(state.position_string(), game.position().fen());
    }
    let draughts = state.as_any().downcast_ref::<DraughtsState>().unwrap();
    let hint = draughts_hint(draughts).unwrap();
    assert!(state.legal_moves().contains(&hint));
    let duel = open(&spec("tripot")).unwrap();
    assert_eq!(
        boxed.choose(duel.as_ref(), &Budget::default()),
        Err(PlayerError::Unsupported(spec("tripot")))
    );
    let mut star_player = player(&spec("kawu-2"), Level::Facile, 1).unwrap();
    assert_eq!(
        star_player.choose(state.as_ref(), &Budget::default()),
        Err(PlayerError::Unsupported(spec("draughts")))
    );
}
