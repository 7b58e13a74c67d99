//! Control messages that may cross to another node: what an admin does to an auction (edit it,
//! finish it now, delete it, its bots, its promotion) and what a user does to their auto-bidder on
//! it is a message to its actor. When the auction runs on another node, the server's forwarding
//! (`tyiyn::cluster::forward`) carries the very message to that node, its owner, whose actor takes
//! it as it would from a handler there, and the answer comes back unchanged. [`Control`] is every
//! such message, [`ControlAnswer`] every answer, and [`Remote`] gives each message type its place
//! in both.

use actix::{Addr, MailboxError, Message};
use serde::{Deserialize, Serialize};

use crate::auction::{
    AssignBot, AuctionActor, CancelAutoBid, Delete, EndNow, ForgetPromotion, GetAutoBid, GetInfo, GetView,
    ListBots, SetAutoBid, SetPromoted, UnassignBot, UpdateBotAssignment, UpdateDetails,
};
use crate::clock::Clock;
use crate::store::AuctionStore;

/// A control message that may cross the bus to the node that runs its auction.
pub trait Remote: Message + Sized {
    /// This message as the bus carries it.
    fn into_control(self) -> Control;
    /// Its answer, when `answer` answers a message of this type.
    fn answer_of(answer: ControlAnswer) -> Option<Self::Result>;
}

