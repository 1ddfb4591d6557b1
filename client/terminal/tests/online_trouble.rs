//! When a two-seat game online goes wrong, in the terminal, through the stand-in network
//! (`online_fake`, no sockets): moves refused by either side, a board out of step, the opponent
//! gone and back or gone on purpose, the claim, a host that refuses, a dial or a room that fails
//! — each said whole, in French and English.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
mod online_fake;

use online_fake::*;

#[test]
fn a_refused_local_move_is_taken_back_and_said() {
    let (mut app, _events, fake) = two_moves_in(Lang::Fr);
    click_cell(&mut app, "j4");
    click_cell(&mut app, "j5");
    assert_eq!(fake.sent(), ["k4-k5", "j4-j5"]);
    fake.push(NetEvent::LocalError(LocalError::NotYourTurn));
    app.handle_event(Event::Tick);
    assert_eq!(table(&app).state().moves().len(), 2);
    assert_eq!(app.message(), Some("Coup refusé : ce n'est pas votre tour"));
    // The move is dropped: the player picks again.
    click_cell(&mut app, "j4");
    assert_eq!(table(&app).picker().picked().len(), 1);
    // A refusal of anything else (here a claim) takes no move back.
    click_cell(&mut app, "j5");
    let before = table(&app).state().clone_box();
    fake.session(played_text(true, before.as_ref(), "j4-j5"));
    fake.push(NetEvent::LocalError(LocalError::CannotClaim));
    app.handle_event(Event::Tick);
    assert_eq!(table(&app).state().moves().len(), 3);
    assert!(app.message().unwrap().starts_with("la partie ne se réclame"), "{:?}", app.message());
}

#[test]
fn refusals_by_either_side_are_shown() {
    let (mut app, _events, fake) = two_moves_in(Lang::Fr);
    fake.session(SessionEvent::Rejected {
        by: Refuser::Local,
        reason: RejectReason::HashMismatch,
        ply: Some(3),
        detail: "hash 1 here, 2 there".into(),
    });
    app.handle_event(Event::Tick);
    let screen = render(&mut app, 120, 40);
    assert!(
        screen.contains("Coup de l'adversaire refusé (coup 3) — les positions ne concordent pas"),
        "{screen}"
    );
    insta::assert_snapshot!("online_rejected", screen);
    // The game is unchanged.
    assert_eq!(table(&app).state().moves().len(), 2);
    let (mut app, _events, fake) = two_moves_in(Lang::En);
    fake.session(SessionEvent::Rejected {
        by: Refuser::Peer,
        reason: RejectReason::OutOfTurn,
        ply: None,
        detail: String::new(),
    });
    app.handle_event(Event::Tick);
    assert_eq!(app.message(), Some("The opponent refused your move — move out of turn"));
}

#[test]
fn reconnecting_shows_the_time_then_offers_the_claim() {
    let (mut app, _events, fake) = two_moves_in(Lang::Fr);
    // During normal play there is no claim to offer (issue 26, item 7).
    assert!(!render(&mut app, 120, 40).contains("Réclamer la partie"));
    fake.session(SessionEvent::PeerDisconnected);
    fake.session(SessionEvent::Reconnecting { waited: Duration::from_secs(12) });
    app.handle_event(Event::Tick);
    assert_eq!(status(&app).connection, Connection::Reconnecting { waited: Duration::from_secs(12) });
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("reconnexion… 12 s"), "{screen}");
    assert!(!screen.contains("Réclamer la partie"), "{screen}");
    insta::assert_snapshot!("online_reconnecting", screen);
    // Claiming before the grace period does nothing.
    app.handle_event(ch('r'));
    assert_eq!(fake.sent(), ["k4-k5"]);

    fake.session(SessionEvent::GraceExpired { waited: Duration::from_secs(120) });
    app.handle_event(Event::Tick);
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("Réclamer la partie"), "{screen}");
    insta::assert_snapshot!("online_claim_offer", screen);
    // Keep waiting: the prompt goes, the claim stays in the panel.
    app.handle_event(key(KeyCode::Esc));
    let screen = render(&mut app, 120, 40);
    assert!(!screen.contains("Vous pouvez réclamer"), "{screen}");
    assert!(screen.contains("Réclamer la partie (r)"), "{screen}");
    fake.session(SessionEvent::Reconnecting { waited: Duration::from_secs(125) });
    app.handle_event(Event::Tick);
    assert!(render(&mut app, 120, 40).contains("l'adversaire ne revient pas (2 min 05 s)"));
    app.handle_event(ch('r'));
    assert_eq!(fake.sent(), ["k4-k5", "claim"]);
    fake.session(ending(Seat(1), Leaving::Abandoned));
    app.handle_event(Event::Tick);
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("Vous avez gagné !"), "{screen}");
    assert!(screen.contains("Alice (B) a quitté la partie"), "{screen}");
}

