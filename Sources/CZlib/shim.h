#include <zlib.h>

// zlib is not linked: FanCore loads it with dlopen the first time it compresses or inflates
// (LibZ.swift), and this module gives only its types and constants. Each function bbfan calls
// has its pointer type here, taken from the header's own declaration, so the Swift side cannot
// declare it differently.
typedef __typeof__(&uncompress) bbfan_z_uncompress_f;
typedef __typeof__(&compress2) bbfan_z_compress2_f;
typedef __typeof__(&compressBound) bbfan_z_compressBound_f;
