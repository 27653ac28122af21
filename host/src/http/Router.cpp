#include "http/Router.h"

#include <algorithm>
#include <optional>
#include <stdexcept>

namespace finimport::http {

namespace {

bool isCapture(const std::string& segment) {
    return segment.size() > 2 && segment.front() == '{' && segment.back() == '}';
}

// "/a/b/" -> {"a","b"}; nullopt for a path that is not absolute or has an empty segment.
std::optional<std::vector<std::string>> splitPath(std::string_view path) {
    if (path.empty() || path.front() != '/') return std::nullopt;
    if (path.size() > 1 && path.back() == '/') path.remove_suffix(1);
    std::vector<std::string> segments;
    if (path == "/") return segments;
    std::size_t pos = 1;
    for (;;) {
        const std::size_t slash = path.find('/', pos);
        const std::string_view segment = path.substr(pos, slash - pos);
        if (segment.empty()) return std::nullopt;
        segments.emplace_back(segment);
        if (slash == std::string_view::npos) return segments;
        pos = slash + 1;
    }
}

// Literal segments rank before captures, position by position (earlier positions first).
bool moreSpecific(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
        const bool aLiteral = !isCapture(a[i]);
        const bool bLiteral = !isCapture(b[i]);
        if (aLiteral != bLiteral) return aLiteral;
    }
    return false;
}

} // namespace

Route& Router::add(Route route) {
    auto segments = splitPath(route.pattern);
    if (!segments || !route.handler || route.method.empty()) {
        throw std::invalid_argument("bad route: " + route.method + " " + route.pattern);
    }
    for (const auto& existing : _routes) {
        if (existing.route.method == route.method && existing.segments == *segments) {
            throw std::invalid_argument("duplicate route: " + route.method + " " + route.pattern);
        }
    }
    _routes.push_back(Compiled{std::move(route), std::move(*segments)});
    return _routes.back().route;
}

Route& Router::get(std::string pattern, AuthRequirement auth, Handler handler) {
    return add(Route{"GET", std::move(pattern), auth, BodyMode::None, std::move(handler),
                     kDefaultInternalErrorMessage});
}

Route& Router::post(std::string pattern, AuthRequirement auth, BodyMode body, Handler handler) {
    return add(Route{"POST", std::move(pattern), auth, body, std::move(handler),
                     kDefaultInternalErrorMessage});
}

std::vector<std::pair<std::string, std::string>> Router::routes() const {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& compiled : _routes)
        out.emplace_back(compiled.route.method, compiled.route.pattern);
    return out;
}

RouteMatch Router::match(std::string_view method, std::string_view path) const {
    RouteMatch result;
    const auto segments = splitPath(path);
    if (!segments) return result;
    const Compiled* best = nullptr;
    for (const auto& compiled : _routes) {
        if (compiled.segments.size() != segments->size()) continue;
        bool matches = true;
        for (std::size_t i = 0; i < segments->size() && matches; ++i) {
            const std::string& want = compiled.segments[i];
            matches = isCapture(want) || want == (*segments)[i];
        }
        if (!matches) continue;
        if (compiled.route.method != method) {
            if (std::find(result.allowedMethods.begin(), result.allowedMethods.end(),
                          compiled.route.method) == result.allowedMethods.end()) {
                result.allowedMethods.push_back(compiled.route.method);
            }
            continue;
        }
        if (best == nullptr || moreSpecific(compiled.segments, best->segments)) best = &compiled;
    }
    if (best == nullptr) {
        std::sort(result.allowedMethods.begin(), result.allowedMethods.end());
        return result;
    }
    result.route = &best->route;
    result.allowedMethods.clear();
    for (std::size_t i = 0; i < segments->size(); ++i) {
        const std::string& want = best->segments[i];
        if (isCapture(want)) {
            result.pathParams[want.substr(1, want.size() - 2)] =
                percentDecode((*segments)[i], false);
        }
    }
    return result;
}

} // namespace finimport::http
