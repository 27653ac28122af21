#include "app/publish/CategoryStyle.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace finimport::app {

std::string paletteColorFor(const std::string& name) {
    static const char* kPalette[] = {"#e99537", "#4da568", "#6471eb", "#db5a54", "#df4e92",
                                     "#c44fe9", "#eb5429", "#61c9ea", "#805dee", "#6ad28a"};
    unsigned hash = 2166136261u;
    for (unsigned char c : name)
        hash = (hash ^ c) * 16777619u;
    return kPalette[hash % 10];
}

std::string suggestedIcon(const std::string& name) {
    static const std::vector<std::pair<std::vector<const char*>, const char*>> table = {
        {{"income", "salary", "paycheck", "wage", "earning"}, "circle-dollar-sign"},
        {{"groceries", "grocery", "supermarket"}, "shopping-bag"},
        {{"food", "dining", "restaurant", "meal", "lunch", "dinner", "breakfast"}, "utensils"},
        {{"coffee", "cafe", "café"}, "coffee"},
        {{"shopping", "retail"}, "shopping-cart"},
        {{"transport", "transit", "commute", "subway", "metro"}, "bus"},
        {{"parking"}, "circle-parking"},
        {{"car", "auto", "vehicle"}, "car"},
        {{"gas", "fuel", "petrol"}, "fuel"},
        {{"flight", "airline", "travel", "trip", "vacation", "holiday"}, "plane"},
        {{"hotel", "lodging", "accommodation"}, "hotel"},
        {{"movie", "cinema", "film", "theater", "theatre"}, "film"},
        {{"music", "concert"}, "music"},
        {{"game", "gaming"}, "gamepad-2"},
        {{"entertainment", "leisure"}, "drama"},
        {{"sport", "fitness", "gym", "workout", "exercise"}, "dumbbell"},
        {{"pharmacy", "drug", "medicine", "pill", "medication", "dental", "dentist"}, "pill"},
        {{"health", "medical", "clinic", "doctor", "physician"}, "stethoscope"},
        {{"personal care", "beauty", "salon", "spa", "hair"}, "scissors"},
        {{"mortgage", "rent", "home", "house", "apartment", "housing"}, "home"},
        {{"improvement", "renovation", "remodel"}, "hammer"},
        {{"repair", "maintenance"}, "wrench"},
        {{"electric", "power", "energy"}, "zap"},
        {{"water", "sewage"}, "waves"},
        {{"internet", "cable", "broadband", "subscription", "streaming"}, "wifi"},
        {{"utilities", "utility"}, "lightbulb"},
        {{"phone", "telephone"}, "phone"},
        {{"mobile", "cell"}, "smartphone"},
        {{"insurance"}, "shield"},
        {{"gift", "present"}, "gift"},
        {{"donat", "charity", "nonprofit"}, "hand-helping"},
        {{"tax", "irs", "revenue"}, "landmark"},
        {{"loan", "debt", "credit card"}, "credit-card"},
        {{"service", "professional"}, "briefcase"},
        {{"fee", "charge"}, "receipt"},
        {{"bank", "banking"}, "landmark"},
        {{"saving"}, "piggy-bank"},
        {{"invest", "stock", "fund", "portfolio"}, "trending-up"},
        {{"pet", "dog", "cat", "animal", "vet"}, "paw-print"},
        {{"education", "school", "university", "college", "tuition"}, "graduation-cap"},
        {{"book", "reading", "library"}, "book"},
        {{"child", "kid", "baby", "infant", "daycare"}, "baby"},
        {{"cloth", "apparel", "fashion", "wear"}, "shirt"},
        {{"ticket"}, "ticket"}};
    std::string lower = name;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    for (const auto& [keywords, icon] : table)
        for (const char* k : keywords)
            if (lower.find(k) != std::string::npos) return icon;
    return "shapes";
}

} // namespace finimport::app
