//! Online tables of 2–6 seats in the terminal, at the table, driven from synthetic table
//! events through a stand-in network (`seats_fake`, no sockets): the one game screen with the
//! seats panel, a move by keys, the chat and its mute, the spectators, resigning and the
//! hand-over, the draw keys, the end with the rematch vote, six seats at 80×30 — snapshots at
//! 120×40 and 80×30 and the keys going out. (`online_seats.rs`: the ways to a table.)
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
mod seats_fake;

use common::{ch, key, render};
use crossterm::event::KeyCode;
use seats_fake::*;
use tripot_app::i18n::Lang;
use tripot_app::table_invitation::TableInvitation;
use tripot_game::{EndReason, Outcome, Place, Seat, SeatStatus};
use tripot_net::GameSnapshot;
use tripot_net::table::{Applied, TableEvent};
use tripot_net::table_online::TableNetEvent;
use tripot_protocol::table::{Act, Channel, ChatLine, ClockRule, PeerKey, SeatHolder, Signer, Wants};
use tripot_terminal::app::Page;
use tripot_terminal::event::Event;

#[test]
fn at_the_table_the_seats_panel_shows_everyone_and_a_move_goes_out_by_keys() {
    let (mut app, _events, fake) = hosted(Lang::Fr);
    playing(&mut app, &fake);
    assert!(app.online_seats().unwrap().online().table().is_some());
    let screen = masked(&render(&mut app, 120, 40));
    for words in [
        "vous (Ana)",
        "ordinateur",
        "Béa",
        "hôte",
        "#:##",
        "Discussion",
        "t discuter",
        "r réclamer · ? règles · q",
    ] {
        assert!(screen.contains(words), "{words}:\n{screen}");
    }
    insta::assert_snapshot!("seats_game", masked(&screen));
    let narrow = render(&mut app, 80, 30);
    for words in ["vous (Ana)", "Béa", "Menu (q)"] {
        assert!(narrow.contains(words), "{words}:\n{narrow}");
    }
    insta::assert_snapshot!("seats_game_80x30", masked(&narrow));

    let state = app.online_seats().unwrap().online().table().unwrap().state().clone_box();
    let text = state.move_text(&state.legal_moves()[0]);
    app.handle_event(ch(':'));
    type_text(&mut app, &text);
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(fake.sent(), [format!("play {text}")]);
}

#[test]
fn a_chat_line_is_typed_sent_and_shown_and_another_s_comes_in() {
    let (mut app, _events, fake) = hosted(Lang::Fr);
    playing(&mut app, &fake);
    app.handle_event(ch('t'));
    type_text(&mut app, "bonne partie");
    assert!(render(&mut app, 120, 40).contains("Message : bonne partie"));
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(fake.sent(), ["chat bonne partie"]);
    fake.table(TableEvent::Chat(ChatLine { channel: Channel::Players, from: bea(), text: "merci".into() }));
    app.handle_event(Event::Tick);
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("vous : bonne partie") && screen.contains("Béa : merci"), "{screen}");
    // Esc drops a line half typed.
    app.handle_event(ch('t'));
    type_text(&mut app, "oups");
    app.handle_event(key(KeyCode::Esc));
    assert_eq!(fake.sent().len(), 1);
}

#[test]
fn x_and_a_seats_number_mutes_its_chat_here_and_again_hears_it() {
    let (mut app, _events, fake) = hosted(Lang::Fr);
    playing(&mut app, &fake);
    app.handle_event(ch('x'));
    assert!(app.message().is_some_and(|m| m.starts_with("Couper ou rétablir la discussion")));
    app.handle_event(ch('3'));
    assert_eq!(app.message(), Some("Discussion de la place 3 coupée."));
    assert!(render(&mut app, 120, 40).contains("muet"));
    fake.table(TableEvent::Chat(ChatLine { channel: Channel::Players, from: bea(), text: "merci".into() }));
    app.handle_event(Event::Tick);
    assert!(!render(&mut app, 120, 40).contains("merci"), "a muted seat's line is dropped");
    // Our own seat, a seat the table has not, or Esc: nothing is muted.
    for key_after in [ch('1'), ch('9'), key(KeyCode::Esc)] {
        app.handle_event(ch('x'));
        app.handle_event(key_after);
        assert_eq!(app.message(), None);
    }
    app.handle_event(ch('x'));
    app.handle_event(ch('3'));
    assert_eq!(app.message(), Some("Discussion de la place 3 rétablie."));
    fake.table(TableEvent::Chat(ChatLine { channel: Channel::Players, from: bea(), text: "à toi".into() }));
    app.handle_event(Event::Tick);
    assert!(render(&mut app, 120, 40).contains("Béa : à toi"));
    assert!(fake.sent().is_empty(), "a mute is ours alone: nothing goes out");
}

