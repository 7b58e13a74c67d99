//! The demo that keeps going (issue 22). With demo data on, the seeded lots finish within half an
//! hour; this task then lists new ones from [`CATALOGUE`] so that some are always live and more
//! are upcoming. Each is created like an admin's (through the auction directory, persisted by its
//! actor), and the demo's people take part the way a person would, through auto-bidders set on it:
//! two of them on each lot, with different budgets, so a person wins it unless someone outbids
//! them. Most lots have no house bidders; every fourth has a small house reserve and one house
//! bot. docs/rules/demo.md, "The demo".

use std::time::Duration;

use deadpool_postgres::Pool;
use tyiyn_actors::auction::SetAutoBid;
use tyiyn_actors::ids::{BotId, Tyiyn, UserId};
use tyiyn_actors::snapshot::AuctionDetails;
use tyiyn_actors::store::NewAuction;

use crate::config::DemoSettings;
use crate::runtime::Auctions;

/// One catalogue item: title, description, image (under `/demo/`), category and retail price (som).
struct Item {
    title: &'static str,
    about: &'static str,
    image: &'static str,
    category: &'static str,
    retail_som: i64,
}

#[rustfmt::skip]
const CATALOGUE: [Item; 12] = [
    Item { title: "AirPods Pro 2", image: "headphones", category: "Аудио", retail_som: 24_990,
           about: "Активное шумоподавление, адаптивный звук и кейс MagSafe с USB-C." },
    Item { title: "Смартфон Samsung Galaxy A55 256 ГБ", image: "phone", category: "Смартфоны", retail_som: 41_990,
           about: "Экран Super AMOLED 6,6\", камера 50 Мп, защита IP67 и два дня без подзарядки." },
    Item { title: "Умные часы Xiaomi Watch 2", image: "watch", category: "Гаджеты", retail_som: 18_990,
           about: "Wear OS, AMOLED-экран 1,43\", GPS и пульсометр; до 65 часов работы." },
    Item { title: "Кофемашина Philips 2200 LatteGo", image: "coffee", category: "Бытовая техника", retail_som: 44_990,
           about: "Эспрессо, кофе и капучино одним касанием; молочная система чистится за 15 секунд." },
    Item { title: "Игровая консоль Nintendo Switch OLED", image: "console", category: "Игры", retail_som: 39_990,
           about: "Экран OLED 7\", 64 ГБ памяти, играть дома на телевизоре и в дороге." },
    Item { title: "Планшет Apple iPad 10,9\" 64 ГБ", image: "tablet", category: "Планшеты", retail_som: 46_990,
           about: "Дисплей Liquid Retina, чип A14 Bionic, USB-C и Touch ID." },
    Item { title: "Ноутбук ASUS Vivobook 15 16/512 ГБ", image: "laptop", category: "Ноутбуки", retail_som: 59_990,
           about: "Экран 15,6\" Full HD, процессор Core i5, SSD 512 ГБ, весит 1,7 кг." },
    Item { title: "Кроссовки Adidas Ultraboost Light", image: "sneakers", category: "Одежда и обувь", retail_som: 16_990,
           about: "Лёгкая пена Light BOOST и сетчатый верх; размеры 40–45 на выбор победителя." },
    Item { title: "Фотоаппарат Fujifilm Instax Mini 12", image: "camera", category: "Фото", retail_som: 7_990,
           about: "Мгновенные снимки, автоматическая экспозиция и режим крупного плана." },
    Item { title: "Телевизор Xiaomi TV A Pro 43\" 4K", image: "tv", category: "Телевизоры", retail_som: 27_990,
           about: "Google TV, 4K HDR, Dolby Audio и голосовой пульт." },
    Item { title: "Электросамокат Ninebot KickScooter E2", image: "scooter", category: "Транспорт", retail_som: 29_990,
           about: "Запас хода до 25 км, скорость до 20 км/ч, складывается за три секунды." },
    Item { title: "Серебряные серьги с фианитами", image: "ring", category: "Украшения", retail_som: 5_990,
           about: "Серебро 925 пробы, родиевое покрытие и подарочная коробка." },
];

/// The demo's people who take part in listed lots (the seed's accounts, `src/db/demo.rs`).
const PEOPLE: [&str; 6] = ["aibek", "aigerim", "nurlan", "zhyldyz", "bakyt", "asel"];

