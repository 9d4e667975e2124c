#!/usr/bin/env python3
"""Runs `TOOL --plan FIFO ARGS...` with FIFO a named pipe that a thread reads,
prints what came through the pipe, and says whether the pipe is still a pipe
afterwards (a tool that renamed a file over it would have replaced it, as it
would replace /dev/null)."""
import os
import stat
import subprocess
import sys
import tempfile
import threading

directory = tempfile.mkdtemp()
fifo = os.path.join(directory, "plan.fifo")
os.mkfifo(fifo)
got = []


def read():
    with open(fifo, "rb") as f:
        got.append(f.read())


reader = threading.Thread(target=read, daemon=True)
reader.start()
rc = subprocess.call([sys.argv[1], "--plan", fifo] + sys.argv[2:])
reader.join(10)
print("exit", rc)
print("through the pipe:", got[0].decode().splitlines()[1].strip() if got else "nothing")
print("still a pipe" if stat.S_ISFIFO(os.stat(fifo).st_mode) else "replaced by a file")
sys.stdout.flush()
os._exit(0)
