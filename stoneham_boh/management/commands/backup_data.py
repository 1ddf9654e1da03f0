from pathlib import Path

from django.core.management.base import BaseCommand

from stoneham_boh.ops.backup import create_backup


class Command(BaseCommand):
    help = (
        "Write a backup of the whole database (history included) and of every uploaded file "
        "to OUTFILE (.tar.gz). Restore it with restore_data."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("outfile", metavar="OUTFILE", help="the archive to write (.tar.gz)")

    def handle(self, *args, outfile: str, **options) -> None:
        manifest = create_backup(Path(outfile))
        rows = sum(manifest["counts"].values())
        self.stdout.write(
            f"Backed up {rows} rows of {len(manifest['counts'])} models and "
            f"{manifest['files']} uploaded files to {outfile}."
        )
