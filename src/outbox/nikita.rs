//! Nikita Mobile's SMS gateway, SMSPRO.KG (docs/rules/outbox.md, "SMS gateway"): one XML document
//! posted to `[sms] api_url` per message,
//!
//! ```xml
//! <?xml version="1.0" encoding="UTF-8"?>
//! <message><login>…</login><pwd>…</pwd><id>…</id><sender>…</sender><text>…</text>
//!   <phones><phone>996555123456</phone></phones><test>1</test></message>
//! ```
//!
//! answered with `<response><id>…</id><status>0</status><phones>1</phones><smscnt>1</smscnt>
//! </response>` (sometimes in the namespace `http://Giper.mobi/schema/Message`). `id` is ours, up
//! to 12 Latin letters and digits, unique per sending; `test` asks the gateway to accept without
//! sending or charging. Status 0 is accepted; the others are refusals, some worth retrying.

use futures_util::future::BoxFuture;
use reqwest::StatusCode;
use reqwest::header::CONTENT_TYPE;

use super::SendError;
use super::sms::{SmsProvider, kyrgyz_mobile};
use crate::config::{Secret, SmsSettings};

/// The gateway's account and where it takes messages.
pub struct Nikita {
    http: reqwest::Client,
    url: String,
    login: String,
    password: Secret,
    sender: String,
    test: bool,
}

impl Nikita {
    /// The gateway `s` describes; fails when the login, the password or the sender is missing.
    pub fn new(s: &SmsSettings, http: reqwest::Client) -> anyhow::Result<Nikita> {
        anyhow::ensure!(!s.login.trim().is_empty(), "sms.login is empty");
        anyhow::ensure!(!s.password.is_empty(), "sms.password is empty");
        anyhow::ensure!(!s.sender.trim().is_empty(), "sms.sender is empty");
        anyhow::ensure!(s.api_url.starts_with("http"), "sms.api_url {:?} is not a URL", s.api_url);
        Ok(Nikita {
            http,
            url: s.api_url.clone(),
            login: s.login.trim().to_owned(),
            password: s.password.clone(),
            sender: s.sender.trim().to_owned(),
            test: s.test,
        })
    }

    /// The request's XML document.
    fn document(&self, reference: &str, phone: &str, text: &str) -> String {
        let test = if self.test { "<test>1</test>" } else { "" };
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?><message><login>{}</login><pwd>{}</pwd>\
             <id>{}</id><sender>{}</sender><text>{}</text><phones><phone>{}</phone></phones>{test}\
             </message>",
            escape(&self.login),
            escape(self.password.expose()),
            escape(reference),
            escape(&self.sender),
            escape(text),
            escape(phone),
        )
    }
}

impl SmsProvider for Nikita {
    fn name(&self) -> &'static str {
        "nikita"
    }

    fn send<'a>(
        &'a self,
        reference: &'a str,
        phone: &'a str,
        text: &'a str,
    ) -> BoxFuture<'a, Result<(), SendError>> {
        Box::pin(async move {
            let phone = kyrgyz_mobile(phone)
                .ok_or_else(|| SendError::Permanent(format!("{phone:?} is not a Kyrgyz mobile number")))?;
            let answer = self
                .http
                .post(&self.url)
                .header(CONTENT_TYPE, "application/xml; charset=UTF-8")
                .body(self.document(reference, &phone, text))
                .send()
                .await
                .map_err(|e| SendError::Retryable(format!("gateway unreachable: {e}"), None))?;
            let http = answer.status();
            let body = answer.text().await.unwrap_or_default();
            if !http.is_success() {
                let text = format!("gateway answered HTTP {}", http.as_u16());
                let again = http.is_server_error() || http == StatusCode::TOO_MANY_REQUESTS;
                return Err(if again {
                    SendError::Retryable(text, None)
                } else {
                    SendError::Permanent(text)
                });
            }
            match element(&body, "status").and_then(|s| s.trim().parse::<u8>().ok()) {
                Some(status) => verdict(status, self.test),
                None => {
                    Err(SendError::Retryable(format!("gateway answer without a status: {:.200}", body), None))
                }
            }
        })
    }
}

