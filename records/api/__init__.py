"""A read-only JSON API of the Board's public records (issue 25 point 4): plain Django views,
paginated, with HTTP caching (Cache-Control, ETag and conditional GET), documented at /api/."""
