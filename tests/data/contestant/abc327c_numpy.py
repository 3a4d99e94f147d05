# AtCoder ABC327 C with numpy, which AtCoder's Python has.
import numpy as np

a = np.array([input().split() for _ in range(9)], dtype=np.int64)
boxes = a.reshape(3, 3, 3, 3).swapaxes(1, 2).reshape(9, 9)
ok = all((np.sort(m, axis=1) == np.arange(1, 10)).all() for m in (a, a.T, boxes))
print("Yes" if ok else "No")
