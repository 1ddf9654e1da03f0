# The Town's one way of writing a day, "July 5, 2027": Django's English default ("July 5,
# 2027" written "Jul. 5, 2027") would win over settings.DATE_FORMAT, so it is set here too.
DATE_FORMAT = "F j, Y"
