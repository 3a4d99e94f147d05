# A user's own LeetCode 37 solution in Python, for `sudoku trace --approach`:
# inputs/trace/marks_forward.py with one line left out, the learner's usual
# slip: when the call below fails, the marks are cleared but the digit is
# left on the board (no `board[i][j] = '.'`). On LeetCode's example its
# sixth write, 9 over the 8 at row 1, col 7, is the first the right DFS
# does not make: the right DFS takes back the 9 at row 1, col 8 there.
class Solution:
    def solveSudoku(self, board: List[List[str]]) -> None:
        row = [[False] * 10 for _ in range(9)]
        col = [[False] * 10 for _ in range(9)]
        block = [[False] * 10 for _ in range(9)]
        for i in range(9):
            for j in range(9):
                if board[i][j] != '.':
                    num = int(board[i][j])
                    row[i][num] = col[j][num] = block[i // 3 * 3 + j // 3][num] = True

        def dfs(i, j):
            while board[i][j] != '.':
                j += 1
                if j >= 9:
                    i, j = i + 1, 0
                if i >= 9:
                    return True
            b = i // 3 * 3 + j // 3
            for num in range(1, 10):
                if not row[i][num] and not col[j][num] and not block[b][num]:
                    board[i][j] = str(num)
                    row[i][num] = col[j][num] = block[b][num] = True
                    if dfs(i, j):
                        return True
                    row[i][num] = col[j][num] = block[b][num] = False
                    # BUG: the digit stays on the board: board[i][j] = '.' is missing.
            return False

        dfs(0, 0)