/// Every fourth listed lot lets the house in, for this many bids.
const HOUSE_RESERVE: i32 = 6;

/// Runs the lister on the current actix runtime until the process stops.
pub fn keep_going(pool: Pool, auctions: Auctions, settings: DemoSettings) {
    actix_web::rt::spawn(async move {
        let mut tick = actix_web::rt::time::interval(Duration::from_secs(settings.list_every_secs.max(1)));
        loop {
            tick.tick().await;
            if let Err(e) = list_missing(&pool, &auctions, &settings).await {
                tracing::warn!("demo: listing new auctions failed: {e:#}");
            }
        }
    });
}

/// Lists as many lots as are missing from `keep_running` live or starting within half an hour
/// (bid packages aside; lots further ahead do not keep a visitor busy now); returns how many.
pub async fn list_missing(
    pool: &Pool,
    auctions: &Auctions,
    settings: &DemoSettings,
) -> anyhow::Result<usize> {
    let client = pool.get().await?;
    let row = client
        .query_one(
            "select count(*) filter (where not is_bid_package and (status = 'live' or
                        (status = 'upcoming' and start_time < now() + interval '30 minutes'))),
                    count(*)
             from auction",
            &[],
        )
        .await?;
    let (running, listed): (i64, i64) = (row.get(0), row.get(1));
    let missing = (i64::from(settings.keep_running) - running).max(0);
    for k in 0..missing {
        list_one(&client, auctions, settings, listed + k, k).await?;
    }
    Ok(usize::try_from(missing).unwrap_or(0))
}

/// Lists catalogue item `n` (modulo its size), starting `starts_in_secs` from now plus half a
/// minute for each lot listed before it in this round (`k`), and sets its people's auto-bidders.
async fn list_one(
    client: &deadpool_postgres::Object,
    auctions: &Auctions,
    settings: &DemoSettings,
    n: i64,
    k: i64,
) -> anyhow::Result<()> {
    let index = usize::try_from(n).unwrap_or(0);
    let item = &CATALOGUE[index % CATALOGUE.len()];
    // Every fourth lot lets a house bot in (a reserve needs a bot assigned with it).
    let bot = if n % 4 == 3 {
        client
            .query_opt(
                "select id from app_user where is_bot and is_active and deleted_at is null
                 order by id offset $1 limit 1",
                &[&(n / 4 % 4)],
            )
            .await?
            .map(|row| BotId(row.get(0)))
    } else {
        None
    };
    let house = bot.is_some();
    let details = AuctionDetails {
        title: item.title.into(),
        description: item.about.into(),
        image_url: Some(format!("/demo/{}.svg", item.image)),
        retail_price: Tyiyn(item.retail_som * 100),
        category: Some(item.category.into()),
        condition: Some("Новый".into()),
        estimated_value: Some(Tyiyn(item.retail_som * 100)),
        house_reserve: house.then_some(HOUSE_RESERVE),
        opening_secs: Some(settings.opening_secs),
        ..AuctionDetails::default()
    };
    let starts = chrono::Utc::now() + chrono::Duration::seconds(i64::from(settings.starts_in_secs) + 30 * k);
    let bots = bot.into_iter().collect();
    let new = NewAuction { details, start_time: crate::db::rows::ms(starts), starting_price: Tyiyn(1), bots };
    let info = auctions.create(new).await.map_err(|e| anyhow::anyhow!("create: {e}"))?;
    // Two people, in turn, with budgets that differ so one of them outlasts the other.
    for (j, budget) in [(0, 3 + n % 5), (1, 4 + n * 3 % 7)] {
        let name = PEOPLE[(index + 2 * j) % PEOPLE.len()];
        let person = client
            .query_opt(
                "select id, username from app_user
                 where lower(username) = $1 and not is_bot and deleted_at is null and bid_balance >= $2",
                &[&name, &budget],
            )
            .await?;
        if let Some(person) = person {
            let username: String = person.get(1);
            let bids = u32::try_from(budget).unwrap_or(3);
            let set =
                SetAutoBid { user: UserId(person.get(0)), username: username.into(), bids, max_price: None };
            auctions.ask(info.id, set).await;
        }
    }
    tracing::info!(auction = %info.id, title = item.title, house, "demo: listed");
    Ok(())
}