#[test]
fn the_host_gives_an_empty_seat_to_a_computer_by_c_and_its_number_before_the_game() {
    let (mut app, _events, fake) = hosted(Lang::Fr);
    // Waiting: the computer at seat 2, seat 3 free.
    let others = vec![SeatHolder::Computer { level: 3 }, SeatHolder::Empty];
    fake.table(TableEvent::Table(announced("kawu-3", 3, others, ClockRule::None, false)));
    app.handle_event(Event::Tick);
    assert!(render(&mut app, 120, 40).contains("c un ordinateur · t discuter"));
    app.handle_event(ch('c'));
    assert!(app.message().is_some_and(|m| m.starts_with("Un ordinateur (niveau")), "{:?}", app.message());
    // A seat taken, one the table has not, or Esc: nothing goes out.
    for key_after in [ch('2'), ch('9'), key(KeyCode::Esc)] {
        app.handle_event(ch('c'));
        app.handle_event(key_after);
    }
    assert!(fake.sent().is_empty(), "{:?}", fake.sent());
    app.handle_event(ch('c'));
    app.handle_event(ch('3'));
    let sent = fake.sent();
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert!(sent[0].starts_with("computer 2 "), "{sent:?}");
    // Once every seat is taken and the game under way, `c` is no longer offered.
    playing(&mut app, &fake);
    assert!(!render(&mut app, 120, 40).contains("c un ordinateur"));
}

#[test]
fn the_spectators_watching_are_counted_on_the_panel() {
    let (mut app, _events, fake) = hosted(Lang::Fr);
    playing(&mut app, &fake);
    assert!(!render(&mut app, 120, 40).contains("spectat"));
    let mut state = announced(
        "kawu-3",
        3,
        vec![SeatHolder::Computer { level: 3 }, human(bea(), "Béa")],
        ClockRule::PerMove { secs: 60 },
        true,
    );
    state.watching = 2;
    fake.table(TableEvent::Table(state));
    app.handle_event(Event::Tick);
    assert!(render(&mut app, 120, 40).contains("2 spectateurs"));
}

#[test]
fn resigning_asks_once_and_the_hand_over_is_said() {
    let (mut app, _events, fake) = hosted(Lang::Fr);
    playing(&mut app, &fake);
    app.handle_event(ch('a'));
    assert!(fake.sent().is_empty());
    app.handle_event(ch('a'));
    assert_eq!(fake.sent(), ["resign"]);
    let mut state = announced(
        "kawu-3",
        3,
        vec![SeatHolder::Computer { level: 3 }, human(bea(), "Béa")],
        ClockRule::PerMove { secs: 60 },
        true,
    );
    state.epoch = 1;
    fake.table(TableEvent::Table(state));
    app.handle_event(Event::Tick);
    assert_eq!(app.message(), Some("L'hôte est parti ; Béa tient la table."));
}

