// finimport_qif.so: QifImport (docs/imports.md §6.10, §12.7, docs/decisions.md D16).
#include "QifModel.h"
#include "QifRows.h"
#include "finimport_manifest.h" // generated from manifest.json

#include "finimport/plugin.hpp"
#include "finimport/text.hpp"

#include <chrono>

namespace {

using namespace finimport;

constexpr std::size_t kMaxInput = 32u << 20; // above the host's 10 MB content limit

std::string readAll(Records& out) {
    std::string text;
    char buffer[65536];
    for (;;) {
        const std::int64_t n = out.read(buffer, sizeof buffer);
        if (n < 0) throw Fatal("The QIF could not be parsed: the input could not be read");
        if (n == 0) break;
        text.append(buffer, std::size_t(n));
        if (text.size() > kMaxInput)
            throw Fatal("The QIF could not be parsed: the file is too large");
    }
    if (text.rfind("\xEF\xBB\xBF", 0) == 0) text.erase(0, 3);
    if (text.find('\0') != std::string::npos)
        throw Fatal("The QIF could not be parsed: the file contains a NUL byte");
    return text;
}

sdk::CivilDate todayUtc() {
    using namespace std::chrono;
    const year_month_day ymd{floor<days>(system_clock::now())};
    return {int(ymd.year()), int(unsigned(ymd.month())), int(unsigned(ymd.day()))};
}

fi_run_status runQif(const Options& options, Records& out) {
    qif::QifSettings settings;
    if (auto c = options.get("default_currency"); c && !c->empty())
        settings.defaultCurrency = sdk::toUpperAscii(*c);
    settings.dateFormat = options.string("date_format");
    const bool autoNumber = options.string("number_format") == "auto";
    if (auto n = options.get("number_format"); n && !n->empty() && !autoNumber) {
        auto parsed = sdk::parseNumberFormat(*n);
        if (!parsed)
            throw Fatal("Option number_format has an unsupported value: " + std::string(*n));
        settings.numberFormat = *parsed;
    }
    settings.today = todayUtc();
    settings.currentYear = settings.today.year;
    const qif::QifFile file = qif::parseQif(readAll(out));
    // D45/D55: an explicit `auto` decides from every value and never guesses.
    if (settings.dateFormat == "auto") {
        auto decided = qif::decideDateFormat(file, settings);
        if (!decided) return qif::emitUndecided(out, "Date format is ambiguous; send date_format");
        settings.dateFormat = *decided;
    }
    if (autoNumber) {
        auto decided = qif::decideNumberFormat(file);
        if (!decided)
            return qif::emitUndecided(out, "Number format is ambiguous; send number_format");
        settings.numberFormat = *decided;
    }
    const fi_run_status status =
        qif::emitRecords(file, settings, qif::chooseDateFormat(file, settings), out);
    if (status != FI_RUN_OK || !autoNumber) return status;
    // The number format `auto` resolved to, echoed in configuration (docs/decisions.md D57).
    static constexpr FieldList kNumberFields{"number_format"};
    Row row(kNumberFields.size());
    row.set(kNumberFields["number_format"],
            std::string(sdk::numberFormatName(settings.numberFormat)));
    return out.begin("meta", kNumberFields) && out.row(row, Location{0, 0}) ? FI_RUN_OK
                                                                            : FI_RUN_STOPPED;
}

fi_probe_result probeQif(std::string_view head, const char* filename) {
    const std::string_view name = filename ? filename : "";
    if (name.size() >= 4 && sdk::equalsIgnoreCase(name.substr(name.size() - 4), ".qif"))
        return FI_PROBE_YES;
    for (std::size_t i = 0; i + 6 <= head.size(); ++i)
        if (sdk::equalsIgnoreCase(head.substr(i, 6), "!Type:")) return FI_PROBE_YES;
    return FI_PROBE_NO;
}

constexpr fi_importer kQif = makeImporter<probeQif, runQif>(
    "qif.transactions", finimport_manifest_types, finimport_manifest_json);

} // namespace

FINIMPORT_PLUGIN("qif", "1.0.0", &kQif)
