"""The parcel map: the Assessor's tax parcels (MassGIS standardized layout), their owners
from the most recent tax list, building footprints, and the abutter list drafted from them."""
