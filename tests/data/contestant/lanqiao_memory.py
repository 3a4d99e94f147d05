rows = [input() for _ in range(9)]
table = [0] * (10**9)
print(len(table))
