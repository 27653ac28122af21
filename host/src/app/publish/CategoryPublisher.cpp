// CategoryImport publish (docs/imports.md §6.7): two passes in the publish transaction. Pass 1
// upserts every row's category by exact name with its colour and icon and clears its parent
// (creating named parents that do not exist); pass 2 links the parents.
#include "app/publish/TypePublishers.h"
#include "store/TaxonomyStore.h"

#include <cctype>
#include <stdexcept>

namespace finimport::app {

namespace {

constexpr const char* kDefaultColor = "#737373";
constexpr const char* kDefaultIcon = "shapes";

bool isHexColor(const std::string& c) {
    if (c.size() != 7 || c[0] != '#') return false;
    for (size_t i = 1; i < 7; ++i)
        if (!std::isxdigit(static_cast<unsigned char>(c[i]))) return false;
    return true;
}

// Lucide icon names: lower-case letters, digits and single inner hyphens ("shopping-basket").
bool isIconName(const std::string& icon) {
    if (icon.empty() || icon.size() > 64 || icon.front() == '-' || icon.back() == '-') return false;
    for (size_t i = 0; i < icon.size(); ++i) {
        unsigned char ch = static_cast<unsigned char>(icon[i]);
        if (ch == '-' ? icon[i - 1] == '-' : !(std::islower(ch) || std::isdigit(ch))) return false;
    }
    return true;
}

std::string rowError(const PublishRow& row, const std::string& message) {
    return "Row " + std::to_string(row.number) + ": " + message;
}

} // namespace

void publishCategories(PublishContext& ctx) {
    store::TaxonomyStore taxonomy(ctx.session);
    const std::string& family = ctx.import.familyId;
    auto create = [&](const std::string& name, const std::string& color, const std::string& icon) {
        store::CategoryRow c;
        c.familyId = family;
        c.name = name;
        c.color = color.empty() ? kDefaultColor : color;
        c.icon = icon.empty() ? kDefaultIcon : icon;
        c.importId = ctx.import.id;
        taxonomy.insertCategory(c);
        ctx.created("Category", c.id);
        return c;
    };

    // Pass 1: upsert by name, parent cleared; named parents exist afterwards.
    for (const auto& row : ctx.rows) {
        if (row.kind != "category") continue;
        const std::string name = row.fields.text("name");
        const std::string color = row.fields.text("category_color");
        const std::string icon = row.fields.text("category_icon");
        const std::string parent = row.fields.text("category_parent");
        if (!color.empty() && !isHexColor(color))
            throw std::runtime_error(rowError(row, "Category '" + name + "': color \"" + color +
                                                       "\" is not a hex colour like #RRGGBB"));
        if (!icon.empty() && !isIconName(icon))
            throw std::runtime_error(rowError(row, "Category '" + name + "': icon \"" + icon +
                                                       "\" is not a valid icon name"));
        if (parent == name)
            throw std::runtime_error("Category '" + name + "' cannot be its own parent");
        auto existing = taxonomy.categoryByName(family, name);
        if (existing) {
            if (!color.empty()) existing->color = color;
            if (!icon.empty()) existing->icon = icon;
            existing->parentId.reset();
            taxonomy.updateCategory(*existing);
        } else {
            create(name, color, icon);
        }
        if (!parent.empty() && !taxonomy.categoryByName(family, parent)) create(parent, "", "");
    }

    // Pass 2: link parents (later rows win for repeated names). One level of nesting only; a
    // subcategory takes its parent's colour (the reference's model rule).
    for (const auto& row : ctx.rows) {
        if (row.kind != "category") continue;
        const std::string name = row.fields.text("name");
        const std::string parentName = row.fields.text("category_parent");
        auto c = taxonomy.categoryByName(family, name);
        if (parentName.empty()) {
            if (c->parentId) {
                c->parentId.reset();
                taxonomy.updateCategory(*c);
            }
            continue;
        }
        auto parent = taxonomy.categoryByName(family, parentName);
        c->parentId = parent->id;
        c->color = parent->color;
        taxonomy.updateCategory(*c);
    }
    for (const auto& row : ctx.rows) {
        if (row.kind != "category") continue;
        auto c = taxonomy.categoryByName(family, row.fields.text("name"));
        if (!c->parentId) continue;
        auto parent = taxonomy.categoryById(family, *c->parentId);
        if (parent && parent->parentId)
            throw std::runtime_error("Category '" + c->name + "' cannot be a subcategory of '" +
                                     parent->name + "', which is itself a subcategory");
    }
}

} // namespace finimport::app
