//! The words of the web page (`tripot web`), French and English, in one typed struct: a text
//! missing in one language does not compile. The page's server hands them out as a table of
//! keys (each field's name) to texts; the page's script looks them up by key and fills the
//! `{name}` placeholders. A key with a `_one` twin is counted: the twin is the singular, taken
//! for one (and, where [`PageTexts::plural_zero`] says `one`, for zero).

use super::Lang;

/// Declares [`PageTexts`] with one `&'static str` field per key, and [`PageTexts::entries`]
/// listing them, so that the table served and the struct cannot drift apart.
macro_rules! page_texts {
    ($($key:ident),* $(,)?) => {
        /// Every text of the web page; each field is named by the key the page looks up.
        #[allow(missing_docs)]
        #[derive(Debug)]
        pub struct PageTexts {
            $(pub $key: &'static str,)*
        }

        impl PageTexts {
            /// Every key with its text, in declaration order.
            #[must_use]
            pub fn entries(&self) -> Vec<(&'static str, &'static str)> {
                vec![$((stringify!($key), self.$key),)*]
            }
        }
    };
}

page_texts! {
    plural_zero, title, new_game, mode, solo, duel, level, format, opener, opener_first,
    opener_second, opener_draw, start, end_jump, hop_mode, hint, undo, cancel, rules, history, you,
    player1, player2, your_turn, turn_of, thinking, choose_destination, choose_destination_touch,
    no_destination, chain_running, hint_is, hint_searching, swap_word, pass_word, blocked,
    you_blocked, you_win, you_lose, wins, arrived, distance, connecting,
    disconnected, busy_pages, busy_searches, busy_searches_one, language, language_title,
    board_label, legend, colon, rules_back,
    error_bad_message, error_too_large, error_too_many_messages, error_bad_hole,
    error_bad_position, error_bad_level, error_bad_format, error_no_game, error_game_over,
    error_not_your_turn, error_not_your_pawn, error_no_selection, error_not_a_destination,
    error_no_chain, error_nothing_to_undo, error_hint_pending, error_save_failed,
    error_unknown_record, error_unreadable_record, error_no_record, error_no_such_move,
    error_not_resumable, error_bad_notation, error_illegal_move, error_no_relay,
    error_bad_ratings_query, error_ratings_unavailable, ratings_title, ratings_show, ratings_game,
    ratings_month, ratings_all_time, ratings_rank, ratings_player, ratings_rating, ratings_games,
    ratings_opponents, ratings_provisional, ratings_nobody, ratings_players,
    ratings_players_one,
    online_play, online_host_title, online_opener_me, online_opener_white, online_colours_draw, online_host_room, online_host_direct,
    online_join_title, online_join_label, online_join, online_find_title, online_lan_title,
    online_lobby_title, online_quick, online_open_table, online_close_list, online_back,
    home_open, home_back, home_games, home_choose, home_online_ways,
    online_list_reading, online_list_empty, online_format, online_format_one, online_any_game, online_free_seats,
    online_free_seats_one, online_under_way, online_connection,
    online_share_code, online_room_opening, online_share_addrs, online_no_addr_yet,
    online_their_turn, online_resign, online_resign_confirm, online_claim, online_keep_waiting,
    online_rematch, online_accept_rematch, online_decline, online_leave, online_leave_confirm,
    online_moved_away, seats_bad_clock, seats_bad_computers, seats_host_title, seats_place, seats_guest, seats_computer, seats_clock, seats_clock_none, seats_clock_30, seats_clock_60, seats_clock_120, seats_clock_300, seats_clock_reserve, seats_spectators, seats_room, seats_host, seats_join_title, seats_link, seats_join, seats_watch, seats_seat, seats_seat_first, seats_computer_here, seats_fill_level, seats_share, seats_copy, seats_copied, seats_waiting, seats_host_mark, seats_away, seats_watching, seats_to_move, seats_clock_left, seats_chat, seats_send, seats_mute, seats_unmute, seats_claim, seats_offer_draw, seats_accept_draw, seats_decline_draw, seats_vote, seats_votes,
    online_already_open, online_bad_address, online_no_such_table, online_no_such_seat, online_no_lobby,
    online_no_mdns, online_no_list, online_not_open, online_not_connected, online_game_over,
    online_not_now, online_not_your_turn, online_no_hop, online_bad_hole, online_not_your_pawn, online_empty_hole,
    online_no_selection, online_not_a_destination, online_bad_format, online_unknown_game, online_confirm_resign,
    online_confirm_leave, online_confirm_leave_saved, online_rematch_offered,
    table_opener, table_draw, table_start, table_seat, table_human,
    table_resume, table_no_saved, table_saved_line, table_corrupt, table_player,
    table_place,
    table_place_one, table_out, table_waits, table_passed, table_finished_placed,
    table_finished_waits, table_eliminated, table_eliminated_placed, table_captured,
    table_captured_one, table_confirm, table_confirm_yes, table_confirm_no, table_winner, table_drawn, table_nobody,
    saved_games, refresh, no_saved_games, col_date, col_kind, col_players, col_result, col_moves,
    watch, resume_game, resume_later, resume_offer, resume_offer_one, resume_offer_dated,
    resume_offer_dated_one, solo_word, duel_word, table_word, online_word, won_by, stopped,
    unfinished, corrupt_moved, records_skipped, typed_move, typed_play, replay_first, replay_prev,
    replay_next, replay_last, replay_close, replay_start, replay_start_one, replay_at,
    play_new, play_game, play_numbers, play_turn, play_left, play_left_news, play_captured, play_captured_one, counter_moves_made, counter_home_deadline, counter_at_home, counter_arrived, counter_distance, counter_captured, counter_pieces, counter_repetitions, counter_king_moves, counter_lone_king_moves, play_end_goal, play_end_count, play_end_move_limit, play_end_repetition, play_end_no_move, play_end_no_piece, play_end_king_moves, play_end_lone_king, play_end_agreement, play_end_resign, play_end_time, play_end_forfeit, play_end_abandon, play_error_bad_game, play_error_bad_cell, play_error_not_pickable, play_error_not_a_destination,
    play_error_bad_seats, play_error_bad_player, play_error_bad_opener, play_error_bad_position, play_error_no_table, play_error_game_over, play_error_not_your_turn, play_error_no_selection, play_error_no_chain, play_error_refused, play_error_confirm_first, play_error_nothing_to_confirm, play_error_nothing_to_undo, play_error_hint_pending, play_error_unknown_table, play_error_no_store, play_error_save_failed,
    board_label_squares, board_turn, board_sound, board_live, board_looking, board_keys, board_cell_empty, board_cell_piece, board_cell_king, board_cell_neutral, board_cell_picked, board_cell_destination, board_cell_last, board_moved, play_error_no_such_move, board_cell_yours, board_cell_your_king, board_cell_your_last,
}

impl Lang {
    /// The web page's texts in this language.
    #[must_use]
    pub fn page(self) -> &'static PageTexts {
        match self {
            Lang::Fr => &super::page_fr::PAGE_FR,
            Lang::En => &super::page_en::PAGE_EN,
        }
    }

    /// `fr` or `en`: the language's code, as the page and its addresses name it.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Lang::Fr => "fr",
            Lang::En => "en",
        }
    }
}

