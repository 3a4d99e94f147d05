// The judge's harness: runs your file as LeetCode does (a `require.main ===
// module` block skipped), reads LeetCode's board literal on stdin, calls your
// function with your prints sent to stderr, and prints the answer as a literal.
const fs = require("fs");
const vm = require("vm");
const [source, shown, method] = process.argv.slice(2);
let code = fs.readFileSync(source, "utf8");
if (code.charCodeAt(0) === 0xfeff) code = code.slice(1);
const text = fs.readFileSync(0, "utf8");
const cells = text.split('"').filter((_, i) => i % 2 === 1).map((p) => p[0]);
const board = [];
for (let r = 0; r < 9; r++) board.push(cells.slice(r * 9, r * 9 + 9));
const realWrite = process.stdout.write.bind(process.stdout);
process.stdout.write = process.stderr.write.bind(process.stderr);
const own = { exports: {} };
const body = `${code}\n;return typeof ${method} === "function" ? ${method} : undefined;`;
const found = vm
  .compileFunction(body, ["require", "module", "exports", "__filename", "__dirname"], { filename: shown })
  .call(own.exports, require, own, own.exports, shown, ".");
if (typeof found !== "function") throw new Error(`${shown} defines no function ${method}`);
const result = found(board);
process.stdout.write = realWrite;
if (method === "isValidSudoku") {
  console.log(result ? "true" : "false");
} else {
  console.log("[" + board.map((r) => "[" + r.map((c) => '"' + c + '"').join(",") + "]").join(",") + "]");
}
