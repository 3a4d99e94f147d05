import java.util.Scanner;

// 蓝桥杯 数独（Java），注释为 GBK 编码
public class Main {
    static int[][] g = new int[9][9];

    static boolean fits(int r, int c, int d) {
        for (int i = 0; i < 9; i++) {
            if (g[r][i] == d || g[i][c] == d) return false;
        }
        for (int i = r / 3 * 3; i < r / 3 * 3 + 3; i++)
            for (int j = c / 3 * 3; j < c / 3 * 3 + 3; j++)
                if (g[i][j] == d) return false;
        return true;
    }

    // 深度优先搜索
    static boolean dfs(int k) {
        if (k == 81) return true;
        int r = k / 9, c = k % 9;
        if (g[r][c] != 0) return dfs(k + 1);
        for (int d = 1; d <= 9; d++) {
            if (fits(r, c, d)) {
                g[r][c] = d;
                if (dfs(k + 1)) return true;
                g[r][c] = 0;
            }
        }
        return false;
    }

    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        for (int i = 0; i < 9; i++) {
            String s = in.next();
            for (int j = 0; j < 9; j++) g[i][j] = s.charAt(j) - '0';
        }
        dfs(0);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < 9; i++) {
            for (int j = 0; j < 9; j++) out.append(g[i][j]);
            out.append('\n');
        }
        System.out.print(out);
    }
}
