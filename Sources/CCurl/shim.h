#include <curl/curl.h>

// libcurl is not linked: FanCurl loads it with dlopen (LibCurl.swift), and this module gives only
// its types and constants. curl_easy_setopt, curl_easy_getinfo and curl_share_setopt are variadic,
// which Swift can neither call nor hold as function pointers: FanCurl holds them as raw addresses,
// and these wrappers (one per kind of argument) call the address they are given.

typedef CURLcode (*bbfan_curl_setopt_variadic)(CURL *, CURLoption, ...);
typedef CURLcode (*bbfan_curl_getinfo_variadic)(CURL *, CURLINFO, ...);
typedef CURLSHcode (*bbfan_curl_share_variadic)(CURLSH *, CURLSHoption, ...);

static inline CURLcode bbfan_curl_setopt_long(void *setopt, CURL *easy, CURLoption option,
                                              long value) {
  return ((bbfan_curl_setopt_variadic)setopt)(easy, option, value);
}

static inline CURLcode bbfan_curl_setopt_off(void *setopt, CURL *easy, CURLoption option,
                                             curl_off_t value) {
  return ((bbfan_curl_setopt_variadic)setopt)(easy, option, value);
}

static inline CURLcode bbfan_curl_setopt_string(void *setopt, CURL *easy, CURLoption option,
                                                const char *value) {
  return ((bbfan_curl_setopt_variadic)setopt)(easy, option, value);
}

static inline CURLcode bbfan_curl_setopt_pointer(void *setopt, CURL *easy, CURLoption option,
                                                 void *value) {
  return ((bbfan_curl_setopt_variadic)setopt)(easy, option, value);
}

static inline CURLcode bbfan_curl_setopt_list(void *setopt, CURL *easy, CURLoption option,
                                              struct curl_slist *value) {
  return ((bbfan_curl_setopt_variadic)setopt)(easy, option, value);
}

// For CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION, which take the same signature.
static inline CURLcode bbfan_curl_setopt_callback(void *setopt, CURL *easy, CURLoption option,
                                                  curl_write_callback value) {
  return ((bbfan_curl_setopt_variadic)setopt)(easy, option, value);
}

static inline CURLcode bbfan_curl_getinfo_long(void *getinfo, CURL *easy, CURLINFO info,
                                               long *value) {
  return ((bbfan_curl_getinfo_variadic)getinfo)(easy, info, value);
}

static inline CURLSHcode bbfan_curl_share_setopt_long(void *setopt, CURLSH *share,
                                                      CURLSHoption option, long value) {
  return ((bbfan_curl_share_variadic)setopt)(share, option, value);
}

static inline CURLSHcode bbfan_curl_share_setopt_pointer(void *setopt, CURLSH *share,
                                                         CURLSHoption option, void *value) {
  return ((bbfan_curl_share_variadic)setopt)(share, option, value);
}

static inline CURLSHcode bbfan_curl_share_setopt_lock(void *setopt, CURLSH *share,
                                                      curl_lock_function value) {
  return ((bbfan_curl_share_variadic)setopt)(share, CURLSHOPT_LOCKFUNC, value);
}

static inline CURLSHcode bbfan_curl_share_setopt_unlock(void *setopt, CURLSH *share,
                                                        curl_unlock_function value) {
  return ((bbfan_curl_share_variadic)setopt)(share, CURLSHOPT_UNLOCKFUNC, value);
}
