use super::*;

#[test]
fn defaults_parse_and_overrides_apply() {
    let s = Settings::load(Some("[auth]\nbcrypt_cost = 4\n")).expect("defaults parse");
    assert_eq!(s.auth.bcrypt_cost, 4);
    assert_eq!(s.auth.signup_bonus_bids, 5);
    assert_eq!((s.auth.session_idle_days, s.auth.session_max_days), (7, 30));
    assert_eq!(s.auction.bid_countdown_secs, 10);
    assert_eq!(s.server.body_limit_bytes, 65536);
    assert_eq!(s.server.compress_min_bytes, 4096);
    assert_eq!((s.auction.bot_second_ms, s.auction.bot_seed), (1000, None));
    assert_eq!(
        (s.payments.provider.as_str(), s.payments.public_url.as_str()),
        ("demo", "http://127.0.0.1:8080")
    );
    assert_eq!(s.payments.freedompay.host, "https://api.freedompay.kg");
    assert!(!s.mail.enabled);
    // (Read from the text: another test sets TYIYN_SERVER__TRUSTED_PROXIES meanwhile.)
    assert!(DEFAULTS.contains("\ntrusted_proxies = []\n"), "no proxy is trusted by default");
    assert_eq!(s.server.max_sockets_per_address, 50);
    assert_eq!((s.throttle.login_max_failures, s.throttle.register_max, s.throttle.check_max), (10, 100, 60));
    assert_eq!(s.auth.phone_verification, PhoneVerification::Required);
    assert_eq!((s.throttle.phone_code_max, s.throttle.phone_code_number_max), (30, 5));
    assert_eq!((s.mail.port, s.mail.tls.as_str()), (587, "starttls"));
}

#[test]
fn printed_settings_show_no_secret() {
    let overrides = r#"
        [demo]
        demo_password = "demo-pass-2"
        [payments.demo]
        secret = "demo-secret-3"
        [payments.freedompay]
        merchant_id = "552170"
        secret_key = "fp-key-4"
        [mail]
        username = "mailer"
        password = "smtp-pass-5"
        [telegram]
        bot_token = "123456:tg-token-6"
    "#;
    let mut s = Settings::load(Some(overrides)).expect("loads");
    // Set here rather than above: `DATABASE_URL`, when the tests run with it, would win.
    s.database.url = "postgres://tyiyn:db-pass-1@db.example.kg/tyiyn".into();
    let text = format!("{s:?}");
    for secret in ["db-pass-1", "demo-pass-2", "demo-secret-3", "fp-key-4", "smtp-pass-5", "tg-token-6"] {
        assert!(!text.contains(secret), "{secret} in {text}");
    }
    assert!(text.contains("[redacted]"));
    assert!(text.contains("552170") && text.contains("mailer"), "what is no secret still shows");
    assert_eq!(
        (s.mail.password.expose(), s.payments.freedompay.secret_key.expose()),
        ("smtp-pass-5", "fp-key-4")
    );
    assert_eq!(format!("{:?}", Secret::default()), "\"\"", "an empty secret shows as empty");
}
