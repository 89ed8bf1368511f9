// OpenSSL's libcrypto (Debian's libssl-dev): SHA-256, HMAC, PBKDF2 and constant-time comparison
// for FanCore on Linux. Apple platforms use CommonCrypto instead.
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
