// A LeetCode 37 solution as people keep it in their own folders: helpers
// at the top level with common names (valid, solve, record, rows, show),
// and its own test at the bottom (`const board = ...; solveSudoku(board)`),
// which node runs as it is. The trace runs the file beside its harness:
// none of these names may clash with the harness's own.
const rows = 9;

function valid(board, r, c, ch) {
  for (let i = 0; i < rows; i++) {
    if (board[r][i] === ch || board[i][c] === ch) return false;
    const br = 3 * Math.floor(r / 3) + Math.floor(i / 3);
    const bc = 3 * Math.floor(c / 3) + (i % 3);
    if (board[br][bc] === ch) return false;
  }
  return true;
}

function record(board, r, c, ch) {
  board[r][c] = ch;
}

function solve(board) {
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < rows; c++) {
      if (board[r][c] !== '.') continue;
      for (let d = 1; d <= 9; d++) {
        const ch = String(d);
        if (!valid(board, r, c, ch)) continue;
        record(board, r, c, ch);
        if (solve(board)) return true;
        record(board, r, c, '.');
      }
      return false;
    }
  }
  return true;
}

function show(board) {
  return board.map((row) => row.join('')).join('\n');
}

var solveSudoku = function (board) {
  solve(board);
};

const board = [
  ['5', '3', '.', '.', '7', '.', '.', '.', '.'],
  ['6', '.', '.', '1', '9', '5', '.', '.', '.'],
  ['.', '9', '8', '.', '.', '.', '.', '6', '.'],
  ['8', '.', '.', '.', '6', '.', '.', '.', '3'],
  ['4', '.', '.', '8', '.', '3', '.', '.', '1'],
  ['7', '.', '.', '.', '2', '.', '.', '.', '6'],
  ['.', '6', '.', '.', '.', '.', '2', '8', '.'],
  ['.', '.', '.', '4', '1', '9', '.', '.', '5'],
  ['.', '.', '.', '.', '8', '.', '.', '7', '9'],
];
solveSudoku(board);
console.log(show(board));
