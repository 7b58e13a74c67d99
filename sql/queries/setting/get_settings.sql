select currency, currency_symbol, site_name, language, header_tagline, footer_description,
       contact_address, contact_phone, contact_email, updated_at, texts
from site_setting
