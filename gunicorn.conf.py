"""gunicorn's settings for the production install (README, "Deploying for real"); gunicorn
reads this file from the directory it is started in, or from `--config gunicorn.conf.py`.

gunicorn names itself in the Server header of every answer and has no setting to stop it; the
name tells a prober which server and which of its flaws to try. Its responses read the name
from the module that writes them when each is made, so naming the server here, once, in the
master process before the workers are forked, gives every worker's answers a neutral name.
"""

import gunicorn.http.wsgi

#: What the Server header says: nothing about the software behind it.
SERVER_NAME = "web"

gunicorn.http.wsgi.SERVER = SERVER_NAME
