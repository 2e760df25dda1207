//! The values of voice input: when a heard move is read back before it
//! counts, which microphone is listened to, and which model hears.

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

/// The Whisper model voice input scores with: `None` for the installed
/// ones (`auto`: `tiny.en` for English words, `base` for the others),
/// or a folder holding one model in CTranslate2's format, which then
/// scores every language's words (a larger Whisper for a stronger
/// machine).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct VoiceModel(pub Option<String>);

impl VoiceModel {
    /// The longest folder name, in characters.
    pub const MAX: usize = 4096;
}

impl Value for VoiceModel {
    fn parse(text: &str) -> Option<VoiceModel> {
        let text = text.trim();
        if AUTO.contains_folded(&fold(text)) {
            return Some(VoiceModel(None));
        }
        let fits = !text.is_empty()
            && text.chars().count() <= VoiceModel::MAX
            && !text.chars().any(char::is_control);
        fits.then(|| VoiceModel(Some(text.to_string())))
    }

    fn show(&self, lang: Lang) -> Cow<'static, str> {
        match &self.0 {
            None => Cow::Borrowed(AUTO.shown(lang)),
            Some(folder) => Cow::Owned(folder.clone()),
        }
    }

    fn allowed() -> Allowed {
        Allowed::Name
    }

    fn samples() -> Vec<String> {
        ["auto", "/opt/whisper/small", "~/models/whisper-base"]
            .map(String::from)
            .to_vec()
    }
}
