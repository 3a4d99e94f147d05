g = [[int(c) for c in input().strip()] for _ in range(9)]


def check(r, c):
    return g[r][c + 9]


print(check(0, 0))
