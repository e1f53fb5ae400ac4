"""The press: faces imposed on paper with bleed, crop marks, backs and tiling; the rulebook."""

from .document import PrintDocument, scene_hash

__all__ = ["PrintDocument", "scene_hash"]
