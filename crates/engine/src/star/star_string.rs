//! Star position strings (RULES-STAR.md §6):
//! `S:NEj13,…:Sj4,…:NWa13,… moves=12 opener=NW done=S1 out=NE3 taken=S3,NE5`.
//!
//! Segments in the canonical order of RULES.md §7 (N, NE, SE, S, SW, NW), holes by row from 17
//! down then by letter; fields in the order `moves`, `opener`, `done`, `out`, `taken`, each
//! omitted at its start value, seats inside a field in playing order (clockwise from S).
//! `opener=` is this engine's addition (§6 allows it): with the mover's own count it gives every
//! seat's count, which the home rule and the move limits need. Places in `done=` and `out=` are
//! written as digits after the seat (`S1`); a pairs partner that finished before its team was
//! placed has none (`done=S`).

use std::fmt;

use crate::colour::Colour;
use crate::hole::Hole;
use crate::hole_set::HoleSet;
use crate::position_string::canonical_order;

use super::error::StarPositionError;
use super::seat::CLOCKWISE;
use super::star_position::StarPosition;
use super::variant::{Game, Variant};

type Error = StarPositionError;

/// A seat code followed by an optional number: `S1`, `NE`, `NW5`.
fn seat_and_number(item: &str) -> Option<(Colour, Option<u8>)> {
    let split = item.find(|c: char| !c.is_ascii_uppercase()).unwrap_or(item.len());
    let seat: Colour = item[..split].parse().ok()?;
    let digits = &item[split..];
    if digits.is_empty() {
        return Some((seat, None));
    }
    if !digits.bytes().all(|b| b.is_ascii_digit()) || (digits.len() > 1 && digits.starts_with('0')) {
        return None;
    }
    digits.parse().ok().map(|n| (seat, Some(n)))
}

impl StarPosition {
    /// Parses a position string of `variant`.
    pub fn parse(text: &str, variant: Variant) -> Result<StarPosition, StarPositionError> {
        if text.is_empty() {
            return Err(Error::Empty);
        }
        let (board, fields) = match text.split_once(' ') {
            Some((board, fields)) => (board, Some(fields)),
            None => (text, None),
        };
        let mut parts = board.split(':');
        let turn_text = parts.next().unwrap_or_default();
        let turn: Colour = turn_text.parse().map_err(|()| Error::Turn(turn_text.to_owned()))?;
        let is_seat = |seat: Colour| {
            if variant.seats().contains(&seat) { Ok(seat) } else { Err(Error::NotASeat { seat, variant }) }
        };
        is_seat(turn)?;
        let captures = variant.game() == Game::Captures;
        let mut marbles = [0u128; 6];
        let mut listed: Vec<Colour> = Vec::new();
        let mut neutral: Option<u128> = None;
        let mut all = HoleSet::EMPTY;
        let mut any = false;
        for segment in parts {
            any = true;
            let split = segment.find(|c: char| !c.is_ascii_uppercase()).unwrap_or(segment.len());
            let code = &segment[..split];
            let seat = if code == "X" {
                if !captures {
                    return Err(Error::WrongSegments("the pieces segment X belongs to the captures game"));
                }
                if neutral.is_some() {
                    return Err(Error::WrongSegments("the pieces segment X is given twice"));
                }
                None
            } else {
                let seat: Colour = code.parse().map_err(|()| Error::UnknownSeat(segment.to_owned()))?;
                if captures {
                    return Err(Error::WrongSegments(
                        "the captures game has one segment X of neutral pieces",
                    ));
                }
                is_seat(seat)?;
                if listed.contains(&seat) {
                    return Err(Error::DuplicateSeat(seat));
                }
                listed.push(seat);
                Some(seat)
            };
            let holes = &segment[split..];
            if holes.is_empty() {
                return Err(Error::EmptySegment(code.to_owned()));
            }
            let mut set = 0u128;
            for name in holes.split(',') {
                let hole: Hole =
                    name.parse().map_err(|error| Error::Hole { segment: code.to_owned(), error })?;
                if all.contains(hole) {
                    return Err(Error::DuplicateHole(hole));
                }
                all.insert(hole);
                set |= 1 << hole.index();
            }
            match seat {
                Some(seat) => {
                    let count = set.count_ones() as usize;
                    if count != variant.marbles() {
                        return Err(Error::MarbleCount { seat, count, expected: variant.marbles() });
                    }
                    marbles[seat.index()] = set;
                }
                None => {
                    if set.count_ones() > 60 {
                        return Err(Error::TooManyPieces(set.count_ones() as usize));
                    }
                    neutral = Some(set);
                }
            }
        }
        if !any {
            return Err(Error::NoSegment);
        }
        if captures && neutral.is_none() {
            return Err(Error::WrongSegments("the captures game needs its segment X of neutral pieces"));
        }
        let mut position = StarPosition::from_parts(variant, marbles, neutral.unwrap_or(0), turn, Colour::S);
        let mut seen_fields: Vec<&str> = Vec::new();
        for field in fields.into_iter().flat_map(|f| f.split(' ')) {
            let Some((key, value)) = field.split_once('=') else {
                return Err(Error::UnknownField(field.to_owned()));
            };
            if seen_fields.contains(&key) {
                return Err(Error::DuplicateField(key.to_owned()));
            }
            seen_fields.push(key);
            let bad = |reason| Error::FieldValue { field: field.to_owned(), reason };
            let items = || {
                value
                    .split(',')
                    .map(|item| seat_and_number(item).ok_or_else(|| bad("expected seats like S1,NE2")))
            };
            let game = variant.game();
            let belongs = match key {
                "done" => game != Game::Captures,
                "out" => game == Game::Halma,
                "taken" => game == Game::Captures,
                _ => true,
            };
            if !belongs {
                return Err(bad("this field has no meaning in this game"));
            }
            match key {
                "moves" => {
                    if value.len() > 1 && value.starts_with('0') {
                        return Err(bad("expected a number"));
                    }
                    position.moves = value.parse().map_err(|_| bad("expected a number"))?;
                }
                "opener" => {
                    let seat: Colour = value.parse().map_err(|()| bad("expected a seat"))?;
                    position.opener = is_seat(seat)?;
                }
                "done" | "out" => {
                    for item in items() {
                        let (seat, place) = item?;
                        is_seat(seat)?;
                        if place.is_some_and(|p| p == 0 || p > variant.players()) {
                            return Err(bad("a place goes from 1 to the number of players"));
                        }
                        if position.is_finished(seat) || position.is_out(seat) {
                            return Err(bad("a seat is listed twice"));
                        }
                        // Only a pairs partner waiting for its team is done without a place.
                        if place.is_none() && !(key == "done" && variant.pairs()) {
                            return Err(bad("each seat needs its place, like S1"));
                        }
                        if key == "done" {
                            position.finished |= 1 << seat.index();
                        } else {
                            position.out |= 1 << seat.index();
                        }
                        position.places[seat.index()] = place.unwrap_or(0);
                    }
                }
                "taken" => {
                    for item in items() {
                        let (seat, count) = item?;
                        is_seat(seat)?;
                        position.taken[seat.index()] = count
                            .filter(|&n| n <= 60)
                            .ok_or_else(|| bad("expected seats with their captures, like S3"))?;
                    }
                }
                _ => return Err(Error::UnknownField(field.to_owned())),
            }
        }
        // With two players an eliminated seat keeps its marbles (§4.6); with more they are gone.
        let duel = variant.players() == 2 && !variant.pairs();
        for &seat in variant.seats() {
            let has = listed.contains(&seat);
            let gone = position.is_out(seat) && !duel;
            if !captures && !has && !gone {
                return Err(Error::MissingSeat(seat));
            }
            if has && position.is_out(seat) && !duel {
                return Err(Error::OutWithMarbles(seat));
            }
        }
        if !position.is_playing(turn) && !position.is_settled() {
            return Err(Error::TurnNotPlaying(turn));
        }
        position.hash = position.compute_hash();
        Ok(position)
    }
}

