const lines = require("fs").readFileSync(0, "utf8").split("\n");
const g = lines.map((l) => l.trim().split("").map(Number));
console.log(g[12][0].toFixed(1));
