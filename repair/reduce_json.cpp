#include "repair/reduce_json.h"

#include "lattice/material.h"
#include "present/json_forms.h"
#include "present/trace_json.h"
#include "reducer/validation_json.h"

namespace egkb {

namespace {

nlohmann::ordered_json prior_of(const ReduceOutcome& r) {
  return r.prior ? prior_json(*r.prior, r.prior_weight) : nlohmann::ordered_json();
}

nlohmann::ordered_json certificate_of(const ReduceOutcome& r) {
  return r.reduction.certificate ? certificate_json(*r.reduction.certificate, r.cost)
                                 : nlohmann::ordered_json();
}

nlohmann::ordered_json validation_of(const ReduceOutcome& r) {
  return r.validation ? validation_json(*r.validation) : nlohmann::ordered_json();
}

}  // namespace

nlohmann::ordered_json reduce_json(const ReducePlan& plan, const PieceSet& pieces) {
  const ReduceOutcome& r = plan.outcome;
  nlohmann::ordered_json queued = nlohmann::ordered_json::array();
  for (Key key : r.queued) queued.push_back(material_text(key, pieces));
  return {
      {"method", std::string(method_name(plan.request.method))},
      {"iterations", r.reduction.iterations},
      {"modified", r.changed_rows.size()},
      {"objective", r.objective},
      {"seconds", r.seconds},
      {"before", conflicts_json(r.before)},
      {"after", conflicts_json(r.after)},
      {"ties", r.reduction.ties},
      {"queued", queued},
      {"trace", trace_json(r.reduction.trace)},
      {"prior", prior_of(r)},
      {"certificate", certificate_of(r)},
      {"ambiguous", r.ambiguous_rows},
      {"validation", validation_of(r)},
      {"settled_edges", r.settled},
  };
}

nlohmann::ordered_json reduce_parameters_json(const ReducePlan& plan) {
  const ReduceRequest& request = plan.request;
  const ReduceOutcome& r = plan.outcome;
  return {{"file", plan.inputs.kb},          {"method", std::string(method_name(request.method))},
          {"weighted", request.weighted},    {"soft", request.soft},
          {"lambda", request.lambda},        {"ties", kTies.name(request.ties)},
          {"weights", plan.inputs.weights},  {"prior", prior_of(r)},
          {"cost", cost_shape_name(r.cost)}, {"certificate", certificate_of(r)},
          {"validation", validation_of(r)}};
}

}  // namespace egkb
