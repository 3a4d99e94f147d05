# 蓝桥杯 数独：逐格深度优先搜索
g = [[int(c) for c in input().strip()] for _ in range(9)]


def fits(r, c, d):
    if d in g[r] or any(g[i][c] == d for i in range(9)):
        return False
    br, bc = r // 3 * 3, c // 3 * 3
    return all(g[br + i][bc + j] != d for i in range(3) for j in range(3))


def dfs(k):
    if k == 81:
        return True
    r, c = divmod(k, 9)
    if g[r][c]:
        return dfs(k + 1)
    for d in range(1, 10):
        if fits(r, c, d):
            g[r][c] = d
            if dfs(k + 1):
                return True
            g[r][c] = 0
    return False


dfs(0)
print("\n".join("".join(map(str, row)) for row in g))