/// `template` with each `{name}` replaced by its value (the page's script fills them the same
/// way).
#[must_use]
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = template.to_owned();
    for (name, value) in values {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

#[cfg(test)]
#[allow(clippy::expect_used)]
mod tests {
    use super::*;

    #[test]
    fn french_and_english_have_the_same_keys_and_the_same_placeholders() {
        let (fr, en) = (Lang::Fr.page().entries(), Lang::En.page().entries());
        assert_eq!(fr.len(), en.len());
        let holes = |text: &str| {
            let mut names: Vec<String> = text
                .split('{')
                .skip(1)
                .filter_map(|s| s.split_once('}'))
                .map(|(n, _)| n.to_owned())
                .collect();
            names.sort();
            names
        };
        for ((key_fr, text_fr), (key_en, text_en)) in fr.iter().zip(&en) {
            assert_eq!(key_fr, key_en);
            assert!(!text_fr.is_empty() && !text_en.is_empty(), "{key_fr} is empty");
            assert_eq!(holes(text_fr), holes(text_en), "{key_fr}: the placeholders differ");
        }
        // Every counted key's singular twin has its plural, and no placeholder of its own (it
        // may spell the count out: « 1re place »).
        for (key, text) in &fr {
            if let Some(plural) = key.strip_suffix("_one") {
                let (_, other) = fr.iter().find(|(k, _)| *k == plural).expect("a _one key has its plural");
                assert!(holes(text).iter().all(|h| holes(other).contains(h)), "{key}");
            }
        }
    }

    #[test]
    fn refusals_and_notices_are_sentences() {
        // Shown alone on the page, each begins as a sentence does and ends with its stop (a
        // newcomer read « pas maintenant » and « aucun pion choisi » as cut-off words).
        for lang in [Lang::Fr, Lang::En] {
            for (key, text) in lang.page().entries() {
                if !(key.starts_with("online_") && is_refusal(key) || key.ends_with("blocked")) {
                    continue;
                }
                let first = text.chars().next().unwrap_or(' ');
                assert!(first.is_uppercase() || first == '{', "{key}: « {text} »");
                assert!(text.ends_with('.'), "{key}: « {text} »");
            }
        }
    }

    /// The online refusals' keys (the page says them as notices).
    fn is_refusal(key: &str) -> bool {
        [
            "already_open",
            "no_such_table",
            "no_such_seat",
            "no_lobby",
            "no_mdns",
            "no_list",
            "not_open",
            "not_connected",
            "game_over",
            "not_now",
            "not_your_turn",
            "no_hop",
            "bad_hole",
            "not_your_pawn",
            "empty_hole",
            "no_selection",
            "not_a_destination",
            "bad_format",
            "unknown_game",
        ]
        .iter()
        .any(|k| key.strip_prefix("online_") == Some(k))
    }

    #[test]
    fn the_turn_is_said_without_touch_or_hover_words() {
        for lang in [Lang::Fr, Lang::En] {
            for text in [lang.page().your_turn, lang.page().turn_of] {
                for word in ["touchez", "survolez", "tap ", "hover"] {
                    assert!(!text.contains(word), "« {text} »");
                }
            }
        }
    }

    #[test]
    fn placeholders_are_filled_by_name() {
        let text = fill(Lang::Fr.page().online_bad_hole, &[("hole", "z9")]);
        assert_eq!(text, "z9 : pas un trou du plateau.");
        assert_eq!(fill("{a} et {a}, {b}", &[("a", "1"), ("b", "2")]), "1 et 1, 2");
        assert_eq!(Lang::En.code(), "en");
    }
}
