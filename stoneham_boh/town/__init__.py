"""The town's own settings as data: who the Board is, where and when it sits, its newspaper,
its postage and its letters' standing wording.

Read them through one accessor, never from settings.py or a template literal:

    from stoneham_boh.town.current import current_town
    town = current_town()          # the Town record in force (cached for the request)

Templates get it as ``TOWN`` (the context processor, ``render_pdf`` and the e-mail renderers
add it). A foundation (tier 1, docs/adr/0001-tiers.md): it imports no app, and every app may
read it.
"""
