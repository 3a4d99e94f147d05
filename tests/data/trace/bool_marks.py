# A LeetCode 37 file whose marks are tables of booleans, made in
# solveSudoku and passed down the recursion: rows[r][d] says digit d is in
# row r. A digit's marks are set before it is written and cleared before
# it is taken back, so at every write they are the board's as it is then.
class Solution:
    def solveSudoku(self, board):
        rows = [[False] * 10 for _ in range(9)]
        cols = [[False] * 10 for _ in range(9)]
        boxes = [[False] * 10 for _ in range(9)]
        for r in range(9):
            for c in range(9):
                if board[r][c] != '.':
                    d = int(board[r][c])
                    rows[r][d] = cols[c][d] = boxes[r // 3 * 3 + c // 3][d] = True
        self.fill(board, rows, cols, boxes, 0)

    def fill(self, board, rows, cols, boxes, k):
        if k == 81:
            return True
        r, c = divmod(k, 9)
        b = r // 3 * 3 + c // 3
        if board[r][c] != '.':
            return self.fill(board, rows, cols, boxes, k + 1)
        for d in range(1, 10):
            if rows[r][d] or cols[c][d] or boxes[b][d]:
                continue
            rows[r][d] = cols[c][d] = boxes[b][d] = True
            board[r][c] = str(d)
            if self.fill(board, rows, cols, boxes, k + 1):
                return True
            rows[r][d] = cols[c][d] = boxes[b][d] = False
            board[r][c] = '.'
        return False
