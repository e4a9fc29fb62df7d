// The board's hardware, simulated: a field of Hall-sensor readings set by a script, four
// buttons, LEDs that print what they show, and a serial line handed to the Wire.
#pragma once
#include <stdint.h>
#include <deque>
#include <functional>
#include <string>
#include "hal.h"

namespace host {

/** Milliseconds on a monotonic clock since the program started. */
uint64_t nowMs();

/** xorshift32: seeded noise, so one seed replays a run. */
class Noise {
 public:
  explicit Noise(uint32_t seed) : state_(seed ? seed : 0x9e3779b9u) {}
  uint32_t next() {
    state_ ^= state_ << 13;
    state_ ^= state_ >> 17;
    state_ ^= state_ << 5;
    return state_;
  }
  /** Uniform in [-amplitude, amplitude]. */
  int jitter(int amplitude) { return amplitude <= 0 ? 0 : static_cast<int>(next() % (2 * amplitude + 1)) - amplitude; }

 private:
  uint32_t state_;
};

/** The reading a sensor gives under a chip of this colour ('.', 'G', 'B', 'R'). */
uint16_t nominalReading(char state);

class SimHal : public seqb::Hal {
 public:
  SimHal(uint32_t seed, int noise, bool leds) : noise_(seed), amplitude_(noise), leds_(leds) {
    for (auto& r : field_) r = nominalReading('.');
  }
  std::function<void(const char*, uint8_t)> onWrite;
  std::function<void(uint8_t, char)> onLed;
  std::deque<char> rx;  // bytes from the host, filled by the Wire

  void setReading(uint8_t space, uint16_t raw) { field_[space] = raw; }
  void setButton(uint8_t button, bool down) { buttons_[button] = down; }

  uint32_t millis() override { return static_cast<uint32_t>(nowMs()); }
  void selectChannel(uint8_t channel) override { channel_ = channel; }
  uint16_t readMux(uint8_t mux) override;
  bool buttonDown(uint8_t button) override { return button < 4 && buttons_[button]; }
  bool hasLeds() override { return leds_; }
  void setLed(uint8_t space, char colour) override;
  void showLeds() override {}
  void write(const char* bytes, uint8_t length) override {
    if (onWrite) onWrite(bytes, length);
  }
  int read() override;

 private:
  Noise noise_;
  int amplitude_;
  bool leds_;
  uint8_t channel_ = 0;
  uint16_t field_[100];
  bool buttons_[4] = {false, false, false, false};
  char ledState_[100] = {0};
};

}  // namespace host
