# The judge's harness: runs your file as LeetCode does (its usual imports in
# scope, your `if __name__ == "__main__":` block skipped), reads LeetCode's
# board literal on stdin, calls your method with your prints sent to stderr,
# and prints the answer as a literal.
import sys

SOURCE, SHOWN, METHOD = sys.argv[1], sys.argv[2], sys.argv[3]
scope = {"__name__": "solution", "__builtins__": __builtins__}
try:  # Python 2 (LeetCode's "Python") has no typing module
    exec("from typing import *", scope)
except ImportError:
    pass
exec(
    "from collections import *\nfrom functools import *\n"
    "from itertools import *\nfrom heapq import *\nfrom bisect import *\nfrom math import *\n"
    "import collections, functools, itertools, heapq, bisect, math, string, re, random",
    scope,
)
# The bytes, as python3 reads a file: UTF-8 (a byte-order mark is fine) or
# the encoding its coding line names.
with open(SOURCE, "rb") as f:
    code = compile(f.read(), SHOWN, "exec")
text = sys.stdin.read()
cells = [part[0] for part in text.split('"')[1::2] if part]
board = [cells[r * 9 : r * 9 + 9] for r in range(9)]
real = sys.stdout
sys.stdout = sys.stderr
exec(code, scope)
result = getattr(scope["Solution"](), METHOD)(board)
sys.stdout.flush()
sys.stdout = real
if METHOD == "isValidSudoku":
    print("true" if result else "false")
else:
    print("[" + ",".join("[" + ",".join('"%s"' % c for c in row) + "]" for row in board) + "]")
