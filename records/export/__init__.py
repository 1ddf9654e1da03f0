"""Every record out, machine-readable (issue 25 point 4; M.G.L. c.66 §19): one JSON Lines and
one CSV file for each kind of record, the documents and photos beside them, and a schema that
says what each field means. `restore` puts an export back into an empty database.

The export is the town's own copy of its records (password hashes excepted); what the public
may read is the API's (records.api), which leaves out everything private. Both sit in the
records office's app beside its requests and retention: c.66's work, in one place.
"""
