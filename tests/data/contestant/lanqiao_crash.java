import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int[][] g = new int[9][9];
        for (int i = 0; i < 9; i++) {
            String s = in.next();
            for (int j = 0; j <= 9; j++) g[i][j] = s.charAt(j) - '0';
        }
        System.out.println(g[0][0]);
    }
}
