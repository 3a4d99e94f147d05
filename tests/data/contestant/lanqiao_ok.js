const lines = require("fs").readFileSync(0, "utf8").split("\n");
const g = [];
for (let i = 0; i < 9; i++) g.push(lines[i].trim().split("").map(Number));

function fits(r, c, d) {
  for (let i = 0; i < 9; i++) if (g[r][i] === d || g[i][c] === d) return false;
  const br = r - (r % 3), bc = c - (c % 3);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) if (g[br + i][bc + j] === d) return false;
  return true;
}

function dfs(k) {
  if (k === 81) return true;
  const r = Math.floor(k / 9), c = k % 9;
  if (g[r][c]) return dfs(k + 1);
  for (let d = 1; d <= 9; d++) {
    if (fits(r, c, d)) {
      g[r][c] = d;
      if (dfs(k + 1)) return true;
      g[r][c] = 0;
    }
  }
  return false;
}

dfs(0);
console.log(g.map((row) => row.join("")).join("\n"));
