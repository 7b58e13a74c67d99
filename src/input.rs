//! Reading what people send: every value from a request is parsed here once, and each failure is
//! the message the user reads in their language.
//!
//! - [`parse`]: usernames, e-mail addresses, passwords, names, phones, birth dates, genders and
//!   sums of money; the three that cross into the use cases and storage come out as their own types.
//! - [`values`]: those types ([`values::Username`], [`values::Email`], [`values::Phone`]).
//! - [`form`]: a form's text fields read into values, each field's message collected.
//! - [`numbers`]: numbers as forms send them (a JSON number or a string holding one).

pub mod form;
pub mod numbers;
pub mod parse;
pub mod values;
