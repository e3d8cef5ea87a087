#include "serve/tls.h"

#include <openssl/err.h>
#include <openssl/pem.h>

#include <filesystem>
#include <stdexcept>

#include "base/errors.h"
#include "base/text.h"

namespace egkb {

namespace {

// OpenSSL's reasons for the failure just seen, oldest first, its queue emptied.
std::string openssl_reason() {
  std::string reasons;
  while (const unsigned long error = ERR_get_error()) {
    const char* text = ERR_reason_error_string(error);
    if (text != nullptr && reasons.find(text) == std::string::npos) {
      reasons += (reasons.empty() ? "" : ", ") + std::string(text);
    }
  }
  return reasons.empty() ? "no reason given" : reasons;
}

void require_file(const std::string& path, const char* option) {
  std::error_code error;
  const std::filesystem::file_status status = std::filesystem::status(path, error);
  if (!std::filesystem::exists(status)) throw InputError(path, 0, option, "no such file");
  if (!std::filesystem::is_regular_file(status)) {
    throw InputError(path, 0, option, "not a file (a PEM file is needed)");
  }
}

// OpenSSL would ask a passphrase on the terminal for an encrypted key: the server has nobody to
// ask, so it is refused as a key it cannot read.
int no_passphrase(char*, int, int, void*) {
  return 0;
}

// The private key in a PEM file; nullptr when it holds none OpenSSL can read without a passphrase.
EVP_PKEY* read_key(const std::string& path) {
  const std::unique_ptr<BIO, int (*)(BIO*)> file(BIO_new_file(path.c_str(), "r"), BIO_free);
  if (!file) return nullptr;
  return PEM_read_bio_PrivateKey(file.get(), nullptr, no_passphrase, nullptr);
}

}  // namespace

TlsContext::TlsContext(const TlsFiles& files)
    : context_(SSL_CTX_new(TLS_server_method()), SSL_CTX_free) {
  SSL_CTX* context = context_.get();
  if (context == nullptr) {
    throw std::runtime_error("OpenSSL could not make a TLS context: " + openssl_reason());
  }
  require_file(files.certificate, "--tls-cert");
  require_file(files.key, "--tls-key");
  SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION);
  // A client that closes without TLS's goodbye ends its connection as a plain one would.
  SSL_CTX_set_options(context, SSL_OP_IGNORE_UNEXPECTED_EOF | SSL_OP_NO_RENEGOTIATION);
  if (SSL_CTX_use_certificate_chain_file(context, files.certificate.c_str()) != 1) {
    throw InputError(files.certificate, 0, "--tls-cert",
                     "not a certificate in PEM form (" + openssl_reason() + ")");
  }
  const std::unique_ptr<EVP_PKEY, void (*)(EVP_PKEY*)> key(read_key(files.key), EVP_PKEY_free);
  if (!key) {
    throw InputError(
        files.key, 0, "--tls-key",
        "not a private key in PEM form without a passphrase (" + openssl_reason() + ")");
  }
  if (SSL_CTX_use_PrivateKey(context, key.get()) != 1 || SSL_CTX_check_private_key(context) != 1) {
    throw InputError(files.key, 0, "--tls-key",
                     "not the key of the certificate " + path_text(files.certificate) + " (" +
                         openssl_reason() + ")");
  }
}

SSL* TlsContext::connection() const {
  return SSL_new(context_.get());
}

}  // namespace egkb
