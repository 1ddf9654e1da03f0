"""Each role's home page shows that person's work, and says what to do when there is none."""

import pytest


@pytest.mark.django_db
def test_anonymous_visitors_are_sent_to_log_in(client):
    response = client.get("/home/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


@pytest.mark.django_db
def test_public_home_page_shows_the_boards_contact(client):
    page = client.get("/").content.decode()
    assert "Stoneham Town Hall" in page
    assert "(781) 438-0762" in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("fixture", "heading", "empty_text"),
    [
        ("clerk", "Applications needing attention", "No application is waiting."),
        ("agent", "Inspections due today or overdue", "Nothing is due."),
        ("board_member", "docket", "No hearing is on the docket."),
        ("applicant_user", "Your applications", "No application is linked to your account yet."),
    ],
)
def test_each_role_sees_its_own_sections_with_helpful_empty_states(
    request, client, fixture, heading, empty_text
):
    client.force_login(request.getfixturevalue(fixture))
    page = client.get("/home/").content.decode()
    assert heading in page
    assert empty_text in page


@pytest.mark.django_db
def test_a_clerk_does_not_see_the_agents_sections(client, clerk):
    client.force_login(clerk)
    page = client.get("/home/").content.decode()
    assert "Inspections due today" not in page


@pytest.mark.django_db
def test_log_out_ends_the_session(client, clerk):
    client.force_login(clerk)
    client.post("/accounts/logout/")
    assert client.get("/home/").status_code == 302


@pytest.mark.django_db
def test_a_user_can_change_their_password(client, clerk):
    client.force_login(clerk)
    response = client.post(
        "/accounts/password/",
        {
            "old_password": "a-long-test-password",
            "new_password1": "Marble-Street-77-loft",
            "new_password2": "Marble-Street-77-loft",
        },
    )
    assert response.status_code == 302
    clerk.refresh_from_db()
    assert clerk.check_password("Marble-Street-77-loft")


@pytest.mark.django_db
def test_a_weak_new_password_is_refused_at_the_field(client, clerk):
    client.force_login(clerk)
    response = client.post(
        "/accounts/password/",
        {"old_password": "a-long-test-password", "new_password1": "1234", "new_password2": "1234"},
    )
    assert response.status_code == 200
    assert "too short" in response.content.decode()
