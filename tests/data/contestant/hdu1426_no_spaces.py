# HDU 1426: right answers, but each row's digits without the spaces the
# statement puts between them (and a blank line after every case): HDU
# answers Presentation Error.
import sys


def solve(g):
    def ok(r, c, d):
        for i in range(9):
            if g[r][i] == d or g[i][c] == d or g[r // 3 * 3 + i // 3][c // 3 * 3 + i % 3] == d:
                return False
        return True

    def dfs(k):
        if k == 81:
            return True
        r, c = divmod(k, 9)
        if g[r][c]:
            return dfs(k + 1)
        for d in range(1, 10):
            if ok(r, c, d):
                g[r][c] = d
                if dfs(k + 1):
                    return True
        g[r][c] = 0
        return False

    dfs(0)


cells = sys.stdin.read().split()
for start in range(0, len(cells) - 80, 81):
    block = cells[start:start + 81]
    g = [[0 if c == "?" else int(c) for c in block[r * 9:r * 9 + 9]] for r in range(9)]
    solve(g)
    for row in g:
        print("".join(map(str, row)))
    print()
