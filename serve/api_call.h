// What every call of the review app's API (serve/review_api.h) shares: the refusal it answers
// with, egkb's failures turned into HTTP statuses, and the parts of a request read and checked.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "base/errors.h"
#include "lattice/piece_set.h"
#include "lattice/types.h"
#include "review/faults.h"
#include "review/roles.h"
#include "serve/review_api.h"
#include "store/batches.h"

namespace egkb::api {

// Thrown inside a call to answer with that status and the CLI's message text.
struct Refusal {
  Refusal(int status, std::string message, std::string field, std::size_t line = 0,
          Choice choice = Choice::None)
      : status(status),
        message(std::move(message)),
        field(std::move(field)),
        line(line),
        choice(choice) {}

  int status;
  std::string message;
  std::string field;
  std::size_t line;
  Choice choice;
  std::vector<std::size_t> lines;  // every row the refusal names, by its sheet line
  nlohmann::ordered_json more = nlohmann::ordered_json::object();  // fields the answer adds
};

nlohmann::ordered_json error_json(const Refusal& r);

// A refusal as the app shows it: the row by its sheet line, never the sheet's name the command
// line gives ("batch 2 as answered by alice:5: verdict: …"); a list of rows says each row's line.
std::string refusal_text(const InputError& e);

// Runs one call, turning egkb's failures into the statuses docs/formats.md lists: 404 for an
// unknown batch or material, `input_status` for other refused input, 403 for a change the
// reviewer's role does not allow or of a store this server may not write (for good: the app
// shows it rather than sending it again), 409 when the store stayed busy or changed under every
// attempt, 500 when it cannot be read.
template <typename Work>
ApiReply answer(int input_status, Work&& work) {
  try {
    return work();
  } catch (const Refusal& r) {
    return {r.status, error_json(r)};
  } catch (const RoleError& e) {
    return {403, error_json(Refusal(0, e.message(), e.field(), e.line()))};
  } catch (const RowsRefused& e) {
    Refusal r(0, refusal_text(e), e.field(), e.line(), e.choice());
    r.lines = e.lines();
    return {input_status, error_json(r)};
  } catch (const InputError& e) {
    return {input_status, error_json(Refusal(0, refusal_text(e), e.field(), e.line(), e.choice()))};
  } catch (const MaterialParseError& e) {
    return {400, error_json(Refusal(0, e.what(), "material"))};
  } catch (const StoreReadOnly& e) {
    return {403, error_json(Refusal(0, e.what(), ""))};
  } catch (const StoreConflict& e) {
    return {409, error_json(Refusal(0, e.what(), ""))};
  } catch (const std::exception& e) {
    return {500, error_json(Refusal(0, e.what(), ""))};
  }
}

nlohmann::json parse_body(const std::string& body);

// The reviewer a request acts for. With a reviewer's token it is the token's: a body may name
// that reviewer or none, never another.
std::string reviewer_of(const nlohmann::json& body, const Caller& caller);

// The reviewer a query names (`?reviewer=`), checked as a body's is.
std::string reviewer_in_query(const std::string& reviewer, const Caller& caller);

// A flag of the body, false when it is left out.
bool flag_of(const nlohmann::json& body, const char* name);

Key key_of_text(const std::string& text, const PieceSet& pieces);

// The batch, or a 404 when the store has none of that id. Read in a session of its own, so a
// draft's write session reads nothing and never finds its snapshot stale.
Batch batch_of(const std::string& path, BatchId id);

}  // namespace egkb::api
