//! A device's name from its browser's User-Agent, for the profile's list of devices that get push
//! ("Chrome, Android"): the browser and the system, enough for a person to tell their phone from
//! their laptop. Browsers that hide themselves are "Browser".

/// The longest name kept.
const MAX_CHARS: usize = 80;

/// Browsers, most specific first (Edge, Opera, Samsung's and Yandex's say "Chrome" too; Chrome
/// says "Safari").
const BROWSERS: [(&str, &str); 9] = [
    ("EdgA/", "Edge"),
    ("Edg/", "Edge"),
    ("OPR/", "Opera"),
    ("SamsungBrowser/", "Samsung Internet"),
    ("YaBrowser/", "Yandex Browser"),
    ("Firefox/", "Firefox"),
    ("FxiOS/", "Firefox"),
    ("CriOS/", "Chrome"),
    ("Chrome/", "Chrome"),
];

/// Systems, most specific first (an iPhone's says "like Mac OS X"; Android's says "Linux").
const SYSTEMS: [(&str, &str); 7] = [
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Android", "Android"),
    ("Windows", "Windows"),
    ("CrOS", "ChromeOS"),
    ("Mac OS X", "macOS"),
    ("Linux", "Linux"),
];

/// `"<browser>, <system>"` from `user_agent`.
pub fn name(user_agent: &str) -> String {
    let find = |table: &[(&str, &'static str)]| {
        table.iter().find(|(mark, _)| user_agent.contains(mark)).map(|t| t.1)
    };
    let browser = find(&BROWSERS).or_else(|| user_agent.contains("Safari/").then_some("Safari"));
    let name = match (browser, find(&SYSTEMS)) {
        (Some(b), Some(s)) => format!("{b}, {s}"),
        (Some(b), None) => b.to_owned(),
        (None, Some(s)) => format!("Browser, {s}"),
        (None, None) => "Browser".to_owned(),
    };
    name.chars().take(MAX_CHARS).collect()
}

#[cfg(test)]
mod tests {
    use super::name;

    #[test]
    fn phones_and_laptops_are_told_apart() {
        let android = "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
        assert_eq!(name(android), "Chrome, Android");
        let samsung = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36";
        assert_eq!(name(samsung), "Samsung Internet, Android");
        let iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
        assert_eq!(name(iphone), "Safari, iPhone");
        let windows = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
        assert_eq!(name(windows), "Firefox, Windows");
        let edge = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0";
        assert_eq!(name(edge), "Edge, Windows");
        assert_eq!(name(""), "Browser");
    }
}