/// Declares [`Control`] and [`ControlAnswer`], one variant per message type named after it (the
/// answer's variant with an optional serde attribute), and [`Remote`] for each type.
macro_rules! controls {
    ($($(#[$answer:meta])? $msg:ident),* $(,)?) => {
        /// A control message to an auction, as it crosses the bus to the auction's owner.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        pub enum Control {
            $(#[doc = concat!("A [`", stringify!($msg), "`].")] $msg($msg)),*
        }

        /// The owner's actor's answer to a [`Control`], unchanged.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        pub enum ControlAnswer {
            $(#[doc = concat!("The answer to a [`", stringify!($msg), "`].")] $(#[$answer])? $msg(<$msg as Message>::Result)),*
        }

        impl Control {
            /// Sends it to `actor`, which runs the auction on this node.
            pub async fn send_to<S, C>(self, actor: &Addr<AuctionActor<S, C>>) -> Result<ControlAnswer, MailboxError>
            where
                S: AuctionStore,
                C: Clock,
            {
                match self {
                    $(Control::$msg(msg) => actor.send(msg).await.map(ControlAnswer::$msg)),*
                }
            }
        }

        $(impl Remote for $msg {
            fn into_control(self) -> Control {
                Control::$msg(self)
            }

            fn answer_of(answer: ControlAnswer) -> Option<Self::Result> {
                match answer {
                    ControlAnswer::$msg(answer) => Some(answer),
                    _ => None,
                }
            }
        })*
    };
}

controls! {
    GetInfo,
    GetView,
    UpdateDetails,
    EndNow,
    Delete,
    #[serde(with = "whole::many")]
    ListBots,
    #[serde(with = "whole::one")]
    AssignBot,
    #[serde(with = "whole::one")]
    UpdateBotAssignment,
    UnassignBot,
    GetAutoBid,
    SetAutoBid,
    CancelAutoBid,
    SetPromoted,
    ForgetPromotion,
}

/// Bot assignments whole: the API's shape of a [`BotAssignment`] leaves out whether the bot itself
/// is active, which the bus carries beside it so the answer reads back as the actor gave it.
mod whole {
    use crate::bots::{BotAssignment, BotError};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Whole {
        #[serde(flatten)]
        shown: BotAssignment,
        bot_active: bool,
    }

    impl From<BotAssignment> for Whole {
        fn from(shown: BotAssignment) -> Whole {
            Whole { bot_active: shown.bot_active, shown }
        }
    }

    impl From<Whole> for BotAssignment {
        fn from(Whole { mut shown, bot_active }: Whole) -> BotAssignment {
            shown.bot_active = bot_active;
            shown
        }
    }

    /// An assignment made or changed.
    pub mod one {
        use super::*;

        pub fn serialize<S: Serializer>(
            a: &Result<BotAssignment, BotError>,
            s: S,
        ) -> Result<S::Ok, S::Error> {
            a.clone().map(Whole::from).serialize(s)
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(
            d: D,
        ) -> Result<Result<BotAssignment, BotError>, D::Error> {
            Ok(Result::<Whole, BotError>::deserialize(d)?.map(BotAssignment::from))
        }
    }

    /// An auction's assignments.
    pub mod many {
        use super::*;

        pub fn serialize<S: Serializer>(all: &[BotAssignment], s: S) -> Result<S::Ok, S::Error> {
            s.collect_seq(all.iter().cloned().map(Whole::from))
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<BotAssignment>, D::Error> {
            Ok(Vec::<Whole>::deserialize(d)?.into_iter().map(BotAssignment::from).collect())
        }
    }
}

#[cfg(test)]
mod tests {
    use std::fmt::Debug;

    use crate::autobid::AutoBid;
    use crate::bots::{BotAssignment, BotError, BotProfile};
    use crate::clock::UnixMillis;
    use crate::errors::{BidRejected, ControlError};
    use crate::ids::{BotAssignmentId, BotId, Tyiyn, UserId};
    use serde::de::DeserializeOwned;

    use super::*;

    /// Serializes `x`, reads it back, and checks the value and the bytes of a second write.
    fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(x: &T) {
        let json = serde_json::to_string(x).unwrap();
        let back: T = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
        assert_eq!(&back, x, "read back from {json}");
        assert_eq!(serde_json::to_string(&back).unwrap(), json, "re-serialized");
    }

    fn assignment(bot_active: bool) -> BotAssignment {
        BotAssignment {
            id: BotAssignmentId(7),
            bot: BotId(101),
            profile: BotProfile {
                first_name: "Эрлан".into(),
                last_name: "Бейшеев".into(),
                username: "e".into(),
            },
            active: true,
            bot_active,
            bid_limit: 3,
            current_bids: 2,
        }
    }

    #[test]
    fn every_control_message_reads_back() {
        let user = UserId(12);
        for msg in [
            GetInfo.into_control(),
            EndNow.into_control(),
            Delete.into_control(),
            ListBots.into_control(),
            AssignBot { bot: BotId(101), bid_limit: 0, active: false }.into_control(),
            UpdateBotAssignment { bot: BotId(101), active: None, bid_limit: Some(5) }.into_control(),
            UnassignBot { bot: BotId(101) }.into_control(),
            GetAutoBid { user }.into_control(),
            SetAutoBid { user, username: "aibek".into(), bids: 500, max_price: Some(Tyiyn(1_005)) }
                .into_control(),
            CancelAutoBid { user }.into_control(),
            SetPromoted { promoted: true }.into_control(),
            ForgetPromotion.into_control(),
        ] {
            round_trip(&msg);
        }
    }

    #[test]
    fn answers_read_back_as_the_actor_gave_them_with_the_bots_own_flag() {
        let order = AutoBid {
            user: UserId(12),
            username: "aibek".into(),
            bids: 5,
            left: 4,
            max_price: None,
            active: true,
            set_at: UnixMillis(1_800_000_000_017),
        };
        for answer in [
            ControlAnswer::ListBots(vec![assignment(false), assignment(true)]),
            ControlAnswer::AssignBot(Ok(assignment(false))),
            ControlAnswer::AssignBot(Err(BotError::Control(ControlError::AuctionFinished))),
            ControlAnswer::UpdateBotAssignment(Err(BotError::NotAssigned)),
            ControlAnswer::UnassignBot(Err(BotError::BotUnavailable)),
            ControlAnswer::GetAutoBid(Some(order.clone())),
            ControlAnswer::SetAutoBid(Ok(order)),
            ControlAnswer::SetAutoBid(Err(ControlError::NotAdmitted(BidRejected::TooFast {
                retry_after_ms: 9,
            }))),
            ControlAnswer::CancelAutoBid(Ok(false)),
            ControlAnswer::Delete(Err(ControlError::StoreUnavailable)),
            ControlAnswer::ForgetPromotion(()),
        ] {
            round_trip(&answer);
        }
    }

    #[test]
    fn an_answer_of_another_message_is_none() {
        assert_eq!(ListBots::answer_of(ControlAnswer::CancelAutoBid(Ok(true))), None);
        assert_eq!(CancelAutoBid::answer_of(ControlAnswer::CancelAutoBid(Ok(true))), Some(Ok(true)));
    }
}
