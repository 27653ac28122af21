#pragma once
// The Rule, RuleRun and RuleEffect objects of docs/rules.md §11.2.

#include "http/JsonWriter.h"
#include "store/RuleRunStore.h"
#include "store/RuleTargets.h"

#include <map>
#include <string>

namespace finimport::http {

void writeRule(JsonWriter& w, const store::StoredRule& rule);
// `rules`: the family's rules by id (a run's `rule` is null once its rule is deleted).
void writeRuleRun(JsonWriter& w, const store::RuleRunRow& run,
                  const std::map<std::string, store::StoredRule>& rules);
void writeRuleEffect(JsonWriter& w, const store::EffectRow& effect);

} // namespace finimport::http
