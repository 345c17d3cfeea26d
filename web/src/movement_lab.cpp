#include "movement_lab.hpp"

namespace kinema::web {

void bind_movement() {}

}  // namespace kinema::web
