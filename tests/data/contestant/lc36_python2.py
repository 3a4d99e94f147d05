# LeetCode 36 in LeetCode's "Python" (Python 2): xrange and a print statement.
class Solution(object):
    def isValidSudoku(self, board):
        seen = set()
        for r in xrange(9):
            for c in xrange(9):
                d = board[r][c]
                if d == '.':
                    continue
                keys = [(r, d), (d, c), (r // 3, c // 3, d)]
                if any(k in seen for k in keys):
                    return False
                seen.update(keys)
        return True


if __name__ == "__main__":
    print Solution().isValidSudoku([["."] * 9 for _ in xrange(9)])
