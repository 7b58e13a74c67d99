//! The request extractors of who is calling: [`CurrentUser`] (401 without a live session),
//! [`MaybeUser`] and [`AdminUser`] (403 for anyone else). A session's cookie is looked up in the
//! cache of `super::session`, then in PostgreSQL.

use std::future::Future;
use std::pin::Pin;

use actix_web::{FromRequest, HttpRequest, dev::Payload, web};

use super::session::{Sessions, resolve};
use crate::error::AppError;

pub use super::session::CurrentUser;

type Extracted<T> = Pin<Box<dyn Future<Output = Result<T, AppError>>>>;

impl FromRequest for CurrentUser {
    type Error = AppError;
    type Future = Extracted<CurrentUser>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { resolve(req).await?.ok_or(AppError::Unauthorized) })
    }
}

/// The logged-in user, if any.
pub struct MaybeUser(pub Option<CurrentUser>);

impl FromRequest for MaybeUser {
    type Error = AppError;
    type Future = Extracted<MaybeUser>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { Ok(MaybeUser(resolve(req).await?)) })
    }
}

/// A logged-in admin: 401 for visitors, 403 for users. The role is read from PostgreSQL on each
/// admin request, so a demotion takes effect at once.
pub struct AdminUser(pub CurrentUser);

impl FromRequest for AdminUser {
    type Error = AppError;
    type Future = Extracted<AdminUser>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let user = resolve(req.clone()).await?.ok_or(AppError::Unauthorized)?;
            let state = req
                .app_data::<web::Data<Sessions>>()
                .ok_or_else(|| AppError::Internal(anyhow::anyhow!("state missing")))?;
            if state.is_admin(user.id).await? { Ok(AdminUser(user)) } else { Err(AppError::Forbidden) }
        })
    }
}
