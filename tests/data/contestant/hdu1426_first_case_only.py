import sys
text = sys.stdin.read().split("\n\n")
out = []
for block in text:
    cells = block.split()
    if len(cells) < 81:
        continue
    g = [[0 if c == "?" else int(c) for c in cells[r * 9:r * 9 + 9]] for r in range(9)]
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
    out.append("\n".join(" ".join(map(str, row)) for row in g))
print("\n\n".join(out[:1]))  # the bug: only the first case is answered
