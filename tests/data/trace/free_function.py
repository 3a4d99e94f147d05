# LeetCode 37's solveSudoku as a function at the module's top level, in no
# class: LeetCode calls it on a Solution; the trace calls the function.
def ok(board, r, c, d):
    for i in range(9):
        if board[r][i] == d or board[i][c] == d:
            return False
        if board[r // 3 * 3 + i // 3][c // 3 * 3 + i % 3] == d:
            return False
    return True


def fill(board, k):
    if k == 81:
        return True
    r, c = divmod(k, 9)
    if board[r][c] != '.':
        return fill(board, k + 1)
    for d in '123456789':
        if ok(board, r, c, d):
            board[r][c] = d
            if fill(board, k + 1):
                return True
            board[r][c] = '.'
    return False


def solveSudoku(board):
    fill(board, 0)
