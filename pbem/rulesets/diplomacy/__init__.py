"""Diplomacy (placeholder while building)."""