#[test]
fn in_a_game_of_two_seats_a_draw_is_offered_and_answered_by_keys() {
    let (mut app, _events, fake) = app(Lang::En);
    let link: TableInvitation =
        format!("tripot://table/kawu-2/2/07070707070707070707070707070707/ip4/127.0.0.1/tcp/4001/p2p/{PEER}")
            .parse()
            .unwrap();
    app.join_seats(link, Wants::Seat(None));
    fake.table(TableEvent::Table(announced("kawu-2", 2, vec![human(bea(), "Béa")], ClockRule::None, true)));
    fake.table(TableEvent::Started { game: 1 });
    fake.push(TableNetEvent::Position { snapshot: GameSnapshot(open("kawu-2")), my_seat: Some(Seat(0)) });
    app.handle_event(Event::Tick);
    app.handle_event(ch('='));
    assert_eq!(fake.sent(), ["draw?"]);
    fake.table(TableEvent::DrawDeclined { seat: Seat(1) });
    fake.table(TableEvent::DrawOffered { seat: Seat(1) });
    app.handle_event(Event::Tick);
    assert_eq!(app.message(), Some("Béa offers a draw."));
    assert!(render(&mut app, 120, 40).contains("Draw offered: y accept"));
    app.handle_event(ch('y'));
    assert_eq!(fake.sent(), ["draw?", "draw true"]);
}

#[test]
fn after_the_game_the_end_shows_the_places_and_v_votes_for_another() {
    let (mut app, _events, fake) = hosted(Lang::Fr);
    playing(&mut app, &fake);
    let state = open("kawu-3");
    let game_move = state.legal_moves()[0].clone();
    let mover = state.to_move().unwrap();
    let mut after = state.clone_box();
    after.play_as(mover, &game_move).unwrap();
    let text = state.move_text(&game_move);
    let applied = Applied {
        index: 0,
        seat: mover,
        act: Act::Move(text),
        signer: Signer::Seat,
        game_move: Some(game_move),
    };
    fake.table(TableEvent::Applied { applied, snapshot: GameSnapshot(after) });
    let places = (0..3)
        .map(|i| Place { seat: Seat(i), rank: (i == 2).then_some(1), status: SeatStatus::Playing })
        .collect();
    fake.table(TableEvent::Ended(Outcome { places, reason: EndReason::Finished }));
    fake.table(TableEvent::Votes(vec![Seat(2)]));
    app.handle_event(Event::Tick);
    let screen = render(&mut app, 120, 40);
    for words in ["Béa — ", "Rejouer : 1 vote(s) · ", "Rejouer (v)"] {
        assert!(screen.contains(words), "{words}:\n{screen}");
    }
    insta::assert_snapshot!("seats_end", masked(&screen));
    app.handle_event(ch('v'));
    assert_eq!(fake.sent(), ["vote"]);
    app.handle_event(ch('v'));
    assert_eq!(fake.sent(), ["vote"], "one vote");
    app.handle_event(ch('q'));
    assert_eq!(fake.sent(), ["vote", "leave"]);
    assert_eq!(app.page(), Page::Menu);
}

#[test]
fn a_table_of_six_fits_at_80_by_30_with_every_seat_its_clock_and_the_buttons() {
    let (mut app, _events, fake) = app(Lang::Fr);
    let link: TableInvitation = "tripot://room/kawu-6/6/K7M-4QP".parse().unwrap();
    app.join_seats(link, Wants::Seat(None));
    let others = vec![
        human(bea(), "Béatrice"),
        SeatHolder::Computer { level: 1 },
        human(PeerKey(vec![3; 8]), "Charles"),
        SeatHolder::Computer { level: 5 },
        human(PeerKey(vec![4; 8]), "Dominique"),
    ];
    let mut state = announced("kawu-6", 6, others, ClockRule::Reserve { secs: 300, increment_secs: 5 }, true);
    state.hosts = vec![bea(), ana()];
    fake.table(TableEvent::Table(state));
    fake.table(TableEvent::Started { game: 1 });
    fake.push(TableNetEvent::Position { snapshot: GameSnapshot(open("kawu-6")), my_seat: Some(Seat(0)) });
    fake.table(TableEvent::SeatAway { seat: Seat(3) });
    fake.table(TableEvent::Chat(ChatLine {
        channel: Channel::Players,
        from: bea(),
        text: "bonne chance à tous".into(),
    }));
    app.handle_event(Event::Tick);
    let screen = masked(&render(&mut app, 80, 30));
    for words in ["vous (Ana)", "Béatrice", "Charles", "absent", "Dominique", "Menu (q)", "Béatrice : bonne"]
    {
        assert!(screen.contains(words), "{words}:\n{screen}");
    }
    insta::assert_snapshot!("seats_kawu_6_80x30", screen);
}
