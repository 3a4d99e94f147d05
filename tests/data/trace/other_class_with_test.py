# LeetCode 37's solveSudoku in a class not named Solution, with the file's
# own test at its bottom: a module-level board, a call, a print.
class SudokuSolver:
    def ok(self, board, r, c, d):
        for i in range(9):
            if board[r][i] == d or board[i][c] == d:
                return False
            if board[r // 3 * 3 + i // 3][c // 3 * 3 + i % 3] == d:
                return False
        return True

    def fill(self, board, k):
        if k == 81:
            return True
        r, c = divmod(k, 9)
        if board[r][c] != '.':
            return self.fill(board, k + 1)
        for d in '123456789':
            if self.ok(board, r, c, d):
                board[r][c] = d
                if self.fill(board, k + 1):
                    return True
                board[r][c] = '.'
        return False

    def solveSudoku(self, board):
        self.fill(board, 0)


board = [list(row) for row in [
    "..9748...", "7........", ".2.1.9...", "..7...24.", ".64.1.59.",
    ".98...3..", "...8.3.2.", "........6", "...2759..",
]]
SudokuSolver().solveSudoku(board)
print("\n".join("".join(row) for row in board))
