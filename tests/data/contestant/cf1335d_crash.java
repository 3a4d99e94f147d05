// Codeforces takes any public class: this one is built as Anti.java, which
// its stack trace names; the crash is on line 12 of this file.
import java.util.Scanner;

public class Anti {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int t = in.nextInt();
        int[] changed = new int[0];
        // Reads past the end of an empty array: ArrayIndexOutOfBoundsException.
        for (int i = 0; i < t; i++) {
            System.out.println(changed[i]);
        }
    }
}
