// LeetCode 36 in C. Reads nothing: the word in the comment below is not a call.
bool isValidSudoku(char** board, int boardSize, int* boardColSize) {
    int seen[27] = {0};
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            if (board[r][c] == '.') continue;
            int bit = 1 << (board[r][c] - '1');
            // b gets the index of the cell's box
            int b = r / 3 * 3 + c / 3;
            if ((seen[r] | seen[9 + c] | seen[18 + b]) & bit) return false;
            seen[r] |= bit;
            seen[9 + c] |= bit;
            seen[18 + b] |= bit;
        }
    return true;
}
