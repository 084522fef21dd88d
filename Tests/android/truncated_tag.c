/* Frees a heap pointer whose tag was cleared, as Swift's arm64 layout outside Android clears the
 * top bits of a reference: under the tagged heap (tagged_heap.c) this must stop the process, as
 * bionic does, or the Android runs could not find that crash. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    void *block = malloc(32);
    if (block == NULL) return 2;
    if (((uintptr_t)block >> 56) != 0xB4) {
        fprintf(stderr, "truncated_tag: malloc gave %p, without bionic's tag\n", block);
        return 1;
    }
    free((void *)((uintptr_t)block & ~((uintptr_t)0xFF << 56)));
    fprintf(stderr, "truncated_tag: the truncated pointer was freed\n");
    return 1;
}
