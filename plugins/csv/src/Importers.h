// The run functions of the CSV importers (one per import type).
#ifndef FINIMPORT_CSV_IMPORTERS_H
#define FINIMPORT_CSV_IMPORTERS_H

#include "finimport/plugin.hpp"

namespace finimport::csv {

fi_run_status runTransactions(const Options& options, Records& out);
fi_run_status runTrades(const Options& options, Records& out);
fi_run_status runAccounts(const Options& options, Records& out);
fi_run_status runCategories(const Options& options, Records& out);
fi_run_status runMerchants(const Options& options, Records& out);
fi_run_status runRules(const Options& options, Records& out);

} // namespace finimport::csv

#endif // FINIMPORT_CSV_IMPORTERS_H
