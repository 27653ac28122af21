#!/usr/bin/python3
# Loads the seccomp filter of the unit's SystemCallFilter=, SystemCallErrorNumber= and
# RestrictAddressFamilies= (values given on the command line, read from the unit by
# sandbox_under_unit.sh), then execs the command: what systemd does before it starts the service
# (docs/decisions.md D117). The groups (@system-service, ...) are expanded from
# `systemd-analyze syscall-filter`, systemd's own table, never a copy of it.
#   unit_seccomp.py FILTER ERRNO FAMILIES SYSCALL_TABLE -- COMMAND...
import errno
import os
import socket
import sys

import seccomp


def groups(table_file):
    out, name = {}, None
    for raw in open(table_file):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if raw.startswith("@"):
            name = line
            out[name] = []
        elif name:
            out[name].append(line)
    return out


def expand(item, table, seen):
    if not item.startswith("@"):
        return {item}
    if item in seen:
        return set()
    seen.add(item)
    if item not in table:
        sys.exit("unit_seccomp: unknown syscall group " + item)
    names = set()
    for member in table[item]:
        names |= expand(member, table, seen)
    return names


def main():
    args = sys.argv[1:]
    if "--" not in args or args.index("--") != 4:
        sys.exit(__doc__ or "usage: unit_seccomp.py FILTER ERRNO FAMILIES TABLE -- COMMAND...")
    filter_spec, err_name, families, table_file = args[:4]
    command = args[5:]
    table = groups(table_file)
    if filter_spec.startswith("~"):
        sys.exit("unit_seccomp: a deny-list SystemCallFilter is not supported")
    allowed = set()
    for item in filter_spec.split():
        allowed |= expand(item, table, set())
    err = getattr(errno, err_name)
    f = seccomp.SyscallFilter(defaction=seccomp.ERRNO(err))
    allowed.discard("socket")  # only the unit's address families (below)
    for name in sorted(allowed):
        try:
            f.add_rule(seccomp.ALLOW, name)
        except (RuntimeError, ValueError, OSError):
            pass  # not a system call of this architecture
    for family in families.split():
        f.add_rule(seccomp.ALLOW, "socket", seccomp.Arg(0, seccomp.EQ, getattr(socket, family)))
    f.load()
    os.execv(command[0], command)


main()
