
#undef main
#line 1 "sudoku-judge-harness.c"
/* The judge's harness, after your code: reads LeetCode's board literal on
   stdin, calls your function with your prints sent to stderr, and prints
   the answer as a literal. */
int main(void) {
  static char text[1 << 16];
  size_t n = fread(text, 1, sizeof text - 1, stdin);
  text[n] = 0;
  char rows[9][9];
  char *board[9];
  int cols[9];
  int k = 0;
  memset(rows, '.', sizeof rows);
  for (size_t i = 0; i + 2 < n && k < 81; i++)
    if (text[i] == '"' && text[i + 2] == '"') { rows[k / 9][k % 9] = text[i + 1]; k++; i += 2; }
  for (int r = 0; r < 9; r++) { board[r] = rows[r]; cols[r] = 9; }
  fflush(stdout);
  int real = dup(1);
  dup2(2, 1);
#if SUDOKU_LC36
  bool valid = isValidSudoku(board, 9, cols);
#else
  solveSudoku(board, 9, cols);
#endif
  fflush(stdout);
  dup2(real, 1);
#if SUDOKU_LC36
  printf("%s\n", valid ? "true" : "false");
#else
  printf("[");
  for (int r = 0; r < 9; r++) {
    printf(r ? ",[" : "[");
    for (int c = 0; c < 9; c++) printf(c ? ",\"%c\"" : "\"%c\"", rows[r][c]);
    printf("]");
  }
  printf("]\n");
#endif
  return 0;
}
