a = [list(map(int, input().split())) for _ in range(9)]
ok = all(sorted(row) == list(range(1, 10)) for row in a)
ok = ok and all(sorted(a[i][j] for i in range(9)) == list(range(1, 10)) for j in range(9))
ok = ok and all(
    sorted(a[r + i][c + j] for i in range(3) for j in range(3)) == list(range(1, 10))
    for r in (0, 3, 6)
    for c in (0, 3, 6)
)
print("Yes" if ok else "No")
