# An example of your own file: LeetCode 37 in Python, pasted as LeetCode
# takes it (only class Solution). `sudoku judge mine/lc37_example.py`
# judges it on every LeetCode 37 fixture.
class Solution:
    def solveSudoku(self, board: List[List[str]]) -> None:
        rows = [set() for _ in range(9)]
        cols = [set() for _ in range(9)]
        boxes = [set() for _ in range(9)]
        empty = []
        for r in range(9):
            for c in range(9):
                d = board[r][c]
                if d == '.':
                    empty.append((r, c))
                else:
                    rows[r].add(d)
                    cols[c].add(d)
                    boxes[r // 3 * 3 + c // 3].add(d)

        def search(k: int) -> bool:
            if k == len(empty):
                return True
            # The empty cell with the fewest candidates first.
            best = min(range(k, len(empty)), key=lambda i: len(candidates(*empty[i])))
            empty[k], empty[best] = empty[best], empty[k]
            r, c = empty[k]
            for d in candidates(r, c):
                board[r][c] = d
                rows[r].add(d)
                cols[c].add(d)
                boxes[r // 3 * 3 + c // 3].add(d)
                if search(k + 1):
                    return True
                rows[r].remove(d)
                cols[c].remove(d)
                boxes[r // 3 * 3 + c // 3].remove(d)
            board[r][c] = '.'
            return False

        def candidates(r: int, c: int) -> List[str]:
            used = rows[r] | cols[c] | boxes[r // 3 * 3 + c // 3]
            return [d for d in '123456789' if d not in used]

        search(0)
