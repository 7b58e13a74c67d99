//! The HTTP contract as data: the parts of the OpenAPI 3.1 document that no route owns (info,
//! tags, shared components, the errors every route shares) and the JSON Schema of the socket
//! events, both generated from the code.
//!
//! The document's paths come from the router itself: every `/api` route is registered through
//! `utoipa_actix_web`, which records the handler's `#[utoipa::path]` as it registers the service
//! (`routes::contract` collects them and calls [`assemble`]), so a route cannot be served without
//! being described. The errors every route shares (the middleware's cross-site and body-size
//! refusals, malformed input, a database outage) are added here once, from the same rules the
//! middleware enforces.

use std::sync::OnceLock;

use serde_json::{Value, json};
use utoipa::openapi::path::{Operation, PathItem};
use utoipa::openapi::response::ResponseBuilder;
use utoipa::openapi::{ContentBuilder, OpenApi as Document, Ref, RefOr};
use utoipa::{OpenApi, ToSchema};

use crate::error::ErrorBody;
use crate::ws::events::{ClientEvent, ServerEvent};

/// The document's fixed parts: info, tags, shared components.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Tyiyn API",
        description = "The penny-auction platform's HTTP contract. Money is a som number with two \
                       decimals computed from integer tyiyn; times are RFC 3339 in UTC; every \
                       non-2xx answer is an `Error` in the request's language (`lang` cookie, \
                       then `Accept-Language`, then the site language). Realtime events: \
                       `/api/events.schema.json`; rules and decisions: docs/api.md.",
        version = "1"
    ),
    components(schemas(ErrorBody, ServerEvent, ClientEvent)),
    tags(
        (name = "auth", description = "Registration, login, the session"),
        (name = "users", description = "The logged-in user's profile and history"),
        (name = "auctions", description = "Auctions, bids and pre-bids"),
        (name = "admin", description = "Admins only: 401 for visitors, 403 for users"),
        (name = "payments", description = "Buying bids: packages, orders, the payment provider's callback"),
        (name = "notifications", description = "The logged-in user's notices (the header bell)"),
        (name = "settings", description = "Site settings"),
        (name = "contract", description = "This document and the events' schema")
    )
)]
struct Base;

/// The whole document: the fixed parts, the paths the router registered (`routed`), and the
/// shared errors on every operation.
pub fn assemble(routed: Document) -> Document {
    let mut doc = Base::openapi();
    doc.merge(routed);
    for (path, item) in doc.paths.paths.iter_mut() {
        add_shared_errors(path, item);
    }
    doc
}

/// A JSON Schema (2020-12) of the socket events: `ServerEvent` and `ClientEvent` with every
/// payload type in `$defs`. Each frame on the wire is `42["<event>",<data>]`.
pub fn events_schema() -> &'static Value {
    static SCHEMA: OnceLock<Value> = OnceLock::new();
    SCHEMA.get_or_init(|| {
        let mut defs = Vec::new();
        defs.push(("ServerEvent".to_string(), <ServerEvent as utoipa::PartialSchema>::schema()));
        <ServerEvent as ToSchema>::schemas(&mut defs);
        defs.push(("ClientEvent".to_string(), <ClientEvent as utoipa::PartialSchema>::schema()));
        <ClientEvent as ToSchema>::schemas(&mut defs);
        let defs: serde_json::Map<String, Value> =
            defs.into_iter().map(|(name, schema)| (name, json!(schema))).collect();
        let text = serde_json::to_string(&json!({
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "/api/events.schema.json",
            "title": "Tyiyn realtime events (socket.io at /socket.io/)",
            "description": "Each frame is a socket.io event `42[\"<event>\",<data>]`: `event` and `data` \
                            below. The server sends ServerEvent; a client emits ClientEvent.",
            "oneOf": [{"$ref": "#/$defs/ServerEvent"}, {"$ref": "#/$defs/ClientEvent"}],
            "$defs": defs,
        }))
        .unwrap_or_default();
        serde_json::from_str(&text.replace("#/components/schemas/", "#/$defs/")).unwrap_or_default()
    })
}

fn error_response(description: &str) -> RefOr<utoipa::openapi::response::Response> {
    ResponseBuilder::new()
        .description(description)
        .content(
            "application/json",
            ContentBuilder::new().schema(Some(Ref::from_schema_name("Error"))).build(),
        )
        .into()
}

/// Adds the answers every route can give to each operation that does not describe them itself:
/// 503 everywhere, 400 where there is a parameter or body, 403 and 413 for state-changing methods,
/// and 401 and 403 on every admin route (the `AdminUser` extractor's answers).
fn add_shared_errors(path: &str, item: &mut PathItem) {
    let has_params = path.contains('{');
    let ops: [(&mut Option<Operation>, bool); 5] = [
        (&mut item.get, false),
        (&mut item.post, true),
        (&mut item.put, true),
        (&mut item.patch, true),
        (&mut item.delete, true),
    ];
    for (op, unsafe_method) in ops {
        let Some(op) = op.as_mut() else { continue };
        let mut shared = vec![("503", "`service_unavailable`: PostgreSQL is unreachable")];
        if path.starts_with("/api/admin/") {
            shared.push(("401", "`unauthorized`: not logged in"));
            shared.push((
                "403",
                if unsafe_method {
                    "`forbidden`: not an admin (or `cross_site_request`)"
                } else {
                    "`forbidden`: not an admin"
                },
            ));
        }
        if has_params || op.request_body.is_some() {
            shared.push(("400", "`bad_request`: a malformed parameter or body"));
        }
        if unsafe_method {
            shared.push(("403", "`cross_site_request`: a state-changing request from another site"));
            shared.push(("413", "`payload_too_large`: a body over 64 KiB"));
        }
        for (status, description) in shared {
            op.responses.responses.entry(status.to_string()).or_insert_with(|| error_response(description));
        }
    }
}
