#include "app/backup/AccountTypes.h"

#include <map>
#include <set>
#include <sstream>

namespace finimport::app {

namespace {

std::set<std::string> words(const char* text) {
    std::set<std::string> out;
    std::istringstream in(text);
    for (std::string w; in >> w;)
        out.insert(w);
    return out;
}

const std::map<std::string, std::set<std::string>>& subtypes() {
    static const std::map<std::string, std::set<std::string>> table = {
        {"Depository", words("checking savings hsa cd money_market")},
        {"CreditCard", words("credit_card")},
        {"Loan", words("mortgage student auto home_equity line_of_credit business other")},
        {"Crypto", words("wallet exchange")},
        {"Property", words("single_family_home multi_family_home condominium townhouse "
                           "investment_property second_home apartment plot commercial agri_land")},
        {"Investment",
         words(
             "brokerage 401k roth_401k 403b 457b tsp ira roth_ira sep_ira simple_ira 529_plan hsa "
             "ugma utma isa lisa sipp workplace_pension_uk tfsa rrsp non-registered fhsa rdsp resp "
             "dpsp prpp lira rrif lif lrif prif rlif super smsf assurance_vie pea pillar_3a "
             "riester "
             "nps apy life_insurance indian_stocks indian_equity indian_etf ppf ssy nsc scss fd rd "
             "pomis kvp g_sec sdl corporate_bond infrastructure_bond tax_free_bond gold_etf "
             "gold_mf "
             "sgb pension retirement mutual_fund gold angel trust other")},
        {"Vehicle", {}},
        {"OtherAsset", {}},
        {"OtherLiability", {}}};
    return table;
}

} // namespace

bool isAccountableType(const std::string& type) {
    return subtypes().count(type) > 0;
}

bool isValidSubtype(const std::string& type, const std::string& subtype) {
    auto it = subtypes().find(type);
    if (it == subtypes().end()) return false;
    return it->second.empty() || it->second.count(subtype) > 0;
}

} // namespace finimport::app
