# A LeetCode 37 solution that does not stop at the solution: it keeps a
# copy of the complete board, takes it back and searches on (to be sure no
# second solution exists), and at the end copies the kept board back into
# `board`. Its search is the right DFS's: row by row, digits 1 to 9.
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
        for i in range(top, top + 3):
            for j in range(left, left + 3):
                if board[i][j] == d:
                    return False
        return True

    def search(self, board, k):
        if k == 81:
            self.kept = [list(row) for row in board]
            return
        r, c = divmod(k, 9)
        if board[r][c] != '.':
            self.search(board, k + 1)
            return
        for d in '123456789':
            if self.fits(board, r, c, d):
                board[r][c] = d
                self.search(board, k + 1)
                board[r][c] = '.'
