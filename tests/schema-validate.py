#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# schema-validate.py SCHEMA FILE...: each YAML FILE checked against the JSON
# Schema SCHEMA (hexaid schema card|scenario). The YAML is read as hexaid
# reads it, YAML 1.2's core schema (on, yes and no are words; 001:38 is text),
# then validated as JSON. Prints "FILE: ok" or "FILE: invalid: REASON"; exits
# 0, or 77 when python3-yaml or python3-jsonschema is missing.
import json
import re
import sys

try:
    import yaml
    import jsonschema
except ImportError as e:
    print("skip: %s (./bootstrap deps check installs it)" % e)
    sys.exit(77)


class Core(yaml.SafeLoader):
    pass


Core.yaml_implicit_resolvers = {}
for tag, regexp, first in [
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("tag:yaml.org,2002:int", r"^[-+]?[0-9]+$", "-+0123456789"),
    ("tag:yaml.org,2002:float", r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$",
     "-+.0123456789"),
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
]:
    Core.add_implicit_resolver(tag, re.compile(regexp), list(first))


def plain(v):
    """Mapping keys as text, as JSON has them."""
    if isinstance(v, dict):
        return {("true" if k is True else "false" if k is False else
                 "null" if k is None else str(k)): plain(x) for k, x in v.items()}
    if isinstance(v, list):
        return [plain(x) for x in v]
    return v


with open(sys.argv[1]) as f:
    schema = json.load(f)
validator = jsonschema.Draft202012Validator(schema)
for path in sys.argv[2:]:
    try:
        with open(path, "rb") as f:
            doc = plain(yaml.load(f, Loader=Core))
    except Exception as e:  # not YAML at all: not the schema's matter
        print("%s: unreadable: %s" % (path, str(e).splitlines()[0]))
        continue
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
    if errors:
        e = errors[0]
        print("%s: invalid: /%s: %s" % (path, "/".join(str(p) for p in e.absolute_path),
                                         e.message[:200]))
    else:
        print("%s: ok" % path)
