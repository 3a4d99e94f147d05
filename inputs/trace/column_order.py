# A correct LeetCode 37 solution that walks the cells column by column
# (top to bottom, then the next column), not row by row as the write-ups
# do: the same depth-first search in another order. `sudoku trace` names it
# "another order, it solves", not a mistake.
class Solution:
    def solveSudoku(self, board):
        self.fill(board, 0)

    def fits(self, board, row, col, digit):
        for i in range(9):
            if board[row][i] == digit or board[i][col] == digit:
                return False
        top, left = row // 3 * 3, col // 3 * 3
        for r in range(top, top + 3):
            for c in range(left, left + 3):
                if board[r][c] == digit:
                    return False
        return True

    def fill(self, board, k):
        if k == 81:
            return True
        row, col = k % 9, k // 9
        if board[row][col] != '.':
            return self.fill(board, k + 1)
        for digit in '123456789':
            if self.fits(board, row, col, digit):
                board[row][col] = digit
                if self.fill(board, k + 1):
                    return True
                board[row][col] = '.'
        return False
