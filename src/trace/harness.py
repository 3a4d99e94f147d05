# The harness of `sudoku trace --approach FILE.py`: runs a LeetCode 37
# solution on one puzzle and prints every write to its board, a line each,
# unbuffered, so what was written survives the sandbox killing it:
#   start                  solveSudoku is about to be called
#   w ROW COL VALUE LINE   board[ROW][COL] = VALUE ('.' or 1-9), at LINE of the file
#   bad ROW COL LINE REPR  a value that is neither '.' nor 1-9; stopped there
#   cut                    the step limit: stopped there
#   raise LINE MESSAGE     solveSudoku raised (the traceback goes to stderr)
#   done BOARD             solveSudoku returned; BOARD is its 81 cells
# The board is a list of lists whose classes record item assignment
# (board[i][j] = v, board[i] = row, slices); other list methods are not
# seen, which the trace finds out by comparing the board at the end.
import os
import sys
import traceback

PATH, PUZZLE, MAX = sys.argv[1], sys.argv[2], int(sys.argv[3])
sys.argv = [PATH]
sys.setrecursionlimit(100000)
writes = 0
rows = {}  # id(row) -> (row index, row): only the board's own rows record
retired = []  # replaced rows, kept alive so their ids are never reused


def emit(text):
    os.write(1, text.encode())


def user_line():
    frame = sys._getframe(1)
    while frame is not None and frame.f_code.co_filename != PATH:
        frame = frame.f_back
    return frame.f_lineno if frame is not None else 0


def valid(value):
    return isinstance(value, str) and (value == '.' or (len(value) == 1 and '1' <= value <= '9'))


def record(r, c, old, new):
    global writes
    if old == new:
        return
    if not valid(new):
        emit('bad %d %d %d %s\n' % (r, c, user_line(), repr(new).replace('\n', ' ')[:80]))
        os._exit(0)
    writes += 1
    emit('w %d %d %s %d\n' % (r, c, new, user_line()))
    if writes >= MAX:
        emit('cut\n')
        os._exit(0)


class Row(list):
    def __setitem__(self, key, value):
        entry = rows.get(id(self))
        if entry is None or entry[1] is not self:
            return list.__setitem__(self, key, value)
        r = entry[0]
        if isinstance(key, slice):
            before = list(self)
            list.__setitem__(self, key, value)
            for c, (old, new) in enumerate(zip(before, list(self))):
                record(r, c, old, new)
            return None
        c = key + len(self) if isinstance(key, int) and key < 0 else key
        record(r, c, list.__getitem__(self, c), value)
        return list.__setitem__(self, key, value)


def adopt(r, values):
    row = Row(values)
    rows[id(row)] = (r, row)
    return row


class Board(list):
    def __setitem__(self, key, value):
        before = [list(row) for row in self]
        list.__setitem__(self, key, value)
        # Rows left where they were keep recording; a new or moved row is
        # copied into a recording one.
        current = {}
        for r in range(len(self)):
            row = list.__getitem__(self, r)
            entry = rows.get(id(row))
            if entry is None or entry[1] is not row or entry[0] != r or id(row) in current:
                row = Row(row)
                list.__setitem__(self, r, row)
            current[id(row)] = (r, row)
        retired.extend(entry[1] for k, entry in rows.items() if k not in current)
        rows.clear()
        rows.update(current)
        for r, (old, new) in enumerate(zip(before, self)):
            for c, (a, b) in enumerate(zip(old, new)):
                record(r, c, a, b)


def main():
    namespace = {'__name__': '__solution__'}
    exec('import sys, collections, math, heapq, itertools, functools, bisect\n'
         'from typing import *\nfrom collections import *\n', namespace)
    with open(PATH, encoding='utf-8-sig') as f:
        source = f.read()
    exec(compile(source, PATH, 'exec'), namespace)  # a SyntaxError ends here, before start
    solution = namespace.get('Solution')
    if solution is None or not hasattr(solution, 'solveSudoku'):
        sys.stderr.write('%s: no class Solution with a solveSudoku method\n' % PATH)
        sys.exit(3)
    board = Board(adopt(r, ['.' if ch == '.' else ch for ch in PUZZLE[r * 9:r * 9 + 9]]) for r in range(9))
    emit('start\n')
    try:
        solution().solveSudoku(board)
    except BaseException as e:  # noqa: B036 - RecursionError, SystemExit: all are the program's end
        line = 0
        for frame in traceback.extract_tb(e.__traceback__):
            if frame.filename == PATH:
                line = frame.lineno
        message = ('%s: %s' % (type(e).__name__, e)).replace('\n', ' ')[:300]
        emit('raise %d %s\n' % (line, message))
        traceback.print_exc()
        os._exit(0)
    cells = ''.join(v if valid(v) else '?' for row in board for v in row)
    emit('done %s\n' % cells)


main()
