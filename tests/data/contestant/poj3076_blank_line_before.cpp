// POJ 3076: right answers, but a blank line BEFORE each grid where the
// statement puts one after: POJ answers Presentation Error.
#include <cstdio>
#include <cstring>

static int grid[256];
static unsigned rows[16], cols[16], boxes[16];

static int box_of(int cell) { return cell / 64 * 4 + cell % 16 / 4; }

static unsigned free_at(int cell) {
    return ~(rows[cell / 16] | cols[cell % 16] | boxes[box_of(cell)]) & 0xFFFF;
}

static void place(int cell, int d) {
    unsigned bit = 1u << (d - 1);
    grid[cell] = d;
    rows[cell / 16] ^= bit; cols[cell % 16] ^= bit; boxes[box_of(cell)] ^= bit;
}

// The cell of unit u (rows 0-15, cols 16-31, boxes 32-47) at index i.
static int unit_cell(int u, int i) {
    if (u < 16) return u * 16 + i;
    if (u < 32) return i * 16 + (u - 16);
    int b = u - 32;
    return (b / 4 * 4 + i / 4) * 16 + b % 4 * 4 + i % 4;
}

// Fewest choices first: a cell's candidates, or the cells of a unit where
// a digit can go.
static bool solve() {
    int best_count = 17, best_cell = -1, best_unit = -1, best_digit = 0;
    for (int cell = 0; cell < 256; cell++) {
        if (grid[cell]) continue;
        int count = __builtin_popcount(free_at(cell));
        if (count == 0) return false;
        if (count < best_count) { best_count = count; best_cell = cell; best_unit = -1; }
    }
    if (best_cell < 0) return true;
    for (int u = 0; u < 48 && best_count > 1; u++) {
        for (int d = 1; d <= 16; d++) {
            int count = 0, placed = 0;
            for (int i = 0; i < 16; i++) {
                int cell = unit_cell(u, i);
                if (grid[cell] == d) placed = 1;
                else if (!grid[cell] && (free_at(cell) >> (d - 1) & 1)) count++;
            }
            if (placed) continue;
            if (count == 0) return false;
            if (count < best_count) { best_count = count; best_unit = u; best_digit = d; }
        }
    }
    if (best_unit < 0) {
        unsigned free = free_at(best_cell);
        for (int d = 1; d <= 16; d++) {
            if (!(free >> (d - 1) & 1)) continue;
            place(best_cell, d);
            if (solve()) return true;
            place(best_cell, d);
            grid[best_cell] = 0;
        }
        return false;
    }
    for (int i = 0; i < 16; i++) {
        int cell = unit_cell(best_unit, i);
        if (grid[cell] || !(free_at(cell) >> (best_digit - 1) & 1)) continue;
        place(cell, best_digit);
        if (solve()) return true;
        place(cell, best_digit);
        grid[cell] = 0;
    }
    return false;
}

int main() {
    char line[64];
    for (;;) {
        int n = 0;
        memset(rows, 0, sizeof rows); memset(cols, 0, sizeof cols); memset(boxes, 0, sizeof boxes);
        while (n < 256 && scanf("%63s", line) == 1) {
            for (int i = 0; line[i] && n < 256; i++, n++) {
                grid[n] = 0;
                if (line[i] != '-') place(n, line[i] - 'A' + 1);
            }
        }
        if (n < 256) return 0;
        solve();
        printf("\n");
        for (int r = 0; r < 16; r++) {
            for (int c = 0; c < 16; c++) putchar('A' + grid[r * 16 + c] - 1);
            putchar('\n');
        }
    }
}
