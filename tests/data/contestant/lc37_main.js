/**
 * @param {character[][]} board
 * @return {void} Do not return anything, modify board in-place instead.
 */
var solveSudoku = function (board) {
  const fits = (r, c, d) => {
    for (let i = 0; i < 9; i++) {
      if (board[r][i] === d || board[i][c] === d) return false;
      if (board[Math.floor(r / 3) * 3 + Math.floor(i / 3)][Math.floor(c / 3) * 3 + (i % 3)] === d) return false;
    }
    return true;
  };
  const dfs = (k) => {
    if (k === 81) return true;
    const r = Math.floor(k / 9), c = k % 9;
    if (board[r][c] !== ".") return dfs(k + 1);
    for (const d of "123456789") {
      if (fits(r, c, d)) {
        board[r][c] = d;
        if (dfs(k + 1)) return true;
      }
    }
    board[r][c] = ".";
    return false;
  };
  dfs(0);
};

if (require.main === module) {
  const board = Array.from({ length: 9 }, () => Array(9).fill("."));
  solveSudoku(board);
  console.log("local test:", board[0].join(""));
}
