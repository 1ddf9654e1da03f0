"""Write tests/data/photos/: photos as phones and scanners send them.

Run once (`python tests/data/make_photos.py`); the files are committed and the suite reads
them. A name holding "refused" must be refused at the upload with a message; any other must be
kept, and its thumbnail shown.
"""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image, ImageDraw

HERE = Path(__file__).parent / "photos"


def exif_rotated() -> None:
    """A phone held upright: the pixels lie on their side, the EXIF says turn them (6: 90°
    clockwise). Landscape on disk, portrait once turned."""
    image = Image.new("RGB", (96, 48), "white")
    ImageDraw.Draw(image).rectangle((0, 0, 23, 47), fill="red")  # the coop's roof, on its side
    exif = Image.Exif()
    exif[0x0112] = 6
    exif[0x010F] = "Phone maker"
    image.save(HERE / "phone_upright_exif_rotated.jpg", format="JPEG", exif=exif, quality=85)


def plain() -> None:
    Image.new("RGB", (64, 48), (90, 140, 60)).save(HERE / "coop.jpg", format="JPEG")
    Image.new("RGB", (40, 30), (200, 200, 200)).save(HERE / "screenshot.png", format="PNG")


def too_many_pixels() -> None:
    """121 megapixels of one colour: a few kilobytes as a PNG (one bit a pixel), hundreds of
    megabytes once decoded. And 64 megapixels, past our bound but under Pillow's own error."""
    Image.new("1", (11_000, 11_000), 1).save(HERE / "121_megapixels-refused.png", optimize=True)
    Image.new("1", (8_000, 8_000), 0).save(HERE / "64_megapixels-refused.png", optimize=True)


def heic() -> None:
    """An iPhone's HEIC, as far as its first bytes tell (the ISO media box naming the brand)."""
    box = b"ftypheic" + b"\x00\x00\x00\x00" + b"mif1heic"
    head = (8 + len(box)).to_bytes(4, "big") + box
    meta = b"\x00\x00\x00\x10meta\x00\x00\x00\x00\x00\x00\x00\x00"
    out = io.BytesIO()
    out.write(head + meta + b"\x00" * 512)
    (HERE / "iphone_photo-refused.heic").write_bytes(out.getvalue())


if __name__ == "__main__":
    HERE.mkdir(exist_ok=True)
    exif_rotated()
    plain()
    too_many_pixels()
    heic()
