//! The edge's own ids, beside the runtime's (`tyiyn_actors::ids`): a won item, a payment order, a
//! bid package. Each is what a path segment or a body field names, wrapped so that one cannot be
//! passed for another; on the wire and in the OpenAPI document they are plain integers.

use serde::Deserialize;

macro_rules! id {
    ($(#[$doc:meta])* $name:ident($inner:ty)) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub $inner);
    };
}

id!(
    /// A won item's (`claim`) primary key.
    ClaimId(i64)
);
id!(
    /// A payment order's primary key.
    OrderId(i64)
);
id!(
    /// A bid package's primary key.
    PackageId(i32)
);
id!(
    /// An outbox message's primary key.
    MessageId(i64)
);
