//! The e-mail channel: the outbox's e-mail rows through the SMTP server of `[mail]`
//! (`crate::mail::Mailer`). The server's permanent refusals (5xx) and addresses that do not parse
//! fail for good; everything else (a connection, a timeout, a 4xx) is tried again.

use futures_util::future::BoxFuture;
use lettre::address::AddressError;
use lettre::transport::smtp;

use super::{Channel, Message, SendError};
use crate::mail::Mailer;

/// E-mail through `Mailer`.
pub struct Email(pub Mailer);

impl Channel for Email {
    fn send<'a>(&'a self, m: Message<'a>) -> BoxFuture<'a, Result<(), SendError>> {
        Box::pin(async move {
            let subject = m.subject.unwrap_or_default();
            self.0.send(m.recipient, subject, m.body).await.map_err(|err| classify(&err))
        })
    }
}

/// Whether a failed mail may go through on another attempt.
fn classify(err: &anyhow::Error) -> SendError {
    let text = format!("{err:#}");
    // An address that does not parse and a message that cannot be built fail the same way again.
    let permanent = err.downcast_ref::<AddressError>().is_some()
        || err.downcast_ref::<lettre::error::Error>().is_some()
        || err.downcast_ref::<smtp::Error>().is_some_and(smtp::Error::is_permanent);
    if permanent { SendError::Permanent(text) } else { SendError::Retryable(text, None) }
}
