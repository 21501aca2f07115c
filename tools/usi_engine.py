"""A USI engine driven over pipes, for the tools that make data with one."""

import subprocess

# The score the tools give a mate (either side), beyond every evaluation.
MATE = 30000


class UsiEngine:
    def __init__(self, command, options):
        """Starts `command` (a list of words), sets `options` ((name, value) pairs), waits
        until it is ready."""
        self.proc = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("usi")
        self.wait("usiok")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait(self, prefix):
        """Every line up to and with the first that starts with `prefix`."""
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            line = line.strip()
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def go(self, position, go):
        """Sends a `position` and a `go` line; returns (the last score for the side to move,
        or None; the best move). A mate scores +-MATE."""
        self.send(position)
        self.send(go)
        score = None
        lines = self.wait("bestmove")
        for line in lines:
            words = line.split()
            if words[:1] == ["info"] and "score" in words and "multipv" not in words[1:2]:
                i = words.index("score")
                if words[i + 1] == "cp":
                    score = int(words[i + 2])
                elif words[i + 1] == "mate":
                    score = -MATE if words[i + 2].startswith("-") else MATE
        return score, lines[-1].split()[1]

    def quit(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()
