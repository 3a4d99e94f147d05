// LeetCode 37 with its marks as vector<vector<bool>>, whose cells have no
// address of their own (they are bits behind a proxy): a store into a mark
// is seen by the trace's copy as a store into a table, which must still
// build, and the board's writes are followed as in any other file.
#include <vector>
using namespace std;

typedef vector<vector<bool>> Marks;

class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        Marks inRow(9, vector<bool>(10, false));
        Marks inCol(9, vector<bool>(10, false));
        Marks inBox(9, vector<bool>(10, false));
        for (int r = 0; r < 9; r++)
            for (int c = 0; c < 9; c++)
                if (board[r][c] != '.') {
                    int d = board[r][c] - '0';
                    inRow[r][d] = true;
                    inCol[c][d] = true;
                    inBox[r / 3 * 3 + c / 3][d] = true;
                }
        dfs(board, 0, inRow, inCol, inBox);
    }

private:
    bool dfs(vector<vector<char>>& board, int k, Marks& inRow, Marks& inCol, Marks& inBox) {
        if (k == 81) return true;
        int r = k / 9, c = k % 9;
        if (board[r][c] != '.') return dfs(board, k + 1, inRow, inCol, inBox);
        int b = r / 3 * 3 + c / 3;
        for (int d = 1; d <= 9; d++) {
            if (inRow[r][d] || inCol[c][d] || inBox[b][d]) continue;
            inRow[r][d] = true;
            inCol[c][d] = true;
            inBox[b][d] = true;
            board[r][c] = char('0' + d);
            if (dfs(board, k + 1, inRow, inCol, inBox)) return true;
            board[r][c] = '.';
            inRow[r][d] = false;
            inCol[c][d] = false;
            inBox[b][d] = false;
        }
        return false;
    }
};
