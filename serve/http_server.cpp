#include "serve/http_server.h"

#include <sys/socket.h>
#include <unistd.h>

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

HttpServer::HttpServer(std::size_t connections, std::chrono::milliseconds request_time)
    : request_time_(request_time) {
  new_task_queue = [connections] { return new ConnectionThreads(connections); };
}

void HttpServer::halt() {
  halting_ = true;
  stop();
}

bool HttpServer::process_and_close_socket(socket_t sock) {
  RequestStream stream(sock, halting_, kAnswerTime);
  bool ok = true;
  for (std::size_t count = 1; count <= keep_alive_max_count_; ++count) {
    if (!stream.wait_for_request(std::chrono::seconds(keep_alive_timeout_sec_))) break;
    stream.begin_request(request_time_, kHeadBytes);
    bool closed = false;
    ok = process_request(
        stream, count == keep_alive_max_count_, closed,
        [&](httplib::Request& req) { stream.begin_body(body_bytes(req, payload_max_length_)); });
    if (!ok || closed || stream.failed()) break;
  }
  ::shutdown(sock, SHUT_RDWR);
  ::close(sock);
  return ok;
}

}  // namespace egkb
