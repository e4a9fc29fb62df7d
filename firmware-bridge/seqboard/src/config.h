// Board geometry, sensor bands and timing. Plain C++11 with no STL, so the same file builds with
// avr-gcc (ATmega2560), the ESP32 toolchain and the host g++.
#pragma once
#include <stdint.h>

namespace seqb {

const uint8_t kRows = 10;
const uint8_t kCols = 10;
const uint8_t kSpaces = 100;
// 100 Hall sensors on seven 16-channel analogue multiplexers (CD74HC4067) sharing four select
// lines: space s is channel s % 16 of multiplexer s / 16. Corners have no sensor.
const uint8_t kMuxCount = 7;
const uint8_t kMuxChannels = 16;
const uint8_t kButtons = 4;

#define SEQB_FIRMWARE_VERSION "1.0.0"

// A chip carries a magnet under its face: green a strong north pole down, blue a strong south
// pole down, red a weak north pole (a smaller magnet). A linear Hall sensor reads about 512 of
// 1023 with no field. Readings between bands are "ambiguous" (a chip being slid on or off) and
// never decide a space on their own.
const int16_t kZero = 512;
const int16_t kEmptyBand = 60;    // |reading - zero| below this: empty
const int16_t kRedLow = 90;       // weak north: red
const int16_t kRedHigh = 180;
const int16_t kStrong = 220;      // strong north: green; strong south: blue
const uint16_t kRailLow = 16;     // at a rail: sensor unplugged or shorted
const uint16_t kRailHigh = 1007;

struct Settings {
  uint16_t debounceMs;        // a reading must hold this long before a space changes
  uint16_t snapshotMs;        // contract: a snapshot at least every 5 s
  uint16_t buttonDebounceMs;
  uint16_t faultMs;           // a space reading nonsense this long is reported once in an E frame
};

inline Settings defaultSettings() {
  Settings s;
  s.debounceMs = 40;
  s.snapshotMs = 5000;
  s.buttonDebounceMs = 25;
  s.faultMs = 1000;
  return s;
}

inline bool isCorner(uint8_t space) {
  return space == 0 || space == kCols - 1 || space == kSpaces - kCols || space == kSpaces - 1;
}

}  // namespace seqb
