# A user's own LeetCode 37 solution in Python, for `sudoku trace --approach`:
# write-up 000's wrong DFS (solutions/lc37_09_wrong_dfs.rs) ported line for
# line. It never returns: on LeetCode's example, after 5 writes its while
# loop spins at row 1, col 9 without writing again, until the time limit.
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
            while i < 9 and j < 9:
                if board[i][j] != '.':
                    if j < 8:
                        j += 1
                    else:
                        i, j = i + 1, 0
                else:
                    b = i // 3 * 3 + j // 3
                    for num in range(1, 10):
                        if not row[i][num] and not col[j][num] and not block[b][num]:
                            board[i][j] = str(num)
                            row[i][num] = col[j][num] = block[b][num] = True
                            dfs(i, j)
                            # BUG: undone whether or not the call above finished the board.
                            row[i][num] = col[j][num] = block[b][num] = False
                            board[i][j] = '.'

        dfs(0, 0)
