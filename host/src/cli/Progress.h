#pragma once
// A one-line progress bar on stderr, drawn only when stderr is a terminal (a pipe or a log file
// gets the result alone).

#include <cstdint>
#include <string>

namespace finimport::cli {

class ProgressBar {
public:
    ProgressBar();
    ~ProgressBar() { finish(); }
    // "Uploading [#####.....]  52%  5.2 MB of 10.0 MB"
    void bytes(const std::string& label, int64_t done, int64_t total);
    // "Publishing [###.......] 300 of 1,000 rows"; total < 0: unknown ("Reading [...] 300 rows")
    void rows(const std::string& label, int64_t done, int64_t total);
    void finish(); // ends the line (once)
    bool enabled() const { return _tty; }

private:
    void draw(const std::string& label, double fraction, const std::string& tail);
    bool _tty = false, _open = false;
    std::string _last;
};

} // namespace finimport::cli
