//! A game's review as data: the evaluation of every position an engine
//! found, lichess's winning chances, judgements and accuracy computed
//! from them, and the turning points a player walks through.

pub mod judge;
