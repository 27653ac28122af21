#include "domain/AccountKind.h"

#include <array>

namespace finimport::domain {

namespace {

struct KindInfo {
    AccountKind kind;
    std::string_view snake;
    std::string_view name;
    BalanceKind balanceKind;
    bool liability;
};

// docs/balances.md "Account kinds", in enum order.
constexpr std::array<KindInfo, 9> kKinds = {{
    {AccountKind::Depository, "depository", "Depository", BalanceKind::Cash, false},
    {AccountKind::CreditCard, "credit_card", "CreditCard", BalanceKind::Cash, true},
    {AccountKind::Investment, "investment", "Investment", BalanceKind::Investment, false},
    {AccountKind::Crypto, "crypto", "Crypto", BalanceKind::Investment, false},
    {AccountKind::Property, "property", "Property", BalanceKind::NonCash, false},
    {AccountKind::Vehicle, "vehicle", "Vehicle", BalanceKind::NonCash, false},
    {AccountKind::OtherAsset, "other_asset", "OtherAsset", BalanceKind::NonCash, false},
    {AccountKind::Loan, "loan", "Loan", BalanceKind::NonCash, true},
    {AccountKind::OtherLiability, "other_liability", "OtherLiability", BalanceKind::NonCash, true},
}};

constexpr bool inEnumOrder() {
    for (size_t i = 0; i < kKinds.size(); ++i)
        if (static_cast<size_t>(kKinds[i].kind) != i) return false;
    return true;
}
static_assert(inEnumOrder(), "kKinds is indexed by AccountKind");

const KindInfo& info(AccountKind kind) {
    return kKinds.at(static_cast<size_t>(kind));
}

} // namespace

std::optional<AccountKind> accountKindFromSnake(std::string_view snake) {
    for (const KindInfo& k : kKinds)
        if (k.snake == snake) return k.kind;
    return std::nullopt;
}

std::optional<AccountKind> accountKindFromName(std::string_view name) {
    for (const KindInfo& k : kKinds)
        if (k.name == name) return k.kind;
    return std::nullopt;
}

std::string_view accountKindSnake(AccountKind kind) {
    return info(kind).snake;
}
std::string_view accountKindName(AccountKind kind) {
    return info(kind).name;
}
bool isLiability(AccountKind kind) {
    return info(kind).liability;
}
int flowsFactor(AccountKind kind) {
    return info(kind).liability ? -1 : 1;
}
BalanceKind balanceKindOf(AccountKind kind) {
    return info(kind).balanceKind;
}

} // namespace finimport::domain
