"""The site plan of an application (§20-20(1)): its structures and the features around them,
drawn over the parcel map, and every distance the rules need, measured from that drawing."""
