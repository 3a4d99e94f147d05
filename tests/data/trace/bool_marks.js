// A LeetCode 37 file whose marks are tables of booleans, made in
// solveSudoku and passed down the recursion: rows[r][d] says digit d is in
// row r. A digit's marks are set before it is written and cleared before
// it is taken back, so at every write they are the board's as it is then.
var solveSudoku = function (board) {
  const table = () => Array.from({ length: 9 }, () => new Array(10).fill(false));
  const rows = table(), cols = table(), boxes = table();
  for (let r = 0; r < 9; r++) {
    for (let c = 0; c < 9; c++) {
      if (board[r][c] !== '.') {
        const d = Number(board[r][c]);
        rows[r][d] = cols[c][d] = boxes[Math.floor(r / 3) * 3 + Math.floor(c / 3)][d] = true;
      }
    }
  }
  fill(board, rows, cols, boxes, 0);
};

function fill(board, rows, cols, boxes, k) {
  if (k === 81) return true;
  const r = Math.floor(k / 9), c = k % 9, b = Math.floor(r / 3) * 3 + Math.floor(c / 3);
  if (board[r][c] !== '.') return fill(board, rows, cols, boxes, k + 1);
  for (let d = 1; d <= 9; d++) {
    if (rows[r][d] || cols[c][d] || boxes[b][d]) continue;
    rows[r][d] = cols[c][d] = boxes[b][d] = true;
    board[r][c] = String(d);
    if (fill(board, rows, cols, boxes, k + 1)) return true;
    rows[r][d] = cols[c][d] = boxes[b][d] = false;
    board[r][c] = '.';
  }
  return false;
}
