class Solution:
    def solveSudoku(self, board: List[List[str]]) -> None:
        def fits(r, c, d):
            for i in range(9):
                if board[r][i] == d or board[i][c] == d:
                    return False
                if board[r // 3 * 3 + i // 3][c // 3 * 3 + i % 3] == d:
                    return False
            return True

        def dfs(k):
            if k == 81:
                return True
            r, c = divmod(k, 9)
            if board[r][c] != ".":
                return dfs(k + 1)
            for d in "123456789":
                if fits(r, c, d):
                    board[r][c] = d
                    if dfs(k + 1):
                        return True
            board[r][c] = "."
            return False

        dfs(0)
