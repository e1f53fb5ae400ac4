"""The press: faces imposed on paper with bleed, crop marks, backs and tiling; the rulebook."""

from .document import PrintDocument

__all__ = ["PrintDocument"]
