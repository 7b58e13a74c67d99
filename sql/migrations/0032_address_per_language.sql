-- The shipped address in the other languages (issue 40: "the address cannot be set per language").
-- `texts` now carries a `contactAddress` per language; a site that still has the shipped address
-- gets it written in English, Georgian and Kyrgyz, unless it already has one in that language. An
-- address the operator changed is left alone (they set theirs per language in /admin/settings).
update site_setting
set texts = texts
    || jsonb_build_object('en', coalesce(texts -> 'en', '{}'::jsonb) || jsonb_build_object('contactAddress', '125 Chuy Avenue, Bishkek'))
    || jsonb_build_object('ka', coalesce(texts -> 'ka', '{}'::jsonb) || jsonb_build_object('contactAddress', 'ბიშკეკი, ჩუის გამზირი, 125'))
    || jsonb_build_object('ky', coalesce(texts -> 'ky', '{}'::jsonb) || jsonb_build_object('contactAddress', 'Бишкек ш., Чүй пр., 125'))
where contact_address = 'г. Бишкек, пр. Чуй, 125'
  and language = 'ru'
  and coalesce(texts -> 'en' ->> 'contactAddress', '') = ''
  and coalesce(texts -> 'ka' ->> 'contactAddress', '') = ''
  and coalesce(texts -> 'ky' ->> 'contactAddress', '') = '';
