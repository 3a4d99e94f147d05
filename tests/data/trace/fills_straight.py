# A LeetCode 37 file that first writes every cell with one candidate
# left, again and again, and searches only what that leaves: on LeetCode's
# example the first part fills the whole board, and the search writes
# nothing.
class Solution:
    def solveSudoku(self, board):
        def candidates(r, c):
            seen = set(board[r]) | {board[i][c] for i in range(9)}
            seen |= {board[r // 3 * 3 + i // 3][c // 3 * 3 + i % 3] for i in range(9)}
            return [d for d in "123456789" if d not in seen]

        changed = True
        while changed:
            changed = False
            for r in range(9):
                for c in range(9):
                    if board[r][c] == ".":
                        only = candidates(r, c)
                        if len(only) == 1:
                            board[r][c] = only[0]
                            changed = True

        def search(k):
            if k == 81:
                return True
            r, c = divmod(k, 9)
            if board[r][c] != ".":
                return search(k + 1)
            for d in candidates(r, c):
                board[r][c] = d
                if search(k + 1):
                    return True
                board[r][c] = "."
            return False

        search(0)
