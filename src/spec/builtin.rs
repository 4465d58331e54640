//! The built-in rules from `rules/`, embedded in the binary.

/// A built-in rule: its name and TOML text.
#[derive(Debug, Clone, Copy)]
pub struct Builtin {
    /// The rule's name, as in `placer solve NAME`.
    pub name: &'static str,
    /// The rule file's text.
    pub text: &'static str,
}

macro_rules! builtins {
    ($($name:literal),* $(,)?) => {
        /// Every built-in rule, in the order `placer rules` lists them.
        pub const BUILTIN: &[Builtin] = &[
            $(Builtin { name: $name, text: include_str!(concat!("../../rules/", $name, ".toml")) }),*
        ];
    };
}

builtins!(
    "queens",
    "rooks",
    "bishops",
    "kings",
    "knights",
    "superqueens",
    "torus-queens",
    "hertzsprung",
    "region-queens",
    "star-battle",
);

/// The built-in rule called `name`.
pub fn builtin(name: &str) -> Option<Builtin> {
    BUILTIN.iter().copied().find(|b| b.name == name)
}
