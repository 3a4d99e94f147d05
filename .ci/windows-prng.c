/* ProcessPrng, which Rust's std imports from bcryptprimitives.dll, over
 * advapi32's SystemFunction036 (RtlGenRandom): wine 8 lacks the DLL. Built
 * by .ci/windows with MinGW and put next to the Windows executables. */
#include <windows.h>
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);
BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk)) return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
