// LeetCode 37 (Sudoku Solver), after write-up 001 (001_0f38cea3680a65db.txt), step 2: hash sets, still a flag.
// Our own code following that approach: one Set per row, column and box holds the digits already
// there (the givens are entered first); a digit is tried only if none of the three sets has it.
// A shared `solved` flag still stops the search; undo only while it is not set.
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

    let solved = false;

    function visit(row, col) {
        if (col >= 9) return visit(row + 1, 0);
        if (row >= 9) {
            solved = true;
            return;
        }
        if (board[row][col] !== '.') return visit(row, col + 1);
        const box = boxIndex(row, col);
        for (let d = 1; d <= 9; d++) {
            const ch = String(d);
            // "not (in row or in column or in box)", De Morgan's form of the three negations
            if (!(rowDigits[row].has(ch) || colDigits[col].has(ch) || boxDigits[box].has(ch))) {
                board[row][col] = ch;
                rowDigits[row].add(ch);
                colDigits[col].add(ch);
                boxDigits[box].add(ch);
                visit(row, col + 1);
                if (solved) return;
                rowDigits[row].delete(ch);
                colDigits[col].delete(ch);
                boxDigits[box].delete(ch);
                board[row][col] = '.';
            }
        }
    }

    visit(0, 0);
};

function boxIndex(row, col) {
    return Math.floor(row / 3) * 3 + Math.floor(col / 3);
}
