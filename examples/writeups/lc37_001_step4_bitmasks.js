// LeetCode 37 (Sudoku Solver), after write-up 001 (001_0f38cea3680a65db.txt), step 4: bitmasks.
// Our own code following that approach: step 3's search, with each row / column / box Set
// replaced by one integer; digit d is bit (1 << d), set with |=, tested with (mask >> d) & 1,
// and cleared again with &= ~bit when a branch fails.
// Expected verdict: AC.

/**
 * @param {character[][]} board
 * @return {void} Do not return anything, modify board in-place instead.
 */
var solveSudoku = function(board) {
    const rowMask = new Array(9).fill(0);
    const colMask = new Array(9).fill(0);
    const boxMask = new Array(9).fill(0);
    for (let r = 0; r < 9; r++) {
        for (let c = 0; c < 9; c++) {
            const ch = board[r][c];
            if (ch === '.') continue;
            const bit = 1 << Number(ch);
            rowMask[r] |= bit;
            colMask[c] |= bit;
            boxMask[boxIndex(r, c)] |= bit;
        }
    }
    fill(board, rowMask, colMask, boxMask, 0, 0);
};

// true: the board is solved (leave it as it is); false: nothing fits, go back.
function fill(board, rowMask, colMask, boxMask, row, col) {
    if (col >= 9) return fill(board, rowMask, colMask, boxMask, row + 1, 0);
    if (row >= 9) return true;
    if (board[row][col] !== '.') return fill(board, rowMask, colMask, boxMask, row, col + 1);
    const box = boxIndex(row, col);
    for (let d = 1; d <= 9; d++) {
        if ((rowMask[row] >> d) & 1 || (colMask[col] >> d) & 1 || (boxMask[box] >> d) & 1) continue;
        const bit = 1 << d;
        board[row][col] = String(d);
        rowMask[row] |= bit;
        colMask[col] |= bit;
        boxMask[box] |= bit;
        if (fill(board, rowMask, colMask, boxMask, row, col + 1)) return true;
        rowMask[row] &= ~bit;
        colMask[col] &= ~bit;
        boxMask[box] &= ~bit;
        board[row][col] = '.';
    }
    return false;
}

function boxIndex(row, col) {
    return Math.floor(row / 3) * 3 + Math.floor(col / 3);
}
