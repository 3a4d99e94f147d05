# A LeetCode 37 solution that stops at the solution and keeps a copy of
# the solved board; back in `solveSudoku` it writes every cell of the copy
# into `board` once more, the digits already there included: a copy-back
# that changes nothing on the board.
class Solution:
    def solveSudoku(self, board):
        self.kept = None
        self.search(board, 0)
        for r in range(9):
            for c in range(9):
                board[r][c] = self.kept[r][c]

    def fits(self, board, r, c, d):
        for i in range(9):
            if board[r][i] == d or board[i][c] == d:
                return False
        top, left = r // 3 * 3, c // 3 * 3
        return all(board[i][j] != d for i in range(top, top + 3) for j in range(left, left + 3))

    def search(self, board, k):
        if k == 81:
            self.kept = [list(row) for row in board]
            return True
        r, c = divmod(k, 9)
        if board[r][c] != '.':
            return self.search(board, k + 1)
        for d in '123456789':
            if self.fits(board, r, c, d):
                board[r][c] = d
                if self.search(board, k + 1):
                    return True
                board[r][c] = '.'
        return False
