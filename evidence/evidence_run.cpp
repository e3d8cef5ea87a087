#include "evidence/evidence_run.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <set>

#include "base/utc_time.h"
#include "engine/score_bias.h"
#include "engine/score_code.h"
#include "evidence/evidence_record.h"
#include "lattice/material.h"

namespace egkb {

std::vector<Key> evidence_materials(const KnowledgeBase& kb, std::span<const std::size_t> rows,
                                    const std::optional<Shard>& shard) {
  std::set<Key> stored;
  for (const KbRow& r : kb.rows) stored.insert(r.key);
  std::set<Key> chosen;
  for (std::size_t i : rows) {
    const Key key = kb.rows[i].key;
    const Key other = mirror_key(key, *kb.pieces);
    chosen.insert(stored.count(other) > 0 ? std::min(key, other) : key);
  }
  std::vector<Key> materials;
  std::size_t n = 0;
  for (Key k : chosen) {
    if (!shard || n % shard->count == shard->index - 1) materials.push_back(k);
    ++n;
  }
  return materials;
}

EvidencePlan plan_evidence(std::span<const Key> materials, const PieceSet& pieces,
                           std::span<const EvidenceRecord> stored, const EvidenceRequest& request,
                           const std::string& engine) {
  const EvidenceSettings& settings = request.settings;
  const std::string budget = settings.budget.text();
  std::map<Key, const EvidenceRecord*> same;  // this search's rows, by the material searched
  for (const EvidenceRecord& r : stored) {
    if (r.engine == engine && r.budget == budget && r.seed == settings.seed) same[r.key] = &r;
  }
  EvidencePlan plan;
  plan.engine = engine;
  for (Key key : materials) {
    const auto found = same.count(key) ? same.find(key) : same.find(mirror_key(key, pieces));
    if (found == same.end()) {
      plan.materials.push_back(key);
      plan.tasks.push_back({material_of(key, pieces), {}, {}});
      plan.earlier.emplace_back();
      continue;
    }
    const EvidenceRecord& r = *found->second;
    plan.materials.push_back(r.key);
    std::vector<EngineScore> scores = scores_of_codes(r.scores);
    const Material material = material_of(r.key, pieces);
    if (!r.failed() && search_complete(scores, settings, score_bias(material, pieces))) {
      if (r.threshold == settings.threshold) {
        plan.kept.push_back(r);
      } else {
        plan.recounted.push_back(r);
        recount(plan.recounted.back(), settings.threshold, pieces);
      }
    } else {
      plan.tasks.push_back({material, std::move(scores), r.pvs});
      plan.earlier.push_back({r.seconds, r.restarts});
    }
  }
  return plan;
}

EvidenceOutcome run_evidence(const EvidencePlan& plan, const EvidenceRequest& request,
                             const PieceSet& pieces,
                             const std::function<void(const EvidenceRecord&)>& put,
                             const std::function<void(std::size_t, std::size_t)>& progress) {
  const auto started = std::chrono::steady_clock::now();
  EvidenceOutcome out;
  out.materials = plan.materials.size();
  out.kept = plan.kept.size() + plan.recounted.size();
  out.rows = plan.kept;
  for (const EvidenceRecord& r : plan.recounted) {
    put(r);
    out.rows.push_back(r);
  }
  std::size_t done = out.kept;
  if (progress) progress(done, out.materials);
  std::map<Key, const EarlierSearch*> earlier;
  for (std::size_t i = 0; i < plan.tasks.size(); ++i) {
    earlier[key_of(plan.tasks[i].material, pieces)] = &plan.earlier[i];
  }
  gather_evidence(request.engine, pieces, request.settings, plan.tasks, request.jobs,
                  [&](MaterialEvidence&& searched) {
                    const Key key = key_of(searched.material, pieces);
                    EvidenceRecord r =
                        record_of(searched, pieces, plan.engine, request.settings, *earlier[key]);
                    r.time = now_utc();
                    put(r);
                    ++out.searched;
                    out.failed += r.failed();
                    out.rows.push_back(std::move(r));
                    if (progress) progress(++done, out.materials);
                  });
  std::sort(out.rows.begin(), out.rows.end(),
            [](const EvidenceRecord& a, const EvidenceRecord& b) { return a.key < b.key; });
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return out;
}

}  // namespace egkb
