# A LeetCode 37 file that tries the digits a cell may take as a set of
# strings: it goes in the order of their hashes, which Python draws anew
# at each start unless PYTHONHASHSEED fixes them.
class Solution:
    def solveSudoku(self, board):
        def free(r, c):
            seen = set(board[r]) | {board[i][c] for i in range(9)}
            seen |= {board[r // 3 * 3 + i // 3][c // 3 * 3 + i % 3] for i in range(9)}
            return set("123456789") - seen

        def fill(k):
            if k == 81:
                return True
            r, c = divmod(k, 9)
            if board[r][c] != ".":
                return fill(k + 1)
            for d in free(r, c):
                board[r][c] = d
                if fill(k + 1):
                    return True
                board[r][c] = "."
            return False

        fill(0)
