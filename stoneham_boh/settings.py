"""Settings for the Stoneham Board of Health permits system.

One module, read from the environment. Every knob has a default that is safe for the
embedded SQLite demo that `make run` serves; `DJANGO_ENV=production` turns on the
hardened settings and refuses to start on a missing or weak SECRET_KEY.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
import xstatic.pkg.bootstrap
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))


TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off"}


def env_bool(name: str, default: bool) -> bool:
    """A yes-or-no setting; a value it cannot read stops the start, naming the variable
    (EMAIL_USE_TLS=ture must not quietly send mail in the clear)."""
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    word = value.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(
        f"{name}={value!r} is neither true nor false: write one of "
        f"{', '.join(sorted(TRUE_WORDS))} or {', '.join(sorted(FALSE_WORDS))}."
    )


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DJANGO_ENV = os.environ.get("DJANGO_ENV", "development").strip().lower()
PRODUCTION = DJANGO_ENV == "production"
if DJANGO_ENV not in {"development", "production", "test"}:
    raise ImproperlyConfigured("DJANGO_ENV must be development, test or production.")

# The demo key is public: it only ever signs sessions of the local demo.
DEMO_SECRET_KEY = "demo-only-insecure-key-for-the-local-stoneham-boh-demo"  # noqa: S105
SECRET_KEY = os.environ.get("SECRET_KEY", DEMO_SECRET_KEY)
MIN_SECRET_KEY_LENGTH = 50

DEBUG = env_bool("DEBUG", not PRODUCTION)

if PRODUCTION:
    if SECRET_KEY == DEMO_SECRET_KEY or len(SECRET_KEY) < MIN_SECRET_KEY_LENGTH:
        raise ImproperlyConfigured(
            "DJANGO_ENV=production needs SECRET_KEY set to a random value of at least "
            f"{MIN_SECRET_KEY_LENGTH} characters (python -c 'import secrets; "
            "print(secrets.token_urlsafe(64))')."
        )
    if len(set(SECRET_KEY)) < 5:
        raise ImproperlyConfigured("SECRET_KEY has too few distinct characters.")
    if DEBUG:
        raise ImproperlyConfigured("DJANGO_ENV=production refuses to start with DEBUG on.")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "" if PRODUCTION else "127.0.0.1,localhost,testserver")
if PRODUCTION and not ALLOWED_HOSTS:
    raise ImproperlyConfigured("DJANGO_ENV=production needs ALLOWED_HOSTS.")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "crispy_forms",
    "crispy_bootstrap5",
    "django_filters",
    "django_htmx",
    "simple_history",
    "csp",
    "axes",
    "django_otp",
    "django_otp.plugins.otp_totp",
    "django_otp.plugins.otp_static",
    # Sign-up, e-mail confirmation and password reset only; log-in stays our own page.
    "allauth",
    "allauth.account",
    "stoneham_boh",
    "stoneham_boh.town",
    "facilities",
    "permits",
    "hearings",
    "inspections",
    "records",
]

MIDDLEWARE = [
    # The one request scope, open for the whole request: the town's settings and its calendar
    # read once per request (stoneham_boh/lib/request_scope.py).
    "stoneham_boh.lib.request_scope.RequestScopeMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Browser features no page uses (camera, position...) off on every answer.
    "stoneham_boh.lib.permissions_policy.PermissionsPolicyMiddleware",
    # Only GET, HEAD and POST: TRACE, OPTIONS and the rest refused (405) before anything runs.
    "stoneham_boh.lib.methods.RefuseMethodsMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # The live session's tag for the phone's copies; an ended session's clears them.
    "stoneham_boh.accounts.phone_session.PhoneSessionMiddleware",
    # Before anything reads the body (the CSRF check reads the form in its view step).
    "stoneham_boh.lib.request_limits.RequestSizeLimitMiddleware",
    # Pages of logged-in users, PDFs, CSV exports and documents: never kept by a browser.
    "stoneham_boh.lib.caching.PrivateResponsesMiddleware",
    "django_otp.middleware.OTPMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # The site's own 404 and 500 pages with DEBUG on too (inside the session, user and
    # messages, which the page's menu reads; CommonMiddleware's added slash still comes first).
    "stoneham_boh.lib.error_pages.SiteErrorPagesMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    # Staff without a verified second factor go to enrolment or verification first.
    "stoneham_boh.accounts.two_factor.TwoFactorMiddleware",
    # Last, as django-axes requires: turns a refused, locked-out log-in into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "stoneham_boh.urls"
WSGI_APPLICATION = "stoneham_boh.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "stoneham_boh.context_processors.board",
            ],
        },
    },
]

DEFAULT_SQLITE_URL = f"sqlite:///{VAR_DIR / 'db.sqlite3'}"
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", DEFAULT_SQLITE_URL),
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded database's folder (var/ or VAR_DIR) is made on first use.
    Path(DATABASES["default"]["NAME"]).parent.mkdir(parents=True, exist_ok=True)
    # WAL lets the demo server read while a write is in progress; IMMEDIATE makes the
    # permit-number transaction take the write lock up front instead of failing late.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    DATABASES["default"]["CONN_MAX_AGE"] = 0

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "stoneham_boh.User"
# The lockout check runs before the password check, so a locked-out address learns nothing.
AUTHENTICATION_BACKENDS = [
    "stoneham_boh.accounts.security.LockoutBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "public-home"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 10},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
# One way of writing a day everywhere (stoneham_boh.lib.dates for Python's text); the format
# module holds it too, because Django's own English formats would otherwise win.
DATE_FORMAT = "F j, Y"
FORMAT_MODULE_PATH = ["stoneham_boh.formats"]
TIME_ZONE = "America/New_York"
USE_I18N = False
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [
    BASE_DIR / "static",
    # Bootstrap comes from the XStatic package (pinned in the lock file), never a CDN.
    ("vendor/bootstrap", xstatic.pkg.bootstrap.BASE_DIR),
]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", VAR_DIR / "staticfiles"))
# Uploaded documents and photos are personal records: they live outside the static root
# and are only ever served through views that check who is asking.
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", VAR_DIR / "uploads"))
MEDIA_URL = "/uploads/"
FILE_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
UPLOAD_MAX_BYTES = int(os.environ.get("UPLOAD_MAX_BYTES", str(10 * 1024 * 1024)))
# What one application may hold in kept files (void ones not counted): a resident's account
# must not be a way to fill the Board's disk.
APPLICATION_MAX_FILES = int(os.environ.get("APPLICATION_MAX_FILES", "20"))
APPLICATION_MAX_BYTES = int(os.environ.get("APPLICATION_MAX_BYTES", str(100 * 1024 * 1024)))
# The form fields of a request, files left out (Django's own cap): the largest is the abutter
# list sent back for confirmation (1 MB of text, URL-encoded).
DATA_UPLOAD_MAX_MEMORY_SIZE = 4 * 1024 * 1024
# The whole body, files included, refused from its declared length before it is read
# (stoneham_boh.lib.request_limits): the largest upload and room for the form's fields.
REQUEST_MAX_BYTES = int(os.environ.get("REQUEST_MAX_BYTES", str(UPLOAD_MAX_BYTES + 1024 * 1024)))

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if PRODUCTION
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if PRODUCTION
    else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_FILE_PATH = VAR_DIR / "mail"
# The sender the town's mail server accepts (the Board's own address is on the settings page).
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Board of Health <webmaster@localhost>")

# The public address the permit's QR code and e-mails point to. In development, left unset,
# links are built from the address each request came in on (stoneham_boh/lib/site.py).
SITE_URL = os.environ.get("SITE_URL", "").strip().rstrip("/")
if PRODUCTION and not SITE_URL.startswith(("https://", "http://")):
    raise ImproperlyConfigured(
        "DJANGO_ENV=production needs SITE_URL, the public address printed permits' QR codes "
        "open (e.g. https://permits.example.gov)."
    )

# The town's identity, office, newspaper, postage and renewal window are data, not settings:
# the administrator edits them on the settings page (stoneham_boh/town; README, "Deploying for
# real"), and code reads them through stoneham_boh.town.current.current_town().

# Renewals (the Board's practice, not the regulation's figures): a permit lapsed for longer
# than this after its December 31 is not renewed; the keeping needs a new application.
RENEWAL_LAPSE_DAYS = int(os.environ.get("RENEWAL_LAPSE_DAYS", "90"))
# §20-20(8) "no conditions exist that would be injurious": read from the inspections of this
# many days before the renewal.
INJURIOUS_CONDITIONS_LOOKBACK_DAYS = int(
    os.environ.get("INJURIOUS_CONDITIONS_LOOKBACK_DAYS", "365")
)

# The administrator's home page warns when the last backup (backup_data) is older than this.
BACKUP_STALE_HOURS = int(os.environ.get("BACKUP_STALE_HOURS", "26"))

# The Board's meetings and clocks (the Town's practice, not the law's figures, which are in
# stoneham_boh/lib/law.py, nor the regulation's, which are in the ruleset).
# How long browsers and proxies may keep a page of the public records API (Cache-Control).
API_MAX_AGE = int(os.environ.get("API_MAX_AGE", "300"))
# A permit holder's notice of a revocation hearing, at least this many days before it.
REVOCATION_NOTICE_DAYS = int(os.environ.get("REVOCATION_NOTICE_DAYS", "10"))
# An application undecided this many days after its receipt is flagged on the clerk's home.
UNDECIDED_APPLICATION_DAYS = int(os.environ.get("UNDECIDED_APPLICATION_DAYS", "60"))

SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_AGE = int(os.environ.get("SESSION_COOKIE_AGE", str(8 * 60 * 60)))
# A session ends when the browser closes, and on the server after SESSION_COOKIE_AGE in any
# case: a clerk's desk computer left logged in overnight is logged out by morning.
SESSION_EXPIRE_AT_BROWSER_CLOSE = True
# The CSRF token reaches htmx through the page (data-hx-headers), never through JavaScript.
CSRF_COOKIE_HTTPONLY = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

if PRODUCTION:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(365 * 24 * 60 * 60)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True

# Content-Security-Policy (django-csp): scripts and styles only from our own static files,
# never inline; images may be data: URIs (the QR code of two-factor enrolment).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
    }
}

# Log-in protection (django-axes): five failures for one user name from one address lock
# that pair out for the cool-off; a success clears the count.
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("AXES_COOLOFF_MINUTES", "30")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_CALLABLE = "stoneham_boh.accounts.security.lockout_response"
AXES_CLIENT_IP_CALLABLE = "stoneham_boh.accounts.security.client_address"
AXES_USERNAME_CALLABLE = "stoneham_boh.accounts.security.lockout_username"
AXES_VERBOSE = False
# How many reverse proxies in front of the app append to X-Forwarded-For (0: none, trust
# only the socket's address). Behind one TLS-terminating proxy, set 1. Production must say
# so: left at 0 behind a proxy, every client would look like the proxy and one attacker's
# wrong passwords would lock a user out for everyone.
_proxies = os.environ.get("TRUSTED_PROXY_COUNT", "").strip()
if PRODUCTION and not _proxies:
    raise ImproperlyConfigured(
        "DJANGO_ENV=production needs TRUSTED_PROXY_COUNT: the number of reverse proxies in "
        "front of the app (1 behind one TLS-terminating proxy, 0 when clients connect directly)."
    )
if _proxies and not (_proxies.isascii() and _proxies.isdigit()):
    raise ImproperlyConfigured("TRUSTED_PROXY_COUNT must be a whole number, 0 or more.")
TRUSTED_PROXY_COUNT = int(_proxies or "0")

# The cache holds the sign-up, reset and code counters (allauth's rate limits): it must be
# shared by every worker, or each gunicorn worker would count on its own. The database cache
# (table boh_cache, made by a migration) needs nothing more than the database; set CACHE_URL
# to redis://host:6379/0 to use Redis instead (with the `redis` package installed).
_cache_url = os.environ.get("CACHE_URL", "").strip()
if _cache_url.startswith(("redis://", "rediss://", "unix://")):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": _cache_url,
        }
    }
elif _cache_url in ("", "db"):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "boh_cache",
            "OPTIONS": {"MAX_ENTRIES": 50_000},
        }
    }
else:
    raise ImproperlyConfigured(
        "CACHE_URL must be empty or db (the database cache), or redis://host:port/db."
    )

# Accounts without an invitation (django-allauth's `account` app): a resident signs up with
# an e-mail address and a password, and confirms the address by typing, in the same browser
# session, the code e-mailed to it (allauth's verification by code): whoever began a sign-up
# completes it, and a mailbox's owner who did not begin it cannot complete someone else's.
# An unconfirmed account that logs in with its password is sent a new code the same way. The
# reset link is Django's token, which stops working once the password changes. Log-in itself
# stays the project's page (axes, staff two-factor).
ACCOUNT_ADAPTER = "permits.portal.signup.AccountAdapter"
ACCOUNT_SIGNUP_FORM_CLASS = "permits.portal.signup.SignupDetailsForm"
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*", "password2*"]
ACCOUNT_USER_MODEL_USERNAME_FIELD = "username"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_EMAIL_VERIFICATION_BY_CODE_ENABLED = True
ACCOUNT_EMAIL_VERIFICATION_BY_CODE_TIMEOUT = 15 * 60
ACCOUNT_EMAIL_VERIFICATION_BY_CODE_MAX_ATTEMPTS = 3
ACCOUNT_EMAIL_VERIFICATION_SUPPORTS_RESEND = True
ACCOUNT_EMAIL_VERIFICATION_SUPPORTS_CHANGE = False
ACCOUNT_LOGIN_ON_PASSWORD_RESET = False
ACCOUNT_EMAIL_CONFIRMATION_ANONYMOUS_REDIRECT_URL = "login"
ACCOUNT_EMAIL_CONFIRMATION_AUTHENTICATED_REDIRECT_URL = "home"
# The subjects begin with the Board's name from the settings page (permits/portal/signup.py).
ACCOUNT_PREVENT_ENUMERATION = True
# A reset asked for an address with no account sends nothing (a reset form must not mail
# strangers on anyone's behalf); the page looks the same either way.
ACCOUNT_EMAIL_UNKNOWN_ACCOUNTS = False
ACCOUNT_SESSION_REMEMBER = False
# Like log-in's lockout: per address and per e-mail, so a script cannot sign up or mail out
# resets in bulk.
# Sign-up counts the accounts a client asks for ("signup_sent", stoneham_boh.views.SignupView):
# a form sent back for a typo costs nothing, but a script posting forms without end still
# stops ("signup", every POST, allauth's own).
ACCOUNT_RATE_LIMITS = {
    "signup": os.environ.get("SIGNUP_POST_RATE_LIMIT", "30/10m/ip"),
    "signup_sent": os.environ.get("SIGNUP_RATE_LIMIT", "5/10m/ip"),
    "reset_password": os.environ.get("RESET_RATE_LIMIT", "10/10m/ip,3/10m/key"),
    "reset_password_from_key": "20/m/ip",
    # Codes to one address from one client: a few in ten minutes (sign-up, a resend, a log-in),
    # then 429 for that client only; from all clients, a ceiling against a flooded mailbox. A
    # password reset clears both. Both are counted in stoneham_boh/accounts/code_limit.py, the
    # client's first, so allauth's own per-address count is off.
    "confirm_email_client": "3/10m/key",
    "confirm_email_address": "10/10m/key",
    "confirm_email": "",
    # The public page that starts a records request: a person asks a few times, a script more.
    "records_request": os.environ.get("RECORDS_REQUEST_RATE_LIMIT", "5/h/ip"),
}

# Applying online: how many drafts a resident may have open at once, and how long a draft lies
# untouched before the clerk may discard it (the files one application holds: APPLICATION_MAX_*).
ONLINE_DRAFTS_MAX = int(os.environ.get("ONLINE_DRAFTS_MAX", "2"))
ONLINE_DRAFT_ABANDONED_DAYS = int(os.environ.get("ONLINE_DRAFT_ABANDONED_DAYS", "30"))

# Two-factor authentication (django-otp, TOTP with recovery codes) for staff: required in
# production, optional in the demo (a user who has enrolled is still asked for a code).
REQUIRE_STAFF_2FA = env_bool("REQUIRE_STAFF_2FA", PRODUCTION)


# The authenticator app names the Board from the settings page.
def _otp_issuer(device) -> str:
    # late: the settings load before the apps; the town's settings are a model
    from stoneham_boh.town.current import board_name_for_device

    return board_name_for_device(device)


OTP_TOTP_ISSUER = _otp_issuer
TWO_FACTOR_RECOVERY_CODES = 10
# An authenticator being set up must be confirmed within this many minutes; then it is
# dropped and the set-up page shows a new key.
TWO_FACTOR_SETUP_MINUTES = int(os.environ.get("TWO_FACTOR_SETUP_MINUTES", "15"))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        "django.db.backends": {"level": "WARNING"},
        "fontTools": {"level": "WARNING"},
        "weasyprint": {"level": "ERROR"},
        # Log-ins, failures, lockouts and refusals: user, time and address on every line.
        "stoneham_boh.accounts.security": {"level": "INFO"},
        # axes' own lines repeat ours (and mask the names); keep only its warnings.
        "axes": {"level": "WARNING"},
    },
}
