#include "kinema/report/json_number.hpp"

#include <nlohmann/json.hpp>

namespace kinema::report {

void append_json_double(std::string& out, double value) {
    out += nlohmann::json(value).dump();
}

}  // namespace kinema::report
