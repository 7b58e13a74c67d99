update site_setting
set currency = $1, currency_symbol = $2, site_name = $3, language = $4, header_tagline = $5,
    footer_description = $6, contact_address = $7, contact_phone = $8, contact_email = $9,
    texts = $10, updated_at = now()
returning currency, currency_symbol, site_name, language, header_tagline, footer_description,
          contact_address, contact_phone, contact_email, updated_at, texts
