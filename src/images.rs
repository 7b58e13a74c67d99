//! Lot images the admin uploads (docs/rules/admin.md, "Lot images"): a JPEG, PNG or WebP is decoded
//! within bounds (no decompression bomb gets its memory), turned upright by its EXIF orientation,
//! shrunk to at most [`MAX_SIDE`] pixels on its longer side, laid on white where it was
//! transparent, and re-encoded as a JPEG. Nothing of the upload itself is kept or served: no
//! metadata (a phone's location), no script in an SVG, no polyglot file.

use std::io::Cursor;

use image::imageops::FilterType;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits, RgbImage};
use sha2::{Digest, Sha256};

use crate::i18n::Msg;

/// The upload route (its body may be larger than the API's other bodies).
pub const UPLOAD_PATH: &str = "/api/admin/images";
/// The largest upload taken: a phone's photo fits.
pub const MAX_UPLOAD_BYTES: usize = 8 * 1024 * 1024;
/// The longest side an image is stored with: a lot's page at twice a wide screen's column.
pub const MAX_SIDE: u32 = 1600;
/// The largest picture decoded at all, per side.
const MAX_DECODED_SIDE: u32 = 12_000;
/// The JPEG quality stored.
const QUALITY: u8 = 85;

/// An image ready to store: its JPEG bytes, their SHA-256 (hex) and its size in pixels.
#[derive(Debug)]
pub struct Prepared {
    pub jpeg: Vec<u8>,
    pub digest: String,
    pub width: u32,
    pub height: u32,
}

/// Reads an upload: `Err(ImageInvalid)` for anything that is not a whole JPEG, PNG or WebP within
/// bounds.
pub fn prepare(upload: &[u8]) -> Result<Prepared, Msg> {
    let reader =
        ImageReader::new(Cursor::new(upload)).with_guessed_format().map_err(|_| Msg::ImageInvalid)?;
    if !matches!(reader.format(), Some(ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP)) {
        return Err(Msg::ImageInvalid);
    }
    let mut decoder = reader.into_decoder().map_err(|_| Msg::ImageInvalid)?;
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_DECODED_SIDE);
    limits.max_image_height = Some(MAX_DECODED_SIDE);
    limits.max_alloc = Some(512 * 1024 * 1024);
    decoder.set_limits(limits).map_err(|_| Msg::ImageInvalid)?;
    let orientation = decoder.orientation().map_err(|_| Msg::ImageInvalid)?;
    let mut picture = DynamicImage::from_decoder(decoder).map_err(|_| Msg::ImageInvalid)?;
    picture.apply_orientation(orientation);
    if picture.width().max(picture.height()) > MAX_SIDE {
        picture = picture.resize(MAX_SIDE, MAX_SIDE, FilterType::Lanczos3);
    }
    let rgb = on_white(&picture);
    let mut jpeg = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, QUALITY)
        .encode_image(&rgb)
        .map_err(|_| Msg::ImageInvalid)?;
    let digest = hex::encode(Sha256::digest(&jpeg));
    Ok(Prepared { jpeg, digest, width: rgb.width(), height: rgb.height() })
}

/// The picture as RGB, its transparent parts laid on white (a JPEG has no alpha).
fn on_white(picture: &DynamicImage) -> RgbImage {
    if !picture.color().has_alpha() {
        return picture.to_rgb8();
    }
    let rgba = picture.to_rgba8();
    RgbImage::from_fn(rgba.width(), rgba.height(), |x, y| {
        let [r, g, b, a] = rgba.get_pixel(x, y).0;
        let over = |c: u8| ((u16::from(c) * u16::from(a) + 255 * (255 - u16::from(a))) / 255) as u8;
        image::Rgb([over(r), over(g), over(b)])
    })
}

/// The URL an image is served at: its id and its digest's first 16 hex digits.
pub fn url(id: i64, digest: &str) -> String {
    format!("/media/{id}-{}.jpg", &digest[..16])
}

/// The id and digest prefix a media file name (`<id>-<16 hex>.jpg`) names, if it is one.
pub fn parse_name(name: &str) -> Option<(i64, &str)> {
    let (id, rest) = name.strip_suffix(".jpg")?.split_once('-')?;
    let id = id.parse::<i64>().ok().filter(|id| *id > 0)?;
    (rest.len() == 16 && rest.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)))
        .then_some((id, rest))
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgba, RgbaImage};

    fn png(width: u32, height: u32, pixel: Rgba<u8>) -> Vec<u8> {
        let mut out = Vec::new();
        RgbaImage::from_pixel(width, height, pixel)
            .write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
            .unwrap();
        out
    }

    #[test]
    fn a_large_picture_is_shrunk_to_its_bound_keeping_its_shape() {
        let prepared = prepare(&png(3200, 1600, Rgba([10, 120, 200, 255]))).unwrap();
        assert_eq!((prepared.width, prepared.height), (1600, 800));
        assert_eq!(image::guess_format(&prepared.jpeg).unwrap(), ImageFormat::Jpeg);
        assert_eq!(prepared.digest.len(), 64);
    }

    #[test]
    fn a_small_picture_keeps_its_size_and_transparency_turns_white() {
        let prepared = prepare(&png(40, 30, Rgba([0, 0, 0, 0]))).unwrap();
        assert_eq!((prepared.width, prepared.height), (40, 30));
        let stored = image::load_from_memory(&prepared.jpeg).unwrap().to_rgb8();
        assert!(stored.get_pixel(20, 15).0.iter().all(|c| *c > 245), "{:?}", stored.get_pixel(20, 15));
    }

    #[test]
    fn what_is_not_a_whole_picture_is_refused() {
        let whole = png(40, 30, Rgba([1, 2, 3, 255]));
        for bad in [
            &b""[..],
            b"not an image",
            b"<svg xmlns='http://www.w3.org/2000/svg'/>",
            b"GIF89a\x01\x00\x01\x00",
            &whole[..whole.len() / 2],
        ] {
            assert!(
                matches!(prepare(bad), Err(Msg::ImageInvalid)),
                "{:?}",
                String::from_utf8_lossy(&bad[..bad.len().min(20)])
            );
        }
    }

    #[test]
    fn media_names_round_trip_and_nothing_else_parses() {
        let digest = "0123456789abcdef".repeat(4);
        assert_eq!(url(7, &digest), "/media/7-0123456789abcdef.jpg");
        assert_eq!(parse_name("7-0123456789abcdef.jpg"), Some((7, "0123456789abcdef")));
        for bad in [
            "7-0123456789abcdef.png",
            "0-0123456789abcdef.jpg",
            "x-0123456789abcdef.jpg",
            "7-0123.jpg",
            "7-0123456789ABCDEF.jpg",
            "../7-0123456789abcdef.jpg",
        ] {
            assert_eq!(parse_name(bad), None, "{bad}");
        }
    }
}
