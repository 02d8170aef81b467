"""Strict YAML reading for hand-written files: duplicate keys refused, line numbers kept.

Plain YAML loaders silently keep the last of two equal keys; a designer who writes the same hex
twice deserves to be told. Mappings come back as ``LineDict`` (a dict that remembers the line of
each key) so validation errors can point at the line.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from tutor.errors import InputError


class LineDict(dict):
    """A dict that remembers the 1-based line of each key in the file."""

    lines: dict


class _StrictLoader(yaml.SafeLoader):
    pass


def _construct_mapping(loader: _StrictLoader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    out = LineDict()
    out.lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        line = key_node.start_mark.line + 1
        try:
            hash(key)
        except TypeError:
            raise InputError(f"{loader.name}:{line}: a key must be a plain value, not a list or mapping") from None
        if key in out:
            raise InputError(f"{loader.name}:{line}: key {key!r} appears twice (first on line "
                             f"{out.lines[key]}); each key may appear once")
        out[key] = loader.construct_object(value_node, deep=True)
        out.lines[key] = line
    return out


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def read_yaml(path: str | Path, text: str | None = None):
    """Parse a YAML file strictly. Broken YAML or a repeated key is a one-line InputError."""
    path = Path(path)
    if text is None:
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise InputError(f"{path}: no such file") from None
        except IsADirectoryError:
            raise InputError(f"{path}: is a directory, not a YAML file") from None
        except UnicodeDecodeError:
            raise InputError(f"{path}: is not UTF-8 text") from None
    loader = _StrictLoader(text)
    loader.name = str(path)
    try:
        return loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f":{mark.line + 1}" if mark else ""
        raise InputError(f"{path}{where}: broken YAML: {exc.problem or exc.context}") from None
    except yaml.YAMLError as exc:
        raise InputError(f"{path}: broken YAML: {str(exc).splitlines()[0]}") from None
    finally:
        loader.dispose()


def line_of(mapping, key) -> str:
    """':N' for the line of ``key`` in a LineDict, '' when unknown."""
    lines = getattr(mapping, "lines", None)
    return f":{lines[key]}" if lines and key in lines else ""
