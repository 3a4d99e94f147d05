# A LeetCode 37 solution in the shape of LeetCode's own: the empty cells in
# a list, a mask a row, col and box, a `solved` flag that ends every loop.
# It never writes '.' back: the masks say what fits, so a call that returns
# leaves its digit on the board, and the next call at that cell writes over
# it (sometimes the same digit).
class Solution:
    def solveSudoku(self, board):
        self.rows, self.cols, self.boxes = [0] * 9, [0] * 9, [0] * 9
        self.empty = []
        for r in range(9):
            for c in range(9):
                if board[r][c] == '.':
                    self.empty.append((r, c))
                else:
                    self.flip(r, c, int(board[r][c]))
        self.solved = False
        self.dfs(board, 0)

    def flip(self, r, c, d):
        bit = 1 << d
        self.rows[r] ^= bit
        self.cols[c] ^= bit
        self.boxes[r // 3 * 3 + c // 3] ^= bit

    def dfs(self, board, pos):
        if pos == len(self.empty):
            self.solved = True
            return
        r, c = self.empty[pos]
        for d in range(1, 10):
            if self.solved:
                return
            bit = 1 << d
            if (self.rows[r] | self.cols[c] | self.boxes[r // 3 * 3 + c // 3]) & bit:
                continue
            self.flip(r, c, d)
            board[r][c] = str(d)
            self.dfs(board, pos + 1)
            self.flip(r, c, d)
