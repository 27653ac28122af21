// The embedded manifest of each CSV importer. plugins/csv/manifest.json is the readable copy
// (listing every type); the plugin test checks that both agree.
#ifndef FINIMPORT_CSV_MANIFEST_H
#define FINIMPORT_CSV_MANIFEST_H

#define FI_CSV_OPTION_LABEL(name) "{\"name\":\"" name "_col_label\",\"type\":\"string\"},"

// A manifest JSON string literal for one import type (a string literal itself).
#define FI_CSV_MANIFEST(type)                                                                      \
    "{\"types\":[\"" type "\"],\"format\":\"csv\",\"file_noun\":\"a CSV file\","                   \
    "\"media_types\":[\"text/csv\",\"text/plain\",\"application/csv\","                            \
    "\"application/vnd.ms-excel\"],"                                                               \
    "\"extensions\":[\".csv\",\".txt\"],\"binary\":false,\"options\":[" FI_CSV_OPTION_LABEL(       \
        "date") FI_CSV_OPTION_LABEL("amount") FI_CSV_OPTION_LABEL("name")                          \
        FI_CSV_OPTION_LABEL("category") FI_CSV_OPTION_LABEL("tags") FI_CSV_OPTION_LABEL("notes")   \
            FI_CSV_OPTION_LABEL("account") FI_CSV_OPTION_LABEL("qty")                              \
                FI_CSV_OPTION_LABEL("ticker") FI_CSV_OPTION_LABEL("price")                         \
                    FI_CSV_OPTION_LABEL("entity_type") FI_CSV_OPTION_LABEL("currency")             \
                        FI_CSV_OPTION_LABEL("exchange_operating_mic")                              \
                            FI_CSV_OPTION_LABEL("inflow") FI_CSV_OPTION_LABEL(                     \
                                "outflow") "{\"name\":\"date_format\",\"type\":\"string\","        \
                                           "\"default\":\"%m/%d/%Y\"},"                            \
                                           "{\"name\":\"number_format\",\"type\":\"enum\","        \
                                           "\"values\":[\"1,234.56\",\"1.234,56\","                \
                                           "\"1 234,56\",\"1,234\",\"auto\"],"                     \
                                           "\"default\":\"1,234.56\"},"                            \
                                           "{\"name\":\"signage_convention\",\"type\":"            \
                                           "\"enum\",\"values\":[\"inflows_positive\","            \
                                           "\"inflows_negative\"],\"default\":\"inflows_"          \
                                           "positive\"},"                                          \
                                           "{\"name\":\"col_sep\",\"type\":\"enum\","              \
                                           "\"values\":[\",\",\";\",\"\\t\",\"\\\\t\",\"tab\","    \
                                           "\"|\",\"auto\"],"                                      \
                                           "\"default\":\",\"},"                                   \
                                           "{\"name\":\"amount_type_strategy\",\"type\":"          \
                                           "\"enum\",\"values\":[\"signed_amount\","               \
                                           "\"custom_column\",\"split_columns\"],\"default\":"     \
                                           "\"signed_amount\"},"                                   \
                                           "{\"name\":\"amount_type_inflow_value\",\"type\":"      \
                                           "\"string\"},"                                          \
                                           "{\"name\":\"rows_to_skip\",\"type\":\"integer\","      \
                                           "\"default\":0},"                                       \
                                           "{\"name\":\"has_header\",\"type\":\"boolean\","        \
                                           "\"default\":true},"                                    \
                                           "{\"name\":\"footer_rows_to_skip\",\"type\":"           \
                                           "\"integer\",\"default\":0},"                           \
                                           "{\"name\":\"amount_multiplier\",\"type\":\"string\"}," \
                                           "{\"name\":\"amount_divisor\",\"type\":\"string\"}]}"

#endif // FINIMPORT_CSV_MANIFEST_H