#[test]
fn the_opponent_coming_back_resumes_the_game() {
    let (mut app, _events, fake) = two_moves_in(Lang::En);
    fake.session(SessionEvent::PeerDisconnected);
    fake.session(SessionEvent::GraceExpired { waited: Duration::from_secs(120) });
    fake.session(SessionEvent::Resumed { common_ply: 2, replayed: 0 });
    app.handle_event(Event::Tick);
    assert_eq!(status(&app).connection, Connection::Connected);
    assert_eq!(app.message(), Some("Reconnected: the game goes on."));
    assert!(!render(&mut app, 120, 40).contains("You may claim"));
}

#[test]
fn a_move_the_board_does_not_know_resyncs_to_the_sessions_position() {
    let (mut app, _events, fake) = two_moves_in(Lang::Fr);
    // The session's game is the one held: whatever it hands back is the board.
    let elsewhere = duel("tripot", Seat(1));
    let m = elsewhere.parse_move("f14-f13").unwrap();
    fake.session(played(false, elsewhere.as_ref(), &m));
    app.handle_event(Event::Tick);
    let mut expected = elsewhere.clone_box();
    expected.play(&m).unwrap();
    assert_eq!(table(&app).state().hash(), expected.hash());
}

#[test]
fn a_host_that_refuses_is_said_tried_again_or_given_up_on() {
    let (mut app, _events, fake) = app(Lang::Fr);
    choose(&mut app, MenuItem::Join);
    app.handle_event(key(KeyCode::Enter));
    for c in "/ip4/127.0.0.1/tcp/41234".chars() {
        app.handle_event(ch(c));
    }
    app.handle_event(key(KeyCode::Enter));
    fake.session(SessionEvent::Refused {
        reason: RejectReason::Busy,
        detail: String::new(),
        retry_in: Some(Duration::from_secs(2)),
    });
    app.handle_event(Event::Tick);
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("nouvel essai dans 2 s"), "{screen}");
    fake.session(SessionEvent::Refused {
        reason: RejectReason::Version,
        detail: "protocol 1 here, 2 there".into(),
        retry_in: None,
    });
    app.handle_event(Event::Tick);
    assert_eq!(
        app.message(),
        Some("L'hôte a refusé la partie : version du protocole incompatible (protocol 1 here, 2 there)")
    );
}

#[test]
fn the_host_says_when_a_guest_left_before_the_start() {
    let (mut app, _events, fake) = hosting(Lang::En);
    fake.session(SessionEvent::HandshakeAborted {
        cause: tripot_net::AbortCause::Left,
        draw_forfeited: true,
    });
    app.handle_event(Event::Tick);
    assert_eq!(app.message(), Some("A guest left before the start: the table is free again"));
}

/// A dial that fails is said in the player's language by its cause, whole at 80 × 30 (no
/// libp2p English, nothing cut); `q` then goes back to the menu, which says why, and
/// `tripot join` would exit with it (status 1).
#[test]
fn a_failed_dial_is_said_in_french_whole_and_leaving_says_why() {
    let (mut app, _events, fake) = app(Lang::Fr);
    join_typed(&mut app, "/ip4/127.0.0.1/tcp/1");
    let libp2p = "Failed to negotiate transport protocol(s): [(/ip4/127.0.0.1/tcp/1/p2p/12D3KooW…: Connection refused (os error 111))]";
    fake.push(NetEvent::Warning(tripot_net::online::NetWarning::DialFailed {
        cause: tripot_net::online::DialCause::Refused,
        detail: libp2p.into(),
    }));
    app.handle_event(Event::Tick);
    let said = "Appel de l'hôte : personne n'attend à cette adresse (connexion refusée) : l'hôte est \
                peut-être parti, ou l'adresse n'est pas la sienne. Nouvel essai dans quelques secondes.";
    for (width, height) in [(80, 30), (120, 40)] {
        let screen = render(&mut app, width, height);
        assert!(prose(&screen).contains(said), "{width}×{height}:\n{screen}");
        assert!(!screen.contains("Failed") && !screen.contains("dial"), "{screen}");
    }
    // The session tries again by itself: the wait goes on, and says so.
    assert!(status(&app).failure().is_some());
    app.handle_event(ch('q'));
    assert_eq!(app.page(), Page::Menu);
    let screen = render(&mut app, 80, 30);
    let reason = said.trim_end_matches(" Nouvel essai dans quelques secondes.");
    assert!(prose(&screen).contains(&format!("Jeu en ligne impossible : {reason}")), "{screen}");
    assert!(app.take_online_failure().is_some(), "tripot join exits 1 on it");
}

