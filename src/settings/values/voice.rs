//! The values of voice input: when a heard move is read back before it
//! counts, and which microphone is listened to.

use std::borrow::Cow;

use super::{AUTO, Allowed, Choice, Lang, OFF, ON, Value, Words, fold};

/// When a heard move is read back as a question before it is played.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum ListenConfirm {
    /// Every heard move.
    #[default]
    On,
    /// None: a heard move is played as a typed one.
    Off,
    /// Only a move the recogniser is not sure of.
    Auto,
}

impl Choice for ListenConfirm {
    const CHOICES: &'static [(ListenConfirm, Words)] = &[
        (ListenConfirm::On, ON),
        (ListenConfirm::Off, OFF),
        (ListenConfirm::Auto, AUTO),
    ];
}

/// The microphone: the system's default input, or one named as
/// `microphones` lists it (a part of the name will do).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Microphone(pub Option<String>);

impl Microphone {
    /// The longest name, in characters.
    pub const MAX: usize = 80;
    const DEFAULT: Words = Words::new(&["default"], &["standard"], &["vaikimisi"]);
}

impl Value for Microphone {
    fn parse(text: &str) -> Option<Microphone> {
        let text = text.trim();
        if Microphone::DEFAULT.contains_folded(&fold(text)) {
            return Some(Microphone(None));
        }
        let fits = !text.is_empty()
            && text.chars().count() <= Microphone::MAX
            && !text.chars().any(char::is_control);
        fits.then(|| Microphone(Some(text.to_string())))
    }

    fn show(&self, lang: Lang) -> Cow<'static, str> {
        match &self.0 {
            None => Cow::Borrowed(Microphone::DEFAULT.shown(lang)),
            Some(name) => Cow::Owned(name.clone()),
        }
    }

    fn allowed() -> Allowed {
        Allowed::Name
    }

    fn samples() -> Vec<String> {
        ["default", "standard", "hw:CARD=PCH,DEV=0", "USB Audio"]
            .map(String::from)
            .to_vec()
    }
}
