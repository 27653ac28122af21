// The run functions of the CSV importers (one per import type).
#ifndef FINIMPORT_CSV_IMPORTERS_H
#define FINIMPORT_CSV_IMPORTERS_H

#include "finimport/plugin.hpp"

#include <string_view>

namespace finimport::csv {

fi_run_status runTransactions(const Options& options, Records& out);
fi_run_status runTrades(const Options& options, Records& out);
fi_run_status runAccounts(const Options& options, Records& out);
fi_run_status runCategories(const Options& options, Records& out);
fi_run_status runMerchants(const Options& options, Records& out);
fi_run_status runRules(const Options& options, Records& out);

// Row checks of edited records (plugin.h fi_check_row_fn), with the runs' own row code.
fi_run_status checkTransaction(std::string_view kind, const Options& options, const Options& fields,
                               Records& out);
fi_run_status checkTrade(std::string_view kind, const Options& options, const Options& fields,
                         Records& out);
fi_run_status checkAccount(std::string_view kind, const Options& options, const Options& fields,
                           Records& out);
fi_run_status checkCategory(std::string_view kind, const Options& options, const Options& fields,
                            Records& out);
fi_run_status checkMerchant(std::string_view kind, const Options& options, const Options& fields,
                            Records& out);

} // namespace finimport::csv

#endif // FINIMPORT_CSV_IMPORTERS_H
