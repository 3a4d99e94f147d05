// LeetCode 37 (Sudoku Solver), after write-up 001 (001_0f38cea3680a65db.txt), step 3: hash sets, no flag.
// Our own code following that approach: the same row / column / box Sets as step 2, but the
// flag is gone: the recursive search returns true once the board is full and passes that result
// straight up; false means "dead end", and only then is the digit taken back.
// Expected verdict: AC.

/**
 * @param {character[][]} board
 * @return {void} Do not return anything, modify board in-place instead.
 */
var solveSudoku = function(board) {
    const rowDigits = [], colDigits = [], boxDigits = [];
    for (let i = 0; i < 9; i++) {
        rowDigits.push(new Set());
        colDigits.push(new Set());
        boxDigits.push(new Set());
    }
    for (let r = 0; r < 9; r++) {
        for (let c = 0; c < 9; c++) {
            const ch = board[r][c];
            if (ch === '.') continue;
            rowDigits[r].add(ch);
            colDigits[c].add(ch);
            boxDigits[boxIndex(r, c)].add(ch);
        }
    }
    fill(board, rowDigits, colDigits, boxDigits, 0, 0);
};

// true: the board is solved (leave it as it is); false: nothing fits, go back.
function fill(board, rowDigits, colDigits, boxDigits, row, col) {
    if (col >= 9) return fill(board, rowDigits, colDigits, boxDigits, row + 1, 0);
    if (row >= 9) return true;
    if (board[row][col] !== '.') return fill(board, rowDigits, colDigits, boxDigits, row, col + 1);
    const box = boxIndex(row, col);
    for (let d = 1; d <= 9; d++) {
        const ch = String(d);
        if (rowDigits[row].has(ch) || colDigits[col].has(ch) || boxDigits[box].has(ch)) continue;
        board[row][col] = ch;
        rowDigits[row].add(ch);
        colDigits[col].add(ch);
        boxDigits[box].add(ch);
        if (fill(board, rowDigits, colDigits, boxDigits, row, col + 1)) return true;
        rowDigits[row].delete(ch);
        colDigits[col].delete(ch);
        boxDigits[box].delete(ch);
        board[row][col] = '.';
    }
    return false;
}

function boxIndex(row, col) {
    return Math.floor(row / 3) * 3 + Math.floor(col / 3);
}
