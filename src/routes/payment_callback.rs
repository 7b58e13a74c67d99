//! `POST /api/payments/callback/{provider}`: the provider's report of a payment, the only thing
//! that credits bids or pays for a won item (`crate::app::payments::process`; docs/rules/payments.md,
//! "Buying bids" and docs/rules/won-items.md, "Won items").

use actix_web::{HttpRequest, HttpResponse, post, web};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::app::payments;
use crate::app::provider::{Answer, Callback};
use crate::error::{AppError, ErrorBody};
use crate::i18n::Msg;
use crate::payments::demo::DemoAnswer;
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(payment_callback);
}

/// The provider's server-to-server report of a payment (`provider` = `freedompay`, `gopay` or `demo`, a
/// configured one: the card's or the QR payments'). Form-encoded fields (or a JSON object, for a
/// provider that sends one), signed; the answer is the provider's own format
/// (Freedom Pay: an XML `<response>` with `pg_status` `ok`, `rejected` or `error`). Only a signed
/// report of a payment that matches its order's amount and currency credits the order's bids,
/// once, however often it is repeated. Every report is counted (`/metrics`); every signed one is
/// recorded, refused ones up to 60 a minute, each field cut to 512 characters.
#[utoipa::path(
    tag = "payments",
    params(("provider" = String, Path, description = "`freedompay`, `gopay` or `demo` (a configured provider)")),
    request_body(
        content = inline(std::collections::BTreeMap<String, String>),
        content_type = "application/x-www-form-urlencoded",
        description = "The provider's signed fields (Freedom Pay: `pg_order_id`, `pg_payment_id`, `pg_amount`, `pg_currency`, `pg_result`, `pg_salt`, `pg_sig`, …)"
    ),
    responses(
        (status = 200, description = "The provider's answer in its own format (Freedom Pay: XML; the demo provider: JSON): `ok` (credited, already credited, or a failure recorded), `rejected` (unknown order, wrong amount or currency, a won item already paid, an order a newer delivery choice replaced) or `error` (unsigned, mis-signed, unreadable)", content(
            (String = "application/xml"),
            (DemoAnswer = "application/json"),
        )),
        (status = 404, description = "`provider_not_configured`: not a configured provider", body = ErrorBody),
    )
)]
#[post("/payments/callback/{provider}")]
async fn payment_callback(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<String>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let name = path.into_inner();
    let callback = callback(&req, &body);
    let Some(provider) = state.core.payments.named(&name).cloned() else {
        payments::not_configured(&state.core.pool, &state.core.payments, &name, &callback.fields).await?;
        return Err(AppError::NotFound(Msg::ProviderNotConfigured));
    };
    let (verdict, description) = payments::process(
        &state.core.payment_handles(),
        state.core.site.lang(),
        provider.as_ref(),
        &callback,
    )
    .await?;
    Ok(reply(provider.answer(verdict, &description)))
}

/// The callback as it arrived: a form's fields (or the query's), or a JSON object's top-level
/// members as text (a nested value as its JSON); the body and the headers as sent.
fn callback(req: &HttpRequest, body: &web::Bytes) -> Callback {
    let json =
        req.headers().get("content-type").and_then(|v| v.to_str().ok()).is_some_and(|v| v.contains("json"));
    let mut fields: Vec<(String, String)> = if json {
        match serde_json::from_slice::<serde_json::Map<String, serde_json::Value>>(body) {
            Ok(object) => object
                .into_iter()
                .map(|(k, v)| match v {
                    serde_json::Value::String(s) => (k, s),
                    other => (k, other.to_string()),
                })
                .collect(),
            Err(_) => Vec::new(),
        }
    } else {
        serde_urlencoded::from_bytes(body).unwrap_or_default()
    };
    if fields.is_empty() {
        fields = serde_urlencoded::from_str(req.query_string()).unwrap_or_default();
    }
    let headers = req
        .headers()
        .iter()
        .filter_map(|(k, v)| Some((k.as_str().to_ascii_lowercase(), v.to_str().ok()?.to_owned())))
        .collect();
    Callback { fields, body: body.to_vec(), headers }
}

fn reply(answer: Answer) -> HttpResponse {
    HttpResponse::Ok().content_type(answer.content_type).body(answer.body)
}
