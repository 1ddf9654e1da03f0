import tarfile
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from stoneham_boh.ops.backup import BackupError, readable_by_others, restore_backup


class Command(BaseCommand):
    help = (
        "Restore a backup made by backup_data into this database (migrated first if needed) "
        "and MEDIA_ROOT. Refuses a database that already holds records unless --force."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("infile", metavar="INFILE", help="an archive made by backup_data")
        parser.add_argument(
            "--force",
            action="store_true",
            help="empty a database that already holds records, then restore into it",
        )

    def handle(self, *args, infile: str, force: bool = False, **options) -> None:
        path = Path(infile)
        if not path.is_file():
            raise CommandError(f"No backup at {infile}.")
        if readable_by_others(path):
            self.stderr.write(
                f"Warning: {infile} is readable by other users of this machine, and it holds "
                f"personal data and two-factor secrets. Make it private: chmod 600 {infile}"
            )
        try:
            manifest = restore_backup(path, force=force)
        except (BackupError, tarfile.TarError, ValueError) as error:
            raise CommandError(str(error)) from None
        rows = sum(manifest["counts"].values())
        self.stdout.write(
            f"Restored {rows} rows and {manifest['files']} uploaded files from the backup of "
            f"{manifest['created_at']}; every model's count matches."
        )
