-- The site's own texts in every language (issue 22): `header_tagline` and `footer_description` stay
-- the texts of the site's language (`language`); `texts` holds the other languages', as
-- {"en": {"headerTagline": "...", "footerDescription": "..."}, "ka": {...}, "ky": {...}}. A reader
-- whose language has none sees the app's own default text in that language, never another
-- language's (docs/decisions.md, "Honest by design").
alter table site_setting add column texts jsonb not null default '{}'::jsonb
    check (jsonb_typeof(texts) = 'object');

-- The notices that an auction one pre-bid on has started were stored without its title, so the
-- list read "«лот» уже идёт": give them the title (the insert now adds it).
update notification n
set payload = n.payload || jsonb_build_object('title', a.title)
from auction a
where n.kind = 'auction_started' and a.id = n.auction_id and not n.payload ? 'title';
