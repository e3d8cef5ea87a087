// TLS for `egkb serve --tls-cert FILE --tls-key FILE`, through OpenSSL (which egkb-serve links
// for cpp-httplib): the certificate and its key, read and checked once when the server starts.
// The handshake and the bytes of each connection go through serve/request_stream.h, under the
// same deadlines as plain HTTP.
#pragma once

#include <openssl/ssl.h>

#include <memory>
#include <string>

namespace egkb {

struct TlsFiles {
  std::string certificate;  // PEM: the server's certificate, then any intermediate ones
  std::string key;          // PEM: its private key, not encrypted
};

class TlsContext {
 public:
  // Throws InputError naming the file and option (--tls-cert, --tls-key) when a file is missing,
  // is not PEM of its kind, or the key is not the certificate's.
  explicit TlsContext(const TlsFiles& files);

  // A new connection's TLS state; nullptr when OpenSSL has no memory for it.
  SSL* connection() const;

 private:
  std::unique_ptr<SSL_CTX, void (*)(SSL_CTX*)> context_;
};

}  // namespace egkb
