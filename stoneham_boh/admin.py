from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from simple_history.admin import SimpleHistoryAdmin

from stoneham_boh.models import User

admin.site.site_header = "Stoneham Board of Health: administration"
admin.site.site_title = "Board of Health administration"


@admin.register(User)
class UserAdmin(BaseUserAdmin, SimpleHistoryAdmin):
    fieldsets = (*BaseUserAdmin.fieldsets, ("Board of Health", {"fields": ("title",)}))
    list_filter = ("groups", "is_superuser", "is_active")
