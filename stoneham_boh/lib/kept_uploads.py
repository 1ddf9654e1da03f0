"""A file chosen on a form that comes back with an error elsewhere is kept on the server.

A browser cannot put a file back into a file input: a form sent back for a mistyped date would
otherwise lose the letter chosen beside it ("choose it again"). `KeepsUploads` forms keep each
chosen file that passed its own checks (validate_upload) under a signed token in a hidden field,
and take it from there when the form comes back without a new file. The token names its file
and the person who chose it: nobody else's form can claim it, and it lasts a day.

The phone's checklist keeps its photos on the phone instead (static/js/checklist-draft.js):
a signal in a barn cannot be counted on to send them twice.
"""

from __future__ import annotations

import uuid

from django import forms
from django.core import signing
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile

SALT = "stoneham_boh.kept_uploads"
KEPT_FOR_SECONDS = 24 * 60 * 60
FOLDER = "kept-uploads"


def keep(upload, *, user) -> str:
    """Store `upload` aside; the token that gives it back to `user`."""
    upload.seek(0)
    path = default_storage.save(f"{FOLDER}/{uuid.uuid4().hex}", upload)
    return signing.dumps(
        {"path": path, "name": upload.name, "type": upload.content_type, "user": user.pk},
        salt=SALT,
    )


def take_back(token: str, *, user) -> SimpleUploadedFile | None:
    """The file kept under `token` for `user`, removed from aside; None when the token is not
    one, is someone else's, or is older than a day."""
    if not token or user is None:
        return None
    try:
        kept = signing.loads(token, salt=SALT, max_age=KEPT_FOR_SECONDS)
    except signing.BadSignature:
        return None
    if kept.get("user") != user.pk or not str(kept.get("path", "")).startswith(f"{FOLDER}/"):
        return None
    try:
        with default_storage.open(kept["path"]) as stored:
            content = stored.read()
    except OSError:
        return None
    default_storage.delete(kept["path"])
    return SimpleUploadedFile(kept["name"], content, content_type=kept["type"])


class KeepsUploads:
    """A form mixin: the file fields named in `kept_files` keep their file through an error.

    The view passes `user=`; after a failed `is_valid()` (or an action's refusal), it calls
    `keep_uploads()` before showing the form again.
    """

    kept_files: tuple[str, ...] = ()

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user
        for name in self.kept_files:
            self.fields[f"{name}_kept"] = forms.CharField(widget=forms.HiddenInput, required=False)
            if not self.is_bound or self.files.get(self.add_prefix(name)):
                continue
            kept = take_back(self.data.get(self.add_prefix(f"{name}_kept"), ""), user=user)
            if kept is not None:
                files = self.files.copy()
                files[self.add_prefix(name)] = kept
                self.files = files

    def keep_uploads(self) -> None:
        """Keep aside each chosen file that passed its checks, and say so at its field."""
        data = self.data.copy()
        cleaned = getattr(self, "cleaned_data", {})
        for name in self.kept_files:
            upload = cleaned.get(name)
            if name in self.errors or not upload or self.user is None:
                continue
            data[self.add_prefix(f"{name}_kept")] = keep(upload, user=self.user)
            words = (
                f"Kept from your last try: {upload.name}. Choose another file only to replace it."
            )
            # The bound field copied its help when the form was validated: both say it.
            self.fields[name].help_text = self[name].help_text = words
            self.fields[name].widget.attrs["data-kept"] = upload.name
        self.data = data
