from django.apps import AppConfig


class HearingsConfig(AppConfig):
    name = "hearings"
    verbose_name = "Hearings, notices, decisions and variances"

    def ready(self):
        # The rules' hearing facts read the notices the one way the docket does (see
        # permits.facts_from_records.notice_timing): permits does not import hearings.
        from hearings.notices import timing_for
        from permits import facts_from_records

        facts_from_records.notice_timing = timing_for
