"""The build layer: kits built into the output folder (its lock, signed manifests), the build
cache, the one process pool, and the watch. Speed and trust live here alone."""
