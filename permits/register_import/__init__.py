"""Loading a town's existing register from a spreadsheet (issue 25 point 3).

One row a permit. The rows are read (`sheet`), checked column by column (`columns`, `rows`),
and then entered, all or nothing, through the same action as a single paper-register entry
(`permits.actions.enter_register_permit`, by `loading`): provisional until the Board accepts
it, the rules run on each entry. A dry run does all of that and keeps nothing.
"""
