// LeetCode 37 (Sudoku Solver), after write-up 001 (001_0f38cea3680a65db.txt), step 1: the naive version.
// Our own code following that approach: put a digit in the cell, then re-check its row, column
// and box by scanning them (with a Set, as in LeetCode 36); a shared `solved` flag, set when the
// walk runs off the last row, stops the whole search.
// Expected verdict: AC (slow, but within the limit).

/**
 * @param {character[][]} board
 * @return {void} Do not return anything, modify board in-place instead.
 */
var solveSudoku = function(board) {
    let solved = false;

    function visit(row, col) {
        if (col >= 9) return visit(row + 1, 0);   // past the end of a row: next row
        if (row >= 9) {                           // past the last row: every cell is filled
            solved = true;
            return;
        }
        if (board[row][col] !== '.') return visit(row, col + 1);
        for (let d = 1; d <= 9; d++) {
            board[row][col] = String(d);
            if (placementIsConsistent(board, row, col)) {
                visit(row, col + 1);
                if (solved) return;               // keep the answer, do not undo
            }
            board[row][col] = '.';
        }
    }

    visit(0, 0);
};

// Scans the row, the column and the box of (row, col) for a repeated digit.
function placementIsConsistent(board, row, col) {
    const rowSeen = new Set();
    for (let c = 0; c < 9; c++) {
        const ch = board[row][c];
        if (ch === '.') continue;
        if (rowSeen.has(ch)) return false;
        rowSeen.add(ch);
    }
    const colSeen = new Set();
    for (let r = 0; r < 9; r++) {
        const ch = board[r][col];
        if (ch === '.') continue;
        if (colSeen.has(ch)) return false;
        colSeen.add(ch);
    }
    const box = boxIndex(row, col);
    const top = Math.floor(box / 3) * 3;
    const left = (box % 3) * 3;
    const boxSeen = new Set();
    for (let r = top; r < top + 3; r++) {
        for (let c = left; c < left + 3; c++) {
            const ch = board[r][c];
            if (ch === '.') continue;
            if (boxSeen.has(ch)) return false;
            boxSeen.add(ch);
        }
    }
    return true;
}

function boxIndex(row, col) {
    return Math.floor(row / 3) * 3 + Math.floor(col / 3);
}
