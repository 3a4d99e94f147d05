# The harness of `sudoku trace --approach FILE.py`: runs a LeetCode 37
# solution on one puzzle and prints every write to its board, a line each,
# unbuffered, so what was written survives the sandbox killing it:
#   start                  solveSudoku is about to be called
#   c NAME                 before a write: a call of the file's function NAME, not
#                          yet reported, is on the stack (outermost first)
#   r VALUE                the innermost reported call returned VALUE (its repr)
#   o N                    N reported calls ended unseen (a generator's frame)
#   v K LOCALS             the reported call K (0 the outermost) now holds LOCALS
#                          (`i = 0, num = 5`: its f_locals, less the board, tables
#                          of 9 or more rows of 9 or more, functions and self)
#   w ROW COL VALUE LINE   board[ROW][COL] = VALUE ('.' or 1-9), at LINE of the file
#   bad ROW COL LINE TYPE REPR  a value that is neither '.' nor '1'-'9' (TYPE its
#                          type's name); stopped there
#   cut                    the step limit: stopped there
#   raise LINE MESSAGE     solveSudoku raised (the traceback goes to stderr)
#   done BOARD             solveSudoku returned; BOARD is its 81 cells
# The board is a list of lists whose classes record item assignment
# (board[i][j] = v, board[i] = row, slices); other list methods are not
# seen, which the trace finds out by comparing the board at the end.
# The stack is the interpreter's own: at each write the file's frames on it
# are walked, and a profile hook sees each reported frame return, with its
# value. A call that returns without having written is never reported.
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


shown = []  # the file's frames reported so far and not yet returned, outermost first
sent = []  # the locals last reported for each of them


def is_table(value):
    return (isinstance(value, (list, tuple)) and len(value) >= 9
            and isinstance(value[0], (list, tuple)) and len(value[0]) >= 9)


def shorten(text):
    # At most 160 characters: a list keeps its end (a stack's top), other text its start.
    text = ' '.join(text.split())
    if len(text) <= 160:
        return text
    if text[0] in '[(':
        cut = text.find(', ', len(text) - 150)
        if cut > 0:
            return text[0] + '..., ' + text[cut + 2:]
    return text[:157] + '...'


def locals_of(frame):
    parts = []
    for name, value in frame.f_locals.items():
        if name == 'self' or callable(value) or isinstance(value, Board) or is_table(value):
            continue
        try:
            text = repr(value)
        except Exception:  # noqa: BLE001 - a repr that raises is still a value
            text = '?'
        parts.append('%s = %s' % (name, shorten(text)))
    return ', '.join(parts)


def report_frames():
    now = []
    frame = sys._getframe(2)
    while frame is not None:
        if frame.f_code.co_filename == PATH:
            now.append(frame)
        frame = frame.f_back
    now.reverse()
    k = 0
    while k < len(shown) and k < len(now) and shown[k] is now[k]:
        k += 1
    if k < len(shown):
        emit('o %d\n' % (len(shown) - k))
        del shown[k:]
        del sent[k:]
    for frame in now[k:]:
        emit('c %s\n' % frame.f_code.co_name)
        shown.append(frame)
        sent.append(None)
    # A frame's locals change only while it runs: the innermost's, and those
    # of the frames reported just now (a list they hold may also change
    # under a callee, and is read again when that frame next writes).
    for i in sorted({len(shown) - 1} | set(range(k, len(shown)))):
        if i < 0:
            continue
        text = locals_of(shown[i])
        if text != sent[i]:
            emit('v %d %s\n' % (i, text))
            sent[i] = text


def profile(frame, event, arg):
    if event == 'return' and shown and frame is shown[-1]:
        shown.pop()
        sent.pop()
        try:
            text = repr(arg)
        except Exception:  # noqa: BLE001 - a repr that raises is still a value
            text = '?'
        emit('r %s\n' % ' '.join(text.split())[:40])


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
        kind = type(new).__name__
        emit('bad %d %d %d %s %s\n' % (r, c, user_line(), kind, repr(new).replace('\n', ' ')[:80]))
        os._exit(0)
    writes += 1
    report_frames()
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
    try:
        exec(compile(source, PATH, 'exec'), namespace)
    except BaseException as e:  # noqa: B036 - a SyntaxError, or the module raising
        # The file's own frames only: the harness's are not the learner's.
        if not isinstance(e, SyntaxError):
            own = [f for f in traceback.extract_tb(e.__traceback__) if f.filename == PATH]
            sys.stderr.write(''.join(traceback.format_list(own)))
        sys.stderr.write(''.join(traceback.format_exception_only(type(e), e)))
        sys.exit(3)
    solution = namespace.get('Solution')
    if solution is None or not hasattr(solution, 'solveSudoku'):
        sys.stderr.write('%s: no class Solution with a solveSudoku method\n' % PATH)
        sys.exit(3)
    board = Board(adopt(r, ['.' if ch == '.' else ch for ch in PUZZLE[r * 9:r * 9 + 9]]) for r in range(9))
    emit('start\n')
    try:
        sys.setprofile(profile)
        solution().solveSudoku(board)
        sys.setprofile(None)
    except BaseException as e:  # noqa: B036 - RecursionError, SystemExit: all are the program's end
        sys.setprofile(None)
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
