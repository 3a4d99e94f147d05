# A correct LeetCode 37 solution whose writes are made by helpers: `place`
# adds the digit to the set of digits its caller has tried at the cell, and
# to the row's, column's and box's sets, before writing it; `take_back`
# undoes both. At each write the caller's frame holds what the program
# holds then: its `tried` with the digit just added, its `d` the digit.
class Solution:
    def solveSudoku(self, board):
        used = [set() for _ in range(27)]
        for r in range(9):
            for c in range(9):
                if board[r][c] != '.':
                    for unit in self.units(r, c):
                        used[unit].add(board[r][c])
        empty = [(r, c) for r in range(9) for c in range(9) if board[r][c] == '.']
        self.search(board, empty, 0, used)

    def units(self, r, c):
        return (r, 9 + c, 18 + r // 3 * 3 + c // 3)

    def place(self, board, r, c, d, tried, used):
        tried.add(d)
        for unit in self.units(r, c):
            used[unit].add(d)
        board[r][c] = d

    def take_back(self, board, r, c, d, used):
        for unit in self.units(r, c):
            used[unit].discard(d)
        board[r][c] = '.'

    def search(self, board, empty, k, used):
        if k == len(empty):
            return True
        r, c = empty[k]
        tried = set()
        for d in '123456789':
            if all(d not in used[unit] for unit in self.units(r, c)):
                self.place(board, r, c, d, tried, used)
                if self.search(board, empty, k + 1, used):
                    return True
                self.take_back(board, r, c, d, used)
        return False
