#include "sim_hal.h"
#include <time.h>

namespace host {

uint64_t nowMs() {
  static uint64_t start = 0;
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  const uint64_t ms = static_cast<uint64_t>(ts.tv_sec) * 1000u + static_cast<uint64_t>(ts.tv_nsec) / 1000000u;
  if (start == 0) start = ms - 1;
  return ms - start;
}

uint16_t nominalReading(char state) {
  switch (state) {
    case 'G': return 812;  // strong north
    case 'B': return 212;  // strong south
    case 'R': return 647;  // weak north
    default: return 512;   // no field
  }
}

uint16_t SimHal::readMux(uint8_t mux) {
  const unsigned space = mux * 16u + channel_;
  if (space >= 100) return 512;  // unused channels of the last multiplexer
  const int value = field_[space] + noise_.jitter(amplitude_);
  return static_cast<uint16_t>(value < 0 ? 0 : value > 1023 ? 1023 : value);
}

void SimHal::setLed(uint8_t space, char colour) {
  if (space >= 100 || ledState_[space] == colour) return;
  ledState_[space] = colour;
  if (onLed) onLed(space, colour);
}

int SimHal::read() {
  if (rx.empty()) return -1;
  const char c = rx.front();
  rx.pop_front();
  return static_cast<unsigned char>(c);
}

}  // namespace host
