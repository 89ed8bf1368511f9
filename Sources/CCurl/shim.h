#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed
// wrapper per kind of argument.

static inline CURLcode bbfan_curl_setopt_long(CURL *easy, CURLoption option, long value) {
  return curl_easy_setopt(easy, option, value);
}

static inline CURLcode bbfan_curl_setopt_off(CURL *easy, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(easy, option, value);
}

static inline CURLcode bbfan_curl_setopt_string(CURL *easy, CURLoption option, const char *value) {
  return curl_easy_setopt(easy, option, value);
}

static inline CURLcode bbfan_curl_setopt_pointer(CURL *easy, CURLoption option, void *value) {
  return curl_easy_setopt(easy, option, value);
}

static inline CURLcode bbfan_curl_setopt_list(CURL *easy, CURLoption option,
                                              struct curl_slist *value) {
  return curl_easy_setopt(easy, option, value);
}

// For CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION, which take the same signature.
static inline CURLcode bbfan_curl_setopt_callback(CURL *easy, CURLoption option,
                                                  curl_write_callback value) {
  return curl_easy_setopt(easy, option, value);
}

static inline CURLcode bbfan_curl_getinfo_long(CURL *easy, CURLINFO info, long *value) {
  return curl_easy_getinfo(easy, info, value);
}

// curl_share_setopt is variadic too.

static inline CURLSHcode bbfan_curl_share_setopt_long(CURLSH *share, CURLSHoption option,
                                                      long value) {
  return curl_share_setopt(share, option, value);
}

static inline CURLSHcode bbfan_curl_share_setopt_pointer(CURLSH *share, CURLSHoption option,
                                                         void *value) {
  return curl_share_setopt(share, option, value);
}

static inline CURLSHcode bbfan_curl_share_setopt_lock(CURLSH *share, curl_lock_function value) {
  return curl_share_setopt(share, CURLSHOPT_LOCKFUNC, value);
}

static inline CURLSHcode bbfan_curl_share_setopt_unlock(CURLSH *share,
                                                        curl_unlock_function value) {
  return curl_share_setopt(share, CURLSHOPT_UNLOCKFUNC, value);
}
