"""What the inspection pages' tests share: the agent's signed-in client."""

import pytest


@pytest.fixture
def agent_client(client, agent):
    client.force_login(agent)
    return client
