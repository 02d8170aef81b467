"""Strict YAML reading moved into the input policy, ``tutor.inputs`` (this name stays for old imports)."""

from tutor.inputs import LineDict, StrictLoader, line_of, read_yaml

__all__ = ["LineDict", "StrictLoader", "line_of", "read_yaml"]
