//! The value of the Braille display setting.

use super::{AUTO, Choice, OFF, ON, Words};

/// Whether annabella uses a Braille display through BRLTTY.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum BrailleUse {
    /// When BrlAPI answers; nothing is said when it does not.
    #[default]
    Auto,
    /// Always: said once, in one sentence, when it cannot be had.
    On,
    /// Never.
    Off,
}

impl Choice for BrailleUse {
    const CHOICES: &'static [(BrailleUse, Words)] = &[
        (BrailleUse::Auto, AUTO),
        (BrailleUse::On, ON),
        (BrailleUse::Off, OFF),
    ];
}
