# A LeetCode 37 file that searches on its own list of 81 numbers and
# writes each cell of the board as its call returns, once the list is
# solved: the board sees the answer only, written back from the deepest
# call to the first.
class Solution:
    def solveSudoku(self, board):
        cells = [0 if ch == "." else int(ch) for row in board for ch in row]

        def fits(k, d):
            r, c = divmod(k, 9)
            for i in range(9):
                if cells[r * 9 + i] == d or cells[i * 9 + c] == d:
                    return False
                if cells[(r // 3 * 3 + i // 3) * 9 + c // 3 * 3 + i % 3] == d:
                    return False
            return True

        def fill(k):
            if k == 81:
                return True
            if cells[k]:
                return fill(k + 1)
            for d in range(1, 10):
                if fits(k, d):
                    cells[k] = d
                    if fill(k + 1):
                        board[k // 9][k % 9] = str(d)
                        return True
                    cells[k] = 0
            return False

        fill(0)
