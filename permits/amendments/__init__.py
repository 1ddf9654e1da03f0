"""The Board's amendments of its regulation's figures (issue 25, point 7).

An amendment changes one figure of one rule (and, where the vote renumbers it, the rule's
citation) from its effective date, once published (M.G.L. c.111 §31; §20-23). The ruleset in
force on a day is the adopted ruleset with the amendments in force that day, read with the
Board's record (an amendment binds only as the Board's carried vote):

    from hearings.ruleset_in_force import ruleset_on, check
    ruleset_on(day)            # what every screen, PDF and check reads
    check(facts_dict)          # rules.check with the amended ruleset of the facts' date

The rules module stays pure: it is handed the amended ruleset; a new kind of rule is still code.
"""