fn write_list(f: &mut fmt::Formatter<'_>, items: &[String]) -> fmt::Result {
    f.write_str(&items.join(","))
}

impl fmt::Display for StarPosition {
    /// The canonical position string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.turn)?;
        let segment = |f: &mut fmt::Formatter<'_>, code: &str, set: HoleSet| -> fmt::Result {
            write!(f, ":{code}")?;
            let names: Vec<String> = canonical_order(set).iter().map(Hole::to_string).collect();
            write_list(f, &names)
        };
        if self.variant.game() == Game::Captures {
            segment(f, "X", self.pieces())?;
        } else {
            for seat in Colour::ALL {
                if self.variant.seats().contains(&seat) && !self.marbles(seat).is_empty() {
                    segment(f, seat.code(), self.marbles(seat))?;
                }
            }
        }
        let seats = || CLOCKWISE.into_iter().filter(|s| self.variant.seats().contains(s));
        let with_place = |s: Colour| match self.place(s) {
            Some(p) => format!("{s}{p}"),
            None => s.to_string(),
        };
        if self.moves != 0 {
            write!(f, " moves={}", self.moves)?;
        }
        if self.opener != Colour::S {
            write!(f, " opener={}", self.opener)?;
        }
        let done: Vec<String> = seats().filter(|&s| self.is_finished(s)).map(with_place).collect();
        if !done.is_empty() {
            f.write_str(" done=")?;
            write_list(f, &done)?;
        }
        let out: Vec<String> = seats().filter(|&s| self.is_out(s)).map(with_place).collect();
        if !out.is_empty() {
            f.write_str(" out=")?;
            write_list(f, &out)?;
        }
        let taken: Vec<String> =
            seats().filter(|&s| self.taken(s) > 0).map(|s| format!("{s}{}", self.taken(s))).collect();
        if !taken.is_empty() {
            f.write_str(" taken=")?;
            write_list(f, &taken)?;
        }
        Ok(())
    }
}
