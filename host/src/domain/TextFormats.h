#pragma once
// The SDK's text-format helpers that the host shares with the plugins, so both read a file the
// same way (one implementation, in sdk/include/finimport): CSV records, the separator, date and
// number format deciders, decimals as text, header names, tag lists and dates as text. The rest
// of the host names them here, never the SDK headers (tests/repo/layer_includes.sh).

#include <finimport/csv.hpp>
#include <finimport/date.hpp>
#include <finimport/decimal.hpp>
#include <finimport/detect.hpp>
#include <finimport/number_format.hpp>
#include <finimport/tags.hpp>
#include <finimport/text.hpp>

namespace finimport::domain {

// CSV records and the format deciders.
using sdk::CsvReader;
using sdk::CsvRecord;
using sdk::DateFormatDecider;
using sdk::detectSeparator;
using sdk::kSeparatorSampleBytes;
using sdk::NumberFormat;
using sdk::NumberFormatDecider;
using sdk::numberFormatName;
using sdk::rowDateWindow;

// A decimal read from text: its digits, its value scaled by 10^8 and its fraction digits (the
// exact arithmetic type is domain::Decimal).
using ParsedDecimal = sdk::Decimal;
using sdk::decimalErrorMessage;
using sdk::formatScaled;
using sdk::kDecimalScaleDigits;
using sdk::multiplyScaled;
using sdk::parseDecimal;

// Names, tags and dates as text.
using sdk::formatIsoDate;
using sdk::normalizeHeader;
using sdk::parseDate;
using sdk::splitTags;

} // namespace finimport::domain
