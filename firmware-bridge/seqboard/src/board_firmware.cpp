#include "board_firmware.h"

namespace seqb {

uint16_t BoardFirmware::readSensor(uint8_t space) {
  hal_.selectChannel(space % kMuxChannels);
  return hal_.readMux(space / kMuxChannels);
}

void BoardFirmware::powerUp(uint16_t seqStart) {
  out_.setSeq(seqStart);
  for (uint8_t s = 0; s < kSpaces; s++) {
    const char reading = isCorner(s) ? '.' : classify(readSensor(s));
    // A chip read ambiguously now is picked up by the debouncer (as a D frame) once it reads well.
    spaces_[s].reset(reading == '?' || reading == '!' ? '.' : reading);
    board_[s] = spaces_[s].state();
  }
  board_[kSpaces] = '\0';
  for (uint8_t b = 0; b < kButtons; b++) buttonStable_[b] = buttonCandidate_[b] = hal_.buttonDown(b);
  sendHello();
  sendSnapshot();
}

void BoardFirmware::tick() {
  handleHost();
  const uint32_t now = hal_.millis();
  scan(now);
  scanButtons(now);
  if (now - lastSnapshot_ >= settings_.snapshotMs) sendSnapshot();
}

void BoardFirmware::handleHost() {
  Command command;
  for (int c = hal_.read(); c >= 0; c = hal_.read()) {
    if (!in_.feed(static_cast<char>(c), command)) continue;
    switch (command.type) {
      case 'Q':
        sendSnapshot();
        break;
      case 'V':
        sendHello();
        break;
      case 'L':
        if (hal_.hasLeds() && command.row < kRows && command.col < kCols) {
          hal_.setLed(static_cast<uint8_t>(command.row * kCols + command.col), command.colour);
          hal_.showLeds();
        }
        break;
    }
  }
}

void BoardFirmware::scan(uint32_t now) {
  // Channel-major order: the select lines change 16 times a scan, not 100.
  for (uint8_t channel = 0; channel < kMuxChannels; channel++) {
    hal_.selectChannel(channel);
    for (uint8_t mux = 0; mux < kMuxCount; mux++) {
      const uint8_t s = static_cast<uint8_t>(mux * kMuxChannels + channel);
      if (s >= kSpaces || isCorner(s)) continue;
      const uint16_t raw = hal_.readMux(mux);
      const char reading = classify(raw);
      SpaceDebouncer& space = spaces_[s];
      if (space.update(reading, now, settings_.debounceMs)) {
        board_[s] = space.state();
        sendChange(s);
      } else if (space.oddFor(now) >= settings_.faultMs && !space.faultReported()) {
        reportFault(s, raw, reading);
        space.markFaultReported();
      }
    }
  }
}

void BoardFirmware::scanButtons(uint32_t now) {
  for (uint8_t b = 0; b < kButtons; b++) {
    const bool down = hal_.buttonDown(b);
    if (down != buttonCandidate_[b]) {
      buttonCandidate_[b] = down;
      buttonSince_[b] = now;
    } else if (down != buttonStable_[b] && now - buttonSince_[b] >= settings_.buttonDebounceMs) {
      buttonStable_[b] = down;
      if (down) {
        out_.begin('K');
        out_.field(static_cast<uint16_t>(b + 1));
        out_.end();
      }
    }
  }
}

void BoardFirmware::reportFault(uint8_t space, uint16_t raw, char reading) {
  // "<row>,<col>,<what>": the host can light the space; the text holds commas, never '$' or '*'.
  char text[48];
  uint8_t n = 0;
  text[n++] = static_cast<char>('0' + space / kCols);
  text[n++] = ',';
  text[n++] = static_cast<char>('0' + space % kCols);
  const char* what = reading == '!' ? ",sensor at a rail " : ",reading between bands ";
  while (*what && n < sizeof(text) - 6) text[n++] = *what++;
  char digits[5];
  uint8_t d = 0;
  do {
    digits[d++] = static_cast<char>('0' + raw % 10);
    raw /= 10;
  } while (raw > 0);
  while (d > 0) text[n++] = digits[--d];
  text[n] = '\0';
  out_.begin('E');
  out_.field(reading == '!' ? "SENSOR" : "UNSURE");
  out_.field(text);
  out_.end();
}

void BoardFirmware::sendHello() {
  out_.begin('H');
  out_.field("SEQB");
  out_.field(SEQB_FIRMWARE_VERSION);
  out_.field("10x10");
  out_.end();
}

void BoardFirmware::sendSnapshot() {
  out_.begin('S');
  out_.field(board_);
  out_.end();
  lastSnapshot_ = hal_.millis();
}

void BoardFirmware::sendChange(uint8_t space) {
  out_.begin('D');
  out_.field(static_cast<uint16_t>(space / kCols));
  out_.field(static_cast<uint16_t>(space % kCols));
  out_.field(board_[space]);
  out_.end();
}

}  // namespace seqb
