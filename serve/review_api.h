// The review app's JSON API without HTTP: each call opens the store, does one thing and answers
// with a status and a JSON body (docs/formats.md, "Review app API"). Calls may run on many
// threads at once; each has its own store session, so the store's own rules keep them apart.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>

namespace egkb {

struct ApiReply {
  int status = 200;
  nlohmann::ordered_json body;
};

class ReviewApi {
 public:
  explicit ReviewApi(std::string store);
  ~ReviewApi();

  ApiReply batches();
  ApiReply batch(int64_t id);
  ApiReply node(const std::string& material);
  // `body`: {"verdict": "0".."9" or "ok", "reviewer": "..."}.
  ApiReply put_draft(int64_t batch, const std::string& material, const std::string& body);
  ApiReply remove_draft(int64_t batch, const std::string& material, const std::string& reviewer);
  // `body`: {"reviewer": "...", "partial": false, "accept_stale": false, "replace": false}.
  ApiReply submit(int64_t batch, const std::string& body);

  // How often submit plans again when another command committed between its plan and its write.
  static constexpr int kSubmitAttempts = 5;

 private:
  struct View;
  std::shared_ptr<const View> view_at(class Store& store);

  std::string store_;
  std::mutex view_mutex_;
  // Submits of this server plan and apply one at a time: planned together, all but one would
  // find the store changed under them.
  std::mutex submit_mutex_;
  std::shared_ptr<const View> view_;  // the nodes at the newest revision read
};

}  // namespace egkb
