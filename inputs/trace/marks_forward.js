// A user's own LeetCode 37 solution in JavaScript, for `sudoku trace
// --approach`: write-up 000's right DFS (solutions/lc37_05_marks_forward.rs)
// ported line for line, so its writes are that mirror's placements and undos.
/**
 * @param {character[][]} board
 * @return {void} Do not return anything, modify board in-place instead.
 */
var solveSudoku = function (board) {
    const row = Array.from({ length: 9 }, () => new Array(10).fill(false));
    const col = Array.from({ length: 9 }, () => new Array(10).fill(false));
    const block = Array.from({ length: 9 }, () => new Array(10).fill(false));
    for (let i = 0; i < 9; i++) {
        for (let j = 0; j < 9; j++) {
            if (board[i][j] !== '.') {
                const num = Number(board[i][j]);
                row[i][num] = col[j][num] = block[Math.floor(i / 3) * 3 + Math.floor(j / 3)][num] = true;
            }
        }
    }

    function dfs(i, j) {
        while (board[i][j] !== '.') {
            j++;
            if (j >= 9) {
                i++;
                j = 0;
            }
            if (i >= 9) return true;
        }
        const b = Math.floor(i / 3) * 3 + Math.floor(j / 3);
        for (let num = 1; num <= 9; num++) {
            if (!row[i][num] && !col[j][num] && !block[b][num]) {
                board[i][j] = String(num);
                row[i][num] = col[j][num] = block[b][num] = true;
                if (dfs(i, j)) return true;
                row[i][num] = col[j][num] = block[b][num] = false;
                board[i][j] = '.';
            }
        }
        return false;
    }

    dfs(0, 0);
};