/// What the gateway's `status` means for the message (`test`: we asked for its test mode).
pub fn verdict(status: u8, test: bool) -> Result<(), SendError> {
    let retry = |why: &str| Err(SendError::Retryable(format!("gateway status {status}: {why}"), None));
    let refuse = |why: &str| Err(SendError::Permanent(format!("gateway status {status}: {why}")));
    match status {
        0 => Ok(()),
        // The test mode's answer: accepted, neither sent nor charged.
        11 if test => Ok(()),
        1 => refuse("malformed request"),
        2 => refuse("wrong login or password"),
        3 => refuse("this server's address is not allowed for the account"),
        4 => retry("not enough money on the account"),
        5 => refuse("sender name not allowed for the account"),
        6 => refuse("blocked by the gateway's stop words"),
        7 => refuse("wrong phone number"),
        8 => refuse("wrong sending time"),
        9 => retry("the gateway is busy; repeat shortly"),
        10 => retry("sending blocked as a repeat; repeat later"),
        11 => refuse("processed but not accepted for sending (ask the gateway's support)"),
        _ => refuse("unknown status"),
    }
}

/// The text of the first element called `name` (any namespace prefix) in `xml`.
pub fn element<'a>(xml: &'a str, name: &str) -> Option<&'a str> {
    let mut rest = xml;
    while let Some(open) = rest.find('<') {
        rest = &rest[open + 1..];
        let tag_end = rest.find('>')?;
        let tag = &rest[..tag_end];
        let tag_name = tag.split_whitespace().next().unwrap_or_default();
        let local = tag_name.rsplit(':').next().unwrap_or_default();
        if local == name && !tag.ends_with('/') {
            let text = &rest[tag_end + 1..];
            return Some(&text[..text.find('<').unwrap_or(text.len())]);
        }
        rest = &rest[tag_end + 1..];
    }
    None
}

/// `text` safe inside an XML element.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_status_is_read_with_or_without_a_namespace() {
        let plain =
            "<?xml version=\"1.0\"?><response><id>ax1</id><status>0</status><phones>1</phones></response>";
        assert_eq!(element(plain, "status"), Some("0"));
        assert_eq!(element(plain, "id"), Some("ax1"));
        let spaced =
            "<response xmlns=\"http://Giper.mobi/schema/Message\">\n <status>7</status>\n</response>";
        assert_eq!(element(spaced, "status"), Some("7"));
        assert_eq!(element("<r:response><r:status>4</r:status></r:response>", "status"), Some("4"));
        assert_eq!(element("<response><message/></response>", "status"), None);
    }

    #[test]
    fn statuses_are_sorted_into_sent_retry_and_refused() {
        assert_eq!(verdict(0, false), Ok(()));
        assert_eq!(verdict(11, true), Ok(()));
        assert!(matches!(verdict(11, false), Err(SendError::Permanent(_))));
        for status in [4, 9, 10] {
            assert!(matches!(verdict(status, false), Err(SendError::Retryable(..))), "{status}");
        }
        for status in [1, 2, 3, 5, 6, 7, 8, 12] {
            assert!(matches!(verdict(status, false), Err(SendError::Permanent(_))), "{status}");
        }
    }

    #[test]
    fn the_document_escapes_what_it_carries() {
        let s = SmsSettings {
            provider: "nikita".into(),
            login: "shop".into(),
            password: "p<w>&".into(),
            sender: "TYIYN".into(),
            test: true,
            ..SmsSettings::default()
        };
        let nikita = Nikita::new(&s, reqwest::Client::new()).expect("valid");
        let doc = nikita.document("ffx1", "996555123456", "Код: 12 & <34>");
        assert!(doc.contains("<pwd>p&lt;w&gt;&amp;</pwd>"), "{doc}");
        assert!(doc.contains("<text>Код: 12 &amp; &lt;34&gt;</text>"), "{doc}");
        assert!(
            doc.contains("<phones><phone>996555123456</phone></phones><test>1</test></message>"),
            "{doc}"
        );
        assert!(Nikita::new(&SmsSettings { sender: String::new(), ..s }, reqwest::Client::new()).is_err());
    }
}
