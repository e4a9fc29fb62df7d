// The whole board logic, independent of pins: scan, debounce, report, obey the host.
#pragma once
#include <stdint.h>
#include "config.h"
#include "hal.h"
#include "protocol.h"
#include "sensing.h"

namespace seqb {

class BoardFirmware {
 public:
  BoardFirmware(Hal& hal, const Settings& settings) : hal_(hal), settings_(settings), out_(hal) {}

  /** Power-up: read the board as it stands, then send a hello and a snapshot. */
  void powerUp(uint16_t seqStart);
  /** One pass of the main loop: host commands, one scan of every sensor, buttons, snapshot timer. */
  void tick();

  /** The believed board, row 0 first, 100 characters of '.', 'G', 'B', 'R'. */
  const char* board() const { return board_; }
  /** The seq of the last frame sent. */
  uint16_t lastSeq() const { return static_cast<uint16_t>(out_.nextSeq() - 1); }

  void sendHello();
  void sendSnapshot();
  void sendChange(uint8_t space);

 private:
  void handleHost();
  void scan(uint32_t now);
  void scanButtons(uint32_t now);
  void reportFault(uint8_t space, uint16_t raw, char reading);
  uint16_t readSensor(uint8_t space);

  Hal& hal_;
  Settings settings_;
  FrameWriter out_;
  CommandReader in_;
  SpaceDebouncer spaces_[kSpaces];
  char board_[kSpaces + 1] = {0};
  bool buttonStable_[kButtons] = {false};
  bool buttonCandidate_[kButtons] = {false};
  uint32_t buttonSince_[kButtons] = {0};
  uint32_t lastSnapshot_ = 0;
};

}  // namespace seqb
