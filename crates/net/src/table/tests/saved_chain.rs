//! The signed chain kept in a save: checked again from the file, and refused for one byte.

use tripot_game::GameRecord;

use super::*;

/// A kawu-3 game of two people and a computer, played to its end, saved with its chain.
fn saved_game(seed: u64) -> (Net, GameRecord) {
    let (mut net, _, _) = Net::three_people();
    net.rng = StdRng::seed_from_u64(seed);
    net.play_to_end();
    let record = net.peers[0].record().unwrap();
    let mut saved = GameRecord::of_game(record.state());
    saved.set_tag(CHAIN_TAG, &chain_tag(record).unwrap()).unwrap();
    (net, GameRecord::parse(&saved.to_string()).unwrap())
}

#[test]
fn a_saved_chain_is_checked_again_from_the_file() {
    let (_, saved) = saved_game(1);
    verify_saved_chain(&saved, linked_games).unwrap();
}

#[test]
fn one_byte_of_a_signature_changed_is_refused() {
    let (net, saved) = saved_game(1);
    let entry = &net.peers[0].record().unwrap().entries()[3];
    let sig: String = entry.sig.iter().map(|b| format!("{b:02x}")).collect();
    let tag = saved.tag(CHAIN_TAG).unwrap();
    let at = tag.find(&sig).unwrap() + 10;
    let flipped = if &tag[at..=at] == "0" { "1" } else { "0" };
    let mut bad = saved.clone();
    bad.set_tag(CHAIN_TAG, &format!("{}{flipped}{}", &tag[..at], &tag[at + 1..])).unwrap();
    let error = verify_saved_chain(&bad, linked_games).unwrap_err();
    assert!(matches!(error, SavedChainError::Entry { index: 3, .. }), "{error}");
}

#[test]
fn a_chain_of_other_moves_than_the_records_is_refused() {
    let (_, saved) = saved_game(1);
    let (_, other) = saved_game(2);
    let mut mixed = saved.clone();
    mixed.set_tag(CHAIN_TAG, other.tag(CHAIN_TAG).unwrap()).unwrap();
    assert!(matches!(verify_saved_chain(&mixed, linked_games), Err(SavedChainError::Differs)));
    let mut none = saved;
    none.set_tag(CHAIN_TAG, "zz").unwrap();
    assert!(matches!(verify_saved_chain(&none, linked_games), Err(SavedChainError::Malformed)));
}
