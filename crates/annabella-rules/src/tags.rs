//! The tag pairs of a PGN game, in file order.
//!
//! Kept in one text buffer with the ends of each name and value, not as a
//! pair of strings per tag: a lichess export has some twenty tags a game,
//! and forty small allocations a game were a tenth of the time a whole
//! file took to import.

use std::fmt;

/// Tag pairs in the order they were added; names may repeat.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Tags {
    text: String,
    /// For each pair: where its name ends and where its value ends in
    /// `text`; the name starts where the pair before it ends.
    ends: Vec<(usize, usize)>,
}

impl Tags {
    /// No tags.
    pub const fn new() -> Tags {
        Tags {
            text: String::new(),
            ends: Vec::new(),
        }
    }

    /// Adds a pair after the others.
    pub fn push(&mut self, name: &str, value: &str) {
        if self.ends.is_empty() {
            // Most exports have a score of short tags: one allocation each.
            self.text.reserve(512);
            self.ends.reserve(24);
        }
        self.text.push_str(name);
        let name_end = self.text.len();
        self.text.push_str(value);
        self.ends.push((name_end, self.text.len()));
    }

    /// The value of the first pair named `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.iter()
            .find(|&(n, _)| n == name)
            .map(|(_, value)| value)
    }

    /// Whether the tags hold this very pair.
    pub fn contains(&self, name: &str, value: &str) -> bool {
        self.iter().any(|pair| pair == (name, value))
    }

    /// The pairs, name and value, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        let mut start = 0;
        self.ends.iter().map(move |&(name_end, value_end)| {
            let name = self.text.get(start..name_end).unwrap_or_default();
            let value = self.text.get(name_end..value_end).unwrap_or_default();
            start = value_end;
            (name, value)
        })
    }

    /// How many pairs there are.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Removes every pair.
    pub fn clear(&mut self) {
        self.text.clear();
        self.ends.clear();
    }
}

impl fmt::Debug for Tags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> FromIterator<(&'a str, &'a str)> for Tags {
    fn from_iter<I: IntoIterator<Item = (&'a str, &'a str)>>(pairs: I) -> Tags {
        let mut tags = Tags::new();
        for (name, value) in pairs {
            tags.push(name, value);
        }
        tags
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_come_back_in_order_with_empty_names_and_values() {
        let tags: Tags = [("White", "Anna"), ("", ""), ("Black", ""), ("White", "B")]
            .into_iter()
            .collect();
        let pairs: Vec<_> = tags.iter().collect();
        assert_eq!(
            pairs,
            [("White", "Anna"), ("", ""), ("Black", ""), ("White", "B")]
        );
        assert_eq!(tags.get("White"), Some("Anna"));
        assert_eq!(tags.get("Black"), Some(""));
        assert_eq!(tags.get("Event"), None);
        assert!(tags.contains("White", "B"));
        assert!(!tags.contains("Whit", "eB"));
        assert_eq!(tags.len(), 4);
        let mut tags = tags;
        tags.clear();
        assert!(tags.is_empty());
        assert_eq!(tags.iter().count(), 0);
    }

    #[test]
    fn multibyte_values_stay_whole() {
        let tags: Tags = [("Black", "Nepomniachtchi, Ян"), ("Site", "Tallinn ÕÄÖÜ")]
            .into_iter()
            .collect();
        assert_eq!(tags.get("Black"), Some("Nepomniachtchi, Ян"));
        assert_eq!(tags.get("Site"), Some("Tallinn ÕÄÖÜ"));
    }
}