/// A room that cannot be used stops the session: the spinner and the time stop, the headline
/// says it failed, the reason is read whole at 80 × 30.
#[test]
fn a_room_that_cannot_be_used_stops_the_spinner_and_is_read_whole() {
    let (mut app, _events, fake) = app(Lang::Fr);
    join_typed(&mut app, "ABC-DEF");
    fake.push(NetEvent::Room(tripot_net::online::RoomEvent::Failed(
        tripot_net::online::RoomError::NotFound("ABC-DEF".into()),
    )));
    app.handle_event(Event::Tick);
    let before = render(&mut app, 80, 30);
    for _ in 0..25 {
        app.handle_event(Event::Tick);
    }
    let after = render(&mut app, 80, 30);
    assert_eq!(before, after, "nothing counts on after the failure");
    let text = prose(&after);
    assert!(text.contains("✗ Jeu en ligne impossible"), "{after}");
    assert!(
        text.contains(
            "pas de salle ABC-DEF sur ce relais : vérifiez le code (une salle ferme quand sa partie \
             commence ou que son hôte s'en va)"
        ),
        "{after}"
    );
    app.handle_event(ch('q'));
    assert_eq!(app.page(), Page::Menu);
    assert!(prose(&render(&mut app, 80, 30)).contains("pas de salle ABC-DEF"), "the menu says why");
    assert!(app.take_online_failure().is_some());
}

/// An opponent who leaves on purpose is said to have left, and awaited: never « reconnexion… »;
/// a cut link still is a reconnection. Leaving ourselves tells the session so.
#[test]
fn an_opponent_who_left_on_purpose_is_not_a_reconnection() {
    let (mut app, _events, fake) = two_moves_in(Lang::Fr);
    fake.session(SessionEvent::PeerLeft);
    fake.session(SessionEvent::PeerDisconnected);
    fake.session(SessionEvent::Reconnecting { waited: Duration::from_secs(5) });
    app.handle_event(Event::Tick);
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("adversaire parti, attendu 5 s"), "{screen}");
    assert!(!screen.contains("reconnexion"), "{screen}");
    assert!(
        prose(&screen).contains("Votre adversaire a quitté la partie. Elle reste sauvegardée"),
        "{screen}"
    );
    // After the grace period the claim prompt says the same.
    fake.session(SessionEvent::GraceExpired { waited: Duration::from_secs(120) });
    app.handle_event(Event::Tick);
    let screen = render(&mut app, 120, 40);
    assert!(
        screen.contains("adversaire parti, attendu 2 min 00 s") && !screen.contains("reconnexion"),
        "{screen}"
    );
    // Back: a later cut is a reconnection again.
    fake.session(SessionEvent::Resumed { common_ply: 2, replayed: 0 });
    fake.session(SessionEvent::PeerDisconnected);
    fake.session(SessionEvent::Reconnecting { waited: Duration::from_secs(3) });
    app.handle_event(Event::Tick);
    assert!(render(&mut app, 120, 40).contains("reconnexion… 3 s"));

    // Our own leave, confirmed, is told to the session.
    let (mut app, _events, fake) = two_moves_in(Lang::Fr);
    app.handle_event(ch('q'));
    app.handle_event(ch('q'));
    assert_eq!(app.page(), Page::Menu);
    assert_eq!(fake.sent(), ["k4-k5", "leave"]);
}
