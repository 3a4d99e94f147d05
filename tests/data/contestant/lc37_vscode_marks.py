#
# @lc app=leetcode id=37 lang=python3
#
# [37] Sudoku Solver
#
# (VS Code's LeetCode extension: only the lines between the two @lc code
# marks are submitted; a local test below the end mark stays here.)
from typing import List

# @lc code=start
class Solution:
    def solveSudoku(self, board: List[List[str]]) -> None:
        empty = [(r, c) for r in range(9) for c in range(9) if board[r][c] == '.']

        def free(r, c, d):
            for i in range(9):
                if board[r][i] == d or board[i][c] == d:
                    return False
                if board[r // 3 * 3 + i // 3][c // 3 * 3 + i % 3] == d:
                    return False
            return True

        def fill(k):
            if k == len(empty):
                return True
            r, c = empty[k]
            for d in '123456789':
                if free(r, c, d):
                    board[r][c] = d
                    if fill(k + 1):
                        return True
            board[r][c] = '.'
            return False

        fill(0)
# @lc code=end

board = [['.'] * 9 for _ in range(9)]
Solution().solveSudoku(board)
print(board)
