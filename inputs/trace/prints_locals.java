// A user's own Lanqiao program in Java, for `sudoku trace --approach`: the
// board is a static int[9][9], and each placement prints its call's locals
// to stderr in the trace's own words (`k = 2, r = 0, c = 2, d = 1`), so a
// test can hold the locals the trace shows to what the program prints.
import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static int[][] g = new int[9][9];

    static boolean fits(int r, int c, int d) {
        for (int i = 0; i < 9; i++) {
            if (g[r][i] == d || g[i][c] == d || g[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d) return false;
        }
        return true;
    }

    static boolean dfs(int k) {
        if (k == 81) return true;
        int r = k / 9, c = k % 9;
        if (g[r][c] != 0) return dfs(k + 1);
        for (int d = 1; d <= 9; d++) {
            if (!fits(r, c, d)) continue;
            g[r][c] = d;
            System.err.println("k = " + k + ", r = " + r + ", c = " + c + ", d = " + d);
            if (dfs(k + 1)) return true;
            g[r][c] = 0;
        }
        return false;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        for (int r = 0; r < 9; r++) {
            String s = in.readLine().trim();
            for (int c = 0; c < 9; c++) g[r][c] = s.charAt(c) - '0';
        }
        dfs(0);
        StringBuilder out = new StringBuilder();
        for (int r = 0; r < 9; r++) {
            for (int c = 0; c < 9; c++) out.append(g[r][c]);
            out.append('\n');
        }
        System.out.print(out);
    }
}
