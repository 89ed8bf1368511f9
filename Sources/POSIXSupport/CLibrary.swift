// The platform's C library, imported once for every module that depends on POSIXSupport.
//
// `@_exported` makes `import POSIXSupport` bring Glibc (or Musl, or Darwin) with it, so the
// modules that call libc (threads, pipes, descriptors, errno, strerror) do not each repeat the
// `#if canImport(Glibc)` block. It is an underscored attribute, as many packages use it for
// the same purpose; only this file uses it.

#if canImport(Glibc)
  @_exported import Glibc
#elseif canImport(Musl)
  @_exported import Musl
#elseif canImport(Darwin)
  @_exported import Darwin
#endif
