-- Paying by QR (ELQR links, from any Kyrgyz bank's app) beside the card: how each order is paid,
-- and, for a QR order, its current payment link and until when it may be paid; what the provider
-- kept as its fee, where its report says (the reconciliation export).
alter table payment_order
    add column method text not null default 'card' check (method in ('card', 'qr')),
    add column qr_link text check (length(qr_link) <= 2048),
    add column qr_expires_at timestamptz,
    add column provider_fee bigint check (provider_fee >= 0),
    add constraint payment_order_qr_only_for_qr
        check (method = 'qr' or (qr_link is null and qr_expires_at is null)),
    add constraint payment_order_qr_link_with_expiry
        check ((qr_link is null) = (qr_expires_at is null));

-- The operator's filters and the daily reconciliation export read by time, method and provider.
create index payment_order_paid_at on payment_order (paid_at) where paid_at is not null;
