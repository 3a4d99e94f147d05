# A LeetCode 37 file whose marks and count are attributes of self: a table
# of booleans for each row, column and box (rows[r][d]: digit d is in row r)
# and the number of digits placed, each changed before the write it goes
# with, so that at every write they are the board's as it is then.
class Solution:
    def solveSudoku(self, board):
        self.rows = [[False] * 10 for _ in range(9)]
        self.cols = [[False] * 10 for _ in range(9)]
        self.boxes = [[False] * 10 for _ in range(9)]
        self.placed = 0
        for r in range(9):
            for c in range(9):
                if board[r][c] != '.':
                    d = int(board[r][c])
                    self.rows[r][d] = self.cols[c][d] = self.boxes[r // 3 * 3 + c // 3][d] = True
        self.fill(board, 0)

    def fill(self, board, k):
        if k == 81:
            return True
        r, c = divmod(k, 9)
        b = r // 3 * 3 + c // 3
        if board[r][c] != '.':
            return self.fill(board, k + 1)
        for d in range(1, 10):
            if self.rows[r][d] or self.cols[c][d] or self.boxes[b][d]:
                continue
            self.rows[r][d] = self.cols[c][d] = self.boxes[b][d] = True
            self.placed += 1
            board[r][c] = str(d)
            if self.fill(board, k + 1):
                return True
            self.rows[r][d] = self.cols[c][d] = self.boxes[b][d] = False
            self.placed -= 1
            board[r][c] = '.'
        return False
