#!/usr/bin/python3
"""Reads komadai's accessibility tree from the platform's accessibility bus (AT-SPI), as a
screen reader does, and prints it.

    a11y_dump.py enable        turn the bus's IsEnabled on (as a screen reader does), so
                               that AccessKit in a starting app exposes its tree
    a11y_dump.py tree          every node of the app: role and name, indented
    a11y_dump.py summary       the board's squares, both hands and the move list, counted
    a11y_dump.py listen SECS   what a screen reader hears for SECS seconds: the app's
                               announcements and each widget the keyboard focus reaches

Run inside the same D-Bus session as the app, with at-spi-bus-launcher running (Debian:
at-spi2-core, python3-pyatspi; the interpreter is the system's, where pyatspi lives):

    dbus-run-session -- sh -c '/usr/libexec/at-spi-bus-launcher --launch-immediately &
        sleep 1; tools/a11y_dump.py enable; komadai & sleep 8; tools/a11y_dump.py summary'
"""

import re
import sys
import time

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

APP = "komadai"
# A square's name in English or Japanese: "7f, Sente pawn", "5e, empty", ７六、先手の歩.
SQUARE = re.compile(r"^([1-9][a-i]|[１-９][一二三四五六七八九])[,、]")
HAND = re.compile(r"(hand|持ち駒)")
MOVE = re.compile(r"^\s*\d+\.\s")


def enable():
    """Sets org.a11y.Status.IsEnabled on the session bus's accessibility bus launcher."""
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    bus.call_sync(
        "org.a11y.Bus",
        "/org/a11y/bus",
        "org.freedesktop.DBus.Properties",
        "Set",
        GLib.Variant("(ssv)", ("org.a11y.Status", "IsEnabled", GLib.Variant("b", True))),
        None,
        Gio.DBusCallFlags.NONE,
        -1,
        None,
    )


def find_app(wait_s=20.0):
    import pyatspi

    deadline = time.time() + wait_s
    while time.time() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            app = desktop.getChildAtIndex(i)
            if app is not None and APP in (app.name or "").lower():
                return app
        time.sleep(0.5)
    return None


def listen(seconds):
    """Prints the announcements (live regions) and focus changes as they come."""
    import pyatspi

    def heard(event):
        if event.type.startswith("object:state-changed:focused") and not event.detail1:
            return
        try:
            name = event.source.name or ""
        except Exception:
            name = ""
        said = event.any_data if event.type.startswith("object:announcement") else name
        print(f"{event.type}: {said}", flush=True)

    pyatspi.Registry.registerEventListener(
        heard, "object:announcement", "object:state-changed:focused"
    )
    GLib.timeout_add_seconds(seconds, pyatspi.Registry.stop)
    pyatspi.Registry.start()


def walk(node, depth=0):
    """Yields (depth, role, name) for the node and everything under it."""
    try:
        role = node.getRoleName()
        name = node.name or ""
    except Exception as error:  # a node gone while read: the tree changed under us
        yield depth, "gone", str(error)
        return
    yield depth, role, name
    for i in range(node.childCount):
        child = node.getChildAtIndex(i)
        if child is not None:
            yield from walk(child, depth + 1)


def main():
    what = sys.argv[1] if len(sys.argv) > 1 else "tree"
    if what == "enable":
        enable()
        return 0
    if what == "listen":
        listen(int(sys.argv[2]) if len(sys.argv) > 2 else 10)
        return 0
    app = find_app()
    if app is None:
        print(f"no application named {APP} on the accessibility bus", file=sys.stderr)
        return 1
    nodes = list(walk(app))
    if what == "tree":
        for depth, role, name in nodes:
            print(f"{'  ' * depth}[{role}] {name}")
        return 0
    squares = [name for _, role, name in nodes if SQUARE.match(name)]
    hands = [name for _, role, name in nodes if HAND.search(name)]
    moves = [name for _, role, name in nodes if MOVE.match(name)]
    print(f"application: {app.name}, {len(nodes)} nodes")
    print(f"squares: {len(squares)}")
    for name in squares:
        print(f"  {name}")
    print(f"hands: {len(hands)}")
    for name in hands:
        print(f"  {name}")
    print(f"move list: {len(moves)}")
    for name in moves:
        print(f"  {name}")
    return 0 if len(squares) == 81 else 2


if __name__ == "__main__":
    sys.exit(main())
