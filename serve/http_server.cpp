#include "serve/http_server.h"

#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <memory>

#include "base/text.h"
#include "serve/connection_threads.h"
#include "serve/request_stream.h"

namespace egkb {

namespace {

// Room for the chunk sizes of a chunked body on top of the body limit.
constexpr std::size_t kFramingBytes = 4096;

// What a request's body may take from the stream. httplib bounds a body of declared length
// itself (it reads no more, or discards a longer one to answer 413), but reads a chunked or
// unsized body whole and inflates a compressed one without limit; the app sends neither of the
// last kind, so such a body is refused at its first byte.
std::size_t body_bytes(const httplib::Request& req, std::size_t limit) {
  const std::string encoding = req.get_header_value("Content-Encoding");
  if (!encoding.empty() && encoding != "identity") return 0;
  const bool chunked = lowercase(req.get_header_value("Transfer-Encoding")) == "chunked";
  if (!chunked && req.has_header("Content-Length")) return RequestStream::kUnlimited;
  return limit + kFramingBytes;
}

}  // namespace

HttpServer::HttpServer(std::size_t connections, std::chrono::milliseconds request_time,
                       const TlsContext* tls)
    : request_time_(request_time), tls_(tls) {
  new_task_queue = [connections] { return new ConnectionThreads(connections); };
}

void HttpServer::halt() {
  halting_ = true;
  stop();
}

bool HttpServer::process_and_close_socket(socket_t sock) {
  const std::unique_ptr<SSL, void (*)(SSL*)> tls(tls_ ? tls_->connection() : nullptr, SSL_free);
  if (tls_ && (!tls || SSL_set_fd(tls.get(), sock) != 1 ||
               ::fcntl(sock, F_SETFL, ::fcntl(sock, F_GETFL) | O_NONBLOCK) != 0)) {
    ::close(sock);
    return false;
  }
  RequestStream stream(sock, tls.get(), halting_, kAnswerTime);
  bool ok = stream.handshake(request_time_);
  for (std::size_t count = 1; ok && count <= keep_alive_max_count_; ++count) {
    if (!stream.wait_for_request(std::chrono::seconds(keep_alive_timeout_sec_))) break;
    stream.begin_request(request_time_, kHeadBytes);
    bool closed = false;
    ok = process_request(
        stream, count == keep_alive_max_count_, closed,
        [&](httplib::Request& req) { stream.begin_body(body_bytes(req, payload_max_length_)); });
    if (!ok || closed || stream.failed()) break;
  }
  if (tls && ok) SSL_shutdown(tls.get());  // TLS's goodbye, sent once without waiting
  ::shutdown(sock, SHUT_RDWR);
  ::close(sock);
  return ok;
}

}  // namespace egkb
