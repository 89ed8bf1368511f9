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
