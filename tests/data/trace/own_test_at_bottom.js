// LeetCode 37's solveSudoku with the file's own test at its bottom: a
// top-level `const board` (a name the harness must not clash with), a call
// on a board of its own, and a print.
function ok(board, r, c, d) {
  for (let i = 0; i < 9; i++) {
    if (board[r][i] === d || board[i][c] === d) return false;
    if (board[3 * Math.floor(r / 3) + Math.floor(i / 3)][3 * Math.floor(c / 3) + (i % 3)] === d) return false;
  }
  return true;
}

function fill(board, k) {
  if (k === 81) return true;
  const r = Math.floor(k / 9), c = k % 9;
  if (board[r][c] !== '.') return fill(board, k + 1);
  for (let d = 1; d <= 9; d++) {
    if (ok(board, r, c, String(d))) {
      board[r][c] = String(d);
      if (fill(board, k + 1)) return true;
      board[r][c] = '.';
    }
  }
  return false;
}

var solveSudoku = function (board) {
  fill(board, 0);
};

const board = [
  ['.', '.', '9', '7', '4', '8', '.', '.', '.'],
  ['7', '.', '.', '.', '.', '.', '.', '.', '.'],
  ['.', '2', '.', '1', '.', '9', '.', '.', '.'],
  ['.', '.', '7', '.', '.', '.', '2', '4', '.'],
  ['.', '6', '4', '.', '1', '.', '5', '9', '.'],
  ['.', '9', '8', '.', '.', '.', '3', '.', '.'],
  ['.', '.', '.', '8', '.', '3', '.', '2', '.'],
  ['.', '.', '.', '.', '.', '.', '.', '.', '6'],
  ['.', '.', '.', '2', '7', '5', '9', '.', '.'],
];
solveSudoku(board);
console.log(board.map((row) => row.join('')).join('\n'));
