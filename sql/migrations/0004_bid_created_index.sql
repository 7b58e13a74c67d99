-- The operator's statistics count the bids of the last hour by minute: an index on arrival time
-- keeps that a range scan instead of a pass over every bid ever placed. Bids are appended in
-- roughly rising created_at, so the index grows at its right edge.
create index bid_created_idx on bid (created_at);
