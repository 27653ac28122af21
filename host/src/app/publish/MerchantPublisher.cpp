// MerchantImport publish (docs/imports.md §6.8): blank names are skipped, an existing merchant of
// that exact name is left untouched, new ones get the row colour (a palette colour when it is
// not #RRGGBB) and website.
#include "app/publish/CategoryStyle.h"
#include "app/publish/TypePublishers.h"
#include "store/TaxonomyStore.h"

#include <cctype>

namespace finimport::app {

namespace {

bool isHexColor(const std::string& c) {
    if (c.size() != 7 || c[0] != '#') return false;
    for (size_t i = 1; i < 7; ++i)
        if (!std::isxdigit(static_cast<unsigned char>(c[i]))) return false;
    return true;
}

} // namespace

void publishMerchants(PublishContext& ctx) {
    store::TaxonomyStore taxonomy(ctx.session);
    for (const auto& row : ctx.rows) {
        if (row.kind != "merchant") continue;
        const std::string name = row.fields.text("name");
        if (name.find_first_not_of(" \t") == std::string::npos) continue;
        if (taxonomy.merchantByName(ctx.import.familyId, name)) continue;
        const std::string color = row.fields.text("merchant_color");
        const std::string website = row.fields.text("merchant_website");
        store::MerchantRow m;
        m.familyId = ctx.import.familyId;
        m.name = name;
        m.color = isHexColor(color) ? color : paletteColorFor(name);
        if (!website.empty()) m.websiteUrl = website;
        m.importId = ctx.import.id;
        taxonomy.insertMerchant(m);
        ctx.created("Merchant", m.id);
    }
}

} // namespace finimport::app
